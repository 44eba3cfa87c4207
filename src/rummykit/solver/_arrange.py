"""Meeting a contract: whether a hand can, its best arrangement, every arrangement.

The required melds are chosen slot by slot in the contract's order, each from the
candidates of one rank or suit (``_search``), with the hand taken down as they go and
given back on the way out; a minimum contract's further melds come from the least
deadwood search (``_deadwood``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from itertools import combinations

from rummykit._boundary import checked
from rummykit.cards import CARDS, Card, CardsLike, to_cards
from rummykit.contracts import Contract, Requirement, SameSuitRuns
from rummykit.errors import ConfigError
from rummykit.melds import MeldKind, MeldRules
from rummykit.scoring import FACE_VALUES, CardValues
from rummykit.solver._build import Arrangement, MeldParts, left_codes, make_arrangement, meld_parts
from rummykit.solver._deadwood import Memo, budget_option, free_best
from rummykit.solver._one_deck import table_count
from rummykit.solver._plan import PLANS, Plan, hopeless, plan_for
from rummykit.solver._search import DEFAULT_BUDGET, Search, circular, sort_key
from rummykit.solver._tables import (
    CONTEXTS,
    EVERY,
    GROUP,
    LEAN,
    PER_CARDS,
    Candidate,
)

__all__ = ["arrangement_parts", "arrangements", "best_arrangement", "can_meet", "memo_sizes"]


def _slot_candidates(
    search: Search,
    slot: Requirement,
    floor: tuple[object, ...] | None,
    strict: bool,
    mode: int,
    *,
    maximal: bool = False,
) -> list[Candidate]:
    """Candidates for one required meld in canonical order, above ``floor`` if given."""
    size = slot.min_size or 0
    found: list[Candidate] = []
    if slot.kind is MeldKind.GROUP:
        first = 1 if floor is None else int(floor[1])  # type: ignore[call-overload]
        counts = search.counts
        short = max(size, search.rules.group_min) - min(search.wild_supply(), search.max_wild)
        for rank in range(first + (1 if strict and floor else 0), 14):
            held = counts[rank - 1] + counts[12 + rank] + counts[25 + rank] + counts[38 + rank]
            if held and held >= short:  # otherwise no group of this rank is possible
                found += search.groups(rank, size, maximal=maximal, mode=mode)
    else:
        first = 0 if floor is None else int(floor[1])  # type: ignore[call-overload]
        for suit in range(first + (1 if strict and floor else 0), 4):
            found += search.runs(suit, size, mode=mode)
    search.spend(len(found))
    if floor is not None and not strict:
        width = len(floor)
        found = [c for c in found if sort_key(c)[:width] >= floor]
    return found


def _conflicts(
    contract: Contract, candidate: Candidate, chosen: Sequence[Candidate], wrap: bool
) -> bool:
    for other in chosen:
        if other.kind != candidate.kind or other.which != candidate.which:
            continue
        if candidate.kind == GROUP:
            if contract.distinct_ranks:
                return True
            continue
        policy = contract.same_suit_runs
        if policy is SameSuitRuns.FORBIDDEN:
            return True
        if policy is SameSuitRuns.APART:
            a, b = candidate.window, other.window
            assert a is not None and b is not None
            a_low, b_low = a.ranks[0], b.ranks[0]
            a_high, b_high = a_low + len(a.ranks) - 1, b_low + len(b.ranks) - 1
            shifts = (-13, 0, 13) if wrap else (0,)
            gap = min(max(b_low + s - a_high, a_low - b_high - s) - 1 for s in shifts)
            if max(gap, 0) < contract.runs_apart:
                return True
    return False


def _required(
    search: Search,
    contract: Contract,
    slots: Sequence[Requirement],
    mode: int,
    prune: Callable[[int, int], bool] | None = None,
    *,
    maximal: bool = False,
    by_value: bool = False,
) -> Generator[tuple[Candidate, ...], None, None]:
    """Every choice of required melds, each distinct multiset once, in canonical order.

    ``prune(index, used)`` may cut a branch before slot ``index`` given the points taken
    so far (branch and bound for the best arrangement). With ``by_value``, each slot tries
    its richest candidates first, and a multiset may come more than once.
    """
    wrap = circular(search.rules)
    chosen: list[Candidate] = []
    seen: set[tuple[tuple[object, ...], ...]] = set()
    mixed = any(a.kind is b.kind and a.min_size != b.min_size for a, b in combinations(slots, 2))

    def walk(index: int, used: int) -> Generator[tuple[Candidate, ...], None, None]:
        if index == len(slots):
            if mixed and not by_value:
                signature = tuple(sorted(sort_key(c) for c in chosen))
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
            floor = sort_key(chosen[-1])
            if mode != EVERY:
                # Dominance keeps one wild multiset per shape, and it may differ between
                # two slots: compare the melds without their wild cards.
                floor = floor[:-1]
            strict = (slot.kind is MeldKind.GROUP and contract.distinct_ranks) or (
                slot.kind is MeldKind.RUN and contract.same_suit_runs is SameSuitRuns.FORBIDDEN
            )
        candidates = _slot_candidates(search, slot, floor, strict, mode, maximal=maximal)
        if by_value:
            candidates = sorted(candidates, key=_richest_first)
        for candidate in candidates:
            if chosen and _conflicts(contract, candidate, chosen, wrap):
                continue
            search.take(candidate)
            chosen.append(candidate)
            try:
                yield from walk(index + 1, used + candidate.points)
            finally:  # also when the caller stops early: the hand is restored
                chosen.pop()
                search.give(candidate)

    yield from walk(0, 0)


def _richest_first(candidate: Candidate) -> int:
    return -candidate.points


def _prepare(
    cards: Sequence[Card],
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
    return None if hopeless(search, plan, contract) else (plan, search)


@checked(budget=budget_option)
def can_meet(
    hand: CardsLike, contract: Contract, rules: MeldRules, *, budget: int | None = DEFAULT_BUDGET
) -> bool:
    """Whether ``hand`` holds melds that meet ``contract`` under ``rules``.

    ``budget`` bounds the work (nodes of search, :data:`~rummykit.solver.DEFAULT_BUDGET`
    unless given; ``None``: no bound): past it, a
    :class:`~rummykit.errors.SolverBudgetError`. So do the other solver functions.
    """
    prepared = _prepare(to_cards(hand), contract, rules, FACE_VALUES, budget)
    if prepared is None:
        return False
    plan, search = prepared
    return _feasible(search, contract, plan)


def _feasible(search: Search, contract: Contract, plan: Plan) -> bool:
    found = _required(search, contract, plan.probe_slots, plan.mode, maximal=plan.groups_only)
    met = next(found, None) is not None
    found.close()
    return met


@checked(budget=budget_option)
def best_arrangement(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    budget: int | None = DEFAULT_BUDGET,
) -> Arrangement | None:
    """The melds meeting ``contract`` that leave the fewest points in hand, or ``None``.

    For a contract that is a minimum (more melds allowed), further melds go down too
    where they lower the points left. ``budget`` bounds the work (see :func:`can_meet`).
    """
    cards = to_cards(hand)
    prepared = _prepare(cards, contract, rules, values, budget)
    if prepared is None:
        return None
    plan, search = prepared
    if (
        plan.probe_slots != plan.slots
        and search.wild_supply()
        and not _feasible(search, contract, plan)
    ):
        return None
    mode = plan.mode
    if contract.exact:
        chosen = _best_exact(search, contract, plan, sum(search.value[c.code] for c in cards))
        return None if chosen is None else make_arrangement(cards, values, chosen)
    best: tuple[int, tuple[Candidate, ...]] | None = None
    memo: Memo = {}
    for required in _required(search, contract, plan.slots, mode, maximal=plan.groups_only):
        used = sum(candidate.points for candidate in required)
        more, extra = free_best(search, memo, PER_CARDS)
        used += more
        if best is None or used > best[0]:
            best = (used, required + extra)
    if best is None:
        return None
    return make_arrangement(cards, values, best[1])


def _best_exact(
    search: Search, contract: Contract, plan: Plan, total: int
) -> tuple[Candidate, ...] | None:
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
    by_key: dict[tuple[MeldKind, int], int] = {}
    for slot in set(plan.slots):
        found = _slot_candidates(search, slot, None, False, mode, maximal=plan.groups_only)
        for c in found:
            natural = c.points - sum(value[code] for code in c.wilds)
            key = (slot.kind, c.which)
            if natural > by_key.get(key, -1):
                by_key[key] = natural
    distinct = {
        MeldKind.GROUP: contract.distinct_ranks,
        MeldKind.RUN: contract.same_suit_runs is SameSuitRuns.FORBIDDEN,
    }
    tops: dict[MeldKind, list[int]] = {}
    for kind in MeldKind:
        ranked = sorted((v for (k, _), v in by_key.items() if k is kind), reverse=True) or [0]
        count = sum(1 for slot in plan.slots if slot.kind is kind)
        if not distinct[kind]:
            ranked = ranked[:1] * count
        ranked += [0] * count
        tops[kind] = [sum(ranked[:n]) for n in range(count + 1)]
    after = []
    for index in range(len(plan.slots) + 1):
        rest = plan.slots[index:]
        after.append(
            sum(tops[kind][sum(1 for slot in rest if slot.kind is kind)] for kind in MeldKind)
        )
    wild_values = [value[code] for code in search.ctx.wild_codes]
    best: tuple[int, tuple[Candidate, ...]] | None = None

    def prune(index: int, used: int) -> bool:
        if best is None:
            return False
        pool = search.pool()
        wild = sum(count * worth for count, worth in zip(pool, wild_values, strict=True))
        return used + after[index] + wild <= best[0]

    found_all = _required(search, contract, plan.slots, mode, prune, maximal=plan.groups_only)
    for required in found_all:
        used = sum(candidate.points for candidate in required)
        if lean:
            used += sum(_spare(search, required, wild_values))
        if best is None or used > best[0]:
            best = (used, required)
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


@checked(budget=budget_option)
def arrangements(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    budget: int | None = DEFAULT_BUDGET,
) -> Iterator[Arrangement]:
    """Every distinct arrangement meeting ``contract``, each once, lazily.

    Equal cards are interchangeable, so two arrangements differ only in what melds they
    lay down; two melds of the same cards differ when a wild card stands for another
    card. For a minimum contract, arrangements with further melds are included.
    ``budget`` bounds the work of the whole iteration (see :func:`can_meet`): the
    arrangements found before it is spent have been yielded when the error is raised.
    """
    cards = to_cards(hand)
    prepared = _prepare(cards, contract, rules, values, budget)
    if prepared is None:
        return
    plan, search = prepared
    if contract.exact:
        for required in _required(search, contract, plan.slots, EVERY):
            yield make_arrangement(cards, values, required)
        return
    seen: set[tuple[tuple[object, ...], ...]] = set()
    for required in _required(search, contract, plan.slots, EVERY):
        for extra in _extras(search, ()):
            signature = tuple(sorted(sort_key(c) for c in required + extra))
            if signature not in seen:
                seen.add(signature)
                yield make_arrangement(cards, values, required + extra)


@checked(budget=budget_option)
def arrangement_parts(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    budget: int | None = DEFAULT_BUDGET,
) -> Iterator[tuple[tuple[MeldParts, ...], tuple[Card, ...]]]:
    """Every distinct arrangement meeting an exact ``contract`` in the cheap form an
    engine lists go-down actions from: the melds' parts and the cards left, no objects.

    The same arrangements, in the same order, as :func:`~rummykit.arrangements`, within
    the same ``budget``.
    """
    cards = to_cards(hand)
    if not contract.exact:
        raise ConfigError("arrangement_parts lists exact contracts only")
    prepared = _prepare(cards, contract, rules, FACE_VALUES, budget)
    if prepared is None:
        return
    plan, search = prepared
    for required in _required(search, contract, plan.slots, EVERY):
        left = left_codes(cards, required)
        yield tuple(meld_parts(c) for c in required), tuple(CARDS[code] for code in left)


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


def memo_sizes() -> dict[str, int]:
    """How many entries each memo the solver keeps between calls holds now.

    Each is bounded (:func:`~rummykit.solver.memo_limits`): ``contexts`` and ``one-deck
    tables`` (one per rules and card values) by its ``rules``, ``plans`` (per contract
    and rules) by four times that, and the per-context ``candidates`` and ``wild
    choices`` by about its ``cache`` (``fewest`` by 100,000). Watch them in a long run, or
    in a test; :func:`~rummykit.solver.set_memo_limits` lowers the caps and
    :func:`~rummykit.solver.clear_memos` empties them.
    """
    contexts = list(CONTEXTS.values())
    return {
        "contexts": len(contexts),
        "plans": len(PLANS),
        "one-deck tables": table_count(),
        "candidates": max((len(c.cache) for c in contexts), default=0),  # type: ignore[attr-defined]
        "wild choices": max((len(c.choices) for c in contexts), default=0),  # type: ignore[attr-defined]
        "fewest": max((len(c.fewest) for c in contexts), default=0),  # type: ignore[attr-defined]
    }
