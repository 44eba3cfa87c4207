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
'B takes 7H on their refusal: 1 pile card and 0 penalty cards'
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummykit.kit.effects import CardEffect, Echo, SeatEffect

__all__ = ["Allowed", "Answer", "Asked", "Bought", "Refused", "TookOnRefusal"]


@attrs.frozen
class Asked(CardEffect, Echo):
    """``seat`` asked "May I?" for the disputed ``card`` (MAYI-9.3)."""

    message_code: ClassVar[str] = "effect.asked"


@attrs.frozen
class Answer(SeatEffect, Echo):
    """The base of ``seat``'s answer to ``requester``'s request (MAYI-9.6): ``seat``
    :attr:`answers` the requester, saying :attr:`words`."""

    requester: int
    answers: ClassVar[str] = ""
    """What the answer does to the request (``allows``)."""
    words: ClassVar[str] = ""
    """What the seat says (``You may``)."""
    message_code: ClassVar[str] = "effect.answered"
    """The answer's message code (the base says only that it answered)."""


@attrs.frozen
class Allowed(Answer):
    """``seat`` consented to ``requester``'s request: "You may" (MAYI-9.6)."""

    answers: ClassVar[str] = "allows"
    words: ClassVar[str] = "You may"
    message_code: ClassVar[str] = "effect.allowed"


@attrs.frozen
class Refused(Answer):
    """``seat`` refused ``requester``'s request: "You may not" (MAYI-9.6); they take the
    card themselves (MAYI-9.7b, c)."""

    answers: ClassVar[str] = "refuses"
    words: ClassVar[str] = "You may not"
    message_code: ClassVar[str] = "effect.refused"


@attrs.frozen
class Bought(SeatEffect):
    """``seat`` bought the disputed card out of turn: ``kind`` is ``buy`` (asked and
    allowed, MAYI-9.7a) or ``forced`` (refused a request, MAYI-9.7c); ``pile_cards`` were
    taken and ``penalty_cards`` stock cards paid for them (MAYI-9.8). Each counts against
    the buy limit (MAYI-9.11)."""

    kind: str
    pile_cards: int
    penalty_cards: int

    message_code: ClassVar[str] = "effect.bought"


@attrs.frozen
class TookOnRefusal(CardEffect):
    """P1 (``seat``) refused a request and took the disputed ``card`` (MAYI-9.7b, 9.9):
    ``pile_cards`` pile cards in all, ``penalty_cards`` stock cards paid for those after
    the first. A refusal take is no buy: it does not count against the buy limit."""

    pile_cards: int
    penalty_cards: int

    message_code: ClassVar[str] = "effect.took_on_refusal"
