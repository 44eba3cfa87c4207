"""What checking a snapshot costs: ``Match.from_dict`` on real snapshots of the three games.

For each game a seeded match is played with random legal actions to a few points (early,
mid deal, a later deal); the fastest of ``--repeat`` restores of each snapshot is taken
and the median over the snapshots printed, in milliseconds. Run it against two checkouts
(``PYTHONPATH=<checkout>/src``) to compare them; ``--rounds`` alternates nothing itself,
so run the two in turn a few times on a shared machine.

Run: python benchmarks/from_dict.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from typing import Any

from rummykit import game
from rummykit.kit.match import Match

GAMES = ("may-i", "posso", "possession")
POINTS = (5, 60, 200, 400)


def snapshots(name: str, seed: int = 1) -> list[dict[str, Any]]:
    """Snapshots of a seeded match of ``name`` after each of :data:`POINTS` actions."""
    match: Match[Any, Any] = game(name).new_match(seed=seed)
    rng = random.Random(seed)
    found = []
    for step in range(1, max(POINTS) + 1):
        legal = match.legal_actions()
        if not legal:
            break
        match.apply(rng.choice(legal))
        if step in POINTS:
            found.append(match.to_dict())
    return found


def fastest(data: dict[str, Any], repeat: int) -> float:
    """The fastest of ``repeat`` restores of ``data``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        Match.from_dict(data)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    repeat = parser.parse_args().repeat
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores")
    for name in GAMES:
        times = [fastest(data, repeat) for data in snapshots(name)]
        print(
            f"{name:12} from_dict: median {statistics.median(times) * 1e3:.3f} ms, "
            f"slowest {max(times) * 1e3:.3f} ms over {len(times)} snapshots"
        )


if __name__ == "__main__":
    main()
