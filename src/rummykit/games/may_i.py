"""May I? (the Russian «Можно?»): the match engine, clause by clause (rules/may-i.md).

>>> from rummykit.games.may_i import MayI
>>> match = MayI().new_match(players=4, seed=7)
>>> match.phase, match.to_act, len(match.view(match.to_act).hand)
(<Phase.DRAW: 'draw'>, 3, 10)
>>> [str(action) for action in match.legal_actions()]
['draw']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from rummykit.actions import (
    Action,
    Allow,
    Ask,
    Discard,
    Done,
    Down,
    Draw,
    LayOff,
    NextDeal,
    Pass,
    Refuse,
    Take,
)
from rummykit.cards import CARDS, Card, to_cards
from rummykit.contracts import Contract
from rummykit.deck import DeckSpec, DiscardPile, Stock, deal
from rummykit.errors import ConfigError, IllegalActionError, InvalidMeldError
from rummykit.games import may_i_claims as claims
from rummykit.games.may_i_moves import MeldStep, check_down, check_layoff, laydowns, layoffs
from rummykit.games.may_i_rules import MayIRules
from rummykit.match import DealScore, Event, Match, Outcome, Phase, PlayerView
from rummykit.melds import Meld

__all__ = ["MayI", "MayIMatch"]

_NAMES = "ABCDEFGH"


@attrs.frozen
class MayI:
    """The May I? game definition: its rules options; :meth:`new_match` makes a match."""

    rules: MayIRules = attrs.field(factory=MayIRules)
    name: str = "may-i"

    def new_match(
        self,
        *,
        players: int = 4,
        seed: int | random.Random = 0,
        deck_order: Sequence[Card] | str | None = None,
        first_dealer: int | None = None,
        auto_deal: bool = True,
    ) -> MayIMatch:
        """A new match. ``deck_order`` stacks the first deal (top card first, the whole
        shoe); ``first_dealer`` fixes the first dealer; with ``auto_deal=False`` each new
        deal waits for a ``next`` action from the table."""
        return MayIMatch(
            self.rules,
            players=players,
            seed=seed,
            deck_order=None if deck_order is None else to_cards(deck_order),
            first_dealer=first_dealer,
            auto_deal=auto_deal,
        )


class MayIMatch(Match):
    """One May I? match: every deal of the schedule, scored (MAYI-4 to MAYI-17)."""

    game_name = "may-i"
    rules: MayIRules

    def __init__(
        self,
        rules: MayIRules,
        *,
        players: int,
        seed: int | random.Random,
        deck_order: Sequence[Card] | None,
        first_dealer: int | None,
        auto_deal: bool,
    ) -> None:
        self._setup(
            rules,
            players=players,
            seed=seed,
            spec=DeckSpec(decks=2, jokers=rules.joker_count),
            deck_order=deck_order,
            first_dealer=first_dealer,
            auto_deal=auto_deal,
            clause="MAYI-1.1",
        )
        self.schedule = rules.schedule()
        self.meld_rules = rules.meld_rules()
        self.values = rules.card_values()
        self.times_out = [0] * players
        self.total_buys = 0
        """Buys and forced buys in the whole match (MAYI-9.8); refusal takes are not buys."""
        self.deal_number = 0
        self.dealer = self._first_dealer(first_dealer)
        self._start_deal()

    # -- set-up -------------------------------------------------------------------------

    def _first_dealer(self, fixed: int | None) -> int:
        choice = self.rules.first_dealer if fixed is None else fixed
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < self.players:
                raise ConfigError(f"first dealer must be a seat from 0 to {self.players - 1}")
            return choice
        if choice == "high_card_draw":  # POSSO-5.1: highest card deals, ace high, ties redraw
            tied = list(range(self.players))
            while len(tied) > 1:
                pack = list(DeckSpec(decks=2).shoe())
                self.rng.shuffle(pack)
                draws = {seat: pack[index] for index, seat in enumerate(tied)}
                best = max(14 if c.rank == 1 else int(c.rank or 0) for c in draws.values())
                tied = [s for s in tied if (14 if draws[s].rank == 1 else draws[s].rank) == best]
            return tied[0]
        return self.rng.randrange(self.players)

    def _start_deal(self) -> None:
        self._legal: tuple[Action, ...] | None = None
        self.deal_number += 1
        spec = self.schedule[self.deal_number]
        self.contract: Contract = spec.contract
        self.contract_slots = spec.contract.slots
        self.discard_out = spec.discard_out
        if self.deal_number == 1 and self.deck_order is not None:
            pack = list(self.deck_order)
        else:
            pack = list(self.spec.shoe())
            self.rng.shuffle(pack)
        dealt = deal(
            pack,
            players=self.players,
            hand_size=spec.hand_size,
            packet_size=self.rules.deal_packet_size,
            dealer=self.dealer,
        )
        self.hands = [list(hand) for hand in dealt.hands]
        self.stock = Stock(dealt.rest)
        self.pile = DiscardPile()
        if self.rules.initial_upcard:
            self.pile.push(self.stock.draw(), None)
        self.table: list[Meld] = []
        self.down = [False] * self.players
        self.laid: list[list[Meld]] = [[] for _ in range(self.players)]
        self.known: list[Counter[Card]] = [Counter() for _ in range(self.players)]
        self.buys = [0] * self.players
        self.turns = 0
        self.refills = 0
        self.dead = False
        self.went_out: int | None = None
        self._phase = Phase.DRAW
        self._to_act = None
        self.step = MeldStep(seat=0, discard_step=True)
        self.claim: dict[str, Any] = {}
        self._start_regular_turn(self._left(self.dealer))

    def _left(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.players

    # -- the protocol ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.MATCH_OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(
            sum(deal[seat].net for deal in self.deal_scores) for seat in range(self.players)
        )

    def penalties(self) -> tuple[int, ...]:
        """Each seat's penalty points so far (MAYI-16.3's ``penalties_only``)."""
        return tuple(
            sum(deal[seat].penalty for deal in self.deal_scores) for seat in range(self.players)
        )

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return outcome(self.rules, self.scores, self.penalties(), self.times_out)

    def legal_actions(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = self._list_legal()
        return self._legal

    def _list_legal(self) -> tuple[Action, ...]:
        phase, seat = self._phase, self._to_act
        if phase is Phase.MATCH_OVER:
            return ()
        if phase is Phase.DEAL_OVER:
            return (NextDeal(),)
        assert seat is not None
        if phase is Phase.DRAW:
            return (
                Draw(),
                *(Take(t) for t in range(1, claims.max_take(self, seat, buy=False) + 1)),
            )
        if phase is Phase.FIRST_REFUSAL:
            return (Take(), Pass()) if self.claim.get("discarder") != seat else (Pass(),)
        if phase is Phase.REQUEST:
            return (Ask(), Pass()) if claims.may_ask(self, seat) else (Pass(),)
        if phase is Phase.CONSENT:
            return (Allow(), Refuse()) if claims.may_refuse(self, seat) else (Allow(),)
        if phase is Phase.BUY:
            return tuple(Take(t) for t in range(1, claims.max_take(self, seat, buy=True) + 1))
        return self._meld_step_actions(seat)

    def verify(self, action: Action) -> None:
        phase, seat = self._phase, self._to_act
        if phase is Phase.MELD and seat is not None:
            try:
                if isinstance(action, Down):
                    check_down(self, seat, action)
                    return
                if isinstance(action, LayOff):
                    check_layoff(self, seat, action)
                    return
            except IllegalActionError as error:
                raise IllegalActionError(error.reason, action=action, rule=error.rule) from None
            discard_ok = isinstance(action, Discard) and (
                self.step.discard_step and self._may_discard(seat, action.card)
            )
            done_ok = isinstance(action, Done) and (
                not self.step.discard_step or self._may_end_without_discard(seat)
            )
            if discard_ok or done_ok:
                return
        elif action in self.legal_actions():
            return
        rule, reason = self._why_not(action)
        raise IllegalActionError(reason, action=action, rule=rule)

    def _apply(self, action: Action) -> Event:
        self._legal = None
        seat, phase, deal_number = self._to_act, self._phase, self.deal_number
        self._received: list[Card] = []
        self._from_pile = 0
        self._note = []
        if isinstance(action, NextDeal):
            self._next_deal()
        elif phase is Phase.DRAW:
            self._draw_step(seat, action)  # type: ignore[arg-type]
        elif phase is Phase.FIRST_REFUSAL:
            claims.first_refusal(self, seat, action)  # type: ignore[arg-type]
        elif phase is Phase.REQUEST:
            claims.request(self, seat, action)  # type: ignore[arg-type]
        elif phase is Phase.CONSENT:
            claims.consent(self, seat, action)  # type: ignore[arg-type]
        elif phase is Phase.BUY:
            claims.buy(self, seat, action)  # type: ignore[arg-type]
        else:
            self._meld_action(seat, action)  # type: ignore[arg-type]
        event = Event(
            step=len(self._events),
            deal=deal_number,
            seat=seat,
            phase=phase,
            action=action,
            received=tuple(self._received),
            from_pile=self._from_pile,
            note="; ".join(self._note),
        )
        self._events.append(event)
        return event

    # -- regular turns --------------------------------------------------------------------

    def _start_regular_turn(self, seat: int) -> None:
        """MAYI-7.2, 14.2, 14.5: a turn starts unless the deal is dead."""
        if self.turns >= self.rules.max_turns_per_deal:
            self._note.append("turn cap reached: dead deal (MAYI-14.5)")
            self._end_deal(None)
            return
        if not len(self.stock) and (
            self.rules.stock_exhaustion == "end_deal" or len(self.pile) <= 1
        ):
            self._note.append("no stock and nothing to refill it: dead deal (MAYI-14.2)")
            self._end_deal(None)
            return
        self.turns += 1
        self._phase, self._to_act = Phase.DRAW, seat
        self.step = MeldStep(seat=seat, discard_step=True)

    def _draw_step(self, seat: int, action: Draw | Take) -> None:
        if isinstance(action, Draw):
            self._received += claims.draw_stock(self, 1)
            if self.dead:
                self._end_deal(None)
                return
            self._phase = Phase.MELD
            return
        taken = claims.take_from_pile(self, seat, action.count, protect_top=False)
        if action.count == 1:
            self.step = MeldStep(seat=seat, discard_step=True, taken=taken[0])
        else:  # MAYI-7.3c: option (c), t - 1 stock cards, no discard step
            self._received += claims.draw_stock(self, claims.price(self, None, action.count))
            self.step = MeldStep(seat=seat, discard_step=False)
            if self.dead:
                self._end_deal(None)
                return
        self._phase = Phase.MELD

    # -- meld steps -----------------------------------------------------------------------

    def _meld_step_actions(self, seat: int) -> tuple[Action, ...]:
        step = self.step
        hand = self.hands[seat]
        result: list[Action] = []
        result += laydowns(self, seat)
        result += layoffs(self, seat)
        if step.discard_step:
            counts = Counter(hand)
            for card in sorted(counts, key=_code):
                if self._may_discard(seat, card, counts[card]):
                    result.append(_DISCARDS[card.code])
            if self._may_end_without_discard(seat):
                result.append(Done())
        else:
            result.append(Done())
        return tuple(result)

    def _may_discard(self, seat: int, card: Card, copies: int | None = None) -> bool:
        hand = self.hands[seat]
        last = len(hand) == 1
        copies = hand.count(card) if copies is None else copies
        if not copies:
            return False
        # MAYI-7.5c: not the card just taken, unless another copy of it was already held.
        if card is self.step.taken and copies == 1 and not last:
            return self.rules.may_discard_taken_card
        return not last or (self.discard_out and self.down[seat])

    def _may_end_without_discard(self, seat: int) -> bool:
        """MAYI-13.3 ``end_turn_without_discard``: one card left, discarding it banned."""
        return (
            self.rules.single_card_rule == "end_turn_without_discard"
            and len(self.hands[seat]) == 1
            and not (self.discard_out and self.down[seat])
        )

    def leaves_ok(
        self,
        seat: int,
        remaining: Sequence[Card],
        *,
        down_after: bool,
        table_after: Sequence[Meld] | None = None,
    ) -> bool:
        """May a meld action leave ``remaining`` in ``seat``'s hand (MAYI-13.3, 13.5)?

        Emptying the hand needs the contract on the table. Keeping exactly one card in a
        turn that ends with a discard is allowed where that card may then be discarded
        (going out by discarding), or laid off next (so the player goes out by melding,
        MAYI-W37), or under ``single_card_rule=end_turn_without_discard``.
        """
        if not remaining:
            return down_after
        if len(remaining) > 1 or not self.step.discard_step:
            return True
        if self.discard_out and down_after:
            return True
        if self.rules.single_card_rule == "end_turn_without_discard":
            return True
        if not down_after:
            return False  # laying off the last card would go out without the contract
        if (
            self.step.went_down is False
            and table_after is not None
            and down_after
            and (not self.rules.layoff_same_turn_as_contract)
        ):
            return False
        last = remaining[0]
        table = self.table if table_after is None else table_after
        for meld in table:
            try:
                meld.lay_off(last, self.meld_rules)
            except InvalidMeldError:
                continue
            return True
        return False

    def _meld_action(self, seat: int, action: Action) -> None:
        hand = self.hands[seat]
        if isinstance(action, Down):
            melds = self._build_laydown(seat, action)
            for meld in melds:
                for card in meld.cards:
                    hand.remove(card)
                    self._forget(seat, card)
                self.table.append(meld.with_owner(seat))
                self.laid[seat].append(meld)
            if len(self.laid[seat]) >= len(self.contract_slots):
                self.down[seat] = True
            self.step = attrs.evolve(self.step, went_down=True)
            self._after_meld(seat)
        elif isinstance(action, LayOff):
            meld = self.table[action.target]
            self.table[action.target] = meld.lay_off(action.card, self.meld_rules, end=action.end)
            hand.remove(action.card)
            self._forget(seat, action.card)
            self._after_meld(seat)
        elif isinstance(action, Discard):
            hand.remove(action.card)
            self._forget(seat, action.card)
            self.pile.push(action.card, seat)
            if not hand:
                self._went_out(seat, "by discarding (MAYI-13.2b)")
                return
            claims.open_window(self, action.card, seat)
        elif isinstance(action, Done):
            self._end_turn_without_discard(seat)

    def _forget(self, seat: int, card: Card) -> None:
        if self.known[seat][card]:
            self.known[seat][card] -= 1
            if not self.known[seat][card]:
                del self.known[seat][card]

    def _after_meld(self, seat: int) -> None:
        if not self.hands[seat]:
            self._went_out(seat, "by melding (MAYI-13.2a)")

    def _build_laydown(self, seat: int, action: Down) -> list[Meld]:
        melds = [self.meld_rules.validate(cards, roles=roles) for cards, roles in action.melds]
        if self.rules.contract_all_at_once:
            self.contract.check(melds, self.meld_rules)
        return melds

    def _end_turn_without_discard(self, seat: int) -> None:
        """A turn with no discard ends: MAYI-9.8, 9.9, 9.10."""
        kind = self.step.kind
        if kind == "regular" and self.step.discard_step:
            following = self._left(seat)  # MAYI-13.3 alternative: no discard, turn over
        elif kind == "refusal":
            following = self._left(seat)
        elif kind in ("buy", "forced"):
            following = (
                self._left(self.claim["p0"])
                if self.rules.turn_after_buy == "resume_normal"
                else self._left(seat)
            )
        else:  # option (c)
            following = self._left(seat)
        if self.rules.claim_window_after_buy and len(self.pile):
            top = self.pile.top
            assert top is not None
            claims.open_window(self, top.card, seat, resume=following, protect=True)
            return
        self._start_regular_turn(following)

    # -- ends -------------------------------------------------------------------------------

    def _went_out(self, seat: int, how: str) -> None:
        self._note.append(f"{_NAMES[seat]} goes out {how}")
        self.went_out = seat
        self.times_out[seat] += 1
        self._end_deal(seat)

    def _end_deal(self, went_out: int | None) -> None:
        """MAYI-15: score the deal, then start the next or end the match."""
        rules = self.rules
        scores = []
        void = went_out is None and rules.dead_deal_scoring == "void"
        for seat in range(self.players):
            if seat == went_out:
                scores.append(DealScore(rules.going_out_bonus, 0))
            elif void:
                scores.append(DealScore(0, 0))
            else:
                scores.append(DealScore(0, self.values.hand_value(self.hands[seat])))
        self.deal_scores.append(tuple(scores))
        self._note.append(
            f"deal {self.deal_number} scored: "
            + " ".join(f"{_NAMES[s]}{x.net:+d}" for s, x in enumerate(scores))
        )
        self.claim = {}
        if self.deal_number >= len(self.schedule):
            self._phase, self._to_act = Phase.MATCH_OVER, None
            return
        if self.auto_deal:
            self._next_deal()
        else:
            self._phase, self._to_act = Phase.DEAL_OVER, None

    def _next_deal(self) -> None:
        step = 1 if self.rules.dealer_rotation == "left" else -1
        self.dealer = (self.dealer + step) % self.players
        self._start_deal()

    # -- explanations --------------------------------------------------------------------

    _PHASE_RULES: ClassVar[dict[Phase, str]] = {
        Phase.DRAW: "MAYI-7.3",
        Phase.MELD: "MAYI-7.4",
        Phase.FIRST_REFUSAL: "MAYI-9.3",
        Phase.REQUEST: "MAYI-9.3",
        Phase.CONSENT: "MAYI-9.6",
        Phase.BUY: "MAYI-9.8",
        Phase.DEAL_OVER: "MAYI-15",
        Phase.MATCH_OVER: "MAYI-16.1",
    }

    def _why_not(self, action: Action) -> tuple[str, str]:
        """The clause an illegal ``action`` breaks, and why, for the error message."""
        seat, phase = self._to_act, self._phase
        who = "the table" if seat is None else f"player {_NAMES[seat]}"
        if phase is Phase.MATCH_OVER:
            return "MAYI-16.1", "the match is over"
        if isinstance(action, Take) and not len(self.pile) and phase is Phase.DRAW:
            return "MAYI-6.2", f"{who} cannot take: the discard pile is empty"
        if isinstance(action, Take) and self.pile.top is not None and seat is not None:
            top = self.pile.top
            if top.discarder == seat and (
                not self.rules.may_take_own_discard or phase is not Phase.DRAW
            ):
                return "MAYI-8.4", f"{who} cannot take {top.card}, his own discard"
            if phase in (Phase.DRAW, Phase.BUY) and action.count > claims.max_take(
                self, seat, buy=phase is Phase.BUY
            ):
                return "MAYI-9.8", f"{who} cannot take {action.count} pile cards here"
        if isinstance(action, Ask) and phase is Phase.REQUEST:
            return "MAYI-9.2", f"{who} may not ask for {self.claim['card']}"
        if isinstance(action, Refuse) and phase is Phase.CONSENT:
            return "MAYI-9.11", f"{who} may not refuse: he could not buy the card"
        if isinstance(action, Discard) and seat is not None and phase is Phase.MELD:
            card = action.card
            if not self.step.discard_step:
                return "MAYI-9.8", f"{who} makes no discard in this turn"
            if card not in self.hands[seat]:
                return "MAYI-7.5", f"{who} does not hold {card}"
            if card is self.step.taken and not self.rules.may_discard_taken_card:
                return "MAYI-7.5c", f"{who} cannot discard {card}, just taken from the pile"
            return "MAYI-13.2", f"{who} cannot discard his last card in deal {self.deal_number}"
        legal = ", ".join(str(a) for a in self.legal_actions()[:6])
        return self._PHASE_RULES[
            phase
        ], f"{who} cannot {action} now ({phase.value}; legal: {legal})"

    # -- views and copies ------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"there is no seat {seat}")
        pile = tuple((entry.card, entry.discarder) for entry in self.pile.entries)
        if self.rules.discard_pile_visible == "top_only":
            pile = pile[-1:]
        return PlayerView(
            seat=seat,
            deal=self.deal_number,
            phase=self._phase,
            to_act=self._to_act,
            hand=tuple(sorted(self.hands[seat], key=_code)),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            known=tuple(tuple(sorted(known.elements(), key=_code)) for known in self.known),
            pile=pile,
            stock_size=len(self.stock),
            melds=tuple(self.table),
            down=tuple(self.down),
            scores=self.scores,
            legal=self.legal_actions() if self._to_act == seat else (),
        )

    def clone(self) -> MayIMatch:
        twin = object.__new__(MayIMatch)
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.hands = [list(hand) for hand in self.hands]
        twin.stock = self.stock.copy()
        twin.pile = self.pile.copy()
        twin.table = list(self.table)
        twin.down = list(self.down)
        twin.laid = [list(melds) for melds in self.laid]
        twin.known = [Counter(known) for known in self.known]
        twin.buys = list(self.buys)
        twin.times_out = list(self.times_out)
        twin.deal_scores = list(self.deal_scores)
        twin._events = list(self._events)
        twin.claim = {
            key: list(value) if isinstance(value, list) else value
            for key, value in self.claim.items()
        }
        return twin

    def snapshot(self) -> Any:
        return (
            self.deal_number,
            self.dealer,
            self._phase,
            self._to_act,
            tuple(tuple(hand) for hand in self.hands),
            self.stock.cards,
            self.pile.entries,
            tuple(self.table),
            tuple(self.down),
            tuple(tuple(m) for m in self.laid),
            tuple(tuple(sorted(k.items())) for k in self.known),
            tuple(self.buys),
            self.turns,
            self.refills,
            self.step,
            repr(sorted(self.claim.items())),
            tuple(self.deal_scores),
            len(self._events),
            self.rng.getstate(),
        )


def _code(card: Card) -> int:
    return card.code


_DISCARDS = tuple(Discard(card) for card in CARDS)
"""One discard action per card, made once (they are values)."""


def outcome(
    rules: MayIRules, totals: Sequence[int], penalties: Sequence[int], times_out: Sequence[int]
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
