"""The contract-rummy engine: the turn every contract game shares, configured by hooks.

A regular turn is a draw step (stock, the top pile card, or several pile cards), a meld
step (go down, lay off, exchange jokers) and a discard; claim protocols, the opening,
the lay-off gate and action filters are hooks (:mod:`rummykit.engine.hooks`). Stock
refills, the caps that end every deal, scoring and the end of the match are here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, final

import attrs

from rummykit.cards import Card
from rummykit.contracts.schedules import ContractSchedule
from rummykit.deck import DeckSpec, DiscardPile, PileCard, Stock, deal
from rummykit.engine import pile
from rummykit.engine.actions import Down, ExchangeJoker, LayOff, TakeCard
from rummykit.engine.context import TurnContext
from rummykit.engine.effects import JokerExchanged, LaidDown, LaidOff
from rummykit.engine.hooks import Hooks
from rummykit.engine.options import (
    ContractRules,
    DeadDealScoring,
    DealerRotation,
    DiscardPileVisible,
    PileTake,
    StockExhaustion,
    TableOptions,
)
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.progress import ProgressMatch, shared_meld_rules
from rummykit.engine.state import ContractDeal, ContractMatchState, TurnStep, turn_step
from rummykit.errors import ConfigError, InvalidMeldError
from rummykit.kit.actions import Action, Discard, Done, Draw, Take
from rummykit.kit.effects import (
    DealEnd,
    DealStarted,
    Dealt,
    Discarded,
    GoingOut,
    HandsShown,
    WentOut,
)
from rummykit.kit.options import FirstDealer
from rummykit.kit.position import Position
from rummykit.kit.protocol import DealScore
from rummykit.melds import Meld
from rummykit.melds.layoff import wild_roles

if TYPE_CHECKING:
    from rummykit.contracts import Contract
    from rummykit.engine.definition import ContractRummy


@final
class ContractRummyMatch(ProgressMatch):
    """A match of a contract-rummy game. Every game on the engine plays with this one
    class: its definition supplies the table options
    (:class:`~rummykit.engine.options.TableOptions`), the hooks (``hooks()``) and the
    clauses its refusals cite (``refusal_clauses``); hooks see the match through a
    :class:`~rummykit.engine.context.TurnContext`."""

    definition: ContractRummy[Any]
    _hooks: Hooks
    rules: ContractRules
    options: TableOptions
    """The engine's options for this match (from the definition's ``table_options()``)."""

    def __init__(self, definition: ContractRummy[Any], **options: Any) -> None:
        self._clause_prefix = definition.clause_prefix
        self._clauses = definition.refusal_clauses
        self._players_clause = self._clause("players")
        self._table = definition.table_options()
        self.options = self._table
        self._hooks = definition.hooks()
        super().__init__(definition, **options)

    def _setup(self) -> None:
        """The schedule, meld rules and card values, from the table options."""
        options = self._table
        self._contracts = self.definition.deal_schedule(self.players, options)
        if options.per_player_contracts and self._contracts is None:
            raise ConfigError(
                f"{self.definition.name}: per_player_contracts needs a schedule (the "
                "contracts each player goes through)"
            )
        self.meld_rules = shared_meld_rules(options.meld_rules)
        self._new_memos()
        self._rebind()

    def _rebind(self) -> None:
        """A fresh context for this match (a clone must not act on its original)."""
        self._ctx = TurnContext(self, self._hooks, self._effects.append)
        deal = getattr(self, "deal", None)  # not __dict__: reading it slows every attribute
        if deal is not None:  # None: before the first deal
            self._show_context(deal)

    def _show_context(self, deal: ContractDeal) -> None:
        """The hooks' context shows ``deal``, with what this match decides of it: its
        lay-off memos, whether it is laid down whole, each seat's contract."""
        contracts = tuple(map(self._contract_of, range(self.players)))
        self._ctx._show_deal(deal, self._layoffs, self._whole_hand, contracts)

    def _set_deal(self, deal: ContractDeal) -> None:
        """The deal in progress is now ``deal`` (the hooks' context shows it). The
        lay-off memos start afresh: they know the last deal's melds, gone now (a live
        match would keep up to their size of them)."""
        self.deal = deal
        self._show_context(deal)
        for memo in self._layoffs:
            memo.forget()

    def _restore(self, state: ContractMatchState, deal: ContractDeal, step: int) -> None:
        super()._restore(state, deal, step)
        self._show_context(deal)

    # -- set-up ----------------------------------------------------------------------------

    def _deck_spec(self) -> DeckSpec:
        """The options' ``decks`` and ``jokers`` for this many players."""
        options = self.options
        return DeckSpec(
            decks=options.decks.at(self.players), jokers=options.jokers.at(self.players)
        )

    def _new_state(self) -> ContractMatchState:
        """No deals yet (each seat on the first contract under
        ``per_player_contracts``, no buys carried under ``buys_carry_over``)."""
        table, players = self._table, self.players
        return ContractMatchState(
            times_out=[0] * players,
            stages=[0] * players if table.per_player_contracts else [],
            carried_buys=[0] * players if table.buys_carry_over else [],
        )

    def _cards_in_play(self) -> list[Card]:
        """The hands, stock and pile, and the melds on the table."""
        return [
            *super()._cards_in_play(),
            *(card for meld in self.deal.table for card in meld.cards),
        ]

    def _deal_plan(self) -> tuple[Contract | None, int, bool]:
        """The contract (``None``: none), hand size and going-out-by-discarding rule of
        deal ``state.deal_number`` (under ``per_player_contracts`` the contract is the
        one of the seat furthest behind; each seat's own is :meth:`_contract_of`)."""
        spec = self._deal_spec()
        if spec is None:
            return None, self.options.hand_size, self.options.discard_out
        contract = spec.contract
        if self._table.per_player_contracts:
            contract = self._contract_of_stage(min(self.state.stages))
        return contract, spec.hand_size, spec.discard_out

    def _choose_first_dealer(self, fixed: int | None) -> int:
        """Random, a fixed seat, or the highest card of a cut (``high_card_draw``)."""
        if fixed is None and self.options.first_dealer is FirstDealer.HIGH_CARD_DRAW:
            tied = list(range(self.players))
            while len(tied) > 1:  # highest card deals, ace high, ties draw again
                pack = list(DeckSpec(decks=2).shoe())
                self.rng.shuffle(pack)
                draws = {seat: _high(pack[index]) for index, seat in enumerate(tied)}
                best = max(draws.values())
                tied = [seat for seat in tied if draws[seat] == best]
            return tied[0]
        return super()._choose_first_dealer(fixed)

    def _next_dealer(self) -> int:
        """The player to the left deals next (or right, under ``dealer_rotation``)."""
        step = -1 if self.options.dealer_rotation is DealerRotation.RIGHT else 1
        return (self.state.dealer + step) % self.players

    def _new_deal(
        self,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        pile_entries: Sequence[PileCard] = (),
    ) -> ContractDeal:
        """The state of deal ``state.deal_number`` with these zones."""
        contract, _, discard_out = self._deal_plan()
        players = self.players
        return ContractDeal(
            hands=[list(hand) for hand in hands],
            stock=Stock(stock),
            pile=DiscardPile(pile_entries),
            contract=contract,
            discard_out=discard_out,
            down=[False] * players,
            down_turn=[-1] * players,
            laid=[[] for _ in range(players)],
            known=[Counter() for _ in range(players)],
            buys=[0] * players,
            melded=[0] * players if self.options.score_melded else [],
        )

    def _start_deal(self, pack: list[Card] | None) -> None:
        """Deal the hand size, maybe turn an upcard, start the turn."""
        self._enter_deal()
        _, hand_size, _ = self._deal_plan()
        if pack is None:
            pack = list(self.spec.shoe())
            self.rng.shuffle(pack)
        dealt = deal(
            pack,
            players=self.players,
            hand_size=hand_size,
            packet_size=self.options.deal_packet_size,
            dealer=self.state.dealer,
        )
        self._set_deal(self._new_deal(dealt.hands, dealt.rest))
        upcard = None
        if self.options.initial_upcard:
            upcard = self.deal.stock.draw()
            self.deal.pile.push(upcard, None)
        self._emit(DealStarted(self.state.deal_number, self.state.dealer, upcard))
        for seat, hand in enumerate(self.deal.hands):
            self._emit(Dealt(seat, tuple(sorted(hand, key=_code))))
        self._start_regular_turn(self._left(self.state.dealer))

    def _load_position(self, position: Position) -> None:
        """Start deal ``position.deal`` from ``position``: the table's melds keep their
        owners, and the seats in ``position.down`` have their contract down."""
        self.state.deal_number = position.deal
        self.state.dealer = position.dealer
        self._enter_deal()
        self._set_deal(
            self._new_deal(
                position.hands,
                position.stock,
                [PileCard(card, discarder) for card, discarder in position.pile],
            )
        )
        for meld in position.table:
            try:
                checked = self.meld_rules.validate(meld.cards, meld.kind, roles=wild_roles(meld))
            except InvalidMeldError as error:
                raise ConfigError(f"position: {meld} is not a meld here: {error.reason}") from None
            if meld.owner is None:
                raise ConfigError(f"position: meld {meld} needs an owner (Meld.with_owner)")
            if not 0 <= meld.owner < self.players:
                raise ConfigError(f"position: meld {meld}'s owner {meld.owner} is not a seat")
            if meld.owner not in position.down:
                raise ConfigError(
                    f"position: meld {meld} belongs to seat {meld.owner}, who is not down"
                )
            self.deal.table.append(checked.with_owner(meld.owner))
            self.deal.laid[meld.owner].append(checked)
        for seat in position.down:
            self.deal.down[seat] = True
            self.deal.down_turn[seat] = 0
        seat = self._left(position.dealer) if position.to_act is None else position.to_act
        self._start_regular_turn(seat)

    def _left(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places to the left of ``seat``."""
        return (seat + steps) % self.players

    # -- applying --------------------------------------------------------------------------

    def _perform(self, seat: int | None, action: Action) -> None:
        assert seat is not None
        phase = self.state.phase
        if phase is DRAW:
            self._draw_step(seat, action)
        elif phase is MELD:
            self._meld_action(seat, action)
        elif phase is PICK:
            self._pick(seat, action)
        else:
            self._hooks.claims.perform(self._ctx, seat, action)

    def _start_regular_turn(self, seat: int) -> None:
        """A turn starts unless the deal is dead (an empty stock, the turn cap)."""
        if not self._count_turn():
            return
        deal = self.deal
        if not len(deal.stock) and (
            self.options.stock_exhaustion is StockExhaustion.END_DEAL or len(deal.pile) <= 1
        ):
            deal.turns -= 1
            self._end_dead_deal(DealEnd.DEAD_STOCK)
            return
        deal.step = turn_step(seat, True)
        deal.deepest = None
        self._hooks.claims.start_turn(self._ctx, seat)

    def _count_turn(self) -> bool:
        """Count a new turn; at ``max_turns_per_deal`` the deal ends dead instead."""
        if self.deal.turns >= self.options.max_turns_per_deal:
            self._end_dead_deal(DealEnd.TURN_CAP)
            return False
        self.deal.turns += 1
        return True

    def _draw_step(self, seat: int, action: Action) -> None:
        """The draw: (a) a stock card, (b) the top pile card, (c) several pile cards."""
        deal = self.deal
        if isinstance(action, Draw):
            pile.draw_stock(self, self._ctx, seat, 1)
            if deal.dead:
                self._end_dead_deal(DealEnd.REFILL_CAP)
                return
            self._hooks.claims.after_stock_draw(self._ctx, seat)
            return
        if isinstance(action, TakeCard):  # option (c) under multi_take_mode="any"
            self._ctx.known_changes[seat] += 1
            pile.take_from_pile(self, self._ctx, seat, 1, protect_top=False)
            pile.take_card(self, self._ctx, seat, action.card)
            deal.step = TurnStep(seat=seat, discard_step=False, picked=2, priced=False)
            self._set_turn(PICK, seat)
            return
        assert isinstance(action, Take)
        self._ctx.known_changes[seat] += 1
        taken = pile.take_from_pile(self, self._ctx, seat, action.count, protect_top=False)
        if action.count == 1:
            deal.step = turn_step(seat, True, taken[0])
        elif self.options.pile_take is PileTake.MELD_DEEPEST:  # 500 Rum: meld it, discard
            deal.step = turn_step(seat, True)
            deal.deepest = taken[-1]
        else:  # option (c): t - 1 stock cards, no discard step
            deal.step = turn_step(seat, False)
            pile.draw_stock(
                self, self._ctx, seat, pile.price(self, None, action.count), penalty=True
            )
            if deal.dead:
                self._end_dead_deal(DealEnd.REFILL_CAP)
                return
        self._set_turn(MELD, seat)

    def _start_pick(self, seat: int, kind: str) -> None:
        """After taking the top pile card out of turn under ``multi_take_mode="any"``:
        pick more pile cards one at a time."""
        self.deal.step = attrs.evolve(self.deal.step, picked=1, priced=False, kind=kind)
        self._set_turn(PICK, seat)

    def _pick(self, seat: int, action: Action) -> None:
        """One more pile card, or ``done``: pay for the cards and go on."""
        step = self.deal.step
        if isinstance(action, TakeCard):
            self._ctx.known_changes[seat] += 1
            pile.take_card(self, self._ctx, seat, action.card)
            self.deal.step = attrs.evolve(step, picked=step.picked + 1)
            return
        kind = None if step.kind == "regular" else self._take_kind(step.kind)
        pile.draw_stock(self, self._ctx, seat, pile.price(self, kind, step.picked), penalty=True)
        self.deal.step = attrs.evolve(step, priced=True)
        if step.kind == "regular":
            if self.deal.dead:
                self._end_dead_deal(DealEnd.REFILL_CAP)
                return
            self._set_turn(MELD, seat)
            return
        self._hooks.claims.after_take(self._ctx, seat)

    def _meld_action(self, seat: int, action: Action) -> None:
        """A go-down, lay-off, joker exchange, discard or ``done`` in the meld step."""
        deal = self.deal
        hand = deal.hands[seat]
        if isinstance(action, Down):
            melds, down_after = self._checked_down(seat, action)
            targets, opened = self._lay_down(seat, melds, down_after=down_after)
            deal.step = attrs.evolve(deal.step, went_down=True)
            self._emit(LaidDown(seat, tuple(deal.table[i] for i in targets), targets, opened))
            self._after_meld(seat)
        elif isinstance(action, LayOff):
            meld = deal.table[action.target]
            grown = self._ctx.grown_meld(meld, action.card, action.end, action.role)
            assert grown is not None  # verified: it fits
            deal.table[action.target] = grown
            hand.remove(action.card)
            self._forget(seat, action.card)
            self._melded(seat, (action.card,))
            self._emit(LaidOff(seat, action.card, action.target, grown))
            self._after_meld(seat)
        elif isinstance(action, ExchangeJoker):
            outcome = self._exchange_for(seat, action)
            assert outcome is not None
            deal.table[:] = outcome.melds
            hand.remove(action.card)
            self._forget(seat, action.card)
            self._melded(seat, (action.card,))
            if outcome.target is None:
                hand.append(outcome.joker)
            self._emit(
                JokerExchanged(
                    seat, action.card, outcome.joker, action.target, outcome.melds[action.target]
                )
            )
            self._after_meld(seat)
        elif isinstance(action, Discard):
            hand.remove(action.card)
            self._forget(seat, action.card)
            deal.pile.push(action.card, seat)
            self._emit(_discarded(seat, action.card))
            if not hand:
                self._went_out(seat, GoingOut.DISCARDING)
                return
            self._hooks.claims.after_discard(self._ctx, seat)
        elif isinstance(action, Done):
            self._hooks.claims.after_turn_without_discard(self._ctx, seat)

    def _forget(self, seat: int, card: Card) -> None:
        """``card`` left ``seat``'s hand: it is no longer known to be there."""
        known = self.deal.known[seat]
        count = known.get(card)  # not known[card]: a Counter's __missing__ is interpreted
        if count:
            if count > 1:
                known[card] = count - 1
            else:
                del known[card]
            self._ctx.known_changes[seat] += 1

    def _lay_down(
        self, seat: int, melds: list[Meld], *, down_after: bool
    ) -> tuple[tuple[int, ...], bool]:
        """Move ``melds`` from ``seat``'s hand to the table as the seat's; the seat is down
        after them where ``down_after``. Returns their places on the table and whether
        the seat went down now."""
        deal = self.deal
        hand = deal.hands[seat]
        start = len(deal.table)
        for meld in melds:
            for card in meld.cards:
                hand.remove(card)
                self._forget(seat, card)
            deal.table.append(meld.with_owner(seat))
            deal.laid[seat].append(meld)
            self._melded(seat, meld.cards)
        opened = down_after and not deal.down[seat]
        if opened:
            deal.down[seat] = True
            deal.down_turn[seat] = deal.turns
        return tuple(range(start, len(deal.table))), opened

    def _melded(self, seat: int, cards: Sequence[Card]) -> None:
        """``seat`` put ``cards`` on the table: they score for the seat (``score_melded``),
        and the deepest card of a deep take is melded once one of them is it."""
        deal = self.deal
        if deal.melded:
            deal.melded[seat] += self.options.card_values.hand_value(cards)
        if deal.deepest is not None and deal.deepest in cards:
            deal.deepest = None

    def _after_meld(self, seat: int) -> None:
        """A meld action emptied the hand: the seat goes out."""
        if not self.deal.hands[seat]:
            self._went_out(seat, GoingOut.MELDING)

    # -- ends ------------------------------------------------------------------------------

    def _went_out(self, seat: int, how: GoingOut) -> None:
        """``seat`` went out; the deal is scored."""
        self._emit(WentOut(seat, how))
        self.state.times_out[seat] += 1
        self._end_deal(DealEnd.WENT_OUT, seat, self._deal_scores_for(seat))

    def _end_dead_deal(self, reason: DealEnd) -> None:
        """Nobody went out; the deal is scored as dead."""
        self._end_deal(reason, None, self._deal_scores_for(None))

    def _deal_scores_for(self, went_out: int | None) -> list[DealScore]:
        """The bonus for going out, the hand's value for everyone else (or
        nothing in a dead deal under ``dead_deal_scoring="void"``); the hands counted are
        shown to everyone (MAYI-15.2, POSSO-17.2)."""
        options = self.options
        void = went_out is None and options.dead_deal_scoring is DeadDealScoring.VOID
        scores = []
        melded = self.deal.melded or [0] * self.players  # score_melded
        for seat in range(self.players):
            if seat == went_out:
                scores.append(DealScore(options.going_out_bonus + melded[seat], 0))
            elif void:
                scores.append(DealScore(0, 0))
            else:
                hand = self.options.card_values.hand_value(self.deal.hands[seat])
                scores.append(DealScore(melded[seat], hand))
        if not void:
            self._emit(
                HandsShown(tuple(tuple(sorted(hand, key=_code)) for hand in self.deal.hands))
            )
        self._ctx.set_claim(None)
        return scores

    # -- views -----------------------------------------------------------------------------

    def _public_extras(self, seat: int) -> dict[str, Any]:
        deal = self.deal
        extras: dict[str, Any] = {
            "known": tuple(tuple(sorted(k.elements(), key=_code)) for k in deal.known),
            "melds": tuple(deal.table),
            "down": tuple(deal.down),
            "contract": self._contract_of(seat),
        }
        if self.options.discard_pile_visible is DiscardPileVisible.TOP_ONLY:
            top = deal.pile.top
            extras["pile"] = () if top is None else ((top.card, top.discarder),)
        return extras

    @property
    def contract(self) -> Contract | None:
        """The contract of the deal in progress (``None``: a game without contracts)."""
        return self.deal.contract

    @property
    def schedule(self) -> ContractSchedule:
        """The contract schedule of the match (a game without contracts has none: a
        :class:`~rummykit.errors.ConfigError`; :attr:`contract` is ``None`` there)."""
        if self._contracts is None:
            raise ConfigError(f"{self.definition.name} has no contract schedule")
        return self._contracts

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds on the table, by number."""
        return tuple(self.deal.table)


def _high(card: Card) -> int:
    return 14 if card.rank == 1 else int(card.rank or 0)


_code: Callable[[Card], int] = attrgetter("code")


_discarded = cache(Discarded)
"""Each seat's discard of each card, made once (effects are values)."""
