"""The opening of a game without contracts: any valid melds, at any meld step.

:class:`FreeOpening` needs no schedule: a seat lays down any valid melds of its hand
(the legal actions list them one meld at a time, and a go-down may hold several); after
its first meld the seat counts as down (``match.deal.down``), so a lay-off gate that asks
for a contract down asks for one meld down. Refusals cite the game's clauses (the
match's ``clauses``: ``hold``, ``melds``, ``single_card``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, final

import attrs

from rummykit.contracts import Contract
from rummykit.engine.actions import Down
from rummykit.engine.contract import allowed_go_downs, check_hand_left, held_melds
from rummykit.engine.hooks import Opening
from rummykit.errors import IllegalActionError
from rummykit.melds import Meld
from rummykit.messages import Message
from rummykit.solver import arrangements

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext

_SINGLE_MELDS = (Contract.parse("1G"), Contract.parse("1R"))


@final
@attrs.frozen
class FreeOpening(Opening):
    """Lay down any valid melds, from the first turn on; no contract."""

    def go_downs(self, ctx: TurnContext[Any], seat: int) -> list[Down]:
        """Every single meld the hand holds (groups, then runs, in the solver's order)
        that leaves a hand the turn rules allow."""
        deal = ctx.deal
        found = (
            arrangement
            for contract in _SINGLE_MELDS
            for arrangement in arrangements(
                deal.hands[seat], contract, ctx.meld_rules, values=ctx.values
            )
        )
        return list(allowed_go_downs(ctx, seat, found, going_down=not deal.down[seat]))

    def check(self, ctx: TurnContext[Any], seat: int, action: Down) -> tuple[list[Meld], bool]:
        """The melds of ``action`` if the seat holds their cards, each is valid and the
        hand left is allowed; the seat is down after it."""
        clause = ctx.clause
        if not action.melds:
            message = Message("down.empty", {"seat": seat})
            raise IllegalActionError(message, rule=clause("melds"))
        melds, left = held_melds(
            ctx, seat, action, code="meld.bad", hold=clause("hold"), melds=clause("melds")
        )
        check_hand_left(
            ctx,
            seat,
            left,
            melds,
            down_after=True,
            going_down=not ctx.deal.down[seat],
            rule=clause("single_card"),
        )
        return melds, True
