"""Rummy on the engine's options alone: the base of variants that need no rules of
their own.

The game ``rummy`` is the contract-rummy engine with its
:class:`~rummykit.engine.TableOptions` as the rules: every engine option is a rules
option (the shoe, the hand size, the meld rules, the card values, the pile take, an
opening by points, the ends of the match), and nothing else is added. With a schedule
each deal has a contract, laid down whole and at once; without one a seat lays down any
valid melds. A seat lays off once it is down, and a seat that is down may exchange a
joker on the table for the card it stands for. No card is taken out of turn.

Kalooki 51, 500 Rum and a Phase-10-style game in ``examples/gallery/`` are variant files
of it (``base = "rummy"``); see the how-to "The rummy family".

>>> from rummykit import game
>>> plain = game("rummy", hand_size=7, deal_count=2)
>>> match = plain.new_match(players=3, seed=1)
>>> match.contract is None, len(match.hands[0]), match.deal_count()
(True, 7, 2)
"""

from __future__ import annotations

from typing import Any, ClassVar, final

import attrs

from rummykit.engine.actions import ExchangeJoker, LayOff
from rummykit.engine.context import TurnContext
from rummykit.engine.contract import ContractLayOffGate, ContractOpening
from rummykit.engine.definition import ContractRummy, turn_actions
from rummykit.engine.free import FreeOpening
from rummykit.engine.hooks import ExchangeGate, Hooks, Refusal
from rummykit.engine.options import TableOptions
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.kit.actions import Action
from rummykit.kit.protocol import DEAL_OVER, MATCH_OVER, Phase


@final
@attrs.frozen
class DownExchange(ExchangeGate):
    """A seat that is down may exchange a joker on the table (the freed joker goes to
    its hand only with ``to_hand``)."""

    to_hand: bool = True

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        """Refused before the seat is down."""
        if not ctx.deal.down[seat]:
            return ctx.clause("exchange"), f"{ctx.who(seat)} is not down yet"
        return None


@attrs.frozen
class Rummy(ContractRummy[TableOptions]):
    """Rummy on the engine's options (see the module)."""

    name: ClassVar[str] = "rummy"
    title: ClassVar[str] = "Rummy (the engine's options)"
    rules_type: ClassVar[type[TableOptions]] = TableOptions
    actions: ClassVar[tuple[type[Action], ...]] = turn_actions(table=(LayOff, ExchangeJoker))

    phases: ClassVar[tuple[Phase, ...]] = (DRAW, MELD, PICK, DEAL_OVER, MATCH_OVER)

    rules: TableOptions = attrs.field(factory=TableOptions)

    def hooks(self) -> Hooks:
        """Contracts with a schedule, any melds without; lay-offs and joker exchanges
        once down."""
        if self.rules.schedule is not None:
            return Hooks(
                opening=ContractOpening(),
                layoff_gate=ContractLayOffGate(),
                exchange=DownExchange(),
            )
        return Hooks(
            opening=FreeOpening(),
            layoff_gate=ContractLayOffGate(),
            exchange=DownExchange(),
        )
