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

from collections.abc import Callable, Mapping
from typing import Any

from rummykit.agents.basic import Agent
from rummykit.errors import ConfigError
from rummykit.kit.registry import Registry

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


_AGENTS: Registry[AgentFactory] = Registry(
    "agent", AGENTS_GROUP, SHIPPED_AGENTS, check=_check_factory
)


def register_agent(name: str, factory: AgentFactory, *, replace: bool = False) -> None:
    """Make the bot ``factory`` makes known as ``name``. A name taken by another bot (a
    shipped one included) is refused unless ``replace``; the replacement then stands in
    for it until :func:`~rummykit.agents.unregister_agent`."""
    _AGENTS.register(_check_name(name), _check_factory(factory), replace=replace)


def unregister_agent(name: str) -> None:
    """Forget the bot ``name`` given to :func:`~rummykit.agents.register_agent`; a
    shipped bot it replaced is the bot of that name again."""
    _AGENTS.unregister(name)


def agent_names() -> tuple[str, ...]:
    """Every bot's name: the shipped bots first, then the registered ones, then those of
    installed plugins (found, not loaded)."""
    return _AGENTS.names()


def agent_factory(name: str) -> AgentFactory:
    """The factory of the bot called ``name``: a registered bot, a shipped one (imported
    now if need be), else an installed plugin's (loaded now); an unknown name is a
    :class:`~rummykit.errors.ConfigError` listing the known ones."""
    found = _AGENTS.find(name) if isinstance(name, str) else None
    if found is not None:
        return found
    known = ", ".join(agent_names())
    raise ConfigError(f"agents (bots) are {known}; got {name!r}{_AGENTS.hint(name)}")


def make_agent(name: str, definition: Any, **options: Any) -> Agent:
    """The agent called ``name`` (one of :func:`~rummykit.agents.agent_names`) for
    ``definition``, made by its factory; ``options`` set its options: the heuristic's,
    or the search agent's (``simulations``, ``candidates``, …); the random and greedy
    agents have none. An option the agent does not have is a
    :class:`~rummykit.errors.ConfigError`, and so is a factory that makes no agent.

    >>> from rummykit import game
    >>> make_agent("search", game("may-i"), simulations=8).simulations
    8
    """
    agent = agent_factory(name)(definition, **options)
    if not isinstance(agent, Agent):
        raise ConfigError(f"the agent factory of {name!r} made {agent!r}, which has no choose()")
    return agent
