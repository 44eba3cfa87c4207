"""Cards, ranks, suits, rank orders and the card notation."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    CARDS,
    JOKER,
    NATURALS,
    Card,
    Colour,
    NotationError,
    Rank,
    RankOrder,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    to_cards,
)
from tests.strategies import cards


def test_there_are_53_interned_cards() -> None:
    assert len(set(CARDS)) == 53
    assert [card.code for card in CARDS] == list(range(53))
    assert Card(Rank.TEN, Suit.HEARTS) is parse_card("10H")
    assert Card(None, None) is JOKER
    assert pickle.loads(pickle.dumps(NATURALS[7])) is NATURALS[7]
    assert copy.deepcopy(JOKER) is JOKER


def test_a_card_needs_rank_and_suit_or_neither() -> None:
    with pytest.raises(TypeError):
        Card(Rank.ACE, None)
    with pytest.raises(TypeError):
        Card("A", "S")  # type: ignore[arg-type]


def test_sort_order_is_suit_then_rank_then_joker() -> None:
    assert sorted(parse_cards("JK 2C KS AS 10H")) == list(parse_cards("AS KS 10H 2C JK"))


def test_suit_colours() -> None:
    assert {suit for suit in Suit if suit.colour is Colour.RED} == {Suit.HEARTS, Suit.DIAMONDS}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("Th", "10H"),
        ("10h", "10H"),
        ("t♥", "10H"),
        ("Q♣", "QC"),
        ("*", "JK"),
        ("jk", "JK"),
        ("🃏", "JK"),
        ("A♤", "AS"),
    ],
)
def test_every_spelling_reads(text: str, expected: str) -> None:
    assert parse_card(text).notation == expected


@pytest.mark.parametrize(
    ("text", "token", "position", "reason"),
    [
        ("AS 1H", "1H", 1, "unknown rank '1'"),
        ("AS KX", "KX", 1, "unknown suit 'X'"),
        ("A", "A", 0, "a rank and a suit"),
        ("2S 3S 11H", "11H", 2, "unknown rank '11'"),
        ("QS,, ZZ", "ZZ", 1, "unknown rank 'Z'"),
    ],
)
def test_bad_tokens_name_the_token_and_position(
    text: str, token: str, position: int, reason: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    assert caught.value.token == token
    assert caught.value.position == position
    assert reason in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_parse_card_wants_exactly_one() -> None:
    with pytest.raises(NotationError, match="exactly one card"):
        parse_card("AS KS")
    with pytest.raises(NotationError, match="expected a string"):
        parse_cards(7)  # type: ignore[arg-type]


def test_to_cards_rejects_non_cards() -> None:
    with pytest.raises(NotationError, match="expected a Card"):
        to_cards(["AS"])  # type: ignore[list-item]


def test_unicode_notation() -> None:
    assert format_cards(parse_cards("AS 10H QC JK"), unicode=True) == "A♠ 10♥ Q♣ 🃏"
    assert repr(parse_cards("AS 10H JK")) == "(AS, 10H, JK)"


@given(st.lists(cards, max_size=30), st.booleans())
def test_notation_round_trips(hand: list[Card], unicode: bool) -> None:
    assert parse_cards(format_cards(hand, unicode=unicode)) == tuple(hand)


@pytest.mark.parametrize("card", CARDS)
def test_every_card_round_trips(card: Card) -> None:
    assert parse_card(card.notation) is card
    assert parse_card(card.unicode) is card
    assert Card.parse(str(card)) is card


def test_rank_orders() -> None:
    assert RankOrder.CIRCULAR.successor(Rank.KING) is Rank.ACE
    assert RankOrder.CIRCULAR.predecessor(Rank.ACE) is Rank.KING
    assert RankOrder.ACE_LOW.successor(Rank.KING) is None
    assert RankOrder.ACE_LOW.predecessor(Rank.ACE) is None
    assert RankOrder.ACE_HIGH.successor(Rank.ACE) is None
    assert RankOrder.ACE_HIGH.predecessor(Rank.TWO) is None
    assert RankOrder.ACE_HIGH.predecessor(Rank.ACE) is Rank.KING
    assert [RankOrder.ACE_HIGH.position(rank) for rank in (Rank.ACE, Rank.TWO)] == [14, 2]
    assert [rank.symbol for rank in Rank][9] == "10"


@pytest.mark.parametrize("thing", [None, 42, 3.5])
def test_non_card_input_is_a_notation_error(thing: object) -> None:
    with pytest.raises(NotationError, match="expected cards"):
        to_cards(thing)  # type: ignore[arg-type]
