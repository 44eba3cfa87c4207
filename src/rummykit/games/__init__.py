"""The shipped games, by name.

>>> from rummykit.games import game
>>> game("may-i").rules.turn_after_buy
'buyer_left'
"""

from __future__ import annotations

from typing import Any

from rummykit.errors import ConfigError
from rummykit.games.may_i import MayI, MayIMatch
from rummykit.games.may_i_rules import MayIRules

__all__ = ["GAME_NAMES", "MayI", "MayIMatch", "MayIRules", "game"]

GAME_NAMES = ("may-i",)


def game(name: str, **options: Any) -> MayI:
    """The game called ``name``, with rules options given as keywords."""
    if name in ("may-i", "mayi", "may_i"):
        return MayI(MayIRules(**options))
    raise ConfigError(f"no game {name!r} (known: {', '.join(GAME_NAMES)})")
