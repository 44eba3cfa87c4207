"""The catalogs: rummykit's own (shipped in the package, ``locale/<locale>/LC_MESSAGES/
rummykit.po``) and those a user's game adds with :func:`add_catalog`, read once per
locale when a text is first asked for.

A lookup asks rummykit's catalog first, then the added ones in the order they were
added; a message no catalog translates is its English text. Nothing is read at import,
so a program that never asks for a translation pays nothing.
"""

from __future__ import annotations

import gettext
import io
import os
import threading
from collections.abc import Mapping
from pathlib import Path

from rummykit.errors import ConfigError
from rummykit.i18n.locales import (
    DEFAULT_LOCALE,
    UnknownLocaleError,
    locale_of_environment,
    pick_locale,
)
from rummykit.i18n.po import PoEntry, mo_bytes, parse_po

DOMAIN = "rummykit"
"""The name of rummykit's own catalog."""

CATALOG_DIR = Path(__file__).resolve().parent / "locale"
"""Where rummykit's catalogs are: ``<locale>/LC_MESSAGES/rummykit.po`` and the template
``rummykit.pot`` (the English source, made by ``pybabel extract``)."""

_lock = threading.Lock()
_sources: list[tuple[str, Path]] = [(DOMAIN, CATALOG_DIR)]
_chains: dict[str, gettext.NullTranslations] = {}
_locales: list[tuple[str, ...]] = []
"""The answer of :func:`available_locales`, found once per set of catalogs (a message's
text asks for it each time: scanning the folders each time cost most of the text)."""


def catalog_path(directory: Path, domain: str, locale: str) -> Path:
    """The ``.po`` file of ``domain`` for ``locale`` under ``directory``."""
    return directory / locale / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: str | os.PathLike[str]) -> list[PoEntry]:
    """The entries of the ``.po`` file at ``path``
    (:class:`~rummykit.errors.ConfigError` naming it when it cannot be read)."""
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read the catalog: {error}", source=str(where)) from None
    return parse_po(text, source=where.name)


def _locales_in(directory: Path, domain: str) -> list[str]:
    if not directory.is_dir():
        return []
    return sorted(
        child.name
        for child in directory.iterdir()
        if catalog_path(directory, domain, child.name).is_file()
    )


def available_locales() -> tuple[str, ...]:
    """Every locale a text can be asked in: English (the source) and the locales of
    rummykit's catalogs and of the catalogs added, sorted.

    >>> available_locales()
    ('en', 'pt_BR', 'ru')
    """
    with _lock:
        if _locales:
            return _locales[0]
        sources = list(_sources)
    found = {DEFAULT_LOCALE}
    for domain, directory in sources:
        found.update(_locales_in(directory, domain))
    locales = tuple(sorted(found))
    with _lock:
        if sources == _sources:  # no catalog added or forgotten meanwhile
            _locales[:] = [locales]
    return locales


def resolve_locale(locale: str | None) -> str:
    """The catalog's locale that ``locale`` names (``pt-BR``, ``pt_br``, ``ru_RU.UTF-8``,
    ``pt`` all have one); :data:`~rummykit.i18n.locales.DEFAULT_LOCALE` for ``None``.
    A name no catalog speaks is an :class:`~rummykit.i18n.locales.UnknownLocaleError`.

    >>> resolve_locale("pt-BR"), resolve_locale(None)
    ('pt_BR', 'en')
    >>> resolve_locale("klingon")
    Traceback (most recent call last):
    rummykit.i18n.locales.UnknownLocaleError: no catalog for locale 'klingon' (available: ...)
    """
    if locale is None:
        return DEFAULT_LOCALE
    if not isinstance(locale, str):
        raise TypeError(f"a locale is text, got {type(locale).__name__}")
    available = available_locales()
    found = pick_locale(locale, available)
    if found is None:
        raise UnknownLocaleError(locale, available=available)
    return found


def environment_locale(environ: Mapping[str, str] | None = None) -> str:
    """The locale the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, first set first), English when it asks for none or for a language no catalog
    speaks (a person's environment never makes a command fail).

    >>> environment_locale({"LC_ALL": "pt_BR.UTF-8", "LANG": "en_US.UTF-8"})
    'pt_BR'
    >>> environment_locale({})
    'en'
    """
    return locale_of_environment(os.environ if environ is None else environ, available_locales())


def choose_locale(lang: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The locale a command uses: ``lang`` when given (an unknown one is an
    :class:`~rummykit.i18n.locales.UnknownLocaleError`), else the environment's
    (:func:`environment_locale`).

    >>> choose_locale("pt-BR"), choose_locale(None, {"LANG": "ru_RU.UTF-8"})
    ('pt_BR', 'ru')
    """
    return resolve_locale(lang) if lang is not None else environment_locale(environ)


def add_catalog(directory: str | os.PathLike[str], *, domain: str) -> None:
    """Add a game's own catalogs: ``directory/<locale>/LC_MESSAGES/<domain>.po`` for each
    locale it translates, laid out as rummykit's. Texts rummykit's catalog does not
    translate are then looked up there (added twice, a catalog counts once). A directory
    that does not exist is a :class:`~rummykit.errors.ConfigError`."""
    where = Path(directory).resolve()
    if not where.is_dir():
        raise ConfigError("no such catalog folder", source=str(directory))
    if not domain or "/" in domain or "\\" in domain:
        raise ConfigError(f"a catalog's domain is a plain name, got {domain!r}")
    with _lock:
        if (domain, where) not in _sources:
            _sources.append((domain, where))
        _chains.clear()
        _locales.clear()


def translations(locale: str) -> gettext.NullTranslations:
    """The translations of ``locale`` (a name :func:`resolve_locale` returned): rummykit's
    catalog, then the added ones as fallbacks, read once."""
    with _lock:
        chain = _chains.get(locale)
        if chain is not None:
            return chain
        sources = list(_sources)
    chain = gettext.NullTranslations()
    if locale != DEFAULT_LOCALE:
        links: list[gettext.NullTranslations] = []
        for domain, directory in sources:
            path = catalog_path(directory, domain, locale)
            if path.is_file():
                links.append(gettext.GNUTranslations(io.BytesIO(mo_bytes(read_catalog(path)))))
        if links:
            chain = links[0]
            for link in links[1:]:
                chain.add_fallback(link)
    with _lock:
        _chains[locale] = chain
    return chain


def sources() -> tuple[tuple[str, Path], ...]:
    """The catalogs consulted, in order: ``(domain, folder)``, rummykit's first."""
    with _lock:
        return tuple(_sources)


def forget_catalog(directory: str | os.PathLike[str], *, domain: str) -> None:
    """Undo :func:`add_catalog` (for tests and for a program that unloads a game)."""
    where = Path(directory).resolve()
    with _lock:
        if (domain, where) in _sources and domain != DOMAIN:
            _sources.remove((domain, where))
        _chains.clear()
        _locales.clear()
