"""Possession's own action: play one card or a sequence onto the pile (PSSN-5).

>>> from rummykit.kit import ActionGrammar
>>> ActionGrammar(Play).parse("play 9C 10C JC")
Play(cards=(9C, 10C, JC))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from rummykit.cards import Card, parse_cards
from rummykit.kit.actions import Action, non_empty, notation_error
from rummykit.messages import Message

__all__ = ["Play"]


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    if type(value) is tuple and value:  # the listing's own tuples: nothing to convert
        return value
    return non_empty(value, Message("notation.play_none"))


@attrs.frozen
class Play(Action):
    """Play one card (Move S) or a sequence (Move Q) onto the pile (PSSN-5)."""

    verb: ClassVar[str] = "play"
    cards: tuple[Card, ...] = attrs.field(converter=_cards)

    @classmethod
    def parse(cls, rest: str, text: str) -> Play:
        """``play 9C 10C JC``."""
        cards = parse_cards(rest)
        if not cards:
            raise notation_error(text, Message("notation.play_what"))
        return cls(cards)

    def __str__(self) -> str:
        return "play " + " ".join(card.notation for card in self.cards)
