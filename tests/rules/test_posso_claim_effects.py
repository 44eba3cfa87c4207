"""Posso?'s claim answers are effects, public as soon as they are given (POSSO-9.3): a
claim declared, a pass in the claim window, in the correction step and in the second
claim step (POSSO-14.5)."""

from __future__ import annotations

from rummykit import Event, parse_card, parse_cards
from rummykit.engine import MELD, ContractRummyMatch
from rummykit.games.posso.claims import CLAIM, CORRECTION, SECOND_CLAIM
from rummykit.games.posso.effects import ClaimDeclared, Claimed, Corrected
from rummykit.kit import Passed, TookFromPile
from tests.rules.posso_setup import A, B, C, D, claim_window, posso

SEVEN = parse_card("7H")


def public(event: Event) -> Event:
    """``event``, after checking that every seat and a spectator see it whole."""
    for seat in (A, B, C, D, None):
        assert event.seen_by(seat) == event, seat
    return event


def test_posso_9_3_a_declared_claim_is_an_effect_naming_its_melds() -> None:
    match = claim_window()
    event = public(match.apply("claim 7H 7S 7C"))
    assert event.effects == (ClaimDeclared(C, SEVEN, (parse_cards("7H 7S 7C"),)),)
    assert event.effects[0].text == 'C says "Posso?" for 7H: 7H 7S 7C'


def test_posso_9_3_a_pass_in_the_window_is_an_effect() -> None:
    match = claim_window()
    assert public(match.apply("pass")).effects == (Passed(C),)
    assert public(match.apply("pass")).effects == (Passed(D),)
    assert (match.phase, match.to_act) == (MELD, B)  # the window closed: B goes on


def test_posso_9_4_the_first_claimant_wins_and_the_other_claim_lapses() -> None:
    match = claim_window()
    match.apply("claim 7H 7S 7C")
    event = public(match.apply("claim 7H 7D 7C"))  # D's answer closes the window
    declared, took, claimed = event.effects
    assert declared == ClaimDeclared(D, SEVEN, (parse_cards("7H 7D 7C"),))
    assert took == TookFromPile(C, (SEVEN,))
    assert isinstance(claimed, Claimed) and (claimed.seat, claimed.card) == (C, SEVEN)


def test_posso_9_5_alternative_a_bare_claim_names_no_meld() -> None:
    match = claim_window(claim_requires_new_meld=False)
    event = match.apply("claim")
    assert event.effects[0] == ClaimDeclared(C, SEVEN, ())
    assert event.effects[0].text == 'C says "Posso?" for 7H: into the hand'


RUN_TABLE = (("2S 3S 4S 5S", A), ("9C 10C JC QC", B), ("8D 9D 10D JD", C), ("5H 6H 7H 8H", D))
"""Everyone has opened; A's 9H fits D's run (meld 3)."""


def flagged() -> ContractRummyMatch:
    """POSSO-W24: A discards the playable 9H over D's 4C; B is asked to correct it."""
    match = posso(
        hands={A: "9H 2D 3C", B: "4S 4D 9S", C: "AC 3D 6S", D: "10S 6C 2H"},
        table=RUN_TABLE,
        down=(A, B, C, D),
        pile=(("KD", None), ("4C", D)),
        stock="JS AH",
    )
    match.apply("draw")
    while match.phase is CLAIM:
        match.apply("pass")
    match.apply("discard 9H")
    assert (match.phase, match.to_act) == (CORRECTION, B)
    return match


def test_posso_14_5_a_pass_in_the_correction_step_is_an_effect() -> None:
    match = flagged()
    assert public(match.apply("pass")).effects == (Passed(B),)


def test_posso_14_5_a_pass_in_the_second_claim_step_is_an_effect() -> None:
    match = flagged()
    corrected = public(match.apply("correct 3"))
    assert isinstance(corrected.effects[0], Corrected)
    assert match.phase is SECOND_CLAIM
    assert public(match.apply("pass")).effects == (Passed(B),)


def test_posso_14_5_a_second_claim_is_laid_at_once() -> None:
    """Step 2's claim is settled as it is made: taken and laid, no separate declaration."""
    match = flagged()
    match.apply("correct 3")
    event = public(match.apply("claim 4C 4S 4D"))
    four = parse_card("4C")
    took, claimed = event.effects
    assert took == TookFromPile(B, (four,))
    assert isinstance(claimed, Claimed) and (claimed.seat, claimed.card) == (B, four)
