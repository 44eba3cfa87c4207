"""Bots that play from a seat's view: random, greedy, heuristic and search players.

An agent is anything with ``choose(view, rng) -> Action`` (:class:`Agent`); it sees only
what its seat may know (:class:`~rummykit.kit.protocol.PlayerView`), and its randomness is
injected. :func:`heuristic_agent` gives a game's competent heuristic player;
:class:`SearchAgent` samples hidden hands and plays each candidate out.

>>> import random
>>> from rummykit import game
>>> from rummykit.simulate import play
>>> may_i = game("may-i")
>>> agents = [heuristic_agent(may_i), RandomAgent(), RandomAgent(), RandomAgent()]
>>> match = play(may_i.new_match(players=4, seed=1), agents, rng=random.Random(1))
>>> match.outcome.winners
(0,)

:func:`make_agent` builds an agent by name (``random``, ``greedy``, ``heuristic``,
``search``, and any bot registered with :func:`register_agent` or installed as a plugin:
:mod:`rummykit.agents.registry`) for a game; the simulator and ``rummykit simulate
--bots`` use it.
"""

from __future__ import annotations

from rummykit.agents.basic import Agent, GreedyAgent, RandomAgent, check_agent
from rummykit.agents.contract import ContractAgent
from rummykit.agents.distance import contract_distance, helps
from rummykit.agents.factory import heuristic_agent
from rummykit.agents.options import check_options
from rummykit.agents.registry import (
    AgentFactory,
    agent_names,
    make_agent,
    register_agent,
    unregister_agent,
)
from rummykit.agents.search import MatchAgent, SearchAgent, decide

__all__ = [
    "Agent",
    "AgentFactory",
    "ContractAgent",
    "GreedyAgent",
    "MatchAgent",
    "RandomAgent",
    "SearchAgent",
    "agent_names",
    "check_agent",
    "check_options",
    "contract_distance",
    "decide",
    "helps",
    "heuristic_agent",
    "make_agent",
    "register_agent",
    "unregister_agent",
]
