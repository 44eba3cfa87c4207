"""Possession's own effect: cards played onto the pile (PSSN-5).

>>> from rummykit import parse_cards
>>> from rummykit.games.possession.effects import Played
>>> Played(seat=1, cards=parse_cards("9C 10C")).text
'B plays 9C 10C'
"""

from __future__ import annotations

import attrs

from rummykit.cards import format_cards
from rummykit.kit.effects import CardsEffect, Echo

__all__ = ["Played"]


@attrs.frozen
class Played(CardsEffect, Echo):
    """``seat`` played ``cards`` onto the pile."""

    @property
    def deed(self) -> str:
        return f"plays {format_cards(self.cards)}"
