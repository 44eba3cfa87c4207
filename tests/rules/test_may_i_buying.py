"""The "May I?" buying protocol: MAYI-9.14's examples E1-E11 and cases MAYI-W26-W35."""

from __future__ import annotations

import pytest

from rummykit import IllegalActionError, parse_card, parse_cards
from rummykit.engine import DRAW, MELD, ContractRummyMatch
from rummykit.games.may_i.actions import Allow, Ask, Refuse
from rummykit.games.may_i.claims import BUY, CONSENT, FIRST_REFUSAL, REQUEST
from rummykit.kit import Discard, Done, Draw, Pass, Take
from tests.rules.may_i_setup import A, B, C, D, E, new_match, pass_window, state_s


def hand_sizes(match: ContractRummyMatch) -> list[int]:
    return [len(hand) for hand in match.hands]


def test_state_s_is_the_reference_position() -> None:
    match = state_s()
    assert [(str(c), d) for c, d in match.view(A).pile] == [
        ("5S", A),
        ("KS", B),
        ("4D", C),
        ("9C", D),
        ("7H", A),
    ]
    assert match.stock.cards[:4] == parse_cards("2D 8S QH 5C")
    assert (match.phase, match.to_act) == (REQUEST, C)


def test_mayi_9_14_e1_nobody_asks() -> None:
    match = state_s()
    match.apply(Pass())  # C
    match.apply(Pass())  # D
    assert (match.phase, match.to_act) == (DRAW, B)
    assert match.legal_actions() == (Draw(), Take(1), Take(2), Take(3))


def test_mayi_w26_e2_consented_buy() -> None:
    match = state_s()
    before = hand_sizes(match)
    match.apply_all([Pass(), Ask(), Allow(), Allow()])  # C passes, D asks, B and C allow
    assert (match.phase, match.to_act) == (BUY, D)
    assert match.legal_actions() == (Take(1),)  # 9C under 7H is D's own discard
    event = match.apply(Take(1))
    assert event.received == parse_cards("7H 2D")
    assert match.phase is MELD and Discard(parse_card("7H")) not in match.legal_actions()
    match.apply(Done())
    assert hand_sizes(match)[D] == before[D] + 2
    assert (match.phase, match.to_act) == (DRAW, A)  # B and C skipped


def test_mayi_w26_resume_normal() -> None:
    match = state_s(turn_after_buy="resume_normal")
    match.apply_all([Pass(), Ask()])
    assert (match.phase, match.to_act) == (BUY, D)  # no consent round
    match.apply_all([Take(1), Done()])
    assert (match.phase, match.to_act) == (DRAW, B)


def test_mayi_w27_e3_forced_buy() -> None:
    match = state_s()
    before = hand_sizes(match)
    match.apply_all([Pass(), Ask(), Allow(), Refuse()])  # C refuses: C must buy
    assert (match.phase, match.to_act) == (BUY, C)
    assert match.apply(Take(1)).received == parse_cards("7H 2D")
    match.apply(Done())
    assert hand_sizes(match)[C] == before[C] + 2
    assert (match.phase, match.to_act) == (DRAW, D)  # B skipped


def test_mayi_w27_resume_normal_has_no_consent_round() -> None:
    match = state_s(turn_after_buy="resume_normal")
    match.apply_all([Pass(), Ask(), Take(1), Done()])
    assert (match.phase, match.to_act) == (DRAW, B)
    assert len(match.hands[D]) == 12


def test_mayi_w28_e4_refusal_take_by_the_next_player() -> None:
    match = state_s()
    before = hand_sizes(match)
    match.apply_all([Pass(), Ask(), Refuse()])  # B refuses
    assert (match.phase, match.to_act) == (BUY, B)
    assert match.apply(Take(1)).received == parse_cards("7H")  # no stock card
    match.apply(Done())
    assert hand_sizes(match)[B] == before[B] + 1
    assert (match.phase, match.to_act) == (DRAW, C)


def test_mayi_w28_normal_turn_option() -> None:
    match = state_s(next_player_refusal="normal_turn")
    match.apply_all([Pass(), Ask(), Refuse()])
    assert (match.phase, match.to_act) == (MELD, B)
    assert parse_card("7H") in match.hands[B]
    with pytest.raises(IllegalActionError, match="MAYI-7.5c"):
        match.apply(Discard(parse_card("7H")), seat=B)  # the detail: to the seat alone
    match.apply(Discard(match.hands[B][0]))
    assert match.phase in (REQUEST, DRAW)


def test_mayi_9_14_e5_buy_by_the_player_after_next() -> None:
    match = state_s()
    match.apply_all([Ask(), Pass(), Allow()])  # C asks, D passes, B allows
    assert match.to_act == C
    assert match.apply(Take(1)).received == parse_cards("7H 2D")
    match.apply(Done())
    assert (match.phase, match.to_act) == (DRAW, D)


def test_mayi_w29_e6_seat_priority() -> None:
    match = state_s()
    match.apply_all([Ask(), Ask()])  # C and D ask
    assert (match.phase, match.to_act) == (CONSENT, B)  # only B is asked
    match.apply(Allow())
    assert (match.phase, match.to_act) == (BUY, C)
    match.apply_all([Take(1), Done()])
    assert (match.phase, match.to_act) == (DRAW, D)  # D's request lapsed


def test_mayi_w29_resume_normal() -> None:
    match = state_s(turn_after_buy="resume_normal")
    match.apply_all([Ask(), Ask()])
    assert (match.phase, match.to_act) == (BUY, C)
    match.apply_all([Take(1), Done()])
    assert (match.phase, match.to_act) == (DRAW, B)


def test_mayi_w30_e7_extra_cards_stop_before_own_discard() -> None:
    match = state_s()
    before = hand_sizes(match)
    match.apply_all([Ask(), Pass(), Allow()])
    assert match.legal_actions() == (Take(1), Take(2))  # 4D is C's own discard
    event = match.apply(Take(2))
    assert event.received == parse_cards("7H 9C 2D 8S")
    match.apply(Done())
    assert hand_sizes(match)[C] == before[C] + 4
    assert match.to_act == D


def test_mayi_w30_may_take_own_discard() -> None:
    match = state_s(may_take_own_discard=True)
    match.apply_all([Ask(), Pass(), Allow()])
    assert match.legal_actions()[-1] == Take(5)  # on through 4D, KS and 5S


def test_mayi_w31_e8_multiple_take_in_a_regular_turn() -> None:
    match = state_s()
    before = hand_sizes(match)
    match.apply_all([Pass(), Pass()])
    event = match.apply(Take(3))  # stops before their own KS
    assert event.received == parse_cards("7H 9C 4D 2D 8S")
    assert Take(4) not in (Take(1), Take(2), Take(3))
    assert not any(isinstance(a, Discard) for a in match.legal_actions())
    match.apply(Done())
    assert hand_sizes(match)[B] == before[B] + 5
    assert (match.phase, match.to_act) == (DRAW, C)  # no claim window
    assert match.pile.top is not None and match.pile.top.card == parse_card("KS")
    assert Take(1) in match.legal_actions()


def test_mayi_w31_may_take_own_discard() -> None:
    match = state_s(may_take_own_discard=True)
    match.apply_all([Pass(), Pass()])
    assert match.legal_actions()[-1] == Take(5)


def test_mayi_w32_the_discarder_is_never_asked() -> None:
    match = state_s()
    seen = []
    while match.phase in (REQUEST, CONSENT):
        seen.append(match.to_act)
        match.apply(Ask() if match.phase is REQUEST else Allow())
    assert A not in seen
    assert match.view(A).legal == ()


def test_mayi_w33_e9_five_players() -> None:
    match = new_match(players=5, dealer=E, stock="7H 2D 8S")
    before = hand_sizes(match)
    match.apply_all([Draw(), Discard(parse_card("7H"))])
    match.apply_all([Pass(), Pass(), Ask()])  # C, D pass; E asks
    match.apply_all([Allow(), Allow(), Refuse()])  # B, C allow; D refuses
    assert (match.phase, match.to_act) == (BUY, D)
    assert match.apply(Take(1)).received == parse_cards("7H 2D")
    match.apply(Done())
    assert hand_sizes(match)[D] == before[D] + 2
    assert (match.phase, match.to_act) == (DRAW, E)


def test_mayi_w34_e10_three_players() -> None:
    match = new_match(players=3, dealer=C, stock="7H 2D 8S")
    match.apply_all([Draw(), Discard(parse_card("7H")), Ask(), Allow()])  # C asks, B allows
    assert match.apply(Take(1)).received == parse_cards("7H 2D")
    match.apply(Done())
    assert (match.phase, match.to_act) == (DRAW, A)


def test_mayi_9_14_e11_after_a_buy_the_next_player_may_take_the_top_card() -> None:
    match = state_s()
    match.apply_all([Pass(), Ask(), Allow(), Allow(), Take(1), Done()])
    assert match.to_act == A and match.pile.top is not None
    assert (match.pile.top.card, match.pile.top.discarder) == (parse_card("9C"), D)
    assert Take(1) in match.legal_actions()
    assert match.apply(Draw()).received == parse_cards("8S")


def test_mayi_w35_the_taken_card_cannot_be_discarded_at_once() -> None:
    match = state_s()
    match.apply_all([Pass(), Pass(), Take(1)])
    with pytest.raises(IllegalActionError, match=r"MAYI-7.5c: .*7H, just taken"):
        match.apply(Discard(parse_card("7H")), seat=match.to_act)
    allowed = state_s(may_discard_taken_card=True)
    allowed.apply_all([Pass(), Pass(), Take(1), Discard(parse_card("7H"))])


def test_mayi_9_11_buy_limit() -> None:
    match = state_s(max_buys_per_deal=0)
    assert match.legal_actions() == (Pass(),)


def test_mayi_9_10_window_after_a_buy() -> None:
    match = state_s(claim_window_after_buy=True)
    match.apply_all([Pass(), Ask(), Allow(), Allow(), Take(1), Done()])
    # A window opens for the top card 9C; P0 is D; D discarded 9C, so only others may ask.
    assert match.phase is REQUEST
    pass_window(match)
    assert (match.phase, match.to_act) == (DRAW, A)


def test_mayi_9_3_next_player_first() -> None:
    match = state_s(claim_order="next_player_first")
    # state_s's windows passed everyone; this one starts with B, the next player.
    assert (match.phase, match.to_act) == (FIRST_REFUSAL, B)
    match.apply(Take(1))
    assert (match.phase, match.to_act) == (MELD, B)


def test_illegal_actions_change_nothing() -> None:
    match = state_s()
    before = match.snapshot()
    for bad in (Draw(), Take(1), Discard(parse_card("AS")), Allow(), Done()):
        with pytest.raises(IllegalActionError):
            match.apply(bad)
        assert match.snapshot() == before


def test_buys_are_counted_and_refusal_takes_are_not() -> None:
    bought = state_s()
    bought.apply_all([Pass(), Ask(), Allow(), Allow(), Take(1), Done()])
    assert bought.state.total_buys == 1 and bought.deal.buys[D] == 1
    refused = state_s()
    refused.apply_all([Pass(), Ask(), Refuse(), Take(1), Done()])
    assert refused.state.total_buys == 0


def test_mayi_8_4_a_buyer_is_told_which_own_discard_stops_his_take() -> None:
    match = state_s()
    match.apply_all([Ask(), Pass(), Allow()])  # C asks, D passes, B allows: C buys
    with pytest.raises(IllegalActionError, match=r"MAYI-8.4: .*4D, card 3 from the top"):
        match.apply(Take(3))
