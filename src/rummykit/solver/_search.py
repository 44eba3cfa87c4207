"""The solver's search core: candidate melds on integers, wild cards of every kind.

A hand is a count per card code (0-51 naturals, 52 the joker; two decks give counts up
to 2) and a rank bitmask per suit of the cards that may play as themselves. A *wild
card* is a joker or, under :attr:`.MeldRules.wild_ranks`, a card of a wild rank; with
:attr:`.MeldRules.wild_as_natural` such a card may also play as itself, so it appears in
both the suit masks and the wild pool.

A candidate meld is a ``Candidate`` (see ``_tables``): its kind, rank or
suit, natural codes, wild codes, window, wild slots and points.

Searches ask for candidates in one of four *modes*:

- ``EVERY``: every distinct meld, each wild card in each slot it may fill (the
  arrangements an engine lists);
- ``PER_WINDOW``: per run window and wild slots, one placement of each multiset of wild
  cards, and only the multisets no other multiset dominates (see
  ``wild_choices``);
- ``PER_CARDS``: as ``PER_WINDOW``, and one window per set of cards (the best
  arrangement and deadwood, where a run's place on the rank circle does not matter);
- ``LEAN``: as ``PER_CARDS``, with only the fewest wild cards each set of naturals
  needs. When every wild card at hand is pure (never natural), the best exact
  arrangement adds the spare wild cards afterwards, wherever there is room
  (:meth:`Search.room`): any spare wild card fits any meld with room alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product
from typing import Final, final

from rummykit._compiled import Native
from rummykit.cards import Card
from rummykit.errors import ConfigError, SolverBudgetError
from rummykit.melds import MeldRules
from rummykit.melds.windows import Window
from rummykit.scoring import CardValues
from rummykit.solver._tables import (
    AT_MOST_NATURALS,
    BIT_COUNT,
    EVERY,
    FEWER_THAN_NATURALS,
    GROUP,
    LEAN,
    LISTED,
    NO_WINDOW,
    PER_CARDS,
    RUN,
    Candidate,
    context,
    largest,
    sort_key,
    wild_choices,
    wild_orders,
)

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


DEFAULT_BUDGET: Final = 250_000
"""The work a solver call may do unless told otherwise (``budget=``): nodes of search,
where a node is a candidate meld tried or a card set aside, and making a candidate meld
(or a multiset of wild cards for one) costs ``LISTED`` (4) nodes. Hands of real play
take at most a few thousand. The budget bounds time and memory too: the worst inputs
measured (64 cards of two decks and four jokers, four wild ranks, ``group_max=None``,
every call and contract of the audit, 40 seeded hands) raise
:class:`~rummykit.errors.SolverBudgetError` within 1.9 s (pure Python, a shared
2-core x86-64 machine), the process at 42 MB."""
_UNLIMITED: Final = 1 << 62


def check_budget(budget: object) -> None:
    """Refuse a budget that is not a whole number of nodes >= 1 or ``None``."""
    if budget is not None and (
        isinstance(budget, bool) or not isinstance(budget, int) or budget < 1
    ):
        raise ConfigError(f"budget must be a whole number of nodes >= 1 or None, got {budget!r}")


@final
class Search(Native):
    """The mutable state of one search: counts, suit masks and the rules' limits.

    Candidate lists depend only on the cards of one rank (groups) or one suit (runs),
    the wild cards at hand and the rules, so they are memoised across searches.

    (Written for both builds: compiled, ``counts[code] = counts[code] - 1`` runs on native
    integers where ``counts[code] -= 1`` would take Python's generic path.)
    """

    def __init__(
        self,
        hand: tuple[Card, ...],
        rules: MeldRules,
        values: CardValues,
        *,
        budget: int | None = DEFAULT_BUDGET,
    ) -> None:
        check_budget(budget)
        self.budget = budget
        self.left = _UNLIMITED if budget is None else budget
        ctx = context(rules, values)
        self.ctx = ctx
        self.rules = rules
        self.value = ctx.value
        self.table = ctx.table
        self.max_wild = ctx.max_wild
        self.cache = ctx.cache
        counts = [0] * 53
        ranks = [0] * 13
        natural_ok = ctx.natural_ok
        bits = 0  # the natural cards' codes as one integer (native when compiled)
        for card in hand:
            code: int = card.code
            counts[code] = counts[code] + 1
            if code < 52 and natural_ok[code]:
                bits = bits | 1 << code
                rank = code % 13
                ranks[rank] = ranks[rank] + 1
        self.counts = counts
        self.masks = [bits & 0x1FFF, bits >> 13 & 0x1FFF, bits >> 26 & 0x1FFF, bits >> 39 & 0x1FFF]
        self._pool: tuple[int, ...] | None = None
        self._supply = 0
        self.rank_counts = ranks  # as dealt: only the counting pre-check reads it

    # -- the wild pool -------------------------------------------------------------------

    def pool(self) -> tuple[int, ...]:
        """The wild cards at hand: a count per wild code (memoised until the hand changes)."""
        pool = self._pool
        if pool is None:
            counts = self.counts
            taken = []
            supply = 0
            for code in self.ctx.wild_codes:
                count = counts[code]
                taken.append(count)
                supply += count
            pool = self._pool = tuple(taken)
            self._supply = supply
        return pool

    def wild_supply(self) -> int:
        """How many wild cards are at hand (all wild codes together)."""
        if self._pool is None:
            self.pool()
        return self._supply

    # -- the budget ----------------------------------------------------------------------

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` of work; raise :class:`~rummykit.errors.SolverBudgetError` once
        the budget is spent."""
        self.left -= nodes
        if self.left < 0:
            self.exhausted()

    def exhausted(self) -> None:
        """Raise the error of a spent budget."""
        raise SolverBudgetError(
            f"the solver's budget of {self.budget} nodes is spent: the hand is too large "
            "for an exact answer within it (pass a larger budget=, or None for no limit)",
            budget=self.budget or 0,
        )

    # -- applying candidates -------------------------------------------------------------

    def take(self, candidate: Candidate) -> None:
        """Take ``candidate``'s cards out of the hand (it goes down); :meth:`give` undoes."""
        self.left -= 1
        if self.left < 0:
            self.exhausted()
        counts, masks = self.counts, self.masks
        self._pool = None
        for code in candidate.naturals:
            left = counts[code] - 1
            counts[code] = left
            if not left:
                suit = code // 13
                masks[suit] = masks[suit] & ~(1 << (code - 13 * suit))
        for code in candidate.wilds:
            left = counts[code] - 1
            counts[code] = left
            if code < 52 and not left:
                suit = code // 13
                masks[suit] = masks[suit] & ~(1 << (code - 13 * suit))

    def give(self, candidate: Candidate) -> None:
        """Put ``candidate``'s cards back into the hand (undoes :meth:`take`)."""
        counts, masks = self.counts, self.masks
        self._pool = None
        for code in candidate.naturals:
            counts[code] = counts[code] + 1
            suit = code // 13
            masks[suit] = masks[suit] | 1 << (code - 13 * suit)
        natural_ok = self.ctx.natural_ok
        for code in candidate.wilds:
            counts[code] = counts[code] + 1
            if code < 52 and natural_ok[code]:
                suit = code // 13
                masks[suit] = masks[suit] | 1 << (code - 13 * suit)

    def remove(self, code: int) -> None:
        """Take one card ``code`` out of the hand (it will be in no meld)."""
        self.left -= 1
        if self.left < 0:
            self.exhausted()
        self._pool = None
        left = self.counts[code] - 1
        self.counts[code] = left
        if code < 52 and not left:
            suit = code // 13
            self.masks[suit] = self.masks[suit] & ~(1 << (code - 13 * suit))

    def restore(self, code: int) -> None:
        """Put card ``code`` back into the hand (undoes :meth:`remove`)."""
        self._pool = None
        self.counts[code] = self.counts[code] + 1
        if code < 52 and self.ctx.natural_ok[code]:
            suit = code // 13
            self.masks[suit] = self.masks[suit] | 1 << (code - 13 * suit)

    # -- wild card limits ----------------------------------------------------------------

    def wild_ok(self, naturals: int, wilds: int, min_naturals: int) -> bool:
        """Whether a meld of ``naturals`` natural and ``wilds`` wild cards keeps the
        rules' wild-card limits (and has at least ``min_naturals`` naturals)."""
        if naturals < max(1, min_naturals) or wilds > self.max_wild:
            return False
        limit = self.ctx.wild_limit
        if limit == AT_MOST_NATURALS:
            return wilds <= naturals
        if limit == FEWER_THAN_NATURALS:
            return wilds == 0 or wilds < naturals
        return True

    # -- candidate generation ------------------------------------------------------------

    def groups(
        self, rank: int, min_size: int, must: int = -1, *, maximal: bool = False, mode: int = 2
    ) -> list[Candidate]:
        """Groups of ``rank`` (1-13) from the hand, optionally holding card code ``must``
        as a natural card.

        With ``maximal``, only the largest natural take for each wild multiset (when
        nothing else wants the rank's cards, a larger group always leaves fewer points).
        """
        ctx = self.ctx
        counts = self.counts
        codes = (rank - 1, 12 + rank, 25 + rank, 38 + rank)
        if not ctx.natural_ok[rank - 1]:
            return []
        if maximal and rank - 1 in ctx.wild_index:
            maximal = False  # a wild rank's cards may be wanted as wild cards elsewhere
        a, b, c, d = counts[rank - 1], counts[12 + rank], counts[25 + rank], counts[38 + rank]
        held = a + b + c + d
        pool = self.pool()
        supply = min(self._supply, self.max_wild)
        low = max(min_size, ctx.group_min)
        if not held or held + supply < low:
            return []
        key = (GROUP, rank, a, b, c, d, pool, min_size, must, maximal, mode)
        found = self.cache.get(key)
        if found is not None:
            return found
        limits: tuple[int, ...] = (a, b, c, d)
        distinct = ctx.group_distinct
        if distinct:
            limits = tuple(min(limit, 1) for limit in limits)
        top = ctx.group_top
        value = self.value
        points = value[codes[0]]
        index = ctx.wild_index
        own = [index.get(code, -1) for code in codes]  # this rank's cards in the pool
        found = []
        most_wild = supply
        pairs: Iterable[tuple[tuple[int, ...], int]]
        if maximal:
            pairs = {(largest(limits, top - w), w) for w in range(most_wild + 1)}
        else:
            pairs = (
                (take, w)
                for take in product(*(range(limit + 1) for limit in limits))
                for w in range(most_wild + 1)
            )
        done: set[tuple[int, ...]] = set()
        for take, wilds in sorted(pairs):
            if mode == LEAN and take in done:
                continue
            naturals = sum(take)
            size = naturals + wilds
            if not naturals or size < low or size > top or (must >= 0 and not take[must // 13]):
                continue
            if not self.wild_ok(naturals, wilds, ctx.group_min_naturals):
                continue
            rest = list(pool)
            for suit, slot in enumerate(own):
                if slot >= 0:
                    # A card of this rank plays wild here only when it cannot play
                    # natural: a second copy of a suit in a one-deck group.
                    rest[slot] = counts[codes[suit]] - take[suit] if distinct and take[suit] else 0
            rest_pool = tuple(rest)
            if sum(rest_pool) < wilds:
                continue
            cards = tuple(
                code for code, count in zip(codes, take, strict=True) for _ in range(count)
            )
            for chosen in wild_choices(ctx, rest_pool, wilds, mode, self):
                self.left -= LISTED  # a huge hand's list of candidates is bounded too
                if self.left < 0:
                    self.exhausted()
                worth = naturals * points + sum(value[code] for code in chosen)
                found.append(Candidate(GROUP, rank, cards, chosen, None, (), worth))
                if mode == LEAN:
                    done.add(take)
                    break
        if maximal:
            # Keep, per wild multiset, the largest group only.
            best: dict[tuple[int, ...], Candidate] = {}
            for candidate in found:
                old = best.get(candidate.wilds)
                if old is None or len(candidate.naturals) > len(old.naturals):
                    best[candidate.wilds] = candidate
            found = list(best.values())
        found.sort(key=sort_key)
        return self.cache.put(key, found)

    def runs(self, suit: int, min_size: int, must: int = -1, *, mode: int = 2) -> list[Candidate]:
        """Runs of ``suit`` (0-3) from the hand, optionally holding card code ``must``
        as a natural card."""
        mask = self.masks[suit]
        pool = self.pool()
        key = (RUN, suit, mask, pool, min_size, must, mode)
        found = self.cache.get(key)
        if found is not None:
            return found
        found = []
        if mask and not (must >= 0 and not mask >> (must % 13) & 1):
            if mode >= PER_CARDS:
                found = self._runs_by_cards(suit, mask, pool, min_size, must, mode)
            else:
                found = self._runs(suit, mask, pool, min_size, must, mode)
        return self.cache.put(key, found)

    def _run_start(
        self, suit: int, pool: tuple[int, ...], min_size: int, must: int
    ) -> tuple[int, int, int, list[tuple[int, int]]]:
        """What listing ``suit``'s runs starts from: the shortest run, the wild cards
        there are to use, the bit of the rank every run must hold (0: none), and the
        suit's own wild-rank cards with their place in ``pool``."""
        index = self.ctx.wild_index
        own = [(code, index[code]) for code in self.ctx.wild_rank_codes[suit] if code in index]
        must_bit = 0 if must < 0 else 1 << (must % 13)
        return max(min_size, self.ctx.run_min), min(sum(pool), self.max_wild), must_bit, own

    def _runs_by_cards(
        self, suit: int, mask: int, pool: tuple[int, ...], min_size: int, must: int, mode: int
    ) -> list[Candidate]:
        """``PER_CARDS`` runs: for each set of naturals and number of wild cards, the first
        window that holds them (a run's place matters to no answer this mode serves)."""
        ctx = self.ctx
        low, supply, must_bit, own = self._run_start(suit, pool, min_size, must)
        total = sum(pool)  # every wild card at hand
        top = ctx.run_max
        base = 13 * suit
        value = self.value
        least = max(1, ctx.run_min_naturals)
        windows = ctx.windows
        found: list[Candidate] = []
        sub = mask
        while sub:
            naturals = BIT_COUNT[sub]
            if naturals >= least and sub & must_bit == must_bit:
                for wilds in range(max(0, low - naturals), min(supply, top - naturals) + 1):
                    if not self.wild_ok(naturals, wilds, ctx.run_min_naturals):
                        continue
                    size = naturals + wilds
                    wkey = size << 13 | sub
                    window = windows.get(wkey, NO_WINDOW)
                    if window is NO_WINDOW:
                        window = self.first_window(size, sub)
                    if window is None:
                        continue
                    ranks = window.ranks
                    slots = tuple(i for i, rank in enumerate(ranks) if not sub >> (rank - 1) & 1)
                    cards = tuple(base + rank - 1 for rank in ranks if sub >> (rank - 1) & 1)
                    rest_pool = pool
                    rest_total = total
                    selfish: dict[int, int] = {}
                    for code, slot in own:
                        if sub >> (code % 13) & 1:
                            rest = list(rest_pool)
                            rest[slot] -= 1
                            rest_pool = tuple(rest)
                            rest_total -= 1
                        for i in slots:
                            if ranks[i] == code % 13 + 1:
                                selfish[code] = i
                    if rest_total < wilds:
                        continue
                    natural_points = sum(value[code] for code in cards)
                    placed = False
                    for chosen in wild_choices(ctx, rest_pool, wilds, PER_CARDS, self):
                        self.left -= LISTED
                        if self.left < 0:
                            self.exhausted()
                        placements = wild_orders(chosen, slots, selfish, PER_CARDS)
                        if placements:
                            worth = natural_points + sum(value[code] for code in chosen)
                            found.append(
                                Candidate(RUN, suit, cards, placements[0], window, slots, worth)
                            )
                            placed = True
                            if mode == LEAN:
                                break
                    if placed and mode == LEAN:
                        break
            sub = (sub - 1) & mask
        found.sort(key=sort_key)
        return found

    def _runs(
        self, suit: int, mask: int, pool: tuple[int, ...], min_size: int, must: int, mode: int
    ) -> list[Candidate]:
        ctx = self.ctx
        low, supply, must_bit, own = self._run_start(suit, pool, min_size, must)
        total = sum(pool)  # every wild card at hand
        base = 13 * suit
        value = self.value
        found: list[Candidate] = []
        seen: set[tuple[object, ...]] = set()
        at_end = ctx.at_end
        for size in range(low, min(ctx.run_max, BIT_COUNT[mask] + supply) + 1):
            for window in self.table.by_size[size]:
                wmask = window.mask
                if must_bit and not wmask & must_bit:
                    continue
                missing = BIT_COUNT[wmask & ~mask]
                if missing > supply:
                    continue
                ranks = window.ranks
                holes = tuple(i for i, rank in enumerate(ranks) if not mask >> (rank - 1) & 1)
                present = [
                    i
                    for i, rank in enumerate(ranks)
                    if mask >> (rank - 1) & 1 and not (must_bit and rank - 1 == must % 13)
                ]
                for extra in range(supply - missing + 1):
                    for swapped in combinations(present, extra):
                        slots = tuple(sorted(holes + swapped))
                        wilds = len(slots)
                        naturals = size - wilds
                        if not at_end and slots and (slots[0] == 0 or slots[-1] == size - 1):
                            continue
                        if not self.wild_ok(naturals, wilds, ctx.run_min_naturals):
                            continue
                        cards = tuple(
                            base + rank - 1 for i, rank in enumerate(ranks) if i not in slots
                        )
                        rest_pool = pool
                        rest_total = total
                        selfish: dict[int, int] = {}  # own wild-rank code -> its slot here
                        for code, slot in own:
                            if code in cards:
                                rest = list(rest_pool)
                                rest[slot] -= 1
                                rest_pool = tuple(rest)
                                rest_total -= 1
                            rank = code % 13 + 1
                            for i in slots:
                                if ranks[i] == rank:
                                    selfish[code] = i
                        if rest_total < wilds:
                            continue
                        if mode == PER_CARDS:
                            signature: tuple[object, ...] = (tuple(sorted(cards)), wilds)
                        else:
                            signature = (window.start, size, slots)
                        natural_points = sum(value[code] for code in cards)
                        for chosen in wild_choices(ctx, rest_pool, wilds, mode, self):
                            self.left -= LISTED
                            if self.left < 0:
                                self.exhausted()
                            if mode != EVERY and (signature, chosen) in seen:
                                continue
                            placements = wild_orders(chosen, slots, selfish, mode)
                            if not placements:
                                continue
                            self.left -= LISTED * (len(placements) - 1)  # the others listed
                            if self.left < 0:
                                self.exhausted()
                            if mode != EVERY:
                                seen.add((signature, chosen))
                            worth = natural_points + sum(value[code] for code in chosen)
                            for placed in placements:
                                found.append(
                                    Candidate(RUN, suit, cards, placed, window, slots, worth)
                                )
        found.sort(key=sort_key)
        return found

    def first_window(self, size: int, sub: int) -> Window | None:
        """The first window of ``size`` ranks holding the natural ranks ``sub`` (with
        natural ends where wild cards may not sit at an end), memoised."""
        at_end = self.ctx.at_end
        window = None
        for option in self.table.by_size[size] if size <= 13 else ():
            if option.mask & sub == sub and (
                at_end or (sub >> (option.ranks[0] - 1) & 1 and sub >> (option.ranks[-1] - 1) & 1)
            ):
                window = option
                break
        # No clearing needed: at most 13 sizes x 8,192 masks.
        self.ctx.windows[size << 13 | sub] = window
        return window

    def room(self, candidate: Candidate, limit: int) -> int:
        """How many more wild cards, ``limit`` at most, ``candidate`` could hold under
        the rules. Not every count below the most fits a run (with no wild card at its
        ends, an A 2 3 run may grow to 2..A with ten but not to five cards with two),
        so the answer is the most that fits within ``limit``."""
        ctx = self.ctx
        naturals, wilds = len(candidate.naturals), len(candidate.wilds)
        most = self.max_wild
        if ctx.wild_limit == AT_MOST_NATURALS:
            most = min(most, naturals)
        elif ctx.wild_limit == FEWER_THAN_NATURALS:
            most = min(most, naturals - 1)
        if candidate.kind == GROUP:
            top = self.rules.group_max if self.rules.group_max is not None else 1 << 20
            return max(0, min(most - wilds, top - naturals - wilds, limit))
        sub = 0
        for code in candidate.naturals:
            sub |= 1 << (code % 13)
        size = naturals + wilds
        extra = min(most - wilds, ctx.run_max - size, limit)
        windows = self.ctx.windows
        while extra > 0:
            key = (size + extra) << 13 | sub
            window = windows.get(key, NO_WINDOW)
            if window is NO_WINDOW:
                window = self.first_window(size + extra, sub)
            if window is not None:
                return extra
            extra -= 1
        return 0

    def widen(self, candidate: Candidate, more: tuple[int, ...]) -> Candidate:
        """``candidate`` with the wild cards ``more`` added (within its :meth:`room`)."""
        naturals, wilds = candidate.naturals, candidate.wilds
        worth = candidate.points + sum(self.value[code] for code in more)
        if candidate.kind == GROUP:
            return Candidate(
                GROUP, candidate.which, naturals, tuple(sorted(wilds + more)), None, (), worth
            )
        sub = 0
        for code in naturals:
            sub |= 1 << (code % 13)
        size = len(naturals) + len(wilds) + len(more)
        key = size << 13 | sub
        windows = self.ctx.windows
        wide = windows.get(key, NO_WINDOW)
        if wide is NO_WINDOW:
            wide = self.first_window(size, sub)
        assert wide is not None
        new_slots = tuple(i for i, rank in enumerate(wide.ranks) if not sub >> (rank - 1) & 1)
        return Candidate(RUN, candidate.which, naturals, wilds + more, wide, new_slots, worth)

    def containing(self, code: int, mode: int = 2) -> list[Candidate]:
        """Every meld that holds one copy of natural card ``code`` as itself."""
        return self.groups(code % 13 + 1, 0, code, mode=mode) + self.runs(
            code // 13, 0, code, mode=mode
        )

    def every_candidate(self, mode: int) -> list[Candidate]:
        """Every meld the hand holds now, each once, in canonical order."""
        found: list[Candidate] = []
        for rank in range(1, 14):
            found += self.groups(rank, 0, mode=mode)
        for suit in range(4):
            found += self.runs(suit, 0, mode=mode)
        return found
