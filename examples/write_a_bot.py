"""A bot in about thirty lines, measured against the random agent.

The bot sees only its seat's view (``view.hand``, ``view.pile``, ``view.legal`` …) and
returns one of the legal actions. It goes down and lays off whenever it can, takes the
top discard when it pairs with a card in hand, never buys, and discards its loneliest,
most expensive card.

Run: python examples/write_a_bot.py [--matches 20]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from rummykit.engine.actions import Down, LayOff
from rummykit.games.may_i.actions import Allow
from rummykit.games.may_i.data import MAY_I_VALUES
from rummykit.kit.actions import Action, Discard, Done, Draw, Pass, Take
from rummykit.kit.protocol import PlayerView
from rummykit.simulate import simulate


class PairBot:
    """Pairs up, goes down, lays off; discards what pairs with nothing."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        for kind in (Down, LayOff):  # melding first: it is how a deal is won
            found = [action for action in legal if isinstance(action, kind)]
            if found:
                return found[0]
        ranks = Counter(card.rank for card in view.hand)
        if Draw() in legal:  # the draw step: take the discard only if it pairs
            top = view.pile[-1][0] if view.pile else None
            pairs = top is not None and ranks[top.rank] > 0
            return Take(1) if pairs and Take(1) in legal else Draw()
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            return max(discards, key=lambda d: (-ranks[d.card.rank], MAY_I_VALUES.value(d.card)))
        for safe in (Pass(), Allow(), Done()):  # claim windows: stay out of them
            if safe in legal:
                return safe
        return legal[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20)
    args = parser.parse_args()
    # One PairBot against three random players, the same seeded matches every run.
    summary = simulate(
        "may-i", [PairBot(), "random", "random", "random"], matches=args.matches, seed=1
    )
    low, high = summary.win_interval[0]
    print(f"PairBot won {summary.wins[0]:g} of {summary.matches} matches against 3 random bots")
    print(f"win share {summary.win_share[0]:.0%} (95% interval {low:.0%}-{high:.0%})")
    print(
        "mean scores:",
        ", ".join(
            f"{name} {score:+.0f}"
            for name, score in zip(summary.agents, summary.mean_scores, strict=True)
        ),
    )


if __name__ == "__main__":
    main()
