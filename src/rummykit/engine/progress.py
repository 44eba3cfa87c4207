"""The progress of a contract match from deal to deal: each deal's options (the
table's, with those its schedule deal sets), each seat's contract and buys left, the
stages of ``per_player_contracts`` and carried buys, and the end of the match and its
winners (:mod:`~rummykit.engine.ends`).

:class:`ProgressMatch` is the part of :class:`~rummykit.engine.core.ContractRummyMatch`
that moves the match on between deals; the turn itself is in :mod:`rummykit.engine.core`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummykit._memo import BoundedMemo
from rummykit.contracts import Contract
from rummykit.engine import ends
from rummykit.engine.deal_rules import deal_table
from rummykit.engine.listing import ListedMatch
from rummykit.engine.moves import layoff_memos
from rummykit.engine.state import ContractDeal, ContractMatchState
from rummykit.kit.effects import DealEnd
from rummykit.kit.protocol import DealScore, Outcome
from rummykit.melds import MeldRules


class ProgressMatch(ListedMatch):
    """Deals, contracts, buys and the end of a contract-rummy match."""

    def _enter_deal(self) -> None:
        """The options of deal ``state.deal_number``: the table's, with those its
        schedule deal sets (:mod:`~rummykit.engine.deal_rules`); the meld rules and
        card values follow them."""
        spec = self._deal_spec()
        options = self._table
        if spec is not None and spec.options:
            options = deal_table(self._table, spec, self.state.deal_number)
        if options is self.options:
            return
        self.options = options
        rules = shared_meld_rules(options.meld_rules)
        if rules is not self.meld_rules:
            self.meld_rules = rules
            self._new_memos()  # lay-offs found under other meld rules do not hold

    def _new_memos(self) -> None:
        self._layoffs = layoff_memos()  # shared by clones, not state

    def deal_count(self) -> int | None:
        """One deal per line of the schedule (without one: the options' ``deal_count``);
        ``None`` where a score or the seats' contracts end the match
        (:func:`~rummykit.engine.ends.deal_count`)."""
        return ends.deal_count(self._table, self._contracts)

    def _is_last_deal(self) -> bool:
        """Whether the deal just scored ends the match
        (:func:`~rummykit.engine.ends.match_over`)."""
        state = self.state
        return ends.match_over(
            self._table,
            deal_number=state.deal_number,
            contracts=self._contracts,
            totals=state.totals,
            penalties=state.penalty_totals,
            stages=state.stages,
        )

    def _contract_of_stage(self, stage: int) -> Contract:
        assert self._contracts is not None
        return self._contracts.deals[min(stage, len(self._contracts) - 1)].contract

    def _contract_of(self, seat: int) -> Contract | None:
        """``seat``'s contract this deal: the deal's, or its own stage's."""
        if self._table.per_player_contracts:
            return self._contract_of_stage(self.state.stages[seat])
        return self.deal.contract

    def _end_deal(self, reason: DealEnd, went_out: int | None, scores: Sequence[DealScore]) -> None:
        """Move the seats on (``per_player_contracts``) and carry their unused buys
        (``buys_carry_over``), then score the deal as every game does."""
        state = self.state
        if state.stages:
            for seat, down in enumerate(self.deal.down):
                if down:
                    state.stages[seat] += 1
        if state.carried_buys:
            for seat in range(self.players):
                left = self._ctx.buys_left(seat)
                state.carried_buys[seat] = 0 if left is None else max(0, left)
        super()._end_deal(reason, went_out, scores)

    def _restore(self, state: ContractMatchState, deal: ContractDeal, step: int) -> None:
        """Put a snapshot's state in place, with its deal's options."""
        super()._restore(state, deal, step)
        self._enter_deal()

    def _final_outcome(self) -> Outcome:
        """The winners by the options' ``winner_metric`` and ``tie_break``, or as the
        match's end says (:func:`~rummykit.engine.ends.final_outcome`)."""
        return ends.final_outcome(
            self._table, self.scores, self.penalties(), self.state.times_out, self.state.stages
        )


def shared_meld_rules(rules: MeldRules) -> MeldRules:
    """The first value equal to ``rules`` met (a bounded memo): matches of one game
    then share one value, which the solver's memos (kept by rules) find by identity
    instead of comparing every option."""
    return _RULES.get(rules) or _RULES.put(rules, rules)


_RULES: Final = BoundedMemo[MeldRules, MeldRules]("shared meld rules", rules=16)
