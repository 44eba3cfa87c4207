"""examples/gin_rummy.py: a user's game on the public API plays, scores, replays and simulates.

The example is loaded by path (``examples/`` is not a package). It registers "gin" when
loaded; the fixture forgets it afterwards, so the registry's doctests still list only
the shipped games.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rummykit import Card, ConfigError, DeckSpec, IllegalActionError, game, parse_card, parse_cards
from rummykit.agents import ContractAgent, GreedyAgent, RandomAgent, check_agent, heuristic_agent
from rummykit.kit import (
    MATCH_OVER,
    DealEnd,
    DealEnded,
    DealScore,
    Discard,
    Draw,
    GoingOut,
    Outcome,
    Take,
    WentOut,
    names,
    register,
    unregister,
)
from rummykit.records import dumps, from_record, loads, to_record
from rummykit.simulate import play, simulate

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "gin_rummy.py"


@pytest.fixture(scope="module")
def gin() -> Iterator[ModuleType]:
    """The example module, with "gin" registered while this module's tests run."""
    module = sys.modules.get("gin_rummy")
    if module is None:
        spec = importlib.util.spec_from_file_location("gin_rummy", EXAMPLE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["gin_rummy"] = module
        spec.loader.exec_module(module)
    register(module.Gin, replace=True)
    yield module
    unregister("gin")


def stacked(first: str, second: str, upcard: str, stock: str) -> list[Card]:
    """A whole deck that deals ``first`` to seat 0 and ``second`` to seat 1 when seat 1
    deals, turns ``upcard`` and puts ``stock`` on top of the stock (the rest below)."""
    a, b = parse_cards(first), parse_cards(second)
    top = [card for pair in zip(a, b, strict=True) for card in pair]
    top += [parse_card(upcard), *parse_cards(stock)]
    assert len(set(top)) == len(top)
    return top + [card for card in DeckSpec().shoe() if card not in top]


def new(gin: ModuleType, first: str, second: str, upcard: str, stock: str, **rules: Any) -> Any:
    """Deal 1 stacked, seat 1 dealing, so seat 0 (A) plays first."""
    deck = stacked(first, second, upcard, stock)
    return game("gin", **rules).new_match(deck_order=deck, first_dealer=1)


MELDED = "AS 2S 3S 4H 5H 6H 9C 9D 9S"  # nine cards in three melds: no deadwood


def showdown(gin: ModuleType, match: Any) -> Any:
    """The Knocked effect of the last event."""
    (knocked,) = [e for e in match.events[-1].effects if isinstance(e, gin.Knocked)]
    return knocked


def ended(match: Any) -> DealEnded:
    """The DealEnded effect of the last event."""
    (effect,) = [e for e in match.events[-1].effects if isinstance(e, DealEnded)]
    return effect


def test_registered_with_validated_options(gin: ModuleType) -> None:
    assert "gin" in names()
    definition = game("gin", knock_limit=5, target=50)
    assert isinstance(definition, gin.Gin)
    assert (definition.rules.knock_limit, definition.rules.target) == (5, 50)
    assert game("gin").new_match(seed=1).players == 2
    with pytest.raises(ConfigError, match="did you mean 'knock_limit'"):
        game("gin", knock_limt=5)
    with pytest.raises(ConfigError, match="knock_limit must be a whole number from 0 to 10"):
        game("gin", knock_limit=11)
    with pytest.raises(ConfigError, match="GIN-1: players must be from 2 to 2"):
        game("gin").new_match(players=3)


def test_knock_notation(gin: ModuleType) -> None:
    grammar = gin.Gin().grammar
    knock = grammar.parse("knock kd")
    assert knock == gin.Knock(parse_card("KD")) and str(knock) == "knock KD"
    assert knock != Discard(parse_card("KD"))  # a knock is a discard, but not a plain one
    assert grammar.parse("discard KD") == Discard(parse_card("KD"))
    with pytest.raises(ValueError, match="knock discarding which card"):
        grammar.parse("knock")


def test_knock_lays_off_and_scores_the_difference(gin: ModuleType) -> None:
    match = new(gin, MELDED + " KD", "4S 7H 8H KC KH KS QD JD 5C 3D", "10C", "2C")
    assert (match.to_act, match.phase) == (0, gin.DRAW)
    assert match.legal_actions() == (Draw(), Take())
    match.apply("draw")
    knocks = {action.card for action in match.legal_actions() if isinstance(action, gin.Knock)}
    assert knocks == set(parse_cards("KD 2C"))  # deadwood 2 or 10 after the discard
    match.apply("knock KD")
    knocked = showdown(gin, match)
    assert knocked.kind == "knock" and knocked.deadwood == 2
    assert Counter(knocked.laid_off) == Counter(parse_cards("4S 7H 8H"))  # 8H after 7H
    assert knocked.defender_deadwood == 10 + 10 + 5 + 3  # QD JD 5C 3D
    assert match.deal_scores[0] == (DealScore(26, 0), DealScore(0, 0))
    assert match.scores == (26, 0)
    assert (match.deal_number, match.dealer, match.to_act) == (2, 0, 1)  # the deal alternates
    assert (ended(match).reason, ended(match).went_out) == (DealEnd.WENT_OUT, 0)


def test_gin_scores_bonus_without_lay_offs(gin: ModuleType) -> None:
    match = new(gin, MELDED + " QC", "8H KC KH KS QD JD 5C 3D 4S 2D", "10C", "7H")
    match.apply_all(["draw", "knock QC"])
    knocked = showdown(gin, match)
    assert (knocked.kind, knocked.deadwood, knocked.laid_off) == ("gin", 0, ())
    assert knocked.defender_deadwood == 8 + 10 + 10 + 5 + 3 + 4 + 2  # 8H and 4S stay
    assert match.scores == (42 + 25, 0)


def test_undercut_gives_the_defender_the_difference_and_bonus(gin: ModuleType) -> None:
    match = new(gin, MELDED + " 8D", "7C 7D 7S JH QH KH 2D 3D 4D 5C", "10C", "KC")
    match.apply_all(["draw", "knock KC"])
    knocked = showdown(gin, match)
    assert (knocked.kind, knocked.deadwood, knocked.defender_deadwood) == ("undercut", 8, 5)
    assert match.deal_scores[0] == (DealScore(0, 0), DealScore(8 - 5 + 25, 0))


def test_big_gin_goes_out_on_the_take(gin: ModuleType) -> None:
    match = new(gin, MELDED + " 7H", "KC KH KS QD JD 5C 3D 4S 2D 10C", "8H", "")
    event = match.apply("take")  # 4H-8H: all eleven cards meld
    knocked = showdown(gin, match)
    assert (knocked.kind, knocked.defender_deadwood) == ("big gin", 44)
    assert WentOut(0, GoingOut.MELDING) in event.effects
    assert match.scores == (44 + 31, 0)


def test_the_match_ends_at_the_target(gin: ModuleType) -> None:
    match = new(gin, MELDED + " KD", "4S 7H 8H KC KH KS QD JD 5C 3D", "10C", "2C", target=20)
    match.apply_all(["draw", "knock KD"])
    assert match.is_over and match.phase is MATCH_OVER and match.legal_actions() == ()
    assert match.outcome == Outcome((0,), ((0, 26), (1, 0)), (1,))


def test_dead_stock_and_turn_cap_end_a_deal_unscored(gin: ModuleType) -> None:
    hands = ("2S 4S 6S 8S 10S 2H 4H 6H 8H 10H", "2C 4C 6C 8C 10C 2D 4D 6D 8D 10D")
    match = new(gin, *hands, "QS", "")
    while match.deal_number == 1:  # draw and throw the drawn card: the stock runs down
        (card,) = match.apply("draw").received
        match.apply(Discard(card))
    assert match.deal_scores == ((DealScore(0, 0), DealScore(0, 0)),)
    assert ended(match).reason is DealEnd.DEAD_STOCK and ended(match).went_out is None
    assert len(match.events) == 2 * (31 - 2)  # 31 stock cards after the upcard, 2 left
    capped = new(gin, *hands, "QS", "", max_turns_per_deal=3)
    for _ in range(3):  # take the top discard, throw another card: the stock never shrinks
        capped.apply("take")
        capped.apply(next(a for a in capped.legal_actions() if type(a) is Discard))
    assert ended(capped).reason is DealEnd.TURN_CAP and capped.deal_number == 2
    assert capped.deal_scores == ((DealScore(0, 0), DealScore(0, 0)),)


def test_an_illegal_action_changes_nothing(gin: ModuleType) -> None:
    match = new(gin, MELDED + " KD", "4S 7H 8H KC KH KS QD JD 5C 3D", "10C", "2C")
    match.apply("draw")
    before = match.snapshot()
    cases = {"knock 9C": "GIN-4", "discard 7C": "GIN-3", "draw": "GIN-3"}
    for text, rule in cases.items():
        with pytest.raises(IllegalActionError) as caught:
            match.apply(text, seat=match.to_act)
        assert caught.value.rule == rule
        assert match.snapshot() == before
    with pytest.raises(IllegalActionError, match="deadwood 30 is over the knock limit 10"):
        match.apply("knock 9C", seat=match.to_act)
    with pytest.raises(IllegalActionError) as unknown:  # a hidden code: the hand's business
        match.apply("knock 9C")
    assert (unknown.value.code, unknown.value.params) == (
        "hand.not_playable",
        {"action": "knock 9C"},
    )
    taken = new(gin, MELDED + " KD", "4S 7H 8H KC KH KS QD JD 5C 3D", "10C", "2C")
    taken.apply("take")
    with pytest.raises(IllegalActionError, match="10C was just taken from the pile"):
        taken.apply("discard 10C")


def test_records_replay_to_the_same_match(gin: ModuleType) -> None:
    match = play(
        game("gin").new_match(seed=11), [GreedyAgent(), RandomAgent()], rng=random.Random(1)
    )
    assert match.is_over
    record = to_record(match)
    assert record["game"] == "gin" and record["actions"][0] in ("draw", "take")
    assert from_record(record).snapshot() == match.snapshot()
    assert loads(dumps(match)) == match
    stacked_match = new(gin, MELDED + " KD", "4S 7H 8H KC KH KS QD JD 5C 3D", "10C", "2C")
    stacked_match.apply_all(["draw", "knock KD", "draw"])
    assert from_record(to_record(stacked_match)).snapshot() == stacked_match.snapshot()
    options = game("gin", knock_limit=0, target=60).new_match(seed=2)
    assert to_record(options)["rules"] == {"knock_limit": 0, "target": 60}
    assert from_record(to_record(options)).rules == options.rules


def test_random_bots_finish_fifty_matches(gin: ModuleType) -> None:
    shoe = Counter(DeckSpec().shoe())
    for seed in range(50):
        match = game("gin", max_deals=3).new_match(seed=seed)
        agents, rng = [RandomAgent(), RandomAgent()], random.Random(seed)
        while not match.is_over:
            seat = match.to_act
            assert seat is not None and match.legal_actions()  # always a decision to make
            match.apply(agents[seat].choose(match.view(seat), rng))
            zones = [*match.hands, match.stock.cards, match.pile.cards]
            assert Counter(card for zone in zones for card in zone) == shoe  # conserved
        assert len(match.deal_scores) == 3 or max(match.scores) >= 100
        assert match.outcome is not None and match.outcome.winners


def test_greedy_bots_knock_and_reach_the_target(gin: ModuleType) -> None:
    agents = [GreedyAgent(gin.VALUES), GreedyAgent(gin.VALUES)]
    for seed in range(3):
        match = play(game("gin").new_match(seed=seed), agents, rng=random.Random(seed))
        assert max(match.scores) >= 100  # greedy bots knock: the target, not the deal cap
        kinds = {type(e).__name__ for event in match.events for e in event.effects}
        assert "Knocked" in kinds


def test_simulate_is_deterministic(gin: ModuleType) -> None:
    first = simulate("gin", matches=4, seed=5, players=2, bots="greedy")
    assert first == simulate("gin", matches=4, seed=5, players=2, bots="greedy")
    assert first.matches == 4 and sum(first.wins) == 4 and first.went_out >= 4
    other = simulate("gin", matches=4, seed=6, players=2, bots="greedy")
    assert other != first


def test_the_contract_heuristic_refuses_a_game_without_contracts(gin: ModuleType) -> None:
    gin_game = game("gin")
    rules = gin_game.meld_rules()
    assert rules is not None
    contract = ContractAgent(rules, values=gin.VALUES)
    with pytest.raises(
        ConfigError, match="ContractAgent plays contract games; gin has no contract schedule"
    ):
        check_agent(contract, gin_game)
    with pytest.raises(ConfigError, match="ContractAgent plays contract games; gin has no"):
        ContractAgent.for_game(gin_game)
    assert isinstance(heuristic_agent(gin_game), GreedyAgent)  # what it gives instead
    check_agent(heuristic_agent(gin_game), gin_game)
