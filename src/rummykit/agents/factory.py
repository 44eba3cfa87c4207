"""The shipped bots' factories: each makes its bot for a game, ``factory(definition,
**options)``, refusing an option the bot does not have. The agents registry
(:mod:`rummykit.agents.registry`) knows them by name: ``random``, ``greedy``,
``heuristic``, ``search``."""

from __future__ import annotations

from typing import Any

from rummykit.agents.basic import Agent, GreedyAgent, RandomAgent
from rummykit.agents.contract import SET_BY_GAME, ContractAgent, contract_game_rules
from rummykit.agents.options import check_options
from rummykit.kit.definition import require_definition


def random_agent(definition: Any, **options: Any) -> Agent:
    """A :class:`~rummykit.agents.RandomAgent`, for any game (it has no options)."""
    check_options(RandomAgent, options)
    return RandomAgent()


def greedy_agent(definition: Any, **options: Any) -> Agent:
    """A :class:`~rummykit.agents.GreedyAgent`, for any game (it has no options)."""
    check_options(GreedyAgent, options)
    return GreedyAgent()


def heuristic_agent(definition: Any, **parameters: Any) -> Agent:
    """The game's heuristic player: the bot its definition names
    (:attr:`~rummykit.kit.definition.GameDefinition.heuristic`: Possession's
    ``PossessionAgent``), else :class:`ContractAgent` for games with meld rules and a
    contract, else the :class:`GreedyAgent`. ``parameters`` set the heuristic's options
    (an unknown one is a :class:`~rummykit.errors.ConfigError` naming it).

    >>> from rummykit import game
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
        check_options(ContractAgent, parameters, set_by_game=SET_BY_GAME)
        return ContractAgent.for_game(definition, **parameters)
    check_options(GreedyAgent, parameters)
    return GreedyAgent()


def heuristic_fallback(definition: Any) -> str | None:
    """Why :func:`heuristic_agent` plays ``definition`` with the greedy bot, or ``None``
    when a real heuristic plays it (the game's own, or :class:`ContractAgent`): what the
    command line says beside the bot's name, so a fallback is never silent.

    >>> from rummykit import game
    >>> heuristic_fallback(game("may-i")) is None, heuristic_fallback(game("possession")) is None
    (True, True)
    """
    require_definition(definition)
    own = type(definition).heuristic
    if own is not None or contract_game_rules(definition) is not None:
        return None
    if definition.meld_rules() is None:
        return f"{definition.name} has no meld rules and no heuristic of its own"
    return (
        f"{definition.name} is not a contract-rummy engine game and declares no heuristic "
        "(GameDefinition.heuristic)"
    )


def agent_label(name: str, definition: Any) -> str:
    """The bot called ``name`` as the command line shows it: its name, and for the
    heuristic that falls back to the greedy bot, the reason
    (``heuristic (greedy fallback: ...)``)."""
    reason = heuristic_fallback(definition) if name == "heuristic" else None
    return name if reason is None else f"{name} (greedy fallback: {reason})"


def search_agent(definition: Any, **options: Any) -> Agent:
    """A :class:`~rummykit.agents.SearchAgent` playing out each candidate with the
    game's heuristic (:func:`~rummykit.agents.heuristic_agent`); ``options`` set its budget
    (``simulations``, ``candidates``, …).

    >>> from rummykit import game
    >>> search_agent(game("may-i"), simulations=8).simulations
    8
    """
    from rummykit.agents.search import SearchAgent

    check_options(SearchAgent, options, set_by_game=("policy",))
    return SearchAgent(heuristic_agent(definition), **options)
