"""Counting bounds on the melds a set of cards may hold: a screen before the solver.

Posso? asks the solver far more often than it finds anything: each claim window lists
every eligible seat's claim laydowns, and each meld step lists the go-downs and asks
whether a ready meld is held (POSSO-9.5, 12, 14.1). Counting a rank's cards, and a suit's
cards in each window of consecutive ranks, shows most of those answers empty at a tenth
of the cost. Every bound here is a necessary condition only: it ignores what limits melds
further (distinct suits, wild cards at a run's end or per natural card, the solver's
pairing of melds with cards) and lets every wild card serve each meld (only where an
opening asks for a group and a run does it count the wild cards the two need together),
so where it says "no" the solver would find nothing, and where it says "maybe" the
solver decides.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, final

from rummykit._compiled import Native
from rummykit._memo import BoundedMemo
from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.melds import AcePolicy, MeldKind, MeldRules

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


_JOKER = 52
_RANKS = 0x3FFE
"""Bits 1-13: a rank's place in a suit's mask (bit 14 is the ace above the king)."""

_PLACES = tuple(1 << (code % 13 + 1) | (0x4000 if code % 13 == 0 else 0) for code in range(52))
"""A natural card's bits in its suit's mask: its rank, and 14 too for an ace."""

_BIT = [*(_PLACES[code] << 16 * (code // 13) for code in range(52)), 0]
"""A card's bits in the masks of all suits: 16 bits a suit (a joker: none)."""
_RANK_OF = [*(code % 13 + 1 for code in range(52)), 0]
"""A card's rank, 1-13 (a joker: 0)."""

_LIVE_MAX: Final = 50_000
_LIVE: Final = BoundedMemo[int, int]("posso live ranks", entries=_LIVE_MAX)
"""Live-rank masks by suit mask, run size, wild cards and wrap (see :func:`_live`)."""


def count_cards(cards: Iterable[Card], rules: MeldRules) -> Reach:
    """Count ``cards``: what counting allows them to meld under ``rules``."""
    counts = [0] * 14
    masks = 0
    for card in cards:
        code = card.code
        counts[_RANK_OF[code]] += 1
        masks |= _BIT[code]
    return Reach(rules, counts, masks)


@final
class Reach(Native):
    """What counting allows a set of cards to meld under ``rules`` (made by
    :func:`count_cards`, or from another by :meth:`plus`).

    ``counts`` holds each rank's number of cards (1 ace to 13 king; 0: the jokers);
    ``masks`` each suit's ranks held (16 bits a suit: bit 1 ace to bit 13 king, and bit
    14 for an ace above the king); the wild cards are a count that no meld may use more
    of than ``max_jokers_per_meld``.
    """

    __slots__ = ("_largest", "counts", "held", "masks", "rules", "wild", "wrap")

    def __init__(
        self, rules: MeldRules, counts: list[int], masks: int, *, like: Reach | None = None
    ) -> None:
        """``like``: a counting of cards with the same wild cards, whose wild count and
        wrap are taken as they are (:meth:`plus` of a natural card)."""
        self.rules = rules
        self.counts = counts
        self.masks = masks
        self._largest = -1  # the most cards of one rank, counted when first asked
        if like is not None:  # the same wild cards as ``like`` (see plus)
            self.held: int = like.held
            self.wild: int = like.wild
            self.wrap: int = like.wrap
            return
        held = counts[0]
        wild_ranks = rules.wild_ranks
        if wild_ranks:  # wild, and natural too where it fits: both count
            held += sum([counts[rank] for rank in wild_ranks])
        cap = rules.max_jokers_per_meld
        if not rules.jokers_allowed:
            held = 0
        self.held = held
        """The wild cards that melds may use, all told."""
        if cap is not None and held > cap:
            held = cap
        self.wild = held
        """The wild cards one meld may use."""
        self.wrap = int(rules.ace is AcePolicy.WRAP)
        """1 where runs turn the corner (K-A-2), else 0."""

    def plus(self, card: Card) -> Reach:
        """What counting allows these cards and ``card`` (a claim's cards, or a hand
        after a draw) without counting them again."""
        code = card.code
        counts = self.counts.copy()
        rank = _RANK_OF[code]
        counts[rank] += 1
        rules = self.rules
        if code == _JOKER or (rules.wild_ranks and rank in rules.wild_ranks):
            return Reach(rules, counts, self.masks | _BIT[code])
        return Reach(rules, counts, self.masks | _BIT[code], like=self)

    def holds(self, card: Card) -> bool:
        """False only where no meld of these cards (``card`` among them) contains
        ``card``."""
        rules = self.rules
        code = card.code
        if code == _JOKER or (rules.wild_ranks and card.rank in rules.wild_ranks):
            return self.any_meld()
        rank = code % 13 + 1
        if self.counts[rank] + self.wild >= rules.group_min:
            return True
        return bool(self.live(code // 13, rules.run_min) >> rank & 1)

    def fits(self, card: Card) -> bool:
        """:meth:`holds` of these cards and ``card`` (see :meth:`plus`): False only where
        no meld of them contains ``card``."""
        rules = self.rules
        code = card.code
        if code == _JOKER or (rules.wild_ranks and card.rank in rules.wild_ranks):
            return self.plus(card).any_meld()
        rank = _RANK_OF[code]
        wild = self.wild
        if self.counts[rank] + 1 + wild >= rules.group_min:
            return True
        mask = (self.masks >> 16 * (code // 13) & 0xFFFF) | _PLACES[code]
        return bool(_live_of(mask, rules.run_min, wild, self.wrap) >> rank & 1)

    def any_meld(self) -> bool:
        """False only where these cards hold no meld."""
        rules = self.rules
        return self.group(rules.group_min) or self.run(rules.run_min)

    def may_meet(self, contract: Contract) -> bool:
        """False only where these cards cannot meet ``contract``: a group as large as
        its smallest group, a run as long as its shortest run, and, where it asks for
        both, the wild cards the two lack at the least, together (two melds of one
        arrangement share no card)."""
        group, run = _smallest(contract, self.rules)
        return self._may_meet(self._most(), self.masks, group, run)

    def may_meet_with(self, card: Card, contract: Contract) -> bool:
        """:meth:`may_meet` of these cards and ``card`` (see :meth:`plus`)."""
        rules = self.rules
        if _wild(card, rules):
            return self.plus(card).may_meet(contract)
        code = card.code
        group, run = _smallest(contract, rules)
        most = max(self._most(), self.counts[_RANK_OF[code]] + 1)
        return self._may_meet(most, self.masks | _BIT[code], group, run)

    def _may_meet(self, most: int, masks: int, group: int, run: int) -> bool:
        """:meth:`may_meet` of cards with ``most`` cards of one rank and the suits'
        ``masks``, for a smallest ``group`` and ``run`` (0: none asked)."""
        wild = self.wild
        if group and most + wild < group:
            return False
        if not run:
            return True
        if not group:
            return _any_run(masks, run, wild, self.wrap)
        missing = _fewest_missing(masks, run, self.wrap)
        # The run lacks at least ``missing`` cards, the group at least ``group - most``:
        # wild cards each, and no wild card serves both.
        return missing <= wild and max(group - most, 0) + missing <= self.held

    def group(self, size: int) -> bool:
        """False only where no group of ``size`` cards is held."""
        return self._most() + self.wild >= size

    def _most(self) -> int:
        most = self._largest
        if most < 0:
            most = self._largest = max(self.counts[1:])
        return most

    def run(self, size: int) -> bool:
        """False only where no run of ``size`` cards is held."""
        return _any_run(self.masks, size, self.wild, self.wrap)

    def live(self, suit: int, size: int) -> int:
        """The ranks of ``suit`` (bits 1-13) that lie in a window of ``size`` consecutive
        ranks holding at least ``size`` cards with the wild cards."""
        return _live_of(self.masks >> 16 * suit & 0xFFFF, size, self.wild, self.wrap)


def _wild(card: Card, rules: MeldRules) -> bool:
    """Whether ``card`` is wild under ``rules`` (a joker, or of a wild rank)."""
    return card.code == _JOKER or bool(rules.wild_ranks and card.rank in rules.wild_ranks)


def _any_run(masks: int, size: int, wild: int, wrap: int) -> bool:
    """:meth:`Reach.run` of the suits' ``masks`` (:func:`_live_of` written out: a call a
    suit costs more than the look-up)."""
    if wild > size:
        wild = size
    rest = size << 15 | wild << 20 | wrap << 25
    while masks:
        mask = masks & 0xFFFF
        if mask:
            found = _LIVE.get(mask | rest)
            if found is None:
                found = _live(mask, size, wild, wrap)
            if found:
                return True
        masks >>= 16
    return False


def _fewest_missing(masks: int, size: int, wrap: int) -> int:
    """The fewest cards that a window of ``size`` consecutive ranks of a suit held in
    ``masks`` lacks (the windows of :func:`_live`, of suits with a card); more than
    ``size`` where there is none."""
    fewest = _NO_WINDOW
    rest = size << 15 | wrap << 25
    while masks:
        mask = masks & 0xFFFF
        if mask:
            found = _MISSING.get(mask | rest)
            if found is None:
                found = _missing(mask, size, wrap)
            if found < fewest:
                fewest = found
        masks >>= 16
    return fewest


_NO_WINDOW = 99
"""More cards than any window lacks."""
_MISSING: Final = BoundedMemo[int, int]("posso missing ranks", entries=_LIVE_MAX)
"""The fewest cards a window lacks by suit mask, run size and wrap (see :func:`_missing`)."""


def _missing(mask: int, size: int, wrap: int) -> int:
    """:func:`_fewest_missing` of one suit ``mask``, worked out and remembered (the
    windows of :func:`_live`)."""
    if wrap:
        low = mask & _RANKS
        line = low | low << 13
        starts = 13 if size <= 13 else 0
    else:
        line = mask
        starts = 15 - size if size <= 14 else 0
    window = (1 << size) - 1
    fewest = _NO_WINDOW
    for start in range(1, starts + 1):
        lacking = size - (line & window << start).bit_count()
        if lacking < fewest:
            fewest = lacking
    return _MISSING.put(mask | size << 15 | wrap << 25, fewest)


def _live_of(mask: int, size: int, wild: int, wrap: int) -> int:
    """:meth:`Reach.live` of a suit ``mask``, remembered."""
    if wild > size:
        wild = size
    found = _LIVE.get(mask | size << 15 | wild << 20 | wrap << 25)
    return _live(mask, size, wild, wrap) if found is None else found


_SMALLEST: Final = BoundedMemo[tuple[Contract, MeldRules], tuple[int, int]](
    "posso smallest melds", rules=4
)
"""The smallest group and run of a contract (0: none asked), by contract and rules
(asked by pair)."""


def _smallest(contract: Contract, rules: MeldRules) -> tuple[int, int]:
    """The fewest cards of a group and of a run that ``contract`` asks for (remembered;
    the last pair asked by identity, as equal contracts of new deals compare slowly)."""
    return _SMALLEST.pair(contract, rules, _smallest_of)


def _smallest_of(contract: Contract, rules: MeldRules) -> tuple[int, int]:
    groups = [s.size_for(rules) for s in contract.slots if s.kind is MeldKind.GROUP]
    runs = [s.size_for(rules) for s in contract.slots if s.kind is MeldKind.RUN]
    return (min(groups, default=0), min(runs, default=0))


def _live(mask: int, size: int, wild: int, wrap: int) -> int:
    """:meth:`Reach.live` of a suit ``mask``, worked out and remembered: every ace policy but
    ``WRAP`` puts the ace at both ends (a bound, so the looser reading is safe)."""
    key = mask | size << 15 | wild << 20 | wrap << 25
    if wrap:
        low = mask & _RANKS
        line = low | low << 13  # two turns of the circle: every window is on it
        starts = 13 if size <= 13 else 0
    else:
        line = mask
        starts = 15 - size if size <= 14 else 0
    window = (1 << size) - 1
    live = 0
    for start in range(1, starts + 1):
        places = window << start
        if (line & places).bit_count() + wild >= size:
            live |= places
    live = (live | live >> 13) & _RANKS  # the second turn, or the high ace, onto its rank
    return _LIVE.put(key, live)
