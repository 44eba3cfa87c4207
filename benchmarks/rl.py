"""Environment steps per second: rummykit's PettingZoo environments against PettingZoo's
``gin_rummy_v4`` (RLCard underneath), in the same run, with the same random-mask player.

    python benchmarks/rl.py --seconds 20
    python benchmarks/rl.py --seconds 20 --gin-python /path/to/venv/bin/python

PettingZoo dropped ``gin_rummy_v4`` in 1.25; when this interpreter cannot import it the
peer line is measured with ``--gin-python`` (an interpreter with ``pettingzoo<1.25`` and
``rlcard``), or says why it is missing. A step is one ``env.step`` of the wrapped AEC
environment after ``env.last()``, the loop every PettingZoo user writes.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any


def measure(make: Callable[[], Any], seconds: float, seed: int = 0) -> dict[str, float]:
    """Random-mask play for about ``seconds``: matches, steps and their rates."""
    import numpy as np

    rng = np.random.default_rng(seed)
    environment = make()
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        environment.reset(seed=seed + episodes)
        for _agent in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            environment.step(action)
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    return {
        "episodes": episodes,
        "steps": steps,
        "steps_per_second": steps / elapsed,
        "episodes_per_second": episodes / elapsed,
    }


def gin(seconds: float, python: str | None) -> dict[str, Any]:
    """PettingZoo's gin_rummy_v4 here, or in ``python``; ``{"missing": why}`` otherwise."""
    if python:
        command = [python, __file__, "--peer-only", "--seconds", str(seconds)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            return {"missing": done.stderr.strip().splitlines()[-1:] or ["failed"]}
        result: dict[str, Any] = json.loads(done.stdout)
        return result
    try:
        module: Any = importlib.import_module("pettingzoo.classic.gin_rummy_v4")
    except Exception as error:  # ImportError, or PettingZoo's deprecation error
        return {"missing": f"{type(error).__name__}: {error}"}
    return measure(module.env, seconds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per environment")
    parser.add_argument("--gin-python", help="an interpreter with pettingzoo<1.25 and rlcard")
    parser.add_argument("--peer-only", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.peer_only:
        module: Any = importlib.import_module("pettingzoo.classic.gin_rummy_v4")
        print(json.dumps(measure(module.env, options.seconds)))
        return
    from rummykit import rl

    rows: list[tuple[str, dict[str, Any]]] = [
        ("PettingZoo gin_rummy_v4 (RLCard)", gin(options.seconds, options.gin_python)),
        ("rummykit may-i, 4 players", measure(lambda: rl.env("may-i", players=4), options.seconds)),
        (
            "rummykit possession, 2 players",
            measure(lambda: rl.env("possession", players=2), options.seconds),
        ),
        ("rummykit posso, 4 players", measure(lambda: rl.env("posso", players=4), options.seconds)),
    ]
    peer = rows[0][1].get("steps_per_second")
    print(f"{'environment':34} {'episodes/s':>11} {'steps/s':>9} {'steps/episode':>14} ratio")
    for name, result in rows:
        if "missing" in result:
            print(f"{name:34} not available: {result['missing']}")
            continue
        rate = result["steps_per_second"]
        ratio = f"{rate / peer:5.1f}x" if peer else "  -"
        per = result["steps"] / max(result["episodes"], 1)
        print(f"{name:34} {result['episodes_per_second']:11.2f} {rate:9,.0f} {per:14,.0f} {ratio}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
