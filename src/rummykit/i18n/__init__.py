"""rummykit in the players' languages: English (the source), Brazilian Portuguese
(``pt_BR``) and Russian (``ru``).

The texts are gettext catalogs shipped in the package as ``.po`` text and read by
rummykit itself (no run-time dependency; ``pybabel extract`` makes the template from the
source). A message id is the English text with ``{name}`` placeholders; a translation
fills the same placeholders. ``locale=None`` is English everywhere in the library, so a
log or an exception's text never depends on the machine it is made on; the command line
chooses from ``--lang`` or the environment (:func:`choose_locale`).

This face holds what most programs need; the modules behind it hold the rest:
:mod:`~rummykit.i18n.catalogs` (finding and reading the catalogs, ``resolve_locale``,
``environment_locale``), :mod:`~rummykit.i18n.locales` (locale names,
``UnknownLocaleError``), :mod:`~rummykit.i18n.po` (the ``.po`` reader),
:mod:`~rummykit.i18n.text` (the markers ``N_``, ``NC_``), :mod:`~rummykit.i18n.render`
(messages, ``refusal_text``), :mod:`~rummykit.i18n.clauses` (``clause_title``,
``add_clause_titles``), :mod:`~rummykit.i18n.phases` (names said as words),
:mod:`~rummykit.i18n.web` (``table_words``) and :mod:`~rummykit.i18n.extract` (making the
template, with Babel).

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
how-to *Play in Portuguese or Russian*).
"""

from __future__ import annotations

from rummykit.i18n.catalogs import add_catalog, available_locales, choose_locale
from rummykit.i18n.render import message_text
from rummykit.i18n.text import translate, translate_plural

__all__ = [
    "add_catalog",
    "available_locales",
    "choose_locale",
    "message_text",
    "translate",
    "translate_plural",
]
