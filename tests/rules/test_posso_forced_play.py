"""Posso?'s forced play as specified (issue 23): POSSO-14.4 ``strict`` has no exception
for the last card, which is then laid off, so every turn still ends (POSSO-14.2); and a
card is playable only on melds the player may lay off on right now (POSSO-14.3 a, with
POSSO-13.2's ``layoff_same_turn_as_contract``); each with its alternatives."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit import End, IllegalActionError, parse_cards
from rummykit.engine import ContractRummyMatch, LayOff
from rummykit.games.posso.effects import Flagged
from rummykit.kit import Discard, Done, GoingOut, WentOut
from tests.rules.posso_setup import B, C, D, posso

TEN_H = parse_cards("10H")[0]


def _last_card(**options: Any) -> ContractRummyMatch:
    """B has opened with the run 5H-8H; they hold 9H, draw 10H and lay 9H off, so their
    last card, 10H, fits their own run."""
    match = posso(
        hands={B: "9H"},
        table=(("5H 6H 7H 8H", B),),
        down=(B,),
        stock="10H",
        to_act=B,
        **options,
    )
    match.apply_all(["draw", "layoff 9H -> 0"])
    assert match.hands[B] == (TEN_H,)
    return match


def test_posso_14_4_strict_refuses_the_last_card_too() -> None:
    match = _last_card(forced_play_enforcement="strict")
    assert Discard(TEN_H) not in match.legal_actions()
    with pytest.raises(IllegalActionError, match="POSSO-14.4"):
        match.apply("discard 10H", seat=match.to_act)
    # POSSO-14.2: the turn still ends, by laying the card off (going out by melding).
    assert match.legal_actions() == (LayOff(TEN_H, 0, End.HIGH),)
    event = match.apply("layoff 10H -> 0")
    assert WentOut(B, GoingOut.MELDING) in event.effects


def test_posso_14_4_default_claim_accepts_the_last_card_and_goes_out() -> None:
    match = _last_card()
    event = match.apply("discard 10H")
    assert WentOut(B, GoingOut.DISCARDING) in event.effects  # POSSO-14.6: no correction
    assert not any(isinstance(effect, Flagged) for effect in event.effects)


def test_posso_14_4_strict_with_discarding_out_banned_ends_the_turn() -> None:
    match = _last_card(forced_play_enforcement="strict", discard_out_forbidden_deals=["all"])
    assert set(match.legal_actions()) == {LayOff(TEN_H, 0, End.HIGH), Done()}  # POSSO-15.3


def test_posso_14_4_strict_any_meld_last_card_closed_to_him_may_be_discarded() -> None:
    """B's last card fits only C's run, and B may not lay off there (D has not opened)."""
    match = posso(
        hands={B: "KC"},
        table=(("KS KH KD", B), ("5H 6H 7H 8H", C)),
        down=(B, C),
        stock="9H",
        to_act=B,
        forced_play_enforcement="strict",
        playable_scope="any_meld",
    )
    match.apply_all(["draw", "layoff KC -> 0"])
    assert match.hands[B] == parse_cards("9H")
    event = match.apply("discard 9H")
    assert WentOut(B, GoingOut.DISCARDING) in event.effects


def _opening_step(**options: Any) -> ContractRummyMatch:
    """B opens with 5H-8H and KS KH KD in this meld step, keeping 9H and 2C."""
    match = posso(
        hands={B: "5H 6H 7H 8H KS KH KD 9H 2C"},
        stock="3D",
        to_act=B,
        forced_play_enforcement="strict",
        **options,
    )
    match.apply_all(["draw", "down 5H 6H 7H 8H / KS KH KD"])
    assert match.view(D).down[B]
    return match


def test_posso_14_3_a_layoff_same_turn_false_nothing_is_playable_in_the_opening_step() -> None:
    match = _opening_step(layoff_same_turn_as_contract=False)
    assert not any(isinstance(action, LayOff) for action in match.legal_actions())
    match.apply("discard 9H")  # not playable: they may not lay off before their next turn


def test_posso_14_3_a_default_layoff_same_turn_makes_it_playable() -> None:
    match = _opening_step()
    with pytest.raises(IllegalActionError, match="POSSO-14.4"):
        match.apply("discard 9H", seat=match.to_act)
    assert match.can_apply("layoff 9H -> 0")
