"""Finding melds in a hand: contracts, best arrangements and gin-style deadwood.

The search works on integers: a count per card code (two decks give counts up to 2), a
rank bitmask per suit, and the wild cards at hand (jokers, and cards of the rules'
``wild_ranks``). Candidate melds are small tuples; only the results become
:class:`~rummykit.Meld` values, and every one of them validates.

>>> from rummykit import Contract, MeldRules, MAY_I_VALUES, parse_cards
>>> from rummykit.solver import best_arrangement, can_meet
>>> hand = parse_cards("7S 7H 7D KS KC KD 2C 9H 4D QS")
>>> rules = MeldRules.preset("may-i")
>>> can_meet(hand, Contract.parse("2G"), rules)
True
>>> best = best_arrangement(hand, Contract.parse("2G"), rules, values=MAY_I_VALUES)
>>> best.melds, best.left, best.left_value
((Meld.parse('7S 7H 7D'), Meld.parse('KS KD KC')), (QS, 9H, 4D, 2C), 25)

With deuces wild, a 2 fills in for any card (and, unless ``wild_as_natural`` is off,
may also play as itself); each returned meld says what its wild cards stand for:

>>> house = MeldRules.preset("mayi-house")
>>> best = best_arrangement(parse_cards("9H 10H 2C QH 5S 5D 5C"), Contract.parse("1G+1R"),
...                         house)
>>> [str(meld) for meld in best.melds]
['5S 5D 5C', '9H 10H 2C(JH) QH']

Ties between arrangements that leave the same points in hand go to the first one in
the solver's canonical order: required melds in the contract's order (groups by rank,
runs by suit and low end), larger melds first.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Sequence
from itertools import combinations

import attrs

from rummykit.cards import CARDS, Card, CardsLike, Rank, to_cards
from rummykit.contracts import Contract, Requirement, SameSuitRuns
from rummykit.errors import ConfigError
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.scoring import MAY_I_VALUES, CardValues
from rummykit.solver_gin import one_deck_deadwood, one_deck_used
from rummykit.solver_plan import PLANS, Plan, hopeless, plan_for
from rummykit.solver_search import Search, circular, sort_key
from rummykit.solver_tables import (
    CONTEXTS,
    EVERY,
    GROUP,
    LEAN,
    PER_CARDS,
    Candidate,
)

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


@attrs.frozen
class Arrangement:
    """Melds taken from a hand and what is left: the cards and their points."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    left_value: int


_Memo = dict[tuple[int, ...], tuple[int, tuple[Candidate, ...]]]
"""Best free melds by remaining hand (53 counts, the joker last)."""


def _role_cards(candidate: Candidate) -> tuple[tuple[Card, ...], tuple[Rank, ...]]:
    kind, which, naturals, wilds, window, slots, _ = candidate
    if kind == GROUP:
        cards = tuple(CARDS[code] for code in naturals + wilds)
        return cards, (Rank(which),) * len(cards)
    assert window is not None
    natural = iter(naturals)
    wild = iter(wilds)
    cards = tuple(
        CARDS[next(wild)] if index in slots else CARDS[next(natural)]
        for index in range(len(window.ranks))
    )
    return cards, tuple(Rank(rank) for rank in window.ranks)


def _build(candidate: Candidate) -> Meld:
    cards, ranks = _role_cards(candidate)
    kind = MeldKind.GROUP if candidate[0] == GROUP else MeldKind.RUN
    return Meld(kind, cards, ranks, None if kind is MeldKind.GROUP else _SUITS[candidate[1]])


MeldParts = tuple[tuple[Card, ...], tuple[Card | Rank | None, ...]]
"""A meld as its cards in table order and what each wild card stands for (else ``None``)."""


def _parts(candidate: Candidate) -> MeldParts:
    cards, ranks = _role_cards(candidate)
    roles: list[Card | Rank | None] = []
    if candidate[0] == GROUP:
        for card, rank in zip(cards, ranks, strict=True):
            roles.append(rank if card.rank is not rank else None)
    else:
        suit = _SUITS[candidate[1]]
        for card, rank in zip(cards, ranks, strict=True):
            plays = card.rank is rank and card.suit is suit
            roles.append(None if plays else Card(rank, suit))
    return cards, tuple(roles)


def _free_best(search: Search, memo: _Memo, mode: int) -> tuple[int, tuple[Candidate, ...]]:
    """The most points that disjoint melds can take from the rest of the hand.

    The first card that can only play natural is either left out or in one of the melds
    holding it; when only wild cards are left, the first that may play natural is.
    """
    counts = search.counts
    key = tuple(counts)
    hit = memo.get(key)
    if hit is not None:
        return hit
    ctx = search.ctx
    wild_index = ctx.wild_index
    code = next((c for c in range(52) if counts[c] and c not in wild_index), -1)
    residual = code < 0
    if residual:
        code = next((c for c in ctx.wild_codes if c < 52 and counts[c] and ctx.natural_ok[c]), -1)
        if code < 0:
            memo[key] = (0, ())
            return memo[key]
    search.remove(code)
    best = _free_best(search, memo, mode)
    search.restore(code)
    if residual:
        # Only wild cards are left: every meld holding this one, as itself or wild.
        candidates = [c for c in search.every_candidate(EVERY) if code in c[2] or code in c[3]]
    else:
        candidates = search.containing(code, mode)
    for candidate in candidates:
        search.take(candidate)
        used, melds = _free_best(search, memo, mode)
        search.give(candidate)
        if used + candidate[6] > best[0]:
            best = (used + candidate[6], (candidate, *melds))
    if len(memo) > 500_000:
        memo.clear()
    memo[key] = best
    return best


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
    if floor is not None and not strict:
        width = len(floor)
        found = [c for c in found if sort_key(c)[:width] >= floor]
    return found


def _conflicts(
    contract: Contract, candidate: Candidate, chosen: Sequence[Candidate], wrap: bool
) -> bool:
    for other in chosen:
        if other[0] != candidate[0] or other[1] != candidate[1]:
            continue
        if candidate[0] == GROUP:
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
                yield from walk(index + 1, used + candidate[6])
            finally:  # also when the caller stops early: the hand is restored
                chosen.pop()
                search.give(candidate)

    yield from walk(0, 0)


def _richest_first(candidate: Candidate) -> int:
    return -candidate[6]


def _prepare(
    cards: Sequence[Card], contract: Contract, rules: MeldRules, values: CardValues
) -> tuple[Plan, Search] | None:
    """The plan and search state, or ``None`` when counting shows the contract is out
    of reach."""
    plan = plan_for(contract, rules)
    if len(cards) < plan.min_cards:
        return None
    search = Search(cards, rules, values)
    return None if hopeless(search, plan, contract) else (plan, search)


def can_meet(hand: CardsLike, contract: Contract, rules: MeldRules) -> bool:
    """Whether ``hand`` holds melds that meet ``contract`` under ``rules``."""
    prepared = _prepare(to_cards(hand), contract, rules, MAY_I_VALUES)
    if prepared is None:
        return False
    plan, search = prepared
    return _feasible(search, contract, plan)


def _feasible(search: Search, contract: Contract, plan: Plan) -> bool:
    found = _required(search, contract, plan.probe_slots, plan.mode, maximal=plan.groups_only)
    met = next(found, None) is not None
    found.close()
    return met


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
    if (
        plan.probe_slots != plan.slots
        and search.wild_supply()
        and not _feasible(search, contract, plan)
    ):
        return None
    mode = plan.mode
    if contract.exact:
        chosen = _best_exact(search, contract, plan, sum(search.value[c.code] for c in cards))
        return None if chosen is None else _arrangement(cards, values, chosen)
    best: tuple[int, tuple[Candidate, ...]] | None = None
    memo: _Memo = {}
    for required in _required(search, contract, plan.slots, mode, maximal=plan.groups_only):
        used = sum(candidate[6] for candidate in required)
        more, extra = _free_best(search, memo, PER_CARDS)
        used += more
        if best is None or used > best[0]:
            best = (used, required + extra)
    if best is None:
        return None
    return _arrangement(cards, values, best[1])


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
            natural = c[6] - sum(value[code] for code in c[3])
            key = (slot.kind, c[1])
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
        used = sum(candidate[6] for candidate in required)
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
        room = min(search.room(candidate), len(spare))
        more, spare = tuple(spare[:room]), spare[room:]
        widened.append(search.widen(candidate, more) if more else candidate)
    return tuple(widened)


def _spare(search: Search, required: Sequence[Candidate], wild_values: list[int]) -> list[int]:
    """The points of the spare wild cards that fit the melds ``required`` (already taken
    from the hand), the most valuable first."""
    room = sum(search.room(candidate) for candidate in required)
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


def _left_codes(cards: Sequence[Card], chosen: Sequence[Candidate]) -> list[int]:
    left = sorted(card.code for card in cards)
    for candidate in chosen:
        for code in candidate[2]:
            left.remove(code)
        for code in candidate[3]:
            left.remove(code)
    return left


def _arrangement(
    cards: Sequence[Card], values: CardValues, chosen: Sequence[Candidate]
) -> Arrangement:
    """The melds of ``chosen`` and the cards of ``cards`` they leave, in card order."""
    left = _left_codes(cards, chosen)
    return Arrangement(
        tuple(_build(c) for c in chosen),
        tuple(CARDS[code] for code in left),
        sum(values.value(CARDS[code]) for code in left),
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
    lay down; two melds of the same cards differ when a wild card stands for another
    card. For a minimum contract, arrangements with further melds are included.
    """
    cards = to_cards(hand)
    prepared = _prepare(cards, contract, rules, values)
    if prepared is None:
        return
    plan, search = prepared
    if contract.exact:
        for required in _required(search, contract, plan.slots, EVERY):
            yield _arrangement(cards, values, required)
        return
    seen: set[tuple[tuple[object, ...], ...]] = set()
    for required in _required(search, contract, plan.slots, EVERY):
        for extra in _extras(search, ()):
            signature = tuple(sorted(sort_key(c) for c in required + extra))
            if signature not in seen:
                seen.add(signature)
                yield _arrangement(cards, values, required + extra)


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
    for required in _required(search, contract, plan.slots, EVERY):
        left = _left_codes(cards, required)
        yield tuple(_parts(c) for c in required), tuple(CARDS[code] for code in left)


def _extras(search: Search, floor: tuple[object, ...]) -> Iterator[tuple[Candidate, ...]]:
    yield ()
    for candidate in search.every_candidate(EVERY):
        key = sort_key(candidate)
        if floor and key < floor:
            continue
        search.take(candidate)
        for rest in _extras(search, key):
            yield (candidate, *rest)
        search.give(candidate)


_BITS = tuple(1 << code for code in range(53))


def _one_deck_mask(codes: Sequence[int], rules: MeldRules) -> int:
    """The card mask of a hand with no card twice and no wild card, else -1."""
    mask = 0
    for code in codes:
        mask |= _BITS[code]
    if mask.bit_count() != len(codes) or mask >> 52:
        return -1
    if rules.wild_ranks:
        for rank in rules.wild_ranks:
            bit = 1 << (int(rank) - 1)
            if mask & (bit | bit << 13 | bit << 26 | bit << 39):
                return -1
    return mask


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
    if codes or not discard:
        mask = _one_deck_mask(codes, rules)
        if mask >= 0:
            used, total = one_deck_used(rules, values, mask, discard)
            return total - used
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
    mask = _one_deck_mask([card.code for card in cards], rules)
    if mask >= 0:
        _, chosen, thrown = one_deck_deadwood(rules, values, mask, discard)
        kept = [card for card in cards if card.code != thrown]
        return _arrangement(kept, values, sorted(chosen, key=sort_key))
    search = Search(cards, rules, values)
    memo: _Memo = {}
    if not discard:
        _, chosen = _free_best(search, memo, PER_CARDS)
        return _arrangement(cards, values, sorted(chosen, key=sort_key))
    best: tuple[int, Card, tuple[Candidate, ...]] | None = None
    for card in sorted(set(cards), reverse=True):
        search.remove(card.code)
        used, chosen = _free_best(search, memo, PER_CARDS)
        search.restore(card.code)
        left = sum(search.value[c.code] for c in cards) - search.value[card.code] - used
        if best is None or left < best[0]:
            best = (left, card, chosen)
    assert best is not None
    rest = list(cards)
    rest.remove(best[1])
    return _arrangement(rest, values, sorted(best[2], key=sort_key))


def _memo_tables() -> dict[str, int]:
    """The size of every memo table the solver keeps between calls (for tests)."""
    from rummykit import solver_gin

    contexts = list(CONTEXTS.values())
    return {
        "contexts": len(contexts),
        "plans": len(PLANS),
        "gin tables": len(solver_gin._TABLES),
        "candidates": max((len(c.cache) for c in contexts), default=0),  # type: ignore[attr-defined]
        "wild choices": max((len(c.choices) for c in contexts), default=0),  # type: ignore[attr-defined]
        "fewest": max((len(c.fewest) for c in contexts), default=0),  # type: ignore[attr-defined]
    }
