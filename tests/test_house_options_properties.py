"""Issue 33: random legal play terminates and conserves the cards under random
combinations of the family's engine options (per-deal options, openings by points,
per-player contracts, ends by score, the pile take, melded cards scored), in a game
whose rules are the engine's options and in May I?."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import ContractSchedule, Match, game
from rummykit.contracts import DealSpec
from rummykit.engine import TableOptions
from rummykit.kit import register, unregister
from tests.strategies import examples
from tests.test_house_options import Plain

_SCHEDULE = ContractSchedule.of("1G", "1R", "2G", hand_size=7, name="three")


@pytest.fixture(autouse=True, scope="module")
def plain() -> Iterator[None]:
    register(Plain)
    yield
    unregister(Plain.name)


def _conserved(match: Any) -> None:
    zones: Counter[Any] = Counter()
    for hand in match.hands:
        zones.update(hand)
    zones.update(match.stock.cards)
    zones.update(match.pile.cards)
    for meld in match.table:
        zones.update(meld.cards)
    assert zones == Counter(match.spec.shoe())


options = st.fixed_dictionaries(
    {
        "pile_take": st.sampled_from(["off", "penalty", "meld_deepest"]),
        "opening_points": st.sampled_from([0, 20, 51]),
        "score_melded": st.booleans(),
        "ends": st.sampled_from(["count", "score_limit", "target_score", "per_player"]),
        "deal_options": st.booleans(),
        "schedule": st.booleans(),
        "max_deals": st.integers(1, 4),
    }
)


def _table(drawn: dict[str, Any]) -> dict[str, Any]:
    table: dict[str, Any] = {
        "player_count_range": (2, 4),
        "decks": 2,
        "jokers": 2,
        "hand_size": 7,
        "deal_count": 3,
        "max_turns_per_deal": 40,
        "pile_take": drawn["pile_take"],
        "opening_points": drawn["opening_points"],
        "score_melded": drawn["score_melded"],
        "max_deals": drawn["max_deals"],
    }
    ends = drawn["ends"]
    if ends == "score_limit":
        table["score_limit"] = 60
    elif ends == "target_score":
        table["target_score"] = 40
    if drawn["schedule"] or ends == "per_player":
        schedule = _SCHEDULE
        if drawn["deal_options"]:
            deals = list(schedule.deals)
            deals[1] = DealSpec(
                contract=deals[1].contract,
                hand_size=7,
                options={"meld_rules": {"jokers_allowed": False}, "pile_take": "off"},
            )
            schedule = ContractSchedule(deals=tuple(deals), name="three")
        table["schedule"] = schedule
        table["per_player_contracts"] = ends == "per_player"
    return table


@settings(max_examples=examples(40))
@given(drawn=options, seed=st.integers(0, 10_000), players=st.integers(2, 3))
def test_random_play_ends_and_conserves_cards_under_the_family_options(
    drawn: dict[str, Any], seed: int, players: int
) -> None:
    definition = game("test-plain", **_table(drawn))
    assert isinstance(definition.rules, TableOptions)
    match = definition.new_match(players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not match.is_over:
        legal = match.legal_actions()
        assert legal
        match.apply(rng.choice(legal))
        _conserved(match)
        steps += 1
        assert steps < 20_000
    assert len(match.deal_scores) <= max(drawn["max_deals"], 3)
    assert match.outcome is not None
    assert Match.from_dict(match.to_dict()) == match


@settings(max_examples=examples(15))
@given(
    seed=st.integers(0, 10_000),
    pile_take=st.sampled_from(["off", "penalty", "meld_deepest"]),
    carry=st.booleans(),
    points=st.sampled_from([0, 30]),
)
def test_may_i_plays_to_the_end_under_the_options_it_lets_players_set(
    seed: int, pile_take: str, carry: bool, points: int
) -> None:
    definition = game(
        "may-i",
        contract_schedule=_SCHEDULE,
        pile_take=pile_take,
        buys_carry_over=carry,
        max_buys_per_deal=1,
        opening_points=points,
        max_turns_per_deal=40,
    )
    match = definition.new_match(players=3, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
        _conserved(match)
    assert len(match.deal_scores) == len(_SCHEDULE)
