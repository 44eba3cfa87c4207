"""What the PettingZoo and the Gymnasium environments share: the keywords that make
their :class:`~rummykit.rl.Table` (the game, its rules options, the limits, the
rewards), the match, and the ``ansi`` rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium

from rummykit.errors import ConfigError, shown
from rummykit.kit.actions import Action
from rummykit.rl.actions import Limits
from rummykit.rl.core import Reward, environment_table
from rummykit.rl.text import position_text


class TableEnvironment:
    """A base of both environments: ``table`` plays ``game`` (a registered name, with
    its rules ``options`` as keywords, or a definition) with ``players`` seats.

    ``reward`` and ``reward_scale`` choose the rewards (:data:`~rummykit.rl.core.Reward`),
    ``max_steps`` truncates an episode, ``max_melds``, ``max_take``, ``max_downs`` and
    ``max_placings`` are the :class:`~rummykit.rl.Limits` of the action space,
    ``codecs`` encodes action types of a game's own (see
    :func:`~rummykit.rl.register_action`)."""

    def __init__(
        self,
        game: Any = "may-i",
        players: int | None = None,
        *,
        render_mode: str | None = None,
        reward: Reward = "deal",
        reward_scale: float = 1.0,
        max_steps: int | None = None,
        max_melds: int = 16,
        max_take: int = 8,
        max_downs: int = 16,
        max_placings: int = 32,
        codecs: Mapping[type[Action], Any] | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.table = environment_table(
            game,
            players,
            render_mode=render_mode,
            limits=Limits(
                max_melds=max_melds,
                max_take=max_take,
                max_downs=max_downs,
                max_placings=max_placings,
            ),
            codecs=codecs,
            reward=reward,
            reward_scale=reward_scale,
            options=options,
        )
        self.render_mode = render_mode
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ConfigError(
                f"max_steps must be a whole number >= 1 or None, got {shown(max_steps)}"
            )
        self.max_steps = max_steps

    @property
    def match(self) -> Any:
        """The match being played (read it; change it only through ``step``)."""
        return self.table.match

    def render(self) -> str | None:
        """``ansi``: the position as text, from the seat to act's side of the table."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return position_text(self.table.match)
