"""The named parts of an observation vector: :class:`Field` and the layout the
:class:`~rummykit.rl.ObservationEncoding` lays them out in."""

from __future__ import annotations

from typing import Final, final

import attrs
import numpy as np

from rummykit._sealed import Sealed
from rummykit.rl.actions import CARD_COUNT

C: Final = CARD_COUNT
_INF = float("inf")


@final
@attrs.frozen
class Field(Sealed):
    """One named part of the vector: ``shape`` at ``offset``; ``low`` and ``high`` bound
    its values."""

    name: str
    shape: tuple[int, ...]
    offset: int
    low: float = 0.0
    high: float = _INF
    doc: str = ""

    @property
    def size(self) -> int:
        """How many numbers the field has."""
        return int(np.prod(self.shape))

    @property
    def slice(self) -> slice:
        """Where the field is in the vector."""
        return slice(self.offset, self.offset + self.size)


def layout(players: int, melds: int, phases: int) -> list[tuple[str, tuple[int, ...], float, str]]:
    """Each part of the vector in order: its name, shape, lowest value and meaning, for
    ``players`` seats, ``melds`` meld places and ``phases`` phases."""
    p = players
    meld_width = 1 + 2 + (p + 1) + 4 + 13 + C
    return [
        ("hand", (C,), 0.0, "the seat's own hand, card counts"),
        ("pile_top", (C,), 0.0, "the top card of the discard pile (one-hot; zeros if empty)"),
        ("pile", (C,), 0.0, "every pile card the seat may see, counts"),
        (
            "pile_by_discarder",
            (p + 1, C),
            0.0,
            "the visible pile cards by who discarded them (relative seats; last row: nobody)",
        ),
        ("known", (p, C), 0.0, "cards each seat is known to hold (taken from the pile)"),
        ("table_by_owner", (p + 1, C), 0.0, "cards in melds on the table by owner (last: none)"),
        (
            "melds",
            (melds, meld_width),
            0.0,
            "per meld number: present, group, run, owner one-hot (relative, last: none), "
            "suit one-hot, the ranks its cards play (counts, A..K), its cards (counts)",
        ),
        ("phase", (phases,), 0.0, "the phase, one-hot over the game's phases"),
        ("to_act", (p + 1,), 0.0, "the seat to act (relative, one-hot; last: the table)"),
        ("pile_size", (1,), 0.0, "how many pile cards the seat may see"),
        ("stock_size", (1,), 0.0, "cards in the stock"),
        ("hand_sizes", (p,), 0.0, "each seat's hand size"),
        ("down", (p,), 0.0, "whether each seat has its contract down (or has opened)"),
        ("scores", (p,), -_INF, "each seat's match score so far"),
        ("deal", (1,), 0.0, "the deal number, from 1"),
        (
            "contract",
            (5,),
            0.0,
            "groups and runs required, their least sizes, whether exact (zeros: none)",
        ),
    ]
