"""A full May I? match between four heuristic bots, with a table of every deal.

Run: python examples/may_i_match.py [--seed 7]
"""

from __future__ import annotations

import argparse
import random

from rummykit import game
from rummykit.agents import Agent, heuristic_agent
from rummykit.simulate import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    definition = game("may-i")
    match = definition.new_match(players=4, seed=args.seed)
    # One agent per seat; each decides from its own seat's view only.
    agents: list[Agent] = [heuristic_agent(definition) for _ in range(4)]
    play(match, agents, rng=random.Random(args.seed))

    # One line per deal: its contract and each seat's net score (MAYI-15).
    print(f"{'deal':<5}{'contract':<9}" + "".join(f"{seat:>6}" for seat in "ABCD"))
    for number, scores in enumerate(match.deal_scores, start=1):
        contract = str(match.schedule[number].contract)
        print(f"{number:<5}{contract:<9}" + "".join(f"{score.net:>+6d}" for score in scores))
    print(f"{'total':<14}" + "".join(f"{total:>+6d}" for total in match.scores))
    outcome = match.outcome
    assert outcome is not None
    print("winner:", ", ".join("ABCD"[seat] for seat in outcome.winners))


if __name__ == "__main__":
    main()
