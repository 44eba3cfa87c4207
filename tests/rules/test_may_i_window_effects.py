"""The claim window's requests and answers are effects, public as soon as they are given
(MAYI-9.3, 9.6), and each take out of turn says what it was (MAYI-9.7-9.9).

Reference state S (MAYI-9.14): four players, A has just discarded 7H, C is asked first.
"""

from __future__ import annotations

import random

from rummykit import Event, game, parse_card, parse_cards
from rummykit.games.may_i.actions import Allow, Ask, Refuse
from rummykit.games.may_i.effects import Allowed, Asked, Bought, Refused, TookOnRefusal
from rummykit.kit import Done, Drew, Pass, Passed, Take, TookFromPile
from tests.rules.may_i_setup import A, B, C, D, state_s

SEVEN = parse_card("7H")
ANSWERS: dict[str, type[Asked | Passed | Allowed | Refused]] = {
    "ask": Asked,
    "pass": Passed,
    "allow": Allowed,
    "refuse": Refused,
}
"""Each answer in a window and its effect."""


def public(event: Event) -> Event:
    """``event``, after checking that every seat and a spectator see it whole."""
    for seat in (A, B, C, D, None):
        assert event.seen_by(seat) == event, seat
    return event


def test_mayi_9_3_each_request_or_pass_is_an_effect() -> None:
    match = state_s()
    assert public(match.apply(Pass())).effects == (Passed(C),)
    assert public(match.apply(Ask())).effects == (Asked(D, SEVEN),)


def test_mayi_9_3_next_player_first_a_pass_is_an_effect() -> None:
    match = state_s(claim_order="next_player_first")
    assert public(match.apply(Pass())).effects == (Passed(B),)  # B does not take 7H
    assert match.to_act == C


def test_mayi_9_6_each_consent_is_an_effect() -> None:
    match = state_s()
    match.apply_all([Pass(), Ask()])
    assert public(match.apply(Allow())).effects == (Allowed(B, D),)
    assert public(match.apply(Allow())).effects == (Allowed(C, D),)


def test_mayi_9_7a_9_8_a_consented_buy_is_bought() -> None:
    match = state_s()
    match.apply_all([Pass(), Ask(), Allow(), Allow()])
    event = match.apply(Take(1))
    assert event.effects == (
        TookFromPile(D, (SEVEN,)),
        Drew(D, parse_cards("2D"), penalty=True),
        Bought(D, "buy", 1, 1),
    )
    assert match.definition.take_of(event.effects[-1]) == "buy"


def test_mayi_9_7c_a_refusal_by_p2_is_a_forced_buy() -> None:
    match = state_s()
    match.apply_all([Pass(), Ask(), Allow()])
    assert public(match.apply(Refuse())).effects == (Refused(C, D),)
    bought = match.apply(Take(1)).effects[-1]
    assert bought == Bought(C, "forced", 1, 1)
    assert match.definition.take_of(bought) == "buy"


def test_mayi_9_9_a_refusal_take_says_so() -> None:
    match = state_s()
    match.apply_all([Pass(), Ask()])
    assert public(match.apply(Refuse())).effects == (Refused(B, D),)
    event = public(match.apply(Take(1)))
    assert event.effects == (TookFromPile(B, (SEVEN,)), TookOnRefusal(B, SEVEN, 1, 0))
    assert not any(isinstance(effect, Bought) for effect in event.effects)
    assert match.definition.take_of(event.effects[-1]) == "take"
    match.apply(Done())
    assert match.state.total_buys == 0  # MAYI-9.11: a refusal take is no buy


def test_mayi_9_9_a_refusal_take_of_several_cards_pays_for_the_extra_ones() -> None:
    match = state_s()
    match.apply_all([Pass(), Ask(), Refuse()])
    event = match.apply(Take(3))  # 7H 9C 4D, stopping before B's own KS
    assert event.effects[-1] == TookOnRefusal(B, SEVEN, 3, 2)
    assert (
        event.effects[-1].text == "B takes 7H on their refusal: 3 pile cards and 2 penalty cards"
    )


def test_mayi_9_9_normal_turn_option_the_refusal_then_the_take_as_a_draw() -> None:
    match = state_s(next_player_refusal="normal_turn")
    match.apply_all([Pass(), Ask()])
    event = match.apply(Refuse())
    assert event.effects == (Refused(B, D), TookFromPile(B, (SEVEN,)))


def test_a_whole_match_reports_every_answer_in_its_windows() -> None:
    """Random play: every window decision has exactly one answer effect for its seat,
    and the takes out of turn are each a buy or a refusal take."""
    match = game("may-i").new_match(players=4, seed=11)
    rng = random.Random(11)
    kinds = set()
    while not match.is_over:
        phase = match.phase.value
        event = match.apply(rng.choice(match.legal_actions()))
        verb = str(event.action).split()[0]
        if phase in ("request", "consent", "first_refusal") and verb in ANSWERS:
            (answer,) = [e for e in event.effects if isinstance(e, ANSWERS[verb])]
            assert answer.seat == event.seat
        for effect in event.effects:
            if isinstance(effect, Bought):
                kinds.add(effect.kind)
            elif isinstance(effect, TookOnRefusal):
                kinds.add("refusal")
            else:
                continue
            assert effect.seat == event.seat and event.phase.value in ("buy", "pick")
    assert kinds == {"buy", "forced", "refusal"}
