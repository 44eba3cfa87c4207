"""A brute-force contract and deadwood search over every subset of a hand (slow, plain)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from itertools import combinations

from rummykit import (
    Card,
    Contract,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldRules,
    SameSuitRuns,
)
from rummykit.scoring import CardValues


def all_melds(hand: Sequence[Card], rules: MeldRules) -> list[tuple[int, Meld]]:
    """Every (index mask, meld) a subset of the hand makes, in either kind it makes."""
    found = []
    smallest = min(rules.group_min, rules.run_min)
    for size in range(smallest, len(hand) + 1):
        for indexes in combinations(range(len(hand)), size):
            cards = [hand[i] for i in indexes]
            mask = sum(1 << i for i in indexes)
            for kind in MeldKind:
                with suppress(InvalidMeldError):
                    found.append((mask, rules.validate(cards, kind)))
    return found


def _meets(contract: Contract, melds: Sequence[Meld], rules: MeldRules) -> bool:
    return contract.violation(list(melds), rules) is None


def best_used(
    hand: Sequence[Card],
    contract: Contract | None,
    rules: MeldRules,
    values: CardValues,
    *,
    count: bool = False,
) -> tuple[int | None, int]:
    """The most points melds meeting ``contract`` can take (``None`` if none meet it), and
    with ``count`` the number of distinct arrangements (melds compared as card multisets)."""
    melds = all_melds(hand, rules)
    total_melds = 0 if contract is None else sum(r.count for r in contract.requirements)
    exact = contract is not None and contract.exact
    best: int | None = None
    seen: set[tuple[object, ...]] = set()

    def worth(meld: Meld) -> int:
        return sum(values.value(card) for card in meld.cards)

    def walk(start: int, used_mask: int, chosen: list[Meld]) -> None:
        nonlocal best
        if contract is None or _meets(contract, chosen, rules):
            value = sum(worth(meld) for meld in chosen)
            if best is None or value > best:
                best = value
            if count:
                seen.add(tuple(sorted((m.kind.value, tuple(sorted(m.cards))) for m in chosen)))
        if exact and len(chosen) >= total_melds:
            return
        for index in range(start, len(melds)):
            mask, meld = melds[index]
            if mask & used_mask:
                continue
            chosen.append(meld)
            walk(index + 1, used_mask | mask, chosen)
            chosen.pop()

    walk(0, 0, [])
    return best, len(seen)


def same_suit_runs_forbidden(contract: Contract) -> bool:
    return contract.same_suit_runs is SameSuitRuns.FORBIDDEN
