"""The solver's generic path: exact for every kind of meld and every size bound, slower.

The integer solver knows groups and runs with minimum sizes. A contract that asks for
another kind (a flush, a colour meld, a pair, a user's kind) or bounds a size from above
(``G3=``), and meld rules that allow other kinds than group and run, come here:

1. Candidates: for each kind, the cards that could share a meld (one rank, one suit,
   one colour, or the whole hand for a user's shape) plus the wild cards at hand; every
   distinct multiset of them of an allowed size is judged by the meld rules (each
   judgement is a node of the budget).
2. Search: the contract's slots in order, each a disjoint candidate of its kind and size,
   checked with :meth:`.Contract.violation`; then, where more melds may go down (a
   minimum contract, or the least deadwood), every disjoint packing of further
   candidates, keeping the one that leaves the fewest points.

Each multiset is read once (the first reading the validator gives), which is enough for
whether a contract can be met and for the points left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from rummykit.cards import Card
from rummykit.contracts import Contract, Requirement
from rummykit.errors import InvalidMeldError, SolverBudgetError
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.melds.shapes import Alike, SetShape
from rummykit.scoring import CardValues
from rummykit.solver._build import Arrangement

_DEFAULT_KINDS = (MeldKind.GROUP, MeldKind.RUN)


def needs_generic(contract: Contract | None, rules: MeldRules) -> bool:
    """Whether the integer solver cannot answer exactly: another kind than group and run
    is asked for or allowed, or a size is bounded from above."""
    if rules.kinds != _DEFAULT_KINDS:
        return True
    if contract is None:
        return False
    return any(
        item.kind.shape is not None or item.max_size is not None for item in contract.requirements
    )


class _Budget:
    """The nodes of work left, and the candidates made so far in this call (by kind and
    sizes: the contract's slots and the further melds ask for some of the same)."""

    def __init__(self, budget: int | None) -> None:
        self.budget = budget
        self.spent = 0
        self.made: dict[tuple[MeldKind, int, int | None], list[_Candidate]] = {}

    def spend(self, nodes: int = 1) -> None:
        self.spent += nodes
        if self.budget is not None and self.spent > self.budget:
            raise SolverBudgetError(
                f"the solver's budget of {self.budget} nodes is spent: the hand is too large "
                "for an exact answer within it (pass a larger budget=, or None for no limit)",
                budget=self.budget,
            )


class _Candidate:
    __slots__ = ("counts", "meld", "points")

    def __init__(self, meld: Meld, counts: Counter[Card], points: int) -> None:
        self.meld = meld
        self.counts = counts
        self.points = points


def _is_wild(card: Card, rules: MeldRules) -> bool:
    return card.rank is None or card.rank in rules.wild_ranks


def _pools(hand: Sequence[Card], kind: MeldKind, rules: MeldRules) -> list[list[Card]]:
    """The groups of cards that could make one meld of ``kind`` (naturals sharing what
    the kind shares, with every wild card at hand)."""
    wilds = [card for card in hand if _is_wild(card, rules)]
    shape = kind.shape
    if kind is MeldKind.GROUP or (isinstance(shape, SetShape) and shape.alike is Alike.RANK):
        key = _rank_key
    elif kind is MeldKind.RUN or (isinstance(shape, SetShape) and shape.alike is Alike.SUIT):
        key = _suit_key
    elif isinstance(shape, SetShape) and shape.alike is Alike.COLOUR:
        key = _colour_key
    else:
        return [list(hand)]
    by_key: dict[object, list[Card]] = {}
    for card in hand:
        if card.rank is not None and not (
            card.rank in rules.wild_ranks and not rules.wild_as_natural
        ):
            by_key.setdefault(key(card), [])
    for card in hand:
        if card.rank is None:
            continue
        if not _is_wild(card, rules):
            by_key[key(card)].append(card)
    return [naturals + wilds for naturals in by_key.values()]


def _rank_key(card: Card) -> object:
    return card.rank


def _suit_key(card: Card) -> object:
    return card.suit


def _colour_key(card: Card) -> object:
    assert card.suit is not None
    return card.suit.colour


def candidates(
    hand: Sequence[Card],
    kind: MeldKind,
    rules: MeldRules,
    low: int,
    high: int | None,
    values: CardValues,
    budget: _Budget,
) -> list[_Candidate]:
    """Every distinct meld of ``kind`` with ``low`` to ``high`` cards the hand can make
    (made once per call: ``budget`` remembers them)."""
    made = budget.made.get((kind, low, high))
    if made is not None:
        return made
    found: list[_Candidate] = budget.made.setdefault((kind, low, high), [])
    seen: set[tuple[Card, ...]] = set()
    for pool in _pools(hand, kind, rules):
        pool = sorted(pool)
        top = len(pool) if high is None else min(high, len(pool))
        for size in range(max(low, 1), top + 1):
            for chosen in combinations(pool, size):
                if chosen in seen:
                    continue
                seen.add(chosen)
                budget.spend()
                try:
                    meld = rules.validate(chosen, kind)
                except InvalidMeldError:
                    continue
                points = sum(values.value(card) for card in chosen)
                found.append(_Candidate(meld, Counter(chosen), points))
    return found


def _fits(have: Counter[Card], candidate: _Candidate) -> bool:
    return all(have[card] >= count for card, count in candidate.counts.items())


def _take(have: Counter[Card], candidate: _Candidate) -> None:
    have.subtract(candidate.counts)


def _give(have: Counter[Card], candidate: _Candidate) -> None:
    have.update(candidate.counts)


def _taken_in_turn(
    pool: Sequence[_Candidate],
    start: int,
    have: Counter[Card],
    chosen: list[_Candidate],
    budget: _Budget,
) -> Iterator[int]:
    """The place of each candidate of ``pool`` from ``start`` on that ``have`` holds, in
    turn: while the caller explores it, it is taken from ``have`` and the last of
    ``chosen``; it is given back before the next (each one tried spends ``budget``)."""
    for index in range(start, len(pool)):
        candidate = pool[index]
        if not _fits(have, candidate):
            continue
        budget.spend()
        _take(have, candidate)
        chosen.append(candidate)
        yield index
        chosen.pop()
        _give(have, candidate)


def _bounds(item: Requirement, rules: MeldRules) -> tuple[int, int | None]:
    return item.size_for(rules), item.max_for(rules)


def _required(
    hand: Sequence[Card],
    contract: Contract,
    rules: MeldRules,
    values: CardValues,
    budget: _Budget,
) -> Iterator[tuple[_Candidate, ...]]:
    """Every choice of disjoint candidates filling the contract's slots that meets it."""
    slots = contract.slots
    pools: dict[tuple[MeldKind, int, int | None], list[_Candidate]] = {}
    for slot in slots:
        low, high = _bounds(slot, rules)
        key = (slot.kind, low, high)
        if key not in pools:
            pools[key] = candidates(hand, slot.kind, rules, low, high, values, budget)
    keys = [(slot.kind, *_bounds(slot, rules)) for slot in slots]
    have = Counter(hand)
    chosen: list[_Candidate] = []
    starts: list[int] = []

    def walk(depth: int) -> Iterator[tuple[_Candidate, ...]]:
        if depth == len(slots):
            budget.spend()
            if contract.violation([c.meld for c in chosen], rules) is None:
                yield tuple(chosen)
            return
        pool = pools[keys[depth]]
        first = starts[-1] if depth and keys[depth] == keys[depth - 1] else 0
        for index in _taken_in_turn(pool, first, have, chosen, budget):
            starts.append(index)
            yield from walk(depth + 1)
            starts.pop()

    yield from walk(0)


def _extras(
    hand: Sequence[Card], rules: MeldRules, values: CardValues, budget: _Budget
) -> list[_Candidate]:
    found: list[_Candidate] = []
    for kind in rules.kinds:
        found += candidates(
            hand, kind, rules, kind.min_size(rules), kind.max_size(rules), values, budget
        )
    return found


class _Packer:
    """The disjoint candidates of ``pool`` that take the most points from given cards.

    Exact, by the first card left: it is either deadwood or in one of the candidates
    holding it; the best of what is left after each choice is remembered by the cards
    left (across calls), so each set of cards is solved once. A multiset of cards is an
    integer of 4-bit counts, one field per distinct card of the hand, whose top bit
    guards a subtraction: a candidate fits where no guard is borrowed.
    """

    def __init__(self, hand: Sequence[Card], pool: list[_Candidate], budget: _Budget) -> None:
        self.field = {card: 4 * index for index, card in enumerate(dict.fromkeys(hand))}
        self.guards = sum(8 << shift for shift in self.field.values())
        self.holding: dict[int, list[tuple[int, int, _Candidate]]] = {}
        for candidate in pool:
            code = self.encode(candidate.counts)
            for card in candidate.counts:
                entry = (code, candidate.points, candidate)
                self.holding.setdefault(self.field[card], []).append(entry)
        self.memo: dict[int, tuple[int, tuple[_Candidate, ...]]] = {}
        self.budget = budget

    def encode(self, counts: Counter[Card]) -> int:
        """``counts`` as the integer of 4-bit fields."""
        return sum(count << self.field[card] for card, count in counts.items() if count > 0)

    def best(self, have: Counter[Card]) -> tuple[int, tuple[_Candidate, ...]]:
        """The most points, and the candidates that take them, from ``have``."""
        return self._best(self.encode(have))

    def _best(self, left: int) -> tuple[int, tuple[_Candidate, ...]]:
        known = self.memo.get(left)
        if known is not None:
            return known
        if not left:
            return (0, ())
        self.budget.spend()
        shift = ((left & -left).bit_length() - 1) & ~3  # the first card's field
        found = self._best(left - (1 << shift))  # the first card is deadwood
        guards = self.guards
        for code, points, candidate in self.holding.get(shift, ()):
            rest = (left | guards) - code
            if rest & guards != guards:
                continue
            used, chosen = self._best(rest - guards)
            if used + points > found[0]:
                found = (used + points, (candidate, *chosen))
        self.memo[left] = found
        return found


def _arrangement(
    hand: Sequence[Card], chosen: Sequence[_Candidate], values: CardValues
) -> Arrangement:
    left = Counter(hand)
    for candidate in chosen:
        left.subtract(candidate.counts)
    kept: list[Card] = []
    for card in hand:
        if left[card] > 0:
            left[card] -= 1
            kept.append(card)
    cards = tuple(kept)
    return Arrangement(tuple(c.meld for c in chosen), cards, values.hand_value(cards))


def generic_best(
    hand: Sequence[Card],
    contract: Contract,
    rules: MeldRules,
    values: CardValues,
    budget: int | None,
) -> Arrangement | None:
    """:func:`~rummykit.best_arrangement` on the generic path."""
    spend = _Budget(budget)
    best: tuple[int, tuple[_Candidate, ...]] | None = None
    packer = None
    if not contract.exact:
        packer = _Packer(hand, _extras(hand, rules, values, spend), spend)
    for required in _required(hand, contract, rules, values, spend):
        used = sum(c.points for c in required)
        more: tuple[_Candidate, ...] = ()
        if packer is not None:
            have = Counter(hand)
            for candidate in required:
                _take(have, candidate)
            gained, more = packer.best(have)
            used += gained
        if best is None or used > best[0]:
            best = (used, required + more)
    return None if best is None else _arrangement(hand, best[1], values)


def generic_can_meet(
    hand: Sequence[Card], contract: Contract, rules: MeldRules, budget: int | None
) -> bool:
    """:func:`~rummykit.can_meet` on the generic path."""
    from rummykit.scoring import FACE_VALUES

    return next(_required(hand, contract, rules, FACE_VALUES, _Budget(budget)), None) is not None


def generic_arrangements(
    hand: Sequence[Card],
    contract: Contract,
    rules: MeldRules,
    values: CardValues,
    budget: int | None,
) -> Iterator[Arrangement]:
    """:func:`~rummykit.arrangements` on the generic path: each distinct set of melds
    once (with further melds for a minimum contract)."""
    spend = _Budget(budget)
    seen: set[tuple[tuple[str, tuple[Card, ...]], ...]] = set()
    extras = None if contract.exact else _extras(hand, rules, values, spend)
    for required in _required(hand, contract, rules, values, spend):
        ways: list[tuple[_Candidate, ...]] = [required]
        if extras is not None:
            have = Counter(hand)
            for candidate in required:
                _take(have, candidate)
            ways += [required + more for more in _packings(have, extras, spend) if more]
        for way in ways:
            key = tuple(sorted((c.meld.kind.value, tuple(sorted(c.meld.cards))) for c in way))
            if key in seen:
                continue
            seen.add(key)
            yield _arrangement(hand, way, values)


def _packings(
    have: Counter[Card], pool: list[_Candidate], budget: _Budget
) -> Iterator[tuple[_Candidate, ...]]:
    chosen: list[_Candidate] = []

    def walk(start: int) -> Iterator[tuple[_Candidate, ...]]:
        yield tuple(chosen)
        for index in _taken_in_turn(pool, start, have, chosen, budget):
            yield from walk(index)

    yield from walk(0)


def generic_deadwood(
    hand: Sequence[Card], rules: MeldRules, values: CardValues, discard: bool, budget: int | None
) -> Arrangement:
    """:func:`~rummykit.min_deadwood` on the generic path."""
    spend = _Budget(budget)
    options: list[tuple[Card, ...]] = [tuple(hand)]
    if discard and hand:
        options = []
        for card in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(card)
            options.append(tuple(rest))
    best: Arrangement | None = None
    for cards in options:
        packer = _Packer(cards, _extras(cards, rules, values, spend), spend)
        _, chosen = packer.best(Counter(cards))
        found = _arrangement(cards, chosen, values)
        if best is None or found.left_value < best.left_value:
            best = found
    assert best is not None
    return best
