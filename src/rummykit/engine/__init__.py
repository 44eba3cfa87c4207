"""The contract-rummy engine: one turn machinery for every contract game, set by hooks.

A game on the engine is a :class:`ContractRummy` definition: rules that are (or make)
the engine's :class:`TableOptions` — the shoe, card values, meld rules, an optional
contract schedule and the table's choices —, the clauses its refusals cite, and
:meth:`ContractRummy.hooks`; every game plays with the one match class
:class:`ContractRummyMatch`, and hooks see it through a :class:`TurnContext`.
Everything a game on the engine imports is here: the definition, match and options,
the hooks and their context, the engine's actions (:class:`Down`, :class:`LayOff`, ...)
and effects, and its phases. See "Write your own game" in the docs.
"""

from __future__ import annotations

from rummykit.engine.actions import Down, ExchangeJoker, LayOff, TakeCard
from rummykit.engine.checks import CLAUSE_KEYS
from rummykit.engine.context import DealView, PileView, TurnContext
from rummykit.engine.contract import ContractLayOffGate, ContractOpening, down_action
from rummykit.engine.core import ContractRummyMatch
from rummykit.engine.definition import ContractRummy, turn_actions
from rummykit.engine.effects import DrawSkipped, JokerExchanged, LaidDown, LaidOff, OnMeld
from rummykit.engine.free import FreeOpening
from rummykit.engine.hooks import (
    ActionFilter,
    ClaimProtocol,
    ClaimWrapper,
    ExchangeGate,
    Hooks,
    LayOffGate,
    NoClaims,
    NoFilter,
    Opening,
    Refusal,
    TakeKind,
)
from rummykit.engine.options import (
    ContractRules,
    DeadDealScoring,
    DealerRotation,
    DiscardPileVisible,
    MultiTakeMode,
    PenaltyDrawShortfall,
    PerPlayers,
    PileTake,
    SingleCardRule,
    StockExhaustion,
    TableOptions,
    TieBreak,
    WinnerMetric,
)
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.ranking import RankingRules, ranked_outcome
from rummykit.engine.state import ContractDeal, ContractMatchState, TurnStep
from rummykit.engine.table import Setting, TableRules, TableSpec

__all__ = [
    "CLAUSE_KEYS",
    "DRAW",
    "MELD",
    "PICK",
    "ActionFilter",
    "ClaimProtocol",
    "ClaimWrapper",
    "ContractDeal",
    "ContractLayOffGate",
    "ContractMatchState",
    "ContractOpening",
    "ContractRules",
    "ContractRummy",
    "ContractRummyMatch",
    "DeadDealScoring",
    "DealView",
    "DealerRotation",
    "DiscardPileVisible",
    "Down",
    "DrawSkipped",
    "ExchangeGate",
    "ExchangeJoker",
    "FreeOpening",
    "Hooks",
    "JokerExchanged",
    "LaidDown",
    "LaidOff",
    "LayOff",
    "LayOffGate",
    "MultiTakeMode",
    "NoClaims",
    "NoFilter",
    "OnMeld",
    "Opening",
    "PenaltyDrawShortfall",
    "PerPlayers",
    "PileTake",
    "PileView",
    "RankingRules",
    "Refusal",
    "Setting",
    "SingleCardRule",
    "StockExhaustion",
    "TableOptions",
    "TableRules",
    "TableSpec",
    "TakeCard",
    "TakeKind",
    "TieBreak",
    "TurnContext",
    "TurnStep",
    "WinnerMetric",
    "down_action",
    "ranked_outcome",
    "turn_actions",
]
