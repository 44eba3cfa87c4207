"""The registry of agents (bots) by name: the shipped bots, a user's, and installed plugins'.

An agent factory is a callable ``factory(definition, **options) -> Agent``: it makes the
bot for a game definition, refusing an option the bot does not have (see
:mod:`rummykit.agents.options`). The shipped bots are known by name and imported on
first use (:mod:`rummykit.agents.factory`); :func:`~rummykit.agents.register_agent` adds
a user's; an installed package adds its own through the ``rummykit.agents`` entry point
group. :func:`~rummykit.agents.make_agent`, the simulator and ``rummykit simulate
--bots`` then know them all alike; a plugin is loaded when its bot is first made.

>>> from rummykit.agents import RandomAgent, agent_names, make_agent, register_agent
>>> agent_names()[:4]
('random', 'greedy', 'heuristic', 'search')
>>> def dice(definition, **options):
...     return RandomAgent()
>>> register_agent("dice", dice)
>>> type(make_agent("dice", None)).__name__
'RandomAgent'
>>> unregister_agent("dice")

A plugin package declares its bot in its ``pyproject.toml``::

    [project.entry-points."rummykit.agents"]
    lowball = "liverpool_rummy:lowball_agent"
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any

from rummykit.agents.basic import Agent
from rummykit.errors import ConfigError
from rummykit.kit.registry import load_entry_point, plugin_entry_points

__all__ = [
    "AGENTS_GROUP",
    "SHIPPED_AGENTS",
    "AgentFactory",
    "agent_factory",
    "agent_names",
    "make_agent",
    "register_agent",
    "unregister_agent",
]

AgentFactory = Callable[..., Agent]
"""Makes a bot for a game: ``factory(definition, **options) -> Agent``."""

AGENTS_GROUP = "rummykit.agents"
"""The entry point group an installed package declares its bots in."""

SHIPPED_AGENTS: Mapping[str, str] = {
    "random": "rummykit.agents.factory:random_agent",
    "greedy": "rummykit.agents.factory:greedy_agent",
    "heuristic": "rummykit.agents.factory:heuristic_agent",
    "search": "rummykit.agents.factory:search_agent",
}
"""The bots rummykit ships, by name: ``module:attribute`` of each factory, imported on
first use."""

_registered: dict[str, AgentFactory] = {}
_plugins: dict[tuple[str, str], AgentFactory] = {}  # by (name, value)


def _check_factory(factory: Any) -> AgentFactory:
    if not callable(factory) or isinstance(factory, Agent):
        raise ConfigError(
            "an agent factory is a callable factory(definition, **options) -> Agent, "
            f"got {factory!r}"
        )
    checked: AgentFactory = factory
    return checked


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or not name or name != name.strip() or "," in name:
        raise ConfigError(f"an agent's name is text without commas or edge spaces, got {name!r}")
    return name


def register_agent(name: str, factory: AgentFactory, *, replace: bool = False) -> None:
    """Make the bot ``factory`` makes known as ``name``. A name taken by another bot (a
    shipped one included) is refused unless ``replace``; the replacement then stands in
    for it until :func:`~rummykit.agents.unregister_agent`."""
    name, factory = _check_name(name), _check_factory(factory)
    current = _registered.get(name)
    if current is None and name in SHIPPED_AGENTS:
        current = _shipped(name)
    if current is factory:
        return
    if current is not None and not replace:
        raise ConfigError(f"an agent called {name!r} is registered already (replace=True)")
    _registered[name] = factory


def unregister_agent(name: str) -> None:
    """Forget the bot ``name`` given to :func:`~rummykit.agents.register_agent`; a
    shipped bot it replaced is the bot of that name again."""
    if name not in _registered:
        mine = ", ".join(_registered) or "none"
        raise ConfigError(f"no agent {name!r} is registered (registered: {mine})")
    del _registered[name]


def agent_names() -> tuple[str, ...]:
    """Every bot's name: the shipped bots first, then the registered ones, then those of
    installed plugins (found, not loaded)."""
    found = dict.fromkeys([*SHIPPED_AGENTS, *_registered])
    found.update(dict.fromkeys(point.name for point in plugin_entry_points(AGENTS_GROUP)))
    return tuple(found)


def agent_factory(name: str) -> AgentFactory:
    """The factory of the bot called ``name``: a registered bot, a shipped one (imported
    now if need be), else an installed plugin's (loaded now); an unknown name is a
    :class:`~rummykit.errors.ConfigError` listing the known ones."""
    if isinstance(name, str):
        if name in _registered:
            return _registered[name]
        if name in SHIPPED_AGENTS:
            return _shipped(name)
        for point in plugin_entry_points(AGENTS_GROUP):
            if point.name == name:
                return _plugin(point)
    known = agent_names()
    close = difflib.get_close_matches(str(name).lower(), known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise ConfigError(f"agents (bots) are {', '.join(known)}; got {name!r}{hint}")


def make_agent(name: str, definition: Any, **options: Any) -> Agent:
    """The agent called ``name`` (one of :func:`~rummykit.agents.agent_names`) for
    ``definition``, made by its factory; ``options`` set its options: the heuristic's,
    or the search agent's (``simulations``, ``candidates``, …); the random and greedy
    agents have none. An option the agent does not have is a
    :class:`~rummykit.errors.ConfigError`, and so is a factory that makes no agent.

    >>> from rummykit.games import game
    >>> make_agent("search", game("may-i"), simulations=8).simulations
    8
    """
    agent = agent_factory(name)(definition, **options)
    if not isinstance(agent, Agent):
        raise ConfigError(f"the agent factory of {name!r} made {agent!r}, which has no choose()")
    return agent


def _shipped(name: str) -> AgentFactory:
    module, _, attribute = SHIPPED_AGENTS[name].partition(":")
    return _check_factory(getattr(importlib.import_module(module), attribute))


def _plugin(point: metadata.EntryPoint) -> AgentFactory:
    key = (point.name, point.value)
    found = _plugins.get(key)
    if found is None:
        found = _plugins[key] = load_entry_point(point, _check_factory)
    return found
