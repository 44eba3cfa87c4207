"""US house rules for May I? as options: jokers, wild deuces, the ace, a buy limit
(MAYI-2.2, 9.11, 10.4 and the house-rule options of MAYI-18)."""

from __future__ import annotations

import random

import pytest

from rummykit import AcePolicy, ConfigError, InvalidMeldError, Rank, game, parse_cards
from rummykit.agents import GreedyAgent, RandomAgent
from rummykit.games.may_i.effects import Bought
from rummykit.kit import DealEnded
from rummykit.records import dumps, loads
from rummykit.simulate import play

US = {
    "jokers": 2,
    "wild_ranks": ["2"],
    "ace": "high",
    "max_buys_per_deal": 3,
    "turn_after_buy": "resume_normal",
}


def test_house_rules_are_one_line_of_options() -> None:
    rules = game("may-i", **US).rules
    meld_rules = rules.meld_rules()
    assert rules.wild_ranks == (Rank.TWO,) and meld_rules.wild_ranks == {Rank.TWO}
    assert meld_rules.ace is AcePolicy.HIGH and rules.ace_policy() is AcePolicy.HIGH
    assert meld_rules.validate("9S 9H 2C").stand_ins() == {2: "9"}
    with pytest.raises(InvalidMeldError, match="at most 1 wild card"):
        meld_rules.validate("9S 9H 2C JK")
    with pytest.raises(InvalidMeldError):
        meld_rules.validate("KS AS 2S 3S")  # no wrap with the ace high


def test_the_ace_has_one_owner() -> None:
    assert game("may-i").rules.ace_policy() is AcePolicy.WRAP
    assert game("may-i", wraparound_runs=False).rules.ace_policy() is AcePolicy.LOW_OR_HIGH
    assert game("may-i", ace="low", wraparound_runs=False).rules.ace_policy() is AcePolicy.LOW
    with pytest.raises(ConfigError, match="contradict"):
        game("may-i", ace="high", wraparound_runs=True)
    with pytest.raises(ConfigError, match="ace must be one of"):
        game("may-i", ace="sideways")
    with pytest.raises(ConfigError, match="wild_ranks must be ranks"):
        game("may-i", wild_ranks=["two"])
    assert game("may-i", wild_ranks="2").rules.wild_ranks == (Rank.TWO,)


def test_a_reference_match_refuses_jokers_and_a_house_match_lays_them_down() -> None:
    assert not game("may-i").rules.meld_rules().accepts(parse_cards("JK 2H 3H 4H"))
    assert game("may-i", jokers=2).rules.meld_rules().accepts(parse_cards("JK 2H 3H 4H"))


@pytest.mark.parametrize("seed", range(4))
def test_a_us_house_match_plays_to_the_end_and_replays(seed: int) -> None:
    definition = game("may-i", **US)
    for agent in (GreedyAgent, RandomAgent):
        match = definition.new_match(players=4, seed=seed)
        play(match, [agent() for _ in range(4)], rng=random.Random(seed))
        assert match.is_over and len(match.deal_scores) == 5
        effects = [effect for event in match.events for effect in event.effects]
        ended = [effect for effect in effects if isinstance(effect, DealEnded)]
        assert len(ended) == 5
        buys = [e for e in effects if isinstance(e, Bought)]
        per_deal: dict[tuple[int, int], int] = {}
        for event in match.events:
            for effect in event.effects:
                if isinstance(effect, Bought):
                    key = (event.deal, effect.seat)
                    per_deal[key] = per_deal.get(key, 0) + 1
        assert all(count <= 3 for count in per_deal.values()) and len(buys) == sum(
            per_deal.values()
        )
        assert loads(dumps(match)).snapshot() == match.snapshot()
