"""The contract-rummy engine: the turn every contract game shares, configured by hooks.

A regular turn is a draw step (stock, the top pile card, or several pile cards), a meld
step (go down, lay off, exchange jokers) and a discard; claim protocols, the opening,
the lay-off gate and action filters are hooks (:mod:`rummykit.engine.hooks`). Stock
refills, the caps that end every deal, scoring and the end of the match are here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from rummykit.actions import (
    Action,
    Discard,
    Done,
    Down,
    Draw,
    ExchangeJoker,
    LayOff,
    Take,
    TakeCard,
)
from rummykit.cards import CARDS, Card
from rummykit.deck import DeckSpec, DiscardPile, PileCard, Stock, deal
from rummykit.effects import (
    DealEnd,
    DealStarted,
    Discarded,
    GoingOut,
    JokerExchanged,
    LaidDown,
    LaidOff,
    WentOut,
)
from rummykit.engine import pile
from rummykit.engine.hooks import Hooks, Refusal
from rummykit.engine.moves import exchanges, layoffs
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.state import ContractDeal, ContractMatchState, TurnStep
from rummykit.errors import ConfigError, IllegalActionError, InvalidMeldError
from rummykit.match import DealScore, Match, Outcome, Position
from rummykit.melds import JokerExchange, Meld, joker_exchanges

__all__ = ["ContractRummyMatch", "ranked_outcome"]


class ContractRummyMatch(Match[ContractMatchState, ContractDeal]):
    """A match of a contract-rummy game: its definition supplies the rules (with
    ``schedule()``, ``meld_rules()``, ``card_values()`` and the table options named as in
    May I?) and the hooks (``hooks()``)."""

    clauses: ClassVar[dict[str, str]] = {
        "players": "MAYI-1.1",
        "draw": "MAYI-7.3",
        "meld": "MAYI-7.4",
        "discard": "MAYI-7.5",
        "taken_card": "MAYI-7.5c",
        "own_discard": "MAYI-8.4",
        "empty_pile": "MAYI-6.2",
        "multi_take": "MAYI-9.8",
        "no_discard": "MAYI-9.8",
        "going_out": "MAYI-13.2",
        "single_card": "MAYI-13.3",
        "layoff": "MAYI-12",
        "layoff_target": "MAYI-12.2",
        "layoff_fit": "MAYI-12.3",
        "exchange": "POSSO-11.6",
        "match_over": "MAYI-16.1",
    }
    """The clause each kind of refusal cites; a game on the engine sets its own."""

    hooks: Hooks

    def __init__(self, definition: Any, **options: Any) -> None:
        rules = definition.rules
        self.rules = rules
        self.schedule = rules.schedule()
        self.meld_rules = rules.meld_rules()
        self.values = rules.card_values()
        self.hooks = definition.hooks()
        self.layoff_memo: dict[tuple[Meld, Card, Any], Meld | None] = {}
        """Lay-off results by (meld, card, end): a cache shared by clones, not state."""
        self.players_clause = self.clauses["players"]
        super().__init__(definition, **options)

    # -- set-up ----------------------------------------------------------------------------

    def deck_spec(self) -> DeckSpec:
        """Two decks and the rules' jokers."""
        return DeckSpec(decks=2, jokers=self.rules.joker_count)

    def new_state(self) -> ContractMatchState:
        """No deals yet."""
        return ContractMatchState(times_out=[0] * self.players)

    def deal_count(self) -> int:
        """One deal per line of the schedule."""
        return len(self.schedule)

    def choose_first_dealer(self, fixed: int | None) -> int:
        """MAYI-4.3 / POSSO-5.1: random, a fixed seat, or the highest card of a cut."""
        if fixed is None and self.rules.first_dealer == "high_card_draw":
            tied = list(range(self.players))
            while len(tied) > 1:  # highest card deals, ace high, ties draw again
                pack = list(DeckSpec(decks=2).shoe())
                self.rng.shuffle(pack)
                draws = {seat: _high(pack[index]) for index, seat in enumerate(tied)}
                best = max(draws.values())
                tied = [seat for seat in tied if draws[seat] == best]
            return tied[0]
        return super().choose_first_dealer(fixed)

    def new_deal(
        self,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        pile_entries: Sequence[PileCard] = (),
    ) -> ContractDeal:
        """The state of deal ``state.deal_number`` with these zones."""
        spec = self.schedule[self.state.deal_number]
        players = self.players
        return ContractDeal(
            hands=[list(hand) for hand in hands],
            stock=Stock(stock),
            pile=DiscardPile(pile_entries),
            contract=spec.contract,
            discard_out=spec.discard_out,
            down=[False] * players,
            laid=[[] for _ in range(players)],
            known=[Counter() for _ in range(players)],
            buys=[0] * players,
        )

    def start_deal(self, pack: list[Card] | None) -> None:
        """MAYI-5: deal the schedule's hand size, maybe turn an upcard, start the turn."""
        spec = self.schedule[self.state.deal_number]
        if pack is None:
            pack = list(self.spec.shoe())
            self.rng.shuffle(pack)
        dealt = deal(
            pack,
            players=self.players,
            hand_size=spec.hand_size,
            packet_size=self.rules.deal_packet_size,
            dealer=self.state.dealer,
        )
        self.deal = self.new_deal(dealt.hands, dealt.rest)
        upcard = None
        if self.rules.initial_upcard:
            upcard = self.deal.stock.draw()
            self.deal.pile.push(upcard, None)
        self.emit(DealStarted(self.state.deal_number, self.state.dealer, upcard))
        self.start_regular_turn(self.left(self.state.dealer))

    def load_position(self, position: Position) -> None:
        """Start deal ``position.deal`` from ``position``: the table's melds keep their
        owners, and the seats in ``position.down`` have their contract down."""
        self.state.deal_number = position.deal
        self.state.dealer = position.dealer
        self.deal = self.new_deal(
            position.hands,
            position.stock,
            [PileCard(card, discarder) for card, discarder in position.pile],
        )
        for meld in position.table:
            try:
                checked = self.meld_rules.validate(meld.cards, meld.kind, roles=_roles(meld))
            except InvalidMeldError as error:
                raise ConfigError(f"position: {meld} is not a meld here: {error.reason}") from None
            if meld.owner is None or not 0 <= meld.owner < self.players:
                raise ConfigError(f"position: meld {meld} needs an owner seat")
            self.deal.table.append(checked.with_owner(meld.owner))
            self.deal.laid[meld.owner].append(checked)
        for seat in position.down:
            self.deal.down[seat] = True
        seat = self.left(position.dealer) if position.to_act is None else position.to_act
        self.start_regular_turn(seat)

    def left(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places to the left of ``seat``."""
        return (seat + steps) % self.players

    # -- legal actions ---------------------------------------------------------------------

    def list_legal(self) -> tuple[Action, ...]:
        phase, seat = self.state.phase, self.state.to_act
        assert seat is not None
        if phase is DRAW:
            return self.draw_actions(seat)
        if phase is MELD:
            actions = self.meld_step_actions(seat)
            return self.hooks.action_filter.filter(self, seat, actions)
        if phase is PICK:
            return self.pick_actions(seat)
        return self.hooks.claims.legal(self, seat)

    def draw_actions(self, seat: int) -> tuple[Action, ...]:
        """MAYI-7.3: draw, take the top card, or take several pile cards."""
        top = pile.max_take(self, seat, kind=None, protect_top=False)
        if self.rules.multi_take_mode == "any":
            if not top:
                return (Draw(),)
            picks = self.pick_options(seat, first=True)
            return (Draw(), Take(), *(TakeCard(card) for card in picks))
        return (Draw(), *(Take(count) for count in range(1, top + 1)))

    def pick_options(self, seat: int, *, first: bool = False) -> list[Card]:
        """Pile cards ``seat`` may pick next under ``multi_take_mode="any"`` (with
        ``first``: the draw step, where the top card is taken first), one of each card."""
        step = self.deal.step
        picked = 1 if first else step.picked
        kind = None if first or step.kind == "regular" else self.hooks.claims.take_kind(self)
        if self.rules.penalty_draw_shortfall == "limit_take" and pile.price(
            self, kind, picked + 1
        ) > pile.could_draw(self, picked + 1):
            return []
        entries = self.deal.pile.entries[:-1] if first else self.deal.pile.entries
        own_ok = self.rules.may_take_own_discard
        cards = {entry.card for entry in entries if own_ok or entry.discarder != seat}
        return sorted(cards, key=_code)

    def pick_actions(self, seat: int) -> tuple[Action, ...]:
        """The ``pick`` phase: one more pile card, or ``done``."""
        return (*(TakeCard(card) for card in self.pick_options(seat)), Done())

    def meld_step_actions(self, seat: int) -> tuple[Action, ...]:
        """Go-downs, lay-offs, joker exchanges, then discards or ``done``."""
        step = self.deal.step
        hand = self.deal.hands[seat]
        result: list[Action] = []
        result += self.hooks.opening.go_downs(self, seat)
        result += layoffs(self, seat)
        result += exchanges(self, seat)
        if step.discard_step:
            counts = Counter(hand)
            for card in sorted(counts, key=_code):
                if self.may_discard(seat, card, counts[card]):
                    result.append(_DISCARDS[card.code])
            if self.may_end_without_discard(seat):
                result.append(Done())
        else:
            result.append(Done())
        return tuple(result)

    def may_discard(self, seat: int, card: Card, copies: int | None = None) -> bool:
        """May ``seat`` discard ``card`` now (MAYI-7.5c, 13.2)?"""
        hand = self.deal.hands[seat]
        last = len(hand) == 1
        copies = hand.count(card) if copies is None else copies
        if not copies:
            return False
        if card is self.deal.step.taken and copies == 1 and not last:
            return bool(self.rules.may_discard_taken_card)
        return not last or (self.deal.discard_out and self.deal.down[seat])

    def may_end_without_discard(self, seat: int) -> bool:
        """MAYI-13.3 ``end_turn_without_discard``: one card left, discarding it banned."""
        return (
            self.rules.single_card_rule == "end_turn_without_discard"
            and len(self.deal.hands[seat]) == 1
            and not (self.deal.discard_out and self.deal.down[seat])
        )

    def leaves_ok(
        self,
        seat: int,
        remaining: Sequence[Card],
        *,
        down_after: bool,
        table_after: Sequence[Meld] | None = None,
        going_down: bool = False,
    ) -> bool:
        """May a meld action leave ``remaining`` in ``seat``'s hand (MAYI-13.3, 13.5)?

        Emptying the hand needs the contract on the table. Keeping exactly one card in a
        turn that ends with a discard is allowed where that card may then be discarded
        (going out by discarding), or laid off next (so the player goes out by melding,
        MAYI-W37), or under ``single_card_rule=end_turn_without_discard``.
        """
        if not remaining:
            return down_after
        if len(remaining) > 1 or not self.deal.step.discard_step:
            return True
        if self.deal.discard_out and down_after:
            return True
        if self.rules.single_card_rule == "end_turn_without_discard":
            return True
        if not down_after:
            return False  # laying off the last card would go out without the contract
        gate = self.hooks.layoff_gate
        if (going_down or self.deal.step.went_down) and not gate.after_going_down(self):
            return False
        last = remaining[0]
        for meld in self.deal.table if table_after is None else table_after:
            try:
                meld.lay_off(last, self.meld_rules)
            except InvalidMeldError:
                continue
            return True
        return False

    # -- verifying -------------------------------------------------------------------------

    def verify(self, action: Action) -> None:
        phase, seat = self.state.phase, self.state.to_act
        if phase is MELD and seat is not None and isinstance(action, (Down, LayOff, ExchangeJoker)):
            try:
                if isinstance(action, Down):
                    self.hooks.opening.check(self, seat, action)
                elif isinstance(action, LayOff):
                    self.check_layoff(seat, action)
                else:
                    self.check_exchange(seat, action)
            except IllegalActionError as error:
                raise IllegalActionError(error.reason, action=action, rule=error.rule) from None
            self._check_filter(seat, action)
            return
        if phase is MELD and seat is not None and isinstance(action, (Discard, Done)):
            step = self.deal.step
            ok = (
                step.discard_step and self.may_discard(seat, action.card)
                if isinstance(action, Discard)
                else not step.discard_step or self.may_end_without_discard(seat)
            )
            if ok:
                self._check_filter(seat, action)
                return
        super().verify(action)

    def _check_filter(self, seat: int, action: Action) -> None:
        refusal = self.hooks.action_filter.refusal(self, seat, action)
        if refusal is not None:
            raise IllegalActionError(refusal[1], action=action, rule=refusal[0])

    def check_layoff(self, seat: int, action: LayOff) -> None:
        """Raise :class:`~rummykit.IllegalActionError` unless ``action`` is legal now."""
        who = self.who(seat)
        table = self.deal.table
        if not 0 <= action.target < len(table):
            numbers = f"0 to {len(table) - 1}" if table else "none yet"
            raise IllegalActionError(
                f"there is no meld {action.target} on the table (melds: {numbers})",
                rule=self.clauses["layoff_target"],
            )
        refusal = self.hooks.layoff_gate.refusal(self, seat, action.target)
        if refusal is not None:
            raise IllegalActionError(refusal[1], rule=refusal[0])
        if action.card not in self.deal.hands[seat]:
            raise IllegalActionError(
                f"{who} does not hold {action.card}", rule=self.clauses["layoff"]
            )
        try:
            grown = table[action.target].lay_off(action.card, self.meld_rules, end=action.end)
        except InvalidMeldError as error:
            raise IllegalActionError(
                f"{who} cannot lay {action.card} off on meld {action.target} "
                f"({table[action.target]}): {error.reason}",
                rule=self.clauses["layoff_fit"],
            ) from None
        if not self.leaves_ok_after_layoff(seat, action.card, action.target, grown):
            raise IllegalActionError(
                f"{who} may not keep exactly one card he cannot play",
                rule=self.clauses["single_card"],
            )

    def leaves_ok_after_layoff(self, seat: int, card: Card, index: int, grown: Meld) -> bool:
        """May ``seat`` lay ``card`` off on meld ``index`` (which becomes ``grown``)?"""
        if len(self.deal.hands[seat]) > 2:
            return True  # two or more cards stay: nothing to check (MAYI-13.3)
        remaining = list(self.deal.hands[seat])
        remaining.remove(card)
        table_after = list(self.deal.table)
        table_after[index] = grown
        return self.leaves_ok(
            seat, remaining, down_after=self.deal.down[seat], table_after=table_after
        )

    def exchange_outcomes(self, seat: int, card: Card, target: int) -> Sequence[JokerExchange]:
        """Every legal placement of the joker freed by ``card`` from meld ``target``."""
        gate = self.hooks.exchange
        assert gate is not None
        return joker_exchanges(self.deal.table, target, card, self.meld_rules, to_hand=gate.to_hand)

    def check_exchange(self, seat: int, action: ExchangeJoker) -> None:
        """Raise :class:`~rummykit.IllegalActionError` unless ``action`` is legal now."""
        rule = self.clauses["exchange"]
        gate = self.hooks.exchange
        if gate is None:
            raise IllegalActionError(
                "jokers on the table are not exchanged in this game", rule=rule
            )
        if not 0 <= action.target < len(self.deal.table):
            raise IllegalActionError(f"there is no meld {action.target} on the table", rule=rule)
        refusal = gate.refusal(self, seat, action.target)
        if refusal is not None:
            raise IllegalActionError(refusal[1], rule=refusal[0])
        if action.card not in self.deal.hands[seat]:
            raise IllegalActionError(f"{self.who(seat)} does not hold {action.card}", rule=rule)
        if self.exchange_for(seat, action) is None:
            raise IllegalActionError(
                f"{action.card} cannot free a joker of meld {action.target} to that place",
                rule=rule,
            )

    def exchange_for(self, seat: int, action: ExchangeJoker) -> JokerExchange | None:
        """The table after ``action``, or ``None`` if its card cannot free that joker to
        that place (or the exchange would leave a hand the turn rules forbid)."""
        try:
            outcomes = self.exchange_outcomes(seat, action.card, action.target)
        except InvalidMeldError:
            return None
        for outcome in outcomes:
            if outcome.target == action.joker_to and outcome.end == action.end:
                remaining = list(self.deal.hands[seat])
                remaining.remove(action.card)
                if outcome.target is None:
                    remaining.append(outcome.joker)
                down = self.deal.down[seat]
                if self.leaves_ok(seat, remaining, down_after=down, table_after=outcome.melds):
                    return outcome
        return None

    def why_not(self, action: Action) -> Refusal:
        seat, phase = self.state.to_act, self.state.phase
        clauses = self.clauses
        who = self.who(seat)
        if self.is_over:
            return clauses["match_over"], "the match is over"
        if seat is not None and phase in self.hooks.claims.phases:
            refusal = self.hooks.claims.why_not(self, seat, action)
            if refusal is not None:
                return refusal
        if isinstance(action, Take) and not len(self.deal.pile) and phase is DRAW:
            return clauses["empty_pile"], f"{who} cannot take: the discard pile is empty"
        top = self.deal.pile.top
        if isinstance(action, Take) and top is not None and seat is not None and phase is DRAW:
            if top.discarder == seat and not self.rules.may_take_own_discard:
                return clauses["own_discard"], f"{who} cannot take {top.card}, his own discard"
            return clauses["multi_take"], f"{who} cannot take {action.count} pile cards here"
        if isinstance(action, Discard) and seat is not None and phase is MELD:
            card = action.card
            refusal = self.hooks.action_filter.refusal(self, seat, action)
            if refusal is not None:
                return refusal
            if not self.deal.step.discard_step:
                return (
                    clauses["no_discard"],
                    f"{who} makes no discard in this turn: end it with 'done'",
                )
            if card not in self.deal.hands[seat]:
                return clauses["discard"], f"{who} does not hold {card}"
            if card is self.deal.step.taken and not self.rules.may_discard_taken_card:
                return (
                    clauses["taken_card"],
                    f"{who} cannot discard {card}, just taken from the pile",
                )
            return (
                clauses["going_out"],
                f"{who} cannot discard his last card in deal {self.state.deal_number}",
            )
        if isinstance(action, Done) and seat is not None and phase is MELD:
            return (
                clauses["discard"],
                f"{who} must end this turn with a discard (for example "
                f"'{self._first_discard(seat)}'), not 'done'",
            )
        return super().why_not(action)

    def _first_discard(self, seat: int) -> str:
        for action in self.legal_actions():
            if isinstance(action, Discard):
                return str(action)
        return "discard CARD"

    # -- applying --------------------------------------------------------------------------

    def perform(self, seat: int | None, action: Action) -> None:
        assert seat is not None
        phase = self.state.phase
        if phase is DRAW:
            self.draw_step(seat, action)
        elif phase is MELD:
            self.meld_action(seat, action)
        elif phase is PICK:
            self.pick(seat, action)
        else:
            self.hooks.claims.perform(self, seat, action)

    def start_regular_turn(self, seat: int) -> None:
        """MAYI-7.2, 14.2, 14.5: a turn starts unless the deal is dead."""
        if not self.count_turn():
            return
        deal = self.deal
        if not len(deal.stock) and (
            self.rules.stock_exhaustion == "end_deal" or len(deal.pile) <= 1
        ):
            deal.turns -= 1
            self.end_dead_deal(DealEnd.DEAD_STOCK)
            return
        deal.step = TurnStep(seat=seat, discard_step=True)
        self.set_turn(DRAW, seat)

    def count_turn(self) -> bool:
        """Count a new turn; at ``max_turns_per_deal`` the deal ends dead instead."""
        if self.deal.turns >= self.rules.max_turns_per_deal:
            self.end_dead_deal(DealEnd.TURN_CAP)
            return False
        self.deal.turns += 1
        return True

    def draw_step(self, seat: int, action: Action) -> None:
        """MAYI-7.3: (a) a stock card, (b) the top pile card, (c) several pile cards."""
        deal = self.deal
        if isinstance(action, Draw):
            pile.draw_stock(self, seat, 1)
            if deal.dead:
                self.end_dead_deal(DealEnd.REFILL_CAP)
                return
            self.set_turn(MELD, seat)
            return
        if isinstance(action, TakeCard):  # option (c) under multi_take_mode="any"
            pile.take_from_pile(self, seat, 1, protect_top=False)
            pile.take_card(self, seat, action.card)
            deal.step = TurnStep(seat=seat, discard_step=False, picked=2, priced=False)
            self.set_turn(PICK, seat)
            return
        assert isinstance(action, Take)
        taken = pile.take_from_pile(self, seat, action.count, protect_top=False)
        if action.count == 1:
            deal.step = TurnStep(seat=seat, discard_step=True, taken=taken[0])
        else:  # MAYI-7.3c: option (c), t - 1 stock cards, no discard step
            deal.step = TurnStep(seat=seat, discard_step=False)
            pile.draw_stock(self, seat, pile.price(self, None, action.count), penalty=True)
            if deal.dead:
                self.end_dead_deal(DealEnd.REFILL_CAP)
                return
        self.set_turn(MELD, seat)

    def start_pick(self, seat: int, kind: str) -> None:
        """After taking the top pile card out of turn under ``multi_take_mode="any"``:
        pick more pile cards one at a time."""
        self.deal.step = attrs.evolve(self.deal.step, picked=1, priced=False, kind=kind)
        self.set_turn(PICK, seat)

    def pick(self, seat: int, action: Action) -> None:
        """One more pile card, or ``done``: pay for the cards and go on."""
        step = self.deal.step
        if isinstance(action, TakeCard):
            pile.take_card(self, seat, action.card)
            self.deal.step = attrs.evolve(step, picked=step.picked + 1)
            return
        kind = None if step.kind == "regular" else self.hooks.claims.take_kind(self)
        pile.draw_stock(self, seat, pile.price(self, kind, step.picked), penalty=True)
        self.deal.step = attrs.evolve(step, priced=True)
        if step.kind == "regular":
            if self.deal.dead:
                self.end_dead_deal(DealEnd.REFILL_CAP)
                return
            self.set_turn(MELD, seat)
            return
        self.hooks.claims.after_take(self, seat)

    def meld_action(self, seat: int, action: Action) -> None:
        """A go-down, lay-off, joker exchange, discard or ``done`` in the meld step."""
        deal = self.deal
        hand = deal.hands[seat]
        if isinstance(action, Down):
            melds, down_after = self.hooks.opening.check(self, seat, action)
            start = len(deal.table)
            for meld in melds:
                for card in meld.cards:
                    hand.remove(card)
                    self.forget(seat, card)
                deal.table.append(meld.with_owner(seat))
                deal.laid[seat].append(meld)
            opened = down_after and not deal.down[seat]
            if down_after:
                deal.down[seat] = True
            deal.step = attrs.evolve(deal.step, went_down=True)
            targets = tuple(range(start, len(deal.table)))
            self.emit(LaidDown(seat, tuple(deal.table[i] for i in targets), targets, opened))
            self.after_meld(seat)
        elif isinstance(action, LayOff):
            meld = deal.table[action.target]
            grown = meld.lay_off(action.card, self.meld_rules, end=action.end)
            deal.table[action.target] = grown
            hand.remove(action.card)
            self.forget(seat, action.card)
            self.emit(LaidOff(seat, action.card, action.target, grown))
            self.after_meld(seat)
        elif isinstance(action, ExchangeJoker):
            outcome = self.exchange_for(seat, action)
            assert outcome is not None
            deal.table[:] = outcome.melds
            hand.remove(action.card)
            self.forget(seat, action.card)
            if outcome.target is None:
                hand.append(outcome.joker)
            self.emit(
                JokerExchanged(
                    seat, action.card, outcome.joker, action.target, outcome.melds[action.target]
                )
            )
            self.after_meld(seat)
        elif isinstance(action, Discard):
            hand.remove(action.card)
            self.forget(seat, action.card)
            deal.pile.push(action.card, seat)
            self.emit(Discarded(seat, action.card))
            if not hand:
                self.went_out(seat, GoingOut.DISCARDING)
                return
            self.hooks.claims.after_discard(self, seat)
        elif isinstance(action, Done):
            self.hooks.claims.after_turn_without_discard(self, seat)

    def forget(self, seat: int, card: Card) -> None:
        """``card`` left ``seat``'s hand: it is no longer known to be there."""
        known = self.deal.known[seat]
        if known[card]:
            known[card] -= 1
            if not known[card]:
                del known[card]

    def after_meld(self, seat: int) -> None:
        """A meld action emptied the hand: the seat goes out."""
        if not self.deal.hands[seat]:
            self.went_out(seat, GoingOut.MELDING)

    # -- ends ------------------------------------------------------------------------------

    def went_out(self, seat: int, how: GoingOut) -> None:
        """MAYI-13.2: ``seat`` went out; the deal is scored."""
        self.emit(WentOut(seat, how))
        self.state.times_out[seat] += 1
        self.end_deal(DealEnd.WENT_OUT, seat, self.deal_scores_for(seat))

    def end_dead_deal(self, reason: DealEnd) -> None:
        """MAYI-14: nobody went out; the deal is scored as dead."""
        self.end_deal(reason, None, self.deal_scores_for(None))

    def deal_scores_for(self, went_out: int | None) -> list[DealScore]:
        """MAYI-15: the bonus for going out, the hand's value for everyone else (or
        nothing in a dead deal under ``dead_deal_scoring="void"``)."""
        rules = self.rules
        void = went_out is None and rules.dead_deal_scoring == "void"
        scores = []
        for seat in range(self.players):
            if seat == went_out:
                scores.append(DealScore(rules.going_out_bonus, 0))
            elif void:
                scores.append(DealScore(0, 0))
            else:
                scores.append(DealScore(0, self.values.hand_value(self.deal.hands[seat])))
        self.deal.claim = None
        return scores

    def final_outcome(self) -> Outcome:
        """MAYI-16: the winners by the rules' ``winner_metric`` and ``tie_break``."""
        return ranked_outcome(self.rules, self.scores, self.penalties(), self.state.times_out)

    # -- views -----------------------------------------------------------------------------

    def public_extras(self, seat: int) -> dict[str, Any]:
        deal = self.deal
        extras: dict[str, Any] = {
            "known": tuple(tuple(sorted(k.elements(), key=_code)) for k in deal.known),
            "melds": tuple(deal.table),
            "down": tuple(deal.down),
            "contract": deal.contract,
        }
        if self.rules.discard_pile_visible == "top_only":
            top = deal.pile.top
            extras["pile"] = () if top is None else ((top.card, top.discarder),)
        return extras

    @property
    def contract(self) -> Any:
        """The contract of the deal in progress."""
        return self.deal.contract

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds on the table, by number."""
        return tuple(self.deal.table)

    @property
    def down(self) -> tuple[bool, ...]:
        """Whether each seat has its contract down."""
        return tuple(self.deal.down)

    @property
    def times_out(self) -> tuple[int, ...]:
        """How often each seat went out."""
        return tuple(self.state.times_out)

    @property
    def total_buys(self) -> int:
        """Buys in the whole match."""
        return self.state.total_buys


def _high(card: Card) -> int:
    return 14 if card.rank == 1 else int(card.rank or 0)


def _code(card: Card) -> int:
    return card.code


def _roles(meld: Meld) -> tuple[Any, ...]:
    return tuple(meld.role(i) if meld.is_wild_at(i) else None for i in range(len(meld)))


_DISCARDS = tuple(Discard(card) for card in CARDS)
"""One discard action per card, made once (they are values)."""


def ranked_outcome(
    rules: Any, totals: Sequence[int], penalties: Sequence[int], times_out: Sequence[int]
) -> Outcome:
    """MAYI-16.3-16.5: the winners and the standings, best first."""
    key = [-total for total in totals] if rules.winner_metric == "net" else list(penalties)
    best = min(key)
    winners = [seat for seat, value in enumerate(key) if value == best]
    if len(winners) > 1 and rules.tie_break == "fewest_penalty_points":
        fewest = min(penalties[seat] for seat in winners)
        winners = [seat for seat in winners if penalties[seat] == fewest]
    elif len(winners) > 1 and rules.tie_break == "most_times_out":
        most = max(times_out[seat] for seat in winners)
        winners = [seat for seat in winners if times_out[seat] == most]
    standings = sorted(range(len(totals)), key=lambda seat: (key[seat], seat))
    return Outcome(tuple(winners), tuple((seat, totals[seat]) for seat in standings))
