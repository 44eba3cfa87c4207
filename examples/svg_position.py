"""Write SVG pictures of a May I? position: the whole table, and one player's view.

Four greedy players play a seeded match until melds are on the table; the script then
writes ``may-i-position.svg`` (every hand face up) and ``may-i-view.svg`` (what player A
may know) into ``--out`` (a temporary directory by default) and prints their paths.
Open them in a browser, or show ``svg.view(...)`` in a notebook.

    python examples/svg_position.py --out .
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from rummykit import game, svg
from rummykit.agents import GreedyAgent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()))
    parser.add_argument("--seed", type=int, default=3)
    options = parser.parse_args(argv)

    match = game("may-i").new_match(players=4, seed=options.seed)
    agent, rng = GreedyAgent(), random.Random(options.seed)
    while not match.is_over and len(match.table) < 4:
        seat = match.to_act
        assert seat is not None
        match.apply(agent.choose(match.view(seat), rng))

    options.out.mkdir(parents=True, exist_ok=True)
    pictures = {
        "may-i-position.svg": svg.position(match),
        "may-i-view.svg": svg.view(match.view(0)),
        "may-i-deal.svg": svg.deal_strip(match, seat=0),
    }
    for name, picture in pictures.items():
        path = options.out / name
        path.write_text(picture, encoding="utf-8")
        print(f"{path} ({len(picture):,} bytes)")
    print(f"deal {match.deal_number}, {len(match.table)} melds on the table:")
    for number, meld in enumerate(match.table):
        print(f"  {number}: {meld.notation} (player {'ABCDE'[meld.owner or 0]})")


if __name__ == "__main__":
    main()
