"""Least deadwood of a one-deck hand without wild cards, on tables.

Without wild cards and with no card twice, melds of different suits never share a card,
and a group takes at most one card of each suit. So the best packing is: choose the
groups (few ranks are held three times), then in each suit independently the best runs
of the cards left. The best runs of one suit depend only on its 13-bit rank mask; they
are filled into a table per rules and card values as masks turn up (at most 8,192 each),
as is the best runs after throwing one card of the suit away (the 11-card count).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Final, final

from rummykit._compiled import Native
from rummykit._memo import BoundedMemo
from rummykit.melds import MeldRules
from rummykit.melds.windows import Window, mask_of, window_table
from rummykit.scoring import CardValues
from rummykit.solver._tables import GROUP, RUN, Candidate

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


_FULL: Final = 0x1FFF
_NONE: Final = -(1 << 40)


@final
class _Tables(Native):
    """Per rules and card values: run tables by suit mask and group options by rank."""

    def __init__(self, rules: MeldRules, values: CardValues) -> None:
        ranks = values.ranks
        self.rank_value = ranks
        excluded = 0 if rules.wild_as_natural else mask_of(sorted(int(r) for r in rules.wild_ranks))
        table = window_table(rules.ace, excluded)
        low = max(rules.run_min, rules.run_min_naturals)
        containing: list[list[tuple[int, int, Window]]] = [[] for _ in range(13)]
        for size in range(low, rules.run_max + 1):
            for window in table.by_size[size]:
                points = sum(ranks[rank - 1] for rank in window.ranks)
                for rank in window.ranks:
                    containing[rank - 1].append((window.mask, points, window))
        self.containing = containing
        self.best: list[int | None] = [None] * 8192
        self.best[0] = 0
        self.choice: list[Window | None] = [None] * 8192
        self.throw: list[int | None] = [None] * 8192
        self.throw[0] = _NONE
        self.thrown: list[int] = [-1] * 8192
        self.sum = [0] * 8192
        for mask in range(1, 8192):
            low_bit = mask & -mask
            self.sum[mask] = self.sum[mask ^ low_bit] + ranks[low_bit.bit_length() - 1]
        self.smallest = max(rules.group_min, rules.group_min_naturals, 1)
        self.top = min(4, rules.group_max if rules.group_max is not None else 4)
        self.options: dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]] = {}

    def runs(self, mask: int) -> int:
        """The most points runs can take from one suit's ranks ``mask``."""
        found = self.best[mask]
        if found is not None:
            return found
        best = self.best
        low_bit = mask & -mask
        rest = mask ^ low_bit
        top = best[rest]
        if top is None:
            top = self.runs(rest)
        choice = None
        for wmask, points, window in self.containing[low_bit.bit_length() - 1]:
            if wmask & mask == wmask:
                left = mask & ~wmask
                got = best[left]
                if got is None:
                    got = self.runs(left)
                if points + got > top:
                    top = points + got
                    choice = window
        self.choice[mask] = choice  # before ``best``, which tells other threads it is done
        best[mask] = top
        return top

    def runs_after_throw(self, mask: int) -> int:
        """The most of (one card's points + runs of the rest), over the card thrown."""
        found = self.throw[mask]
        if found is not None:
            return found
        top = _NONE
        thrown = -1
        ranks = self.rank_value
        bits = mask
        while bits:
            bit = bits & -bits
            bits ^= bit
            rank = bit.bit_length() - 1
            got = ranks[rank] + self.runs(mask ^ bit)
            if got >= top:  # ties go to the higher card, as a player would throw
                top, thrown = got, rank
        self.thrown[mask] = thrown  # before ``throw``, which tells other threads it is done
        self.throw[mask] = top
        return top

    def group_options(
        self, rank: int, pattern: int
    ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """(card mask, points, codes) of each group of ``rank`` (0-12) from suits
        ``pattern``, after the option of no group."""
        key = rank << 4 | pattern
        found = self.options.get(key)
        if found is None:
            held = [13 * suit + rank for suit in range(4) if pattern >> suit & 1]
            points = self.rank_value[rank]
            made: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
            for size in range(self.smallest, min(len(held), self.top) + 1):
                for combo in combinations(held, size):
                    cards = 0
                    for code in combo:
                        cards |= 1 << code
                    made.append((cards, points * size, combo))
            found = self.options[key] = tuple(made)
        return found


_TABLES: Final = BoundedMemo[tuple[MeldRules, CardValues], _Tables](
    "solver one-deck tables", rules=1
)


def _tables(rules: MeldRules, values: CardValues) -> _Tables:
    """The tables of ``rules`` and ``values``; the last pair asked for is matched by
    identity first (callers repeat it), which spares hashing the two attrs values."""
    return _TABLES.pair(rules, values, _Tables)


def _group_ranks(a: int, b: int, c: int, d: int, smallest: int) -> int:
    """The ranks held in at least ``smallest`` suits."""
    if smallest <= 2:
        return (a & (b | c | d)) | (b & (c | d)) | (c & d)
    if smallest == 3:
        return (a & b & (c | d)) | ((a | b) & c & d)
    if smallest == 4:
        return a & b & c & d
    return 0


def one_deck_used(
    rules: MeldRules, values: CardValues, hand_mask: int, discard: bool
) -> tuple[int, int]:
    """(the most points melds take, plus the thrown card's with ``discard``; the total).

    ``hand_mask`` has bit ``code`` for each card held (no joker, no card twice).
    """
    t = _tables(rules, values)
    total, options = _group_choices(t, hand_mask)
    return _best_groups(t, hand_mask, options, discard)[0], total


_Group = tuple[int, int, tuple[int, ...]]
"""A group option: (card mask, points, codes)."""


def _group_choices(t: _Tables, hand_mask: int) -> tuple[int, list[tuple[_Group, ...]]]:
    """The hand's points, and the group options of each rank it could make a group of."""
    a = hand_mask & _FULL
    b = hand_mask >> 13 & _FULL
    c = hand_mask >> 26 & _FULL
    d = hand_mask >> 39
    total = t.sum[a] + t.sum[b] + t.sum[c] + t.sum[d]
    ranks = _group_ranks(a, b, c, d, t.smallest)
    options = []
    while ranks:
        bit = ranks & -ranks
        ranks ^= bit
        rank = bit.bit_length() - 1
        pattern = (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2
        options.append(t.group_options(rank, pattern | (d >> rank & 1) << 3))
    return total, options


def _best_groups(
    t: _Tables, hand_mask: int, options: list[tuple[_Group, ...]], discard: bool
) -> tuple[int, tuple[_Group, ...]]:
    """The most points one group option per rank and the runs of the rest take (and
    the thrown card's with ``discard``), and those group options."""
    top = _NONE
    chosen: tuple[_Group, ...] = ()
    for combo in product(*options):
        taken = 0
        points = 0
        for cards, worth, _ in combo:
            taken |= cards
            points += worth
        got = points + _suits_value(t, hand_mask & ~taken, discard)
        if got > top:
            top, chosen = got, combo
    return top, chosen


def _suits_value(t: _Tables, rest: int, discard: bool) -> int:
    """The most points runs take from each suit of ``rest`` (with ``discard``, plus the
    most that throwing one card away gains in any one suit)."""
    best = t.best
    throw = t.throw
    got = 0
    gain = _NONE
    for shift in range(0, 52, 13):
        mask = rest >> shift & _FULL
        found = best[mask]
        runs = t.runs(mask) if found is None else found
        got += runs
        if discard and mask:
            thrown = throw[mask]
            if thrown is None:
                thrown = t.runs_after_throw(mask)
            if thrown - runs > gain:
                gain = thrown - runs
    return got + gain if discard else got


def one_deck_deadwood(
    rules: MeldRules, values: CardValues, hand_mask: int, discard: bool
) -> tuple[int, tuple[Candidate, ...], int]:
    """Best packing of disjoint melds: (points left, melds, discarded code or -1)."""
    t = _tables(rules, values)
    total, options = _group_choices(t, hand_mask)
    chosen = _best_groups(t, hand_mask, options, discard)[1]
    melds: list[Candidate] = []
    taken = 0
    for cards, worth, codes in chosen:
        if codes:
            taken |= cards
            melds.append(Candidate(GROUP, codes[0] % 13 + 1, codes, (), None, (), worth))
    rest = hand_mask & ~taken
    thrown = -1
    masks = [rest >> (13 * suit) & _FULL for suit in range(4)]
    if discard:
        gain = _NONE
        where = -1
        for suit, mask in enumerate(masks):
            if mask:
                extra = t.runs_after_throw(mask) - t.runs(mask)
                if extra >= gain:
                    gain, where = extra, suit
        rank = t.thrown[masks[where]]
        thrown = 13 * where + rank
        masks[where] &= ~(1 << rank)
    for suit, mask in enumerate(masks):
        while mask:
            t.runs(mask)
            window = t.choice[mask]
            if window is None:
                mask &= mask - 1
                continue
            codes = tuple(13 * suit + rank - 1 for rank in window.ranks)
            points = sum(t.rank_value[rank - 1] for rank in window.ranks)
            melds.append(Candidate(RUN, suit, codes, (), window, (), points))
            mask &= ~window.mask
    used = sum(meld.points for meld in melds)
    if discard:
        used += t.rank_value[thrown % 13]
    return total - used, tuple(melds), thrown
