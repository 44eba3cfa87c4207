"""Saving and restoring a match in progress: a snapshot against a replay of its record.

A May I? match (4 players, the reference rules, random legal actions) is played into
deal 3; then, the fastest of ``--repeat`` runs of each:

- the snapshot: ``match.to_dict()`` and its JSON text, size and time; restoring it with
  ``Match.from_dict(json.loads(text))``;
- ``pickle`` of the match, both ways;
- the record (``records.dumps``) and replaying it (``records.loads``), the only way to
  restore a match before snapshots;
- appending one event to a JSON Lines record (``records.RecordWriter``, one line and a
  flush to a file) against rewriting the whole record after each action.

Run: python benchmarks/snapshot.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import random
import tempfile
import time
from collections.abc import Callable
from typing import Any

from rummykit import Match
from rummykit.games import MayI
from rummykit.records import RecordWriter, dumps, loads


def match_in_deal_three(seed: int = 1) -> Match[Any, Any]:
    """A May I? match some way into its third deal."""
    match: Match[Any, Any] = MayI().new_match(players=4, seed=seed)
    rng = random.Random(seed)
    while match.deal_number < 3:
        match.apply(rng.choice(match.legal_actions()))
    for _ in range(40):
        match.apply(rng.choice(match.legal_actions()))
    return match


def fastest(work: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``work``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    repeat = parser.parse_args().repeat
    match = match_in_deal_three()
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores")
    print(f"May I?, 4 players, deal {match.deal_number}, {match.step} actions so far")

    text = json.dumps(match.to_dict(), separators=(",", ":"))
    record = dumps(match)
    pickled = pickle.dumps(match)
    assert Match.from_dict(json.loads(text)) == match == loads(record)
    rows = [
        (
            "snapshot: to_dict + json.dumps",
            len(text),
            fastest(lambda: json.dumps(match.to_dict()), repeat),
        ),
        (
            "snapshot: json.loads + from_dict",
            len(text),
            fastest(lambda: Match.from_dict(json.loads(text)), repeat),
        ),
        ("pickle.dumps", len(pickled), fastest(lambda: pickle.dumps(match), repeat)),
        ("pickle.loads", len(pickled), fastest(lambda: pickle.loads(pickled), repeat)),
        ("record: records.dumps", len(record), fastest(lambda: dumps(match), repeat // 4 or 1)),
        (
            "record: records.loads (replay)",
            len(record),
            fastest(lambda: loads(record), repeat // 10 or 1),
        ),
    ]
    print(f"{'':36} {'bytes':>8} {'ms':>8}")
    for name, size, seconds in rows:
        print(f"{name:36} {size:>8} {seconds * 1e3:>8.3f}")
    restore, replay = rows[1][2], rows[5][2]
    print(f"restore / replay: {restore / replay:.3f} (goal: at most 0.1; restore at most 1 ms)")

    rng = random.Random(9)
    twin = match.clone()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "match.jsonl")
        with RecordWriter(path, twin) as writer:
            times = []
            for _ in range(min(repeat, 200)):
                if twin.is_over:
                    break
                event = twin.apply(rng.choice(twin.legal_actions()))
                start = time.perf_counter()
                writer.append(event)
                times.append(time.perf_counter() - start)
            size = os.path.getsize(path)
    times.sort()
    median = times[len(times) // 2]
    print(
        f"JSON Lines: append one event (write + flush): median {median * 1e3:.3f} ms,"
        f" fastest {times[0] * 1e3:.3f} ms, over {len(times)} events; file {size} bytes"
    )
    whole = fastest(lambda: dumps(twin), repeat // 4 or 1)
    print(f"rewriting the whole record instead: {whole * 1e3:.3f} ms a save")


if __name__ == "__main__":
    main()
