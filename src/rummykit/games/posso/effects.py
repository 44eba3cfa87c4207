"""Posso?'s own effects: a free claim (POSSO-9), a playable discard flagged and its
correction (POSSO-14.4, 14.5).

>>> from rummykit import parse_card
>>> from rummykit.games.posso.effects import Flagged
>>> Flagged(seat=0, card=parse_card("7H")).text
'A discarded a playable 7H (POSSO-14.4)'
"""

from __future__ import annotations

import attrs

from rummykit.cards import Card
from rummykit.kit.effects import Effect, seat_name
from rummykit.melds import Meld

__all__ = ["Claimed", "Corrected", "Flagged"]


@attrs.frozen
class Claimed(Effect):
    """``seat`` claimed ``card`` out of turn, free, and laid it down at once in ``melds``
    (at ``targets``), or took it into the hand (Posso?'s "Posso?", POSSO-9)."""

    seat: int
    card: Card
    melds: tuple[Meld, ...]
    targets: tuple[int, ...]
    opened: bool = False

    @property
    def text(self) -> str:
        melds = " / ".join(str(meld) for meld in self.melds) or "into the hand"
        return f"{seat_name(self.seat)} claims {self.card}: {melds}"


@attrs.frozen
class Flagged(Effect):
    """``seat`` discarded ``card``, which he could have laid off (POSSO-14.4)."""

    seat: int
    card: Card

    @property
    def text(self) -> str:
        return f"{seat_name(self.seat)} discarded a playable {self.card} (POSSO-14.4)"


@attrs.frozen
class Corrected(Effect):
    """``seat`` put the flagged ``card`` on meld ``target`` (POSSO-14.5)."""

    seat: int
    card: Card
    target: int
    meld: Meld

    @property
    def text(self) -> str:
        return f"{seat_name(self.seat)} puts {self.card} on meld {self.target}"
