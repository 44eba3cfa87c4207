"""The shipped games, and the registry every game (shipped or a user's) is known by.

>>> from rummykit.games import game, names
>>> game("may-i").rules.turn_after_buy
'buyer_left'
>>> names()
('may-i', 'possession')
"""

from __future__ import annotations

from rummykit.games.may_i import MayI, MayIMatch
from rummykit.games.may_i_rules import MayIRules
from rummykit.games.possession import Possession, PossessionMatch
from rummykit.games.possession_rules import PossessionRules
from rummykit.registry import GameDefinition, game, get, names, register, unregister

__all__ = [
    "GameDefinition",
    "MayI",
    "MayIMatch",
    "MayIRules",
    "Possession",
    "PossessionMatch",
    "PossessionRules",
    "game",
    "get",
    "names",
    "register",
    "unregister",
]

register(MayI)
register(Possession)
