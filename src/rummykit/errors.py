"""The errors rummykit raises, one class per cause, all of them :class:`ValueError`.

Every error carries its data as attributes and a message that names the input and
the rule it broke, so a caller can show the message to a player or act on the fields:

>>> from rummykit import parse_cards, NotationError
>>> try:
...     parse_cards("AS 1H")
... except NotationError as error:
...     print(error.token, error.position)
...     print(error)
1H 1
card 1H at index 1: unknown rank '1' (expected A, 2-10, T, J, Q, K)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from rummykit.messages import Message

MESSAGE_LIMIT = 80
"""How many characters of an input an error message repeats (:func:`shorten`)."""
LONGEST_MESSAGE = 2000
"""The longest message any :class:`RummyError` carries; a longer one is cut with an
ellipsis (its attributes keep the whole input), whatever a player sent."""


def shorten(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, for messages: a player's
    input may be megabytes long, and a message repeats it.

    >>> shorten("take " + "9" * 200)[-3:], len(shorten("take " + "9" * 200)), shorten("draw")
    ('99…', 80, 'draw')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: object, limit: int = MESSAGE_LIMIT) -> str:
    """``repr(value)`` for a message, shortened (:func:`shorten`); a number too long to
    write (Python refuses over 4,300 digits) or a value nested too deeply is described
    instead of raising.

    >>> shown("x" * 100)[-4:], shown(10**5000)
    ('xxx…', 'a number too long to write')
    """
    try:
        text = repr(value)
    except ValueError:  # Python writes no int of over 4,300 digits
        if isinstance(value, int):
            return "a number too long to write"
        return f"a {type(value).__name__} holding a number too long to write"
    except RecursionError:
        return f"a {type(value).__name__} nested too deeply to show"
    return shorten(text, limit)


def _checked(owner: str, name: str, value: Any, kind: type, *, optional: bool = True) -> None:
    """Refuse an error's own argument of the wrong type: a :class:`TypeError` naming the
    error class and the argument, as Python refuses a mistyped argument (raising one of
    these errors about itself would hide the caller's mistake)."""
    if (value is None and optional) or (isinstance(value, kind) and not isinstance(value, bool)):
        return
    wanted = ("text" if kind is str else "a whole number") + (" or None" if optional else "")
    raise TypeError(f"{owner}'s {name} must be {wanted}, got {shown(value)}")


class RummyError(ValueError):
    """The base of every error rummykit raises on bad input or an illegal request.

    Its arguments are checked: ``reason`` and a cited ``rule`` or ``source`` are text,
    ``step`` and ``budget`` whole numbers; anything else is a :class:`TypeError`.

    >>> ConfigError("no such deck", rule=5)
    Traceback (most recent call last):
    TypeError: ConfigError's rule must be text or None, got 5
    """

    reason: str

    __slots__ = ("_english_reason", "_english_text")
    _english_reason: str
    _english_text: str
    """The English ``reason`` and ``str(error)`` of an error whose text is made from its
    message (:class:`IllegalActionError`, :class:`NotationError`, …), made at the first
    read and kept: an error is a value, and a refusal's text is read several times (its
    ``str``, its ``reason``, its ``to_dict()``). Slots, so neither ``vars(error)``, a
    pickle nor :meth:`to_dict` sees them."""

    def __init__(self, reason: str) -> None:
        if not isinstance(reason, str):
            raise TypeError(f"{type(self).__name__}'s reason must be text, got {shown(reason)}")
        super().__init__(shorten(reason, LONGEST_MESSAGE))
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle by message and attributes, not by the constructor's arguments (some are
        keyword-only and required), so that an error comes back from a worker process."""
        return _rebuilt, (type(self), str(self), dict(self.__dict__))

    def to_dict(self) -> dict[str, Any]:
        """The error as JSON for a client: its ``type`` (class name), ``message``,
        ``reason``, the clause it cites as ``rule`` (``None`` when it cites none) and the
        rest of its attributes (an illegal action's refused ``action``), through
        :mod:`rummykit.kit.codec`.

        >>> data = IllegalActionError("not now", action="draw", rule="MAYI-7.1").to_dict()
        >>> data["type"], data["reason"], data["rule"], data["action"]
        ('IllegalActionError', 'not now', 'MAYI-7.1', 'draw')
        """
        from rummykit.kit.codec import error_json

        return error_json(self)


def _rebuilt(cls: type[RummyError], message: str, attributes: dict[str, Any]) -> RummyError:
    """An unpickled error: its message and attributes as they were, no checks run again."""
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(attributes)
    return error


def _said(owner: str, reason: object) -> Message:
    """An error's ``reason`` as a message: a :class:`~rummykit.Message` as it is, text as
    code ``other``; anything else is a :class:`TypeError` naming the error class
    ``owner``, as :func:`_checked` refuses its other arguments."""
    if isinstance(reason, Message):
        return reason
    if not isinstance(reason, str):
        raise TypeError(f"{owner}'s reason must be text, got {shown(reason)}")
    return Message("other", {"text": reason})


class _SaidError(RummyError):
    """An error whose reason is a :class:`~rummykit.Message` (a stable ``code`` and its
    ``params``), its English text made only when read; given as text, its code is
    ``other``. Its ``to_dict()`` carries the code and the parameters, and
    :meth:`describe` says it in a language."""

    message: Message

    def __init__(self, reason: str | Message) -> None:
        Exception.__init__(self)  # the text is made when read (__str__, reason)
        self.message = _said(type(self).__name__, reason)

    @property
    def reason(self) -> str:  # type: ignore[override]
        """Why, in English (made from its ``message`` at the first read)."""
        try:
            return self._english_reason
        except AttributeError:
            made = self._english_reason = self.message.text()
            return made

    @property
    def code(self) -> str:
        """The error's stable code, documented in :data:`rummykit.messages.CATALOG`."""
        return self.message.code

    @property
    def params(self) -> dict[str, Any]:
        """The error's parameters as JSON-ready data (cards as notation)."""
        return self.message.params_json()

    def said(self) -> Message:
        """The whole of what ``str(error)`` says, as a message (the reason alone here)."""
        return self.message

    def describe(self, *, locale: str | None = None) -> str:
        """The error in words in ``locale`` (``pt-BR``, ``ru``; English, exactly
        ``str(error)``, without): see :mod:`rummykit.i18n`."""
        if locale is None:
            return str(self)
        from rummykit.i18n.render import message_text

        return shorten(message_text(self.said(), locale=locale), LONGEST_MESSAGE)

    def __str__(self) -> str:
        try:
            return self._english_text
        except AttributeError:
            said = self.said()
            text = self.reason if said is self.message else said.text()
            made = self._english_text = shorten(text, LONGEST_MESSAGE)
            return made


class NotationError(_SaidError):
    """Text that is not valid notation: names the token, its position and what was expected.

    ``reason`` (what was expected) is a :class:`~rummykit.Message` or text, as an illegal
    action's; ``str(error)`` puts the token and its position before it.
    """

    def __init__(self, reason: str | Message, *, text: str, token: str, position: int) -> None:
        super().__init__(reason)
        self.text = text
        self.token = token
        self.position = position

    def said(self) -> Message:
        """``str(error)`` as a message: the token and its position, then the reason."""
        token = self.token
        if not token:
            return self.message
        params = {"token": shorten(token), "position": self.position, "detail": self.message}
        if token.strip():
            return Message("notation.card_at", params)
        return Message("notation.token_at", params | {"token": repr(shorten(token))})


class InvalidMeldError(_SaidError):
    """Cards that do not form a meld (or a lay-off or joker exchange that breaks one).

    ``reason`` is written for a player: ``run needs at least 4 cards, got 3``; its
    ``message`` is the same as a code (``meld.run_short``) and parameters.
    """

    def __init__(self, reason: str | Message, *, cards: Sequence[Any] = ()) -> None:
        super().__init__(reason)
        self.cards = tuple(cards)


class ContractError(_SaidError):
    """A contract that cannot be built, or a laydown that does not meet one; its
    ``message`` is the reason as a code (``contract.exactly``) and parameters."""

    def __init__(self, reason: str | Message, *, contract: object = None) -> None:
        super().__init__(reason)
        self.contract = contract


class ConfigError(RummyError):
    """A configuration that cannot work: rules options, a schedule file, a deck spec.

    ``source`` names where the configuration came from (a file and line, or a path, kept
    as text) when known;
    ``rule`` the clause of the rules the configuration breaks, when one does
    (``MAYI-10.4``), as an illegal action's does.

    >>> ConfigError("ace and wraparound_runs contradict", rule="MAYI-10.4").to_dict()["rule"]
    'MAYI-10.4'
    """

    def __init__(
        self, reason: str, *, source: str | os.PathLike[str] | None = None, rule: str | None = None
    ) -> None:
        if isinstance(source, os.PathLike):
            source = str(os.fspath(source))
        _checked("ConfigError", "source", source, str)
        _checked("ConfigError", "rule", rule, str)
        cited = f"{rule}: {reason}" if rule else reason
        super().__init__(f"{source}: {cited}" if source else cited)
        self.reason = reason
        self.source = source
        self.rule = rule


class IllegalActionError(RummyError):
    """An action the rules do not allow now; ``rule`` cites the clause (``MAYI-8.4``).

    ``reason`` is a :class:`~rummykit.Message` (a stable ``code`` and its
    ``params``, from which the English ``reason`` is made only when it is read) or plain
    text (code ``other``):

    >>> from rummykit.messages import Message
    >>> error = IllegalActionError(Message("turn.not_yours", {"seat": 1}), action="draw")
    >>> error.code, error.params, str(error)
    ('turn.not_yours', {'seat': 1}, "it is not player B's turn")
    """

    def __init__(
        self, reason: str | Message, *, action: object = None, rule: str | None = None
    ) -> None:
        _checked("IllegalActionError", "rule", rule, str)
        Exception.__init__(self)  # the text is made when read (__str__, reason)
        self.message = _said("IllegalActionError", reason)
        self.action = action
        self.rule = rule or None  # no clause is None, never '' (a clause map without one)

    @property
    def reason(self) -> str:  # type: ignore[override]
        """Why the action is refused, in English (made from its ``message`` at the first
        read)."""
        try:
            return self._english_reason
        except AttributeError:
            made = self._english_reason = self.message.text()
            return made

    @property
    def code(self) -> str:
        """The refusal's stable code (``hand.lacks``), documented in
        :data:`rummykit.messages.CATALOG`."""
        return self.message.code

    @property
    def params(self) -> dict[str, Any]:
        """The refusal's parameters as JSON-ready data (cards as notation)."""
        return self.message.params_json()

    def text(self, *, locale: str | None = None) -> str:
        """The refusal in words in ``locale`` (``pt-BR``, ``ru``; English, exactly
        ``str(error)``, without): its clause and its reason (see :mod:`rummykit.i18n`)."""
        from rummykit.i18n.render import refusal_text

        return refusal_text(self, locale=locale)

    def __str__(self) -> str:
        try:
            return self._english_text
        except AttributeError:
            reason = self.reason
            text = f"{self.rule}: {reason}" if self.rule else reason
            made = self._english_text = shorten(text, LONGEST_MESSAGE)
            return made


class RecordError(RummyError):
    """A match record that cannot be loaded or replayed; ``step`` names the failing step."""

    def __init__(self, reason: str, *, step: int | None = None) -> None:
        _checked("RecordError", "step", step, int)
        super().__init__(f"step {step}: {reason}" if step is not None else reason)
        self.reason = reason
        self.step = step


class SolverBudgetError(RummyError):
    """The solver ran out of its work budget before it could answer: ``budget`` nodes of
    search (a node is a meld tried or a card set aside), counted the same on every
    machine. Adversarial hands (many wild cards, dozens of cards) hit the default budget
    in about a second; hands of real play never come near it."""

    def __init__(self, reason: str, *, budget: int) -> None:
        _checked("SolverBudgetError", "budget", budget, int, optional=False)
        super().__init__(reason)
        self.budget = budget
