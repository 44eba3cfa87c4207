"""``Meld.extensions`` per call: every card that can be laid off on a meld.

Run from the repository root: ``python benchmarks/extensions.py [--repeat N]``. Prints,
for a mix of melds (runs and groups with and without jokers, deuces wild, a flush and a
colour meld), the fastest of five rounds of ``N`` calls each, in milliseconds a call.
"""

from __future__ import annotations

import argparse
import time

from rummykit import AcePolicy, MeldRules, Rank

WRAP = MeldRules(ace=AcePolicy.WRAP, max_jokers_per_meld=1)
DEUCES = MeldRules(ace=AcePolicy.HIGH, wild_ranks={Rank.TWO})
KINDS = MeldRules(kinds=("group", "run", "flush", "colour", "pair"))
CASES = [
    ("run JD-AD, wrap", "JD QD KD AD", WRAP),
    ("run with a joker", "9C 10C JK QC", WRAP),
    ("group of three", "7S 7H 7D", WRAP),
    ("group, deuces wild", "7S 7H 7D", DEUCES),
    ("six-card run, deuces wild", "5H 6H 7H 8H 9H 10H", DEUCES),
    ("run with a deuce in it", "5H 6H 2C 8H", DEUCES),
    ("flush with a joker", "2S 9S KS JK", KINDS),
    ("colour meld", "2S 5C 9S", KINDS),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    worst = 0.0
    for label, text, rules in CASES:
        meld = rules.validate(text)
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(args.repeat):
                meld.extensions(rules)
            best = min(best, (time.perf_counter() - start) / args.repeat)
        worst = max(worst, best)
        print(f"{label:28} {best * 1000:7.3f} ms a call ({len(meld.extensions(rules))} ways)")
    print(f"{'worst':28} {worst * 1000:7.3f} ms a call")


if __name__ == "__main__":
    main()
