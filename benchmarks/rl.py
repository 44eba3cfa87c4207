"""Environment steps per second: rummykit's PettingZoo environments against PettingZoo's
``gin_rummy_v4`` (RLCard underneath), in the same run, with the same random-mask player.

    python benchmarks/rl.py --seconds 20 --rounds 4
    python benchmarks/rl.py --seconds 20 --rounds 4 --gin-python /path/to/venv/bin/python

PettingZoo dropped ``gin_rummy_v4`` in 1.25; when this interpreter cannot import it the
peer line is measured with ``--gin-python`` (an interpreter with ``pettingzoo<1.25`` and
``rlcard``), or says why it is missing. A step is one ``env.step`` of the wrapped AEC
environment after ``env.last()``, the loop every PettingZoo user writes, with one
seeded random player for every environment (:func:`pick`: the legal indices read from
the mask viewed as booleans, one drawn with ``random.Random.randrange``). The
environments take turns, ``--rounds`` times ``seconds / rounds`` each, and each keeps its
fastest round (the machine is shared: interleaving spreads its load over all of them).
The last lines measure the same matches without PettingZoo, through
:class:`rummykit.rl.Table` (observation, legal indices, apply), and the bare engine.

    python benchmarks/rl.py --seconds 24 --rounds 4 --gin-python ... --before OLD/src
    python benchmarks/rl.py --seconds 24 --rounds 4 --gin-python ... --before python:OLD/bin/python

``--before`` also measures May I?'s, Possession's and Posso?'s environments on an older checkout
(``git worktree add OLD <commit>``), or with an interpreter that has an older build
installed (``python:``, a venv's interpreter), in a second interpreter taking its turns
with the others, for before/after ratios in one run. ``--pure SRC`` does the same with a source
tree run interpreted (``src`` of this checkout), so that the compiled build
(``RUMMYKIT_COMPILE=1 pip install .``, this interpreter) and the pure one are measured in
one run:

    C/bin/python benchmarks/rl.py --seconds 24 --rounds 4 --gin-python ... --pure src

``rummykit.compiled`` says which build each line ran (the first line of the output).

    python benchmarks/rl.py --instructions may-i --steps 3000 [--before python:OLD/bin/python]

counts instead the instructions a PettingZoo step costs (``valgrind --tool=callgrind``,
the loop above with its seeded player, 50 steps of warm-up and the imports left out):
the same count on a loaded machine as on an idle one, for before/after comparisons the
clock cannot make.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any


def pick(mask: Any, rng: random.Random) -> int:
    """The random player's choice: a uniformly random legal index of ``mask`` (a 1-byte
    0/1 array, PettingZoo's ``int8``). Its bytes are read as booleans (a view, no copy:
    numpy lists the nonzero entries of a boolean array ten times faster than of an
    ``int8`` one), ``nonzero`` lists the legal indices in order, and ``rng.randrange``
    draws one of them. The same function plays every environment, the peer's included."""
    import numpy as np

    if mask.dtype.itemsize != 1:  # a wider mask's bytes are not its entries
        mask = mask.astype(np.bool_)
    legal = mask.view(np.bool_).nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


def measure(make: Callable[[], Any], seconds: float, seed: int = 0) -> dict[str, float]:
    """Random-mask play for about ``seconds``: matches, steps and their rates (the
    player: :func:`pick`, seeded)."""
    rng = random.Random(seed)
    environment = make()
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        environment.reset(seed=seed + episodes)
        for _agent in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            done = termination or truncation
            action = None if done else pick(observation["action_mask"], rng)
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


def play_steps(name: str, steps: int) -> None:
    """``steps`` PettingZoo steps of ``name`` as :func:`measure` plays them (new matches
    as they end), after 50 steps of warm-up; the steps run inside ``functools.reduce``,
    where :func:`count_steps` starts and stops counting."""
    from rummykit import rl

    environment = rl.env(name, 2 if name == "possession" else 4)
    rng = random.Random(0)
    episodes = 0
    agents: Any = iter(())

    def step(_total: object = None, _item: object = None) -> None:
        nonlocal agents, episodes
        if next(agents, None) is None:
            environment.reset(seed=episodes)
            episodes += 1
            agents = iter(environment.agent_iter())
            next(agents)
        observation, _, termination, truncation, _ = environment.last()
        done = termination or truncation
        environment.step(None if done else pick(observation["action_mask"], rng))

    for _ in range(50):
        step()
    functools.reduce(step, range(steps), None)


def count_steps(python: str, name: str, steps: int, env: dict[str, str] | None = None) -> float:
    """Instructions a PettingZoo step of ``name`` costs with ``python`` (callgrind
    counting only inside :func:`play_steps`' ``functools.reduce``), per step."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += ["--collect-atstart=no", "--toggle-collect=functools_reduce"]
    command += [python, __file__, "--play-steps", name, str(steps)]
    # One hash seed for every run: set and dict orders, so the same steps are counted.
    environ = {**(os.environ if env is None else env), "PYTHONHASHSEED": "0"}
    run = subprocess.run(command, env=environ, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr[-500:]
    return int(found.group(1)) / steps


def measure_table(name: str, players: int, seconds: float, seed: int = 0) -> dict[str, float]:
    """The same random play through :class:`rummykit.rl.Table`: observe the seat to
    act, pick a legal index, apply it (no PettingZoo, no mask array)."""
    import rummykit
    from rummykit import rl

    table = rl.Table(rummykit.game(name), players)
    rng = random.Random(seed)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.new_match(seed + episodes)
        match = table.match
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            table.observe(seat)
            table.apply(rng.choice(table.legal().indices))
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    return {
        "episodes": episodes,
        "steps": steps,
        "steps_per_second": steps / elapsed,
        "episodes_per_second": episodes / elapsed,
    }


def measure_engine(name: str, players: int, seconds: float, seed: int = 0) -> dict[str, float]:
    """The bare engine: random legal actions, no observation at all."""
    import rummykit

    definition = rummykit.game(name)
    rng = random.Random(seed)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match = definition.new_match(players=players, seed=seed + episodes)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
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


def before(src: str, name: str, players: int, seconds: float) -> dict[str, Any]:
    """The environment of ``name`` measured with the rummykit in ``src`` (an older
    checkout's ``src`` folder, or this one's to run it interpreted), in a second
    interpreter; ``src`` may instead be ``python:INTERPRETER``, an interpreter with
    another rummykit installed (an older compiled build)."""
    python = sys.executable
    env = dict(os.environ)
    if src.startswith("python:"):
        python = src.removeprefix("python:")
    else:
        env["PYTHONPATH"] = src
    command = [python, __file__, "--env-only", name, str(players), "--seconds"]
    done = subprocess.run(
        [*command, str(seconds)], capture_output=True, text=True, check=False, env=env
    )
    if done.returncode:
        return {"missing": done.stderr.strip().splitlines()[-1:] or ["failed"]}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per environment")
    parser.add_argument("--rounds", type=int, default=2, help="turns each environment takes")
    parser.add_argument("--gin-python", help="an interpreter with pettingzoo<1.25 and rlcard")
    parser.add_argument(
        "--before",
        metavar="SRC",
        help="an older checkout's src folder, or python:INTERPRETER (an older build installed)",
    )
    parser.add_argument("--pure", metavar="SRC", help="a src folder to run interpreted")
    parser.add_argument("--instructions", metavar="GAME", help="count a step's instructions")
    parser.add_argument("--steps", type=int, default=3000, help="steps --instructions counts")
    parser.add_argument("--play-steps", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--peer-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--env-only", nargs=2, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.play_steps:
        play_steps(options.play_steps[0], int(options.play_steps[1]))
        return
    if options.instructions:
        name, steps = options.instructions, options.steps
        print(f"this build: {count_steps(sys.executable, name, steps):,.0f} instructions a step")
        for label, src in (("pure", options.pure), ("before", options.before)):
            if src:
                python, env = sys.executable, dict(os.environ)
                if src.startswith("python:"):
                    python = src.removeprefix("python:")
                else:
                    env["PYTHONPATH"] = src
                count = count_steps(python, name, steps, env)
                print(f"{label}: {count:,.0f} instructions a step")
        return
    if options.peer_only:
        module: Any = importlib.import_module("pettingzoo.classic.gin_rummy_v4")
        print(json.dumps(measure(module.env, options.seconds)))
        return
    import rummykit
    from rummykit import rl

    if options.env_only:
        import rummykit

        name, players = options.env_only[0], int(options.env_only[1])
        result = measure(lambda: rl.env(name, players), options.seconds)
        print(json.dumps({**result, "compiled": rummykit.compiled}))
        return

    slice_ = options.seconds / options.rounds
    runs: list[tuple[str, Callable[[], dict[str, Any]]]] = [
        ("PettingZoo gin_rummy_v4 (RLCard)", lambda: gin(slice_, options.gin_python)),
        ("rummykit may-i, 4 players", lambda: measure(lambda: rl.env("may-i", 4), slice_)),
        (
            "rummykit possession, 2 players",
            lambda: measure(lambda: rl.env("possession", 2), slice_),
        ),
        ("rummykit posso, 4 players", lambda: measure(lambda: rl.env("posso", 4), slice_)),
        ("may-i through rl.Table", lambda: measure_table("may-i", 4, slice_)),
        ("possession through rl.Table", lambda: measure_table("possession", 2, slice_)),
        ("posso through rl.Table", lambda: measure_table("posso", 4, slice_)),
        ("may-i engine alone", lambda: measure_engine("may-i", 4, slice_)),
        ("possession engine alone", lambda: measure_engine("possession", 2, slice_)),
        ("posso engine alone", lambda: measure_engine("posso", 4, slice_)),
    ]
    for label, src in (("pure", options.pure), ("before", options.before)):
        if src:
            runs += [
                (f"{name}, {count} players, {label}", partial(before, src, name, count, slice_))
                for name, count in (("may-i", 4), ("possession", 2), ("posso", 4))
            ]
    best: dict[str, dict[str, Any]] = {}
    for _ in range(options.rounds):
        for name, run in runs:
            result = run()
            kept = best.get(name)
            if (
                kept is None
                or "missing" in kept
                or result.get("steps_per_second", 0) > kept.get("steps_per_second", 0)
            ):
                best[name] = result
    peer = best[runs[0][0]].get("steps_per_second")
    import rummykit

    print(f"rummykit.compiled: {rummykit.compiled} (the lines not marked pure or before)")
    print(f"{'environment':34} {'episodes/s':>11} {'steps/s':>9} {'steps/episode':>14} ratio")
    for name, _ in runs:
        result = best[name]
        if "missing" in result:
            print(f"{name:34} not available: {result['missing']}")
            continue
        rate = result["steps_per_second"]
        ratio = f"{rate / peer:5.1f}x" if peer else "  -"
        per = result["steps"] / max(result["episodes"], 1)
        build = (
            "" if "compiled" not in result else f" ({'compiled' if result['compiled'] else 'pure'})"
        )
        episodes = result["episodes_per_second"]
        print(f"{name:34} {episodes:11.2f} {rate:9,.0f} {per:14,.0f} {ratio}{build}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
