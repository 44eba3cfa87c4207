"""A round-robin tournament: every shipped contract-rummy agent against the others, in
seeded May I? matches, with a results table.

Each pairing plays the same seeds with the seats rotated, so no agent gains from its
seat. Run: python examples/tournament.py [--matches 4]
"""

from __future__ import annotations

import argparse
from itertools import combinations

from rummykit.simulate import simulate

AGENTS = ("heuristic", "greedy", "random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=4, help="matches per seating")
    args = parser.parse_args()
    wins = dict.fromkeys(AGENTS, 0.0)
    played = dict.fromkeys(AGENTS, 0)
    for first, second in combinations(AGENTS, 2):
        # Four seats, two of each agent, in both orders: A B A B and B A B A.
        for seating in ((first, second) * 2, (second, first) * 2):
            summary = simulate("may-i", list(seating), matches=args.matches, seed=7)
            for name in set(seating):
                played[name] += summary.matches
            for name, share in zip(seating, summary.win_share, strict=True):
                wins[name] += share * summary.matches  # a shared win counts its share
    print(f"{'agent':<10}{'matches':>8}{'wins':>8}{'win rate':>10}")
    for name in sorted(AGENTS, key=lambda n: -wins[n] / played[n]):
        rate = wins[name] / played[name]  # par is 50%: two of the four seats are its own
        print(f"{name:<10}{played[name]:>8}{wins[name]:>8.1f}{rate:>10.0%}")


if __name__ == "__main__":
    main()
