"""Possession's worked cases PSSN-W01 to W26, under default and alternative options."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit import DeckSpec, DiscardPile, IllegalActionError, Stock, parse_card, parse_cards
from rummykit.games import Possession, PossessionMatch, PossessionRules
from rummykit.games.possession import PLAY, possession_outcome
from rummykit.games.possession.actions import Play
from rummykit.games.possession.moves import first_player, is_play, plays
from rummykit.kit import DEAL_OVER, DealEnd, DealEnded, Done, Draw, Pass

RULES = PossessionRules()


def legal(hand: str, top: str, **options: Any) -> set[str]:
    rules = PossessionRules(**options)
    return {
        " ".join(map(str, play.cards)) for play in plays(parse_cards(hand), parse_card(top), rules)
    }


def play_ok(cards: str, top: str, hand: str | None = None, **options: Any) -> bool:
    rules = PossessionRules(**options)
    held = parse_cards(hand or cards)
    return is_play(parse_cards(cards), held, parse_card(top), rules)


def test_pssn_w01_single_cards() -> None:
    assert play_ok("9C", "8C") and play_ok("7C", "8C")
    assert not play_ok("9S", "8C")
    assert not play_ok("10C", "8C")
    assert play_ok("8D", "8C")
    assert not play_ok("8D", "8C", suit_change="none")
    assert not play_ok("8C", "8C")  # the other copy (two decks)


def test_pssn_w02_w03_sequences_up_and_down() -> None:
    assert play_ok("9C 10C JC", "8C")
    assert play_ok("7C 6C 5C", "8C")
    assert not play_ok("7C 6C 5C", "8C", sequence_direction="up_only")


def test_pssn_w04_w06_the_ace_is_only_low() -> None:
    assert not play_ok("AC", "KC")
    assert play_ok("QC", "KC") and play_ok("QC JC 10C", "KC")
    assert play_ok("2H AH", "3H")
    assert play_ok("4H 5H 6H 7H 8H 9H 10H JH QH KH", "3H")
    assert not play_ok("KH", "AH") and play_ok("2H", "AH")


def test_pssn_w07_broken_sequences() -> None:
    assert not play_ok("9C JC", "8C")
    assert not play_ok("10C 9C", "8C")
    assert not play_ok("9C 8C", "8C", hand="9C 8C")
    assert play_ok("9C 10C", "8C")
    assert play_ok("10C JC", "8C", sequence_must_touch_top=False)


def test_pssn_5_2_minimum_sequence() -> None:
    assert legal("9C 10C", "8C", min_sequence_move=3) == {"9C"}


def test_pssn_w23_suit_change() -> None:
    assert play_ok("8D", "8C")
    on_8d = legal("7D 9D 10D 8S 8H 8C 7C 9C", "8D")
    assert {"7D", "9D", "9D 10D", "8S", "8H", "8C"} <= on_8d
    assert "7C" not in on_8d and "9C" not in on_8d
    assert not play_ok("8D 9D", "8C")
    assert legal("8H 2S", "8C") == {"8H"}
    assert legal("8H 2S", "8C", suit_change="none") == set()


def position(
    *,
    hands: list[str],
    pile: str,
    stock: str = "",
    to_act: int = 0,
    recycles: int = 0,
    auto_deal: bool = True,
    **options: Any,
) -> PossessionMatch:
    """A match put into a hand-built position (hands, pile bottom first, stock top first)."""
    rules = PossessionRules(**options)
    players = len(hands)
    match = Possession(rules).new_match(players=players, seed=1, auto_deal=auto_deal)
    # A test position, not a whole shoe: set the declared deal state directly.
    match.deal.hands = [list(parse_cards(hand)) for hand in hands]
    match.deal.pile = DiscardPile()
    for card in parse_cards(pile):
        match.deal.pile.push(card, None)
    match.deal.stock = Stock(parse_cards(stock))
    match.deal.recycles = recycles
    match.deal.turns = 1
    match._set_turn(PLAY, to_act)
    return match


def test_pssn_w08_no_voluntary_draw() -> None:
    match = position(hands=["9C 2S", "3D"], pile="8C", stock="KD")
    with pytest.raises(IllegalActionError, match="PSSN-5.3"):
        match.apply(Draw())
    relaxed = position(hands=["9C 2S", "3D"], pile="8C", stock="KD", voluntary_draw=True)
    assert Draw() in relaxed.legal_actions()


def test_pssn_w09_no_play_after_draw() -> None:
    match = position(hands=["2S 3D", "4H"], pile="8C", stock="9C")
    assert match.legal_actions() == (Draw(),)
    match.apply(Draw())
    assert parse_card("9C") in match.hands[0] and match.to_act == 1
    eager = position(hands=["2S 3D", "4H"], pile="8C", stock="9C", play_after_draw=True)
    eager.apply(Draw())
    assert eager.to_act == 0 and set(eager.legal_actions()) == {Play(parse_cards("9C")), Done()}


def _first(hands: list[str], upcard: str, dealer: int = 1, **options: Any) -> int:
    rules = PossessionRules(**options)
    return first_player(
        [parse_cards(h) for h in hands], parse_card(upcard), dealer=dealer, rules=rules
    ).seat


def test_pssn_w10_colour_decides() -> None:
    hands = ["7S 2C 3C 4D KH KS QC JD AS", "7D 2H 3H 4S KD QD JC JS AC"]
    result = first_player([parse_cards(h) for h in hands], parse_card("7H"), dealer=1, rules=RULES)
    assert (result.seat, result.step) == (1, 4)


def test_pssn_w11_quantity_decides() -> None:
    assert _first(["7S 7C 2C 3C KH KS QC JD AS", "7D 2H 3H 4S KD QD JC JS AC"], "7H") == 0


def test_pssn_w12_closeness_decides() -> None:
    assert _first(["6S 2C 3C KH KS QC JD AS AD", "9H 2H 3H KD QD JC JS AC 4S"], "7H") == 0


def test_pssn_w13_counting_mode() -> None:
    hands = ["6S 8C 2C KH KS QC JD AS AD", "6H 2H 3H KD QD JC JS AC 4S"]
    assert _first(hands, "7H") == 0
    assert _first(hands, "7H", first_player_count="rank") == 1


def test_pssn_w14_next_nearest_cards() -> None:
    hands = ["6D 9S KS KC QD 2C AS 3S JD", "8H 4C KD QH QC 2D AH AD JC"]
    assert _first(hands, "7H") == 0


def test_pssn_w15_king_and_ace_are_far_apart() -> None:
    hands = ["AD 2C 3C 4C 5C 6C 2S 3S 4S", "7H 2H 3H 4H 5H 2D 3D 4D 5D"]
    assert _first(hands, "KD") == 1
    assert _first(hands, "KD", first_player_distance="circular") == 0


def test_pssn_w16_final_fallback() -> None:
    same = "2S 3S 4S 5S 6S 8C 9C 10C JC"
    hands = ["KD KH QD QH JD JH 10D 10H 9D", same, same, "AS AH AD AC 2D 2H 2C 3D 3H"]
    result = first_player([parse_cards(h) for h in hands], parse_card("7H"), dealer=3, rules=RULES)
    assert (result.seat, result.step) == (1, 6)


def test_pssn_w17_recycling_turns_the_pile_over() -> None:
    match = position(hands=["2H 3D", "KD"], pile="4S 5S 6S 7S 8S")
    event = match.apply(Draw())
    assert event.received == parse_cards("4S")
    assert match.pile.cards == parse_cards("8S")
    assert match.stock.cards == parse_cards("5S 6S 7S")


def test_pssn_w18_recycle_cap() -> None:
    # One deck: the pile holds 3D 4D 5D, the other 49 cards are in the hands, 26 and 23.
    playable = parse_cards("6D 5S 5H 5C")  # what could go on 5D
    rest = [c for c in DeckSpec().shoe() if c not in parse_cards("3D 4D 5D")]
    p1 = [c for c in rest if c not in playable][:26]
    p2 = [c for c in rest if c not in p1]
    assert (len(p1), len(p2)) == (26, 23)
    text = [" ".join(map(str, hand)) for hand in (p1, p2)]
    match = position(hands=text, pile="3D 4D 5D", recycles=100, auto_deal=False)
    assert match.legal_actions() == (Draw(),)
    event = match.apply(Draw())
    assert [e.reason for e in event.effects if isinstance(e, DealEnded)] == [DealEnd.RECYCLE_CAP]
    scores = match.deal_scores[0]
    assert (scores[0].penalty, scores[1].penalty) == (26, 23)
    under = position(hands=text, pile="3D 4D 5D", recycles=99)
    event = under.apply(Draw())
    assert event.received == parse_cards("3D") and under.stock.cards == parse_cards("4D")
    assert under.pile.cards == parse_cards("5D")


def test_pssn_w19_scoring() -> None:
    match = position(hands=["9C", "2C 9D KH 4S 4H"], pile="8C", auto_deal=False)
    match.apply(Play(parse_cards("9C")))
    scores = match.deal_scores[0]
    assert (scores[0].penalty, scores[1].penalty) == (0, 5)


def test_pssn_w20_two_players() -> None:
    result = possession_outcome(RULES, [3, 8])
    assert (result.losers, result.winners) == ((1,), (0,))


def test_pssn_w21_several_reach_eight() -> None:
    result = possession_outcome(RULES, [9, 8, 3])
    assert (result.losers, result.winners) == ((0, 1), (2,))
    only = possession_outcome(PossessionRules(loser_rule="highest_only"), [9, 8, 3])
    assert (only.losers, only.winners) == ((0,), (2,))


def test_pssn_w22_deal_sizes() -> None:
    four = Possession().new_match(players=4, seed=3)
    assert four.spec.size == 104 and len(four.stock) == 67
    assert all(len(hand) == 9 for hand in four.hands)
    two = Possession().new_match(players=2, seed=3)
    assert len(two.stock) == 33 and len(two.pile) == 1
    assert len(Possession().new_match(players=3, seed=3).stock) == 24


def test_pssn_w24_everyone_reaches_eight() -> None:
    result = possession_outcome(RULES, [12, 9])
    assert (result.losers, result.winners) == ((0,), (1,))
    drawn = possession_outcome(RULES, [10, 10])
    assert (drawn.losers, drawn.winners) == ((), ())
    three = possession_outcome(RULES, [10, 9, 8])
    assert (three.losers, three.winners) == ((0,), (2,))
    every = possession_outcome(PossessionRules(winner_rule="all_non_losers"), [10, 9, 8])
    assert every.winners == (1, 2)


def test_pssn_w25_a_pass() -> None:
    # One deck, three players; the stock is empty; A has just played 8S on 9S.
    rest = [c for c in DeckSpec().shoe() if c not in parse_cards("9S 8S 7S 8H 8D 8C")]
    b_hand = rest[:17]
    c_hand = rest[17:34]
    a_hand = [*rest[34:], *parse_cards("7S 8H 8D 8C")]
    match = position(
        hands=[" ".join(map(str, h)) for h in (a_hand, b_hand, c_hand)], pile="9S 8S", to_act=1
    )
    assert match.legal_actions() == (Draw(),)
    assert match.apply(Draw()).received == parse_cards("9S")
    assert match.pile.cards == parse_cards("8S") and len(match.stock) == 0
    assert match.legal_actions() == (Pass(),)  # C
    match.apply(Pass())
    assert match.to_act == 0 and Pass() not in match.legal_actions()
    assert {str(p) for p in match.legal_actions()} == {"play 7S", "play 8H", "play 8D", "play 8C"}


def test_pssn_w26_recycling_at_once() -> None:
    match = position(
        hands=["2H 3D", "9S 4C", "KD 5C"], pile="8S", stock="QH", recycle_timing="immediate"
    )
    match.apply(Draw())  # the last stock card; the pile is only 8S: nothing to recycle
    assert len(match.stock) == 0 and match.recycles == 0
    match.apply(Play(parse_cards("9S")))
    event = match.apply(Draw())
    assert event.received == parse_cards("8S") and match.pile.cards == parse_cards("9S")


def test_pssn_6_3_blocked_deal_guard() -> None:
    match = position(hands=["2H", "3D"], pile="8S", auto_deal=False)
    match.apply(Pass())
    match.apply(Pass())
    assert match.phase is DEAL_OVER and match.deal_scores[0][0].penalty == 1
    void = position(hands=["2H", "3D"], pile="8S", blocked_deal="void")
    void.apply(Pass())
    void.apply(Pass())
    assert void.deal_scores == () and void.deal_number == 1


def test_pssn_6_5_turn_cap() -> None:
    match = Possession(PossessionRules(max_turns_per_deal=1)).new_match(players=2, seed=5)
    match.apply(match.legal_actions()[0])  # the one turn a deal may take
    assert match.deal_scores and match.deal_scores[0][0].penalty == 9
