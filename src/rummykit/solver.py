"""Finding melds in a hand: contracts, best arrangements and gin-style deadwood.

The search works on integers: a count per card code (two decks give counts up to 2), a
rank bitmask per suit, and a joker count. Candidate melds are small tuples; only the
results become :class:`~rummykit.Meld` values, and every one of them validates.

>>> from rummykit import Contract, MeldRules, MAY_I_VALUES, parse_cards
>>> from rummykit.solver import best_arrangement, can_meet
>>> hand = parse_cards("7S 7H 7D KS KC KD 2C 9H 4D QS")
>>> rules = MeldRules.preset("may-i")
>>> can_meet(hand, Contract.parse("2G"), rules)
True
>>> best = best_arrangement(hand, Contract.parse("2G"), rules, values=MAY_I_VALUES)
>>> best.melds, best.left, best.left_value
((Meld.parse('7S 7H 7D'), Meld.parse('KS KD KC')), (QS, 9H, 4D, 2C), 25)

Ties between arrangements that leave the same points in hand go to the first one in
the solver's canonical order: required melds in the contract's order (groups by rank,
runs by suit and low end), larger melds first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import reduce
from itertools import combinations, product
from operator import or_
from typing import NamedTuple

import attrs

from rummykit.cards import CARDS, JOKER, Card, CardsLike, Rank, to_cards
from rummykit.contracts import Contract, Requirement, SameSuitRuns
from rummykit.errors import ConfigError
from rummykit.melds import AcePolicy, Meld, MeldKind, MeldRules, WildLimit
from rummykit.melds._windows import Window, WindowTable
from rummykit.melds.validate import tables_for
from rummykit.scoring import MAY_I_VALUES, CardValues

__all__ = [
    "Arrangement",
    "arrangement_parts",
    "arrangements",
    "best_arrangement",
    "can_meet",
    "min_deadwood",
    "min_deadwood_value",
]

_SUITS = tuple(card.suit for card in CARDS[:52:13])
_GROUP, _RUN = 0, 1


@attrs.frozen
class Arrangement:
    """Melds taken from a hand and what is left: the cards and their points."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    left_value: int


# A candidate meld: (kind, rank or suit, natural codes, jokers, window, joker slots, value).
# For a group, ``window`` is None and ``joker slots`` empty; for a run, the natural codes
# follow the window's positions that are not joker slots.
_Candidate = tuple[int, int, tuple[int, ...], int, Window | None, tuple[int, ...], int]


_Memo = dict[tuple[int, ...], tuple[int, tuple[_Candidate, ...]]]
"""Best free melds by remaining hand (52 counts and the jokers)."""
_VALUE_TABLES: dict[CardValues, tuple[int, ...]] = {}
_CACHE_LIMIT = 200_000


_FEWEST: dict[MeldRules, dict[int, int]] = {}


def _fewest_missing(fewest: dict[int, int], table: WindowTable, size: int, mask: int) -> int:
    """The fewest ranks missing from ``mask`` in any run window of ``size`` (14: none)."""
    key = size << 13 | mask
    found = fewest.get(key)
    if found is None:
        found = fewest[key] = min(
            ((w.mask & ~mask).bit_count() for w in table.by_size[size]), default=14
        )
    return found


def _value_table(values: CardValues) -> tuple[int, ...]:
    table = _VALUE_TABLES.get(values)
    if table is None:
        table = _VALUE_TABLES[values] = tuple(values.value(card) for card in CARDS)
    return table


_SUIT_INDEX = tuple(code // 13 for code in range(52))
_RANK_BIT = tuple(1 << (code % 13) for code in range(52))


class _Context(NamedTuple):
    """What a search needs from its rules and card values, worked out once per pair."""

    value: tuple[int, ...]
    table: WindowTable
    fewest: dict[int, int]
    max_wild: int
    cache: dict[tuple[int, ...], list[_Candidate]]


_CONTEXTS: dict[tuple[MeldRules, CardValues], _Context] = {}


def _context(rules: MeldRules, values: CardValues) -> _Context:
    if rules.wild_ranks:
        raise ConfigError("the solver treats only jokers as wild; wild_ranks must be empty")
    max_wild = 0
    if rules.jokers_allowed:
        max_wild = rules.max_jokers_per_meld if rules.max_jokers_per_meld is not None else 13
    context = _CONTEXTS[rules, values] = _Context(
        _value_table(values), tables_for(rules), _FEWEST.setdefault(rules, {}), max_wild, {}
    )
    return context


class _Search:
    """The mutable state of one search: counts, suit masks, jokers and the rules' limits.

    Candidate lists depend only on the cards of one rank (groups) or one suit (runs),
    the jokers at hand and the rules, so they are memoised across searches.
    """

    def __init__(self, hand: Sequence[Card], rules: MeldRules, values: CardValues) -> None:
        context = _CONTEXTS.get((rules, values))
        if context is None:
            context = _context(rules, values)
        self.rules = rules
        self.values = values
        self.value, self.table, self.fewest, self.max_wild, self.cache = context
        if len(self.cache) > _CACHE_LIMIT:
            self.cache.clear()
        counts = [0] * 52
        masks = [0, 0, 0, 0]
        ranks = [0] * 13
        jokers = 0
        suit_of, bit_of = _SUIT_INDEX, _RANK_BIT
        for card in hand:
            code = card.code
            if code == 52:
                jokers += 1
            else:
                counts[code] += 1
                masks[suit_of[code]] |= bit_of[code]
                ranks[code % 13] += 1
        self.counts, self.masks, self.jokers = counts, masks, jokers
        self.rank_counts = ranks  # as dealt: only the counting pre-check reads it

    # -- applying candidates -------------------------------------------------------------

    def take(self, candidate: _Candidate) -> None:
        counts, masks = self.counts, self.masks
        for code in candidate[2]:
            counts[code] -= 1
            if not counts[code]:
                masks[code // 13] &= ~(1 << (code % 13))
        self.jokers -= candidate[3]

    def give(self, candidate: _Candidate) -> None:
        counts, masks = self.counts, self.masks
        for code in candidate[2]:
            counts[code] += 1
            masks[code // 13] |= 1 << (code % 13)
        self.jokers += candidate[3]

    # -- wild card limits ----------------------------------------------------------------

    def wild_ok(self, naturals: int, wilds: int, min_naturals: int) -> bool:
        if naturals < max(1, min_naturals) or wilds > self.max_wild:
            return False
        limit = self.rules.wild_limit
        if limit is WildLimit.AT_MOST_NATURALS:
            return wilds <= naturals
        if limit is WildLimit.FEWER_THAN_NATURALS:
            return wilds == 0 or wilds < naturals
        return True

    # -- quick necessary conditions ------------------------------------------------------

    def hopeless(self, plan: _Plan, contract: Contract) -> bool:
        """True when counting alone shows the contract cannot be met (no search needed).

        Each required meld is paired with the rank or suit that needs the fewest jokers,
        ignoring that groups and runs may compete for the same cards: a necessary test.
        """
        wild = min(self.jokers, self.max_wild * len(plan.slots))
        deficit = 0
        group_needs = plan.group_needs
        if group_needs:
            if self.rules.set_distinct_suits:
                c = self.counts
                quarters = zip(c[0:13], c[13:26], c[26:39], c[39:52], strict=True)
                have = [(a > 0) + (b > 0) + (d > 0) + (e > 0) for a, b, d, e in quarters]
            else:
                have = self.rank_counts[:]
            have.sort(reverse=True)
            if contract.distinct_ranks:
                if len(group_needs) > 13:
                    return True
                for need, got in zip(group_needs, have, strict=False):
                    if need > got:
                        deficit += need - got
                if deficit > wild:
                    return True
            elif have[0] + wild < group_needs[-1]:
                return True
        run_needs = plan.run_needs
        if run_needs:
            size = run_needs[-1]
            if size > 13:
                return True
            fewest = self.fewest
            best = []
            for mask in self.masks:
                found = fewest.get(size << 13 | mask)
                if found is None:
                    found = _fewest_missing(fewest, self.table, size, mask)
                best.append(found)
            best.sort()
            if contract.same_suit_runs is SameSuitRuns.FORBIDDEN:
                if len(run_needs) > 4:
                    return True
                deficit += sum(best[: len(run_needs)])
            else:
                deficit += best[0]
        return deficit > wild

    # -- candidate generation ------------------------------------------------------------

    def groups(
        self, rank: int, min_size: int, must: int = -1, *, maximal: bool = False
    ) -> list[_Candidate]:
        """Groups of ``rank`` (1-13) from the hand, optionally holding card code ``must``.

        With ``maximal``, only the largest group for each number of jokers (when nothing
        else wants the rank's cards, a larger group always leaves fewer points).
        """
        counts = self.counts
        codes = (rank - 1, 12 + rank, 25 + rank, 38 + rank)
        limits: tuple[int, ...] = (
            counts[codes[0]],
            counts[codes[1]],
            counts[codes[2]],
            counts[codes[3]],
        )
        jokers = min(self.jokers, self.max_wild)
        if sum(limits) + jokers < min_size or sum(limits) + jokers < self.rules.group_min:
            return []
        key = (_GROUP, rank, *limits, jokers, min_size, must, maximal)
        found = self.cache.get(key)
        if found is not None:
            return found
        rules = self.rules
        if rules.set_distinct_suits:
            limits = tuple(min(limit, 1) for limit in limits)
        top = rules.group_max if rules.group_max is not None else 64
        low = max(min_size, rules.group_min)
        found = []
        if sum(limits) + jokers >= low:
            points = self.value[codes[0]]
            joker_points = self.value[52]
            pairs: Iterable[tuple[tuple[int, ...], int]]
            if maximal:
                pairs = {(_largest(limits, top - wilds), wilds) for wilds in range(jokers + 1)}
            else:
                pairs = (
                    (take, wilds)
                    for take in product(*(range(limit + 1) for limit in limits))
                    for wilds in range(jokers + 1)
                )
            for take, wilds in pairs:
                naturals = sum(take)
                size = naturals + wilds
                if size < low or size > top or (must >= 0 and not take[must // 13]):
                    continue
                if not self.wild_ok(naturals, wilds, rules.group_min_naturals):
                    continue
                cards = tuple(
                    code for code, count in zip(codes, take, strict=True) for _ in range(count)
                )
                value = naturals * points + wilds * joker_points
                found.append((_GROUP, rank, cards, wilds, None, (), value))
            found.sort(key=_sort_key)
        self.cache[key] = found
        return found

    def runs(self, suit: int, min_size: int, must: int = -1) -> list[_Candidate]:
        """Runs of ``suit`` (0-3) from the hand, optionally holding card code ``must``."""
        mask = self.masks[suit]
        jokers = min(self.jokers, self.max_wild)
        key = (_RUN, suit, mask, jokers, min_size, must)
        found = self.cache.get(key)
        if found is not None:
            return found
        found = []
        if mask:
            rules = self.rules
            low = max(min_size, rules.run_min)
            base = 13 * suit
            value = self.value
            joker_points = value[52]
            must_bit = 0 if must < 0 else 1 << (must % 13)
            for size in range(low, min(rules.run_max, mask.bit_count() + jokers) + 1):
                for window in self.table.by_size[size]:
                    wmask = window.mask
                    if must_bit and not wmask & must_bit:
                        continue
                    missing = (wmask & ~mask).bit_count()
                    if missing > jokers:
                        continue
                    ranks = window.ranks
                    holes = tuple(i for i, rank in enumerate(ranks) if not mask >> (rank - 1) & 1)
                    present = [
                        i
                        for i, rank in enumerate(ranks)
                        if mask >> (rank - 1) & 1 and not (must_bit and rank - 1 == must % 13)
                    ]
                    for extra in range(jokers - missing + 1):
                        for swapped in combinations(present, extra):
                            slots = tuple(sorted(holes + swapped))
                            wilds = len(slots)
                            naturals = size - wilds
                            if (
                                not rules.joker_at_run_end
                                and slots
                                and (slots[0] == 0 or slots[-1] == size - 1)
                            ):
                                continue
                            if not self.wild_ok(naturals, wilds, rules.run_min_naturals):
                                continue
                            cards = tuple(
                                base + rank - 1 for i, rank in enumerate(ranks) if i not in slots
                            )
                            points = sum(value[code] for code in cards) + wilds * joker_points
                            found.append((_RUN, suit, cards, wilds, window, slots, points))
            found.sort(key=_sort_key)
        self.cache[key] = found
        return found

    def containing(self, code: int) -> list[_Candidate]:
        """Every meld that holds one copy of card ``code``."""
        return self.groups(code % 13 + 1, 0, code) + self.runs(code // 13, 0, code)


def _largest(limits: Sequence[int], room: int) -> tuple[int, ...]:
    """Take as many cards as ``room`` allows, suit by suit in card order."""
    take = []
    for limit in limits:
        count = max(0, min(limit, room))
        take.append(count)
        room -= count
    return tuple(take)


def _build(candidate: _Candidate) -> Meld:
    kind, which, naturals, wilds, window, slots, _ = candidate
    if kind == _GROUP:
        rank = Rank(which)
        cards = tuple(CARDS[code] for code in naturals) + (JOKER,) * wilds
        return Meld(MeldKind.GROUP, cards, (rank,) * len(cards), None)
    assert window is not None
    natural = iter(naturals)
    cards = tuple(
        JOKER if index in slots else CARDS[next(natural)] for index in range(len(window.ranks))
    )
    return Meld(MeldKind.RUN, cards, tuple(Rank(rank) for rank in window.ranks), _SUITS[which])


def _sort_key(candidate: _Candidate) -> tuple[object, ...]:
    kind, which, naturals, wilds, window, slots, _ = candidate
    start = 0 if window is None else window.start
    return (kind, which, start, -len(naturals) - wilds, naturals, slots)


def _free_best(search: _Search, memo: _Memo) -> tuple[int, tuple[_Candidate, ...]]:
    """The most points that disjoint melds can take from the rest of the hand."""
    key = (*search.counts, search.jokers)
    hit = memo.get(key)
    if hit is not None:
        return hit
    counts = search.counts
    code = next((code for code in range(52) if counts[code]), -1)
    if code < 0:
        memo[key] = (0, ())
        return memo[key]
    counts[code] -= 1
    bit = 1 << (code % 13)
    if not counts[code]:
        search.masks[code // 13] &= ~bit
    best = _free_best(search, memo)
    counts[code] += 1
    search.masks[code // 13] |= bit
    for candidate in sorted(search.containing(code), key=_sort_key):
        search.take(candidate)
        used, melds = _free_best(search, memo)
        search.give(candidate)
        if used + candidate[6] > best[0]:
            best = (used + candidate[6], (candidate, *melds))
    memo[key] = best
    return best


def _slot_candidates(
    search: _Search,
    slot: Requirement,
    floor: tuple[object, ...] | None,
    strict: bool,
    *,
    maximal: bool = False,
) -> list[_Candidate]:
    """Candidates for one required meld in canonical order, above ``floor`` if given."""
    size = slot.min_size or 0
    found: list[_Candidate] = []
    if slot.kind is MeldKind.GROUP:
        first = 1 if floor is None else int(floor[1])  # type: ignore[call-overload]
        counts = search.counts
        short = max(size, search.rules.group_min) - min(search.jokers, search.max_wild)
        for rank in range(first + (1 if strict and floor else 0), 14):
            held = counts[rank - 1] + counts[12 + rank] + counts[25 + rank] + counts[38 + rank]
            if held >= short:  # otherwise no group of this rank is possible
                found += search.groups(rank, size, maximal=maximal)
    else:
        first = 0 if floor is None else int(floor[1])  # type: ignore[call-overload]
        for suit in range(first + (1 if strict and floor else 0), 4):
            found += search.runs(suit, size)
    if floor is not None and not strict:
        found = [c for c in found if _sort_key(c) >= floor]
    return found


def _conflicts(
    contract: Contract, candidate: _Candidate, chosen: Sequence[_Candidate], circular: bool
) -> bool:
    for other in chosen:
        if other[0] != candidate[0] or other[1] != candidate[1]:
            continue
        if candidate[0] == _GROUP:
            if contract.distinct_ranks:
                return True
            continue
        policy = contract.same_suit_runs
        if policy is SameSuitRuns.FORBIDDEN:
            return True
        if policy is SameSuitRuns.APART:
            a, b = candidate[4], other[4]
            assert a is not None and b is not None
            a_low, b_low = a.ranks[0], b.ranks[0]
            a_high, b_high = a_low + len(a.ranks) - 1, b_low + len(b.ranks) - 1
            shifts = (-13, 0, 13) if circular else (0,)
            gap = min(max(b_low + s - a_high, a_low - b_high - s) - 1 for s in shifts)
            if max(gap, 0) < contract.runs_apart:
                return True
    return False


def _required(
    search: _Search,
    contract: Contract,
    slots: Sequence[Requirement],
    prune: Callable[[int, int], bool] | None = None,
    *,
    maximal: bool = False,
) -> Iterator[tuple[_Candidate, ...]]:
    """Every choice of required melds, each distinct multiset once, in canonical order.

    ``prune(index, used)`` may cut a branch before slot ``index`` given the points taken
    so far (branch and bound for the best arrangement).
    """
    circular = search.rules.ace is AcePolicy.WRAP
    chosen: list[_Candidate] = []
    seen: set[tuple[tuple[object, ...], ...]] = set()
    mixed = any(a.kind is b.kind and a.min_size != b.min_size for a, b in combinations(slots, 2))

    def walk(index: int, used: int) -> Iterator[tuple[_Candidate, ...]]:
        if index == len(slots):
            if mixed:
                signature = tuple(sorted(_sort_key(c) for c in chosen))
                if signature in seen:
                    return
                seen.add(signature)
            yield tuple(chosen)
            return
        if prune is not None and prune(index, used):
            return
        slot = slots[index]
        floor = None
        strict = False
        if index and not mixed and slots[index - 1] == slot:
            floor = _sort_key(chosen[-1])
            strict = (slot.kind is MeldKind.GROUP and contract.distinct_ranks) or (
                slot.kind is MeldKind.RUN and contract.same_suit_runs is SameSuitRuns.FORBIDDEN
            )
        for candidate in _slot_candidates(search, slot, floor, strict, maximal=maximal):
            if chosen and _conflicts(contract, candidate, chosen, circular):
                continue
            search.take(candidate)
            chosen.append(candidate)
            yield from walk(index + 1, used + candidate[6])
            chosen.pop()
            search.give(candidate)

    yield from walk(0, 0)


class _Plan(NamedTuple):
    """What a contract asks under some rules, worked out once."""

    slots: tuple[Requirement, ...]
    group_needs: tuple[int, ...]
    run_needs: tuple[int, ...]
    min_cards: int
    groups_only: bool
    """Exact, no runs, groups of distinct ranks: the largest group of a rank dominates."""


_PLANS: dict[tuple[Contract, MeldRules], _Plan] = {}


def _plan(contract: Contract, rules: MeldRules) -> _Plan:
    plan = _PLANS.get((contract, rules))
    if plan is None:
        if len(_PLANS) > 10_000:
            _PLANS.clear()
        slots = contract.slots
        needs = {
            kind: tuple(sorted((s.size_for(rules) for s in slots if s.kind is kind), reverse=True))
            for kind in MeldKind
        }
        groups_only = (
            contract.exact
            and not needs[MeldKind.RUN]
            and (contract.distinct_ranks or len(needs[MeldKind.GROUP]) == 1)
        )
        plan = _PLANS[contract, rules] = _Plan(
            slots,
            needs[MeldKind.GROUP],
            needs[MeldKind.RUN],
            contract.min_cards(rules),
            groups_only,
        )
    return plan


def _prepare(
    cards: Sequence[Card], contract: Contract, rules: MeldRules, values: CardValues
) -> tuple[_Plan, _Search] | None:
    """The plan and search state, or ``None`` when counting shows the contract is out
    of reach."""
    plan = _plan(contract, rules)
    if len(cards) < plan.min_cards:
        return None
    search = _Search(cards, rules, values)
    return None if search.hopeless(plan, contract) else (plan, search)


def can_meet(hand: CardsLike, contract: Contract, rules: MeldRules) -> bool:
    """Whether ``hand`` holds melds that meet ``contract`` under ``rules``."""
    prepared = _prepare(to_cards(hand), contract, rules, MAY_I_VALUES)
    if prepared is None:
        return False
    plan, search = prepared
    found = _required(search, contract, plan.slots, maximal=plan.groups_only)
    return next(found, None) is not None


def best_arrangement(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    values: CardValues = MAY_I_VALUES,
) -> Arrangement | None:
    """The melds meeting ``contract`` that leave the fewest points in hand, or ``None``.

    For a contract that is a minimum (POSSO-12.3), further melds go down too where they
    lower the points left.
    """
    cards = to_cards(hand)
    prepared = _prepare(cards, contract, rules, values)
    if prepared is None:
        return None
    plan, search = prepared
    total = sum(search.value[card.code] for card in cards)
    best: tuple[int, tuple[_Candidate, ...]] | None = None
    memo: _Memo = {}
    prune = None
    if contract.exact:
        # No later slot can take more than the richest candidate of its kind now.
        richest: dict[Requirement, int] = {}
        for slot in plan.slots:
            if slot not in richest:
                found = _slot_candidates(search, slot, None, False, maximal=plan.groups_only)
                richest[slot] = max((c[6] for c in found), default=0)
        tops = [richest[slot] for slot in plan.slots]
        after = [sum(tops[index:]) for index in range(len(tops) + 1)]

        def prune(index: int, used: int) -> bool:
            return best is not None and used + after[index] <= best[0]

    for required in _required(search, contract, plan.slots, prune, maximal=plan.groups_only):
        used = sum(candidate[6] for candidate in required)
        extra: tuple[_Candidate, ...] = ()
        if not contract.exact:
            more, extra = _free_best(search, memo)
            used += more
        if best is None or used > best[0]:
            best = (used, required + extra)
            if used == total:
                break
    if best is None:
        return None
    return _arrangement(cards, rules, values, best[1])


def _arrangement(
    cards: Sequence[Card], rules: MeldRules, values: CardValues, chosen: Sequence[_Candidate]
) -> Arrangement:
    """The melds of ``chosen`` and the cards of ``cards`` they leave, in card order."""
    left = sorted(card.code for card in cards)
    for candidate in chosen:
        for code in candidate[2]:
            left.remove(code)
        for _ in range(candidate[3]):
            left.remove(52)
    table = _value_table(values)
    return Arrangement(
        tuple(_build(c) for c in chosen),
        tuple(CARDS[code] for code in left),
        sum(table[code] for code in left),
    )


def arrangements(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    values: CardValues = MAY_I_VALUES,
) -> Iterator[Arrangement]:
    """Every distinct arrangement meeting ``contract``, each once, lazily.

    Equal cards are interchangeable, so two arrangements differ only in what melds they
    lay down. For a minimum contract, arrangements with further melds are included.
    """
    cards = to_cards(hand)
    prepared = _prepare(cards, contract, rules, values)
    if prepared is None:
        return
    plan, search = prepared
    if contract.exact:
        for required in _required(search, contract, plan.slots):
            yield _arrangement(cards, rules, values, required)
        return
    seen: set[tuple[tuple[object, ...], ...]] = set()
    for required in _required(search, contract, plan.slots):
        for extra in _extras(search, ()):
            signature = tuple(sorted(_sort_key(c) for c in required + extra))
            if signature not in seen:
                seen.add(signature)
                yield _arrangement(cards, rules, values, required + extra)


MeldParts = tuple[tuple[Card, ...], tuple[Card | Rank | None, ...]]
"""A meld as its cards in table order and what each wild card stands for (else ``None``)."""


def _parts(candidate: _Candidate) -> MeldParts:
    kind, which, naturals, wilds, window, slots, _ = candidate
    if kind == _GROUP:
        cards = tuple(CARDS[code] for code in naturals) + (JOKER,) * wilds
        rank = Rank(which)
        return cards, (None,) * len(naturals) + (rank,) * wilds
    assert window is not None
    suit = _SUITS[which]
    natural = iter(naturals)
    table: list[Card] = []
    roles: list[Card | Rank | None] = []
    for index, rank_number in enumerate(window.ranks):
        if index in slots:
            table.append(JOKER)
            roles.append(Card(Rank(rank_number), suit))
        else:
            table.append(CARDS[next(natural)])
            roles.append(None)
    return tuple(table), tuple(roles)


def arrangement_parts(
    hand: CardsLike, contract: Contract, rules: MeldRules
) -> Iterator[tuple[tuple[MeldParts, ...], tuple[Card, ...]]]:
    """Every distinct arrangement meeting an exact ``contract`` in the cheap form an
    engine lists go-down actions from: the melds' parts and the cards left, no objects.

    The same arrangements, in the same order, as :func:`arrangements`.
    """
    cards = to_cards(hand)
    if not contract.exact:
        raise ConfigError("arrangement_parts lists exact contracts only")
    prepared = _prepare(cards, contract, rules, MAY_I_VALUES)
    if prepared is None:
        return
    plan, search = prepared
    for required in _required(search, contract, plan.slots):
        left = sorted(card.code for card in cards)
        for candidate in required:
            for code in candidate[2]:
                left.remove(code)
            for _ in range(candidate[3]):
                left.remove(52)
        yield tuple(_parts(c) for c in required), tuple(CARDS[code] for code in left)


def _extras(search: _Search, floor: tuple[object, ...]) -> Iterator[tuple[_Candidate, ...]]:
    yield ()
    candidates = [c for code in range(52) if search.counts[code] for c in search.containing(code)]
    unique = {_sort_key(c): c for c in candidates}
    for key in sorted(unique):
        if floor and key < floor:
            continue
        candidate = unique[key]
        search.take(candidate)
        for rest in _extras(search, key):
            yield (candidate, *rest)
        search.give(candidate)


_Packable = tuple[int, int, _Candidate]  # (card mask, points, candidate)
_CONTAINED: dict[MeldRules, dict[int, tuple[Window, ...]]] = {}


def _contained_windows(rules: MeldRules, table: WindowTable, suit_mask: int) -> tuple[Window, ...]:
    """Every run window (of any allowed size) whose ranks all lie in ``suit_mask``."""
    cache = _CONTAINED.setdefault(rules, {})
    found = cache.get(suit_mask)
    if found is None:
        found = cache[suit_mask] = tuple(
            window
            for size in range(rules.run_min, min(rules.run_max, suit_mask.bit_count()) + 1)
            for window in table.by_size[size]
            if window.mask & suit_mask == window.mask
        )
    return found


_PACKABLE: dict[tuple[MeldRules, CardValues], dict[int, list[_Packable]]] = {}
_BITS = tuple(1 << code for code in range(53))


def _one_deck_melds(rules: MeldRules, values: CardValues, hand_mask: int) -> list[_Packable]:
    """Every meld of a hand with no joker and no card twice, as card bitmasks.

    The melds of one rank depend only on which suits of it are held, and those of one
    suit only on which ranks: both are memoised per rules and card values.
    """
    cache = _PACKABLE.get((rules, values))
    if cache is None:
        cache = _PACKABLE[rules, values] = {}
    melds: list[_Packable] = []
    a = hand_mask & 0x1FFF
    b = hand_mask >> 13 & 0x1FFF
    c = hand_mask >> 26 & 0x1FFF
    d = hand_mask >> 39 & 0x1FFF
    smallest = max(rules.group_min, rules.group_min_naturals)
    # Ranks held at least three times (or, for smaller groups, at all).
    ranks = (
        (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d) if smallest >= 3 else a | b | c | d
    )
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        pattern = (
            (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3
        )
        key = 1 << 20 | rank << 4 | pattern
        found = cache.get(key)
        if found is None:
            found = cache[key] = _rank_melds(rules, values, rank, pattern, smallest)
        melds += found
    run_min = rules.run_min
    for suit, suit_mask in enumerate((a, b, c, d)):
        if suit_mask.bit_count() < run_min:
            continue
        key = suit << 13 | suit_mask
        found = cache.get(key)
        if found is None:
            found = cache[key] = _suit_melds(rules, values, suit, suit_mask)
        melds += found
    return melds


def _rank_melds(
    rules: MeldRules, values: CardValues, rank: int, pattern: int, smallest: int
) -> list[_Packable]:
    held = [13 * suit + rank for suit in range(4) if pattern >> suit & 1]
    top = rules.group_max if rules.group_max is not None else 4
    points_each = _value_table(values)[rank]
    found: list[_Packable] = []
    for size in range(smallest, min(len(held), top) + 1):
        for combo in combinations(held, size):
            points = points_each * size
            mask = 0
            for code in combo:
                mask |= 1 << code
            found.append((mask, points, (_GROUP, rank + 1, combo, 0, None, (), points)))
    return found


def _suit_melds(rules: MeldRules, values: CardValues, suit: int, suit_mask: int) -> list[_Packable]:
    value = _value_table(values)
    found: list[_Packable] = []
    for window in _contained_windows(rules, tables_for(rules), suit_mask):
        if len(window.ranks) < rules.run_min_naturals:
            continue
        run = tuple(13 * suit + rank - 1 for rank in window.ranks)
        points = sum(value[code] for code in run)
        found.append((window.mask << (13 * suit), points, (_RUN, suit, run, 0, window, (), points)))
    return found


def _one_deck_deadwood(
    rules: MeldRules, values: CardValues, codes: Sequence[int], hand_mask: int, discard: bool
) -> tuple[int, tuple[_Candidate, ...], int]:
    """Best packing of disjoint melds: (points left, melds, discarded code or -1).

    With ``discard`` the most valuable card outside the melds is thrown away.
    """
    value = _value_table(values)
    melds = _one_deck_melds(rules, values, hand_mask)
    total = sum(map(value.__getitem__, codes))
    if not melds and not discard:
        return total, (), -1
    by_value = sorted(codes, key=lambda code: (-value[code], -code)) if discard else []

    def score(used_mask: int, used: int) -> tuple[int, int]:
        if not discard:
            return total - used, -1
        for code in by_value:
            if not used_mask >> code & 1:
                return total - used - value[code], code
        return total + 1, -1  # every card is in a meld: nothing left to discard

    best_left, best_thrown = score(0, 0)
    best: tuple[_Candidate, ...] = ()
    chosen: list[_Candidate] = []

    def walk(start: int, used_mask: int, used: int) -> None:
        nonlocal best_left, best_thrown, best
        for index in range(start, len(melds)):
            mask, points, candidate = melds[index]
            if mask & used_mask:
                continue
            chosen.append(candidate)
            left, thrown = score(used_mask | mask, used + points)
            if left < best_left:
                best_left, best_thrown, best = left, thrown, tuple(chosen)
            walk(index + 1, used_mask | mask, used + points)
            chosen.pop()

    walk(0, 0, 0)
    return best_left, best, best_thrown


def min_deadwood_value(
    hand: CardsLike,
    rules: MeldRules,
    *,
    values: CardValues = MAY_I_VALUES,
    discard: bool = False,
) -> int:
    """The points :func:`min_deadwood` leaves, without building the melds (for bots).

    >>> from rummykit import GIN_VALUES, MeldRules, parse_cards
    >>> min_deadwood_value(parse_cards("AS 2S 3S 4S 7H 7D 7C KC QD 9H 5C"),
    ...                    MeldRules.preset("gin"), values=GIN_VALUES, discard=True)
    24
    """
    try:
        codes = [card.code for card in hand]  # type: ignore[union-attr]
    except AttributeError:
        codes = [card.code for card in to_cards(hand)]
    hand_mask = reduce(or_, map(_BITS.__getitem__, codes), 0)
    one_deck = hand_mask.bit_count() == len(codes) and not hand_mask >> 52
    if one_deck and not rules.wild_ranks and (codes or not discard):
        return _one_deck_deadwood(rules, values, codes, hand_mask, discard)[0]
    return min_deadwood(to_cards(hand), rules, values=values, discard=discard).left_value


def min_deadwood(
    hand: CardsLike,
    rules: MeldRules,
    *,
    values: CardValues = MAY_I_VALUES,
    discard: bool = False,
) -> Arrangement:
    """Disjoint melds that leave the fewest points in hand (gin-style deadwood).

    The melds are listed groups first (by rank), then runs (by suit and low end).

    With ``discard``, one card is thrown away first, the one that leaves the least
    deadwood (a gin player's 11-card hand before knocking); it is not in ``left``.

    >>> from rummykit import GIN_VALUES, MeldRules, parse_cards
    >>> result = min_deadwood(parse_cards("AS 2S 3S 4S 7H 7D 7C KC QD 9H"),
    ...                       MeldRules.preset("gin"), values=GIN_VALUES)
    >>> result.melds, result.left_value
    ((Meld.parse('7H 7D 7C'), Meld.parse('AS 2S 3S 4S')), 29)
    """
    cards = to_cards(hand)
    if discard and not cards:
        raise ConfigError("discard=True needs at least one card in hand")
    if rules.wild_ranks:
        raise ConfigError("the solver treats only jokers as wild; wild_ranks must be empty")
    codes = [card.code for card in cards]
    hand_mask = 0
    for code in codes:
        hand_mask |= 1 << code
    if hand_mask.bit_count() == len(codes) and not hand_mask >> 52:
        _, chosen, thrown = _one_deck_deadwood(rules, values, codes, hand_mask, discard)
        kept = [card for card in cards if card.code != thrown]
        return _arrangement(kept, rules, values, sorted(chosen, key=_sort_key))
    search = _Search(cards, rules, values)
    memo: _Memo = {}
    if not discard:
        _, chosen = _free_best(search, memo)
        return _arrangement(cards, rules, values, sorted(chosen, key=_sort_key))
    best: tuple[int, Card, tuple[_Candidate, ...]] | None = None
    for card in sorted(set(cards), reverse=True):
        rest = list(cards)
        rest.remove(card)
        trial = _Search(rest, rules, values)
        used, chosen = _free_best(trial, memo)
        left = sum(trial.value[c.code] for c in rest) - used
        if best is None or left < best[0]:
            best = (left, card, chosen)
    assert best is not None
    rest = list(cards)
    rest.remove(best[1])
    return _arrangement(rest, rules, values, sorted(best[2], key=_sort_key))
