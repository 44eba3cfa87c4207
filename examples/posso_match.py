"""A Posso? match with jokers between four heuristic bots: claims, corrections and scores.

Run: python examples/posso_match.py [--seed 3]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from rummykit import game
from rummykit.agents import Agent, heuristic_agent
from rummykit.engine import JokerExchanged
from rummykit.games.posso.effects import Claimed, Corrected, Flagged
from rummykit.simulate import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    # Jokers on: one fewer than the players (POSSO-2.2); the usual run-and-set opening.
    definition = game("posso", joker_count="players_minus_one")
    match = definition.new_match(players=4, seed=args.seed)
    agents: list[Agent] = [heuristic_agent(definition) for _ in range(4)]
    play(match, agents, rng=random.Random(args.seed))

    # Count what happened from the typed effects of the log, never from its text.
    kinds: Counter[str] = Counter()
    for event in match.events:
        for effect in event.effects:
            if isinstance(effect, Claimed):
                kinds["free claims (POSSO-9)"] += 1
            elif isinstance(effect, Flagged):
                kinds["playable discards flagged (POSSO-14.4)"] += 1
            elif isinstance(effect, Corrected):
                kinds["correction claims (POSSO-14.5)"] += 1
            elif isinstance(effect, JokerExchanged):
                kinds["joker exchanges (POSSO-11.6)"] += 1
    for kind, count in sorted(kinds.items()):
        print(f"{count:4d}  {kind}")

    # One deal per player (POSSO-18.1); the highest total wins.
    for number, scores in enumerate(match.deal_scores, start=1):
        print(f"deal {number}: " + "  ".join(f"{score.net:+4d}" for score in scores))
    print("totals:", match.scores)
    outcome = match.outcome
    assert outcome is not None
    print("winner:", ", ".join("ABCD"[seat] for seat in outcome.winners))


if __name__ == "__main__":
    main()
