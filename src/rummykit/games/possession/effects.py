"""Possession's own effect: cards played onto the pile (PSSN-5).

>>> from rummykit import parse_cards
>>> from rummykit.games.possession.effects import Played
>>> Played(seat=1, cards=parse_cards("9C 10C")).text
'B plays 9C 10C'
"""

from __future__ import annotations

import attrs

from rummykit.kit.effects import CardsEffect, Echo
from rummykit.messages import Message

__all__ = ["Played"]


@attrs.frozen
class Played(CardsEffect, Echo):
    """``seat`` played ``cards`` onto the pile."""

    @property
    def message(self) -> Message:
        return Message("effect.played", {"seat": self.seat, "cards": self.cards})
