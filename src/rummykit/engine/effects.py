"""The contract-rummy engine's own effects: melds laid down and off, jokers exchanged, and
stock draws that could not be made.

The effects many games share (drew, took from the pile, discarded, refilled, went out)
are the kit's (:mod:`rummykit.kit.effects`).

>>> from rummykit.engine.effects import DrawSkipped
>>> DrawSkipped(seat=1, count=2).text
'2 stock draw(s) skipped (MAYI-14.3)'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.cards import Card
from rummykit.kit.effects import Effect, seat_name
from rummykit.melds import Meld

__all__ = ["DrawSkipped", "JokerExchanged", "LaidDown", "LaidOff"]


@attrs.frozen
class DrawSkipped(Effect):
    """``count`` stock draws owed by ``seat`` could not be made (MAYI-14.3)."""

    seat: int
    count: int

    @property
    def text(self) -> str:
        return f"{self.count} stock draw(s) skipped (MAYI-14.3)"


@attrs.frozen
class LaidDown(Effect):
    """``seat`` laid ``melds`` on the table at positions ``targets``."""

    seat: int
    melds: tuple[Meld, ...]
    targets: tuple[int, ...]
    opened: bool = False
    """The melds completed the seat's contract or opening."""

    echoes: ClassVar[bool] = True

    @property
    def text(self) -> str:
        melds = " / ".join(str(meld) for meld in self.melds)
        return f"{seat_name(self.seat)} lays down {melds}"


@attrs.frozen
class LaidOff(Effect):
    """``seat`` laid ``card`` off on meld ``target``, which is now ``meld``."""

    seat: int
    card: Card
    target: int
    meld: Meld

    echoes: ClassVar[bool] = True

    @property
    def text(self) -> str:
        return f"{seat_name(self.seat)} lays {self.card} off on meld {self.target}"


@attrs.frozen
class JokerExchanged(Effect):
    """``seat`` put ``card`` in place of ``joker`` in meld ``target`` (POSSO-11.6)."""

    seat: int
    card: Card
    joker: Card
    target: int
    meld: Meld

    echoes: ClassVar[bool] = True

    @property
    def text(self) -> str:
        return f"{seat_name(self.seat)} exchanges {self.card} for the joker in meld {self.target}"
