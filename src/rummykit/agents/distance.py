"""How far a hand is from a contract: the cards it still needs, counted fast.

The solver says whether a hand meets a contract (:func:`~rummykit.solver.can_meet`);
a bot also needs to know how *nearly* it does, and which cards would help. The count
here is a quick estimate, exact on a met contract (0) and never far off otherwise: it
picks the contract's groups from the richest ranks and its runs from the fullest
windows of each suit (trying groups first and runs first, keeping the better), then lets
the hand's wild cards fill gaps within the rules' limit per meld.

>>> from rummykit import Contract, MeldRules, parse_cards
>>> from rummykit.agents.distance import contract_distance
>>> rules = MeldRules.preset("may-i")
>>> contract_distance(parse_cards("7S 7H 7D KS KC KD 2C"), Contract.parse("2G"), rules)
0
>>> contract_distance(parse_cards("7S 7H KS KC 2C 9D"), Contract.parse("2G"), rules)
2
>>> contract_distance(parse_cards("4H 5H 7H 9S 10S JK"), Contract.parse("2R"), rules)
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from rummykit.cards import Card, Suit
from rummykit.contracts import Contract, SameSuitRuns
from rummykit.melds import AcePolicy, MeldKind, MeldRules

__all__ = ["contract_distance", "helps"]

_SUITS = tuple(Suit)


def _is_wild(card: Card, rules: MeldRules) -> bool:
    return card.rank is None or (card.rank in rules.wild_ranks)


@lru_cache(maxsize=256)
def _windows(size: int, ace: AcePolicy) -> tuple[tuple[int, ...], ...]:
    """Run windows as tuples of rank numbers (1-13; 14 is the ace played high)."""
    size = min(size, 13)
    found: list[tuple[int, ...]] = []
    if ace is AcePolicy.WRAP:
        for start in range(1, 14):
            found.append(tuple((start - 1 + k) % 13 + 1 for k in range(size)))
        return tuple(found)
    low = 1 if ace in (AcePolicy.LOW, AcePolicy.LOW_OR_HIGH) else 2
    high = 14 if ace in (AcePolicy.HIGH, AcePolicy.LOW_OR_HIGH) else 13
    for start in range(low, high - size + 2):
        found.append(tuple(14 if r == 14 else r for r in range(start, start + size)))
    return tuple(found)


def _wild_cap(size: int, rules: MeldRules) -> int:
    cap = size - 1
    if rules.max_jokers_per_meld is not None:
        cap = min(cap, rules.max_jokers_per_meld)
    if not rules.jokers_allowed:
        cap = 0
    return cap


def _need(contract: Contract, rules: MeldRules, kind: MeldKind) -> list[int]:
    sizes: list[int] = []
    for requirement in contract.requirements:
        if requirement.kind is kind:
            default = rules.group_min if kind is MeldKind.GROUP else rules.run_min
            sizes += [requirement.min_size or default] * requirement.count
    return sorted(sizes, reverse=True)


def _groups(naturals: Counter[Card], sizes: list[int], rules: MeldRules) -> tuple[int, list[Card]]:
    """Missing cards for the groups, and the cards they use."""
    if not sizes:
        return 0, []
    by_rank: dict[int, list[Card]] = {}
    for card, count in naturals.items():
        assert card.rank is not None
        by_rank.setdefault(int(card.rank), []).extend([card] * count)
    if rules.set_distinct_suits:
        by_rank = {rank: list(dict.fromkeys(cards)) for rank, cards in by_rank.items()}
    ranked = sorted(by_rank.items(), key=lambda item: (-len(item[1]), -item[0]))
    missing = 0
    used: list[Card] = []
    for index, size in enumerate(sizes):
        if index < len(ranked):
            cards = ranked[index][1][:size]
            used += cards
            missing += size - len(cards)
        else:
            missing += size
    return missing, used


def _runs(
    naturals: Counter[Card], sizes: list[int], rules: MeldRules, contract: Contract
) -> tuple[int, list[Card], list[int]]:
    """Missing cards for the runs, the cards they use, and each run's missing count."""
    if not sizes:
        return 0, [], []
    per_suit: dict[Suit, dict[int, Card]] = {}
    for card in naturals:
        assert card.rank is not None and card.suit is not None
        rank = int(card.rank)
        per_suit.setdefault(card.suit, {})[rank] = card
        if rank == 1:
            per_suit[card.suit][14] = card
    options: list[tuple[int, Suit, tuple[int, ...]]] = []
    for size in sorted(set(sizes)):
        for suit, present in per_suit.items():
            best: tuple[int, tuple[int, ...]] | None = None
            for window in _windows(size, rules.ace):
                have = sum(1 for r in window if r in present)
                if best is None or size - have < best[0]:
                    best = (size - have, window)
            if best is not None:
                options.append((best[0], suit, best[1]))
    missing = 0
    used: list[Card] = []
    each: list[int] = []
    taken_suits: set[Suit] = set()
    distinct = contract.same_suit_runs is SameSuitRuns.FORBIDDEN
    for size in sizes:
        fits = [
            option
            for option in options
            if len(option[2]) == min(size, 13) and not (distinct and option[1] in taken_suits)
        ]
        if not fits:
            missing += size
            each.append(size)
            continue
        gap, suit, window = min(fits, key=lambda option: (option[0], _SUITS.index(option[1])))
        taken_suits.add(suit)
        if not distinct:
            options.remove((gap, suit, window))
        present = per_suit[suit]
        used += list(dict.fromkeys(present[r] for r in window if r in present))
        missing += gap
        each.append(gap)
    return missing, used, each


def contract_distance(hand: Sequence[Card], contract: Contract, rules: MeldRules) -> int:
    """About how many cards ``hand`` lacks to meet ``contract`` under ``rules`` (0: it
    can be met, or very nearly; see the module's notes)."""
    wilds = sum(1 for card in hand if _is_wild(card, rules))
    naturals = Counter(card for card in hand if not _is_wild(card, rules))
    group_sizes = _need(contract, rules, MeldKind.GROUP)
    run_sizes = _need(contract, rules, MeldKind.RUN)
    best: int | None = None
    for groups_first in (True, False):
        if groups_first:
            g_missing, used = _groups(naturals, group_sizes, rules)
            rest = naturals - Counter(used)
            r_missing, _, _ = _runs(rest, run_sizes, rules, contract)
        else:
            r_missing, used, _ = _runs(naturals, run_sizes, rules, contract)
            rest = naturals - Counter(used)
            g_missing, _ = _groups(rest, group_sizes, rules)
        missing = g_missing + r_missing
        caps = sum(_wild_cap(size, rules) for size in (*group_sizes, *run_sizes))
        missing -= min(wilds, caps, missing)
        if best is None or missing < best:
            best = missing
        if not group_sizes or not run_sizes:
            break
    return best or 0


def helps(hand: Sequence[Card], card: Card, contract: Contract, rules: MeldRules) -> int:
    """How many cards nearer the contract ``card`` brings ``hand`` (0: no nearer).

    >>> from rummykit import Contract, MeldRules, parse_card, parse_cards
    >>> rules = MeldRules.preset("may-i")
    >>> helps(parse_cards("7S 7H KS KC 2C 9D"), parse_card("7D"), Contract.parse("2G"), rules)
    1
    """
    before = contract_distance(hand, contract, rules)
    return max(0, before - contract_distance([*hand, card], contract, rules))
