"""Actions: the decisions a seat makes, as frozen values with a text notation.

>>> from rummykit.actions import parse_action
>>> parse_action("take 3"), parse_action("discard qs")
(Take(count=3), Discard(card=QS))
>>> action = parse_action("down 7S 7H 7D / KS KC KD")
>>> str(action)
'down 7S 7H 7D / KS KC KD'
>>> str(parse_action("layoff 5H -> 2 low"))
'layoff 5H -> 2 low'
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummykit.cards import Card, parse_card, parse_cards
from rummykit.errors import NotationError
from rummykit.melds import End
from rummykit.melds.meld import Role, parse_meld_tokens

__all__ = [
    "Action",
    "Allow",
    "Ask",
    "Discard",
    "Done",
    "Down",
    "Draw",
    "LayOff",
    "NextDeal",
    "Pass",
    "Play",
    "Refuse",
    "Take",
    "format_action",
    "parse_action",
]


@attrs.frozen
class Draw:
    """Take the top card of the stock (MAYI-7.3a)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Take:
    """Take ``count`` cards from the top of the discard pile (MAYI-7.3b/c, 9.8, 9.9)."""

    count: int = 1

    def __str__(self) -> str:
        return "take" if self.count == 1 else f"take {self.count}"


@attrs.frozen
class Ask:
    """Ask "May I?" for the disputed card (MAYI-9.3)."""

    def __str__(self) -> str:
        return "ask"


@attrs.frozen
class Pass:
    """Do not ask for the disputed card (or, first in line, do not take it)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Allow:
    """Consent to a request: "You may" (MAYI-9.6)."""

    def __str__(self) -> str:
        return "allow"


@attrs.frozen
class Refuse:
    """Refuse a request: "You may not" (MAYI-9.6); the refuser then takes the card."""

    def __str__(self) -> str:
        return "refuse"


_MeldText = tuple[tuple[Card, ...], tuple[Role | None, ...]]


def _melds(value: Iterable[_MeldText]) -> tuple[_MeldText, ...]:
    result = tuple(value)
    if not result:
        raise NotationError("down needs at least one meld", text="", token="", position=0)
    return result


@attrs.frozen
class Down:
    """Lay down melds from the hand: the contract (MAYI-11), each meld as cards and the
    declared role of each card (``None`` unless a wild card's meaning is declared)."""

    melds: tuple[_MeldText, ...] = attrs.field(converter=_melds)

    @classmethod
    def of(cls, *melds: tuple[Card, ...]) -> Down:
        """A laydown of plain card groups (no declared roles)."""
        return cls(tuple((tuple(cards), (None,) * len(cards)) for cards in melds))

    def __str__(self) -> str:
        parts = []
        for cards, roles in self.melds:
            parts.append(
                " ".join(
                    card.notation if role is None else f"{card.notation}({_role(role)})"
                    for card, role in zip(cards, roles, strict=True)
                )
            )
        return "down " + " / ".join(parts)


def _role(role: Role) -> str:
    return role.notation if isinstance(role, Card) else role.symbol


@attrs.frozen
class LayOff:
    """Add one card to meld ``target`` on the table, at ``end`` of a run (MAYI-12)."""

    card: Card
    target: int
    end: End | None = None

    def __str__(self) -> str:
        end = "" if self.end is None else f" {self.end.value}"
        return f"layoff {self.card} -> {self.target}{end}"


@attrs.frozen
class Discard:
    """Put ``card`` face up on the pile, ending the turn (MAYI-7.5)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Done:
    """End a meld step that has no discard (buy turns, refusal takes, option (c))."""

    def __str__(self) -> str:
        return "done"


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    result = tuple(value)
    if not result:
        raise NotationError("play needs at least one card", text="", token="", position=0)
    return result


@attrs.frozen
class Play:
    """Possession: play one card (Move S) or a sequence (Move Q) onto the pile (PSSN-5)."""

    cards: tuple[Card, ...] = attrs.field(converter=_cards)

    def __str__(self) -> str:
        return "play " + " ".join(card.notation for card in self.cards)


@attrs.frozen
class NextDeal:
    """Start the next deal, when dealing is not automatic."""

    def __str__(self) -> str:
        return "next"


Action = (
    Draw | Take | Ask | Pass | Allow | Refuse | Down | LayOff | Discard | Done | NextDeal | Play
)
"""Every decision a seat (or, for ``next``, the table) can make."""

_SIMPLE: dict[str, Action] = {
    "draw": Draw(),
    "ask": Ask(),
    "pass": Pass(),
    "allow": Allow(),
    "refuse": Refuse(),
    "done": Done(),
    "next": NextDeal(),
}


def format_action(action: Action) -> str:
    """The notation of ``action``; :func:`parse_action` reads it back."""
    return str(action)


def _fail(text: str, reason: str, token: str = "", position: int = 0) -> NotationError:
    return NotationError(f"{reason} in action {text!r}", text=text, token=token, position=position)


def parse_action(text: str) -> Action:
    """Read an action: ``draw``, ``take``, ``take 3``, ``ask``, ``pass``, ``allow``,
    ``refuse``, ``down 7S 7H 7D / KS KC KD``, ``layoff 5H -> 2 low``, ``discard QS``,
    ``play 9C 10C JC``, ``done``, ``next``."""
    if not isinstance(text, str):
        raise NotationError(
            f"expected a string, got {type(text).__name__}", text="", token="", position=0
        )
    words = text.split()
    if not words:
        raise _fail(text, "empty action")
    verb = words[0].lower()
    rest = text.strip()[len(words[0]) :].strip()
    if verb in _SIMPLE and not rest:
        return _SIMPLE[verb]
    if verb == "take":
        if not rest:
            return Take()
        if not rest.isdigit() or int(rest) < 1:
            raise _fail(text, "take wants a number of cards >= 1", rest, 1)
        return Take(int(rest))
    if verb == "play":
        cards = parse_cards(rest)
        return Play(cards) if cards else _raise(_fail(text, "play what?"))
    if verb == "discard":
        return Discard(parse_card(rest)) if rest else _raise(_fail(text, "discard what?"))
    if verb == "down":
        melds = []
        for part in rest.split("/"):
            cards, roles = parse_meld_tokens(part)
            if not cards:
                raise _fail(text, "an empty meld")
            melds.append((cards, roles))
        if not melds:
            raise _fail(text, "down needs melds")
        return Down(tuple(melds))
    if verb == "layoff":
        card_text, arrow, target_text = rest.partition("->")
        if not arrow:
            raise _fail(text, "layoff is written 'layoff CARD -> MELD [low|high]'")
        target_words = target_text.split()
        if not target_words or not target_words[0].isdigit() or len(target_words) > 2:
            raise _fail(text, "the meld is its number on the table", target_text.strip(), 2)
        end = None
        if len(target_words) == 2:
            try:
                end = End(target_words[1].lower())
            except ValueError:
                raise _fail(text, "the end is low or high", target_words[1], 3) from None
        return LayOff(parse_card(card_text.strip()), int(target_words[0]), end)
    raise _fail(text, f"unknown action {verb!r}", words[0], 0)


def _raise(error: Exception) -> Action:
    raise error
