"""A deal's edges as effects: each hand dealt reaches its owner only, and at the end the
hands left are shown where the rules count them (MAYI-15.2, 15.4; POSSO-17.2; PSSN-8.1)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummykit import Event, Match, game
from rummykit.kit import DEAL_OVER, DealEnded, DealStarted, Dealt, HandsShown

AnyMatch = Match[Any, Any]


def to_deal_end(match: AnyMatch, rng: random.Random) -> Event:
    """Random play up to the end of the deal (dealt by hand: the hands stay put)."""
    while True:
        event = match.apply(rng.choice(match.legal_actions()))
        if match.phase is DEAL_OVER or match.is_over:
            return event


@pytest.mark.parametrize(("name", "players"), [("may-i", 4), ("posso", 3), ("possession", 3)])
def test_each_dealt_hand_reaches_its_owner_only(name: str, players: int) -> None:
    match = game(name).new_match(players=players, seed=3, auto_deal=False)
    to_deal_end(match, random.Random(3))
    event = match.apply("next")
    started, *dealt = event.effects[: players + 1]
    assert isinstance(started, DealStarted) and started.deal == 2
    assert dealt == [Dealt(seat, tuple(sorted(match.hands[seat]))) for seat in range(players)]
    for seat in range(players):
        seen = [effect for effect in event.seen_by(seat).effects if isinstance(effect, Dealt)]
        for effect in seen:
            mine = effect.seat == seat
            assert effect.cards == (tuple(sorted(match.hands[seat])) if mine else ())
            assert effect.count == len(match.hands[effect.seat])
    spectator = [effect for effect in event.seen_by(None).effects if isinstance(effect, Dealt)]
    assert all(effect.cards == () and effect.count for effect in spectator)


@pytest.mark.parametrize(("name", "seed"), [("may-i", 1), ("may-i", 2), ("posso", 1), ("posso", 4)])
def test_mayi_15_2_posso_17_2_the_hands_counted_are_shown_before_the_deal_ends(
    name: str, seed: int
) -> None:
    match = game(name).new_match(players=3, seed=seed, auto_deal=False)
    event = to_deal_end(match, random.Random(seed))
    kinds = [type(effect) for effect in event.effects]
    shown, ended = event.effects[kinds.index(HandsShown) :]
    assert isinstance(shown, HandsShown) and isinstance(ended, DealEnded)
    assert shown.hands == tuple(tuple(sorted(hand)) for hand in match.hands)
    values = match.definition.card_values()
    assert ended.penalties == tuple(values.hand_value(hand) for hand in shown.hands)
    if ended.went_out is not None:
        assert shown.hands[ended.went_out] == ()
    assert all(event.seen_by(seat) == event.seen_by(None) for seat in range(3))


def test_mayi_15_4_a_dead_deal_scored_void_shows_no_hand() -> None:
    definition = game("may-i", dead_deal_scoring="void", max_turns_per_deal=3)
    match = definition.new_match(players=3, seed=1, auto_deal=False)
    event = to_deal_end(match, random.Random(1))
    (ended,) = [effect for effect in event.effects if isinstance(effect, DealEnded)]
    assert ended.dead and ended.penalties == (0, 0, 0)
    assert not any(isinstance(effect, HandsShown) for effect in event.effects)


def test_mayi_15_4_a_dead_deal_scored_with_penalties_shows_the_hands() -> None:
    definition = game("may-i", max_turns_per_deal=3)
    match = definition.new_match(players=3, seed=1, auto_deal=False)
    event = to_deal_end(match, random.Random(1))
    shown = [effect for effect in event.effects if isinstance(effect, HandsShown)]
    assert shown == [HandsShown(tuple(tuple(sorted(hand)) for hand in match.hands))]


def test_pssn_8_1_only_the_number_of_cards_counts_and_no_hand_is_shown() -> None:
    match = game("possession").new_match(players=3, seed=2, auto_deal=False)
    rng = random.Random(2)
    for _ in range(3):
        event = to_deal_end(match, rng)
        assert not any(isinstance(effect, HandsShown) for effect in event.effects)
        (ended,) = [effect for effect in event.effects if isinstance(effect, DealEnded)]
        sizes = [
            0 if seat == ended.went_out else len(hand) for seat, hand in enumerate(match.hands)
        ]
        assert ended.penalties == tuple(sizes)
        if match.is_over:
            break
        match.apply("next")
