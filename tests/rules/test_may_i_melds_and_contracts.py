"""May I? worked cases on melds, lay-offs and contracts (MAYI-W01 to MAYI-W25).

Each case runs under the default options and, where it names one, the alternative.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from rummykit import (
    AcePolicy,
    ContractError,
    ContractSchedule,
    DeckSpec,
    InvalidMeldError,
    Meld,
    MeldKind,
    Rank,
    Suit,
    game,
    parse_card,
    parse_cards,
    presets,
)
from rummykit.kit import Position

RULES = presets.meld_rules("may-i")
NO_WRAP = attrs.evolve(RULES, ace=AcePolicy.LOW_OR_HIGH)
DISTINCT = attrs.evolve(RULES, group_distinct_suits=True, group_max=4)
SCHEDULE = presets.schedule("may-i")
SIX = presets.schedule("may-i-six")


def test_mayi_w01_three_sevens() -> None:
    assert RULES.validate("7H 7S 7C").kind.value == "group"


def test_mayi_w02_both_copies_of_a_card() -> None:
    assert RULES.accepts("7H 7H 7S")
    assert not DISTINCT.accepts("7H 7H 7S")


def test_mayi_w03_two_cards_are_not_a_set() -> None:
    with pytest.raises(InvalidMeldError, match="at least 3 cards, got 2"):
        RULES.validate("7H 7S")


def test_mayi_w04_set_of_eight() -> None:
    assert len(RULES.validate("QC QC QD QD QH QH QS QS")) == 8
    assert not DISTINCT.accepts("QC QC QD QD QH QH QS QS")
    assert DISTINCT.accepts("QC QD QH QS")


def test_mayi_w05_three_card_run_is_too_short() -> None:
    with pytest.raises(InvalidMeldError, match="at least 4 cards, got 3"):
        RULES.validate("5S 6S 7S")
    assert attrs.evolve(RULES, run_min=3).accepts("5S 6S 7S")  # option min_run_length=3


def test_mayi_w06_ace_low_and_ace_high() -> None:
    assert RULES.accepts("AS 2S 3S 4S")
    assert RULES.accepts("JS QS KS AS")
    assert NO_WRAP.accepts("AS 2S 3S 4S") and NO_WRAP.accepts("JS QS KS AS")


def test_mayi_w07_run_through_the_ace_in_any_order() -> None:
    assert RULES.validate("3S 2S AS KS").notation == "KS AS 2S 3S"
    with pytest.raises(InvalidMeldError, match="wrap-around is off"):
        NO_WRAP.validate("3S 2S AS KS")


def test_mayi_w08_five_card_run_through_the_ace() -> None:
    assert len(RULES.validate("QD KD AD 2D 3D")) == 5
    assert not NO_WRAP.accepts("QD KD AD 2D 3D")


def test_mayi_w09_two_suits() -> None:
    with pytest.raises(InvalidMeldError, match="one suit"):
        RULES.validate("5S 6H 7S 8S")


def test_mayi_w10_gap_without_jokers() -> None:
    with pytest.raises(InvalidMeldError, match="QC is missing"):
        RULES.validate("9C 10C JC KC")


def test_mayi_w11_thirteen_card_run_is_complete() -> None:
    run = RULES.validate("4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H 3H")
    assert len(run) == 13
    with pytest.raises(InvalidMeldError, match="at most 13 cards"):
        run.lay_off(parse_card("4H"), RULES)
    assert run.extensions(RULES) == ()


def test_mayi_w12_laying_off_at_both_ends() -> None:
    run = RULES.validate("2S 3S 4S 5S")
    run = run.lay_off(parse_card("AS"), RULES)
    assert run.notation == "AS 2S 3S 4S 5S"
    assert run.lay_off(parse_card("KS"), RULES).notation == "KS AS 2S 3S 4S 5S"
    with pytest.raises(InvalidMeldError, match="6S is missing"):
        run.lay_off(parse_card("7S"), RULES)
    with pytest.raises(InvalidMeldError, match="wrap-around is off"):
        NO_WRAP.validate("AS 2S 3S 4S 5S").lay_off(parse_card("KS"), NO_WRAP)


def test_mayi_w13_two_after_the_ace() -> None:
    run = RULES.validate("JD QD KD AD")
    assert run.lay_off(parse_card("2D"), RULES).notation == "JD QD KD AD 2D"
    with pytest.raises(InvalidMeldError):
        NO_WRAP.validate("JD QD KD AD").lay_off(parse_card("2D"), NO_WRAP)


def _check(deal: int, *melds: str, schedule: ContractSchedule = SCHEDULE) -> tuple[Meld, ...]:
    return schedule[deal].contract.check(list(melds), RULES)


def _down_in_a_match(deal: int, *melds: str) -> tuple[Meld, ...]:
    """Go down with ``melds`` as player B in deal ``deal`` of a match; the table after."""
    cards = [card for meld in melds for card in parse_cards(meld)]
    spare = iter(parse_cards("2C 3D 6S 9D 2H 3C 6H 9S 2D 3S 6D"))
    size = max(SCHEDULE[deal].hand_size, len(cards) + 2)  # two cards stay: MAYI-13.3
    hand = [*cards, *(next(spare) for _ in range(size - len(cards)))]
    position = Position(
        hands=[(), tuple(hand), (), ()],
        stock=(),
        deal=deal,
        dealer=0,
    )
    rest = Counter(DeckSpec(decks=2).shoe()) - Counter(hand)
    position = attrs.evolve(position, stock=tuple(sorted(rest.elements())))
    match = game("may-i").new_match(players=4, position=position)
    match.apply("draw")
    match.apply("down " + " / ".join(melds))
    assert match.view(1).down == (False, True, False, False)
    return match.table


def test_mayi_w14_two_sets() -> None:
    melds = _check(1, "JS JH JD", "4C 4S 4D")
    assert [(meld.kind, meld.rank) for meld in melds] == [
        (MeldKind.GROUP, Rank.JACK),
        (MeldKind.GROUP, Rank.FOUR),
    ]
    assert [str(meld) for meld in _down_in_a_match(1, "JS JH JD", "4C 4S 4D")] == [
        str(meld) for meld in melds
    ]


def test_mayi_w15_two_sets_of_one_rank() -> None:
    with pytest.raises(ContractError, match=r"two groups of the same rank \(J\)"):
        _check(1, "JS JH JD", "JC JC JH")


def test_mayi_w16_three_sets_is_too_many() -> None:
    with pytest.raises(ContractError, match="exactly 2 groups, got 3"):
        _check(1, "JS JH JD", "4C 4S 4D", "9H 9S 9C")


def test_mayi_w17_a_run_is_not_part_of_contract_1() -> None:
    with pytest.raises(ContractError, match="groups only, got a run"):
        _check(1, "JS JH JD", "5H 6H 7H 8H")


def test_mayi_w18_partial_contract() -> None:
    """The contract is checked as one laydown; a single set does not meet it (MAYI-11.3)."""
    with pytest.raises(ContractError, match="exactly 2 groups, got 1"):
        _check(1, "JS JH JD")


def test_mayi_w19_four_card_set_and_a_run_sharing_a_rank() -> None:
    melds = _check(2, "KS KH KD KC", "10C JC QC KC")
    assert [(meld.kind, len(meld)) for meld in melds] == [(MeldKind.GROUP, 4), (MeldKind.RUN, 4)]
    assert melds[0].rank is Rank.KING and melds[1].suit is Suit.CLUBS
    table = _down_in_a_match(2, "KS KH KD KC", "10C JC QC KC")
    assert [meld.owner for meld in table] == [1, 1]


def test_mayi_w20_two_runs_of_one_suit() -> None:
    with pytest.raises(ContractError, match=r"two runs of the same suit \(hearts\)"):
        _check(3, "2H 3H 4H 5H", "9H 10H JH QH")


def test_mayi_w21_a_run_through_the_ace_in_a_contract() -> None:
    _check(3, "2H 3H 4H 5H", "QS KS AS 2S")
    with pytest.raises(ContractError, match="wrap-around is off"):
        SCHEDULE[3].contract.check(["2H 3H 4H 5H", "QS KS AS 2S"], NO_WRAP)


def test_mayi_w22_three_sets() -> None:
    _check(4, "2S 2H 2D", "3S 3H 3D", "QS QH QC")
    with pytest.raises(ContractError):
        _check(4, "2S 2H 2D", "3S 3H 3D", "6C 7C 8C 9C")


def test_mayi_w23_two_sets_and_a_run() -> None:
    melds = _check(5, "5S 5H 5D", "8C 8D 8H", "JH QH KH AH")
    assert [meld.kind for meld in melds] == [MeldKind.GROUP, MeldKind.GROUP, MeldKind.RUN]
    assert melds[2].suit is Suit.HEARTS and len(melds[2]) == 4
    assert len(_down_in_a_match(5, "5S 5H 5D", "8C 8D 8H", "JH QH KH AH")) == 3


def test_mayi_w24_six_deal_variant() -> None:
    _check(6, "4D 5D 6D 7D", "9S 10S JS QS", "AC AH AS", schedule=SIX)
    with pytest.raises(ContractError, match="diamonds"):
        _check(6, "4D 5D 6D 7D", "9D 10D JD QD", "AC AH AS", schedule=SIX)


def test_mayi_4_2_fewest_cards_needed() -> None:
    assert [deal.contract.min_cards(RULES) for deal in SCHEDULE] == [6, 7, 8, 9, 10]
    assert SIX[6].contract.min_cards(RULES) == 11


def test_mayi_13_2_and_17_4_discard_ban_in_the_last_deal() -> None:
    assert [deal.discard_out for deal in SCHEDULE] == [True, True, True, True, False]
    assert [deal.discard_out for deal in SIX] == [True] * 5 + [False]
    both = SCHEDULE.with_discard_out_forbidden(["first", "last"])
    assert [deal.discard_out for deal in both] == [False, True, True, True, False]


def test_mayi_17_2_eleven_cards_in_every_six_deal_deal() -> None:
    assert {deal.hand_size for deal in SIX} == {11}
    assert {deal.hand_size for deal in SCHEDULE} == {10}
