"""The language the command line speaks: ``--lang pt-BR|ru|en`` on the commands that
print for people, else the environment's locale (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), English when it names none the catalogs speak.

A command's words go through one :class:`Words` made for its locale:

>>> tr = Words("ru")
>>> tr("deal {deal} of {count}", deal=1, count=5), tr.plural("{count} card", "{count} cards", 2)
('сдача 1 из 5', '2 карты')
>>> Words("pt-BR").clause("POSSO-12.2")
'POSSO-12.2 (O mínimo)'
"""

from __future__ import annotations

import argparse
from typing import Any

import attrs

from rummykit.i18n import available_locales, choose_locale, translate, translate_plural
from rummykit.i18n.catalogs import resolve_locale
from rummykit.i18n.clauses import clause_title


@attrs.frozen(init=False)
class Words:
    """The command's words in one ``locale`` (a name :func:`~rummykit.i18n.catalogs.resolve_locale`
    accepts; ``None`` is English)."""

    locale: str

    def __init__(self, locale: str | None = None) -> None:
        self.__attrs_init__(resolve_locale(locale))

    def __call__(self, msgid: str, **params: Any) -> str:
        """``msgid`` in this language, filled from ``params``."""
        return translate(msgid, locale=self.locale, **params)

    def plural(self, singular: str, plural: str, count: int, **params: Any) -> str:
        """The form for ``count``, filled from ``params`` and ``count``."""
        return translate_plural(singular, plural, count, locale=self.locale, **params)

    def option(self, doc: str) -> str:
        """A rules option's description in this language (as written where the catalog
        does not translate it)."""
        return translate(doc, locale=self.locale, context="option")

    def title(self, title: str) -> str:
        """A game's title in this language (context ``title``; as written where no
        catalog translates it: a variant's own title is its catalog's)."""
        return translate(title, locale=self.locale, context="title")

    def clause(self, clause: str) -> str:
        """``clause`` with its title in this language (``MAYI-9.3 (Просьбы)``), or alone
        when no reference titles it."""
        title = clause_title(clause.split(",", 1)[0], locale=self.locale)
        return f"{clause} ({title})" if title else clause


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--lang`` to a command that prints for people."""
    parser.add_argument(
        "--lang",
        metavar="LOCALE",
        default=None,
        help=f"the language of the output ({', '.join(available_locales())}; "
        "default: the environment's locale, else en)",
    )


def words_for(args: argparse.Namespace) -> Words:
    """The words of the command ``args`` runs: ``--lang`` (an unknown locale is an
    :class:`~rummykit.i18n.locales.UnknownLocaleError`), else the environment's."""
    return Words(choose_locale(getattr(args, "lang", None)))
