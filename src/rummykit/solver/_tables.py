"""The solver's shared tables: candidate melds, search modes, card values as a table,
the per-rules search context (in a bounded memo), and the wild-card multisets to try.

:mod:`rummykit.solver._search` searches with them; the rest of the package reads them too.
The memos (:class:`~rummykit._memo.BoundedMemo`) are shared by every thread (each read,
insert and emptying is one atomic dictionary operation), and a search context's own memos
are bounded the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Final, Protocol, final

from rummykit._compiled import Native, subclass_refused
from rummykit._memo import CACHE_LIMIT, BoundedMemo
from rummykit.cards import CARDS, Card, Rank
from rummykit.melds import AcePolicy, MeldRules, WildLimit
from rummykit.melds.windows import Window, mask_of, window_table
from rummykit.scoring import CardValues

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


GROUP: Final = 0
RUN: Final = 1
EVERY: Final = 0
PER_WINDOW: Final = 1
PER_CARDS: Final = 2
LEAN: Final = 3
JOKER_CODE: Final = 52
BIT_COUNT: Final = tuple(mask.bit_count() for mask in range(1 << 13))
"""How many ranks a 13-bit rank mask holds (compiled, ``mask.bit_count()`` is a Python
method call)."""
NO_WINDOW: Final = Window(0, 0, (), False)
"""Marks a size and rank mask whose first window is not known yet (``Context.windows``
holds ``None`` for "none")."""
NO_LIMIT: Final = 0
AT_MOST_NATURALS: Final = 1
FEWER_THAN_NATURALS: Final = 2
"""The rules' :class:`~rummykit.melds.WildLimit` as :attr:`Context.wild_limit` numbers it."""
_LIMIT_CODES: Final = {
    WildLimit.NONE: NO_LIMIT,
    WildLimit.AT_MOST_NATURALS: AT_MOST_NATURALS,
    WildLimit.FEWER_THAN_NATURALS: FEWER_THAN_NATURALS,
}


@final
class Candidate(Native):
    """A candidate meld as the search handles it: integers, no card objects.

    A group lists its naturals and its wild cards in code order; a run lists its naturals
    in window order and its wild cards in slot order. A plain class rather than a named
    tuple: compiled, its fields are read as native integers and tuples.
    """

    def __init__(
        self,
        kind: int,
        which: int,
        naturals: tuple[int, ...],
        wilds: tuple[int, ...],
        window: Window | None,
        slots: tuple[int, ...],
        points: int,
    ) -> None:
        self.kind = kind
        """``GROUP`` or ``RUN``."""
        self.which = which
        """A group's rank (1-13) or a run's suit (0-3)."""
        self.naturals = naturals
        """The codes of the cards that play as themselves."""
        self.wilds = wilds
        """The codes of the wild cards."""
        self.window = window
        """A run's ranks (``None`` for a group)."""
        self.slots = slots
        """A run's places (indexes into the window) that its wild cards fill."""
        self.points = points
        """The points of all its cards."""
        self.parts: tuple[tuple[Card, ...], tuple[Card | Rank | None, ...]] | None = None
        """Its :data:`~rummykit.solver.MeldParts` once asked (``_build.meld_parts``): a
        candidate is memoised with its rules' context, and an engine's listing asks for
        the same melds' parts call after call."""


def value_table(values: CardValues) -> tuple[int, ...]:
    """Points per card code (52: the joker)."""
    return tuple(values.value(card) for card in CARDS)


@final
class Context(Native):
    """What a search needs from its rules and card values, worked out once per pair:
    the rules' numbers as plain integers (compiled, the hot loops read them natively
    instead of through the rules' attributes and enums)."""

    def __init__(self, rules: MeldRules, values: CardValues) -> None:
        self.rules = rules
        wild_ranks = {int(rank) for rank in rules.wild_ranks}
        as_natural = rules.wild_as_natural
        max_wild = 0
        if rules.jokers_allowed:
            max_wild = rules.max_jokers_per_meld if rules.max_jokers_per_meld is not None else 52
        self.max_wild = max_wild
        wild_codes: tuple[int, ...] = ()
        if max_wild:
            wild_codes = (*(c for c in range(52) if c % 13 + 1 in wild_ranks), JOKER_CODE)
        self.wild_codes = wild_codes
        """Codes that may play wild, in code order (the joker last)."""
        self.wild_index = {code: index for index, code in enumerate(wild_codes)}
        value = value_table(values)
        self.value = value
        natural_ok = tuple(as_natural or code % 13 + 1 not in wild_ranks for code in range(52))
        self.natural_ok = natural_ok
        """Per code 0-51: whether the card may play as itself."""
        pure = tuple(code == JOKER_CODE or not natural_ok[code] for code in wild_codes)
        self.pure = pure
        """Per wild code (by index): a pure wild card, never natural (a joker, or a wild
        rank that is only ever wild)."""
        pure_values = [value[c] for c, p in zip(wild_codes, pure, strict=True) if p]
        impure_values = [value[c] for c, p in zip(wild_codes, pure, strict=True) if not p]
        self.pure_first = not impure_values or min(pure_values, default=0) >= max(impure_values)
        """Every pure wild card is worth at least any wild card that may play natural."""
        self.wild_rank_codes = tuple(
            tuple(13 * suit + rank - 1 for rank in sorted(wild_ranks) if as_natural)
            for suit in range(4)
        )
        """Per suit: the codes of that suit's wild-rank cards that may play natural there."""
        excluded = 0 if as_natural else mask_of(sorted(wild_ranks))
        self.table = window_table(rules.ace, excluded)
        self.wild_limit = _LIMIT_CODES[rules.wild_limit]
        self.group_min = rules.group_min
        self.group_top = rules.group_max if rules.group_max is not None else 64
        """The largest group (64 when the rules set none)."""
        self.group_min_naturals = rules.group_min_naturals
        self.group_distinct = rules.group_distinct_suits
        self.run_min = rules.run_min
        self.run_max = rules.run_max
        self.run_min_naturals = rules.run_min_naturals
        self.at_end = rules.joker_at_run_end
        self.wrap = rules.ace is AcePolicy.WRAP
        self.cache = BoundedMemo[tuple[object, ...], list[Candidate]](
            "candidates", entries=CACHE_LIMIT, shared=False
        )
        """Candidate melds by what they depend on (the context goes with its rules)."""
        self.choices = BoundedMemo[tuple[object, ...], tuple[tuple[int, ...], ...]](
            "wild choices", entries=CACHE_LIMIT, shared=False
        )
        self.fewest = BoundedMemo[int, int]("fewest", entries=100_000, shared=False)
        self.windows: dict[int, Window | None] = {}
        """The first window of a size holding a rank mask (key ``size << 13 | mask``: a
        bounded set of keys, so a plain dictionary)."""


CONTEXTS: Final = BoundedMemo[tuple[MeldRules, CardValues], Context]("solver contexts", rules=1)
"""The search contexts by (rules, card values), asked by pair (most callers repeat
them: :meth:`~rummykit._memo.BoundedMemo.pair`)."""


def context(rules: MeldRules, values: CardValues) -> Context:
    """The context of ``rules`` and ``values`` (memoised, bounded)."""
    return CONTEXTS.pair(rules, values, Context)


LISTED: Final = 4
"""The nodes of a search's budget that making one candidate meld costs (or one multiset
of wild cards for it): about as long as four nodes of the search. Candidate lists are
bounded by the budget like the search, so a huge hand with many wild cards stops within
it instead of listing millions of candidates first."""


@final
class Spender(Protocol):  # type: ignore[misc]  # a protocol: final, never subclassed
    """What counts the work of making a memo's entry: a search's budget (a protocol a
    search satisfies; nothing subclasses it)."""

    @classmethod
    def __init_subclass__(cls, **kwargs: object) -> None:  # a search's, from Native
        raise subclass_refused(cls)

    def spend(self, nodes: int) -> None:
        """Count ``nodes`` of work (raising once the budget is spent)."""


def _multisets(limits: Sequence[int], size: int) -> Iterable[tuple[int, ...]]:
    """Every way to take ``size`` items from kinds with these counts (counts per kind)."""
    if not limits:
        if size == 0:
            yield ()
        return
    first, rest = limits[0], limits[1:]
    room = sum(rest)
    for take in range(min(first, size), -1, -1):
        if size - take <= room:
            for tail in _multisets(rest, size - take):
                yield (take, *tail)


def wild_choices(
    ctx: Context, pool: tuple[int, ...], size: int, mode: int, search: Spender | None = None
) -> tuple[tuple[int, ...], ...]:
    """The multisets of ``size`` wild cards (codes in code order) to try from ``pool``;
    each one made is a node of ``search``'s budget (a list not yet memoised may be huge).

    ``EVERY`` gives them all. Otherwise dominated ones are left out: pure wild cards are
    interchangeable, so the most valuable go first; and when pure wild cards are worth at
    least the others, a wild card that might play natural is used only once the pure ones
    run out (swapping the two in any arrangement keeps it valid and melds no fewer points).
    """
    key = (pool, size, mode)
    found = ctx.choices.get(key)
    if found is not None:
        return found
    codes = ctx.wild_codes
    if mode == EVERY:
        every = []
        for takes in _multisets(pool, size):
            if search is not None:
                search.spend(LISTED)
            every.append(
                tuple(code for code, take in zip(codes, takes, strict=True) for _ in range(take))
            )
        found = tuple(every)
    else:
        value = ctx.value
        pure = sorted(
            (i for i in range(len(codes)) if ctx.pure[i] and pool[i]),
            key=lambda i: (-value[codes[i]], codes[i]),
        )
        impure = [i for i in range(len(codes)) if not ctx.pure[i]]
        pure_total = sum(pool[i] for i in pure)
        counts = [pool[i] for i in impure]
        result = []
        low = min(size, pure_total) if ctx.pure_first else 0
        for from_pure in range(min(size, pure_total), low - 1, -1):
            taken: list[int] = []
            left = from_pure
            for i in pure:
                take = min(pool[i], left)
                taken += [codes[i]] * take
                left -= take
            for takes in _multisets(counts, size - from_pure):
                if search is not None:
                    search.spend(LISTED)
                chosen = taken + [
                    codes[i] for i, take in zip(impure, takes, strict=True) for _ in range(take)
                ]
                result.append(tuple(sorted(chosen)))
        found = tuple(result)
    return ctx.choices.put(key, found)


def wild_orders(
    chosen: tuple[int, ...],
    slots: tuple[int, ...],
    selfish: dict[int, int],
    mode: int,
) -> list[tuple[int, ...]]:
    """Orders of the wild cards ``chosen`` over ``slots`` (every distinct one in ``EVERY``,
    else one). A wild-rank card never fills the slot of its own rank in its own suit: there
    it plays natural, and that meld is another candidate."""
    if not chosen:
        return [()]
    if mode == EVERY:
        orders = sorted(set(permutations(chosen)))
    else:
        orders = [chosen]
        if selfish:
            # Move a wild-rank card off its own slot: try the rotations, then any order.
            orders = [chosen[i:] + chosen[:i] for i in range(len(chosen))]
    found = []
    for order in orders:
        if on_own_slot(order, slots, selfish):
            continue
        found.append(order)
        if mode != EVERY:
            break
    if not found and mode != EVERY and selfish:
        for order in sorted(set(permutations(chosen))):
            if not on_own_slot(order, slots, selfish):
                return [order]
    return found


def on_own_slot(order: tuple[int, ...], slots: tuple[int, ...], selfish: dict[int, int]) -> bool:
    """Whether a wild-rank card of ``order`` would fill the slot of its own rank."""
    if selfish:
        for index in range(len(order)):
            if selfish.get(order[index], -1) == slots[index]:
                return True
    return False


def largest(limits: Sequence[int], room: int) -> tuple[int, ...]:
    """Take as many cards as ``room`` allows, suit by suit in card order."""
    take = []
    for limit in limits:
        count = max(0, min(limit, room))
        take.append(count)
        room -= count
    return tuple(take)


def sort_key(candidate: Candidate) -> tuple[object, ...]:
    """The canonical order: kind, rank or suit, low end, larger first, then the cards.

    Among wild cards, jokers come first, then wild-rank cards from the highest code down
    (so a tie leaves a deuce of spades, say, free to play as itself in a spade run).
    """
    naturals, wilds, window = candidate.naturals, candidate.wilds, candidate.window
    return (
        candidate.kind,
        candidate.which,
        0 if window is None else window.start,
        -len(naturals) - len(wilds),
        naturals,
        candidate.slots,
        tuple(-code for code in wilds),
    )
