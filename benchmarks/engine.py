"""Full matches with uniformly random legal actions: matches and decisions per second.

May I? (4 players, the reference rules), Posso? (4 players, jokers on), Possession (2
players) and, in the same run
when the ``bench`` extra is installed, RLCard's and OpenSpiel's gin rummy.

Run: python benchmarks/engine.py [--seconds 20] [--turns 4] [--fresh]
    [--before OLD/src [--rounds 3]]

``--fresh`` runs each turn of each engine in a new process (compiled.py's way): in one
process an engine runs after the others' objects and memos, which slows Posso? by 5-15 %.

``--turns 4``: the engines take four turns of a quarter of ``--seconds`` each, one after
the other, and each keeps its fastest turn (the shared machine's speed drifts by 20-40 %
within a minute; taking turns spreads a slow spell over all of them, as ``rl.py`` does).

``--before`` also times the three rummykit games, and a May I? go-down applied as text,
on an older checkout (``git worktree add OLD <commit>``), alternating with this one, for
before/after ratios in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummykit import Match
from rummykit.games import MayI, Possession, Posso, PossoRules


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


_BEFORE_AFTER = {
    "May I?": "MayI().new_match(players=4, seed=seed)",
    "Posso?": "Posso(PossoRules(joker_count='players_minus_one')).new_match(players=4, seed=seed)",
    "Possession": "Possession().new_match(players=2, seed=seed)",
}
"""The matches timed before and after: the same games as the table below."""


def before_after(before_src: str, seconds: float, rounds: int) -> None:
    """Decisions per CPU second of each game here and on ``before_src``, alternating, best
    of each. Both checkouts play the same seeded matches (as many as the first run plays
    in ``seconds / rounds``), after a warm-up match that is not timed: a window of time
    would give each side a different mix of matches, and wall time counts the other
    programs on a shared machine."""
    script = (
        "import sys, random, time\n"
        "from rummykit.games import MayI, Possession, Posso, PossoRules\n"
        "def play(seed):\n"
        "    match = {new}; rng = random.Random(seed); decisions = 0\n"
        "    while not match.is_over:\n"
        "        match.apply(rng.choice(match.legal_actions())); decisions += 1\n"
        "    return decisions\n"
        "play(10**6)\n"
        "seconds, matches = float(sys.argv[1]), int(sys.argv[2])\n"
        "decisions = seed = 0; start = time.process_time()\n"
        "while seed < matches or (not matches and time.process_time() - start < seconds):\n"
        "    decisions += play(seed); seed += 1\n"
        "print(decisions / (time.process_time() - start), seed)\n"
    )
    here = str(Path(__file__).resolve().parent.parent / "src")
    best = {(game, label): 0.0 for game in _BEFORE_AFTER for label in ("before", "after")}
    matches = dict.fromkeys(_BEFORE_AFTER, 0)
    for _ in range(rounds):
        for game, new in _BEFORE_AFTER.items():
            for label, src in (("before", before_src), ("after", here)):
                env = {**os.environ, "PYTHONPATH": src}
                out = subprocess.run(
                    [
                        sys.executable,
                        "-c",
                        script.format(new=new),
                        str(seconds / rounds),
                        str(matches[game]),
                    ],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
                best[game, label] = max(best[game, label], float(out[0]))
                matches[game] = int(out[1])
    for game in _BEFORE_AFTER:
        before, after = best[game, "before"], best[game, "after"]
        print(
            f"  {game} before {before:,.0f} decisions/s, after {after:,.0f} "
            f"(CPU time, seeds 0-{matches[game] - 1}, best of {rounds} alternating runs): "
            f"{after / before:.2f}x"
        )


_GO_DOWN = (
    "import sys, random, time\n"
    "from rummykit.games import MayI\n"
    "match = MayI().new_match(players=4, seed=3); rng = random.Random(3)\n"
    "while True:\n"
    "    downs = [str(a) for a in match.legal_actions() if str(a).startswith('down ')]\n"
    "    if downs: break\n"
    "    match.apply(rng.choice(match.legal_actions()))\n"
    "text, rounds = downs[0], int(sys.argv[1])\n"
    "def best(step):\n"
    "    times = []\n"
    "    for _ in range(7):\n"
    "        start = time.process_time()\n"
    "        for _ in range(rounds): step()\n"
    "        times.append((time.process_time() - start) / rounds)\n"
    "    return min(times)\n"
    "print(best(lambda: match.clone().apply(text)) - best(lambda: match.clone()))\n"
)
"""A go-down applied as text (the clone it is applied to is timed apart and subtracted)."""


def go_down_before_after(before_src: str, rounds: int) -> None:
    """The CPU time of applying a go-down given as text, here and on ``before_src``."""
    here = str(Path(__file__).resolve().parent.parent / "src")
    best = {"before": float("inf"), "after": float("inf")}
    for _ in range(rounds):
        for label, src in (("before", before_src), ("after", here)):
            env = {**os.environ, "PYTHONPATH": src}
            out = subprocess.run(
                [sys.executable, "-c", _GO_DOWN, "300"],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            best[label] = min(best[label], float(out))
    before, after = best["before"], best["after"]
    print(
        f"  May I? go-down applied as text: before {before * 1e6:.1f} us, after "
        f"{after * 1e6:.1f} us (best of {rounds} alternating runs): {after / before:.2f}x the time"
    )


ENGINES: list[tuple[str, Callable[[float], tuple[int, int, float] | None]]] = [
    ("rummykit May I? (4 players)", may_i),
    ("rummykit Posso? (4, jokers)", posso),
    ("rummykit Possession (2 players)", possession),
    ("RLCard gin rummy", rlcard_gin),
    ("OpenSpiel gin_rummy", openspiel_gin),
]
"""The engines timed, in the order of the table."""


def in_fresh_process(name: str, seconds: float) -> tuple[int, int, float] | None:
    """One turn of the engine ``name`` in a new process of this interpreter."""
    command = [sys.executable, __file__, "--one", name, "--seconds", str(seconds)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return None if found is None else (found[0], found[1], found[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--before",
        metavar="SRC",
        help="also time each game on an older checkout's src folder (git worktree add …), "
        "alternating with this one, for a before/after ratio in the same run",
    )
    parser.add_argument("--rounds", type=int, default=3, help="alternations with --before")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="each turn of each engine in a new process of this interpreter (no engine "
        "runs after another's objects and memos in the same process)",
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument(
        "--turns",
        type=int,
        default=1,
        help="the engines take turns this many times, seconds / turns each, and each keeps "
        "its fastest turn (the machine's speed drifts: ratios from one turn each can mislead)",
    )
    args = parser.parse_args()
    if args.turns < 1:
        parser.error("--turns is at least 1")
    if args.one:  # a child of --fresh: one engine, one turn, the counts as JSON
        print(json.dumps(dict(ENGINES)[args.one](args.seconds)))
        return
    print(
        f"python {platform.python_version()} on {platform.machine()}, {args.seconds:g} s per "
        f"engine in {args.turns} turn(s), the fastest kept"
    )
    if args.before:
        before_after(args.before, args.seconds, args.rounds)
        go_down_before_after(args.before, args.rounds)
    engines = ENGINES
    best: dict[str, tuple[int, int, float] | None] = {}
    for _ in range(args.turns):  # the engines take turns: a slow spell of the machine
        for name, run in engines:  # falls on all of them, and each keeps its best turn
            seconds = args.seconds / args.turns
            result = in_fresh_process(name, seconds) if args.fresh else run(seconds)
            kept = best.get(name)
            if result is None or kept is None or result[1] / result[2] > kept[1] / kept[2]:
                best[name] = result
    for name, _ in engines:
        found = best[name]
        if found is None:
            print(f"  {name:<32} not installed (pip install '.[bench]')")
            continue
        matches, decisions, elapsed = found
        print(
            f"  {name:<32} {matches / elapsed:9.2f} matches/s "
            f"{decisions / elapsed:10,.0f} decisions/s ({decisions / max(matches, 1):,.0f} "
            f"decisions a match)"
        )


if __name__ == "__main__":
    main()
