"""One seat's last observation vector and what it counted, for
:meth:`rummykit.rl.ObservationEncoding.update` (which writes only what changed since),
and the two small in-place helpers the update uses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast, final

import numpy as np

from rummykit._compiled import Native
from rummykit.cards import Card
from rummykit.melds import Meld
from rummykit.rl.actions import CARD_COUNT as C
from rummykit.rl.views import contract_values

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


def holds_the_same(new: Sequence[Any], old: tuple[Any, ...]) -> bool:
    """Whether ``new`` (a list or a tuple) holds the very objects of ``old``, in order
    (cards are interned and the state keeps its melds: a changed one is a new object),
    read in place: the caller copies ``new`` only when it changed."""
    size = len(old)
    if len(new) != size:
        return False
    if isinstance(new, list):  # the state's lists: read as lists in the compiled build
        items: list[Any] = new
        for place in range(size):  # noqa: SIM110 (a loop: no generator made per call)
            if items[place] is not old[place]:
                return False
        return True
    for place in range(size):  # noqa: SIM110
        if new[place] is not old[place]:
            return False
    return True


def seat_rows(
    scalars: list[Any],
    sizes: list[int],
    down: list[bool],
    scores: tuple[int, ...],
    order: list[int],
) -> bool:
    """Append each seat's hand size, whether it is down and its score to ``scalars``,
    in the rows ``order`` (the absolute seat of each relative row: seat ``me`` first),
    read from a quick view's lists natively; ``False`` (nothing appended) when they
    are not one number per seat (the caller reads them row by row)."""
    players = len(order)
    if not (len(sizes) == len(down) == len(scores) == players):
        return False
    for row in order:
        scalars.append(sizes[row])
    for row in order:
        scalars.append(down[row])
    for row in order:
        scalars.append(scores[row])
    return True


def same_counts(now: list[int], before: tuple[int, ...] | None) -> bool:
    """Whether the engine's change counts ``now`` are those of ``before`` (``None``:
    none kept), compared in place."""
    if before is None or len(now) != len(before):
        return False
    for place in range(len(now)):  # noqa: SIM110 (a loop: no generator made per call)
        if now[place] != before[place]:
            return False
    return True


def move_one(values: Any, old: int, new: int) -> int:
    """Move a one-hot field's 1 from index ``old`` to ``new`` (-1: nowhere) in a
    vector's ``values`` (its buffer); ``new``."""
    if new != old:
        if old >= 0:
            values[old] = 0.0
        if new >= 0:
            values[new] = 1.0
    return new


@final
class SeatVector(Native):
    """The last vector :meth:`ObservationEncoding.update` made for one seat, and what
    it counted: the hand, the pile's entries, the known cards, the melds,
    the one-hot positions set and the contract (with its numbers)."""

    __slots__ = (
        "contract",
        "contract_values",
        "hand",
        "hand_counts",
        "known",
        "known_changes",
        "known_counts",
        "known_deal",
        "meld_positions",
        "melds",
        "phase",
        "pile",
        "pile_counts",
        "scalars",
        "table_counts",
        "to_act",
        "top",
        "values",
        "vector",
    )

    def __init__(self, size: int, pile_size: int, table_size: int) -> None:
        self.vector = np.zeros(size, dtype=np.float32)
        self.values: Any = memoryview(cast(Any, self.vector))
        """The vector's buffer: one number is written through it several times faster
        than through numpy's indexing."""
        self.hand: tuple[Card, ...] = ()
        self.hand_counts = [0] * C
        """How many of each card (by code) the hand held."""
        self.known: tuple[tuple[Card, ...], ...] | None = None
        self.known_counts: list[dict[Card, int]] = []
        """A copy of each seat's known-card counter as last counted (when the view has
        the state's counters)."""
        self.known_deal: object = None
        """The deal whose counters were last counted (``None``: none, or not known: a
        copy of this vector counts them again)."""
        self.known_changes: tuple[int, ...] | None = None
        """The engine's change counts of each seat's known cards when they were last
        counted."""
        self.melds: tuple[Meld, ...] = ()
        self.meld_positions: list[list[int]] = []
        """Each counted meld's positions in the vector."""
        self.pile: tuple[Any, ...] = ()
        self.pile_counts = [0] * pile_size
        """The pile's and its discarders' counts as the vector holds them."""
        self.table_counts = [0] * table_size
        """The table's and the melds' counts as the vector holds them: a change writes
        only the numbers that differ."""
        self.scalars: list[Any] = []
        """The scalar fields as last written (numbers and flags, in the vector's order)."""
        self.top = self.phase = self.to_act = -1
        self.contract: Any = None
        self.contract_values = contract_values(None)

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle: a new one of the same sizes given every slot but
        ``values`` (a memoryview, made again on the copied vector)."""
        sizes = (len(self.vector), len(self.pile_counts), len(self.table_counts))
        return (type(self), sizes, tuple(getattr(self, n) for n in _COPIED))

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(_COPIED, state, strict=True):
            setattr(self, name, value)
        self.values = memoryview(cast(Any, self.vector))


_COPIED: tuple[str, ...] = ("vector", "hand", "hand_counts", "known", "known_counts", "melds")
_COPIED += ("meld_positions", "pile", "pile_counts", "table_counts", "scalars", "top")
_COPIED += ("phase", "to_act", "contract", "contract_values")
"""What a copy of a seat's vector carries: every slot but the memoryview."""
