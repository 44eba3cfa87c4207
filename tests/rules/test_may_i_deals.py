"""May I? going out, the stock, scoring and the winner: MAYI-W18, W25, W36-W44."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit import (
    ContractSchedule,
    End,
    IllegalActionError,
    parse_card,
    parse_cards,
)
from rummykit.engine import DRAW, ContractRummyMatch, Down, LayOff, TurnContext
from rummykit.engine import ranked_outcome as outcome
from rummykit.games import MayI, MayIRules
from rummykit.games.may_i.data import MAY_I_VALUES
from rummykit.kit import (
    DEAL_OVER,
    DealEnd,
    DealEnded,
    Discard,
    Done,
    Draw,
    GoingOut,
    StockRefilled,
    Take,
    WentOut,
    parse_action,
)
from tests.rules.may_i_setup import A, B, C, D, draw_and_discard, new_match, pass_window

W36_HAND = "JS JH JD JC JS 4C 4S 4D 4H KD"


def test_mayi_w36_going_out_by_discarding_in_deal_1() -> None:
    match = new_match(dealer=A, hands={B: W36_HAND}, stock="4D")
    match.apply_all(["draw", "down JS JS JH JD JC / 4S 4H 4D 4C", "layoff 4D -> 1"])
    assert match.hands[B] == parse_cards("KD")
    event = match.apply("discard KD")
    assert WentOut(B, GoingOut.DISCARDING) in event.effects
    assert match.deal_scores[0][B].net == 20
    assert match.deal_number == 2


def test_mayi_w36_banned_in_deal_1_by_002s_reading() -> None:
    match = new_match(
        dealer=A, hands={B: W36_HAND}, stock="4D", discard_out_forbidden_deals=["first", "last"]
    )
    match.apply_all(["draw", "down JS JS JH JD JC / 4S 4H 4D 4C"])
    with pytest.raises(IllegalActionError, match="MAYI-13.3"):
        match.apply(
            "layoff 4D -> 1", seat=match.to_act
        )  # it would leave KD alone, and KD can go nowhere


def _w37(**options: Any) -> ContractRummyMatch:
    schedule = ContractSchedule.of("2G+1R", hand_size=11)  # one deal: the last, as deal 5
    match = new_match(
        hands={A: "2C 3C 4C 5C 9S 9H 9C KS KH KD 6C"},
        stock="9D",
        contract_schedule=schedule,
        **options,
    )
    match.apply_all(["draw", "down 9S 9H 9C / KS KH KD / 2C 3C 4C 5C"])
    assert sorted(match.hands[A]) == sorted(parse_cards("6C 9D"))
    return match


def test_mayi_w37_the_last_card_in_the_final_deal() -> None:
    match = _w37()
    # Laying off both cards: they go out.
    match.apply_all(["layoff 6C -> 2 high", "layoff 9D -> 0"])
    assert match.is_over and match.deal_scores[0][A].net == 20
    # Laying off 6C only: after it, their only legal move is to lay off 9D too.
    match = _w37()
    match.apply("layoff 6C -> 2 high")
    assert match.legal_actions() == (LayOff(parse_card("9D"), 0, None),)
    with pytest.raises(IllegalActionError, match="MAYI-13.2"):
        match.apply("discard 9D")
    # Laying off nothing and discarding 6C keeps 9D.
    match = _w37()
    match.apply("discard 6C")
    assert match.hands[A] == parse_cards("9D")


def test_mayi_w37_end_turn_without_discard_option() -> None:
    match = _w37(single_card_rule="end_turn_without_discard")
    match.apply("layoff 9D -> 0")
    assert Done() in match.legal_actions()
    match.apply("done")
    assert match.phase is DRAW and match.hands[A] == parse_cards("6C")


def test_mayi_w38_refill_when_the_stock_is_empty() -> None:
    match = new_match(stock="")
    while len(match.stock):
        player = match.to_act
        assert player is not None
        match.apply(Draw())
        match.apply(Discard(match.hands[player][-1]))
        pass_window(match)
    pile = list(match.pile.cards)
    assert match.legal_actions()[:2] == (Draw(), Take(1))
    taker = match.clone()
    taker.apply(Take(1))
    assert taker.deal.refills == 0 and len(taker.stock) == 0  # option (b): no refill
    event = match.apply(Draw())
    assert [e.number for e in event.effects if isinstance(e, StockRefilled)] == [1]
    assert match.pile.cards == (pile[-1],)
    assert len(match.stock) == len(pile) - 2
    assert sorted([*match.stock.cards, *event.received]) == sorted(pile[:-1])


def test_mayi_w44_the_refill_cap_ends_the_deal() -> None:
    match = new_match(stock="", max_stock_refills=0)
    while len(match.stock):
        player = match.to_act
        assert player is not None
        match.apply(Draw())
        match.apply(Discard(match.hands[player][-1]))
        pass_window(match)
    hands = [list(hand) for hand in match.hands]
    event = match.apply(Draw())
    ended = [e for e in event.effects if isinstance(e, DealEnded)]
    assert [e.reason for e in ended] == [DealEnd.REFILL_CAP] and match.deal_number == 2
    scores = match.deal_scores[0]
    assert [score.bonus for score in scores] == [0, 0, 0, 0]
    assert [score.penalty for score in scores] == [MAY_I_VALUES.hand_value(h) for h in hands]


def test_mayi_14_5_turn_cap() -> None:
    match = new_match(max_turns_per_deal=3)
    for _ in range(3):
        player = match.to_act
        assert player is not None
        match.apply(Draw())
        match.apply(Discard(match.hands[player][-1]))
        pass_window(match)
    assert match.deal_number == 2 and len(match.deal_scores) == 1


def test_mayi_w39_scoring_a_deal() -> None:
    c_hand = "AS KD 10C 3H 2C 9D 5S 6S 7S 8H"
    match = new_match(dealer=A, hands={B: W36_HAND, C: c_hand}, stock="4D", auto_deal=False)
    match.apply_all(["draw", "down JS JS JH JD JC / 4S 4H 4D 4C", "layoff 4D -> 1", "discard KD"])
    assert match.phase is DEAL_OVER and match.legal_actions() == (parse_action("next"),)
    scores = match.deal_scores[0]
    assert (scores[B].bonus, scores[B].penalty, scores[B].net) == (20, 0, 20)
    for seat in (A, C, D):
        assert scores[seat].net == -MAY_I_VALUES.hand_value(match.hands[seat])
    assert scores[C].penalty == MAY_I_VALUES.hand_value(parse_cards(c_hand))
    assert MAY_I_VALUES.hand_value(parse_cards("AS KD 10C 3H")) == 38
    assert MAY_I_VALUES.hand_value(parse_cards("2C 9D")) == 11
    match.apply("next")
    assert match.deal_number == 2 and match.dealer == B


def test_mayi_w40_net_totals_decide() -> None:
    deals = [(20, -15, -30), (20, -5, -20), (20, -10, -25), (-40, 20, -12), (-30, -10, 20)]
    totals = tuple(sum(deal[seat] for deal in deals) for seat in range(3))
    penalties = tuple(sum(-deal[seat] for deal in deals if deal[seat] < 0) for seat in range(3))
    assert totals == (-10, -20, -67)
    assert outcome(MayIRules().table, totals, penalties, (3, 1, 1)).winners == (A,)
    assert penalties == (70, 40, 87)
    assert outcome(
        MayIRules.of(winner_metric="penalties_only").table, totals, penalties, (3, 1, 1)
    ).winners == (B,)


def test_mayi_w41_ties_share_the_win() -> None:
    result = outcome(MayIRules().table, (-30, -30, -45), (50, 70, 45), (2, 1, 0))
    assert result.winners == (A, B)
    assert result.standings == ((A, -30), (B, -30), (C, -45))
    assert outcome(
        MayIRules.of(tie_break="fewest_penalty_points").table,
        (-30, -30, -45),
        (50, 70, 45),
        (2, 1, 0),
    ).winners == (A,)
    assert outcome(
        MayIRules.of(tie_break="most_times_out").table, (-30, -30, -45), (50, 70, 45), (1, 2, 0)
    ).winners == (B,)


def test_mayi_w42_stock_sizes() -> None:
    for players, schedule, size in (
        (3, "standard_five", 74),
        (5, "standard_five", 54),
        (4, "six_deal", 60),
    ):
        match = MayI(MayIRules(contract_schedule=schedule)).new_match(players=players, seed=2)
        assert len(match.stock) == size
        assert match.pile.cards == ()  # MAYI-5.5: no upcard


def test_mayi_w43_discarding_the_taken_card_when_it_is_the_last() -> None:
    schedule = ContractSchedule.of("1G+1R", hand_size=9)
    match = new_match(
        dealer=A,
        hands={B: "KS KH KC AC 2C 3C 4C KD 5C"},
        stock="8H 6S 6H 9C",
        contract_schedule=schedule,
        discard_out_forbidden_deals=[],
    )  # deal 2 of the standard schedule
    match.apply_all(["draw", "down KS KH KC / AC 2C 3C 4C", "discard 8H"])
    pass_window(match)
    draw_and_discard(match, "6S")  # C
    draw_and_discard(match, "6H")  # D
    draw_and_discard(match, "9C")  # A
    assert match.to_act == B
    match.apply_all(["take", "layoff KD -> 0", f"layoff 5C -> 1 {End.HIGH.value}"])
    assert match.hands[B] == parse_cards("9C")
    match.apply("discard 9C")
    assert match.deal_scores[0][B].net == 20


def test_mayi_w43_not_in_the_final_deal() -> None:
    schedule = ContractSchedule.of("1G+1R", hand_size=9)  # its only deal is the last, as deal 5
    match = new_match(
        dealer=A,
        hands={B: "KS KH KC AC 2C 3C 4C KD 5C"},
        stock="8H 6S 6H 9C",
        contract_schedule=schedule,
    )
    match.apply_all(["draw", "down KS KH KC / AC 2C 3C 4C", "discard 8H"])
    pass_window(match)
    for card in ("6S", "6H", "9C"):
        draw_and_discard(match, card)
    match.apply_all(["take", "layoff KD -> 0"])
    with pytest.raises(IllegalActionError, match="MAYI-13.3"):
        match.apply("layoff 5C -> 1 high", seat=match.to_act)


def test_mayi_w25_laying_off_needs_the_contract_down() -> None:
    schedule = ContractSchedule.of("1G+1R", hand_size=9)
    hands = {B: "KS KH KC AC 2C 3C 4C QD QH", C: "KD 2S 3S 7D 8D 9H 10H JS QS"}
    match = new_match(dealer=A, hands=hands, stock="8H 6S", contract_schedule=schedule)
    match.apply_all(["draw", "down KS KH KC / AC 2C 3C 4C", "discard 8H"])
    pass_window(match)
    match.apply("draw")
    with pytest.raises(IllegalActionError, match="MAYI-12.1"):
        match.apply("layoff KD -> 0")
    relaxed = new_match(
        dealer=A,
        hands=hands,
        stock="8H 6S",
        contract_schedule=schedule,
        layoff_requires_contract=False,
    )
    relaxed.apply_all(["draw", "down KS KH KC / AC 2C 3C 4C", "discard 8H"])
    pass_window(relaxed)
    relaxed.apply_all(["draw", "layoff KD -> 0"])


def test_mayi_w18_the_contract_goes_down_at_once() -> None:
    hands = {A: "JS JH JD 4C 4S 4D 9S 10S QC KC"}
    match = new_match(hands=hands, stock="2H 3H 5D 6D 7H")
    match.apply("draw")
    with pytest.raises(IllegalActionError, match="MAYI-11"):
        match.apply("down JS JH JD")
    partial = new_match(hands=hands, stock="2H 3H 5D 6D 7H", contract_all_at_once=False)
    partial.apply_all(["draw", "down JS JH JD", "discard 2H"])
    assert not partial.deal.down[A]
    pass_window(partial)
    for card in ("3H", "5D", "6D"):
        draw_and_discard(partial, card)
    partial.apply_all(["draw", "down 4C 4S 4D"])
    assert partial.deal.down[A]


def test_go_down_actions_are_every_arrangement() -> None:
    match = new_match(dealer=A, hands={B: W36_HAND}, stock="4D")
    match.apply("draw")
    downs = [action for action in match.legal_actions() if isinstance(action, Down)]
    assert downs and all(match.can_apply(action) for action in downs)
    # Any way of writing a legal laydown is accepted, whatever the order.
    assert match.can_apply(match.parse_action("down 4C 4H 4S / JC JD JH JS JS"))
    assert not match.can_apply(match.parse_action("down JS JH JD / 4C 4S"))


def test_mayi_13_5_no_lay_off_down_to_a_card_that_cannot_go_out() -> None:
    """Found by the soak test: with ``layoff_requires_contract=False`` a player whose
    contract is not down must not lay off down to one card in a discard-step turn: they
    could neither discard it nor lay it off (going out needs the contract, MAYI-13.5)."""
    match = new_match(layoff_requires_contract=False, contract_all_at_once=False)
    match.apply("draw")
    seat = match.to_act
    assert seat is not None and not match.deal.down[seat]
    last = [parse_card("4S")]
    assert not TurnContext.of(match).leaves_ok(seat, last, down_after=False)
    relaxed = new_match(layoff_requires_contract=False, single_card_rule="end_turn_without_discard")
    relaxed.apply("draw")
    assert TurnContext.of(relaxed).leaves_ok(
        seat, last, down_after=False
    )  # they may then end without a discard
