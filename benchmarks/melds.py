"""Validations per second on a fixed, seeded mix of valid and invalid 3-8-card candidates.

Run: python benchmarks/melds.py [--count N]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence

from rummykit import JOKER, NATURALS, Card, InvalidMeldError, presets


def candidates(count: int, *, jokers: bool, seed: int = 1) -> list[tuple[Card, ...]]:
    """Half near-melds (a stretch of one suit or copies of one rank, perhaps broken), half
    random cards, 3-8 cards each; with ``jokers`` one card in three becomes a joker."""
    rng = random.Random(seed)
    result = []
    for index in range(count):
        size = rng.randint(3, 8)
        if index % 2:
            cards = [rng.choice(NATURALS) for _ in range(size)]
        elif rng.random() < 0.5:
            suit, start = rng.randrange(4), rng.randrange(13)
            cards = [NATURALS[13 * suit + (start + i) % 13] for i in range(size)]
        else:
            rank = rng.randrange(13)
            cards = [NATURALS[13 * rng.randrange(4) + rank] for _ in range(size)]
        if rng.random() < 0.2:
            cards[rng.randrange(size)] = rng.choice(NATURALS)
        if jokers and rng.random() < 0.6:
            cards[rng.randrange(size)] = JOKER
        rng.shuffle(cards)
        result.append(tuple(cards))
    return result


def rate(
    function: Callable[[tuple[Card, ...]], object], items: Sequence[tuple[Card, ...]]
) -> float:
    best = 0.0
    for _ in range(5):
        start = time.perf_counter()
        for cards in items:
            function(cards)
        best = max(best, len(items) / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=100_000)
    args = parser.parse_args()
    rules = presets.meld_rules("may-i")
    natural = candidates(args.count, jokers=False)
    wild = candidates(args.count // 4, jokers=True)

    def validate(cards: tuple[Card, ...]) -> object:
        try:
            return rules.validate(cards)
        except InvalidMeldError:
            return None

    valid = sum(rules.accepts(cards) for cards in natural)
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"natural candidates: {len(natural)} ({valid} valid)")
    print(f"  accepts   {rate(rules.accepts, natural):>12,.0f} per second")
    print(f"  validate  {rate(validate, natural):>12,.0f} per second")
    valid = sum(rules.accepts(cards) for cards in wild)
    print(f"candidates with jokers: {len(wild)} ({valid} valid)")
    print(f"  accepts   {rate(rules.accepts, wild):>12,.0f} per second")
    print(f"  validate  {rate(validate, wild):>12,.0f} per second")


if __name__ == "__main__":
    main()
