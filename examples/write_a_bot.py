"""A bot in about thirty lines, measured against the random agent.

The bot sees only its seat's view (``view.hand``, ``view.pile``, ``view.legal`` …) and
returns one of the legal actions. It goes down and lays off whenever it can, takes the
top discard when it pairs with a card in hand, never buys, and discards its loneliest,
most expensive card. It imports no game: asked out of turn for a card (a ``Question``
phase) it gives the answer the game declares lets the card go, and it weighs cards by
the values the game declares (``definition.card_values()``).

Run: python examples/write_a_bot.py [--matches 20]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from rummykit import CardValues, game
from rummykit.engine import Down, LayOff
from rummykit.kit import Action, Discard, Done, Draw, PlayerView, Question, Take
from rummykit.simulate import simulate


class PairBot:
    """Pairs up, goes down, lays off; discards what pairs with nothing."""

    def __init__(self, values: CardValues) -> None:
        self.values = values

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal
        if isinstance(view.phase, Question) and view.phase.decline in legal:
            return view.phase.decline  # asked out of turn for a card: stay out
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
            return max(discards, key=lambda d: (-ranks[d.card.rank], self.values.value(d.card)))
        return Done() if Done() in legal else legal[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20)
    args = parser.parse_args()
    # One PairBot against three random players, the same seeded matches every run.
    may_i = game("may-i")
    values = may_i.card_values()
    assert values is not None  # a contract game counts its cards
    summary = simulate(
        may_i, [PairBot(values), "random", "random", "random"], matches=args.matches, seed=1
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
