"""The compiled build against the pure one, alternating, in one run: compiled / pure.

Random legal play of May I? (4 players), Posso? (4, jokers) and Possession (2) in
decisions per second, as in ``engine.py``, and the contract solver: ``best_arrangement``
once on each of 40,000 seeded 10-15-card two-deck hands and 4,000 15-card hands with 1-4
jokers under the May I? rules (as in ``solver.py``), hands per second. Each measure runs
in a fresh process of each interpreter, alternating, best of ``--rounds``.

Two environments are needed, both with a regular (not editable) install::

    python -m venv pure && pure/bin/python -m pip install .
    python -m venv fast && RUMMYKIT_COMPILE=1 fast/bin/python -m pip install .
    python benchmarks/compiled.py --pure pure/bin/python --compiled fast/bin/python

Each child checks ``rummykit.compiled``, so a mix-up of the two fails instead of timing
the same build twice.
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
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pure", required=True, help="a Python with the pure build installed")
    parser.add_argument("--compiled", required=True, help="a Python with the compiled build")
    parser.add_argument("--seconds", type=float, default=8.0, help="per measure, run and build")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    builds = {"pure": args.pure, "compiled": args.compiled}
    with tempfile.TemporaryDirectory() as away:  # no src/ on the children's path
        for name, script in MEASURES.items():
            best = dict.fromkeys(builds, 0.0)
            for _ in range(args.rounds):
                for build, python in builds.items():
                    out = subprocess.run(
                        [python, "-c", script, str(args.seconds / args.rounds), build],
                        cwd=away,
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout
                    best[build] = max(best[build], float(out))
            pure, compiled = best["pure"], best["compiled"]
            print(
                f"  {name:<44} pure {pure:10,.0f}  compiled {compiled:10,.0f}  "
                f"{compiled / pure:5.2f}x",
                flush=True,
            )


if __name__ == "__main__":
    main()
