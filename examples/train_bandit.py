"""Learn to play one seat of May I? against random players, with the Gymnasium
environment and nothing heavier than numpy. It needs the ``rl`` extra:
``python -m pip install -e ".[rl]"`` (the ``test`` extra includes it).

The learner is a tabular Monte Carlo bandit: it values each *kind* of decision in each
phase (go down, lay off, draw, take, ask, pass, discard a high or a low card, …) by the
deal points that followed it, and plays the best-valued kind (a random action of that
kind), exploring now and then. It never sees a card's identity beyond that, yet it learns
what matters most in contract rummy: go down when you can, lay off, do not buy junk,
shed high cards.

    python examples/train_bandit.py                 # a quick run (well under a minute)
    python examples/train_bandit.py --matches 200   # a longer one (a few minutes)

It prints the seat's mean points per deal, the learned policy against the random
policy, on the same seeded evaluation matches.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from typing import Any

import numpy as np

from rummykit import rl
from rummykit.kit import Discard


def kind(environment: Any, index: int) -> str:
    """The kind of the action at ``index``: its block, and a discard's value class."""
    table = environment.table
    block: rl.Block = table.actions.block_of(index)
    if block.name != "discard":
        return block.name
    action = table.legal().action(index)
    assert isinstance(action, Discard)
    card = action.card
    if card.rank is None:
        return "discard joker"
    return "discard high" if int(card.rank) >= 10 or int(card.rank) == 1 else "discard low"


class Bandit:
    """Values of (phase, kind) by the mean deal points that followed."""

    def __init__(self, epsilon: float, rng: random.Random) -> None:
        self.epsilon = epsilon
        self.rng = rng
        self.total: defaultdict[tuple[str, str], float] = defaultdict(float)
        self.count: defaultdict[tuple[str, str], int] = defaultdict(int)

    def value(self, key: tuple[str, str]) -> float:
        """The mean return of ``key`` (optimistic when never tried)."""
        seen = self.count[key]
        return self.total[key] / seen if seen else 0.0

    def choose(self, environment: Any, mask: Any, greedy: bool) -> tuple[int, tuple[str, str]]:
        """An action index, and its (phase, kind)."""
        phase = environment.match.phase.value
        by_kind: defaultdict[str, list[int]] = defaultdict(list)
        for index in np.flatnonzero(mask):
            by_kind[kind(environment, int(index))].append(int(index))
        kinds = sorted(by_kind)
        if not greedy and self.rng.random() < self.epsilon:
            chosen = self.rng.choice(kinds)
        else:
            best = max(self.value((phase, name)) for name in kinds)
            chosen = self.rng.choice([n for n in kinds if self.value((phase, n)) == best])
        return self.rng.choice(by_kind[chosen]), (phase, chosen)

    def learn(self, keys: list[tuple[str, str]], points: float) -> None:
        """Credit the deal's ``points`` to every decision taken in it."""
        for key in keys:
            self.total[key] += points
            self.count[key] += 1


def play(
    environment: Any, seed: int, bandit: Bandit | None, *, learn: bool, rng: random.Random
) -> list[float]:
    """One match; the seat's points in each deal. ``bandit=None`` plays at random."""
    _, info = environment.reset(seed=seed)
    deals: list[float] = []
    keys: list[tuple[str, str]] = []
    deal, points = environment.match.deal_number, 0.0
    done = False
    while not done:
        mask = info["action_mask"]
        if bandit is None:
            index, key = rng.choice([int(i) for i in np.flatnonzero(mask)]), ("", "")
        else:
            index, key = bandit.choose(environment, mask, greedy=not learn)
        keys.append(key)
        _, reward, terminated, truncated, info = environment.step(index)
        points += float(reward)
        done = terminated or truncated
        if done or environment.match.deal_number != deal:
            if bandit is not None and learn:
                bandit.learn(keys, points)
            deals.append(points)
            keys, points, deal = [], 0.0, environment.match.deal_number
    return deals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="training matches")
    parser.add_argument("--evaluate", type=int, default=5, help="evaluation matches")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)

    environment = rl.gym_env("may-i", players=options.players, seat=0)
    rng = random.Random(options.seed)
    bandit = Bandit(epsilon=0.2, rng=random.Random(options.seed))
    start = time.perf_counter()
    for match in range(options.matches):
        play(environment, 1000 + options.seed * 7919 + match, bandit, learn=True, rng=rng)
    trained = time.perf_counter() - start

    seeds = [options.seed * 104729 + match for match in range(options.evaluate)]
    learned = [p for s in seeds for p in play(environment, s, bandit, learn=False, rng=rng)]
    randomly = [p for s in seeds for p in play(environment, s, None, learn=False, rng=rng)]
    print(f"trained on {options.matches} matches in {trained:.1f} s")
    print(f"mean points per deal, {len(learned)} evaluation deals (higher is better):")
    print(f"  learned policy {np.mean(learned):8.1f}")
    print(f"  random policy  {np.mean(randomly):8.1f}")
    print("what it learned (phase, kind: mean deal points, decisions):")
    for key in sorted(bandit.count, key=lambda k: -bandit.count[k])[:10]:
        print(f"  {key[0]:>13} {key[1]:<13} {bandit.value(key):8.1f} {bandit.count[key]:7}")


if __name__ == "__main__":
    main()
