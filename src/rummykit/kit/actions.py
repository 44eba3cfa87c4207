"""Actions: the decisions a seat makes, as frozen values with a text notation.

Every action is a subclass of :class:`Action` with a ``verb`` (the first word of its
notation) and a :meth:`~Action.parse` class method for the rest of the words. A game
declares the action types it uses; an :class:`ActionGrammar` built from them reads text,
so a new game adds actions without editing this module. The kit holds the verbs many
games share (``draw``, ``take``, ``discard``, ``pass``, ``done``, ``next``); a game's own
actions live with the game (the contract-rummy engine's in :mod:`rummykit.engine.actions`).

>>> from rummykit.kit import parse_action
>>> parse_action("take 3"), parse_action("discard qs")
(Take(count=3), Discard(card=QS))
>>> str(parse_action("take"))
'take'
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

import attrs

from rummykit._memo import BoundedMemo
from rummykit.cards import Card, parse_card
from rummykit.errors import NotationError, shorten, shown
from rummykit.melds.meld import Role, parse_meld_tokens, parse_role, role_text
from rummykit.messages import Message

T = TypeVar("T")

MAX_DIGITS = 9
"""The longest number action notation reads (a count or a meld's place on the table)."""


def notation_error(
    text: str, reason: str | Message, token: str = "", position: int = 0
) -> NotationError:
    """The error for a badly written action: ``reason`` (a message, or text: code
    ``other``) in action ``text`` (shortened in the message, kept whole in the error's
    ``text``)."""
    detail = reason if isinstance(reason, Message) else Message("other", {"text": reason})
    said = Message("notation.in_action", {"detail": detail, "text": repr(shorten(text))})
    return NotationError(said, text=text, token=token, position=position)


def parse_number(word: str) -> int | None:
    """The whole number ``word`` writes in ASCII digits, or ``None``.

    Only ``0``-``9`` count (``str.isdigit`` also takes ``²`` and other digits ``int``
    refuses), and at most :data:`MAX_DIGITS` of them, so no input costs a huge conversion.

    >>> parse_number("12"), parse_number("²"), parse_number("1" * 10), parse_number("-1")
    (12, None, None, None)
    """
    if not word.isascii() or not word.isdigit() or len(word) > MAX_DIGITS:
        return None
    return int(word)


def whole_field(low: int, *, optional: bool = False) -> Callable[[Any, Any, Any], None]:
    """An attrs validator for an action's number field (a count, a meld's place): an
    ``int`` (not a bool, not a float) of at least ``low`` and at most ``MAX_DIGITS``
    digits (as the notation reads), or ``None`` when ``optional``.
    A wrong value fails when the action is built, as a
    :class:`~rummykit.errors.NotationError`, not later inside a match.

    >>> Take(1.0)
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: an action's count must be a whole number >= 1 of at most 9
    digits, got 1.0
    """

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is None and optional:
            return
        if type(value) is not int or not low <= value < 10**MAX_DIGITS:
            params: dict[str, object] = {"name": attribute.name, "least": low, "digits": MAX_DIGITS}
            said = Message("notation.number", params | {"value": shown(value)})
            raise NotationError(said, text="", token="", position=0)

    return check


def non_empty(values: Iterable[T], message: str | Message) -> tuple[T, ...]:
    """``values`` as a tuple for an action's list field (the melds of a go-down, the
    cards of a play), none at all a :class:`~rummykit.errors.NotationError` saying
    ``message``: the body of such a field's converter.

    >>> non_empty([], "play needs at least one card")
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: play needs at least one card
    """
    result = tuple(values)
    if not result:
        raise NotationError(message, text="", token="", position=0)
    return result


@attrs.frozen
class Action:
    """The base of every action: a verb and, in subclasses, its fields.

    A subclass with no fields is written as its verb alone; one with fields overrides
    :meth:`parse` (read the words after the verb) and ``__str__`` (write them back).
    """

    verb: ClassVar[str] = ""
    """The first word of the notation (``draw``, ``take``, ``knock``)."""

    @classmethod
    def parse(cls, rest: str, text: str) -> Self:
        """Read the words after the verb (``rest``) of action ``text``."""
        if rest:
            raise notation_error(
                text, Message("notation.no_arguments", {"verb": cls.verb}), rest, 1
            )
        return cls()

    def __str__(self) -> str:
        return self.verb

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON: ``{"type": verb, "text": notation, ...fields}`` (see
        :mod:`rummykit.kit.codec`); :func:`action_from_dict` reads it back.

        >>> Take(count=2).to_dict()
        {'type': 'take', 'text': 'take 2', 'count': 2}
        """
        from rummykit.kit.codec import to_json

        data: dict[str, Any] = to_json(self)
        return data


@attrs.frozen
class Draw(Action):
    """Take the top card of the stock."""

    verb: ClassVar[str] = "draw"


@attrs.frozen
class Take(Action):
    """Take ``count`` cards from the top of the discard pile."""

    verb: ClassVar[str] = "take"
    count: int = attrs.field(default=1, validator=whole_field(1))

    @classmethod
    def parse(cls, rest: str, text: str) -> Take:
        """``take`` or ``take N``."""
        if not rest:
            return cls()
        count = parse_number(rest)
        if count is None or count < 1:
            raise notation_error(text, Message("notation.take_count"), rest, 1)
        return cls(count)

    def __str__(self) -> str:
        return "take" if self.count == 1 else f"take {self.count}"

    @staticmethod
    def up_to(most: int) -> tuple[Take, ...]:
        """``take 1`` to ``take most``, made once and shared (a draw step lists them
        every turn; they are values).

        >>> [str(take) for take in Take.up_to(3)]
        ['take', 'take 2', 'take 3']
        """
        if 0 <= most < len(_UP_TO):
            return _UP_TO[most]
        while len(_UP_TO) <= most:
            _UP_TO.append((*_UP_TO[-1], Take(len(_UP_TO))))
        return _UP_TO[most] if most > 0 else ()


_UP_TO: list[tuple[Take, ...]] = [()]
"""``()``, ``(Take(1),)``, ``(Take(1), Take(2))``, … as :meth:`Take.up_to` has needed them
(each longer one shares the values of the shorter)."""


def _card(value: object) -> Card:
    if not isinstance(value, Card):
        said = Message("notation.action_card", {"value": repr(value)})
        raise NotationError(said, text="", token="", position=0)
    return value


@attrs.frozen
class CardAction(Action):
    """The base of an action that names one card, written ``VERB CARD``; a game's own
    (``knock 7H``) subclasses it and sets ``verb``."""

    card: Card = attrs.field(converter=_card)

    @classmethod
    def parse(cls, rest: str, text: str) -> Self:
        """``VERB CARD``."""
        if not rest:
            raise notation_error(text, Message("notation.which_card", {"verb": cls.verb}))
        return cls(parse_card(rest))

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"


@attrs.frozen
class Pass(Action):
    """Let a decision go by: do not claim the disputed card, or (in a shedding game) neither
    play nor draw."""

    verb: ClassVar[str] = "pass"


MeldText = tuple[tuple[Card, ...], tuple[Role | None, ...]]
"""A meld as an action writes it: its cards, and each card's declared role (``None``
unless a wild card's meaning is declared)."""
_MeldText = MeldText


def format_melds(melds: Iterable[_MeldText]) -> str:
    """Melds as ``7S 7H 7D / 9C JK(10C) JC QC``: the notation of an action that lays
    melds down (the engine's :class:`~rummykit.engine.actions.Down`)."""
    parts = []
    for cards, roles in melds:
        parts.append(
            " ".join(
                card.notation if role is None else f"{card.notation}({role_text(role)})"
                for card, role in zip(cards, roles, strict=True)
            )
        )
    return " / ".join(parts)


def parse_melds(rest: str, text: str) -> tuple[_MeldText, ...]:
    """Read melds separated by ``/`` (the notation :func:`format_melds` writes)."""
    melds = []
    for part in rest.split("/"):
        cards, roles = parse_meld_tokens(part)
        if not cards:
            raise notation_error(text, Message("notation.empty_meld"))
        melds.append((cards, roles))
    return tuple(melds)


def format_meaning(card: Card | None, role: Role | None) -> str:
    """A placed card with what it stands for, the way a meld writes it: ``JK(4H)``, or
    ``5H`` without a declared meaning; with no ``card`` (an action whose card goes
    without saying: the correction's discard, an exchange's freed joker), the meaning
    alone in brackets, ``(4H)``, or nothing.

    >>> from rummykit import JOKER
    >>> format_meaning(JOKER, parse_role("4H")), format_meaning(None, parse_role("7"))
    ('JK(4H)', '(7)')
    """
    card_text = "" if card is None else card.notation
    return card_text if role is None else f"{card_text}({role_text(role)})"


def parse_meaning(word: str, text: str) -> tuple[Card | None, Role | None]:
    """Read one word :func:`format_meaning` wrote: ``JK(4H)``, ``5H``, or ``(4H)`` (no card)."""
    if word.startswith("(") and word.endswith(")"):
        try:
            return None, parse_role(word[1:-1])
        except NotationError as error:
            raise notation_error(text, error.message, word) from None
    if word.count("(") > 1:
        raise notation_error(text, Message("notation.one_meaning"), word)
    cards, roles = parse_meld_tokens(word)
    if len(cards) != 1:
        raise notation_error(text, Message("notation.one_card_meaning"), word)
    return cards[0], roles[0]


@attrs.frozen
class Discard(CardAction):
    """Put ``card`` face up on the pile, ending the turn."""

    verb: ClassVar[str] = "discard"


@attrs.frozen
class Done(Action):
    """End a step that has no discard (a contract game's meld step after a buy, say)."""

    verb: ClassVar[str] = "done"


@attrs.frozen
class NextDeal(Action):
    """Start the next deal, when dealing is not automatic."""

    verb: ClassVar[str] = "next"


class ActionGrammar:
    """Reads action notation for a set of action types, dispatching on the verb.

    Two types may share a verb when one of them reads a number or nothing and the other a
    card (``take 3`` and ``take 3D``): the first whose :meth:`Action.parse` accepts the
    words wins, in the order given.

    >>> grammar = ActionGrammar(Draw, Discard)
    >>> grammar.parse("discard 7h")
    Discard(card=7H)
    >>> grammar.verbs
    ('discard', 'draw')
    """

    def __init__(self, *types: type[Action]) -> None:
        self.types = types
        self._by_verb: dict[str, list[type[Action]]] = {}
        self._close: BoundedMemo[str, tuple[str, ...]] = BoundedMemo(
            "verb hints", entries=256, shared=False
        )
        """The known verb nearest each unknown verb asked (a refusal of a bad action
        compares the verb with every known one)."""
        for kind in types:
            if not kind.verb or kind.verb != kind.verb.lower() or " " in kind.verb:
                raise ValueError(f"{kind.__name__}.verb must be one lower-case word")
            self._by_verb.setdefault(kind.verb, []).append(kind)

    @property
    def verbs(self) -> tuple[str, ...]:
        """Every verb this grammar reads, sorted."""
        return tuple(sorted(self._by_verb))

    def parse(self, text: str) -> Action:
        """Read one action; a :class:`~rummykit.errors.NotationError` says what is wrong."""
        if not isinstance(text, str):
            said = Message("notation.not_text", {"type": type(text).__name__})
            raise NotationError(said, text="", token="", position=0)
        words = text.split()
        if not words:
            raise notation_error(text, Message("notation.empty_action"))
        verb = words[0].lower()
        rest = text.strip()[len(words[0]) :].strip()
        kinds = self._by_verb.get(verb)
        if not kinds:
            # a word over 7/3 of the longest verb's length cannot reach difflib's 0.6
            # ratio (2 * matched / total): skipped, so a megabyte of text is not compared
            longest = max(map(len, self._by_verb), default=0)
            close: tuple[str, ...] | None = ()
            if 3 * len(verb) <= 7 * longest:  # (a longer word is neither compared nor kept)
                close = self._close.get(verb)
                if close is None:
                    found = difflib.get_close_matches(verb, self._by_verb, n=1)
                    close = self._close.put(verb, tuple(found))
            params: dict[str, object] = {
                "verb": repr(shorten(verb)),
                "verbs": ", ".join(self.verbs),
            }
            if close:
                said = Message("notation.unknown_action_hint", params | {"close": repr(close[0])})
            else:
                said = Message("notation.unknown_action", params)
            raise notation_error(text, said, verb)
        first_error: NotationError | None = None
        for kind in kinds:
            try:
                return kind.parse(rest, text)
            except NotationError as error:
                first_error = first_error or error
        assert first_error is not None
        raise first_error

    def from_dict(self, data: Mapping[str, Any]) -> Action:
        """Read one action from its JSON (see :func:`action_from_dict`)."""
        return action_from_dict(data, self)


def action_from_dict(data: Mapping[str, Any], grammar: ActionGrammar) -> Action:
    """The action ``data`` describes (as :meth:`Action.to_dict` writes it), read from its
    ``text`` with ``grammar``; a ``type`` or field that disagrees with the text is a
    :class:`~rummykit.errors.NotationError`. A client may send the text alone, or the
    ``type`` and fields alone (:func:`rummykit.kit.codec.action_from_fields`).

    >>> action_from_dict({"text": "discard QS"}, ActionGrammar(Discard))
    Discard(card=QS)
    >>> action_from_dict({"type": "draw", "text": "discard QS"}, ActionGrammar(Discard))
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: the action's type 'draw' does not match its text 'discard QS'
    """
    text = data.get("text") if isinstance(data, Mapping) else None
    if text is None and isinstance(data, Mapping) and "type" in data:
        from rummykit.kit.codec import action_from_fields  # the codec reads typed fields

        return action_from_fields(data, grammar)
    if not isinstance(text, str):
        said = Message("notation.action_object", {"value": shown(data)})
        raise NotationError(said, text="", token="", position=0)
    action = grammar.parse(text)
    written = action.to_dict()
    for key, value in data.items():
        if written.get(key, _ABSENT) != value:
            params: dict[str, object] = {"value": shown(value), "text": repr(shorten(text))}
            if key == "type":
                said = Message("notation.type_mismatch", params)
            else:
                params["field"] = repr(shorten(str(key)))
                said = Message("notation.field_mismatch", params)
            raise NotationError(said, text=text, token="", position=0)
    return action


_ABSENT = object()


KIT_ACTIONS: tuple[type[Action], ...] = (Draw, Take, Pass, Discard, Done, NextDeal)
"""The action types the kit shares among games: ``draw``, ``take``, ``pass``,
``discard``, ``done``, ``next``."""

_KIT = ActionGrammar(*KIT_ACTIONS)


def format_action(action: Action) -> str:
    """The notation of ``action``; :func:`parse_action` reads it back."""
    return str(action)


def parse_action(text: str, grammar: ActionGrammar | None = None) -> Action:
    """Read an action with ``grammar``: a game's own (``definition.grammar``), or by
    default the kit's shared verbs (:data:`KIT_ACTIONS`): ``draw``, ``take``,
    ``take 3``, ``pass``, ``discard QS``, ``done``, ``next``.

    >>> from rummykit import game
    >>> parse_action("play 9C 10C JC", game("possession").grammar)
    Play(cards=(9C, 10C, JC))
    """
    return (grammar or _KIT).parse(text)


def describe_actions(actions: Sequence[Action], *, most: int = 12) -> str:
    """The legal actions for an error message: all of them, or the first ``most`` and
    how many more there are (``legal_actions()`` lists them all)."""
    shown = ", ".join(str(action) for action in actions[:most])
    if len(actions) > most:
        shown += f", and {len(actions) - most} more"
    return shown or "none"
