"""rummykit in the players' languages: English (the source), Brazilian Portuguese
(``pt_BR``) and Russian (``ru``).

The texts are gettext catalogs shipped in the package as ``.po`` text and read by
rummykit itself (no run-time dependency; ``pybabel extract`` makes the template from the
source). A message id is the English text with ``{name}`` placeholders; a translation
fills the same placeholders. ``locale=None`` is English everywhere in the library, so a
log or an exception's text never depends on the machine it is made on; the command line
chooses from ``--lang`` or the environment (:func:`environment_locale`).

>>> from rummykit.i18n import translate, translate_plural
>>> translate("deal {deal} of {count}", locale="ru", deal=2, count=5)
'сдача 2 из 5'
>>> translate("deal {deal} of {count}", locale="pt-BR", deal=2, count=5)
'rodada 2 de 5'
>>> [translate_plural("{count} card", "{count} cards", n, locale="ru") for n in (1, 3, 5)]
['1 карта', '3 карты', '5 карт']
>>> translate("deal {deal} of {count}", deal=2, count=5)
'deal 2 of 5'

A game's own texts go in its own catalogs, added with :func:`add_catalog` (see the
how-to *Languages*).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from rummykit.i18n.catalogs import (
    CATALOG_DIR,
    DOMAIN,
    add_catalog,
    available_locales,
    forget_catalog,
    read_catalog,
    resolve_locale,
)
from rummykit.i18n.clauses import CLAUSE_TITLES, add_clause_titles, clause_title
from rummykit.i18n.locales import (
    DEFAULT_LOCALE,
    UnknownLocaleError,
    normalize_locale,
)
from rummykit.i18n.locales import (
    environment_locale as _environment_locale,
)
from rummykit.i18n.table_words import TABLE_WORDS, table_words
from rummykit.i18n.text import N_, NC_, translate, translate_plural


def environment_locale(environ: Mapping[str, str] | None = None) -> str:
    """The locale the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, first set first), English when it asks for none or for a language no catalog
    speaks (a person's environment never makes a command fail).

    >>> environment_locale({"LC_ALL": "pt_BR.UTF-8", "LANG": "en_US.UTF-8"})
    'pt_BR'
    >>> environment_locale({})
    'en'
    """
    return _environment_locale(os.environ if environ is None else environ, available_locales())


def choose_locale(lang: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The locale a command uses: ``lang`` when given (an unknown one is an
    :class:`~rummykit.i18n.locales.UnknownLocaleError`), else the environment's.

    >>> choose_locale("pt-BR"), choose_locale(None, {"LANG": "ru_RU.UTF-8"})
    ('pt_BR', 'ru')
    """
    return resolve_locale(lang) if lang is not None else environment_locale(environ)


__all__ = [
    "CATALOG_DIR",
    "CLAUSE_TITLES",
    "DEFAULT_LOCALE",
    "DOMAIN",
    "NC_",
    "N_",
    "TABLE_WORDS",
    "UnknownLocaleError",
    "add_catalog",
    "add_clause_titles",
    "available_locales",
    "choose_locale",
    "clause_title",
    "environment_locale",
    "forget_catalog",
    "normalize_locale",
    "read_catalog",
    "resolve_locale",
    "table_words",
    "translate",
    "translate_plural",
]
