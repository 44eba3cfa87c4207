"""The registries of games and agents: shipped entries loaded on first use, a user's
registered beside them, names in a fixed order, and refusals that say what is wrong."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import ConfigError, game
from rummykit.agents import (
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    agent_names,
    make_agent,
    register_agent,
    unregister_agent,
)
from rummykit.agents.registry import SHIPPED_AGENTS, agent_factory
from rummykit.games import MayI
from rummykit.kit import get, names, register, unregister
from rummykit.kit.registry import SHIPPED_GAMES, Registry
from rummykit.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


def fresh_python(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.strip()


def test_a_shipped_game_loads_on_first_use_with_nothing_else_imported() -> None:
    out = fresh_python(
        "import sys\n"
        "from rummykit.kit.registry import game, names\n"
        "print(names()[:3], 'rummykit.games' in sys.modules)\n"
        "print(game('may-i', max_buys_per_deal=3).rules.max_buys_per_deal)\n"
        "print('rummykit.games.may_i' in sys.modules)\n"
    )
    assert out.splitlines() == ["('may-i', 'possession', 'posso') False", "3", "True"]


def test_the_registry_doctest_passes_alone() -> None:
    """The module's doctest in a fresh Python, with nothing else registered or imported
    before it (the suite runs it among the others too), under the suite's doctest flags;
    :mod:`doctest` itself, not a second pytest (whose start-up cost more than the test)."""
    code = (
        "import doctest, rummykit.kit.registry as module\n"
        "flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS\n"
        "print(doctest.testmod(module, optionflags=flags))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("TestResults(failed=0, attempted="), done.stdout
    assert "attempted=0" not in done.stdout


@attrs.frozen
class OtherMayI(MayI):
    """May I? under another name."""

    name: ClassVar[str] = "other-may-i"


@attrs.frozen
class HouseMayI(MayI):
    """May I? as a house plays it, under the shipped name."""


def test_names_list_the_shipped_games_first_then_the_registered() -> None:
    assert names()[:4] == tuple(SHIPPED_GAMES) == ("may-i", "possession", "posso", "rummy")
    other = OtherMayI
    register(other)
    try:
        assert names()[:5] == ("may-i", "possession", "posso", "rummy", "other-may-i")
        assert get("other-may-i") is other
        register(other)  # again, under its own name: nothing changes
    finally:
        unregister("other-may-i")
    assert "other-may-i" not in names()


def test_a_registered_game_may_stand_in_for_a_shipped_one_until_unregistered() -> None:
    house = HouseMayI
    with pytest.raises(ConfigError, match=r"a game called 'may-i' is registered already"):
        register(house)
    register(MayI)  # the shipped class itself: nothing to do
    register(house, replace=True)
    try:
        assert get("may-i") is house and names().count("may-i") == 1
        assert type(game("may-i")) is house
    finally:
        unregister("may-i")
    assert get("may-i") is MayI
    with pytest.raises(ConfigError, match=r"no game 'may-i' is registered \(registered: none\)"):
        unregister("may-i")


def test_unknown_names_are_refused_with_a_suggestion() -> None:
    with pytest.raises(ConfigError, match=r"no game 'posso\?'.*did you mean 'posso'"):
        get("posso?")
    with pytest.raises(ConfigError, match="a game's name is text, got None"):
        get(None)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"agents \(bots\) are random, greedy, heuristic, search"):
        make_agent("heuristik", game("may-i"))
    with pytest.raises(ConfigError, match="did you mean 'heuristic'"):
        make_agent("heuristik", game("may-i"))


# -- agents ------------------------------------------------------------------------------


def test_the_shipped_bots_are_registry_entries() -> None:
    assert agent_names()[:4] == tuple(SHIPPED_AGENTS) == ("random", "greedy", "heuristic", "search")
    may_i = game("may-i")
    assert type(make_agent("random", may_i)) is RandomAgent
    assert type(make_agent("greedy", may_i)) is GreedyAgent
    assert type(make_agent("heuristic", may_i)).__name__ == "ContractAgent"
    search = make_agent("search", may_i, simulations=8)
    assert isinstance(search, SearchAgent) and search.simulations == 8
    with pytest.raises(ConfigError, match="RandomAgent has no option depth"):
        make_agent("random", may_i, depth=2)
    with pytest.raises(ConfigError, match="SearchAgent has no option policy"):
        make_agent("search", may_i, policy=None)


class Always:
    """A bot that takes the first legal action (module level: it pickles)."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        return view.legal[0]


def always(definition: Any, **options: Any) -> Always:
    return Always()


def test_a_registered_bot_is_made_by_name_and_plays_in_simulate() -> None:
    register_agent("always", always)
    try:
        assert agent_names()[4] == "always" and agent_factory("always") is always
        assert type(make_agent("always", game("may-i"))) is Always
        summary = simulate("possession", bots="always", players=2, matches=2, seed=1)
        assert summary.matches == 2 and summary.agents == ("always", "always")
        with pytest.raises(ConfigError, match="an agent called 'always' is registered already"):
            register_agent("always", lambda definition, **options: Always())
    finally:
        unregister_agent("always")
    assert "always" not in agent_names()
    with pytest.raises(ConfigError, match=r"no agent 'always' is registered"):
        unregister_agent("always")


def test_a_registered_bot_may_replace_a_shipped_one() -> None:
    with pytest.raises(ConfigError, match="an agent called 'greedy' is registered already"):
        register_agent("greedy", always)
    register_agent("greedy", always, replace=True)
    try:
        assert type(make_agent("greedy", game("may-i"))) is Always
    finally:
        unregister_agent("greedy")
    assert type(make_agent("greedy", game("may-i"))) is GreedyAgent


def test_bad_bots_are_refused_at_registration_or_when_made() -> None:
    with pytest.raises(ConfigError, match=r"an agent factory is a callable"):
        register_agent("thing", 3)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"an agent factory is a callable"):
        register_agent("thing", RandomAgent())  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=r"an agent's name is text without commas"):
        register_agent("a,b", always)
    with pytest.raises(ConfigError, match=r"an agent's name is text"):
        register_agent("", always)
    register_agent("nothing", lambda definition, **options: None)  # type: ignore[arg-type]
    try:
        with pytest.raises(ConfigError, match=r"the agent factory of 'nothing' made None"):
            make_agent("nothing", game("may-i"))
    finally:
        unregister_agent("nothing")


def test_a_registry_knows_what_is_registered_and_refuses_a_taken_name() -> None:
    registry = Registry(
        "bird", "rummykit.test-birds", {"owl": "collections:OrderedDict"}, check=str
    )
    registry.register("tit", "Parus")
    assert registry.names() == ("owl", "tit")
    assert (registry.find("tit"), registry.find("emu")) == ("Parus", None)
    assert registry.find("owl") == str(OrderedDict)
    with pytest.raises(ConfigError, match=r"^a bird called 'tit' is registered already"):
        registry.register("tit", "Cyanistes")
    with pytest.raises(ConfigError, match=r"^a bird called 'owl' is registered already"):
        registry.register("owl", "Strix")
    registry.register("owl", "Strix", replace=True)
    assert registry.find("owl") == "Strix"
    registry.unregister("owl")
    assert registry.find("owl") == str(OrderedDict)
    with pytest.raises(ConfigError, match=r"no bird 'emu' is registered \(registered: tit\)"):
        registry.unregister("emu")
