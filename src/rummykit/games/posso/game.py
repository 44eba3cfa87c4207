"""Posso? (the Brazilian rules of May I?): the contract-rummy engine with Posso?'s hooks.

The rules data is :class:`~rummykit.games.posso.rules.PossoRules`; the hooks are the
opening minimum and free melding (:class:`~rummykit.games.posso.hooks.PossoOpening`),
lay-offs and joker exchanges by opened players, forced play
(:class:`~rummykit.games.posso.hooks.ForcedPlay`) and the free "Posso?" claim with the
correction claim (:class:`~rummykit.games.posso.claims.PossoClaims`).

>>> from rummykit import game
>>> match = game("posso").new_match(players=4, seed=7)
>>> match.deal_count(), match.view(match.to_act).contract, len(match.pile)
(4, Contract.parse('1G+1R', exact=False), 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

import attrs

from rummykit.contracts.schedules import ContractSchedule
from rummykit.engine import DRAW, MELD, ContractRummy, Hooks, TableOptions, turn_actions
from rummykit.engine.actions import ExchangeJoker, LayOff
from rummykit.games.posso.claims import (
    CLAIM,
    CORRECTION,
    SECOND_CLAIM,
    Claim,
    Correct,
    PossoClaims,
)
from rummykit.games.posso.correction import SwapCorrect
from rummykit.games.posso.effects import Claimed
from rummykit.games.posso.hooks import (
    ForcedPlay,
    PossoExchangeGate,
    PossoLayOffGate,
    PossoOpening,
)
from rummykit.games.posso.rules import PossoRules
from rummykit.kit.actions import Action, Pass
from rummykit.kit.effects import Effect
from rummykit.kit.protocol import DEAL_OVER, MATCH_OVER, Phase


@attrs.frozen
class Posso(ContractRummy[PossoRules]):
    """The Posso? game definition: its rules options;
    :meth:`~rummykit.kit.definition.GameDefinition.new_match` makes a match."""

    name: ClassVar[str] = "posso"
    title: ClassVar[str] = "Posso?"
    rules_type: ClassVar[type[PossoRules]] = PossoRules
    actions: ClassVar[tuple[type[Action], ...]] = turn_actions(
        claims=(Claim, Correct, Pass),
        table=(LayOff, ExchangeJoker),
        last=(SwapCorrect,),  # last: the RL encoding's earlier blocks keep their places
    )
    phases: ClassVar[tuple[Phase, ...]] = (
        CORRECTION,
        SECOND_CLAIM,
        DRAW,
        CLAIM,
        MELD,
        DEAL_OVER,
        MATCH_OVER,
    )
    clauses: ClassVar[Mapping[str, str]] = {"jokers": "POSSO-2.2"}

    clause_prefix: ClassVar[str] = "POSSO"
    refusal_clauses: ClassVar[Mapping[str, str]] = {
        "players": "POSSO-1.1",
        "draw": "POSSO-8.2",
        "meld": "POSSO-8.4",
        "discard": "POSSO-8.6",
        "taken_card": "POSSO-8.6",
        "own_discard": "POSSO-8.2",
        "empty_pile": "POSSO-8.2",
        "multi_take": "POSSO-8.2",
        "no_discard": "POSSO-15.3",
        "going_out": "POSSO-15.3",
        "single_card": "POSSO-15.3",
        "layoff": "POSSO-13",
        "layoff_target": "POSSO-13.4",
        "layoff_fit": "POSSO-13.4",
        "exchange": "POSSO-11.6",
        "match_over": "POSSO-18.1",
    }
    """The clauses of Posso?'s rules that its refusals cite."""

    rules: PossoRules = attrs.field(factory=PossoRules)

    def deal_schedule(self, players: int, options: TableOptions) -> ContractSchedule:
        """POSSO-4.3, 18.1: the opening requirement, one deal per player by default."""
        return self.rules.schedule(players=players)

    def take_of(self, effect: Effect) -> Literal["buy", "take"] | None:
        """A ``Claimed`` effect: a free claim (POSSO-9)."""
        return "take" if isinstance(effect, Claimed) else None

    def hooks(self) -> Hooks:
        """Posso?'s hooks, set by its rules."""
        rules = self.rules
        return Hooks(
            opening=PossoOpening(),
            layoff_gate=PossoLayOffGate(same_turn=rules.layoff_same_turn_as_contract),
            claims=PossoClaims(),
            action_filter=ForcedPlay(),
            exchange=PossoExchangeGate(to_hand=rules.joker_swap_to_hand),
        )
