"""The simulator: reproducible for a seed, whatever the executor."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from rummykit import ConfigError
from rummykit.simulate import simulate


def test_same_seed_same_summary_on_any_executor() -> None:
    plain = simulate("may-i", matches=3, seed=8, players=3, bots="greedy")
    with ThreadPoolExecutor(max_workers=2) as executor:
        threaded = simulate("may-i", matches=3, seed=8, players=3, bots="greedy", executor=executor)
    assert plain == threaded
    assert plain.matches == 3 and abs(sum(plain.wins) - 3) < 1e-9
    assert plain.went_out > 0


def test_options_reach_the_game() -> None:
    summary = simulate(
        "may-i",
        matches=1,
        seed=1,
        players=3,
        options={"turn_after_buy": "resume_normal", "max_buys_per_deal": 0},
    )
    assert summary.buys == 0


def test_bad_requests() -> None:
    with pytest.raises(ConfigError, match="bots"):
        simulate("may-i", matches=1, seed=1, bots="clever")
    with pytest.raises(ConfigError, match="no game"):
        simulate("possession?", matches=1, seed=1)
