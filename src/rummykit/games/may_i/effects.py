"""May I?'s own effects: the claim window's requests and answers, buys out of turn with
their penalty cards, and P1's refusal take (MAYI-9).

Every answer in the window is public as soon as it is given (MAYI-9.3, 9.6), so these
effects hide nothing from any seat; a seat passing says the kit's
:class:`~rummykit.kit.effects.Passed`.

>>> from rummykit import parse_card
>>> from rummykit.games.may_i.effects import Asked, Refused, TookOnRefusal
>>> Asked(seat=2, card=parse_card("7H")).text
'C asks "May I?" for 7H'
>>> Refused(seat=1, requester=2).text
'B refuses C: "You may not"'
>>> TookOnRefusal(seat=1, card=parse_card("7H"), pile_cards=1, penalty_cards=0).text
'B takes 7H on his refusal: 1 pile card(s), 0 penalty card(s)'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.cards import Card
from rummykit.kit.effects import Effect, seat_name

__all__ = ["Allowed", "Asked", "Bought", "Refused", "TookOnRefusal"]


@attrs.frozen
class Asked(Effect):
    """``seat`` asked "May I?" for the disputed ``card`` (MAYI-9.3)."""

    seat: int
    card: Card

    echoes: ClassVar[bool] = True

    @property
    def text(self) -> str:
        return f'{seat_name(self.seat)} asks "May I?" for {self.card}'


@attrs.frozen
class Allowed(Effect):
    """``seat`` consented to ``requester``'s request: "You may" (MAYI-9.6)."""

    seat: int
    requester: int

    echoes: ClassVar[bool] = True

    @property
    def text(self) -> str:
        return f'{seat_name(self.seat)} allows {seat_name(self.requester)}: "You may"'


@attrs.frozen
class Refused(Effect):
    """``seat`` refused ``requester``'s request: "You may not" (MAYI-9.6); he takes the
    card himself (MAYI-9.7b, c)."""

    seat: int
    requester: int

    echoes: ClassVar[bool] = True

    @property
    def text(self) -> str:
        return f'{seat_name(self.seat)} refuses {seat_name(self.requester)}: "You may not"'


@attrs.frozen
class Bought(Effect):
    """``seat`` bought the disputed card out of turn: ``kind`` is ``buy`` (asked and
    allowed, MAYI-9.7a) or ``forced`` (refused a request, MAYI-9.7c); ``pile_cards`` were
    taken and ``penalty_cards`` stock cards paid for them (MAYI-9.8). Each counts against
    the buy limit (MAYI-9.11)."""

    seat: int
    kind: str
    pile_cards: int
    penalty_cards: int

    @property
    def text(self) -> str:
        return (
            f"{seat_name(self.seat)} {self.kind}: {self.pile_cards} pile card(s), "
            f"{self.penalty_cards} penalty card(s)"
        )


@attrs.frozen
class TookOnRefusal(Effect):
    """P1 (``seat``) refused a request and took the disputed ``card`` (MAYI-9.7b, 9.9):
    ``pile_cards`` pile cards in all, ``penalty_cards`` stock cards paid for those after
    the first. A refusal take is no buy: it does not count against the buy limit."""

    seat: int
    card: Card
    pile_cards: int
    penalty_cards: int

    @property
    def text(self) -> str:
        return (
            f"{seat_name(self.seat)} takes {self.card} on his refusal: "
            f"{self.pile_cards} pile card(s), {self.penalty_cards} penalty card(s)"
        )
