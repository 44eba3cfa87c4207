"""The contract-rummy engine's own actions: lay melds down, lay off, exchange a joker, and
take a chosen card from the pile.

The turn's shared verbs (``draw``, ``take``, ``discard``, ``done``, ``pass``) are the kit's
(:mod:`rummykit.kit.actions`); a game on the engine adds these to its grammar.

>>> from rummykit.kit import ActionGrammar
>>> grammar = ActionGrammar(Down, LayOff, ExchangeJoker)
>>> str(grammar.parse("down 7S 7H 7D / KS KC KD"))
'down 7S 7H 7D / KS KC KD'
>>> str(grammar.parse("layoff 5H -> 2 low"))
'layoff 5H -> 2 low'

A wild card placed on the table may say what it stands for, in brackets after it as in a
meld (POSSO-11.4, 11.7); where the action does not name the card (the freed joker of an
exchange), the brackets follow the meld it goes to:

>>> grammar.parse("layoff JK(4H) -> 2")
LayOff(card=JK, target=2, end=None, role=4H)
>>> str(grammar.parse("exchange 8C -> 2 joker -> 3 (4h)"))
'exchange 8C -> 2 joker -> 3 (4H)'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Self

import attrs

from rummykit.cards import Card, parse_card
from rummykit.errors import NotationError
from rummykit.kit.actions import (
    Action,
    CardAction,
    MeldText,
    format_meaning,
    format_melds,
    notation_error,
    parse_meaning,
    parse_melds,
    parse_number,
    whole_field,
)
from rummykit.melds import End
from rummykit.melds.meld import Role
from rummykit.messages import Message


@attrs.frozen
class TakeCard(CardAction):
    """Take one chosen card from anywhere in the pile, after the top card
    (``multi_take_mode="any"``, MAYI-9.8 step 2); written ``take 3D``."""

    verb: ClassVar[str] = "take"


def _melds(value: Iterable[MeldText]) -> tuple[MeldText, ...]:
    # non_empty written out: a go-down listing builds many (one Python call fewer each)
    result = tuple(value)
    if not result:
        raise NotationError(Message("notation.no_melds"), text="", token="", position=0)
    return result


@attrs.frozen
class Down(Action):
    """Lay down melds from the hand: the contract (MAYI-11), each meld as cards and the
    declared role of each card (``None`` unless a wild card's meaning is declared)."""

    verb: ClassVar[str] = "down"
    melds: tuple[MeldText, ...] = attrs.field(converter=_melds)

    @classmethod
    def of(cls, *melds: tuple[Card, ...]) -> Down:
        """A laydown of plain card groups (no declared roles)."""
        return cls(tuple((tuple(cards), (None,) * len(cards)) for cards in melds))

    @classmethod
    def parse(cls, rest: str, text: str) -> Down:
        """``down 7S 7H 7D / KS KC KD``."""
        return cls(parse_melds(rest, text))

    def __str__(self) -> str:
        return "down " + format_melds(self.melds)


def _target(text: str, words: list[str]) -> tuple[int, Role | None, End | None]:
    """``MELD [(MEANING)] [low|high]``: a meld's number, what the placed card stands for
    (when the action does not name the card), and the end of a run."""
    target = parse_number(words[0]) if words else None
    if target is None:
        raise notation_error(text, Message("notation.meld_number"), " ".join(words), 2)
    rest = words[1:]
    role = None
    if rest and rest[0].startswith("("):
        _, role = parse_meaning(rest.pop(0), text)
    end = None
    if len(rest) > 1:
        raise notation_error(text, Message("notation.meld_number"), " ".join(words), 2)
    if rest:
        try:
            end = End(rest[0].lower())
        except ValueError:
            raise notation_error(text, Message("notation.end_word"), rest[0], 3) from None
    return target, role, end


def _end_text(end: End | None) -> str:
    return "" if end is None else f" {end.value}"


@attrs.frozen
class LayOff(Action):
    """Add one card to meld ``target`` on the table, at ``end`` of a run (MAYI-12), a
    wild card standing for ``role`` when declared (POSSO-11.4, 11.7: in a run, the card
    beyond the end it goes to, which then needs no ``end``; in a group, its rank)."""

    verb: ClassVar[str] = "layoff"
    card: Card
    target: int = attrs.field(validator=whole_field(0))
    end: End | None = None
    role: Role | None = None

    @classmethod
    def parse(cls, rest: str, text: str) -> LayOff:
        """``layoff 5H -> 2``, ``layoff 5H -> 2 low`` or ``layoff JK(4H) -> 2``."""
        card_text, arrow, target_text = rest.partition("->")
        if not arrow:
            raise notation_error(text, Message("notation.layoff_form"))
        card, role = parse_meaning(card_text.strip(), text)
        target, bracket, end = _target(text, target_text.split())
        if card is None or bracket is not None:
            raise notation_error(text, Message("notation.layoff_meaning"))
        return cls(card, target, end, role)

    def __str__(self) -> str:
        placed = format_meaning(self.card, self.role)
        return f"layoff {placed} -> {self.target}{_end_text(self.end)}"


@attrs.frozen
class JokerMove(Action):
    """The base of an action that puts ``card`` from the hand in place of the joker in
    meld ``target`` and places the freed joker on meld ``joker_to`` (at ``end`` of a
    run, standing for ``role`` when declared), or into the hand when ``joker_to`` is
    ``None``: a joker exchange (:class:`ExchangeJoker`) or a game's move of the same
    shape (Posso?'s swap correction). Written with its verb:
    ``VERB CARD -> MELD joker -> MELD [(MEANING)] [low|high]`` or
    ``VERB CARD -> MELD joker -> hand``."""

    card: Card
    target: int = attrs.field(validator=whole_field(0))
    joker_to: int | None = attrs.field(validator=whole_field(0, optional=True))
    end: End | None = None
    role: Role | None = None

    @classmethod
    def parse(cls, rest: str, text: str) -> Self:
        """``VERB 8C -> 2 joker -> 3 (4H)``."""
        words = rest.replace("->", " -> ").split()
        shape = len(words) >= 6 and words[1] == "->" and words[3].lower() == "joker"
        target = parse_number(words[2]) if shape else None
        if not shape or words[4] != "->" or target is None:
            raise notation_error(text, Message("notation.exchange_form"))
        card = parse_card(words[0])
        if words[5].lower() == "hand" and len(words) == 6:
            return cls(card, target, None)
        joker_to, role, end = _target(text, words[5:])
        return cls(card, target, joker_to, end, role)

    def __str__(self) -> str:
        if self.joker_to is None:
            return f"{self.verb} {self.card} -> {self.target} joker -> hand"
        meaning = "" if self.role is None else f" {format_meaning(None, self.role)}"
        return (
            f"{self.verb} {self.card} -> {self.target} joker -> {self.joker_to}"
            f"{meaning}{_end_text(self.end)}"
        )


@attrs.frozen
class ExchangeJoker(JokerMove):
    """Put ``card`` from the hand in place of the joker in meld ``target`` and place the
    freed joker on meld ``joker_to`` (at ``end`` of a run, standing for ``role`` when
    declared), or into the hand when ``joker_to`` is ``None`` (POSSO-11.6). Written
    ``exchange 8C -> 2 joker -> 3 (4H)``, ``exchange 8C -> 2 joker -> 3 high`` or
    ``exchange 8C -> 2 joker -> hand``."""

    verb: ClassVar[str] = "exchange"
