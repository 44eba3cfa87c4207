"""May I? (the Russian «Можно?»): the contract-rummy engine with May I?'s hooks.

The rules data is :class:`~rummykit.games.may_i.rules.MayIRules`; the hooks are the
deal's exact contract (:class:`~rummykit.engine.contract.ContractOpening`), lay-offs once
down (:class:`~rummykit.engine.contract.ContractLayOffGate`) and the "May I?" claim
window (:class:`~rummykit.games.may_i.claims.MayIClaims`).

>>> from rummykit.games.may_i import MayI
>>> match = MayI().new_match(players=4, seed=7)
>>> match.phase, match.to_act, len(match.view(match.to_act).hand)
(Phase('draw'), 3, 10)
>>> [str(action) for action in match.legal_actions()]
['draw']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

import attrs

from rummykit.engine import (
    DRAW,
    MELD,
    PICK,
    ContractLayOffGate,
    ContractOpening,
    ContractRummy,
    Hooks,
    turn_actions,
)
from rummykit.engine.actions import TakeCard
from rummykit.games.may_i.actions import Allow, Ask, Refuse
from rummykit.games.may_i.claims import BUY, CONSENT, FIRST_REFUSAL, REQUEST, MayIClaims
from rummykit.games.may_i.effects import Bought, TookOnRefusal
from rummykit.games.may_i.rules import MayIRules
from rummykit.kit.actions import Action, Pass
from rummykit.kit.effects import Effect
from rummykit.kit.protocol import DEAL_OVER, MATCH_OVER, Phase


@attrs.frozen
class MayI(ContractRummy[MayIRules]):
    """The May I? game definition: its rules options;
    :meth:`~rummykit.kit.definition.GameDefinition.new_match` makes a match."""

    name: ClassVar[str] = "may-i"
    title: ClassVar[str] = "May I?"
    rules_type: ClassVar[type[MayIRules]] = MayIRules
    actions: ClassVar[tuple[type[Action], ...]] = turn_actions(
        claims=(TakeCard, Ask, Pass, Allow, Refuse)
    )
    phases: ClassVar[tuple[Phase, ...]] = (
        DRAW,
        MELD,
        PICK,
        FIRST_REFUSAL,
        REQUEST,
        CONSENT,
        BUY,
        DEAL_OVER,
        MATCH_OVER,
    )

    clauses: ClassVar[Mapping[str, str]] = {"jokers": "MAYI-2.2"}

    clause_prefix: ClassVar[str] = "MAYI"
    refusal_clauses: ClassVar[Mapping[str, str]] = {
        "players": "MAYI-1.1",
        "draw": "MAYI-7.3",
        "meld": "MAYI-7.4",
        "pick": "MAYI-9.8",
        "discard": "MAYI-7.5",
        "taken_card": "MAYI-7.5c",
        "own_discard": "MAYI-8.4",
        "empty_pile": "MAYI-6.2",
        "multi_take": "MAYI-9.8",
        "no_discard": "MAYI-9.8",
        "going_out": "MAYI-13.2",
        "single_card": "MAYI-13.3",
        "layoff": "MAYI-12",
        "layoff_target": "MAYI-12.2",
        "layoff_fit": "MAYI-12.3",
        "layoff_gate": "MAYI-12.1",
        "match_over": "MAYI-16.1",
        "down": "MAYI-11",
        "no_new_melds": "MAYI-11.2",
        "one_at_a_time": "MAYI-11.3",
        "hold": "MAYI-11.6",
        "melds": "MAYI-10",
    }
    """The clauses of May I?'s rules that its refusals cite (no joker exchange here)."""

    rules: MayIRules = attrs.field(factory=MayIRules)

    def take_of(self, effect: Effect) -> Literal["buy", "take"] | None:
        """A ``Bought`` effect is a buy, asked or forced (MAYI-9.7a, c, 9.8); a
        ``TookOnRefusal`` effect a take (MAYI-9.9)."""
        if isinstance(effect, Bought):
            return "buy"
        return "take" if isinstance(effect, TookOnRefusal) else None

    def hooks(self) -> Hooks:
        """May I?'s hooks, set by its rules."""
        rules = self.rules
        return Hooks(
            opening=ContractOpening(all_at_once=rules.contract_all_at_once),
            layoff_gate=ContractLayOffGate(
                requires_contract=rules.layoff_requires_contract,
                same_turn=rules.layoff_same_turn_as_contract,
            ),
            claims=MayIClaims(rules),
        )
