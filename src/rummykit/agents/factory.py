"""Agents by name, for a game: what the simulator and the command line build."""

from __future__ import annotations

from typing import Any

from rummykit.agents.basic import Agent, GreedyAgent, RandomAgent
from rummykit.agents.contract import ContractAgent, contract_game_rules
from rummykit.agents.options import check_options
from rummykit.errors import ConfigError
from rummykit.kit.definition import require_definition

__all__ = ["AGENT_NAMES", "heuristic_agent", "make_agent"]

AGENT_NAMES = ("random", "greedy", "heuristic", "search")
"""The names :func:`make_agent` knows."""


def heuristic_agent(definition: Any, **parameters: Any) -> Agent:
    """The game's heuristic player: the bot its definition names
    (:attr:`~rummykit.kit.definition.GameDefinition.heuristic`: Possession's
    ``PossessionAgent``), else :class:`ContractAgent` for games with meld rules and a
    contract, else the :class:`GreedyAgent`. ``parameters`` set the heuristic's options
    (an unknown one is a :class:`~rummykit.errors.ConfigError` naming it).

    >>> from rummykit.games import game
    >>> type(heuristic_agent(game("possession"), shed=4)).__name__
    'PossessionAgent'
    >>> heuristic_agent(game("may-i"), buy_gain=2).buy_gain
    2
    """
    require_definition(definition)
    own = type(definition).heuristic
    if own is not None:
        check_options(own, parameters)
        for_game = getattr(own, "for_game", None)
        agent: Agent = for_game(definition, **parameters) if for_game else own(**parameters)
        return agent
    if contract_game_rules(definition) is not None:
        check_options(ContractAgent, parameters, set_by_game=("rules", "values"))
        return ContractAgent.for_game(definition, **parameters)
    check_options(GreedyAgent, parameters)
    return GreedyAgent()


def make_agent(name: str, definition: Any, **parameters: Any) -> Agent:
    """The agent called ``name`` (one of :data:`AGENT_NAMES`) for ``definition``;
    ``parameters`` set its options: the heuristic's, or the search agent's
    (``simulations``, ``candidates``, …); the random and greedy agents have none. An
    option the agent does not have is a :class:`~rummykit.errors.ConfigError`.

    >>> from rummykit.games import game
    >>> make_agent("search", game("may-i"), simulations=8).simulations
    8
    """
    if name == "random":
        check_options(RandomAgent, parameters)
        return RandomAgent()
    if name == "greedy":
        check_options(GreedyAgent, parameters)
        return GreedyAgent()
    if name == "heuristic":
        return heuristic_agent(definition, **parameters)
    if name == "search":
        from rummykit.agents.search import SearchAgent

        check_options(SearchAgent, parameters, set_by_game=("policy",))
        return SearchAgent(heuristic_agent(definition), **parameters)
    raise ConfigError(f"agents (bots) are {', '.join(AGENT_NAMES)}; got {name!r}")
