"""House rules as data: deuces wild (in melds and in the solver), a seven-deal schedule and a
contract file.

Shows the three ways users customise rummykit: meld rules (``MeldRules``), contracts
(``Contract``) and schedules (``ContractSchedule``, in Python or TOML).

Run: python examples/house_rules.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import attrs

from rummykit import (
    AcePolicy,
    Contract,
    ContractSchedule,
    InvalidMeldError,
    MeldRules,
    SameSuitRuns,
    WildLimit,
    best_arrangement,
    can_meet,
    format_cards,
    parse_card,
    parse_cards,
)

SEVEN_DEALS = """
name = "Liverpool, seven deals"
hand_size = 10
[[deal]]
contract = "2G"
[[deal]]
contract = "1G+1R"
[[deal]]
contract = "2R"
[[deal]]
contract = "3G"
hand_size = 12
[[deal]]
contract = "2G+1R"
hand_size = 12
[[deal]]
contract = "1G+2R"
hand_size = 12
[[deal]]
contract = "3R"
hand_size = 12
"""


def main() -> None:
    # Deuces and jokers wild, aces high only, wild cards never outnumbering naturals.
    house = MeldRules(
        ace=AcePolicy.HIGH,
        wild_ranks={2},
        wild_limit=WildLimit.AT_MOST_NATURALS,
    )
    for text in ("5H 6H 2C 8H", "QS KS AS 2D", "9C 2D JK", "JK 3S 4S 5S"):
        try:
            meld = house.validate(text)
            print(f"{text:<14} -> {meld.kind.value}: {meld}  {meld.stand_ins()}")
        except InvalidMeldError as error:
            print(f"{text:<14} -> not a meld: {error.reason}")

    # The solver plays the deuces too: the best 1G+1R, each wild card's role named.
    hand = parse_cards("5H 6H 2C 8H 9S 9D JK KS 4C")
    best = best_arrangement(hand, Contract.parse("1G+1R"), house)
    assert best is not None
    for meld in best.melds:
        print(f"solver: {meld}  {meld.stand_ins()}")
    print(f"solver leaves {format_cards(best.left)} ({best.left_value} points)")
    # Three deuces are a group of 2s while a deuce may play as itself, and nothing when
    # deuces are only ever wild (wild_as_natural=False).
    wild_only = attrs.evolve(house, wild_as_natural=False)
    for name, rules in (("as themselves", house), ("only wild", wild_only)):
        print(f"2S 2H 2D, deuces {name}:", can_meet("2S 2H 2D", Contract.parse("1G"), rules))

    # A lay-off under the house rules.
    run = house.validate("9H 10H JH QH")
    print("lay off KH:", run.lay_off(parse_card("KH"), house))

    # Two runs of one suit allowed when at least two ranks apart.
    two_runs = Contract.parse("2R", same_suit_runs=SameSuitRuns.APART, runs_apart=2)
    print("3-6 and 9-Q of spades:", two_runs.meets(["3S 4S 5S 6S", "9S 10S JS QS"], house))
    print("3-6 and 8-J of spades:", two_runs.meets(["3S 4S 5S 6S", "8S 9S 10S JS"], house))

    # A seven-deal schedule, in one line of Python and from a TOML file.
    in_python = ContractSchedule.of(
        "2G", "1G+1R", "2R", "3G", "2G+1R", "1G+2R", "3R", name="Liverpool, seven deals"
    )
    in_python = attrs.evolve(
        in_python,
        deals=tuple(
            attrs.evolve(deal, hand_size=12) if number > 3 else deal
            for number, deal in enumerate(in_python.deals, start=1)
        ),
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "seven.toml"
        path.write_text(SEVEN_DEALS, encoding="utf-8")
        from_file = ContractSchedule.from_toml(path)
    assert from_file == in_python
    for number, deal in enumerate(from_file, start=1):
        ban = "" if deal.discard_out else ", no going out by discarding"
        print(f"deal {number}: {deal.contract} with {deal.hand_size} cards{ban}")


if __name__ == "__main__":
    main()
