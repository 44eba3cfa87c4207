"""Meeting a contract: whether a hand can, its best arrangement, every arrangement.

The required melds are chosen slot by slot in the contract's order, each from the
candidates of one rank or suit (``_search``), with the hand taken down as they go and
given back on the way out; a minimum contract's further melds come from the least
deadwood search (``_deadwood``).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from itertools import combinations
from typing import final

from rummykit._compiled import Native
from rummykit.cards import Card, CardsLike
from rummykit.contracts import Contract
from rummykit.errors import ConfigError
from rummykit.melds import MeldRules
from rummykit.scoring import FACE_VALUES, CardValues
from rummykit.solver._build import (
    Arrangement,
    MeldParts,
    cards_left,
    hand_cards,
    hand_codes,
    leaf_arrangement,
    make_arrangement,
    meld_parts,
)
from rummykit.solver._deadwood import free_best, search_memo
from rummykit.solver._plan import APART, FORBIDDEN, Plan, Slots, hopeless, plan_for
from rummykit.solver._search import Search
from rummykit.solver._tables import (
    EVERY,
    GROUP,
    LEAN,
    PER_CARDS,
    RUN,
    Candidate,
    sort_key,
)

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


def _slot_candidates(
    search: Search,
    kind: int,
    size: int,
    floor: tuple[object, ...] | None,
    floor_which: int,
    strict: bool,
    mode: int,
    maximal: bool,
) -> list[Candidate]:
    """Candidates for one required meld (``kind``, least ``size``) in canonical order,
    above ``floor`` if given (the sort key of the slot before, whose rank or suit is
    ``floor_which``)."""
    found: list[Candidate] = []
    if kind == GROUP:
        first = 1 if floor is None else floor_which
        counts = search.counts
        short = max(size, search.ctx.group_min) - min(search.wild_supply(), search.max_wild)
        for rank in range(first + (1 if strict and floor else 0), 14):
            held = counts[rank - 1] + counts[12 + rank] + counts[25 + rank] + counts[38 + rank]
            if held and held >= short:  # otherwise no group of this rank is possible
                found.extend(search.groups(rank, size, maximal=maximal, mode=mode))
    else:
        first = 0 if floor is None else floor_which
        for suit in range(first + (1 if strict and floor else 0), 4):
            found.extend(search.runs(suit, size, mode=mode))
    search.spend(len(found))
    if floor is not None and not strict:
        width = len(floor)
        found = [c for c in found if sort_key(c)[:width] >= floor]
    return found


def _conflicts(plan: Plan, candidate: Candidate, chosen: list[Candidate], wrap: bool) -> bool:
    for other in chosen:
        if other.kind != candidate.kind or other.which != candidate.which:
            continue
        if candidate.kind == GROUP:
            if plan.distinct:
                return True
            continue
        policy = plan.suit_runs
        if policy == FORBIDDEN:
            return True
        if policy == APART:
            a, b = candidate.window, other.window
            assert a is not None and b is not None
            a_low, b_low = a.ranks[0], b.ranks[0]
            a_high, b_high = a_low + len(a.ranks) - 1, b_low + len(b.ranks) - 1
            shifts = (-13, 0, 13) if wrap else (0,)
            gap = min(max(b_low + s - a_high, a_low - b_high - s) - 1 for s in shifts)
            if max(gap, 0) < plan.runs_apart:
                return True
    return False


@final
class _Bound(Native):
    """Branch and bound for the best exact arrangement: a branch is cut when the slots
    left cannot take more than ``best`` (-1: nothing found yet): at most ``after[i]``
    natural points from slot ``i`` on, plus every wild card at hand."""

    def __init__(self, after: list[int], wild_values: list[int]) -> None:
        self.after = after
        self.wild_values = wild_values
        self.best = -1

    def cuts(self, search: Search, index: int, used: int) -> bool:
        best = self.best
        if best < 0:
            return False
        pool = search.pool()
        worth = self.wild_values
        wild = 0
        for i in range(len(pool)):
            wild += pool[i] * worth[i]
        return used + self.after[index] + wild <= best


@final
class _Walk(Native):
    """The state of one walk over the required melds (see :func:`_required`)."""

    def __init__(
        self,
        search: Search,
        plan: Plan,
        slots: Slots,
        mode: int,
        bound: _Bound | None,
        maximal: bool,
    ) -> None:
        self.search = search
        self.plan = plan
        self.kinds = slots.kinds
        self.sizes = slots.sizes
        self.count = slots.count
        self.mode = mode
        self.bound = bound
        self.maximal = maximal
        self.wrap = search.ctx.wrap
        self.chosen: list[Candidate] = []
        self.seen: set[tuple[tuple[object, ...], ...]] = set()
        kinds, sizes = self.kinds, self.sizes
        self.mixed = any(
            kinds[a] == kinds[b] and sizes[a] != sizes[b]
            for a, b in combinations(range(self.count), 2)
        )


def _required(
    search: Search,
    plan: Plan,
    slots: Slots,
    mode: int,
    bound: _Bound | None = None,
    *,
    maximal: bool = False,
) -> Generator[tuple[Candidate, ...], None, None]:
    """Every choice of required melds for ``slots``, each distinct multiset once, in
    canonical order.

    ``bound`` may cut a branch before a slot given the points taken so far (branch and
    bound for the best arrangement).
    """
    return _walk(_Walk(search, plan, slots, mode, bound, maximal), 0, 0)


def _fresh(walk: _Walk) -> bool:
    """Whether the melds chosen are a multiset not yet yielded (slots alike in kind but
    not in size may find one twice); remembers it."""
    signature = tuple(sorted(sort_key(c) for c in walk.chosen))
    if signature in walk.seen:
        return False
    walk.seen.add(signature)
    return True


def _walk(walk: _Walk, index: int, used: int) -> Generator[tuple[Candidate, ...], None, None]:
    chosen = walk.chosen
    if index == walk.count:
        if not walk.mixed or _fresh(walk):
            yield tuple(chosen)
        return
    search = walk.search
    bound = walk.bound
    if bound is not None and bound.cuts(search, index, used):
        return
    plan = walk.plan
    kind = walk.kinds[index]
    size = walk.sizes[index]
    mode = walk.mode
    floor = None
    floor_which = 0
    strict = False
    if index and not walk.mixed and walk.kinds[index - 1] == kind and walk.sizes[index - 1] == size:
        last = chosen[-1]
        floor = sort_key(last)
        floor_which = last.which
        if mode != EVERY:
            # Dominance keeps one wild multiset per shape, and it may differ between
            # two slots: compare the melds without their wild cards.
            floor = floor[:-1]
        strict = (kind == GROUP and plan.distinct) or (kind == RUN and plan.suit_runs == FORBIDDEN)
    candidates = _slot_candidates(
        search, kind, size, floor, floor_which, strict, mode, walk.maximal
    )
    leaf = index + 1 == walk.count  # the leaves: yielded here, not one generator each
    mixed = walk.mixed
    for candidate in candidates:
        if chosen and _conflicts(plan, candidate, chosen, walk.wrap):
            continue
        search.take(candidate)
        chosen.append(candidate)
        try:
            if not leaf:
                yield from _walk(walk, index + 1, used + candidate.points)
            elif not mixed or _fresh(walk):
                yield tuple(chosen)
        finally:  # also when the caller stops early: the hand is restored
            chosen.pop()
            search.give(candidate)


def _prepare(
    cards: tuple[Card, ...],
    contract: Contract,
    rules: MeldRules,
    values: CardValues,
    budget: int | None,
) -> tuple[Plan, Search] | None:
    """The plan and search state, or ``None`` when counting shows the contract is out
    of reach."""
    search = Search(cards, rules, values, budget=budget)
    plan = plan_for(contract, rules)
    if len(cards) < plan.min_cards:
        return None
    return None if hopeless(search, plan) else (plan, search)


def solve_can_meet(
    hand: CardsLike, contract: Contract, rules: MeldRules, budget: int | None
) -> bool:
    """:func:`~rummykit.can_meet`, its options checked."""
    prepared = _prepare(hand_cards(hand), contract, rules, FACE_VALUES, budget)
    if prepared is None:
        return False
    plan, search = prepared
    return _feasible(search, plan)


def _feasible(search: Search, plan: Plan) -> bool:
    found = _required(search, plan, plan.probe_slots, plan.mode, maximal=plan.groups_only)
    met = next(found, None) is not None
    found.close()
    return met


def solve_best(
    hand: CardsLike, contract: Contract, rules: MeldRules, values: CardValues, budget: int | None
) -> Arrangement | None:
    """:func:`~rummykit.best_arrangement`, its options checked."""
    cards = hand_cards(hand)
    prepared = _prepare(cards, contract, rules, values, budget)
    if prepared is None:
        return None
    plan, search = prepared
    if plan.reordered and search.wild_supply() and not _feasible(search, plan):
        return None
    value = search.value
    if plan.exact:
        chosen = _best_exact(search, plan, sum(value[c.code] for c in cards))
        return None if chosen is None else make_arrangement(cards, value, chosen)
    best: tuple[int, tuple[Candidate, ...]] | None = None
    memo = search_memo()
    for required in _required(search, plan, plan.slots, plan.mode, maximal=plan.groups_only):
        used = sum(candidate.points for candidate in required)
        more, extra = free_best(search, memo, PER_CARDS)
        used += more
        if best is None or used > best[0]:
            best = (used, required + extra)
    if best is None:
        return None
    return make_arrangement(cards, value, best[1])


def _best_exact(search: Search, plan: Plan, total: int) -> tuple[Candidate, ...] | None:
    """The first required melds in canonical order that take the most points.

    Branch and bound: a branch is cut when the slots left cannot take more than the best
    so far: at most the natural points of the richest candidates of their kinds (of
    different ranks or suits where the contract says so), plus every wild card at hand.
    """
    mode = plan.mode
    value = search.value
    ctx = search.ctx
    pool = search.pool()
    lean = (
        mode == PER_CARDS
        and search.max_wild > 1
        and sum(pool) > 1
        and all(ctx.pure[i] for i, count in enumerate(pool) if count)
    )
    if lean:
        mode = LEAN
    slots = plan.slots
    kinds, sizes = slots.kinds, slots.sizes
    by_key: dict[int, int] = {}  # kind << 4 | rank or suit: the most natural points
    asked: set[tuple[int, int]] = set()
    for index in range(slots.count):
        kind, size = kinds[index], sizes[index]
        if (kind, size) in asked:
            continue
        asked.add((kind, size))
        found = _slot_candidates(search, kind, size, None, 0, False, mode, plan.groups_only)
        for c in found:
            natural = c.points - sum(value[code] for code in c.wilds)
            key = kind << 4 | c.which
            if natural > by_key.get(key, -1):
                by_key[key] = natural
    distinct = (plan.distinct, plan.suit_runs == FORBIDDEN)  # by kind
    tops: list[list[int]] = []
    for kind in (GROUP, RUN):
        ranked = sorted((v for k, v in by_key.items() if k >> 4 == kind), reverse=True) or [0]
        count = sum(1 for k in kinds if k == kind)
        if not distinct[kind]:
            ranked = ranked[:1] * count
        ranked += [0] * count
        tops.append([sum(ranked[:n]) for n in range(count + 1)])
    after = []
    for index in range(slots.count + 1):
        rest = kinds[index:]
        groups = sum(1 for k in rest if k == GROUP)
        after.append(tops[GROUP][groups] + tops[RUN][len(rest) - groups])
    wild_values = [value[code] for code in ctx.wild_codes]
    bound = _Bound(after, wild_values)
    best: tuple[int, tuple[Candidate, ...]] | None = None
    found_all = _required(search, plan, slots, mode, bound, maximal=plan.groups_only)
    for required in found_all:
        used = sum(candidate.points for candidate in required)
        if lean:
            used += sum(_spare(search, required, wild_values))
        if best is None or used > best[0]:
            best = (used, required)
            bound.best = used
            if used == total:
                break
    found_all.close()
    if best is None:
        return None
    if not lean:
        return best[1]
    # Put the spare wild cards where there is room, the most valuable first.
    for candidate in best[1]:
        search.take(candidate)
    spare = sorted(
        (
            code
            for code, count in zip(ctx.wild_codes, search.pool(), strict=True)
            for _ in range(count)
        ),
        key=lambda code: (-value[code], code),
    )
    for candidate in best[1]:
        search.give(candidate)
    widened = []
    for candidate in best[1]:
        room = search.room(candidate, len(spare))
        more, spare = tuple(spare[:room]), spare[room:]
        widened.append(search.widen(candidate, more) if more else candidate)
    return tuple(widened)


def _spare(search: Search, required: Sequence[Candidate], wild_values: list[int]) -> list[int]:
    """The points of the spare wild cards that fit the melds ``required`` (already taken
    from the hand), the most valuable first."""
    spare = search.wild_supply()
    room = sum(search.room(candidate, spare) for candidate in required)
    if not room:
        return []
    values = sorted(
        (
            worth
            for count, worth in zip(search.pool(), wild_values, strict=True)
            for _ in range(count)
        ),
        reverse=True,
    )
    return values[:room]


def solve_arrangements(
    hand: CardsLike, contract: Contract, rules: MeldRules, values: CardValues, budget: int | None
) -> Iterator[Arrangement]:
    """:func:`~rummykit.arrangements`, its options checked."""
    cards = hand_cards(hand)
    prepared = _prepare(cards, contract, rules, values, budget)
    if prepared is None:
        return
    plan, search = prepared
    value = search.value
    codes = hand_codes(search.counts)
    counts = search.counts  # at each leaf: the cards the melds chosen leave
    if plan.exact:
        for required in _required(search, plan, plan.slots, EVERY):
            yield leaf_arrangement(counts, codes, value, required)
        return
    seen: set[tuple[tuple[object, ...], ...]] = set()
    for required in _required(search, plan, plan.slots, EVERY):
        for extra in _extras(search, ()):
            signature = tuple(sorted(sort_key(c) for c in required + extra))
            if signature not in seen:
                seen.add(signature)
                yield leaf_arrangement(counts, codes, value, required + extra)


def solve_parts(
    hand: CardsLike, contract: Contract, rules: MeldRules, budget: int | None
) -> Iterator[tuple[tuple[MeldParts, ...], tuple[Card, ...]]]:
    """:func:`~rummykit.solver.arrangement_parts`, its options checked."""
    cards = hand_cards(hand)
    if not contract.exact:
        raise ConfigError("arrangement_parts lists exact contracts only")
    prepared = _prepare(cards, contract, rules, FACE_VALUES, budget)
    if prepared is None:
        return
    plan, search = prepared
    codes = hand_codes(search.counts)
    counts = search.counts  # at each leaf: the cards the required melds leave
    for required in _required(search, plan, plan.slots, EVERY):
        yield tuple([meld_parts(c) for c in required]), cards_left(counts, codes)


def _extras(search: Search, floor: tuple[object, ...]) -> Iterator[tuple[Candidate, ...]]:
    yield ()
    found = search.every_candidate(EVERY)
    search.spend(len(found))
    for candidate in found:
        key = sort_key(candidate)
        if floor and key < floor:
            continue
        search.take(candidate)
        for rest in _extras(search, key):
            yield (candidate, *rest)
        search.give(candidate)
