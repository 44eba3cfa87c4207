"""The formats of the message catalog's templates (``{seat:seat}``, ``{actions:list}``,
``{roles:or}``, ``{count:n(card|cards)}``, ``{hands:hands}``, ``{nets:nets}``,
``{melds:melds}``), written once: English here, and a language's formatter
(:mod:`rummykit.i18n.render`) overrides only its words — the table, ``or``, ``and`` and a
count's plural form — and each says a nested message its own way."""

from __future__ import annotations

import enum
import string
from typing import Any

LETTERS = "ABCDEFGH"
"""The seats' letters: seat 0 is ``A``."""


class TemplateFormats(string.Formatter):
    """``str.format`` with the templates' formats, in English."""

    def table(self) -> str:
        """What a seat of ``None`` (the table itself) is called."""
        return "table"

    def joiner(self, english: str) -> str:
        """The word between listed items (``" or "``, ``" and "``)."""
        return english

    def plural_index(self, count: int) -> int:
        """Which of a count's noun forms ``count`` takes (0 the singular)."""
        return 0 if count == 1 else 1

    def seat(self, seat: Any) -> str:
        """A seat's letter (``#9`` past the letters, the table for ``None``)."""
        if seat is None:
            return self.table()
        if isinstance(seat, int) and 0 <= seat < len(LETTERS):
            return LETTERS[seat]
        return f"#{seat}"

    def shown(self, value: Any) -> str:
        """A parameter as text: cards and melds by notation, an enum by its value (a
        formatter that knows messages says a nested one first)."""
        if isinstance(value, tuple | list):
            return " ".join(map(str, value))
        if isinstance(value, enum.Enum):
            return str(value.value)
        return str(value)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "seat":
            return self.seat(value)
        if format_spec == "list":
            return ", ".join(self.shown(item) for item in value)
        if format_spec in ("or", "and"):
            word = self.joiner(f" {format_spec} ")
            return word.join(self.shown(item) for item in value)
        if format_spec == "melds":
            return " / ".join(self.shown(meld) for meld in value)
        if format_spec.startswith("n(") and format_spec.endswith(")"):
            forms = format_spec[2:-1].split("|")
            return f"{value} {forms[min(self.plural_index(int(value)), len(forms) - 1)]}"
        if format_spec == "hands":
            return ", ".join(
                f"{self.seat(seat)} {' '.join(map(str, hand)) or '-'}"
                for seat, hand in enumerate(value)
            )
        if format_spec == "nets":
            return " ".join(f"{self.seat(seat)}{net:+d}" for seat, net in enumerate(value))
        return format(self.shown(value), format_spec)
