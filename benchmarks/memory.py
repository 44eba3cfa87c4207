"""What a match in progress holds in memory: its bytes at the deal and as its log grows.

``--matches`` seeded May I? matches (4 players, random legal actions, as
``benchmarks/instructions.py`` plays them) are kept alive side by side while
:mod:`tracemalloc` counts every allocation still held: after the deal, then after
``--checkpoints`` decisions each. A live server holds its tables the same way, so the
bytes a match and the bytes an event (the growth between two checkpoints over the
events logged in between) say what 10,000 live tables cost. A match that ends before a
checkpoint stays as it ended; the events counted are the ones logged.

Run: python benchmarks/memory.py [--matches 200] [--checkpoints 300,1500] [--game may-i]
     [--breakdown] (the ten largest allocation sites at the last checkpoint)
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import tracemalloc
from typing import Any

from rummykit import Match, game


def held() -> int:
    """Bytes traced now, after a full collection."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--checkpoints", default="300,1500")
    parser.add_argument("--game", default="may-i")
    parser.add_argument("--breakdown", action="store_true")
    args = parser.parse_args()
    checkpoints = [int(part) for part in args.checkpoints.split(",")]
    players = 2 if args.game == "possession" else 4
    definition = game(args.game)
    definition.new_match(players=players, seed=10**6)  # imports and first-use memos aside
    print(
        f"{args.game}, {args.matches} matches, {platform.python_implementation()} "
        f"{platform.python_version()}, rummykit.compiled={_compiled()}"
    )

    tracemalloc.start()
    base = held()
    matches: list[Match[Any, Any]] = [
        definition.new_match(players=players, seed=seed) for seed in range(args.matches)
    ]
    rngs = [random.Random(seed) for seed in range(args.matches)]
    at_deal = held()
    logged = sum(match.step for match in matches)
    print(
        f"at the deal: {(at_deal - base) / args.matches / 1024:7.1f} KB a match, "
        f"{logged / args.matches:.0f} events"
    )
    before, done, events_before = at_deal, 0, logged
    for checkpoint in checkpoints:
        for match, rng in zip(matches, rngs, strict=True):
            for _ in range(checkpoint - done):
                if match.is_over:
                    break
                legal = match.legal_actions()
                match.apply(legal[rng.randrange(len(legal))])
        done = checkpoint
        now = held()
        events = sum(match.step for match in matches)
        grown = (now - before) / max(events - events_before, 1)
        print(
            f"after {checkpoint:5} decisions: {(now - base) / args.matches / 1024:7.1f} KB a "
            f"match, {events / args.matches:.0f} events; {grown:6.1f} bytes an event since "
            "the last line"
        )
        before, events_before = now, events
    total = (before - at_deal) / max(events_before - logged, 1)
    print(
        f"from the deal to the last checkpoint: {total:.1f} bytes an event ({total / 1024:.3f} KB)"
    )
    if args.breakdown:
        for stat in tracemalloc.take_snapshot().statistics("lineno")[:10]:
            print(
                f"  {stat.size / events_before:7.1f} B/event  {stat.count:8} blocks  "
                f"{stat.traceback}"
            )
    tracemalloc.stop()


def _compiled() -> bool:
    from rummykit import compiled

    return bool(compiled)


if __name__ == "__main__":
    main()
