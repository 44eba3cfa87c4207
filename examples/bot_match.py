"""A full May I? match between a greedy bot and three random ones, saved and replayed.

Shows the match protocol from a program: agents choose from their seat's view, the
events are the log, and the JSON record replays to the identical match.

Run: python examples/bot_match.py [--seed 7]
"""

from __future__ import annotations

import argparse
import random

from rummykit import game
from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.records import dumps, loads
from rummykit.simulate import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    match = game("may-i").new_match(players=4, seed=args.seed)
    agents: list[Agent] = [GreedyAgent(), RandomAgent(), RandomAgent(), RandomAgent()]
    play(match, agents, rng=random.Random(args.seed))

    for number, scores in enumerate(match.deal_scores, start=1):
        nets = "  ".join(f"{'ABCD'[seat]} {score.net:+4d}" for seat, score in enumerate(scores))
        print(f"deal {number} ({match.schedule[number].contract}): {nets}")
    outcome = match.outcome
    assert outcome is not None
    print("winner:", ", ".join("ABCD"[seat] for seat in outcome.winners), "(A is the greedy bot)")

    record = dumps(match)
    replayed = loads(record)
    assert replayed.snapshot() == match.snapshot()
    print(
        f"{len(match.events)} decisions; the record ({len(record):,} bytes of JSON) replays "
        "to the same match"
    )


if __name__ == "__main__":
    main()
