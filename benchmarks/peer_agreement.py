"""How many of the peer engines' 582 cases rummykit agrees with, by rule set and kind.

Run from the repository root: python benchmarks/peer_agreement.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import peer_cases


def main() -> None:
    table = peer_cases.summary()
    reasons: Counter[str] = Counter()
    for case in peer_cases.cases():
        verdict, reason = peer_cases.judge(case)
        if verdict == peer_cases.OUT:
            reasons[reason.split(":")[0]] += 1
    print(f"{'rule set':<22}{'kind':<10}{'agree':>7}{'disagree':>10}{'out of scope':>14}")
    totals: Counter[str] = Counter()
    for (rules, kind), counts in sorted(table.items()):
        totals.update(counts)
        print(
            f"{rules:<22}{kind:<10}{counts[peer_cases.AGREE]:>7}"
            f"{counts[peer_cases.DISAGREE]:>10}{counts[peer_cases.OUT]:>14}"
        )
    print(
        f"{'all':<32}{totals[peer_cases.AGREE]:>7}{totals[peer_cases.DISAGREE]:>10}"
        f"{totals[peer_cases.OUT]:>14}"
    )
    print("\nout of scope:")
    for reason, count in reasons.most_common():
        print(f"  {count:3}  {reason}")


if __name__ == "__main__":
    main()
