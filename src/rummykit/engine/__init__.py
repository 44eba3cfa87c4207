"""The contract-rummy engine: one turn machinery for every contract game, set by hooks.

A game on the engine is a :class:`ContractRummy` definition: rules that are (or make)
the engine's :class:`~rummykit.engine.options.TableOptions` — the shoe, card values,
meld rules, an optional contract schedule and the table's choices — plus
:meth:`ContractRummy.hooks`, and a match class naming the clauses its refusals cite.
See "Write your own game" in the docs.
"""

from __future__ import annotations

from rummykit.engine.contract import ContractLayOffGate, ContractOpening, down_action
from rummykit.engine.core import ContractRummyMatch
from rummykit.engine.definition import ContractRummy
from rummykit.engine.free import FreeOpening
from rummykit.engine.hooks import (
    ActionFilter,
    ClaimProtocol,
    ExchangeGate,
    Hooks,
    LayOffGate,
    NoClaims,
    NoFilter,
    Opening,
    Refusal,
)
from rummykit.engine.options import ContractRules, PerPlayers, TableOptions
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.ranking import ranked_outcome
from rummykit.engine.state import ContractDeal, ContractMatchState, TurnStep
from rummykit.engine.table import Setting, TableRules, TableSpec

__all__ = [
    "DRAW",
    "MELD",
    "PICK",
    "ActionFilter",
    "ClaimProtocol",
    "ContractDeal",
    "ContractLayOffGate",
    "ContractMatchState",
    "ContractOpening",
    "ContractRules",
    "ContractRummy",
    "ContractRummyMatch",
    "ExchangeGate",
    "FreeOpening",
    "Hooks",
    "LayOffGate",
    "NoClaims",
    "NoFilter",
    "Opening",
    "PerPlayers",
    "Refusal",
    "Setting",
    "TableOptions",
    "TableRules",
    "TableSpec",
    "TurnStep",
    "down_action",
    "ranked_outcome",
]
