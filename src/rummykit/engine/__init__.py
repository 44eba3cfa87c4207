"""The contract-rummy engine: one turn machinery for every contract game, set by hooks.

A game on the engine is a :class:`ContractRummy` definition: rules data (with
``schedule()``, ``meld_rules()``, ``card_values()`` and the table options named as in
May I?) plus :meth:`ContractRummy.hooks`. See "Write your own game" in the docs.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, TypeVar

import attrs

from rummykit.engine.contract import ContractLayOffGate, ContractOpening, down_action
from rummykit.engine.core import ContractRummyMatch, ranked_outcome
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
from rummykit.melds import MeldRules
from rummykit.registry import GameDefinition

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

R = TypeVar("R")
M = TypeVar("M", bound=ContractRummyMatch)


@attrs.frozen
class ContractRummy(GameDefinition[R, M]):
    """The base of a contract-rummy game definition: say which hooks it uses."""

    match_type: ClassVar[type[Any]] = ContractRummyMatch

    def meld_rules(self) -> MeldRules:
        """The rules' ``meld_rules()``."""
        rules: MeldRules = getattr(self.rules, "meld_rules")()  # noqa: B009
        return rules

    @abstractmethod
    def hooks(self) -> Hooks:
        """The hooks this game's matches use, chosen from its rules."""
