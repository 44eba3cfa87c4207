"""The opening of a game without contracts: any valid melds, at any meld step.

:class:`FreeOpening` needs no schedule: a seat lays down any valid melds of its hand
(the legal actions list them one meld at a time, and a go-down may hold several); after
its first meld the seat counts as down (``match.deal.down``), so a lay-off gate that asks
for a contract down asks for one meld down. Refusals cite the game's clauses (the
match's ``clauses``: ``hold``, ``melds``, ``single_card``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from rummykit.contracts import Contract
from rummykit.engine.actions import Down
from rummykit.engine.contract import down_action
from rummykit.engine.hooks import Opening
from rummykit.errors import IllegalActionError, InvalidMeldError
from rummykit.melds import Meld
from rummykit.solver import arrangements

if TYPE_CHECKING:
    from rummykit.engine.core import ContractRummyMatch

__all__ = ["FreeOpening"]

_SINGLE_MELDS = (Contract.parse("1G"), Contract.parse("1R"))


@attrs.frozen
class FreeOpening(Opening):
    """Lay down any valid melds, from the first turn on; no contract."""

    def go_downs(self, match: ContractRummyMatch, seat: int) -> list[Down]:
        """Every single meld the hand holds (groups, then runs, in the solver's order)
        that leaves a hand the turn rules allow."""
        deal = match.deal
        found: list[Down] = []
        for contract in _SINGLE_MELDS:
            for arrangement in arrangements(
                deal.hands[seat], contract, match.meld_rules, values=match.values
            ):
                table_after = [*deal.table, *arrangement.melds]
                if match.leaves_ok(
                    seat,
                    arrangement.left,
                    down_after=True,
                    table_after=table_after,
                    going_down=not deal.down[seat],
                ):
                    found.append(down_action(arrangement.melds))
        return found

    def check(self, match: ContractRummyMatch, seat: int, action: Down) -> tuple[list[Meld], bool]:
        """The melds of ``action`` if the seat holds their cards, each is valid and the
        hand left is allowed; the seat is down after it."""
        deal = match.deal
        who = match.who(seat)
        if not action.melds:
            raise IllegalActionError(f"{who} lays down no meld", rule=match.clause("melds"))
        needed = Counter(card for cards, _ in action.melds for card in cards)
        missing = needed - Counter(deal.hands[seat])
        if missing:
            cards = " ".join(str(card) for card in sorted(missing.elements(), key=_code))
            raise IllegalActionError(f"{who} {match.lacks(cards)}", rule=match.clause("hold"))
        try:
            melds = [match.meld_rules.validate(cards, roles=roles) for cards, roles in action.melds]
        except InvalidMeldError as error:
            raise IllegalActionError(
                f"{who} cannot lay that down: {error.reason}", rule=match.clause("melds")
            ) from None
        left = list((Counter(deal.hands[seat]) - needed).elements())
        if not match.leaves_ok(
            seat,
            left,
            down_after=True,
            table_after=[*deal.table, *melds],
            going_down=not deal.down[seat],
        ):
            raise IllegalActionError(
                f"{who} may not keep exactly one card here", rule=match.clause("single_card")
            )
        return melds, True


def _code(card: object) -> int:
    return card.code  # type: ignore[attr-defined, no-any-return]
