"""Possession's own effect: cards played onto the pile (PSSN-5).

>>> from rummykit import parse_cards
>>> from rummykit.games.possession.effects import Played
>>> Played(seat=1, cards=parse_cards("9C 10C")).text
'B plays 9C 10C'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.cards import Card, format_cards
from rummykit.kit.effects import Effect, seat_name

__all__ = ["Played"]


@attrs.frozen
class Played(Effect):
    """``seat`` played ``cards`` onto the pile."""

    seat: int
    cards: tuple[Card, ...]

    echoes: ClassVar[bool] = True

    @property
    def text(self) -> str:
        return f"{seat_name(self.seat)} plays {format_cards(self.cards)}"
