"""Quickstart: cards, a meld and a contract check in a dozen lines.

Run: python examples/quickstart.py
"""

from __future__ import annotations

import rummykit as rk
from rummykit import ContractError, InvalidMeldError, presets


def main() -> None:
    # Cards read in ASCII or Unicode; `T` and `10` both work, `JK` or `*` is a joker.
    hand = rk.parse_cards("5S 5H 5D 8C 8D 8H JH QH KH AH 2C 9S")
    print("hand:", rk.format_cards(hand, unicode=True))

    # May I?'s meld rules: groups of 3-8, runs of 4-13 that may turn the corner (MAYI-10.4).
    rules = presets.meld_rules("may-i")
    print("run round the corner:", rules.validate("3S 2S AS KS"))
    try:
        rules.validate("9C 10C JC KC")
    except InvalidMeldError as error:
        print("refused:", error)

    # Deal 5's contract is two groups and a run, `2G+1R` (MAYI-4.2).
    contract = rk.Contract.parse("2G+1R")
    best = rk.best_arrangement(hand, contract, rules)
    assert best is not None  # None when the hand cannot meet the contract
    print(f"{contract}: {[str(meld) for meld in best.melds]}, left {best.left} ({best.left_value})")

    # Two groups of one rank never make a contract (MAYI-11.4).
    try:
        rk.Contract.parse("2G").check(["JS JH JD", "JC JC JH"], rules)
    except ContractError as error:
        print("refused:", error)


if __name__ == "__main__":
    main()
