"""Possession's own effect: cards played onto the pile (PSSN-5).

>>> from rummykit import parse_cards
>>> from rummykit.games.possession.effects import Played
>>> Played(seat=1, cards=parse_cards("9C 10C")).text
'B plays 9C 10C'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.kit.effects import CardsEffect, Echo

__all__ = ["Played"]


@attrs.frozen
class Played(CardsEffect, Echo):
    """``seat`` played ``cards`` onto the pile."""

    message_code: ClassVar[str] = "effect.played"
