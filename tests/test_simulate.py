"""The simulator: reproducible for a seed, whatever the executor and its workers."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from rummykit import ConfigError, ContractSchedule
from rummykit.agents import RandomAgent
from rummykit.games import game
from rummykit.simulate import simulate, wilson_interval

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
        simulate(game("may-i"), ["random"] * 3, matches=1, seed=1, options={"joker_count": 2})
