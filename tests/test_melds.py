"""Meld validation against the brute-force oracle, order invariance, notation, lay-offs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    JOKER,
    AcePolicy,
    Card,
    End,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldRules,
    parse_card,
    parse_cards,
    presets,
)
from tests import oracle
from tests.strategies import meld_rules, related_cards, two_deck_cards

MAY_I = presets.meld_rules("may-i")
POSSO = presets.meld_rules("posso")


def _check_against_oracle(rules: MeldRules, cards: list[Card]) -> None:
    expected = oracle.is_meld(rules, cards)
    assert rules.accepts(cards) is expected, (rules, cards)
    if not expected:
        with pytest.raises(InvalidMeldError) as caught:
            rules.validate(cards)
        assert caught.value.reason
        return
    meld = rules.validate(cards)
    assert sorted(meld.cards) == sorted(cards)
    check = oracle.is_group if meld.kind is MeldKind.GROUP else oracle.is_run
    assert check(rules, meld.cards)
    # Re-reading the meld's own notation gives the same meld (roles included).
    assert Meld.parse(meld.notation, rules) == meld


@given(rules=meld_rules(), cards=related_cards(max_jokers=3))
def test_validator_agrees_with_the_oracle_on_likely_melds(
    rules: MeldRules, cards: list[Card]
) -> None:
    _check_against_oracle(rules, cards)


@given(rules=meld_rules(), cards=two_deck_cards(max_size=11, max_jokers=3))
def test_validator_agrees_with_the_oracle_on_random_cards(
    rules: MeldRules, cards: list[Card]
) -> None:
    _check_against_oracle(rules, cards)


@given(rules=meld_rules(), cards=related_cards(max_jokers=0), seed=st.integers(0, 1000))
def test_order_of_natural_cards_does_not_matter(
    rules: MeldRules, cards: list[Card], seed: int
) -> None:
    shuffled = cards[:]
    random.Random(seed).shuffle(shuffled)
    if rules.accepts(cards):
        assert rules.validate(cards) == rules.validate(shuffled)
    else:
        assert not rules.accepts(shuffled)


def test_every_natural_run_and_group_of_the_may_i_rules_is_found() -> None:
    """Exhaustive over one suit: the mask table matches the oracle for every rank set."""
    for ace in AcePolicy:
        rules = MeldRules(ace=ace, run_min=2)
        for mask in range(1, 1 << 13):
            cards = [Card.parse(f"{rank}S") for rank in _ranks(mask)]
            assert rules.accepts(cards) is oracle.is_meld(rules, cards), (ace, cards)


def _ranks(mask: int) -> list[str]:
    symbols = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return [symbols[bit] for bit in range(13) if mask >> bit & 1]


class TestJokerPlacement:
    def test_written_order_decides_the_end(self) -> None:
        """POSSO-11.4: ``9C 10C JC JK`` is 9-Q, ``JK 9C 10C JC`` is 8-J."""
        assert POSSO.validate("9C 10C JC JK").stand_ins() == {3: "QC"}
        assert POSSO.validate("JK 9C 10C JC").stand_ins() == {0: "8C"}

    def test_declared_role_wins(self) -> None:
        meld = Meld.parse("9C 10C JC JK(8C)", POSSO)
        assert meld.notation == "JK(8C) 9C 10C JC"

    def test_blocked_end_sends_the_joker_to_the_other_end(self) -> None:
        meld = POSSO.validate("JC QC KC AC JK")
        assert meld.stand_ins() == {0: "10C"}

    def test_declared_role_must_fit(self) -> None:
        with pytest.raises(InvalidMeldError, match="9C 10C JC"):
            Meld.parse("9C 10C JC JK(KC)", POSSO)

    def test_a_natural_cannot_stand_for_another_card(self) -> None:
        with pytest.raises(InvalidMeldError, match="not wild"):
            Meld.parse("9C 10C JC(QC) KC", POSSO)

    def test_group_joker_has_a_rank(self) -> None:
        meld = POSSO.validate("KC JK KD")
        assert meld.stand_ins() == {2: "K"}
        assert meld.notation == "KD KC JK"

    def test_ordered_reading(self) -> None:
        rules = presets.meld_rules("mayi-house")
        assert not rules.accepts("JK 3S 4S 5S", ordered=True)
        assert rules.accepts("JK 3S 4S 5S")
        assert rules.validate("5S JK 7S 8S", ordered=True).stand_ins() == {1: "6S"}


class TestReasons:
    @pytest.mark.parametrize(
        ("cards", "rules", "reason"),
        [
            ("5S 6S 7S", MAY_I, "run needs at least 4 cards, got 3"),
            ("7H 7S", MAY_I, "group needs at least 3 cards, got 2"),
            ("9C 10C JC KC", MAY_I, "9C 10C JC KC: QC is missing"),
            ("QS KS AS 2S", POSSO, "run crosses the ace (K-A-2) but wrap-around is off"),
            ("5S 6H 7S 8S", MAY_I, "run cards must share one suit: 5S and 6H differ in suits"),
            ("7H 7H 8H 9H", MAY_I, "run repeats 7H"),
            ("7H 7S 8H 9D", MAY_I, "neither one rank"),
            ("9C JK JK QC", POSSO, "at most 1 wild card, got 2"),
            ("AS 2S 3S 4S", MeldRules(ace=AcePolicy.HIGH), "the ace is high only"),
            ("JS QS KS AS", MeldRules(ace=AcePolicy.LOW), "the ace is low only"),
            ("5S 6S 7S 8S JK", MeldRules(jokers_allowed=False), "wild cards are not allowed"),
            ("", MAY_I, "a meld needs cards"),
            ("5S 8S JK 9S", MAY_I, "6S 7S are missing and 1 wild card cannot fill them"),
            ("JK 5S 6S 7S", MeldRules(joker_at_run_end=False), "may not sit at the end"),
        ],
    )
    def test_refusal_names_the_reason(self, cards: str, rules: MeldRules, reason: str) -> None:
        with pytest.raises(InvalidMeldError) as caught:
            rules.validate(cards)
        assert reason in str(caught.value)

    def test_wrong_kind_requested(self) -> None:
        with pytest.raises(InvalidMeldError, match="share one rank"):
            MAY_I.validate("5S 6S 7S 8S", MeldKind.GROUP)
        with pytest.raises(InvalidMeldError, match="share one suit"):
            MAY_I.validate("7S 7H 7D", MeldKind.RUN)


class TestWildRanks:
    def test_deuce_stands_in_for_a_missing_card(self) -> None:
        rules = MeldRules(wild_ranks={2})
        assert rules.validate("5H 6H 2C 8H").stand_ins() == {2: "7H"}

    def test_deuce_counts_as_itself_where_it_fits(self) -> None:
        rules = MeldRules(wild_ranks={2})
        meld = rules.validate("AH 2H 3H 4H")
        assert meld.wild_positions == ()

    def test_deuces_never_natural_have_no_place_in_runs(self) -> None:
        rules = presets.meld_rules("mayi-house")
        assert not rules.accepts("JK 2S 3S 4S 5S", ordered=True)
        assert not rules.accepts("2C 2D 2H")  # three wild cards and no natural
        assert rules.validate("9C 2D 9H").notation == "9H 9C 2D(9)"


class TestLayOff:
    def test_extensions_of_a_group(self) -> None:
        group = MAY_I.validate("7H 7S 7C")
        cards = {extension.card for extension in group.extensions(MAY_I)}
        assert cards == set(parse_cards("7S 7H 7D 7C JK"))

    def test_group_is_full_at_its_maximum(self) -> None:
        group = MAY_I.validate("QC QC QD QD QH QH QS QS")
        assert group.extensions(MAY_I) == ()

    def test_twelve_card_run_takes_its_missing_card_at_either_end(self) -> None:
        """MAYI-10.6: the missing card extends a 12-card run at either end."""
        run = MAY_I.validate("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
        ends = {ext.end for ext in run.extensions(MAY_I) if ext.card == parse_card("AH")}
        assert ends == {End.LOW, End.HIGH}
        assert run.lay_off(parse_card("AH"), MAY_I, end=End.LOW).low.symbol == "A"
        assert run.lay_off(parse_card("AH"), MAY_I, end=End.HIGH).high.symbol == "A"

    def test_joker_lay_off_with_declared_meaning(self) -> None:
        """POSSO-11.7: the player declares what a laid-off joker stands for."""
        run = POSSO.validate("4C 5C 6C 7C")
        grown = run.lay_off(JOKER, POSSO, role=parse_card("3C"))
        assert grown.notation == "JK(3C) 4C 5C 6C 7C"
        with pytest.raises(InvalidMeldError, match="takes 3C or 8C"):
            run.lay_off(JOKER, POSSO, role=parse_card("9C"))

    def test_lay_off_keeps_owner(self) -> None:
        run = Meld.parse("4C 5C 6C 7C", POSSO, owner=2)
        assert run.lay_off(parse_card("8C"), POSSO).owner == 2

    def test_wrong_suit(self) -> None:
        run = POSSO.validate("4C 5C 6C 7C")
        with pytest.raises(InvalidMeldError, match="not a club"):
            run.lay_off(parse_card("8H"), POSSO)

    def test_mayi_house_does_not_check_the_wild_limit_on_lay_offs(self) -> None:
        rules = presets.meld_rules("mayi-house")
        group = rules.validate("9C 9D JK 2H")
        assert group.lay_off(JOKER, rules).wild_count == 3
        with pytest.raises(InvalidMeldError):
            group.lay_off(JOKER, presets.meld_rules("cts"))


@given(rules=meld_rules(), cards=related_cards(max_jokers=2))
def test_every_extension_lays_off_to_a_valid_meld(rules: MeldRules, cards: list[Card]) -> None:
    if not rules.accepts(cards):
        return
    meld = rules.validate(cards)
    for extension in meld.extensions(rules):
        grown = meld.lay_off(extension.card, rules, end=extension.end)
        assert len(grown) == len(meld) + 1
        check = oracle.is_group if meld.kind is MeldKind.GROUP else oracle.is_run
        assert check(rules, grown.cards) or not rules.wild_limit_on_layoff


def test_meld_notation_round_trips_for_the_wrap_run() -> None:
    meld = MAY_I.validate("3S 2S AS KS")
    assert meld.notation == "KS AS 2S 3S"
    assert repr(meld) == "Meld.parse('KS AS 2S 3S')"
    assert Meld.parse(meld.notation) == meld
