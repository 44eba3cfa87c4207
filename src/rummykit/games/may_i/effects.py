"""May I?'s own effect: a buy out of turn, with its penalty cards (MAYI-9).

>>> from rummykit.games.may_i.effects import Bought
>>> Bought(seat=2, kind="buy", pile_cards=1, penalty_cards=1).is_buy
True
"""

from __future__ import annotations

import attrs

from rummykit.kit.effects import Effect, seat_name

__all__ = ["Bought"]


@attrs.frozen
class Bought(Effect):
    """``seat`` bought the disputed card out of turn: ``kind`` is ``buy`` (asked and
    allowed), ``forced`` (refused a request, MAYI-9.7c) or ``refusal`` (P1's take, 9.9);
    ``pile_cards`` were taken and ``penalty_cards`` stock cards paid for them."""

    seat: int
    kind: str
    pile_cards: int
    penalty_cards: int

    @property
    def is_buy(self) -> bool:
        """A buy counts against the buy limit; P1's refusal take does not (MAYI-9.11)."""
        return self.kind in ("buy", "forced")

    @property
    def text(self) -> str:
        return (
            f"{seat_name(self.seat)} {self.kind}: {self.pile_cards} pile card(s), "
            f"{self.penalty_cards} penalty card(s)"
        )
