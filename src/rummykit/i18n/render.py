"""A :class:`~rummykit.Message` (a refusal or an effect description: a code and
its parameters) in a language: the code's English template is looked up in the catalogs
with the code as its context, and filled from the parameters by a formatter that knows
the templates' formats (``{seat:seat}``, ``{cards}``, ``{actions:list}``, ``{roles:or}``,
``{count:n(card|cards)}``, ``{hands:hands}``, ``{nets:nets}``, ``{melds:melds}``) in that
language: a count's noun takes the language's plural form (``n(карта|карты|карт)`` in a
Russian template), ``or`` is the language's word, a parameter named ``phase``, ``kind``
or ``how`` is said as a word of the language (:func:`~rummykit.i18n.phases.word`). A
nested message (a refusal's ``detail``) is said in the same language. In English the
text is exactly :meth:`Message.text <rummykit.Message.text>`'s.

>>> from rummykit import parse_cards
>>> from rummykit import Message
>>> message = Message("hand.lacks", {"seat": 2, "cards": parse_cards("9S 9H")})
>>> message_text(message, locale="ru")
'у игрока C нет 9S 9H'
>>> message_text(message, locale="pt-BR")
'o jogador C não tem 9S 9H'
>>> message_text(message)
'player C does not hold 9S 9H'
"""

from __future__ import annotations

from typing import Any

from rummykit._template_formats import TemplateFormats
from rummykit.i18n.catalogs import resolve_locale, translations
from rummykit.i18n.locales import DEFAULT_LOCALE
from rummykit.i18n.phases import WORD_PARAMETERS, word
from rummykit.i18n.text import N_
from rummykit.messages import CATALOG, Message

N_(" or ")
N_(" and ")  # the words between listed items (TemplateFormats.joiner)
_TABLE = N_("table")


def plural_index(locale: str, count: int) -> int:
    """Which plural form ``count`` takes in ``locale`` (0 the singular): the rules of the
    shipped languages (Russian's three forms, Brazilian Portuguese's ``n > 1``), English's
    for any other.

    >>> [plural_index("ru", n) for n in (1, 2, 5, 11, 21, 22)], plural_index("pt_BR", 0)
    ([0, 1, 2, 2, 0, 1], 0)
    """
    language = locale.split("_", 1)[0]
    if language in {"ru", "uk", "be"}:
        if count % 10 == 1 and count % 100 != 11:
            return 0
        return 1 if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else 2
    if locale == "pt_BR" or language == "fr":
        return 0 if count <= 1 else 1
    return 0 if count == 1 else 1


class _Formatter(TemplateFormats):
    """The templates' formats in one language: its words for the table, ``or`` and
    ``and``, its plural forms, a nested message said in it, and a parameter named
    ``phase``, ``kind`` or ``how`` said as one of its words."""

    def __init__(self, locale: str) -> None:
        super().__init__()
        self.locale = locale

    def table(self) -> str:
        return translations(self.locale).gettext(_TABLE)

    def joiner(self, english: str) -> str:
        return translations(self.locale).gettext(english)

    def plural_index(self, count: int) -> int:
        return plural_index(self.locale, count)

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        value = super().get_value(key, args, kwargs)
        if key in WORD_PARAMETERS and not isinstance(value, Message):
            return word(str(key), self.shown(value), locale=self.locale)  # a name's word
        return value

    def shown(self, value: Any) -> str:
        if isinstance(value, Message):
            return message_text(value, locale=self.locale)
        return super().shown(value)


def message_text(message: Message, *, locale: str | None = None) -> str:
    """``message`` said in ``locale`` (English, exactly its own text, without; a code no
    catalog translates is said in English). An unknown locale is an
    :class:`~rummykit.i18n.locales.UnknownLocaleError`."""
    found = resolve_locale(locale)
    entry = CATALOG.get(message.code)
    if found == DEFAULT_LOCALE or entry is None:
        return message.text()
    template = translations(found).pgettext(message.code, entry.template)
    try:
        return _Formatter(found).vformat(template, (), message.params)
    except (KeyError, IndexError, ValueError):  # a translation that does not fit: English
        return message.text()


def refusal_text(error: Any, *, locale: str | None = None) -> str:
    """A refusal (an :class:`~rummykit.errors.IllegalActionError`) in ``locale``: its clause
    and its reason, as ``str(error)`` says them in English."""
    message = getattr(error, "message", None)
    if not isinstance(message, Message):
        return str(error)
    reason = message_text(message, locale=locale)
    rule = getattr(error, "rule", None)
    return f"{rule}: {reason}" if rule else reason
