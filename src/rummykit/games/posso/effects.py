"""Posso?'s own effects: a claim declared and a free claim laid down (POSSO-9), a
playable discard flagged and its correction (POSSO-14.4, 14.5).

A declared claim is public as soon as it is made (POSSO-9.3), so these effects hide
nothing from any seat; a seat passing in the claim, correction or second-claim step says
the kit's :class:`~rummykit.kit.effects.Passed`.

>>> from rummykit import parse_card
>>> from rummykit.games.posso.effects import Flagged
>>> Flagged(seat=0, card=parse_card("7H")).text
'A discarded a playable 7H (POSSO-14.4)'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.cards import Card
from rummykit.engine.effects import OnMeld
from rummykit.kit.effects import CardEffect, Echo
from rummykit.melds import Meld
from rummykit.messages import Message

__all__ = ["ClaimDeclared", "Claimed", "Corrected", "Flagged"]


@attrs.frozen
class ClaimDeclared(CardEffect, Echo):
    """``seat`` said "Posso?" for ``card`` in a claim window, naming ``melds`` (the cards
    of each meld it would lay down, ``card`` among them; none for a claim into the hand)
    (POSSO-9.3). The claim is settled when every eligible seat has answered: the first
    claimant wins (:class:`Claimed`), the others lapse (POSSO-9.4).

    >>> from rummykit import parse_card, parse_cards
    >>> ClaimDeclared(seat=2, card=parse_card("7H"), melds=(parse_cards("7H 7S 7C"),)).text
    'C says "Posso?" for 7H: 7H 7S 7C'
    """

    melds: tuple[tuple[Card, ...], ...] = ()

    @property
    def message(self) -> Message:
        params = {"seat": self.seat, "card": self.card, "melds": self.melds}
        return Message(
            "effect.claim_declared" if self.melds else "effect.claim_declared_hand", params
        )


@attrs.frozen
class Claimed(CardEffect):
    """``seat`` claimed ``card`` out of turn, free, and laid it down at once in ``melds``
    (at ``targets``), or took it into the hand (Posso?'s "Posso?", POSSO-9)."""

    melds: tuple[Meld, ...]
    targets: tuple[int, ...]
    opened: bool = False

    @property
    def message(self) -> Message:
        params = {"seat": self.seat, "card": self.card, "melds": self.melds}
        return Message("effect.claimed" if self.melds else "effect.claimed_hand", params)


@attrs.frozen
class Flagged(CardEffect):
    """``seat`` discarded ``card``, which they could have laid off (POSSO-14.4)."""

    message_code: ClassVar[str] = "effect.flagged"


@attrs.frozen
class Corrected(OnMeld):
    """``seat`` put the flagged ``card`` on meld ``target`` (POSSO-14.5)."""

    message_code: ClassVar[str] = "effect.corrected"
