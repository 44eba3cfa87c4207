"""Properties of Possession under random legal play and random options (PSSN-6.4, 6.5
guarantee that every deal ends; a legal move always exists: a play, a draw or a pass)."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import IllegalActionError, parse_card, parse_cards
from rummykit.games import Possession, PossessionMatch, PossessionRules
from rummykit.games.possession.actions import Play
from rummykit.kit import Action, Done, Draw, NextDeal, Pass
from rummykit.records import dumps, loads
from tests.strategies import examples

OPTIONS: dict[str, list[Any]] = {
    "first_player_distance": ["linear", "circular"],
    "first_player_count": ["distance", "rank"],
    "first_player_colour": ["count", "any"],
    "first_player_fallback": ["dealer_left_order", "random"],
    "sequence_direction": ["both", "up_only"],
    "sequence_must_touch_top": [True, False],
    "min_sequence_move": [2, 3],
    "voluntary_draw": [False, True],
    "play_after_draw": [False, True],
    "suit_change": ["same_rank", "none"],
    "recycle_shuffle": [False, True],
    "recycle_timing": ["on_demand", "immediate"],
    "max_recycles": [100, 5, 0],
    "max_turns_per_deal": [10_000, 300],
    "deal_packet_size": [3, 1],
    "loser_rule": ["all_at_threshold", "highest_only"],
    "winner_rule": ["lowest_total", "all_non_losers"],
}

PROBES: list[Action] = [
    Draw(),
    Pass(),
    Done(),
    NextDeal(),
    Play(parse_cards("AS")),
    Play(parse_cards("2H 3H")),
    Play((parse_card("KC"),)),
]


def conserved(match: PossessionMatch) -> bool:
    zones: Counter[Any] = Counter()
    for hand in match.hands:
        zones.update(hand)
    zones.update(match.stock.cards)
    zones.update(match.pile.cards)
    return zones == Counter(match.spec.shoe())


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), options=st.randoms())
def test_random_play(seed: int, players: int, options: random.Random) -> None:
    rules = PossessionRules(**{name: options.choice(v) for name, v in OPTIONS.items()})
    match = Possession(rules).new_match(players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not match.is_over:
        legal = match.legal_actions()
        assert legal  # a play, a draw or a pass always exists
        if step % 11 == 0:
            before = match.snapshot()
            refused = [probe for probe in PROBES if not match.can_apply(probe)]
            for probe in refused:
                with pytest.raises(IllegalActionError):
                    match.apply(probe)
            assert match.snapshot() == before, refused  # one comparison after them all
            seat = match.to_act
            for other in range(players):
                view = match.view(other)
                assert Counter(view.hand) == Counter(match.hands[other])
                assert view.hand_sizes == tuple(len(hand) for hand in match.hands)
                assert (view.legal != ()) == (other == seat)
        match.apply(rng.choice(legal))
        assert conserved(match)
        step += 1
        assert step < 3_000_000
    outcome = match.outcome
    assert outcome is not None and max(match.scores) >= rules.loss_threshold
    assert loads(dumps(match)).snapshot() == match.snapshot()


def test_same_seed_same_match() -> None:
    first = Possession().new_match(players=3, seed=12)
    rng = random.Random(3)
    for _ in range(400):
        if first.is_over:
            break
        first.apply(rng.choice(first.legal_actions()))
    second = Possession().new_match(players=3, seed=12)
    for event in first.events:
        second.apply(event.action)
    assert second.snapshot() == first.snapshot()
    twin = first.clone()
    if not twin.is_over:
        twin.apply(twin.legal_actions()[0])
        assert twin.snapshot() != first.snapshot()


@pytest.mark.soak
def test_soak_possession() -> None:
    count = int(os.environ.get("RUMMYKIT_SOAK_MATCHES", "2000"))
    rng = random.Random(7)
    for _ in range(count):
        rules = PossessionRules(**{name: rng.choice(v) for name, v in OPTIONS.items()})
        match = Possession(rules).new_match(players=rng.randint(2, 4), seed=rng.randrange(2**32))
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
        assert conserved(match)
