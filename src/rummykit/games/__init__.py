"""The shipped games: May I?, Possession and Posso?, their definitions, matches and rules.

Every game (shipped, a user's or a plugin's) is known by name to the registry
(:mod:`rummykit.kit`'s :func:`~rummykit.kit.register` and :func:`~rummykit.kit.names`),
which imports each shipped game on first use; :func:`rummykit.game` makes one:

>>> from rummykit import game
>>> from rummykit.kit import names
>>> game("may-i").rules.turn_after_buy
'buyer_left'
>>> names()[:3]
('may-i', 'possession', 'posso')
"""

from __future__ import annotations

from rummykit.games.may_i import MayI
from rummykit.games.may_i.rules import MayIRules
from rummykit.games.possession import Possession, PossessionMatch
from rummykit.games.possession.rules import PossessionRules
from rummykit.games.posso import Posso
from rummykit.games.posso.rules import PossoRules

__all__ = [
    "MayI",
    "MayIRules",
    "Possession",
    "PossessionMatch",
    "PossessionRules",
    "Posso",
    "PossoRules",
]
