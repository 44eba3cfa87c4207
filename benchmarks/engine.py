"""Full matches with uniformly random legal actions: matches and decisions per second.

May I? (4 players, the reference rules), Posso? (4 players, jokers on), Possession (2
players) and, in the same run
when the ``bench`` extra is installed, RLCard's and OpenSpiel's gin rummy.

Run: python benchmarks/engine.py [--seconds 20]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from rummykit.games import MayI, Possession, Posso, PossoRules
from rummykit.match import Match


def random_matches(
    new_match: Callable[[int], Match[Any, Any]], seconds: float
) -> tuple[int, int, float]:
    """Play matches with uniformly random legal actions for ``seconds``."""
    matches = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match = new_match(matches)
        rng = random.Random(matches)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
            decisions += 1
        matches += 1
    return matches, decisions, time.perf_counter() - start


def may_i(seconds: float) -> tuple[int, int, float]:
    return random_matches(lambda seed: MayI().new_match(players=4, seed=seed), seconds)


def posso(seconds: float) -> tuple[int, int, float]:
    definition = Posso(PossoRules(joker_count="players_minus_one"))
    return random_matches(lambda seed: definition.new_match(players=4, seed=seed), seconds)


def possession(seconds: float) -> tuple[int, int, float]:
    return random_matches(lambda seed: Possession().new_match(players=2, seed=seed), seconds)


def rlcard_gin(seconds: float) -> tuple[int, int, float] | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = random.Random(0)
    matches = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"]))
            state, _ = env.step(action)
            decisions += 1
        matches += 1
    return matches, decisions, time.perf_counter() - start


def openspiel_gin(seconds: float) -> tuple[int, int, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)
    matches = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        matches += 1
    return matches, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}, {args.seconds:g} s per engine"
    )
    engines: list[tuple[str, Callable[[float], tuple[int, int, float] | None]]] = [
        ("rummykit May I? (4 players)", may_i),
        ("rummykit Posso? (4, jokers)", posso),
        ("rummykit Possession (2 players)", possession),
        ("RLCard gin rummy", rlcard_gin),
        ("OpenSpiel gin_rummy", openspiel_gin),
    ]
    for name, run in engines:
        result = run(args.seconds)
        if result is None:
            print(f"  {name:<32} not installed (pip install '.[bench]')")
            continue
        matches, decisions, elapsed = result
        print(
            f"  {name:<32} {matches / elapsed:9.2f} matches/s "
            f"{decisions / elapsed:10,.0f} decisions/s ({decisions / max(matches, 1):,.0f} "
            f"decisions a match)"
        )


if __name__ == "__main__":
    main()
