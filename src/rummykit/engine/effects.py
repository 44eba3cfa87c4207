"""The contract-rummy engine's own effects: melds laid down and off, jokers exchanged, and
stock draws that could not be made.

The effects many games share (drew, took from the pile, discarded, refilled, went out)
are the kit's (:mod:`rummykit.kit.effects`).

>>> from rummykit.engine import DrawSkipped
>>> DrawSkipped(seat=1, count=2).text
'2 stock draw(s) skipped (MAYI-14.3)'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.cards import Card
from rummykit.kit.effects import CardEffect, Echo, SeatEffect
from rummykit.melds import Meld


@attrs.frozen
class DrawSkipped(SeatEffect):
    """``count`` stock draws owed by ``seat`` could not be made (MAYI-14.3)."""

    count: int

    message_code: ClassVar[str] = "effect.draw_skipped"


@attrs.frozen
class LaidDown(SeatEffect, Echo):
    """``seat`` laid ``melds`` on the table at positions ``targets``."""

    melds: tuple[Meld, ...]
    targets: tuple[int, ...]
    opened: bool = False
    """The melds completed the seat's contract or opening."""

    message_code: ClassVar[str] = "effect.laid_down"
    message_fields: ClassVar[tuple[str, ...] | None] = ("seat", "melds")


@attrs.frozen
class OnMeld(CardEffect):
    """The base of an effect that put ``seat``'s ``card`` on meld ``target``, which is
    now ``meld``."""

    target: int
    meld: Meld

    message_fields: ClassVar[tuple[str, ...] | None] = ("seat", "card", "target")


@attrs.frozen
class LaidOff(OnMeld, Echo):
    """``seat`` laid ``card`` off on meld ``target``, which is now ``meld``."""

    message_code: ClassVar[str] = "effect.laid_off"


@attrs.frozen
class JokerExchanged(CardEffect, Echo):
    """``seat`` put ``card`` in place of ``joker`` in meld ``target`` (POSSO-11.6)."""

    joker: Card
    target: int
    meld: Meld

    message_code: ClassVar[str] = "effect.joker_exchanged"
    message_fields: ClassVar[tuple[str, ...] | None] = ("seat", "card", "target")
