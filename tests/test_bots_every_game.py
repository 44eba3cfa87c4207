"""Bots for every game (issue 33, item 6): the heuristic plays any game on the
contract-rummy engine, a schedule or none, takes from the pile where it helps, and the
command line names the bot that really plays (a greedy fallback says so and why)."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummykit import game
from rummykit.agents import ContractAgent, GreedyAgent, heuristic_agent, make_agent
from rummykit.agents.factory import agent_label, heuristic_fallback
from rummykit.cli.commands import main
from rummykit.engine import Down
from rummykit.kit import Take, register, unregister
from rummykit.simulate import play, simulate
from tests.test_user_game import Basic

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def basic() -> Iterator[Any]:
    register(Basic)
    yield game(Basic.name)
    unregister(Basic.name)


def test_an_engine_game_without_contracts_gets_the_contract_heuristic(basic: Any) -> None:
    bot = heuristic_agent(basic)
    assert isinstance(bot, ContractAgent) and heuristic_fallback(basic) is None
    assert basic.card_values().value(game(Basic.name).new_match().hands[0][0]) >= 1
    assert agent_label("heuristic", basic) == "heuristic"


def test_the_heuristic_takes_from_the_pile_and_goes_down_without_a_contract(basic: Any) -> None:
    takes = downs = 0
    for seed in range(4):
        match = basic.new_match(players=3, seed=seed)
        play(match, [make_agent("heuristic", basic) for _ in range(3)], rng=random.Random(seed))
        takes += sum(isinstance(event.action, Take) for event in match.events)
        downs += sum(isinstance(event.action, Down) for event in match.events)
        assert match.is_over
    assert takes > 0 and downs > 0


def test_the_heuristic_beats_the_greedy_bot_without_a_contract(basic: Any) -> None:
    summary = simulate(basic, ["heuristic", "greedy", "greedy"], matches=60, seed=5)
    assert summary.wins[0] > max(summary.wins[1:])
    assert summary.deal_ends.get("went_out", 0) >= 0.9 * summary.deals


def test_a_greedy_fallback_is_never_silent(capsys: pytest.CaptureFixture[str]) -> None:
    gin_rummy = sys.modules.get("gin_rummy")
    if gin_rummy is None:
        spec = importlib.util.spec_from_file_location("gin_rummy", ROOT / "examples/gin_rummy.py")
        assert spec is not None and spec.loader is not None
        gin_rummy = importlib.util.module_from_spec(spec)
        sys.modules["gin_rummy"] = gin_rummy
        spec.loader.exec_module(gin_rummy)
    register(gin_rummy.Gin, replace=True)
    try:
        gin = game("gin")
        assert isinstance(heuristic_agent(gin), GreedyAgent)
        reason = heuristic_fallback(gin)
        assert reason is not None and "gin" in reason
        assert agent_label("heuristic", gin) == f"heuristic (greedy fallback: {reason})"
        assert main(["simulate", "gin", "-n", "1", "--players", "2"]) == 0
        assert "heuristic (greedy fallback: gin " in capsys.readouterr().out
        assert main(["simulate", "gin", "-n", "1", "--players", "2", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["heuristic_fallback"] == reason
    finally:
        unregister("gin")


def test_demo_plays_an_engine_game_without_a_schedule(
    basic: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--game", Basic.name, "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Basic rummy with 3 heuristic bots") and "Winner:" in out
