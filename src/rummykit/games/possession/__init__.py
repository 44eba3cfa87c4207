"""Possession ("Владение"): a shedding game for 2-4 players on the match base, with
its own heuristic bot (:class:`PossessionAgent`)."""

from rummykit.games.possession.bot import PossessionAgent
from rummykit.games.possession.game import (
    PLAY,
    PossessionDeal,
    PossessionState,
    possession_outcome,
)
from rummykit.games.possession.game import (
    Possession as Possession,
)
from rummykit.games.possession.game import (
    PossessionMatch as PossessionMatch,
)
from rummykit.games.possession.rules import PossessionRules as PossessionRules

__all__ = ["PLAY", "PossessionAgent", "PossessionDeal", "PossessionState", "possession_outcome"]
