"""The compiled build against the pure one, alternating, in one run: compiled / pure.

Random legal play of May I? (4 players), Posso? (4, jokers) and Possession (2) in
decisions per second, as in ``engine.py``; the contract solver: ``best_arrangement``
once on each of 40,000 seeded 10-15-card two-deck hands and 4,000 15-card hands with 1-4
jokers under the May I? rules (as in ``solver.py``), hands per second; and the least
deadwood of one-deck hands: ``min_deadwood_value`` on 10,000 seeded 10-card and 10,000
11-card hands (with ``discard=True``) under the gin rules, as ``solver.py`` compares with
the peers, hands per second (the second pass, on warm tables). Each measure runs in a
fresh process of each interpreter, alternating, best of ``--rounds``.

``--reference`` adds a third interpreter with the pure build of another tree (say the
main branch), measured in the same alternation: ``pure / reference`` shows whether a
change made the pure build faster or slower.

Two environments are needed, both with a regular (not editable) install::

    python -m venv pure && pure/bin/python -m pip install .
    python -m venv fast && RUMMYKIT_COMPILE=1 fast/bin/python -m pip install .
    python benchmarks/compiled.py --pure pure/bin/python --compiled fast/bin/python

Each child checks ``rummykit.compiled``, so a mix-up of the two fails instead of timing
the same build twice. ``--only solver`` runs the two solver measures alone.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile

_PLAY = """
import random, sys, time
import rummykit
from rummykit.games import MayI, Possession, Posso, PossoRules
assert rummykit.compiled is (sys.argv[2] == "compiled")
seconds = float(sys.argv[1]); decisions = seed = 0; start = time.perf_counter()
while time.perf_counter() - start < seconds:
    match = {new}; rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions())); decisions += 1
    seed += 1
print(decisions / (time.perf_counter() - start))
"""

_SOLVE = """
import random, sys, time
import rummykit
from rummykit import JOKER, CardValues, DeckSpec, best_arrangement, presets
values = CardValues(ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20)
assert rummykit.compiled is (sys.argv[2] == "compiled")
rules, schedule = presets.meld_rules("may-i"), presets.schedule("may-i")
shoe = DeckSpec(decks=2).shoe(); rng = random.Random(2026)
cases = [
    (tuple(rng.sample(shoe, rng.randint(10, 15))), schedule[rng.randint(1, 5)].contract)
    for _ in range(40_000)
]
for _ in range(4_000):
    jokers = rng.randint(1, 4)
    hand = (*rng.sample(shoe, 15 - jokers), *(JOKER,) * jokers)
    cases.append((hand, schedule[rng.randint(1, 5)].contract))
start = time.perf_counter()
for hand, contract in cases:
    best_arrangement(hand, contract, rules, values=values)
print(len(cases) / (time.perf_counter() - start))
"""

_GIN = """
import random, sys, time
import rummykit
from rummykit import NATURALS, min_deadwood_value, presets
from rummykit.presets import GIN_VALUES
assert rummykit.compiled is (sys.argv[2] == "compiled")
rules = presets.meld_rules("gin")
hands = []
for size in (10, 11):
    rng = random.Random(size)
    hands += [tuple(rng.sample(NATURALS, size)) for _ in range(10_000)]
for hand in hands:  # the tables fill on the first pass
    min_deadwood_value(hand, rules, values=GIN_VALUES, discard=len(hand) == 11)
start = time.perf_counter()
for hand in hands:
    min_deadwood_value(hand, rules, values=GIN_VALUES, discard=len(hand) == 11)
print(len(hands) / (time.perf_counter() - start))
"""

SOLVER = ("contract solver (best_arrangement), hands/s", "gin min deadwood (value), hands/s")
"""The measures ``--only solver`` runs."""

MEASURES = {
    "May I? random play, decisions/s": _PLAY.replace(
        "{new}", "MayI().new_match(players=4, seed=seed)"
    ),
    "Posso? random play, decisions/s": _PLAY.replace(
        "{new}",
        "Posso(PossoRules(joker_count='players_minus_one')).new_match(players=4, seed=seed)",
    ),
    "Possession random play, decisions/s": _PLAY.replace(
        "{new}", "Possession().new_match(players=2, seed=seed)"
    ),
    "contract solver (best_arrangement), hands/s": _SOLVE,
    "gin min deadwood (value), hands/s": _GIN,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pure", required=True, help="a Python with the pure build installed")
    parser.add_argument("--compiled", required=True, help="a Python with the compiled build")
    parser.add_argument("--seconds", type=float, default=8.0, help="per measure, run and build")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--reference", help="a Python with the pure build of another tree (e.g. main)"
    )
    parser.add_argument("--only", choices=["solver"], help="run the solver measures alone")
    args = parser.parse_args()
    builds = {"pure": args.pure, "compiled": args.compiled}
    if args.reference:
        builds["reference"] = args.reference
    measures = {
        name: script for name, script in MEASURES.items() if args.only is None or name in SOLVER
    }
    with tempfile.TemporaryDirectory() as away:  # no src/ on the children's path
        for name, script in measures.items():
            best = dict.fromkeys(builds, 0.0)
            for _ in range(args.rounds):
                for build, python in builds.items():
                    flag = "compiled" if build == "compiled" else "pure"
                    out = subprocess.run(
                        [python, "-c", script, str(args.seconds / args.rounds), flag],
                        cwd=away,
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout
                    best[build] = max(best[build], float(out))
            pure, compiled = best["pure"], best["compiled"]
            line = (
                f"  {name:<44} pure {pure:10,.0f}  compiled {compiled:10,.0f}  "
                f"{compiled / pure:5.2f}x"
            )
            if args.reference:
                reference = best["reference"]
                line += f"  reference {reference:10,.0f}  pure/reference {pure / reference:5.2f}x"
            print(line, flush=True)


if __name__ == "__main__":
    main()
