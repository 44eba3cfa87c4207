"""The shipped games, and the registry every game (shipped, a user's or a plugin's) is
known by (:mod:`rummykit.kit.registry`, which imports each shipped game on first use).

>>> from rummykit.games import game, names
>>> game("may-i").rules.turn_after_buy
'buyer_left'
>>> names()[:3]
('may-i', 'possession', 'posso')
"""

from __future__ import annotations

from typing import Any, Literal, overload

from rummykit.games.may_i import MayI
from rummykit.games.may_i.rules import MayIRules
from rummykit.games.possession import Possession, PossessionMatch
from rummykit.games.possession.rules import PossessionRules
from rummykit.games.posso import Posso
from rummykit.games.posso.rules import PossoRules
from rummykit.kit import registry
from rummykit.kit.definition import GameDefinition
from rummykit.kit.registry import get, names, register, unregister

__all__ = [
    "GameDefinition",
    "MayI",
    "MayIRules",
    "Possession",
    "PossessionMatch",
    "PossessionRules",
    "Posso",
    "PossoRules",
    "game",
    "get",
    "names",
    "register",
    "unregister",
]


@overload
def game(name: Literal["may-i"], **options: Any) -> MayI: ...
@overload
def game(name: Literal["possession"], **options: Any) -> Possession: ...
@overload
def game(name: Literal["posso"], **options: Any) -> Posso: ...
@overload
def game(name: str, **options: Any) -> GameDefinition[Any, Any]: ...


def game(name: str, **options: Any) -> GameDefinition[Any, Any]:
    """The game registered as ``name``, with its rules options given as keywords
    (:func:`rummykit.kit.registry.game`)."""
    return registry.game(name, **options)
