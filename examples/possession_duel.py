"""A two-player game of Possession: who starts, and why, then a duel to 8 points.

Run: python examples/possession_duel.py [--seed 4]
"""

from __future__ import annotations

import argparse
import random

from rummykit import game
from rummykit.agents import Agent, RandomAgent
from rummykit.games.possession import PossessionAgent
from rummykit.simulate import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()

    match = game("possession").new_match(players=2, seed=args.seed)
    # Nine cards each, dealt in three shuffled rounds of three; the upcard is the card in
    # play, and the player nearest to it starts (PSSN-3, PSSN-4).
    print("upcard:", match.pile.cards[-1])
    for seat in (0, 1):
        print(f"P{seat + 1}:", " ".join(str(card) for card in match.hands[seat]))
    assert match.to_act is not None
    print(f"to play first: P{match.to_act + 1}")

    # A shedding bot against a random one; each card left in hand is a point (PSSN-8),
    # and the game ends when someone reaches 8 (PSSN-9.1).
    agents: list[Agent] = [PossessionAgent(), RandomAgent()]
    play(match, agents, rng=random.Random(args.seed))
    for number, scores in enumerate(match.deal_scores, start=1):
        # Possession counts penalty points (a point per card left): the fewer the better.
        print(f"deal {number}: A {scores[0].penalty} penalty, B {scores[1].penalty} penalty")
    outcome = match.outcome
    assert outcome is not None
    winners = ", ".join("AB"[seat] for seat in outcome.winners)
    print("penalty totals:", match.scores, "- winner (fewest):", winners)


if __name__ == "__main__":
    main()
