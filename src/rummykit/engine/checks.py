"""The checks of a contract-rummy match: what may be discarded or kept, whether a
go-down, lay-off or joker exchange is legal, and which clause an illegal action breaks.

:class:`CheckedMatch` is the part of :class:`~rummykit.engine.core.ContractRummyMatch`
that verifies actions; the turn itself is in :mod:`rummykit.engine.core`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rummykit.cards import Card
from rummykit.contracts.schedules import ContractSchedule, DealSpec
from rummykit.engine.actions import Down, ExchangeJoker, LayOff
from rummykit.engine.hooks import Hooks, Refusal, TakeKind
from rummykit.engine.moves import (
    LayoffMemos,
    exchange_among,
    exchange_matches,
    exchange_meanings,
    exchange_outcomes,
    leaves_ok_after_layoff,
)
from rummykit.engine.options import PileTake, SingleCardRule, TableOptions
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.points import opening_short
from rummykit.engine.state import ContractDeal, ContractMatchState
from rummykit.errors import IllegalActionError, InvalidMeldError
from rummykit.kit.actions import Action, Discard, Done, Take
from rummykit.kit.match import Match
from rummykit.melds import JokerExchange, Meld, MeldRules
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext


CLAUSE_KEYS = frozenset(
    {
        "draw", "meld", "pick", "discard", "taken_card", "own_discard", "empty_pile",
        "multi_take", "no_discard", "going_out", "single_card", "layoff", "layoff_target",
        "layoff_fit", "layoff_gate", "exchange", "match_over", "players", "down",
        "no_new_melds", "one_at_a_time", "hold", "melds",
    }
)  # fmt: skip
"""The kinds of refusal the engine asks a game's :attr:`CheckedMatch.clauses` for."""


class CheckedMatch(Match[ContractMatchState, ContractDeal]):
    """Verifying actions and explaining refusals in a contract-rummy match."""

    _clauses: Mapping[str, str]
    """The clause of the game each kind of refusal cites, by key (the definition's
    ``refusal_clauses``; :data:`CLAUSE_KEYS`)."""
    _hooks: Hooks
    _ctx: TurnContext[Any]
    _contracts: ContractSchedule | None
    """The contract, hand size and going-out rule of each deal (``None``: a game
    without contracts)."""
    options: TableOptions
    """The engine's options in the deal in progress (the table's, with those its
    schedule deal sets)."""
    _table: TableOptions
    """The engine's options for the match (the definition's ``table_options()``)."""
    meld_rules: MeldRules
    """What a meld is in the deal in progress: the options' meld rules, as the one shared
    value of equal rules (memos key on it by identity)."""

    _layoffs: LayoffMemos
    """The engine's lay-off memos (:func:`~rummykit.engine.moves.layoff_memos`), handed
    to :mod:`rummykit.engine.moves`'s functions and to the hooks' context."""

    _down_checked: tuple[Down, list[Meld], bool] | None = None
    """The go-down last checked in this :meth:`~rummykit.kit.match.Match.apply`, with
    the melds its check built (laid down as they are, not validated again)."""

    def _take_kind(self, name: str) -> TakeKind | None:
        """The out-of-turn take in progress, whose step's kind is ``name``: as the claim
        protocol says, else by its name."""
        return self._hooks.claims.take_kind(self._ctx) or TakeKind.named(name)

    def _clause(self, key: str) -> str:
        """The game's clause for refusals of kind ``key`` (``""``: none)."""
        return self._clauses.get(key, "")

    def _deal_spec(self) -> DealSpec | None:
        """The schedule's deal that deal ``state.deal_number`` plays (``None``: no
        schedule); under ``per_player_contracts`` every deal plays the first."""
        contracts = self._contracts
        if contracts is None:
            return None
        if self._table.per_player_contracts:
            return contracts.deals[0]
        return contracts.deals[min(self.state.deal_number, len(contracts)) - 1]

    @property
    def _whole_hand(self) -> bool:
        """Whether the deal in progress is laid down whole: a go-down takes every card
        in hand and so goes out, without a discard (the schedule's ``whole_hand``)."""
        spec = self._deal_spec()
        return spec is not None and spec.whole_hand

    def _may_discard(self, seat: int, card: Card, copies: int | None = None) -> bool:
        """May ``seat`` discard ``card`` now (MAYI-7.5c, 13.2)?"""
        hand = self.deal.hands[seat]
        last = len(hand) == 1
        copies = hand.count(card) if copies is None else copies
        if not copies:
            return False
        if self.deal.deepest is not None:
            return False  # pile_take="meld_deepest": the deepest card taken is melded first
        if card is self.deal.step.taken and copies == 1 and not last:
            return self.options.may_discard_taken_card
        return not last or (self.deal.discard_out and self.deal.down[seat])

    def _may_end_without_discard(self, seat: int) -> bool:
        """``single_card_rule=end_turn_without_discard``: one card left, discarding it banned."""
        return (
            self.options.single_card_rule is SingleCardRule.END_TURN_WITHOUT_DISCARD
            and len(self.deal.hands[seat]) == 1
            and not (self.deal.discard_out and self.deal.down[seat])
        )

    # -- verifying -------------------------------------------------------------------------

    def _check(self, action: Action) -> None:
        self._down_checked = None
        for listed in self._legal or ():  # a listed value (by identity: agents pass
            if listed is action:  # them) is legal; a loop costs a third of any(map(is_, …))
                return
        phase, seat = self.state.phase, self.state.to_act
        claims = self._hooks.claims
        # In a claim protocol's phase: a listed value as it is written, else another
        # spelling the protocol accepts.
        if (
            seat is not None
            and phase in claims.phases
            and isinstance(action, Action)
            and (action in self.legal_actions() or claims.accepts(self._ctx, seat, action))
        ):
            return
        if phase is MELD and seat is not None and isinstance(action, (Down, LayOff, ExchangeJoker)):
            try:
                if isinstance(action, Down):
                    melds, down_after = self._hooks.opening.check(self._ctx, seat, action)
                    self._check_opening_points(seat, melds)
                    self._down_checked = (action, melds, down_after)
                elif isinstance(action, LayOff):
                    self._check_layoff(seat, action)
                else:
                    self._check_exchange(seat, action)
            except IllegalActionError as error:
                raise IllegalActionError(error.message, action=action, rule=error.rule) from None
            self._check_filter(seat, action)
            return
        if phase is MELD and seat is not None and isinstance(action, (Discard, Done)):
            step = self.deal.step
            ok = (
                step.discard_step and self._may_discard(seat, action.card)
                if isinstance(action, Discard)
                else not step.discard_step or self._may_end_without_discard(seat)
            )
            if ok:
                self._check_filter(seat, action)
                return
        super()._check(action)

    def _checked_down(self, seat: int, action: Down) -> tuple[list[Meld], bool]:
        """The melds ``action`` lays and whether ``seat`` is down after it: the ones
        ``_check`` built for this very action in this apply, else the opening's
        check now (an action listed by ``legal_actions`` skips the check)."""
        memo = self._down_checked
        self._down_checked = None
        if memo is not None and memo[0] is action:
            return memo[1], memo[2]
        return self._hooks.opening.check(self._ctx, seat, action)

    def _check_opening_points(self, seat: int, melds: Sequence[Meld]) -> None:
        """Refuse a first go-down worth less than the deal's ``opening_points``."""
        short = opening_short(self._ctx, seat, melds)
        if short is not None:
            worth, needed = short
            params = {"seat": seat, "worth": worth, "needed": needed}
            raise IllegalActionError(
                Message("down.opening_points", params), rule=self._clause("down")
            )

    def _draw_choices(self, seat: int) -> tuple[Action, ...]:
        """The draw step's actions before the action filter: what the pile and the claim
        protocol allow, whatever the hand holds (the listing's, see
        :class:`~rummykit.engine.listing.ListedMatch`)."""
        raise NotImplementedError

    def _check_filter(self, seat: int, action: Action) -> None:
        refusal = self._hooks.action_filter.refusal(self._ctx, seat, action)
        if refusal is not None:
            raise IllegalActionError(refusal[1], action=action, rule=refusal[0])

    def _check_layoff(self, seat: int, action: LayOff) -> None:
        """Raise :class:`~rummykit.errors.IllegalActionError` unless ``action`` is legal now
        (what the table shows checked first, then what the hand holds)."""
        table = self.deal.table
        target = action.target
        if not 0 <= target < len(table):
            code = "layoff.no_target" if table else "layoff.no_target_empty"
            message = Message(code, {"target": target, "last": len(table) - 1})
            raise IllegalActionError(message, rule=self._clause("layoff_target"))
        refusal = self._hooks.layoff_gate.refusal(self._ctx, seat, target)
        if refusal is not None:
            raise IllegalActionError(refusal[1], rule=refusal[0])
        try:
            grown = table[target].lay_off(
                action.card, self.meld_rules, end=action.end, role=action.role
            )
        except InvalidMeldError as error:
            params = {
                "seat": seat,
                "card": action.card,
                "target": target,
                "meld": table[target],
                "detail": error.message,
            }
            raise IllegalActionError(
                Message("layoff.no_fit", params), rule=self._clause("layoff_fit")
            ) from None
        if action.card not in self.deal.hands[seat]:
            message = Message("hand.lacks", {"seat": seat, "cards": (action.card,)})
            raise IllegalActionError(message, rule=self._clause("layoff"))
        if not leaves_ok_after_layoff(self._ctx, seat, action.card, target, grown):
            message = Message("hand.single_card", {"seat": seat})
            raise IllegalActionError(message, rule=self._clause("single_card"))

    def _check_exchange(self, seat: int, action: ExchangeJoker) -> None:
        """Raise :class:`~rummykit.errors.IllegalActionError` unless ``action`` is legal now."""
        rule = self._clause("exchange")
        gate = self._hooks.exchange
        if gate is None:
            raise IllegalActionError(Message("exchange.none"), rule=rule)
        if not 0 <= action.target < len(self.deal.table):
            message = Message("exchange.no_target", {"target": action.target})
            raise IllegalActionError(message, rule=rule)
        refusal = gate.refusal(self._ctx, seat, action.target)
        if refusal is not None:
            raise IllegalActionError(refusal[1], rule=refusal[0])
        try:  # what the table shows first: the card frees a joker to that place
            outcomes = exchange_outcomes(self._ctx, action.card, action.target)
        except InvalidMeldError:
            outcomes = ()
        if not any(exchange_matches(action, outcome) for outcome in outcomes):
            params = {
                "card": action.card,
                "target": action.target,
                "meanings": exchange_meanings(self._ctx, action),
            }
            raise IllegalActionError(Message("exchange.no_fit", params), rule=rule)
        if action.card not in self.deal.hands[seat]:
            message = Message("hand.lacks", {"seat": seat, "cards": (action.card,)})
            raise IllegalActionError(message, rule=rule)
        if exchange_among(self._ctx, seat, action, outcomes) is None:  # the hand it leaves
            raise IllegalActionError(Message("hand.single_card", {"seat": seat}), rule=rule)

    def _exchange_for(self, seat: int, action: ExchangeJoker) -> JokerExchange | None:
        """The table after ``action``, or ``None`` if its card cannot free that joker to
        that place (or the exchange would leave a hand the turn rules forbid)."""
        try:
            outcomes = exchange_outcomes(self._ctx, action.card, action.target)
        except InvalidMeldError:
            return None
        return exchange_among(self._ctx, seat, action, outcomes)

    def _neutral_rule(self) -> str | None:
        return self._clause(self.state.phase.value) or super()._neutral_rule()

    def _why_not(self, action: Action) -> Refusal:
        """What the table shows is checked before what the hand holds, so that a refusal
        told to an unknown sender (a hidden code made neutral) is the same for every
        hand (:mod:`rummykit.kit.seats`)."""
        seat, phase = self.state.to_act, self.state.phase
        clause = self._clause
        if self.is_over:
            return clause("match_over"), Message("match.over")
        if seat is not None and phase in self._hooks.claims.phases:
            refusal = self._hooks.claims.why_not(self._ctx, seat, action)
            if refusal is not None:
                return refusal
        if seat is not None and phase is DRAW:
            refusal = self._hooks.claims.draw_refusal(self._ctx, seat, action)
            if refusal is not None:
                return refusal
        if isinstance(action, Take) and not len(self.deal.pile) and phase is DRAW:
            return clause("empty_pile"), Message("take.empty_pile", {"seat": seat})
        top = self.deal.pile.top
        if isinstance(action, Take) and top is not None and seat is not None and phase is DRAW:
            if top.discarder == seat and not self.options.may_take_own_discard:
                params = {"seat": seat, "card": top.card}
                return clause("own_discard"), Message("take.own_discard", params)
            mode = self.options.pile_take
            if action.count > 1 and mode is PileTake.OFF:
                return clause("multi_take"), Message("take.one_at_most", {"seat": seat})
            too_many = Message("take.too_many", {"seat": seat, "count": action.count})
            if action not in self._draw_choices(seat):
                return clause("multi_take"), too_many
            if refusal := self._hooks.action_filter.refusal(self._ctx, seat, action):
                return refusal  # the filter's own clause and reason (POSSO-8.2)
            if action.count > 1 and mode is PileTake.MELD_DEEPEST:
                params = {"seat": seat, "count": action.count}
                return clause("multi_take"), Message("take.deepest_unmeldable", params)
            return clause("multi_take"), too_many
        if isinstance(action, Discard) and seat is not None and phase is MELD:
            return self._why_no_discard(seat, action)
        if isinstance(action, Done) and seat is not None and phase is MELD:
            if self._sender_known:
                params = {"seat": seat, "example": self._first_discard(seat)}
                return clause("discard"), Message("done.must_discard_example", params)
            return clause("discard"), Message("done.must_discard", {"seat": seat})
        if phase in (DRAW, MELD, PICK) and seat is not None:
            params = {"seat": seat, "action": action, "phase": phase.value}
            params["legal"] = self._legal_note()
            return clause(phase.value), Message("turn.not_now", params)
        return super()._why_not(action)

    def _why_no_discard(self, seat: int, action: Discard) -> Refusal:
        """Why ``seat`` may not make the discard ``action``: what the table shows first
        (no discard in this turn, a last card that may not go), then the action filter
        and the hand."""
        clause = self._clause
        deal = self.deal
        card = action.card
        if not deal.step.discard_step:
            return clause("no_discard"), Message("discard.no_discard", {"seat": seat})
        last_card = Message("discard.last_card", {"seat": seat, "deal": self.state.deal_number})
        if len(deal.hands[seat]) == 1 and not (deal.discard_out and deal.down[seat]):
            return clause("going_out"), last_card
        if deal.deepest is not None:
            params = {"seat": seat, "card": deal.deepest}
            return clause("multi_take"), Message("discard.meld_deepest", params)
        taken = card is deal.step.taken and deal.known[seat].get(card, 0) > 0
        if taken and not self.options.may_discard_taken_card:  # known to all to be held
            return clause("taken_card"), Message("discard.taken", {"seat": seat, "card": card})
        refusal = self._hooks.action_filter.refusal(self._ctx, seat, action)
        if refusal is not None:
            return refusal
        if card not in deal.hands[seat]:
            return clause("discard"), Message("hand.lacks", {"seat": seat, "cards": (card,)})
        if card is deal.step.taken:  # the copy taken melded, the same card kept
            return clause("taken_card"), Message("discard.taken", {"seat": seat, "card": card})
        return clause("going_out"), last_card

    def _first_discard(self, seat: int) -> str:
        for action in self.legal_actions():
            if isinstance(action, Discard):
                return str(action)
        return "discard CARD"
