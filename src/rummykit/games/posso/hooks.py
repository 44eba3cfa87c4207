"""Posso?'s hooks on the contract-rummy engine: the opening minimum and free melding
after it (POSSO-12, 13.1), who may lay off and exchange jokers (POSSO-11.6, 13.2, 13.3),
and forced play (POSSO-14): no ready meld kept in hand, no playable card discarded.

What they ask of a position is in :mod:`rummykit.games.posso.listing` (compiled in the
compiled build). The classes are final: a house rule writes its own hook on the bases
of :mod:`rummykit.engine.hooks` and may hold one of these to ask it (composition).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, final

import attrs

from rummykit.engine.actions import Down
from rummykit.engine.contract import bounded_go_downs, cards_left, check_hand_left, valid_melds
from rummykit.engine.hooks import ActionFilter, ExchangeGate, LayOffGate, Opening, Refusal
from rummykit.errors import ContractError, IllegalActionError
from rummykit.games.posso.listing import (
    forced_filter,
    may_lay_off_on,
    others_melds_refusal,
    plain_refusal,
    ready_meld,
    screened_go_downs,
)
from rummykit.kit.actions import Action, Discard
from rummykit.melds import Meld
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext

__all__ = ["ForcedPlay", "PossoExchangeGate", "PossoLayOffGate", "PossoOpening"]


@final
@attrs.frozen
class PossoOpening(Opening):
    """POSSO-12: open with the requirement (a minimum unless ``opening_exact``), then
    lay down any new melds (POSSO-13.1)."""

    def go_downs(self, ctx: TurnContext[Any], seat: int) -> list[Down]:
        """An opening's arrangements before opening; single new melds after (at most
        :data:`~rummykit.engine.contract.MAX_LISTED_GO_DOWNS`, in the solver's order).

        The counting screen answers most meld steps: then no generator is made."""
        found = screened_go_downs(ctx, seat)
        return [] if found is None else bounded_go_downs(found)

    def each_go_down(self, ctx: TurnContext[Any], seat: int) -> Iterator[Down]:
        """Every legal laydown now, lazily (none where counting shows there is none)."""
        found = screened_go_downs(ctx, seat)
        return iter(()) if found is None else found

    def check(self, ctx: TurnContext[Any], seat: int, action: Down) -> tuple[list[Meld], bool]:
        """Valid melds from the hand; before opening they must meet the requirement."""
        opened = ctx.deal.down[seat]
        melds = valid_melds(ctx, seat, action, code="meld.bad", melds="POSSO-10")
        if not opened:
            opening = ctx.deal.contract  # every Posso? deal has one (POSSO-12)
            assert opening is not None
            try:
                opening.check(melds, ctx.meld_rules)
            except ContractError as error:
                message = Message("open.not_met", {"seat": seat, "detail": error.message})
                raise IllegalActionError(message, rule="POSSO-12.2") from None
        left = cards_left(ctx, seat, action, hold="POSSO-12.1")
        check_hand_left(
            ctx, seat, left, melds, down_after=True, going_down=not opened, rule="POSSO-15.3"
        )
        return melds, True


@final
@attrs.frozen
class PossoLayOffGate(LayOffGate):
    """POSSO-12.1, 13.2, 13.3: once opened, on one's own melds; on every meld once
    everyone has opened; maybe not in the step in which one opened."""

    same_turn: bool = True
    depends_on_target: ClassVar[bool] = True

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        """Why ``seat`` may not lay off on meld ``target`` now."""
        deal = ctx.deal
        if not deal.down[seat]:
            return "POSSO-12.1", Message("open.not_opened", {"seat": seat})
        if not self.same_turn and deal.step.seat == seat and deal.down_turn[seat] == deal.turns:
            return "POSSO-13.2", Message("layoff.next_turn", {"seat": seat})
        if target is not None and deal.table[target].owner != seat and not all(deal.down):
            return others_melds_refusal(ctx, seat)
        return None

    def permits(self, ctx: TurnContext[Any], seat: int) -> bool:
        """:meth:`refusal` of no meld in particular is ``None`` (answered without writing
        the refusal: every meld step asks)."""
        deal = ctx.deal
        if not deal.down[seat]:
            return False
        return self.same_turn or deal.step.seat != seat or deal.down_turn[seat] != deal.turns

    def after_going_down(self, ctx: TurnContext[Any]) -> bool:
        """``layoff_same_turn_as_contract``."""
        return self.same_turn


@final
@attrs.frozen
class PossoExchangeGate(ExchangeGate):
    """POSSO-11.6: an opened player exchanges on melds they may lay off on."""

    to_hand: bool = False

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        """Refused before opening, or on a meld they may not lay off on."""
        if not ctx.deal.down[seat]:
            return "POSSO-11.6", Message("open.not_opened", {"seat": seat})
        if target is not None and not may_lay_off_on(ctx, seat, target):
            return "POSSO-11.6", Message("exchange.not_on_meld", {"seat": seat, "target": target})
        return None


@final
@attrs.frozen
class ForcedPlay(ActionFilter):
    """POSSO-14.2: no discard while a ready meld is held; POSSO-14.4 ``strict``: no
    playable card discarded; POSSO-8.2 ``pile_take_requires_meld``."""

    def refusal(self, ctx: TurnContext[Any], seat: int, action: Action) -> Refusal | None:
        """Why forced play forbids ``action``."""
        if isinstance(action, Discard) and ready_meld(ctx, seat):
            return "POSSO-14.2", Message("forced.ready_meld", {"seat": seat})
        return self.plain_refusal(ctx, seat, action)

    def plain_refusal(self, ctx: TurnContext[Any], seat: int, action: Action) -> Refusal | None:
        """:meth:`refusal` without the ready-meld check (POSSO-8.2, 14.4)."""
        return plain_refusal(ctx, seat, action)

    def filter(
        self, ctx: TurnContext[Any], seat: int, actions: Sequence[Action]
    ) -> tuple[Action, ...]:
        """Every action forced play allows (each check about the position made once)."""
        return forced_filter(ctx, seat, actions)
