"""Locale names: writing them one way (``pt-BR``, ``pt_br`` and ``pt_BR.UTF-8`` are all
``pt_BR``), choosing the catalog a request means, and reading the environment's locale.

>>> normalize_locale("pt-br"), normalize_locale("ru_RU.UTF-8"), normalize_locale("en")
('pt_BR', 'ru_RU', 'en')
>>> pick_locale("pt-BR", ("en", "pt_BR", "ru")), pick_locale("ru_RU", ("en", "pt_BR", "ru"))
('pt_BR', 'ru')
>>> pick_locale("de", ("en", "pt_BR", "ru")) is None
True
>>> locale_of_environment({"LANG": "ru_RU.UTF-8"}, ("en", "pt_BR", "ru"))
'ru'
>>> locale_of_environment({"LANG": "C.UTF-8"}, ("en", "pt_BR", "ru"))
'en'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from rummykit.errors import ConfigError, shown

DEFAULT_LOCALE = "en"
"""The source language: every message id is its English text."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables read for the environment's locale, first set first (GNU gettext's
order; ``LANGUAGE`` may list several, separated by ``:``)."""

_NAME = re.compile(r"^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}|\d{3}))?$")


class UnknownLocaleError(ConfigError):
    """A language asked for by name that no catalog has: names the ``locale`` asked for
    and the ``available`` ones.

    >>> raise UnknownLocaleError("de", available=("en", "pt_BR", "ru"))
    Traceback (most recent call last):
    rummykit.i18n.locales.UnknownLocaleError: no catalog for locale 'de' (available: en, pt_BR, ru)
    """

    def __init__(self, locale: str, *, available: Sequence[str]) -> None:
        super().__init__(
            f"no catalog for locale {shown(locale)} (available: {', '.join(available)})"
        )
        self.locale = locale
        self.available = tuple(available)


def normalize_locale(name: str) -> str:
    """``name`` written as catalogs are named: language in lower case, territory in upper
    case joined by ``_``; an encoding (``.UTF-8``) or modifier (``@latin``) is dropped.
    Text that is no locale name is returned as given, stripped (and then matches none)."""
    core = name.strip().split(".", 1)[0].split("@", 1)[0]
    found = _NAME.match(core)
    if not found:
        return name.strip()
    language, territory = found.groups()
    return language.lower() + (f"_{territory.upper()}" if territory else "")


def pick_locale(name: str, available: Sequence[str]) -> str | None:
    """The catalog ``name`` means among ``available``: the same locale, else one of the same
    language (``ru_RU`` → ``ru``, ``pt`` or ``pt_PT`` → ``pt_BR``, ``en_GB`` → ``en``);
    ``None`` when no catalog speaks its language."""
    wanted = normalize_locale(name)
    if wanted in available:
        return wanted
    language = wanted.split("_", 1)[0]
    for locale in available:
        if locale.split("_", 1)[0] == language:
            return locale
    return None


def locale_of_environment(environ: Mapping[str, str], available: Sequence[str]) -> str:
    """The locale the environment asks for (:data:`ENVIRONMENT`, first set first), the
    :data:`DEFAULT_LOCALE` when it asks for none, for ``C``/``POSIX`` or for a language no
    catalog speaks: a person's environment never makes a command fail."""
    for variable in ENVIRONMENT:
        value = environ.get(variable, "").strip()
        if not value:
            continue
        for name in value.split(":") if variable == "LANGUAGE" else [value]:
            if name.split(".", 1)[0].split("@", 1)[0].upper() in {"C", "POSIX"}:
                return DEFAULT_LOCALE
            found = pick_locale(name, available)
            if found is not None:
                return found
        if variable != "LANGUAGE":
            return DEFAULT_LOCALE
    return DEFAULT_LOCALE
