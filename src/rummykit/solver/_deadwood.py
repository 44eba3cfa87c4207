"""Least deadwood: the disjoint melds that leave the fewest points in hand.

One-deck hands without wild cards are answered from tables (``_one_deck``); the rest by
a memoised search over the first card that can only play itself.
"""

from __future__ import annotations

from typing import Final

from rummykit._boundary import checked, flag
from rummykit.cards import Card, CardsLike
from rummykit.errors import ConfigError
from rummykit.melds import MeldRules
from rummykit.scoring import FACE_VALUES, CardValues
from rummykit.solver._build import Arrangement, hand_cards, make_arrangement
from rummykit.solver._one_deck import one_deck_deadwood, one_deck_used
from rummykit.solver._search import DEFAULT_BUDGET, Search, check_budget, sort_key
from rummykit.solver._tables import CODE_OF, EVERY, PER_CARDS, Candidate, context

__all__ = ["Memo", "budget_option", "free_best", "min_deadwood", "min_deadwood_value"]

Memo = dict[tuple[int, ...], tuple[int, tuple[Candidate, ...]]]
"""Best free melds by remaining hand (53 counts, the joker last)."""


def budget_option(name: str, value: object) -> None:
    """The solver functions' ``budget=``, checked before their typed code runs (compiled,
    it would refuse a float with a bare ``TypeError``; see :mod:`rummykit._boundary`)."""
    check_budget(value)


def free_best(search: Search, memo: Memo, mode: int) -> tuple[int, tuple[Candidate, ...]]:
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
    code = -1
    for c in range(52):
        if counts[c] and c not in wild_index:
            code = c
            break
    residual = code < 0
    if residual:
        natural_ok = ctx.natural_ok
        for c in ctx.wild_codes:
            if c < 52 and counts[c] and natural_ok[c]:
                code = c
                break
        if code < 0:
            memo[key] = (0, ())
            return memo[key]
    search.remove(code)
    best = free_best(search, memo, mode)
    search.restore(code)
    if residual:
        # Only wild cards are left: every meld holding this one, as itself or wild.
        candidates = [
            c for c in search.every_candidate(EVERY) if code in c.naturals or code in c.wilds
        ]
    else:
        candidates = search.containing(code, mode)
    search.spend(len(candidates))
    for candidate in candidates:
        search.take(candidate)
        used, melds = free_best(search, memo, mode)
        search.give(candidate)
        if used + candidate.points > best[0]:
            best = (used + candidate.points, (candidate, *melds))
    if len(memo) > 500_000:
        memo.clear()
    memo[key] = best
    return best


_BITS: Final = tuple(1 << code for code in range(53))


def _one_deck_mask(cards: tuple[Card, ...], rules: MeldRules) -> int:
    """The card mask of a hand with no card twice and no wild card, else -1."""
    mask = 0
    for card in cards:
        mask |= _BITS[CODE_OF[card]]
    if mask.bit_count() != len(cards) or mask >> 52:
        return -1
    if rules.wild_ranks:
        for rank in rules.wild_ranks:
            bit = 1 << (int(rank) - 1)
            if mask & (bit | bit << 13 | bit << 26 | bit << 39):
                return -1
    return mask


@checked(budget=budget_option, discard=flag)
def min_deadwood_value(
    hand: CardsLike,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    discard: bool = False,
    budget: int | None = DEFAULT_BUDGET,
) -> int:
    """The points :func:`min_deadwood` leaves, without building the melds (for bots);
    one-deck hands without wild cards come from tables, with no search to budget.

    >>> from rummykit import AcePolicy, MeldRules, parse_cards
    >>> one_deck = MeldRules(run_min=3, ace=AcePolicy.LOW, jokers_allowed=False)
    >>> min_deadwood_value(parse_cards("AS 2S 3S 4S 7H 7D 7C KC QD 9H 5C"), one_deck,
    ...                    discard=True)
    24
    """
    cards = hand_cards(hand)
    if cards or not discard:
        mask = _one_deck_mask(cards, rules)
        if mask >= 0:
            used, total = one_deck_used(rules, values, mask, discard)
            return total - used
    return _least(cards, rules, values, discard, budget).left_value


@checked(budget=budget_option, discard=flag)
def min_deadwood(
    hand: CardsLike,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    discard: bool = False,
    budget: int | None = DEFAULT_BUDGET,
) -> Arrangement:
    """Disjoint melds that leave the fewest points in hand: the least deadwood.

    The melds are listed groups first (by rank), then runs (by suit and low end).

    With ``discard``, one card is thrown away first, the one that leaves the least
    deadwood (a hand one card over before its discard, as when knocking); it is not in
    ``left``. ``budget`` bounds the search's work (nodes; ``None``: no bound), past
    which a :class:`~rummykit.errors.SolverBudgetError` is raised.

    >>> from rummykit import AcePolicy, MeldRules, parse_cards
    >>> one_deck = MeldRules(run_min=3, ace=AcePolicy.LOW, jokers_allowed=False)
    >>> result = min_deadwood(parse_cards("AS 2S 3S 4S 7H 7D 7C KC QD 9H"), one_deck)
    >>> result.melds, result.left_value
    ((Meld.parse('7H 7D 7C'), Meld.parse('AS 2S 3S 4S')), 29)
    """
    return _least(hand_cards(hand), rules, values, discard, budget)


def _least(
    cards: tuple[Card, ...],
    rules: MeldRules,
    values: CardValues,
    discard: bool,
    budget: int | None,
) -> Arrangement:
    """:func:`min_deadwood` of a tuple of cards, its options checked."""
    if discard and not cards:
        raise ConfigError("discard=True needs at least one card in hand")
    mask = _one_deck_mask(cards, rules)
    if mask >= 0:
        _, chosen, thrown = one_deck_deadwood(rules, values, mask, discard)
        kept = [card for card in cards if card.code != thrown]
        value = context(rules, values).value
        return make_arrangement(kept, value, sorted(chosen, key=sort_key))
    search = Search(cards, rules, values, budget=budget)
    memo: Memo = {}
    if not discard:
        _, chosen = free_best(search, memo, PER_CARDS)
        return make_arrangement(cards, search.value, sorted(chosen, key=sort_key))
    best: tuple[int, Card, tuple[Candidate, ...]] | None = None
    for card in sorted(set(cards), reverse=True):
        search.remove(card.code)
        used, chosen = free_best(search, memo, PER_CARDS)
        search.restore(card.code)
        left = sum(search.value[c.code] for c in cards) - search.value[card.code] - used
        if best is None or left < best[0]:
            best = (left, card, chosen)
    assert best is not None
    rest = list(cards)
    rest.remove(best[1])
    return make_arrangement(rest, search.value, sorted(best[2], key=sort_key))
