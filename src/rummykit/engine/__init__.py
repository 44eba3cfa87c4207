"""The contract-rummy engine: one turn machinery for every contract game, set by hooks.

A game on the engine is a :class:`ContractRummy` definition: rules data (with
``schedule()``, ``meld_rules()``, ``card_values()`` and the table options named as in
May I?) plus :meth:`ContractRummy.hooks`. See "Write your own game" in the docs.
"""

from __future__ import annotations

from rummykit.engine.contract import ContractLayOffGate, ContractOpening, down_action
from rummykit.engine.core import ContractRummyMatch, ranked_outcome
from rummykit.engine.definition import ContractRummy
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
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.state import ContractDeal, ContractMatchState, TurnStep

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
    "ContractRummy",
    "ContractRummyMatch",
    "ExchangeGate",
    "Hooks",
    "LayOffGate",
    "NoClaims",
    "NoFilter",
    "Opening",
    "Refusal",
    "TurnStep",
    "down_action",
    "ranked_outcome",
]
