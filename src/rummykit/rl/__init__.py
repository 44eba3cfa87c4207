"""Reinforcement-learning environments for every registered game (the ``rl`` extra).

* :func:`env` — a PettingZoo AEC environment (:class:`RummyEnv`) of any registered
  game: ``rl.env("may-i", players=4, **rules_options)``;
* :func:`gym_env` — a Gymnasium environment (:class:`SeatEnv`): one seat against the
  shipped agents;
* :class:`ActionEncoding` and :class:`ObservationEncoding` — the fixed-size action
  space with its legal mask, and the observation vector of a seat's view, for your own
  loops; :func:`register_action` encodes a game's own action type.

Names are loaded on first use, so ``import rummykit`` never needs numpy, and the
encodings need numpy but not PettingZoo or Gymnasium:

>>> from rummykit import game, rl
>>> rl.ActionEncoding.for_game(game("possession")).size
2813
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rummykit.rl.actions import (
    ActionCodec,
    ActionEncoding,
    Block,
    CardCodec,
    CountCodec,
    EncodingError,
    ExchangeCodec,
    FlagCodec,
    LayOffCodec,
    LegalActions,
    Limits,
    MeaningTargetCodec,
    PlayCodec,
    PositionalCodec,
    TargetCodec,
    codec_for,
    register_action,
    unregister_action,
)

if TYPE_CHECKING:
    from rummykit.rl.aec import RummyEnv, env, raw_env
    from rummykit.rl.core import Reward, Table
    from rummykit.rl.gym import SeatEnv, gym_env
    from rummykit.rl.layout import Field
    from rummykit.rl.observations import ObservationEncoding

__all__ = [
    "ActionCodec",
    "ActionEncoding",
    "Block",
    "CardCodec",
    "CountCodec",
    "EncodingError",
    "ExchangeCodec",
    "Field",
    "FlagCodec",
    "LayOffCodec",
    "LegalActions",
    "Limits",
    "MeaningTargetCodec",
    "ObservationEncoding",
    "PlayCodec",
    "PositionalCodec",
    "Reward",
    "RummyEnv",
    "SeatEnv",
    "Table",
    "TargetCodec",
    "codec_for",
    "env",
    "gym_env",
    "raw_env",
    "register_action",
    "unregister_action",
]

_LAZY = {
    "Field": "rummykit.rl.layout",
    "ObservationEncoding": "rummykit.rl.observations",
    "Reward": "rummykit.rl.core",
    "Table": "rummykit.rl.core",
    "RummyEnv": "rummykit.rl.aec",
    "env": "rummykit.rl.aec",
    "raw_env": "rummykit.rl.aec",
    "SeatEnv": "rummykit.rl.gym",
    "gym_env": "rummykit.rl.gym",
}
_EXTRA = {"numpy", "gymnasium", "pettingzoo"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rummykit.rl' has no attribute {name!r}")
    try:
        value = getattr(importlib.import_module(module), name)
    except ModuleNotFoundError as error:
        if error.name in _EXTRA:
            raise ModuleNotFoundError(
                f"rummykit.rl.{name} needs {error.name}: pip install 'rummykit[rl]'",
                name=error.name,
            ) from error
        raise
    globals()[name] = value
    return value
