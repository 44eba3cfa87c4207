"""A Gymnasium single-agent environment: one seat against the shipped agents.

>>> from rummykit import rl
>>> single = rl.gym_env("possession", players=2, seat=0)
>>> observation, info = single.reset(seed=3)
>>> observation.shape == single.observation_space.shape, info["action_mask"].dtype
(True, dtype('int8'))
>>> index = int(info["action_mask"].argmax())
>>> observation, reward, terminated, truncated, info = single.step(index)
>>> terminated
False
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from rummykit.agents import RandomAgent, check_agent
from rummykit.errors import ConfigError, IllegalActionError, shown
from rummykit.messages import Message
from rummykit.rl.core import check_index
from rummykit.rl.environment import TableEnvironment


class SeatEnv(TableEnvironment, gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """Seat ``seat`` of a match of any registered game, the other seats played by
    ``opponents`` (an agent, or one per other seat; the shipped
    :class:`~rummykit.agents.RandomAgent` by default).

    An observation is the :class:`~rummykit.rl.ObservationEncoding` vector of the
    seat's view; the legal indices are ``info["action_mask"]`` and
    :meth:`action_masks` (as sb3-contrib's ``MaskablePPO`` reads them). An episode is
    one match; the reward of a step is what the seat earned until its next decision
    (:data:`~rummykit.rl.core.Reward`). Opponents draw their randomness from the
    match's seed. An index that is not legal raises
    :class:`~rummykit.errors.IllegalActionError`; with ``illegal="terminate"`` it ends the
    episode instead, with reward ``illegal_reward`` (a finite number) and
    ``info["illegal"]``. An action that is not a whole number (a float, a string, ``None``)
    is refused with an :class:`~rummykit.errors.IllegalActionError` in either mode. Once an
    episode is terminated or truncated, ``step`` is refused until :meth:`reset`. The other
    keywords are those of :class:`~rummykit.rl.environment.TableEnvironment`.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's)

    def __init__(
        self,
        game: Any = "may-i",
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: Any = None,
        illegal: Literal["raise", "terminate"] = "raise",
        illegal_reward: float = -1.0,
        **kwargs: Any,
    ) -> None:
        if illegal not in ("raise", "terminate"):
            raise ConfigError(f"illegal is 'raise' or 'terminate', got {shown(illegal)}")
        super().__init__(game, players, **kwargs)
        self.illegal = illegal
        if (
            isinstance(illegal_reward, bool)
            or not isinstance(illegal_reward, int | float)
            or not math.isfinite(illegal_reward)
        ):
            raise ConfigError(
                f"illegal_reward must be a finite number, got {shown(illegal_reward)}"
            )
        self.illegal_reward = float(illegal_reward)
        self._ended = False
        count = self.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise ConfigError(
                f"seat must be a whole number from 0 to {count - 1}, got {shown(seat)}"
            )
        self.seat = seat
        self.opponents = _opponents(opponents, count, seat, self.table.match.definition)
        encoding = self.table.observations
        self.observation_space = spaces.Box(encoding.low, encoding.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.actions.size)
        self._rng = random.Random(0)
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new match from ``seed`` (or from the environment's random generator)."""
        super().reset(seed=seed)
        match_seed = seed if seed is not None else int(self.np_random.integers(2**32))
        self.table.new_match(match_seed)
        self._rng = random.Random(match_seed)
        self._steps = 0
        self._ended = False
        self._play_others()
        return self.table.observe(self.seat), self._info()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat)}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal indices of the current decision, as booleans."""
        return self.table.mask(self.seat).astype(bool)

    def _play_others(self) -> float:
        reward = 0.0
        table = self.table
        match = table.match
        while not match.is_over and match.to_act != self.seat:
            seat = match.to_act
            assert seat is not None
            action = self.opponents[seat].choose(match.view(seat), self._rng)
            reward += table.apply_action(action)[self.seat]
        return reward

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` (an index), then the other seats until this one is to act."""
        if self.table.match.is_over or self._ended:
            raise IllegalActionError(Message("rl.episode_over"), action=action)
        check_index(action)  # a mistyped action is raised, in every ``illegal`` mode
        if self.illegal == "terminate" and int(action) not in self.table.legal().actions:
            self._ended = True
            info = self._info() | {"illegal": True}
            return self.table.observe(self.seat), self.illegal_reward, True, False, info
        reward = self.table.apply(action)[self.seat]
        reward += self._play_others()
        self._steps += 1
        terminated = bool(self.table.match.is_over)
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._ended = truncated  # a truncated episode is over too, until reset()
        return self.table.observe(self.seat), reward, terminated, truncated, self._info()


def _opponents(opponents: Any, count: int, seat: int, definition: Any) -> dict[int, Any]:
    """The agents at the other seats, each checked to be an agent of ``definition``'s game."""
    if opponents is None:
        opponents = RandomAgent()
    others = [other for other in range(count) if other != seat]
    if _is_agent(opponents):
        agents = [opponents] * len(others)
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str | bytes):
        agents = list(opponents)
        if len(agents) != len(others):
            raise ConfigError(
                f"opponents lists {len(agents)} agent(s); {len(others)} wanted, one per "
                f"other seat ({', '.join(map(str, others))})"
            )
    else:
        raise ConfigError(
            "opponents is None, an agent (an object with choose(view, rng)) or a list of "
            f"{len(others)} agents, one per other seat; got {shown(opponents)}"
        )
    for number, agent in enumerate(agents):
        if not _is_agent(agent):
            raise ConfigError(
                f"opponents[{number}] is not an agent (an object with choose(view, rng)): "
                f"{shown(agent)}"
            )
        check_agent(agent, definition)  # an agent of another game is refused
    return dict(zip(others, agents, strict=True))


def _is_agent(value: Any) -> bool:
    return callable(getattr(value, "choose", None))


def gym_env(game: Any = "may-i", players: int | None = None, **kwargs: Any) -> SeatEnv:
    """The single-agent environment of ``game`` (see :class:`SeatEnv`)."""
    return SeatEnv(game, players, **kwargs)
