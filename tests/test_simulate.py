"""The simulator: reproducible for a seed, whatever the executor and its workers."""

from __future__ import annotations

import random
import re
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from rummykit import ConfigError, ContractSchedule, IllegalActionError, game
from rummykit.agents import GreedyAgent, RandomAgent, decide, make_agent
from rummykit.games.may_i.effects import Bought, TookOnRefusal
from rummykit.games.posso.effects import Claimed
from rummykit.simulate import MAX_MATCHES, play, play_one, simulate, wilson_interval

SEATS = ["heuristic", "greedy", "random"]
SHORT = game("may-i", contract_schedule=ContractSchedule.of("2G", "1G+1R"))
"""Two deals: quick matches for the executor tests."""


def test_same_seed_same_summary_on_any_executor() -> None:
    plain = simulate(SHORT, SEATS, matches=4, seed=8)
    with ThreadPoolExecutor(max_workers=2) as executor:
        threaded = simulate(SHORT, SEATS, matches=4, seed=8, executor=executor)
    with ProcessPoolExecutor(max_workers=2) as executor:
        pooled = simulate(SHORT, SEATS, matches=4, seed=8, executor=executor, chunk_size=1)
    assert plain == threaded == pooled
    assert plain.matches == 4 and abs(sum(plain.wins) - 4) < 1e-9
    assert plain.agents == ("heuristic", "greedy", "random")
    assert sum(plain.deal_ends.values()) == plain.deals == 8
    assert plain.deals_by_number == {1: 4, 2: 4}


def test_the_same_summary_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed", reason="the distributed extra is missing")
    plain = simulate(SHORT, SEATS, matches=3, seed=2)
    with distributed.Client(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as client:
        on_dask = simulate(
            SHORT,
            SEATS,
            matches=3,
            seed=2,
            executor=client.get_executor(),
            chunk_size=1,
        )
    assert on_dask == plain


def test_the_summary_counts() -> None:
    summary = simulate(SHORT, ["heuristic"] * 4, matches=2, seed=1)
    assert summary.buys > 0 and summary.claims >= summary.buys
    assert summary.win_share == tuple(round(w / 2, 4) for w in summary.wins)
    low, high = summary.win_interval[0]
    assert 0 <= low <= summary.win_share[0] <= high <= 1
    data = summary.as_dict()
    assert list(data["agents"]) == ["heuristic"] * 4 and "deal_ends" in data and "buys" in data
    assert summary.dead_share(1) == 0.0 or summary.dead_by_deal


def test_progress_and_agent_values() -> None:
    seen: list[tuple[int, int]] = []
    summary = simulate(
        "possession",
        [RandomAgent(), "heuristic"],
        matches=3,
        seed=3,
        chunk_size=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(2, 3), (3, 3)]
    assert summary.agents == ("RandomAgent", "heuristic")


def test_the_older_shorthand() -> None:
    summary = simulate(
        "may-i",
        matches=1,
        seed=1,
        players=3,
        bots="greedy",
        options={"turn_after_buy": "resume_normal", "max_buys_per_deal": 0},
    )
    assert summary.buys == 0 and summary.agents == ("greedy",) * 3


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(100, 100)
    assert high == 1.0 and low > 0.96


def test_bad_requests() -> None:
    with pytest.raises(ConfigError, match="bots"):
        simulate("may-i", matches=1, seed=1, bots="clever")
    with pytest.raises(ConfigError, match="no game"):
        simulate("possession?", matches=1, seed=1)
    with pytest.raises(ConfigError, match="not both"):
        simulate("may-i", ["random"] * 3, matches=1, seed=1, bots="random")
    with pytest.raises(ConfigError, match="matches"):
        simulate("may-i", ["random"] * 3, matches=-1, seed=1)
    with pytest.raises(ConfigError, match="options"):
        simulate(game("may-i"), ["random"] * 3, matches=1, seed=1, options={"jokers": 2})


def test_simulate_refuses_bad_arguments_with_a_clear_error() -> None:
    """Every argument is checked before a match is played (ConfigError names it)."""
    cases: list[tuple[dict[str, Any], str]] = [
        ({"game": None}, "game is a registered name or a definition, got None"),
        ({"agents": "random"}, "agents are a list, one per seat"),
        ({"agents": ["random", 3, "random"]}, "seat 1's agent must be an agent's name or an agent"),
        ({"agents": ["random", RandomAgent, "random"]}, "give an agent value, e.g. RandomAgent()"),
        ({"agents": None, "players": "3"}, "players must be a whole number, got '3'"),
        ({"agents": None, "players": -1}, "got -1"),
        ({"options": [("a", 1)]}, "options are a dict"),
        ({"chunk_size": -2}, "chunk_size must be a whole number >= 1"),
        ({"chunk_size": 1.5}, "chunk_size must be a whole number >= 1"),
        ({"executor": "pool"}, "executor must be a concurrent.futures.Executor"),
        ({"executor": ThreadPoolExecutor}, "executor must be a concurrent.futures.Executor"),
        ({"progress": 3}, "progress must be a callable"),
        ({"matches": 10**12}, "matches must be a whole number from 0 to 1,000,000, got 10000"),
        ({"matches": MAX_MATCHES + 1}, "from 0 to 1,000,000, got 1000001"),
        ({"matches": -1}, "matches must be a whole number from 0 to 1,000,000, got -1"),
    ]
    for change, message in cases:
        arguments: dict[str, Any] = {
            "game": "may-i",
            "agents": ["random"] * 3,
            "matches": 2,
            "seed": 1,
            **change,
        }
        with pytest.raises(ConfigError, match=re.escape(message)):
            simulate(**arguments)


def test_play_and_decide_refuse_names_generators_and_idle_seats() -> None:
    definition = game("may-i")
    match = definition.new_match(players=3, seed=1)
    with pytest.raises(ConfigError, match="play takes agent values"):
        play(match, ["random"] * 3, rng=random.Random(1))  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="rng must be a random.Random, got 1"):
        play(match, [RandomAgent()] * 3, rng=1)  # type: ignore[arg-type]
    assert match.events == ()  # nothing was played
    seat = match.to_act
    assert seat is not None
    idle = (seat + 1) % 3
    for agent in (RandomAgent(), GreedyAgent()):
        with pytest.raises(IllegalActionError, match=f"seat {idle} has no decision"):
            decide(agent, match, idle, random.Random(1))
    with pytest.raises(ConfigError, match="rng must be a random.Random"):
        decide(RandomAgent(), match, seat, 1)  # type: ignore[arg-type]
    summary = simulate("may-i", ["random"] * 3, matches=2, seed=1)
    assert summary.as_dict()["wins"] == list(summary.wins)
    with pytest.raises(ConfigError, match="deals are numbered from 1"):
        summary.dead_share(0)


@pytest.mark.parametrize("name", ["may-i", "posso", "possession"])
def test_out_of_turn_takes_are_counted_as_the_game_declares(name: str) -> None:
    definition = game(name)
    players = 2 if name == "possession" else 4
    result = play_one(definition, ["heuristic"] * players, seed=5)
    match = play(
        definition.new_match(players=players, seed=5),
        [make_agent("heuristic", definition) for _ in range(players)],
        rng=random.Random(5 ^ 0x5EED),
    )
    effects = [effect for event in match.events for effect in event.effects]
    bought = [effect for effect in effects if isinstance(effect, Bought)]
    refusals = [effect for effect in effects if isinstance(effect, TookOnRefusal)]
    claimed = [effect for effect in effects if isinstance(effect, Claimed)]
    assert result.buys == len(bought)
    assert result.claims == len(bought) + len(refusals) + len(claimed)
    assert (result.claims > 0) == (name != "possession")
