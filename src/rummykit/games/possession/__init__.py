"""Possession ("Владение"): a shedding game for 2-4 players on the match base, with
its own heuristic bot (:class:`PossessionAgent`)."""

from rummykit.games.possession.bot import PossessionAgent
from rummykit.games.possession.game import (
    PLAY,
    Possession,
    PossessionDeal,
    PossessionMatch,
    PossessionState,
    possession_outcome,
)
from rummykit.games.possession.rules import PossessionRules

__all__ = [
    "PLAY",
    "Possession",
    "PossessionAgent",
    "PossessionDeal",
    "PossessionMatch",
    "PossessionRules",
    "PossessionState",
    "possession_outcome",
]
