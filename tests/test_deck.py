"""Decks, shuffling, the dealing formulas (MAYI-5.3, POSSO-6.3, PSSN-3.4) and conservation."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    NATURALS,
    ConfigError,
    DeckSpec,
    DiscardPile,
    IllegalActionError,
    Stock,
    deal,
    deal_in_rounds,
    make_rng,
    parse_cards,
    refill_stock,
)


def _dealt_positions(hands: tuple[tuple[object, ...], ...]) -> list[list[int]]:
    return [[NATURALS.index(card) + 1 for card in hand] for hand in hands]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_mayi_5_3_one_card_at_a_time(players: int) -> None:
    """Player k from the dealer gets positions k, k+n, ..., k+9n."""
    result = deal(NATURALS, players=players, hand_size=10, dealer=players - 1)
    got = _dealt_positions(result.hands)
    for k in range(1, players + 1):
        seat = (players - 1 + k) % players
        assert got[seat] == [k + i * players for i in range(10)]
    assert result.rest[0] is NATURALS[10 * players]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_posso_6_3_two_at_a_time(players: int) -> None:
    """Round r gives player k positions 2n(r-1)+2k-1 and 2n(r-1)+2k."""
    dealer = 1
    result = deal(NATURALS, players=players, hand_size=10, packet_size=2, dealer=dealer)
    got = _dealt_positions(result.hands)
    for k in range(1, players + 1):
        expected = [
            p
            for r in range(1, 6)
            for p in (2 * players * (r - 1) + 2 * k - 1, 2 * players * (r - 1) + 2 * k)
        ]
        assert got[(dealer + k) % players] == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pssn_3_4_three_rounds_of_three(players: int) -> None:
    """Each round deals positions 3k-2..3k of the freshly shuffled rest."""
    pack = list(DeckSpec(decks=2 if players == 4 else 1).shoe())
    rng = random.Random(11)
    result = deal_in_rounds(pack, players=players, dealer=0, rng=rng)
    # Replay: the same generator, shuffling before each round, reading positions 3k-2..3k.
    replay = random.Random(11)
    rest = pack[:]
    expected: list[list[object]] = [[] for _ in range(players)]
    for _ in range(3):
        replay.shuffle(rest)
        for k in range(1, players + 1):
            expected[k % players] += rest[3 * k - 3 : 3 * k]
        rest = rest[3 * players :]
    assert [list(hand) for hand in result.hands] == expected
    assert list(result.rest) == rest


def test_pssn_w22_and_mayi_w42_stock_sizes() -> None:
    for players, decks, size in ((2, 1, 33), (3, 1, 24), (4, 2, 67)):
        dealt = deal_in_rounds(DeckSpec(decks=decks).shuffled(1), players=players, rng=make_rng(2))
        assert len(dealt.rest) - 1 == size  # one card is turned up
    for players, hand, stock in ((3, 10, 74), (5, 10, 54), (4, 11, 60)):
        dealt = deal(DeckSpec(decks=2).shuffled(3), players=players, hand_size=hand)
        assert len(dealt.rest) == stock


def test_posso_w26_jokers_in_the_shoe() -> None:
    spec = DeckSpec(decks=2, jokers=3)
    dealt = deal(spec.shuffled(5), players=4, hand_size=10, packet_size=2)
    assert spec.size == 107 and len(dealt.rest) - 1 == 66


@given(
    decks=st.integers(1, 2),
    jokers=st.integers(0, 4),
    players=st.integers(2, 5),
    packet=st.sampled_from([1, 2, 3]),
    seed=st.integers(0, 2**32),
)
def test_dealing_conserves_cards(
    decks: int, jokers: int, players: int, packet: int, seed: int
) -> None:
    spec = DeckSpec(decks=decks, jokers=jokers)
    hand_size = 3 * packet
    dealt = deal(spec.shuffled(seed), players=players, hand_size=hand_size, packet_size=packet)
    everything = Counter(card for hand in dealt.hands for card in hand) + Counter(dealt.rest)
    assert everything == Counter(spec.shoe())
    assert all(len(hand) == hand_size for hand in dealt.hands)


@given(seed=st.integers(0, 2**32), draws=st.lists(st.booleans(), max_size=120))
def test_refilling_conserves_cards(seed: int, draws: list[bool]) -> None:
    rng = random.Random(seed)
    spec = DeckSpec(decks=1)
    stock, pile, hand = Stock(spec.shuffled(rng)), DiscardPile(), []
    for shuffle in draws:
        if not len(stock):
            if len(pile) < 2:
                break
            refill_stock(stock, pile, rng=rng if shuffle else None)
        hand.append(stock.draw())
        if len(hand) > 5:
            pile.push(hand.pop(0), 0)
        assert Counter(hand) + Counter(stock.cards) + Counter(pile.cards) == Counter(spec.shoe())


def test_same_seed_same_deal() -> None:
    assert DeckSpec(decks=2).shuffled(7) == DeckSpec(decks=2).shuffled(random.Random(7))
    assert DeckSpec(decks=2).shuffled(7) != DeckSpec(decks=2).shuffled(8)


def test_mayi_w38_refill_shuffles_all_but_the_top_card() -> None:
    stock, pile = Stock(), DiscardPile()
    for card in parse_cards("3C 8D QS 4H"):
        pile.push(card, 1)
    assert refill_stock(stock, pile, rng=random.Random(1)) == 3
    assert sorted(stock.cards) == sorted(parse_cards("3C 8D QS"))
    assert pile.cards == parse_cards("4H")
    stock.draw()
    assert len(stock) == 2


def test_pssn_w17_recycling_turns_the_pile_over() -> None:
    stock, pile = Stock(), DiscardPile()
    for card in parse_cards("4S 5S 6S 7S 8S"):
        pile.push(card, 0)
    refill_stock(stock, pile, rng=None)
    assert pile.cards == parse_cards("8S")
    assert stock.cards == parse_cards("4S 5S 6S 7S")
    assert stock.draw() == parse_cards("4S")[0]


def test_pile_records_discarders_and_takes_from_the_top() -> None:
    pile = DiscardPile()
    for seat, card in enumerate(parse_cards("5S KS 4D 9C 7H")):
        pile.push(card, seat % 4)
    assert [entry.discarder for entry in pile.peek(2)] == [0, 3]
    assert pile.take(2) == parse_cards("7H 9C")
    with pytest.raises(IllegalActionError):
        pile.take(9)


def test_bad_specs_and_deals_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="decks"):
        DeckSpec(decks=0)
    with pytest.raises(ConfigError, match="jokers"):
        DeckSpec(jokers=-1)
    with pytest.raises(ConfigError, match="multiple of the packet size"):
        deal(NATURALS, players=3, hand_size=10, packet_size=3)
    with pytest.raises(ConfigError, match="cannot deal"):
        deal(NATURALS, players=6, hand_size=10)
    with pytest.raises(ConfigError, match="seed"):
        make_rng("7")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="empty"):
        Stock().draw()
    with pytest.raises(IllegalActionError, match="only when empty"):
        refill_stock(Stock(NATURALS[:1]), DiscardPile(), rng=None)
