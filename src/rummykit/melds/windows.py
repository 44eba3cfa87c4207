"""Run windows as integers: every stretch of ranks a run may cover, per ace policy.

A rank set is a 13-bit mask (bit ``rank - 1``). A *window* is one stretch of the rank
circle a run of ``s`` cards may occupy: its ranks in table order (low end first) and
their mask. The validator and the solver only compare masks against these tables.
"""

from __future__ import annotations

from typing import Final, NamedTuple, NoReturn, final

from rummykit._compiled import subclass_refused
from rummykit._memo import BoundedMemo
from rummykit.melds.kinds import AcePolicy

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


FULL = (1 << 13) - 1


@final
class Window(NamedTuple):
    """One stretch of ranks: ``ranks`` low end first, ``wraps`` if it passes K-A-2."""

    start: int
    mask: int
    ranks: tuple[int, ...]
    wraps: bool

    @classmethod
    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        raise subclass_refused(cls)


@final
class WindowTable(NamedTuple):
    """Windows by length (``by_size[s]``) in order of preference, and by mask.

    ``by_mask[s]`` maps a mask to its preferred window of that length: a run of natural
    cards is valid exactly when its mask is a key there.
    """

    by_size: tuple[tuple[Window, ...], ...]
    by_mask: tuple[dict[int, Window], ...]
    orders: frozenset[tuple[int, ...]]
    """Every allowed run as its ranks in table order (a lay-off's quick test)."""

    @classmethod
    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        raise subclass_refused(cls)


def mask_of(ranks: list[int] | tuple[int, ...]) -> int:
    """The mask of ranks numbered 1-13."""
    mask = 0
    for rank in ranks:
        mask |= 1 << (rank - 1)
    return mask


def _allowed(ace: AcePolicy, start: int, size: int) -> bool:
    end = start + size - 1  # 14 means the ace above the king
    low = end <= 13
    high = start >= 2 and end <= 14
    if ace is AcePolicy.LOW:
        return low
    if ace is AcePolicy.HIGH:
        return high
    if ace is AcePolicy.LOW_OR_HIGH:
        return low or high
    return True


_TABLES: Final = BoundedMemo[tuple[AcePolicy, int], WindowTable]("run windows", entries=64)


def window_table(ace: AcePolicy, excluded: int = 0) -> WindowTable:
    """Every window a run may occupy under ``ace``, skipping windows with ``excluded`` ranks
    (remembered: a bounded memo).

    Windows are listed ace-low ones first, then ace-high, then those round the corner,
    each by starting rank: the order that breaks ties when jokers make a run ambiguous.
    """
    found = _TABLES.get((ace, excluded))
    if found is None:
        found = _TABLES.put((ace, excluded), _window_table(ace, excluded))
    return found


def _window_table(ace: AcePolicy, excluded: int) -> WindowTable:
    by_size: list[tuple[Window, ...]] = [()]
    by_mask: list[dict[int, Window]] = [{}]
    for size in range(1, 14):
        windows: list[Window] = []
        for start in range(1, 14):
            if not _allowed(ace, start, size):
                continue
            ranks = tuple((start - 1 + offset) % 13 + 1 for offset in range(size))
            mask = mask_of(ranks)
            if mask & excluded:
                continue
            wraps = start + size - 1 > 14
            windows.append(Window(start, mask, ranks, wraps))
        windows.sort(key=lambda window: (window.wraps, window.start + size - 1 > 13, window.start))
        by_size.append(tuple(windows))
        first: dict[int, Window] = {}
        for window in windows:
            first.setdefault(window.mask, window)
        by_mask.append(first)
    orders = frozenset(window.ranks for windows in by_size for window in windows)
    return WindowTable(tuple(by_size), tuple(by_mask), orders)
