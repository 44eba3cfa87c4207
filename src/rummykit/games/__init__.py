"""The shipped games, by name.

>>> from rummykit.games import game
>>> game("may-i").rules.turn_after_buy
'buyer_left'
"""

from __future__ import annotations

from typing import Any, Literal, overload

from rummykit.errors import ConfigError
from rummykit.games.may_i import MayI, MayIMatch
from rummykit.games.may_i_rules import MayIRules
from rummykit.games.possession import Possession, PossessionMatch
from rummykit.games.possession_rules import PossessionRules

__all__ = [
    "GAME_NAMES",
    "GameDefinition",
    "MayI",
    "MayIMatch",
    "MayIRules",
    "Possession",
    "PossessionMatch",
    "PossessionRules",
    "game",
]

GAME_NAMES = ("may-i", "possession")

GameDefinition = MayI | Possession
"""A shipped game: its rules and ``new_match``."""


@overload
def game(name: Literal["may-i"], **options: Any) -> MayI: ...
@overload
def game(name: Literal["possession"], **options: Any) -> Possession: ...
@overload
def game(name: str, **options: Any) -> GameDefinition: ...


def game(name: str, **options: Any) -> GameDefinition:
    """The game called ``name``, with rules options given as keywords."""
    if name in ("may-i", "mayi", "may_i"):
        return MayI(MayIRules(**options))
    if name == "possession":
        return Possession(PossessionRules(**options))
    raise ConfigError(f"no game {name!r} (known: {', '.join(GAME_NAMES)})")
