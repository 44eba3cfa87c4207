"""Posso? worked cases in play: claims, forced play, the correction claim, going out,
dead deals and scoring (POSSO-W16 to W33), under the default and the alternative options."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit import DeckSpec, IllegalActionError, game, parse_cards
from rummykit.engine import DRAW, MELD, ContractRummyMatch, ExchangeJoker, LayOff, ranked_outcome
from rummykit.games import PossoRules
from rummykit.games.posso.claims import (
    CLAIM,
    CORRECTION,
    SECOND_CLAIM,
    Claim,
    Correct,
)
from rummykit.games.posso.effects import Claimed, Flagged
from rummykit.kit import (
    DealEnd,
    DealEnded,
    Discard,
    Done,
    Draw,
    Drew,
    GoingOut,
    Pass,
    Take,
    WentOut,
)
from tests.rules.posso_setup import A, B, C, D, posso

OPENED_TABLE = (("KS KH KD", C), ("QS QH QD", D))


def _w18(**options: Any) -> ContractRummyMatch:
    match = posso(
        hands={A: "7H 2C 6D 10H", C: "7S 7C 9S 3H", D: "7D 7C 8S 4H"},
        table=OPENED_TABLE,
        down=(C, D),
        stock="5D 9C",
        **options,
    )
    match.apply_all(["draw", "discard 7H", "draw"])  # A discards 7H; B draws 9C
    return match


def test_posso_w18_the_first_claimant_after_the_player_in_turn_wins() -> None:
    match = _w18()
    assert (match.phase, match.to_act) == (CLAIM, C)  # A, the discarder, is not asked
    assert str(match.legal_actions()[0]) == "claim 7S 7H 7C"
    match.apply("claim 7H 7S 7C")  # any order of the cards
    assert (match.phase, match.to_act) == (CLAIM, D)
    event = match.apply("claim 7H 7D 7C")
    claimed = [e for e in event.effects if isinstance(e, Claimed)]
    assert [(e.seat, str(e.melds[0])) for e in claimed] == [(C, "7S 7H 7C")]
    assert match.hands[C] == parse_cards("9S 3H") and len(match.hands[D]) == 4
    assert (match.phase, match.to_act) == (MELD, B)  # B goes on; no turn skipped
    match.apply(Discard(match.hands[B][0]))
    assert (match.phase, match.to_act) == (DRAW, C)
    assert match.legal_actions() == (Draw(), Take())  # claimant_next_draw="any"


def test_posso_w18_options() -> None:
    stock_only = _w18(claimant_next_draw="stock")
    stock_only.apply_all(["claim 7H 7S 7C", "pass"])
    stock_only.apply(Discard(stock_only.hands[B][0]))
    assert stock_only.legal_actions() == (Draw(),)
    no_draw = _w18(claim_counts_as_draw=True)
    no_draw.apply_all(["claim 7H 7S 7C", "pass"])
    no_draw.apply(Discard(no_draw.hands[B][0]))
    assert (no_draw.phase, no_draw.to_act) == (MELD, C)
    priced = _w18(buy_penalty_per_card=1)
    event = priced.apply_all(["claim 7H 7S 7C", "pass"])[-1]
    drew = [e for e in event.effects if isinstance(e, Drew)]
    assert drew == [Drew(C, parse_cards("AS"), penalty=True)]
    assert priced.hands[C] == parse_cards("9S 3H AS")


def test_posso_w19_no_meld_no_claim() -> None:
    match = posso(
        hands={A: "7H 2C 6D 10H", D: "7S 2C 9D KS"},
        table=OPENED_TABLE,
        down=(C, D),
        stock="5D 9C",
    )
    match.apply_all(["draw", "discard 7H", "draw", "pass"])
    assert (match.phase, match.to_act) == (CLAIM, D)
    assert match.legal_actions() == (Pass(),)
    with pytest.raises(IllegalActionError, match="POSSO-9.5"):
        match.apply("claim 7H 7S 2C")


def _w20(hand: str, **options: Any) -> ContractRummyMatch:
    match = posso(hands={A: "7H 2C 6D 10H", C: hand}, stock="5D 9C", **options)
    match.apply_all(["draw", "discard 7H", "draw"])
    return match


def test_posso_w20_a_claim_may_open() -> None:
    match = _w20("7S 7C 2D 3D 4D 5D 9H JS KC 2S")
    assert Claim in {type(action) for action in match.legal_actions()}
    match.apply("claim 7H 7S 7C / 2D 3D 4D 5D")
    event = match.apply("pass")  # D passes; C's claim wins
    (claimed,) = [e for e in event.effects if isinstance(e, Claimed)]
    assert claimed.opened and match.view(A).down[C]
    assert match.hands[C] == parse_cards("9H JS KC 2S")
    no_run = _w20("7S 7C 2D 3D 4D 8D 9H JS KC 2S")
    assert no_run.legal_actions() == (Pass(),)
    closed = _w20("7S 7C 2D 3D 4D 5D 9H JS KC 2S", claim_may_open=False)
    assert closed.legal_actions() == (Pass(),)


def test_posso_w21_discarder_not_asked() -> None:
    match = posso(hands={A: "7H 7S 7C 2D", C: "9S 9H 2H 3H"}, stock="KD 9C")
    match.apply_all(["draw", "discard 7H", "draw"])
    asked = []
    while match.phase is CLAIM:
        asked.append(match.to_act)
        match.apply("pass")
    assert asked == [C, D]
    again = posso(
        hands={A: "7H 7S 7C 2D", C: "9S 9H 2H 3H"}, stock="KD 9C", discarder_may_claim=True
    )
    again.apply_all(["draw", "discard 7H", "draw", "pass", "pass"])
    assert (again.phase, again.to_act) == (CLAIM, A)  # asked last, after C and D


def test_posso_w22_a_ready_meld_must_be_laid_down() -> None:
    table = (("KS KH KD", B),)
    match = posso(hands={B: "4C 5C 6C 7C"}, table=table, down=(B,), stock="2D", to_act=B)
    match.apply("draw")
    assert not any(isinstance(action, Discard) for action in match.legal_actions())
    with pytest.raises(IllegalActionError, match="POSSO-14.2"):
        match.apply("discard 2D", seat=match.to_act)
    match.apply("down 4C 5C 6C 7C")
    event = match.apply("discard 2D")
    assert WentOut(B, GoingOut.DISCARDING) in event.effects
    banned = posso(
        hands={B: "4C 5C 6C 7C"},
        table=table,
        down=(B,),
        stock="2D",
        to_act=B,
        discard_out_forbidden_deals=["all"],
    )
    banned.apply_all(["draw", "down 4C 5C 6C 7C"])
    assert banned.legal_actions() == (Done(),) and banned.hands[B] == parse_cards("2D")


def test_posso_w23_no_set_no_ready_opening() -> None:
    match = posso(hands={B: "9D 10D JD QD 2C 5H 8S 3S 6H KC"}, stock="4C", to_act=B)
    match.apply("draw")
    assert Discard(parse_cards("2C")[0]) in match.legal_actions()


def _w24(**options: Any) -> ContractRummyMatch:
    table = (("2S 3S 4S 5S", A), ("9C 10C JC QC", B), ("8D 9D 10D JD", C), ("5H 6H 7H 8H", D))
    match = posso(
        hands={A: "9H 2D 3C", B: "4S 4D 9S", C: "AC 3D 6S", D: "10S 6C 2H"},
        table=table,
        down=(A, B, C, D),
        pile=(("KD", None), ("4C", D)),
        stock="JS AH",
        **options,
    )
    match.apply("draw")  # A draws JS; a window for 4C opens: B and C are asked
    match.apply_all(["pass", "pass"])
    return match


def test_posso_w24_the_correction_claim() -> None:
    match = _w24()
    event = match.apply("discard 9H")
    assert Flagged(A, parse_cards("9H")[0]) in event.effects
    assert (match.phase, match.to_act) == (CORRECTION, B)
    assert match.legal_actions() == (Correct(3), Pass())
    match.apply("correct 3")
    assert str(match.table[3]) == "5H 6H 7H 8H 9H" and match.table[3].owner == D
    assert (match.phase, match.to_act) == (SECOND_CLAIM, B)
    match.apply("claim 4C 4S 4D")
    assert str(match.table[-1]) == "4S 4D 4C" and match.table[-1].owner == B
    assert (match.phase, match.legal_actions()) == (DRAW, (Draw(),))  # POSSO-9.8
    skipped = _w24()
    skipped.apply_all(["discard 9H", "correct 3", "pass"])
    assert skipped.legal_actions() == (Draw(), Take())
    untouched = _w24()
    untouched.apply_all(["discard 9H", "pass"])
    assert untouched.legal_actions() == (Draw(), Take()) and untouched.pile.top is not None
    assert untouched.pile.cards[-1] == parse_cards("9H")[0]


def test_posso_w25_strict_refuses_the_playable_discard() -> None:
    match = _w24(forced_play_enforcement="strict")
    with pytest.raises(IllegalActionError, match="POSSO-14.4"):
        match.apply("discard 9H", seat=match.to_act)
    assert LayOff(parse_cards("9H")[0], 3, None) not in match.legal_actions()
    assert any(isinstance(a, LayOff) and a.target == 3 for a in match.legal_actions())


def test_posso_w26_setup_with_jokers() -> None:
    match = game("posso", joker_count="players_minus_one").new_match(players=4, seed=3)
    assert match.spec == DeckSpec(decks=2, jokers=3) and match.spec.size == 107
    assert [len(hand) for hand in match.hands] == [10, 10, 10, 10]
    assert len(match.pile) == 1 and len(match.stock) == 66
    assert game("posso").new_match(players=4, seed=3).spec.size == 104


def test_posso_w27_hand_value() -> None:
    assert PossoRules().card_values().hand_value(parse_cards("2S JD QH 9C JK")) == 51
    assert PossoRules(ace_value=20).card_values().value(parse_cards("AS")[0]) == 20


def test_posso_w28_scoring() -> None:
    table = (("KS KH KD", B),)
    match = posso(
        hands={B: "4C 5C 6C", C: "AS 10H", D: "QC"}, table=table, down=(B,), stock="7C", to_act=B
    )
    match.apply_all(["draw", "down 4C 5C 6C 7C"])
    assert match.is_over is False and [s.net for s in match.deal_scores[0]][1:] == [20, -25, -10]


def test_posso_w29_each_player_deals_once() -> None:
    match = game("posso").new_match(players=4, seed=1)
    assert match.deal_count() == 4 and len(match.schedule) == 4
    assert game("posso", deals=2).new_match(players=4, seed=1).deal_count() == 2
    tie = ranked_outcome(PossoRules().table, (10, 10, -5, 0), (0, 0, 5, 0), (1, 1, 0, 0))
    assert tie.winners == (A, B)


def test_posso_w30_a_claim_opens_then_forced_play_leads_out() -> None:
    match = posso(
        hands={A: "5C 2H 6D 10H", B: "KH 3S 8D JH", C: "7S 7H 7D 7C 9S 9H 9D 3C 4C 6C"},
        stock="AD 2S",
    )
    match.apply_all(["draw", "discard 5C", "draw"])  # A draws AD; B draws 2S
    match.apply_all(["claim 3C 4C 5C 6C / 7S 7H 7D 7C", "pass"])  # D passes
    assert match.hands[C] == parse_cards("9S 9H 9D") and match.phase is MELD
    match.apply("discard KH")  # B
    assert match.to_act == C
    match.apply("take")
    assert not any(isinstance(action, Discard) for action in match.legal_actions())
    match.apply("down 9S 9H 9D")
    assert match.legal_actions()[-1] == Discard(parse_cards("KH")[0])
    event = match.apply("discard KH")
    assert WentOut(C, GoingOut.DISCARDING) in event.effects


def test_posso_w32_the_refill_cap_ends_the_deal() -> None:
    match = posso(
        hands={A: "5C 2H 6D 10H"},
        pile=(("2S", B), ("7D", C), ("JC", D)),
    )
    match.deal.stock = type(match.deal.stock)()  # ten refills made, the stock empty again
    match.deal.refills = 10
    scores_before = [len(hand) for hand in match.hands]
    event = match.apply("draw")
    (ended,) = [e for e in event.effects if isinstance(e, DealEnded)]
    assert ended.reason is DealEnd.REFILL_CAP and ended.went_out is None
    assert all(net < 0 for net in ended.nets) and len(scores_before) == 4


def test_posso_w33_one_card_kept_where_discarding_out_is_banned() -> None:
    table = (("KS KH KD", B),)
    match = posso(
        hands={B: "QS 8S 8H"},
        table=table,
        down=(B,),
        stock="8D",
        to_act=B,
        discard_out_forbidden_deals=["all"],
    )
    match.apply("draw")
    assert not any(isinstance(a, Discard) for a in match.legal_actions())
    assert match.can_apply("down 8S 8H 8D")
    match.apply("down 8S 8H 8D")
    assert match.legal_actions() == (Done(),)
    match.apply("done")
    assert match.hands[B] == parse_cards("QS") and match.to_act == C


def test_posso_w16_layoffs_need_everyone_opened() -> None:
    table = (("4D 5D 6D 7D", C), ("4C 5C 6C 7C", B))
    match = posso(hands={B: "8D 8C 2H 3H"}, table=table, down=(B, C), stock="KS", to_act=B)
    match.apply("draw")
    with pytest.raises(IllegalActionError, match="POSSO-13.3"):
        match.apply("layoff 8D -> 0")
    match.apply("layoff 8C -> 1")
    assert str(match.table[1]) == "4C 5C 6C 7C 8C"


def test_posso_w17_joker_exchange_in_play() -> None:
    table = (("9H 10H JK QH", B), ("7S 7D 7C", C), ("4C 5C JK 7C", D), ("2S 3S 4S 5S", A))
    match = posso(
        hands={C: "JH 2D 9C"},
        table=table,
        down=(A, B, C, D),
        stock="KC",
        to_act=C,
        joker_count="players_minus_one",
    )
    match.apply("draw")
    exchanges = [str(a) for a in match.legal_actions() if isinstance(a, ExchangeJoker)]
    assert exchanges == [
        "exchange JH -> 0 joker -> 0 (KH)",
        "exchange JH -> 0 joker -> 0 (8H)",
        "exchange JH -> 0 joker -> 1",
        "exchange JH -> 0 joker -> 3 (6S)",
        "exchange JH -> 0 joker -> 3 (AS)",
    ]
    match.apply("exchange JH -> 0 joker -> 1")
    assert str(match.table[1]) == "7S 7D 7C JK"
    with_hand = posso(
        hands={C: "JH 2D 9C"},
        table=table,
        down=(A, B, C, D),
        stock="KC",
        to_act=C,
        joker_count="players_minus_one",
        joker_swap_to_hand=True,
    )
    with_hand.apply("draw")
    assert with_hand.can_apply("exchange JH -> 0 joker -> hand")
