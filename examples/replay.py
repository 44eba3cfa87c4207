"""Save a match as a JSON record, load it back, and step through its first turns.

Run: python examples/replay.py [--seed 11]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from rummykit import game
from rummykit.agents import Agent, heuristic_agent
from rummykit.records import dumps, loads
from rummykit.simulate import play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()

    definition = game("may-i")
    match = definition.new_match(players=4, seed=args.seed)
    agents: list[Agent] = [heuristic_agent(definition) for _ in range(4)]
    play(match, agents, rng=random.Random(args.seed))

    # Save: the record holds the game, its options, the seed and every action.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.json"
        path.write_text(dumps(match, indent=1), encoding="utf-8")
        print(f"saved {path.stat().st_size:,} bytes, {len(match.events)} events")
        # Load: replaying the actions rebuilds the identical match and checks its results.
        loaded = loads(path.read_text(encoding="utf-8"))
    assert loaded.snapshot() == match.snapshot()

    # Step through: replay the same actions one at a time on a fresh match.
    fresh = definition.new_match(players=4, seed=args.seed)
    for event in loaded.events[:12]:
        applied = fresh.apply(event.action)
        # Each event holds the action and its typed effects (an answer may have none).
        effects = "; ".join(effect.text for effect in applied.effects) or "-"
        print(f"step {applied.step:3d} {applied.phase!s:<17} {event.action!s:<14} {effects}")
    print("...")
    print("final scores:", loaded.scores)


if __name__ == "__main__":
    main()
