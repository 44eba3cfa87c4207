"""A greedy gin rummy player built on ``min_deadwood_value``.

The player draws from a seeded stock and always discards the card that leaves the
least deadwood, until it can knock (10 points or fewer) or the stock runs low.

Run: python examples/gin_discards.py [--seed 3]
"""

from __future__ import annotations

import argparse

from rummykit import (
    DeckSpec,
    Stock,
    format_cards,
    min_deadwood,
    min_deadwood_value,
    presets,
)
from rummykit.presets import GIN_VALUES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rules = presets.meld_rules("gin")
    stock = Stock(DeckSpec(decks=1).shuffled(args.seed))
    hand = [stock.draw() for _ in range(10)]
    for turn in range(1, 31):
        hand.append(stock.draw())
        discard = min(
            set(hand),
            key=lambda card: (
                min_deadwood_value([c for c in hand if c is not card], rules, values=GIN_VALUES),
                -GIN_VALUES.value(card),
            ),
        )
        hand.remove(discard)
        deadwood = min_deadwood_value(hand, rules, values=GIN_VALUES)
        print(
            f"turn {turn:2}: discard {discard}, deadwood {deadwood:3}  {format_cards(sorted(hand))}"
        )
        if deadwood <= 10 or len(stock) <= 2:
            break
    best = min_deadwood(hand, rules, values=GIN_VALUES)
    print("melds:", " | ".join(str(meld) for meld in best.melds) or "none")
    print("deadwood:", format_cards(best.left) or "none", f"({best.left_value} points)")


if __name__ == "__main__":
    main()
