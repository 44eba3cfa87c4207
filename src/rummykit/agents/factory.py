"""Agents by name, for a game: what the simulator and the command line build."""

from __future__ import annotations

from typing import Any

from rummykit.actions import Play
from rummykit.agents.basic import Agent, GreedyAgent, RandomAgent
from rummykit.agents.contract import ContractAgent
from rummykit.agents.possession import PossessionAgent
from rummykit.errors import ConfigError

__all__ = ["AGENT_NAMES", "heuristic_agent", "make_agent"]

AGENT_NAMES = ("random", "greedy", "heuristic", "search")
"""The names :func:`make_agent` knows."""


def heuristic_agent(definition: Any) -> Agent:
    """The game's heuristic player: :class:`ContractAgent` for games with meld rules and
    a contract, :class:`PossessionAgent` for shedding games played with ``play``, else
    the :class:`GreedyAgent`.

    >>> from rummykit.games import game
    >>> type(heuristic_agent(game("possession"))).__name__
    'PossessionAgent'
    """
    actions = getattr(definition, "actions", ())
    if definition.meld_rules() is not None and callable(
        getattr(definition.rules, "schedule", None)
    ):
        return ContractAgent.for_game(definition)
    if Play in actions:
        return PossessionAgent()
    return GreedyAgent()


def make_agent(name: str, definition: Any, **parameters: Any) -> Agent:
    """The agent called ``name`` (one of :data:`AGENT_NAMES`) for ``definition``;
    ``parameters`` go to the search agent (``simulations``, ``candidates``, …).

    >>> from rummykit.games import game
    >>> make_agent("search", game("may-i"), simulations=8).simulations
    8
    """
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return GreedyAgent()
    if name == "heuristic":
        return heuristic_agent(definition)
    if name == "search":
        from rummykit.agents.search import SearchAgent

        return SearchAgent(heuristic_agent(definition), **parameters)
    raise ConfigError(f"agents (bots) are {', '.join(AGENT_NAMES)}; got {name!r}")
