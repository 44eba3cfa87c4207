"""The game author's kit: everything a game is built from, in one place.

Actions with a notation (:class:`Action`, the shipped :class:`Draw`, :class:`Take`,
:class:`Discard`, ...), typed effects (:class:`Effect` and the shipped ones), phases,
declared state (:class:`MatchState`, :class:`DealState`), what a seat sees
(:class:`PlayerView`), option validators for a rules class (:func:`whole`,
:class:`Choice`, ...), the :class:`GameDefinition` and the registry of games
(:func:`register`, :func:`names`). The match base :class:`rummykit.Match`, the
:class:`rummykit.Event` it answers with, :func:`rummykit.game` and the card and meld
values live in :mod:`rummykit` itself; a game on the contract-rummy engine also imports
from :mod:`rummykit.engine`. The game in ``examples/gin_rummy.py`` is built
from these two imports.
"""

from rummykit.kit.actions import (
    Action,
    ActionGrammar,
    CardAction,
    Discard,
    Done,
    Draw,
    NextDeal,
    Pass,
    Take,
    notation_error,
    parse_action,
    parse_number,
)
from rummykit.kit.codec import json_schema, to_json
from rummykit.kit.definition import GameDefinition, Question, Stake, require_definition
from rummykit.kit.effects import (
    CardEffect,
    CardsEffect,
    DealEnd,
    DealEnded,
    DealStarted,
    Dealt,
    Discarded,
    Drew,
    Echo,
    Effect,
    GoingOut,
    HandsShown,
    HiddenCards,
    Passed,
    SeatEffect,
    StockRefilled,
    TookFromPile,
    WentOut,
    seat_name,
)
from rummykit.kit.options import (
    Choice,
    FirstDealer,
    boolean,
    build_rules,
    check_dealer_seat,
    deal_list,
    first_dealer,
    number,
    player_range,
    schedule_option,
    whole,
)
from rummykit.kit.position import Position
from rummykit.kit.protocol import DEAL_OVER, MATCH_OVER, DealScore, Outcome, Phase, PlayerView
from rummykit.kit.registry import get, names, register, unregister
from rummykit.kit.state import DealState, MatchRules, MatchState, State
from rummykit.messages import register_message

__all__ = [
    "DEAL_OVER",
    "MATCH_OVER",
    "Action",
    "ActionGrammar",
    "CardAction",
    "CardEffect",
    "CardsEffect",
    "Choice",
    "DealEnd",
    "DealEnded",
    "DealScore",
    "DealStarted",
    "DealState",
    "Dealt",
    "Discard",
    "Discarded",
    "Done",
    "Draw",
    "Drew",
    "Echo",
    "Effect",
    "FirstDealer",
    "GameDefinition",
    "GoingOut",
    "HandsShown",
    "HiddenCards",
    "MatchRules",
    "MatchState",
    "NextDeal",
    "Outcome",
    "Pass",
    "Passed",
    "Phase",
    "PlayerView",
    "Position",
    "Question",
    "SeatEffect",
    "Stake",
    "State",
    "StockRefilled",
    "Take",
    "TookFromPile",
    "WentOut",
    "boolean",
    "build_rules",
    "check_dealer_seat",
    "deal_list",
    "first_dealer",
    "get",
    "json_schema",
    "names",
    "notation_error",
    "number",
    "parse_action",
    "parse_number",
    "player_range",
    "register",
    "register_message",
    "require_definition",
    "schedule_option",
    "seat_name",
    "to_json",
    "unregister",
    "whole",
]
