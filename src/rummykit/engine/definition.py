"""The definition of a contract-rummy game: its rules and the hooks its matches use."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, TypeVar

import attrs

from rummykit.engine.core import ContractRummyMatch
from rummykit.engine.hooks import Hooks
from rummykit.kit.definition import GameDefinition
from rummykit.melds import MeldRules
from rummykit.scoring import CardValues

__all__ = ["ContractRummy"]

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

    def card_values(self) -> CardValues:
        """The rules' ``card_values()``."""
        values: CardValues = getattr(self.rules, "card_values")()  # noqa: B009
        return values

    @abstractmethod
    def hooks(self) -> Hooks:
        """The hooks this game's matches use, chosen from its rules."""
