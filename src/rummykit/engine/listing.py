"""The legal actions of a contract-rummy match: the draw step, the meld step, the
``pick`` phase, and the claim protocol's phases (asked of its hook).

:class:`ListedMatch` is the part of :class:`~rummykit.engine.core.ContractRummyMatch`
that lists actions; the checks are in :mod:`rummykit.engine.checks`, the turn itself in
:mod:`rummykit.engine.core`.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from rummykit.cards import CARDS, Card
from rummykit.engine import pile
from rummykit.engine.actions import TakeCard
from rummykit.engine.checks import CheckedMatch
from rummykit.engine.moves import exchanges, layoffs
from rummykit.engine.options import MultiTakeMode
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.kit.actions import Action, Discard, Done, Draw, Take


class ListedMatch(CheckedMatch):
    """Listing the legal actions of a contract-rummy match."""

    def _list_legal(self) -> tuple[Action, ...]:
        phase, seat = self.state.phase, self.state.to_act
        assert seat is not None
        if phase is DRAW:
            return self._draw_actions(seat)
        if phase is MELD:
            actions = self._hooks.action_filter.filter(
                self._ctx, seat, self._meld_step_actions(seat)
            )
            # Every turn can end: hooks that leave nothing legal end it without a discard.
            return actions or _DONE_ONLY
        if phase is PICK:
            return self._pick_actions(seat)
        return self._hooks.claims.legal(self._ctx, seat)

    def _actor_consistent(self) -> bool:
        """A turn's steps are the turn's seat's; a claim window's seat is its protocol's
        to judge (:meth:`~rummykit.engine.hooks.ClaimProtocol.actor_consistent`)."""
        phase, seat = self.state.phase, self.state.to_act
        if seat is None:  # the table: its own check lists no legal actions
            return True
        if phase is DRAW or phase is MELD or phase is PICK:
            return seat == self.deal.step.seat
        if phase in self._hooks.claims.phases:
            return self._hooks.claims.actor_consistent(self._ctx, seat)
        return True

    def _draw_actions(self, seat: int) -> tuple[Action, ...]:
        """The draw step: draw, take the top card, or take several pile cards."""
        top = pile.max_take(self, seat, kind=None, protect_top=False)
        actions: tuple[Action, ...]
        if self.options.multi_take_mode is MultiTakeMode.ANY and top:
            picks = self._pick_options(seat, first=True)
            actions = (_DRAW, *Take.up_to(1), *(TakeCard(card) for card in picks))
        else:
            actions = (_DRAW, *Take.up_to(top))
        actions = self._hooks.claims.draw_actions(self._ctx, seat, actions)
        return self._hooks.action_filter.filter(self._ctx, seat, actions)

    def _pick_options(self, seat: int, *, first: bool = False) -> list[Card]:
        """Pile cards ``seat`` may pick next under ``multi_take_mode="any"`` (with
        ``first``: the draw step, where the top card is taken first), one of each card."""
        step = self.deal.step
        picked = 1 if first else step.picked
        kind = None if first or step.kind == "regular" else self._take_kind(step.kind)
        if self.options.penalty_draw_shortfall == "limit_take" and pile.price(
            self, kind, picked + 1
        ) > pile.could_draw(self, picked + 1):
            return []
        entries = self.deal.pile.entries[:-1] if first else self.deal.pile.entries
        own_ok = self.options.may_take_own_discard
        cards = {entry.card for entry in entries if own_ok or entry.discarder != seat}
        return sorted(cards, key=_code)

    def _pick_actions(self, seat: int) -> tuple[Action, ...]:
        """The ``pick`` phase: one more pile card, or ``done``."""
        return (*(TakeCard(card) for card in self._pick_options(seat)), _DONE)

    def _meld_step_actions(self, seat: int) -> tuple[Action, ...]:
        """Go-downs, lay-offs, joker exchanges, then discards or ``done``."""
        step = self.deal.step
        hand = self.deal.hands[seat]
        result: list[Action] = [
            *self._hooks.opening.go_downs(self._ctx, seat),
            *layoffs(self, seat, self._ctx),
        ]
        result += exchanges(self, seat, self._ctx)
        if step.discard_step:
            if len(hand) > 1:  # not the card just taken, unless held twice
                keep = step.taken if not self.options.may_discard_taken_card else None
                codes = sorted(set(map(_code, hand)))
                if keep is not None and hand.count(keep) == 1:
                    codes.remove(keep.code)
                result += map(_DISCARDS.__getitem__, codes)
            elif self._may_discard(seat, hand[0], 1):
                result.append(_DISCARDS[hand[0].code])
            if self._may_end_without_discard(seat):
                result.append(_DONE)
        else:
            result.append(_DONE)
        return tuple(result)


_code: Callable[[Card], int] = attrgetter("code")
_DISCARDS = tuple(Discard(card) for card in CARDS)
"""One discard action per card, made once (they are values)."""
_DONE, _DRAW = Done(), Draw()
_DONE_ONLY: tuple[Action, ...] = (_DONE,)
"""The turn's fixed actions, made once (a meld step lists them every turn)."""
