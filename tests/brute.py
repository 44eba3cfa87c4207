"""A brute-force contract and deadwood search over every subset of a hand (slow, plain).

``all_melds`` reads each subset the one way the validator reads it (enough for points);
``all_readings`` also tries every card each wild card could stand for in a run, so it
lists every distinct meld (what the solver's ``arrangements`` counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from itertools import combinations, product

from rummykit import (
    JOKER,
    Card,
    CardValues,
    Contract,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldRules,
    Rank,
    SameSuitRuns,
)


def all_melds(hand: Sequence[Card], rules: MeldRules) -> list[tuple[int, Meld]]:
    """Every (index mask, meld) a subset of the hand makes, in either kind it makes."""
    found = []
    smallest = min(kind.min_size(rules) for kind in rules.kinds)
    for size in range(smallest, len(hand) + 1):
        for indexes in combinations(range(len(hand)), size):
            cards = [hand[i] for i in indexes]
            mask = sum(1 << i for i in indexes)
            for kind in rules.kinds:
                with suppress(InvalidMeldError):
                    found.append((mask, rules.validate(cards, kind)))
    return found


def _is_wild(rules: MeldRules, card: Card) -> bool:
    return card is JOKER or card.rank in rules.wild_ranks


def all_readings(hand: Sequence[Card], rules: MeldRules) -> list[tuple[int, Meld]]:
    """Every (index mask, meld) a subset of the hand makes, one entry per distinct meld:
    a run is read with every role each of its wild cards could declare."""
    found = []
    seen: set[tuple[int, Meld]] = set()
    smallest = min(kind.min_size(rules) for kind in rules.kinds)
    for size in range(smallest, len(hand) + 1):
        for indexes in combinations(range(len(hand)), size):
            cards = sorted(hand[i] for i in indexes)
            mask = sum(1 << i for i in indexes)
            readings = _group_readings(cards, rules)
            if rules.accepts(cards, MeldKind.RUN):
                readings += _run_readings(cards, rules)
            for meld in readings:
                if (mask, meld) not in seen:
                    seen.add((mask, meld))
                    found.append((mask, meld))
    return found


def _group_readings(cards: list[Card], rules: MeldRules) -> list[Meld]:
    """A meld needs a card playing as itself (as undeclared validation and the oracle
    say), even where declared roles and ``group_min_naturals=0`` would let wild cards
    alone through."""
    melds = []
    natural_ranks = {
        card.rank
        for card in cards
        if card.rank is not None and (rules.wild_as_natural or card.rank not in rules.wild_ranks)
    }
    for rank in natural_ranks:
        roles = [
            rank if _is_wild(rules, card) and card.rank is not rank else None for card in cards
        ]
        with suppress(InvalidMeldError):
            melds.append(rules.validate(cards, MeldKind.GROUP, roles=roles))
    return melds


def _run_readings(cards: list[Card], rules: MeldRules) -> list[Meld]:
    wild = [i for i, card in enumerate(cards) if _is_wild(rules, card)]
    suits = {card.suit for card in cards if not _is_wild(rules, card)}
    if not suits and rules.wild_as_natural:  # only a wild-rank card can be the natural
        suits = {card.suit for card in cards if card.suit is not None}
    melds = []
    for suit in suits:
        options: list[Card | None] = [None, *(Card(rank, suit) for rank in Rank)]
        for choice in product(options, repeat=len(wild)):
            roles: list[Card | None] = [None] * len(cards)
            for index, role in zip(wild, choice, strict=True):
                roles[index] = role
            with suppress(InvalidMeldError):
                meld = rules.validate(cards, MeldKind.RUN, roles=roles)
                if meld.wild_count < len(meld):  # a card plays as itself
                    melds.append(meld)
    return melds


def meld_signature(meld: Meld) -> tuple[object, ...]:
    """A meld as what it is on the table: a group's cards in any order, a run's in order."""
    if meld.kind is MeldKind.GROUP:
        return (meld.kind.value, tuple(sorted(meld.cards)), meld.rank)
    return (meld.kind.value, meld.cards, meld.ranks)


def every_arrangement(
    hand: Sequence[Card], contract: Contract, rules: MeldRules
) -> set[tuple[tuple[object, ...], ...]]:
    """Every distinct arrangement meeting ``contract``, as sorted meld signatures."""
    melds = all_readings(hand, rules)
    total_melds = sum(r.count for r in contract.requirements)
    found: set[tuple[tuple[object, ...], ...]] = set()

    def walk(start: int, used_mask: int, chosen: list[Meld]) -> None:
        if _meets(contract, chosen, rules):
            found.add(tuple(sorted(meld_signature(meld) for meld in chosen)))
        if contract.exact and len(chosen) >= total_melds:
            return
        for index in range(start, len(melds)):
            mask, meld = melds[index]
            if mask & used_mask:
                continue
            chosen.append(meld)
            walk(index + 1, used_mask | mask, chosen)
            chosen.pop()

    walk(0, 0, [])
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
    readings: bool = False,
) -> tuple[int | None, int]:
    """The most points melds meeting ``contract`` can take (``None`` if none meet it), and
    with ``count`` the number of distinct arrangements (melds compared as card multisets).
    With ``readings``, every reading of each subset is tried (wild cards' roles can decide
    whether a contract is met: a group's rank, a run's suit or place)."""
    melds = all_readings(hand, rules) if readings else all_melds(hand, rules)
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
