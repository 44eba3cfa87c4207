"""The slow, obviously correct definitions that the fast code is tested against."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from rummykit import AcePolicy, Card, MeldRules, WildLimit


def _wild_ok(rules: MeldRules, naturals: int, wilds: int, min_naturals: int) -> bool:
    if wilds and not rules.jokers_allowed:
        return False
    if rules.max_jokers_per_meld is not None and wilds > rules.max_jokers_per_meld:
        return False
    if naturals < max(1, min_naturals):
        return False
    if rules.wild_limit is WildLimit.AT_MOST_NATURALS and wilds > naturals:
        return False
    return not (rules.wild_limit is WildLimit.FEWER_THAN_NATURALS and wilds and wilds >= naturals)


def is_group(rules: MeldRules, cards: Sequence[Card]) -> bool:
    """A group: one rank among the naturals, sizes, suits and wild limits as the rules say."""
    naturals = [card for card in cards if not card.is_joker]
    wilds = len(cards) - len(naturals)
    if len({card.rank for card in naturals}) > 1:
        return False
    if len(cards) < rules.group_min:
        return False
    if rules.group_max is not None and len(cards) > rules.group_max:
        return False
    if rules.group_distinct_suits and len(set(naturals)) != len(naturals):
        return False
    return _wild_ok(rules, len(naturals), wilds, rules.group_min_naturals)


def _interpretations(ace: AcePolicy) -> list[dict[int, int]]:
    """Ways to number the ranks 1-13 so that a run is consecutive numbers."""
    low = {rank: rank for rank in range(1, 14)}
    high = {rank: 14 if rank == 1 else rank for rank in range(1, 14)}
    if ace is AcePolicy.LOW:
        return [low]
    if ace is AcePolicy.HIGH:
        return [high]
    if ace is AcePolicy.LOW_OR_HIGH:
        return [low, high]
    return [{rank: (rank - start) % 13 for rank in range(1, 14)} for start in range(1, 14)]


def is_run(rules: MeldRules, cards: Sequence[Card]) -> bool:
    """A run: every way of giving each joker a rank, tried against every rank numbering."""
    naturals = [card for card in cards if not card.is_joker]
    wilds = len(cards) - len(naturals)
    if len({card.suit for card in naturals}) > 1:
        return False
    if not rules.run_min <= len(cards) <= rules.run_max:
        return False
    if not _wild_ok(rules, len(naturals), wilds, rules.run_min_naturals):
        return False
    natural_ranks = [int(card.rank) for card in naturals if card.rank is not None]
    if len(set(natural_ranks)) != len(natural_ranks):
        return False
    for joker_ranks in product(range(1, 14), repeat=wilds):
        ranks = natural_ranks + list(joker_ranks)
        if len(set(ranks)) != len(ranks):
            continue
        for numbering in _interpretations(rules.ace):
            numbers = sorted(numbering[rank] for rank in ranks)
            if numbers[-1] - numbers[0] != len(numbers) - 1:
                continue
            if not rules.joker_at_run_end:
                ends = {numbers[0], numbers[-1]}
                if any(numbering[rank] in ends for rank in joker_ranks):
                    continue
            return True
    return False


def is_meld(rules: MeldRules, cards: Sequence[Card]) -> bool:
    """A group or a run."""
    return bool(cards) and (is_group(rules, cards) or is_run(rules, cards))
