"""Messages: every refusal and every effect description as a stable code and typed
parameters, and the one table of English templates the sentence is made from.

A :class:`Message` is a value: a dotted ``code`` (``turn.not_now``, ``hand.lacks``) and
its ``params`` (seats as numbers, cards and actions as values, counts, nested messages).
Its English text is made from the two by :data:`CATALOG`, only when it is read, never
the other way round, so a client translates a refusal by its code without parsing it:

>>> from rummykit import parse_cards
>>> message = Message("hand.lacks", {"seat": 2, "cards": parse_cards("9S 9H")})
>>> message.text()
'player C does not hold 9S 9H'
>>> message.to_dict()
{'code': 'hand.lacks', 'params': {'seat': 2, 'cards': ['9S', '9H']}}

In JSON (:meth:`Message.to_dict`) a card is its notation, an action its notation text,
a meld or contract its notation, several cards a list, a nested message its own
``{"code", "params"}``. In a template a field may carry a format: ``{seat:seat}`` is the
seat's letter (``C``), ``{cards}`` several cards in notation, ``{actions:list}`` values
joined by commas (``{values:and}`` by "and"), ``{count:n(card|cards)}`` a count with its
noun in the singular or the plural, ``{hands:hands}`` and ``{nets:nets}`` a value per
seat. A game of a user's adds its own codes with :func:`register_message`.

An entry marked ``hidden`` may depend on the hand of the seat to act: a refusal with
such a code is told only to a sender known to be that seat, and anyone else gets
``hand.not_playable`` (see :mod:`rummykit.kit.seats`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from typing import Any

import attrs

from rummykit._error_templates import CONTRACT_ERRORS, MELD_ERRORS, NOTATION_ERRORS
from rummykit._message_templates import EFFECTS, REFUSALS
from rummykit._template_formats import TemplateFormats

__all__ = ["CATALOG", "MessageEntry", "catalog_table"]
# Message's home is the root facade (rummykit.Message), register_message's the kit's
# (rummykit.kit.register_message): a game is built from those two.


@attrs.frozen
class MessageEntry:
    """One code of the catalog: its English ``template``, what it says (``doc``) and
    whether it may depend on the hand of the seat to act (``hidden``)."""

    template: str
    doc: str
    hidden: bool = False


CATALOG: dict[str, MessageEntry] = {}
"""Every message code and its English template (:func:`register_message` adds to it)."""


def register_message(code: str, template: str, doc: str, *, hidden: bool = False) -> None:
    """Add ``code`` to the catalog, with its English ``template`` (``str.format`` fields
    named after the parameters) and what it says; a code already registered with other
    words is a :class:`~rummykit.errors.ConfigError` (codes are stable).

    >>> register_message("sprint.too_slow", "player {seat:seat} is too slow", "Example.")
    >>> Message("sprint.too_slow", {"seat": 1}).text()
    'player B is too slow'
    >>> del CATALOG["sprint.too_slow"]  # (this example's code is no game's)
    """
    entry = MessageEntry(template, doc, hidden)
    known = CATALOG.get(code)
    if known is not None and known != entry:
        from rummykit.errors import ConfigError

        raise ConfigError(f"message code {code!r} is registered already, with other words")
    CATALOG[code] = entry


@attrs.frozen(eq=True, hash=False, repr=False)
class Message:
    """A refusal or an effect description as a ``code`` of :data:`CATALOG` and its
    ``params``; :meth:`text` makes the English sentence, :meth:`to_dict` the JSON."""

    code: str
    params: Mapping[str, Any] = attrs.field(factory=dict)

    @property
    def hidden(self) -> bool:
        """Whether the code may depend on the hand of the seat to act."""
        entry = CATALOG.get(self.code)
        return entry is not None and entry.hidden

    def text(self) -> str:
        """The English sentence, made from the code's template and the parameters."""
        entry = CATALOG.get(self.code)
        if entry is None:
            return f"{self.code} {self.params_json()}"
        parts = _PARSED.get(entry.template)
        if parts is None:
            parts = _PARSED[entry.template] = tuple(_FORMATTER.parse(entry.template))
        params = self.params
        out = []
        for literal, name, spec, _ in parts:
            out.append(literal)
            if name is not None:
                value = params[name]
                if spec:
                    out.append(_FORMATTER.format_field(value, spec))
                else:
                    out.append(value if type(value) is str else _FORMATTER.shown(value))
        return "".join(out)

    def params_json(self) -> dict[str, Any]:
        """The parameters as JSON-ready data (cards as notation, actions as text)."""
        return {str(key): _json(value) for key, value in self.params.items()}

    def to_dict(self) -> dict[str, Any]:
        """``{"code": …, "params": {…}}``, the message as a client translates it."""
        return {"code": self.code, "params": self.params_json()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        """The message of :meth:`to_dict`'s JSON (a nested message read back as one):
        its text is the text of the message written.

        >>> data = Message("turn.not_yours", {"seat": 2}).to_dict()
        >>> Message.from_dict(data).text()
        "it is not player C's turn"
        """
        params = {str(key): _read(value) for key, value in data.get("params", {}).items()}
        return cls(str(data["code"]), params)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Message({self.code!r}, {dict(self.params)!r})"


def catalog_table() -> str:
    """The catalog as a Markdown table (code, English template, what it says), as the
    docs' messages page shows it; ``!`` after a code marks a hidden one."""
    rows = ["| code | English template | what it says |", "|---|---|---|"]
    for code, entry in CATALOG.items():
        mark = " (hidden)" if entry.hidden else ""
        template = entry.template.replace("|", "\\|")
        doc = entry.doc.replace("|", "\\|")
        rows.append(f"| `{code}`{mark} | {template} | {doc} |")
    return "\n".join(rows)


def text_message(text: str) -> Message:
    """A message made only of its ``text`` (code ``other``): a refusal or effect a
    user's game words itself without a code of its own."""
    return Message("other", {"text": text})


def _read(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"code", "params"}:
        return Message.from_dict(value)
    if isinstance(value, list):
        return [_read(item) for item in value]
    return value


def _json(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, enum.Enum):
        return _json(value.value)
    if isinstance(value, tuple | list | frozenset):
        return [_json(item) for item in value]
    notation = getattr(value, "notation", None)
    if isinstance(notation, str):
        return notation
    return str(value)


_PARSED: dict[str, tuple[tuple[str, str | None, str | None, str | None], ...]] = {}
"""Each template read once: its literal text and fields (``string.Formatter.parse``)."""


class _Formatter(TemplateFormats):
    """The templates' formats in English, a nested message said by its own text."""

    def shown(self, value: Any) -> str:
        if isinstance(value, Message):
            return value.text()
        return super().shown(value)


_FORMATTER = _Formatter()


def _catalog(entries: str) -> None:
    """Register the catalog written below: blocks of ``code | template | doc`` lines,
    ``code!`` marking a hidden code."""
    for block in entries.strip().split("\n\n"):
        code, template, doc = (part.strip() for part in re.split(r"\s\|\s", block, maxsplit=2))
        hidden = code.endswith("!")
        register_message(
            code.rstrip("!"), " ".join(template.split()), " ".join(doc.split()), hidden=hidden
        )


# The English templates of every code rummykit makes, then of every effect's description.
_catalog(REFUSALS)
_catalog(EFFECTS)
# The reasons of the errors a refusal may wrap (an invalid meld, a contract not met,
# unreadable notation), said the same way.
_catalog(MELD_ERRORS)
_catalog(CONTRACT_ERRORS)
_catalog(NOTATION_ERRORS)
