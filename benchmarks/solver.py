"""The solver side by side with the peers, on the same seeded hands, in one run.

1. Gin rummy minimum deadwood on 10- and 11-card one-deck hands (11 cards: the best
   hand after one discard), against RLCard's ``get_best_meld_clusters`` and OpenSpiel's
   ``GinRummyUtils.min_deadwood`` when the ``bench`` extra is installed. Every hand's
   result is compared; mismatches are printed.
2. May I? contracts on 10-15-card two-deck hands: median, 99th percentile and worst
   time of ``best_arrangement``; 15-card hands with up to 4 jokers; and 10-15-card hands
   with 2 jokers and deuces wild (either reading, and the mayi-house rules).

Run: python benchmarks/solver.py [--hands N]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence

import attrs

from rummykit import (
    JOKER,
    NATURALS,
    Card,
    CardValues,
    Contract,
    DeckSpec,
    MeldRules,
    Rank,
    best_arrangement,
    min_deadwood,
    min_deadwood_value,
    presets,
)
from rummykit.presets import GIN_VALUES

Hand = tuple[Card, ...]
CONTRACT_VALUES = CardValues(ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20)
"""May I?'s card values (MAYI-3), passed to every ``best_arrangement`` call below."""


def gin_hands(count: int, size: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [tuple(rng.sample(NATURALS, size)) for _ in range(count)]


def ours(hands: Sequence[Hand]) -> list[int]:
    """``min_deadwood_value``: the number only, as the peers return it."""
    rules = presets.meld_rules("gin")
    return [
        min_deadwood_value(hand, rules, values=GIN_VALUES, discard=len(hand) == 11)
        for hand in hands
    ]


def ours_with_melds(hands: Sequence[Hand]) -> list[int]:
    """``min_deadwood``: the melds as Meld values too."""
    rules = presets.meld_rules("gin")
    return [
        min_deadwood(hand, rules, values=GIN_VALUES, discard=len(hand) == 11).left_value
        for hand in hands
    ]


def rlcard_function() -> Callable[[Sequence[Hand]], list[int]] | None:
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return None
    suits = {"S": "S", "H": "H", "D": "D", "C": "C"}

    def convert(card: Card) -> object:
        rank = "T" if card.rank is not None and card.rank.symbol == "10" else card.notation[0]
        return utils.card_from_text(rank + suits[card.notation[-1]])

    def deadwood(hand: list[object]) -> int:
        clusters = melding.get_best_meld_clusters(hand=hand)
        if not clusters:
            return sum(utils.get_deadwood_value(card) for card in hand)
        return int(utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0]))

    def run(hands: Sequence[Hand]) -> list[int]:
        results = []
        for hand in hands:
            cards = [convert(card) for card in hand]
            if len(cards) == 10:
                results.append(deadwood(cards))
            else:
                results.append(min(deadwood(cards[:i] + cards[i + 1 :]) for i in range(11)))
        return results

    return run


def openspiel_function() -> Callable[[Sequence[Hand]], list[int]] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    gin = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    suit_order = {"S": 0, "C": 1, "D": 2, "H": 3}

    def convert(card: Card) -> int:
        assert card.rank is not None
        return 13 * suit_order[card.notation[-1]] + int(card.rank) - 1

    def run(hands: Sequence[Hand]) -> list[int]:
        return [int(gin.min_deadwood([convert(card) for card in hand])) for hand in hands]

    return run


def timed(
    function: Callable[[Sequence[Hand]], list[int]], hands: Sequence[Hand], repeat: int = 3
) -> tuple[float, float, list[int]]:
    """Hands per second on the first run (cold caches) and the best of ``repeat`` runs
    (the machine is shared, so the best is the least disturbed), and the results."""
    rates = []
    results: list[int] = []
    for _ in range(repeat):
        start = time.perf_counter()
        results = function(hands)
        rates.append(len(hands) / (time.perf_counter() - start))
    return rates[0], max(rates), results


def gin(count: int) -> None:
    peers = {"rlcard": rlcard_function(), "open_spiel": openspiel_function()}
    for size in (10, 11):
        hands = gin_hands(count, size, seed=size)
        print(f"gin rummy, {count} one-deck hands of {size} cards")
        cold, rate, mine = timed(ours, hands)
        print(f"  {'':<11} {'first run':>10} {'best of 3':>10}")
        print(f"  rummykit    {cold:>10,.0f} {rate:>10,.0f} hands/s  (min_deadwood_value)")
        cold_melds, melds_rate, with_melds = timed(ours_with_melds, hands)
        assert with_melds == mine
        print(f"  rummykit    {cold_melds:>10,.0f} {melds_rate:>10,.0f} hands/s  (min_deadwood)")
        for name, function in peers.items():
            if function is None:
                print(f"  {name:<11} not installed (pip install '.[bench]')")
                continue
            peer_cold, peer_rate, theirs = timed(function, hands)
            wrong = [(hand, a, b) for hand, a, b in zip(hands, mine, theirs, strict=True) if a != b]
            print(
                f"  {name:<11} {peer_cold:>10,.0f} {peer_rate:>10,.0f} hands/s  "
                f"best rummykit/{name} = {rate / peer_rate:.2f}x, "
                f"first runs {cold / peer_cold:.2f}x; mismatches: {len(wrong)}"
            )
            for hand, a, b in wrong[:5]:
                print(f"    {' '.join(map(str, hand))}: rummykit {a}, {name} {b}")


def contracts(count: int) -> None:
    rules = presets.meld_rules("may-i")
    schedule = presets.schedule("may-i")
    shoe = DeckSpec(decks=2).shoe()
    rng = random.Random(2026)
    cases = [
        (tuple(rng.sample(shoe, rng.randint(10, 15))), schedule[rng.randint(1, 5)].contract)
        for _ in range(count)
    ]
    report("May I? contracts, 10-15 two-deck cards, no jokers", cases, rules)
    joker_cases = []
    for _ in range(count // 10):
        jokers = rng.randint(1, 4)
        hand = (*rng.sample(shoe, 15 - jokers), *(JOKER,) * jokers)
        joker_cases.append((hand, schedule[rng.randint(1, 5)].contract))
    report("15 cards with 1-4 jokers, May I? rules (one joker a meld)", joker_cases, rules)
    unlimited = attrs.evolve(rules, max_jokers_per_meld=None)
    report("the same hands, any number of jokers a meld", joker_cases, unlimited)
    deuce_cases = []
    for _ in range(count):
        size = rng.randint(10, 15)
        hand = (*rng.sample(shoe, size - 2), JOKER, JOKER)
        deuce_cases.append((hand, schedule[rng.randint(1, 5)].contract))
    deuces = attrs.evolve(rules, wild_ranks={Rank.TWO})
    report(
        "10-15 cards with 2 jokers, deuces wild (a 2 may play itself), May I? rules",
        deuce_cases,
        deuces,
    )
    report(
        "the same hands, deuces only wild, any number of wilds a meld",
        deuce_cases,
        attrs.evolve(deuces, wild_as_natural=False, max_jokers_per_meld=None),
    )
    report(
        "the same hands, mayi-house rules (deuces only wild, wilds <= naturals)",
        deuce_cases,
        presets.meld_rules("mayi-house"),
    )


def report(title: str, cases: Sequence[tuple[Hand, Contract]], rules: MeldRules) -> None:
    """Per hand, the fastest of three calls (the machine is shared); then percentiles."""
    for hand, contract in cases[:200]:  # warm the candidate caches as a long run would
        best_arrangement(hand, contract, rules, values=CONTRACT_VALUES)
    times = []
    met = 0
    for hand, contract in cases:
        fastest = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            result = best_arrangement(hand, contract, rules, values=CONTRACT_VALUES)
            fastest = min(fastest, time.perf_counter() - start)
        times.append(fastest)
        met += result is not None
    times.sort()
    print(f"{title}: {len(cases)} hands, {met} meet their contract")
    print(
        f"  best_arrangement median {statistics.median(times) * 1e6:8.1f} us, "
        f"99th percentile {times[int(len(times) * 0.99)] * 1e6:8.1f} us, "
        f"worst {times[-1] * 1e6:8.1f} us"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--only", choices=["gin", "contracts"], default=None)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    if args.only != "contracts":
        gin(args.hands)
    if args.only != "gin":
        contracts(args.hands)


if __name__ == "__main__":
    main()
