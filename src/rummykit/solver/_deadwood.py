"""Least deadwood: the disjoint melds that leave the fewest points in hand.

One-deck hands without wild cards are answered from tables (``_one_deck``); the rest by
a memoised search over the first card that can only play itself.
"""

from __future__ import annotations

from typing import Final

from rummykit._memo import BoundedMemo
from rummykit.cards import Card, CardsLike
from rummykit.errors import ConfigError
from rummykit.melds import MeldRules
from rummykit.scoring import CardValues
from rummykit.solver._build import Arrangement, hand_cards, make_arrangement
from rummykit.solver._one_deck import one_deck_deadwood, one_deck_used
from rummykit.solver._search import Search
from rummykit.solver._tables import EVERY, PER_CARDS, Candidate, context, sort_key

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


Memo = BoundedMemo[tuple[int, ...], tuple[int, tuple[Candidate, ...]]]
"""Best free melds by remaining hand (53 counts, the joker last): one per search."""


def search_memo() -> Memo:
    """A new memo for :func:`free_best`, for one search."""
    return Memo("deadwood search", entries=500_000, shared=False)


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
            return memo.put(key, (0, ()))
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
    return memo.put(key, best)


_BITS: Final = tuple(1 << code for code in range(53))


def _one_deck_mask(cards: tuple[Card, ...], rules: MeldRules) -> int:
    """The card mask of a hand with no card twice and no wild card, else -1."""
    mask = 0
    for card in cards:
        mask |= _BITS[card.code]
    if mask.bit_count() != len(cards) or mask >> 52:
        return -1
    if rules.wild_ranks:
        for rank in rules.wild_ranks:
            bit = 1 << (int(rank) - 1)
            if mask & (bit | bit << 13 | bit << 26 | bit << 39):
                return -1
    return mask


def solve_deadwood_value(
    hand: CardsLike, rules: MeldRules, values: CardValues, discard: bool, budget: int | None
) -> int:
    """:func:`~rummykit.min_deadwood_value`, its options checked: one-deck hands without
    wild cards come from tables, with no search to budget."""
    cards = hand_cards(hand)
    if cards or not discard:
        mask = _one_deck_mask(cards, rules)
        if mask >= 0:
            used, total = one_deck_used(rules, values, mask, discard)
            return total - used
    return _least(cards, rules, values, discard, budget).left_value


def solve_deadwood(
    hand: CardsLike, rules: MeldRules, values: CardValues, discard: bool, budget: int | None
) -> Arrangement:
    """:func:`~rummykit.min_deadwood`, its options checked."""
    return _least(hand_cards(hand), rules, values, discard, budget)


def _least(
    cards: tuple[Card, ...],
    rules: MeldRules,
    values: CardValues,
    discard: bool,
    budget: int | None,
) -> Arrangement:
    """:func:`~rummykit.min_deadwood` of a tuple of cards, its options checked."""
    if discard and not cards:
        raise ConfigError("discard=True needs at least one card in hand")
    mask = _one_deck_mask(cards, rules)
    if mask >= 0:
        _, chosen, thrown = one_deck_deadwood(rules, values, mask, discard)
        kept = [card for card in cards if card.code != thrown]
        value = context(rules, values).value
        return make_arrangement(kept, value, sorted(chosen, key=sort_key))
    search = Search(cards, rules, values, budget=budget)
    memo = search_memo()
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
