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
from rummykit.engine.options import MultiTakeMode, PileTake
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.points import deepest_meldable, opening_downs
from rummykit.errors import ConfigError
from rummykit.kit.actions import Action, Discard, Done, Draw, Take
from rummykit.messages import Message


class ListedMatch(CheckedMatch):
    """Listing the legal actions of a contract-rummy match."""

    def _list_legal(self) -> tuple[Action, ...]:
        phase, seat = self.state.phase, self.state.to_act
        assert seat is not None
        if phase is DRAW:  # draw, take the top card, or take several pile cards
            return self._hooks.action_filter.filter(self._ctx, seat, self._draw_choices(seat))
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

    def _open_seats(self) -> tuple[int, ...]:
        """In a claim protocol's phase, the seats it opens the question to at once
        (:meth:`~rummykit.engine.hooks.ClaimProtocol.open_seats`)."""
        seat = self.state.to_act
        if seat is None:
            return ()
        claims = self._hooks.claims
        if self.state.phase not in claims.phases:
            return (seat,)
        found = claims.open_seats(self._ctx)
        if not found or found[0] != seat:
            raise ConfigError(
                f"{type(claims).__name__}.open_seats must give the seat to act ({seat}) "
                f"first, got {found!r}"
            )
        return found

    def _legal_for(self, seat: int) -> tuple[Action, ...]:
        """An open seat's answers, as its claim protocol lists them."""
        claims = self._hooks.claims
        return claims.legal(self._ctx, seat) if self.state.phase in claims.phases else ()

    def _is_answer(self, seat: int, action: Action) -> bool:
        """A listed answer, or another spelling the protocol accepts (Posso?'s claims)."""
        return action in self._legal_for(seat) or (
            isinstance(action, Action) and self._hooks.claims.accepts(self._ctx, seat, action)
        )

    def _why_not_answer(self, seat: int, action: Action) -> tuple[str, Message | str]:
        """The protocol's own refusal of an early answer, else the match's."""
        refusal = self._hooks.claims.why_not(self._ctx, seat, action)
        return refusal if refusal is not None else super()._why_not_answer(seat, action)

    def _draw_choices(self, seat: int) -> tuple[Action, ...]:
        top = pile.max_take(self, seat, kind=None, protect_top=False)
        mode = self.options.pile_take
        if mode is PileTake.OFF:
            top = min(top, 1)
        actions: tuple[Action, ...]
        if self.options.multi_take_mode is MultiTakeMode.ANY and top and mode is not PileTake.OFF:
            picks = self._pick_options(seat, first=True)
            actions = (_DRAW, *Take.up_to(1), *(TakeCard(card) for card in picks))
        elif mode is PileTake.MELD_DEEPEST and top > 1:
            ctx = self._ctx
            takes = Take.up_to(top)
            actions = (
                _DRAW,
                takes[0],
                *(take for take in takes[1:] if deepest_meldable(ctx, seat, take.count)),
            )
        else:
            actions = (_DRAW, *Take.up_to(top))
        return self._hooks.claims.draw_actions(self._ctx, seat, actions)

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
        downs = self._hooks.opening.go_downs(self._ctx, seat)
        if self.options.opening_points and not (self.deal.down[seat] or self.deal.laid[seat]):
            downs = opening_downs(self._ctx, seat, downs)
        result: list[Action] = [*downs, *layoffs(self._ctx, seat, self._layoffs)]
        result += exchanges(self._ctx, seat)
        if self.deal.deepest is not None:
            pass  # pile_take="meld_deepest": no discard, no end, before the deepest is melded
        elif step.discard_step:
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
