"""Translating one text: :func:`translate` and :func:`translate_plural` (the faces of
:mod:`rummykit.i18n`), and the markers :func:`N_` and :func:`NC_` that put a text in the
catalogs' template without translating it where it is written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummykit.i18n.catalogs import resolve_locale, translations
from rummykit.i18n.locales import DEFAULT_LOCALE


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for a marker
    """Mark ``msgid`` for the catalogs without translating it (for tables of texts
    translated later, where they are shown)."""
    return msgid


def NC_(context: str, msgid: str) -> str:  # noqa: N802 - gettext's style of marker
    """Mark ``msgid`` with its ``context`` (``msgctxt``) for the catalogs, untranslated."""
    return msgid


def _fill(text: str, params: Mapping[str, Any]) -> str:
    return text.format_map(params) if params else text


def translate(
    msgid: str, *, locale: str | None = None, context: str | None = None, **params: Any
) -> str:
    """``msgid`` (English text with ``{name}`` placeholders) in ``locale``, its
    placeholders filled from ``params``; ``context`` is the catalog's ``msgctxt`` (a
    clause's id for its title). English for ``locale=None``; the English text when no
    catalog translates it; an unknown locale is an
    :class:`~rummykit.i18n.locales.UnknownLocaleError`."""
    found = resolve_locale(locale)
    if found == DEFAULT_LOCALE:
        return _fill(msgid, params)
    chain = translations(found)
    text = chain.gettext(msgid) if context is None else chain.pgettext(context, msgid)
    return _fill(text, params)


def translate_plural(
    singular: str,
    plural: str,
    count: int,
    *,
    locale: str | None = None,
    context: str | None = None,
    **params: Any,
) -> str:
    """The form of ``singular``/``plural`` for ``count`` in ``locale`` (Russian has three),
    filled from ``params`` and ``count``."""
    found = resolve_locale(locale)
    values = {"count": count, **params}
    if found == DEFAULT_LOCALE:
        return _fill(singular if count == 1 else plural, values)
    chain = translations(found)
    if context is None:
        text = chain.ngettext(singular, plural, count)
    else:
        text = chain.npgettext(context, singular, plural, count)
    return _fill(text, values)
