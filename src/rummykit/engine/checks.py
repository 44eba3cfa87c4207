"""The checks of a contract-rummy match: what may be discarded or kept, whether a
go-down, lay-off or joker exchange is legal, and which clause an illegal action breaks.

:class:`CheckedMatch` is the part of :class:`~rummykit.engine.core.ContractRummyMatch`
that verifies actions; the turn itself is in :mod:`rummykit.engine.core`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from rummykit.cards import Card
from rummykit.engine.actions import Down, ExchangeJoker, LayOff
from rummykit.engine.hooks import Hooks, Refusal
from rummykit.engine.moves import grown_meld
from rummykit.engine.phases import DRAW, MELD
from rummykit.engine.state import ContractDeal, ContractMatchState
from rummykit.errors import IllegalActionError, InvalidMeldError
from rummykit.kit.actions import Action, Discard, Done, Take
from rummykit.kit.match import Match
from rummykit.melds import JokerExchange, Meld, MeldRules, joker_exchanges
from rummykit.scoring import CardValues

if TYPE_CHECKING:
    from rummykit.engine.core import ContractRummyMatch

__all__ = ["CheckedMatch"]


class CheckedMatch(Match[ContractMatchState, ContractDeal]):
    """Verifying actions and explaining refusals in a contract-rummy match."""

    clauses: ClassVar[dict[str, str]]
    """The clause each kind of refusal cites."""
    hooks: Hooks
    meld_rules: MeldRules
    values: CardValues

    @property
    def engine(self) -> ContractRummyMatch:
        """This match as the hooks see it."""
        return cast("ContractRummyMatch", self)

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
        if (going_down or self.deal.step.went_down) and not gate.after_going_down(self.engine):
            return False
        last = remaining[0]
        existing = len(self.deal.table)
        per_meld = gate.depends_on_target
        for index, meld in enumerate(self.deal.table if table_after is None else table_after):
            # A gate that depends on the meld is asked about the melds on the table now
            # (once the seat is down); melds laid in this action are the seat's own.
            if (
                per_meld
                and index < existing
                and (not self.deal.down[seat] or gate.refusal(self.engine, seat, index) is not None)
            ):
                continue
            if grown_meld(self.engine, meld, last, None) is not None:
                return True
        return False

    # -- verifying -------------------------------------------------------------------------

    def verify(self, action: Action | str) -> None:
        action = self.as_action(action)
        if self.is_listed(action):  # listed already: one of its values is legal
            return
        phase, seat = self.state.phase, self.state.to_act
        if phase is MELD and seat is not None and isinstance(action, (Down, LayOff, ExchangeJoker)):
            try:
                if isinstance(action, Down):
                    self.hooks.opening.check(self.engine, seat, action)
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
        refusal = self.hooks.action_filter.refusal(self.engine, seat, action)
        if refusal is not None:
            raise IllegalActionError(refusal[1], action=action, rule=refusal[0])

    def check_layoff(self, seat: int, action: LayOff) -> None:
        """Raise :class:`~rummykit.errors.IllegalActionError` unless ``action`` is legal now."""
        who = self.who(seat)
        table = self.deal.table
        if not 0 <= action.target < len(table):
            numbers = f"0 to {len(table) - 1}" if table else "none yet"
            raise IllegalActionError(
                f"there is no meld {action.target} on the table (melds: {numbers})",
                rule=self.clauses["layoff_target"],
            )
        refusal = self.hooks.layoff_gate.refusal(self.engine, seat, action.target)
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
        """Raise :class:`~rummykit.errors.IllegalActionError` unless ``action`` is legal now."""
        rule = self.clauses["exchange"]
        gate = self.hooks.exchange
        if gate is None:
            raise IllegalActionError(
                "jokers on the table are not exchanged in this game", rule=rule
            )
        if not 0 <= action.target < len(self.deal.table):
            raise IllegalActionError(f"there is no meld {action.target} on the table", rule=rule)
        refusal = gate.refusal(self.engine, seat, action.target)
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
        return self.exchange_among(seat, action, outcomes)

    def exchange_among(
        self, seat: int, action: ExchangeJoker, outcomes: Sequence[JokerExchange]
    ) -> JokerExchange | None:
        """:meth:`exchange_for` with the placements of the freed joker already worked
        out (``outcomes``, from :meth:`exchange_outcomes`)."""
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
            refusal = self.hooks.claims.why_not(self.engine, seat, action)
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
            refusal = self.hooks.action_filter.refusal(self.engine, seat, action)
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
