"""POSSO-14.5 step 5: the correction of a discard flagged because it fits a meld only
by taking a joker's place (``swap_counts_as_playable``).

Placing such a card X is that exchange: X takes the joker's place, and the next player
N places the freed joker at once, as POSSO-11.6 (a) or (b) says: in the same meld at
another valid position, or in another meld on the table that has no joker and stays
valid with it, whether or not N has opened; never into a hand. If the joker fits
nowhere, that meld did not make X playable (the flag came from
:func:`~rummykit.games.posso.listing.is_playable`, which asks the same exchanges), so a
flag always comes with a correction N can make.

A swap correction is written as an exchange with the verb ``correct``: the flagged
card, the meld whose joker it takes the place of, and where the freed joker goes with
what it stands for there: ``correct 7H -> 2 joker -> 1 (KC)``;
``correct 7H -> 2 joker -> 2 (4H)`` keeps it in meld 2 at the other end.

>>> from rummykit.kit import ActionGrammar
>>> from rummykit.games.posso.claims import Correct
>>> grammar = ActionGrammar(Correct, SwapCorrect)
>>> grammar.parse("correct 7h -> 2 joker -> 1 (kc)"), str(grammar.parse("correct 2"))
(SwapCorrect(card=7H, target=2, joker_to=1, end=None, role=KC), 'correct 2')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from rummykit.cards import Card
from rummykit.engine.actions import JokerMove
from rummykit.errors import InvalidMeldError
from rummykit.games.posso.listing import playable_targets
from rummykit.melds import JokerExchange, joker_exchanges
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext


@attrs.frozen
class SwapCorrect(JokerMove):
    """POSSO-14.5 step 5: put the flagged ``card`` in the place of the joker of meld
    ``target`` and the freed joker on meld ``joker_to`` (standing for ``role``):
    ``correct 7H -> 2 joker -> 1 (KC)``. The fields and notation are a joker
    exchange's (both are a ``JokerMove``), never into a hand."""

    verb: ClassVar[str] = "correct"

    @classmethod
    def parse(cls, rest: str, text: str) -> Self:
        """``correct 7H -> 2 joker -> 1 (KC)``: an exchange's notation."""
        correct = super().parse(rest, text)
        if correct.joker_to is None:
            raise_hand(text)
        return correct


def raise_hand(text: str) -> None:
    """The freed joker of a correction never goes into a hand (POSSO-11.6)."""
    from rummykit.kit.actions import notation_error

    raise notation_error(text, Message("notation.correct_hand"))


def swap_outcomes(ctx: TurnContext[Any], index: int, card: Card) -> tuple[JokerExchange, ...]:
    """The exchanges that put ``card`` in a joker's place on meld ``index``, the freed
    joker placed on the table (POSSO-11.6 (a), (b)); none where ``card`` is laid off
    there as it is (a lay-off correction, POSSO-14.5 step 1), or where
    ``swap_counts_as_playable`` is off."""
    if not ctx.rules.swap_counts_as_playable or card.rank is None:
        return ()
    table = ctx.deal.table
    if ctx.grown_meld(table[index], card, None) is not None:
        return ()
    try:
        return joker_exchanges(table, index, card, ctx.meld_rules, to_hand=False)
    except InvalidMeldError:
        return ()


def swap_corrections(ctx: TurnContext[Any], discarder: int, card: Card) -> list[SwapCorrect]:
    """POSSO-14.5 step 5: one correction per meld that made ``card`` playable only by
    an exchange, and per place and meaning of the freed joker."""
    found: list[SwapCorrect] = []
    for index in playable_targets(ctx, discarder, card):
        for outcome in swap_outcomes(ctx, index, card):
            correct = SwapCorrect(card, index, outcome.target, None, outcome.role)
            if correct not in found:
                found.append(correct)
    return found


def swap_outcome(ctx: TurnContext[Any], action: SwapCorrect) -> JokerExchange | None:
    """The exchange ``action`` makes with the flagged card (``None``: none)."""
    for outcome in swap_outcomes(ctx, action.target, action.card):
        if outcome.target == action.joker_to and outcome.role == action.role:
            return outcome
    return None
