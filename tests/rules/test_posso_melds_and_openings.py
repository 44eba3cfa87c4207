"""Posso? worked cases on melds, jokers and openings (POSSO-W01 to W17, W31)."""

from __future__ import annotations

import attrs
import pytest

from rummykit import (
    ContractError,
    InvalidMeldError,
    Meld,
    MeldRules,
    joker_exchanges,
    parse_card,
    presets,
)
from rummykit.games.posso.data import POSSO_OPENINGS

RULES = presets.meld_rules("posso")


def test_posso_w01_to_w05_natural_melds() -> None:
    assert RULES.accepts("9D 10D JD QD")
    assert not RULES.accepts("9D 10D JD")
    assert RULES.accepts("KC KD KH")
    assert RULES.accepts("KC KC KD")
    assert not attrs.evolve(RULES, group_distinct_suits=True).accepts("KC KC KD")
    assert RULES.accepts("AS 2S 3S 4S") and RULES.accepts("JS QS KS AS")


def test_posso_w06_no_run_through_the_ace() -> None:
    with pytest.raises(InvalidMeldError, match="K-A-2"):
        RULES.validate("QS KS AS 2S")


def test_posso_w07_thirteen_is_the_most() -> None:
    run = RULES.validate("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert not RULES.accepts([*run.cards, parse_card("JK")])
    assert not RULES.accepts([*run.cards, parse_card("5H")])


def test_posso_w08_joker_fills_the_gap() -> None:
    assert RULES.validate("9C 10C JK QC").stand_ins() == {2: "JC"}


def test_posso_w09_two_jokers() -> None:
    with pytest.raises(InvalidMeldError, match="at most 1 wild card"):
        RULES.validate("9C JK JK QC")
    assert attrs.evolve(RULES, max_jokers_per_meld=2).accepts("9C JK JK QC")


def test_posso_w10_joker_in_a_set() -> None:
    assert RULES.accepts("KC KD JK")
    assert not RULES.accepts("KC JK JK")


def test_posso_w11_joker_as_the_high_ace() -> None:
    meld = RULES.validate("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    assert meld.stand_ins() == {12: "AH"}
    assert not attrs.evolve(RULES, joker_at_run_end=False).accepts(meld.cards)


def test_posso_w12_nine_card_set() -> None:
    cards = "5S 5S 5H 5H 5D 5D 5C 5C JK"
    assert len(RULES.validate(cards)) == 9
    assert not attrs.evolve(RULES, group_max=8).accepts(cards)
    assert not attrs.evolve(RULES, group_distinct_suits=True).accepts(cards)


def test_posso_w17_joker_exchange() -> None:
    table = [
        Meld.parse("9H 10H JK QH", RULES),
        Meld.parse("7S 7D 7C", RULES),
        Meld.parse("4C 5C JK 7C", RULES),
    ]
    outcomes = joker_exchanges(table, 0, parse_card("JH"), RULES)
    results = {
        (o.target, o.melds[o.target].notation if o.target is not None else None) for o in outcomes
    }
    assert results == {
        (0, "JK(8H) 9H 10H JH QH"),
        (0, "9H 10H JH QH JK(KH)"),
        (1, "7S 7D 7C JK"),
    }
    assert all(
        o.melds[0].notation in {"JK(8H) 9H 10H JH QH", "9H 10H JH QH JK(KH)", "9H 10H JH QH"}
        for o in outcomes
    )
    with_hand = joker_exchanges(table, 0, parse_card("JH"), RULES, to_hand=True)
    assert any(o.target is None for o in with_hand)


def test_posso_11_6_no_place_no_exchange() -> None:
    table = [Meld.parse("JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", RULES)]
    with pytest.raises(InvalidMeldError, match="no valid place"):
        joker_exchanges(table, 0, parse_card("AC"), RULES)


def test_posso_11_6_the_card_must_be_what_the_joker_stands_for() -> None:
    table = [Meld.parse("9H 10H JK QH", RULES)]
    with pytest.raises(InvalidMeldError, match="does not replace"):
        joker_exchanges(table, 0, parse_card("JS"), RULES)


def _opens(requirement: str, *melds: str, rules: MeldRules = RULES) -> None:
    POSSO_OPENINGS[requirement].check(list(melds), rules)


def test_posso_w13_run_and_set() -> None:
    _opens("run_and_set", "9D 10D JD QD", "KC KD KH")
    with pytest.raises(ContractError, match="at least"):
        _opens("run_and_set", "9D 10D JD QD")


def test_posso_w14_two_sets_or_a_run() -> None:
    _opens("two_sets", "KC KD KH", "5S 5H 5C")
    _opens("run", "9D 10D JD QD")


def test_posso_w15_extra_meld_in_the_opening() -> None:
    _opens("run_and_set", "9D 10D JD QD", "KC KD KH", "3S 3H 3C")
    exact = attrs.evolve(POSSO_OPENINGS["run_and_set"], exact=True)
    with pytest.raises(ContractError):
        exact.check(["9D 10D JD QD", "KC KD KH", "3S 3H 3C"], RULES)


def test_posso_w31_two_sets_of_one_rank() -> None:
    with pytest.raises(ContractError, match="same rank"):
        _opens("two_sets", "5S 5H 5C", "5S 5D 5C")
    relaxed = attrs.evolve(POSSO_OPENINGS["two_sets"], distinct_ranks=False)
    relaxed.check(["5S 5H 5C", "5S 5D 5C"], RULES)
