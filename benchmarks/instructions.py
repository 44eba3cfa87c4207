"""Instructions a decision of random legal play, counted by callgrind (not timed).

Plays ``--decisions`` seeded random decisions of a game (new matches as they end) and,
run twice under ``valgrind --tool=callgrind`` (once with one decision, once with N + 1),
the difference divided by N is the cost of a decision with the imports and the first
match set aside: the same count on a loaded machine as on an idle one.

Run: valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
    python benchmarks/instructions.py may-i --decisions 3001
(and with ``--decisions 1``), or ``python benchmarks/instructions.py --compare OLD/src``
to run both counts for the three games on this checkout and on ``OLD/src`` (``--compare
OLD/src may-i`` for one game). To see where they go, ``--bytecodes 25`` counts the
bytecodes each function runs in the same ``--decisions`` decisions, played again after
one that loads the modules (``sys.settrace`` with ``f_trace_opcodes``: deterministic,
not timed), and prints the 25 that run most with their calls a decision; run it on two
trees (``PYTHONPATH=OLD/src``) and compare.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

GAMES = ("may-i", "posso", "possession")


def play(name: str, decisions: int) -> None:
    """``decisions`` seeded random decisions of ``name`` (4 players; Possession 2)."""
    try:
        from rummykit import game
    except ImportError:  # a checkout from before rummykit.game
        from rummykit.games import game  # type: ignore[attr-defined,no-redef]

    done = seed = 0
    while done < decisions:
        match = game(name).new_match(players=2 if name == "possession" else 4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and done < decisions:
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
            done += 1
        seed += 1


def bytecodes(name: str, decisions: int, top: int) -> None:
    """Print the bytecodes a decision of ``name`` (after a first decision that loads the
    modules) and the ``top`` functions that run most of them, with their calls."""
    from collections import Counter
    from types import CodeType, FrameType
    from typing import Any

    ops: Counter[CodeType] = Counter()
    calls: Counter[CodeType] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes, frame.f_trace_lines = True, False
            calls[frame.f_code] += 1
        elif event == "opcode":
            ops[frame.f_code] += 1
        return trace

    play(name, 1)
    sys.settrace(trace)
    try:
        play(name, decisions)
    finally:
        sys.settrace(None)
    print(f"{name}: {sum(ops.values()) / decisions:,.1f} bytecodes a decision")
    for code, count in ops.most_common(top):
        where = f"{Path(code.co_filename).name}:{code.co_firstlineno} {code.co_qualname}"
        print(f"{count / decisions:9.1f} {calls[code] / decisions:7.3f} calls  {where}")


def count(src: Path, name: str, decisions: int) -> int:
    """Instructions of ``decisions`` decisions of ``name`` with ``src`` on the path."""
    # One hash seed for every run: with random ones, the imports' cost alone varies by
    # millions of instructions between the two runs, a few per cent of the difference.
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [sys.executable, __file__, name, "--decisions", str(decisions)]
    run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr[-500:]
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=GAMES)
    parser.add_argument("--decisions", type=int, default=3001)
    parser.add_argument("--compare", type=Path, help="an older checkout's src/ folder")
    parser.add_argument(
        "--bytecodes", type=int, metavar="TOP", help="count bytecodes by function instead"
    )
    args = parser.parse_args()
    if args.bytecodes is not None:
        bytecodes(args.game or "may-i", args.decisions, args.bytecodes)
        return
    if args.compare is None:
        play(args.game or "may-i", args.decisions)
        return
    here = Path(__file__).resolve().parents[1] / "src"
    for name in (args.game,) if args.game else GAMES:
        costs = []
        for src in (args.compare, here):
            first, many = count(src, name, 1), count(src, name, args.decisions)
            costs.append((many - first) / (args.decisions - 1))
        before, after = costs
        print(f"{name:10} before {before:9,.0f}  after {after:9,.0f}  {after / before:.3f}x")


if __name__ == "__main__":
    main()
