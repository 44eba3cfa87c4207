"""PettingZoo AEC environments for every registered game.

>>> from rummykit import rl
>>> environment = rl.env("may-i", players=4)
>>> environment.reset(seed=7)
>>> environment.agent_selection
'player_3'
>>> observation, reward, termination, truncation, info = environment.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((2183,), 1)
>>> environment.step(int(observation["action_mask"].argmax()))   # draw
>>> environment.agent_selection
'player_3'
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from rummykit.errors import IllegalActionError
from rummykit.kit.protocol import MATCH_OVER
from rummykit.messages import Message
from rummykit.rl.environment import TableEnvironment

# PettingZoo ships no type information: its names are Any here.
AECEnv: Any = importlib.import_module("pettingzoo").AECEnv
wrappers: Any = importlib.import_module("pettingzoo.utils.wrappers")

Observation = dict[str, npt.NDArray[Any]]


class RummyEnv(TableEnvironment, AECEnv):  # type: ignore[misc]
    """A match of any registered game as a PettingZoo AEC environment.

    Agents are ``player_0`` … ``player_{n-1}`` (the seats); the agent to act is the
    match's :attr:`~rummykit.kit.match.Match.to_act`, out-of-turn decisions included, so
    turns are not round-robin. An observation is a dict: ``observation`` (the
    :class:`~rummykit.rl.ObservationEncoding` vector of that seat's view) and
    ``action_mask`` (``int8``, 1 at each legal index of the
    :class:`~rummykit.rl.ActionEncoding`; all zeros for a seat not to act).
    Rewards follow ``reward`` (:data:`~rummykit.rl.core.Reward`); ``max_steps``
    truncates a match after that many decisions. Once the agents are terminated or
    truncated, each steps out with ``None`` (PettingZoo's protocol); any other action,
    or a step with no agent left, is an :class:`~rummykit.errors.IllegalActionError`
    until ``reset``. An action is an index, a whole number. The keywords are those of
    :class:`~rummykit.rl.environment.TableEnvironment`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's attribute)
        "render_modes": ["ansi"],
        "name": "rummykit_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: Any = "may-i", players: int | None = None, **kwargs: Any) -> None:
        super().__init__(game, players, **kwargs)
        definition = self.table.definition
        self.metadata = {**type(self).metadata, "name": f"rummykit_{definition.name}_v0"}
        count = self.table.players
        self.possible_agents = [f"player_{seat}" for seat in range(count)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        encoding = self.table.observations
        observation = spaces.Dict(
            {
                "observation": spaces.Box(encoding.low, encoding.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.table.actions.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(self.table.actions.size) for agent in self.possible_agents
        }
        self._seeds = random.Random(0)
        self._steps = 0
        self._rewarded = False
        """Whether the last step rewarded anyone (its rewards are still in ``rewards``)."""
        self._live = False
        """Whether the agents are still playing (not terminated nor truncated)."""
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: from ``seed``, or from the next seed of the last one given."""
        if seed is not None:
            self._seeds = random.Random(seed)
            match_seed = seed
        else:
            match_seed = self._seeds.getrandbits(32)
        self.table.new_match(match_seed)
        self._steps = 0
        self._rewarded = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._live = True
        seat = self.table.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        if not self._live:  # the agents are done, or have all stepped out
            self._step_done(action)
            return
        if action is None:
            message = Message("rl.none_for_live", {"agent": self.agent_selection})
            raise IllegalActionError(message, action=action)
        table = self.table
        rewards = table.apply(action)
        self._steps += 1
        self._cumulative_rewards[self.agent_selection] = 0.0
        if self._rewarded or any(rewards):  # most steps reward nobody: skip the dicts
            self._reward(rewards)
        match = table.match
        state = match.state  # the match's declared state: what is_over and to_act read
        if state.phase is MATCH_OVER:
            self._live = False
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self._live = False
            self.truncations = dict.fromkeys(self.agents, True)
        seat = state.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def _reward(self, rewards: list[float]) -> None:
        """Set each agent's reward for the last step and add it to its cumulative one."""
        self._rewarded = any(rewards)
        cumulative = self._cumulative_rewards
        for name, reward in zip(self.possible_agents, rewards, strict=True):
            self.rewards[name] = reward
            cumulative[name] += reward

    def _step_done(self, action: int | None) -> None:
        """A step once the agents are terminated or truncated: each steps out with
        ``None`` (PettingZoo's dead step); anything else is an error."""
        agent = self.agent_selection
        if agent not in self.terminations:  # every agent has stepped out with None
            raise IllegalActionError(Message("rl.no_agent_left"), action=action)
        if action is not None:
            raise IllegalActionError(Message("rl.agent_done", {"agent": agent}), action=action)
        self._was_dead_step(action)

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of the
        agent to act (PettingZoo's ``last``, read without indirection)."""
        agent = self.agent_selection
        observation: Observation | None = None
        if not observe:
            pass
        elif type(self) is RummyEnv:  # observe(agent), inlined: one frame less a step
            seat, table = self._seat[agent], self.table
            observation = {"observation": table.observe(seat), "action_mask": table.mask(seat)}
        else:  # a subclass may observe its own way
            observation = self.observe(agent)
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: Any = "may-i", players: int | None = None, **kwargs: Any) -> RummyEnv:
    """The environment without PettingZoo's checking wrappers."""
    return RummyEnv(game, players, **kwargs)


def env(game: Any = "may-i", players: int | None = None, **kwargs: Any) -> Any:
    """The AEC environment of ``game`` (a registered name, with its rules options as
    keywords, or a definition), wrapped in PettingZoo's order-enforcing wrapper (a step
    before ``reset`` is an error), as PettingZoo's classic environments are. An index
    out of range or not legal now is an :class:`~rummykit.errors.IllegalActionError` from the
    environment itself, so PettingZoo's out-of-bounds wrapper would only repeat the
    check. The wrapper is a subclass of PettingZoo's that reads the attributes of the
    loop (``agent_selection``, ``last()``, ``step``) without its per-access forwarding;
    it enforces the same order."""
    return OrderEnforcing(RummyEnv(game, players, **kwargs))


def _forwarded(name: str) -> Any:
    """A read-only attribute of the wrapped environment, refused before ``reset`` as
    PettingZoo's wrapper refuses it."""

    def read(self: Any) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(read, doc=f"The wrapped environment's ``{name}`` (after ``reset``).")


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` (a subclass of it: ``isinstance``
    checks and PettingZoo's own agent iterator hold) with the
    attributes every loop reads as properties and ``last``/``step`` passed straight
    on, instead of a ``__getattr__`` forwarding per access. Before ``reset`` it raises
    the same errors; after the last agent is done a step warns the same way."""

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    num_agents = _forwarded("num_agents")

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        rewards: dict[str, float] = self.env._cumulative_rewards
        return rewards

    def last(self, observe: bool = True) -> Any:
        """The wrapped environment's ``last`` (after ``reset``)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        """Step the wrapped environment; before ``reset`` or with no agent left, what
        PettingZoo's wrapper does (an error, a warning)."""
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """PettingZoo's order-enforcing agent iterator (after ``reset``), reading the
        wrapped environment's agents directly."""
        if not self._has_reset:
            wrappers.order_enforcing.EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


_ORDER: Any = importlib.import_module("pettingzoo.utils.wrappers.order_enforcing")


class _AgentIterable(_ORDER.AECOrderEnforcingIterable):  # type: ignore[misc]
    """``agent_iter``'s iterable: its iterators are :class:`_AgentIterator`."""

    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(_ORDER.AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing iterator (a subclass: the same checks, in the same
    order) reading the wrapped environment's ``agents`` and ``agent_selection`` without
    the wrapper's properties: the next agent while any is left, an ``AssertionError``
    when the loop did not step since the last one."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = wrapper.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = inner.agent_selection
        return agent
