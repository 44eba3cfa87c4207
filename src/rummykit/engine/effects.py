"""The contract-rummy engine's own effects: melds laid down and off, jokers exchanged, and
stock draws that could not be made.

The effects many games share (drew, took from the pile, discarded, refilled, went out)
are the kit's (:mod:`rummykit.kit.effects`).

>>> from rummykit.engine import DrawSkipped
>>> DrawSkipped(seat=1, count=2).text
'2 stock draw(s) skipped (MAYI-14.3)'
"""

from __future__ import annotations

import attrs

from rummykit.cards import Card
from rummykit.kit.effects import CardEffect, Echo, SeatEffect
from rummykit.melds import Meld


@attrs.frozen
class DrawSkipped(SeatEffect):
    """``count`` stock draws owed by ``seat`` could not be made (MAYI-14.3)."""

    count: int

    @property
    def text(self) -> str:
        return f"{self.count} stock draw(s) skipped (MAYI-14.3)"


@attrs.frozen
class LaidDown(SeatEffect, Echo):
    """``seat`` laid ``melds`` on the table at positions ``targets``."""

    melds: tuple[Meld, ...]
    targets: tuple[int, ...]
    opened: bool = False
    """The melds completed the seat's contract or opening."""

    @property
    def deed(self) -> str:
        return "lays down " + " / ".join(str(meld) for meld in self.melds)


@attrs.frozen
class OnMeld(CardEffect):
    """The base of an effect that put ``seat``'s ``card`` on meld ``target``, which is
    now ``meld``."""

    target: int
    meld: Meld


@attrs.frozen
class LaidOff(OnMeld, Echo):
    """``seat`` laid ``card`` off on meld ``target``, which is now ``meld``."""

    @property
    def deed(self) -> str:
        return f"lays {self.card} off on meld {self.target}"


@attrs.frozen
class JokerExchanged(CardEffect, Echo):
    """``seat`` put ``card`` in place of ``joker`` in meld ``target`` (POSSO-11.6)."""

    joker: Card
    target: int
    meld: Meld

    @property
    def deed(self) -> str:
        return f"exchanges {self.card} for the joker in meld {self.target}"
