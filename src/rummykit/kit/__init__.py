"""The game author's kit: what every game is built from and every tool relies on.

Actions with a notation, typed effects and events, phases, declared state, the
:class:`Match` base with its protocol, positions, option validators, and the
:class:`GameDefinition` with the registry of games.
"""

from rummykit.kit.actions import Action, ActionGrammar, NextDeal
from rummykit.kit.definition import GameDefinition, Question, Stake
from rummykit.kit.effects import DealEnd, DealEnded, Effect, seat_name
from rummykit.kit.match import Match
from rummykit.kit.position import Position
from rummykit.kit.protocol import (
    DEAL_OVER,
    MATCH_OVER,
    DealScore,
    Event,
    Outcome,
    Phase,
    PlayerView,
)
from rummykit.kit.registry import game, get, names, register, unregister
from rummykit.kit.state import DealState, MatchState, State

__all__ = [
    "DEAL_OVER",
    "MATCH_OVER",
    "Action",
    "ActionGrammar",
    "DealEnd",
    "DealEnded",
    "DealScore",
    "DealState",
    "Effect",
    "Event",
    "GameDefinition",
    "Match",
    "MatchState",
    "NextDeal",
    "Outcome",
    "Phase",
    "PlayerView",
    "Position",
    "Question",
    "Stake",
    "State",
    "game",
    "get",
    "names",
    "register",
    "seat_name",
    "unregister",
]
