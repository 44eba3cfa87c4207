"""The rummy family's gallery, played: each variant file in ``examples/gallery/`` through
``rummykit simulate FILE -n 20 --json`` between heuristic bots, with the share of deals
ended by a player going out (at least 90 % for the games issue 33 lists, or this script
fails). ``.ci/run`` runs it with the other examples. See docs/howto/rummy-family.md.

Run: python examples/gallery_check.py [-n 20] [--seed 0] [--jobs N]

The matches of each variant are played on ``--jobs`` worker processes (every core by
default); the summary is the same whatever the number of jobs.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

from rummykit.cli import main as rummykit

GALLERY = Path(__file__).with_name("gallery")

LEAST_GOING_OUT = {
    "liverpool": 0.9,
    "shanghai": 0.9,
    "contract-rummy": 0.9,
    "carioca": 0.9,  # its first seven deals (FIRST_DEALS)
    "kalooki-51": 0.9,
    "phase-rummy": 0.9,
}
"""The least share of deals ended by going out, for the games the issue lists."""

FIRST_DEALS = {"carioca": 7}
"""Games whose share counts their first deals only: Carioca's last deals ask for a
thirteen-card run, which a deal often does not reach before its stock runs out."""


def going_out(summary: dict[str, Any], name: str) -> float:
    """The share of the deals counted (:data:`FIRST_DEALS`) ended by going out, from a
    ``simulate --json`` summary."""
    last = FIRST_DEALS.get(name)
    counted = {
        number: played
        for number, played in summary["deals_by_number"].items()
        if last is None or int(number) <= last
    }
    dead = sum(summary["dead_by_deal"].get(number, 0) for number in counted)
    played = sum(counted.values())
    return (played - dead) / played if played else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=20, help="matches per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (every core)"
    )
    args = parser.parse_args()
    failed = []
    for path in sorted(GALLERY.glob("*.toml")):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            words = ["simulate", str(path), "-n", str(args.n), "--seed", str(args.seed)]
            if args.jobs > 1:
                words += ["--jobs", str(args.jobs)]
            code = rummykit([*words, "--json"])
        if code != 0:
            failed.append(f"{path.name}: exit {code}")
            continue
        summary = json.loads(out.getvalue())
        ends = summary["deal_ends"]
        share = going_out(summary, path.stem)
        least = LEAST_GOING_OUT.get(path.stem)
        first = f" (deals 1-{FIRST_DEALS[path.stem]})" if path.stem in FIRST_DEALS else ""
        verdict = "" if least is None else (" ok" if share >= least else f" BELOW {least:.0%}")
        print(
            f"{path.stem:<16} {summary['matches']} matches, {summary['deals']} deals, "
            f"went out {share:.1%}{first}{verdict}; ends {ends}; buys {summary['buys']}"
        )
        if least is not None and share < least:
            failed.append(f"{path.name}: {share:.1%} of deals went out")
    for line in failed:
        print(f"FAILED {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
