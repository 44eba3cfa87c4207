"""``try_lay_off`` answers exactly as ``lay_off`` does, without the reasons."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import CARDS, Card, End, InvalidMeldError, Meld, MeldRules, Rank, presets
from rummykit.melds import try_lay_off
from tests.strategies import examples, meld_rules, related_cards, wild_meld_rules


def _lay_off_or_none(meld: Meld, card: Card, rules: MeldRules, end: End | None) -> Meld | None:
    try:
        return meld.lay_off(card, rules, end=end)
    except InvalidMeldError:
        return None


def _check_every_card(meld: Meld, rules: MeldRules) -> None:
    for card in CARDS:
        for end in (None, End.LOW, End.HIGH):
            assert try_lay_off(meld, card, rules, end=end) == _lay_off_or_none(
                meld, card, rules, end
            ), (meld, card, end)


@settings(max_examples=examples(150))
@given(
    rules=st.one_of(meld_rules(), wild_meld_rules()),
    cards=related_cards(max_jokers=2),
    owner=st.sampled_from([None, 1]),
)
def test_try_lay_off_agrees_with_lay_off(
    rules: MeldRules, cards: list[Card], owner: int | None
) -> None:
    if not rules.accepts(cards):
        return
    _check_every_card(rules.validate(cards).with_owner(owner), rules)


DEUCES_WILD = MeldRules(wild_ranks=frozenset({Rank.TWO}), max_jokers_per_meld=None)


@pytest.mark.parametrize(
    ("rules", "meld"),
    [
        (presets.meld_rules("posso"), "9C 10C JK QC"),
        (presets.meld_rules("posso"), "7S 7H JK"),
        (presets.meld_rules("may-i"), "QS KS AS 2S"),
        (presets.meld_rules("may-i"), "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
        (presets.meld_rules("mayi-house"), "9C 9D 2H"),
        (presets.meld_rules("cts"), "9C 9D JK 2H"),
        (presets.meld_rules("gin"), "AS 2S 3S"),
        (DEUCES_WILD, "2S 2H 2D"),
        (DEUCES_WILD, "2S 2H JK"),
        (DEUCES_WILD, "5S 2H 7S 8S"),
    ],
)
def test_try_lay_off_agrees_on_corner_melds(rules: MeldRules, meld: str) -> None:
    _check_every_card(Meld.parse(meld, rules), rules)
