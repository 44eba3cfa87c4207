"""Each seat's language: English, Brazilian Portuguese or Russian, chosen per seat.

A seat chooses its language with ``?lang=pt-BR`` on its socket's address or by sending
``{"lang": "ru"}``; the server remembers the choice per seat (every socket of that seat
then speaks it) and sends that seat, in its language:

- ``locale`` and ``words``: the page's words (:func:`rummykit.i18n.web.table_words`, a
  mapping from each English text to its translation, ``{name}`` placeholders kept);
- each effect of an event with a ``said`` beside its English ``text``
  (``effect.describe(locale=…)``, made from the effect's ``code`` and ``params``);
- a refusal's ``said`` (``error.text(locale=…)``, made from its ``code`` and
  ``params``: the server never reads the English sentence);
- the phase and the deal's contract in words (``phase_said``, ``contract_said``) and the
  buttons' ``label`` and ``detail``.

The codes and parameters stay in every message, so a client may as well translate them
itself. A name no catalog speaks is refused by :func:`read_locale` (the page keeps the
language it had).
"""

from __future__ import annotations

from typing import Any

from rummykit import (
    ContractError,
    Event,
    IllegalActionError,
    InvalidMeldError,
    NotationError,
    RummyError,
)
from rummykit.i18n import available_locales, translate
from rummykit.i18n.locales import DEFAULT_LOCALE, pick_locale
from rummykit.i18n.phases import phase_word
from rummykit.i18n.web import contract_words, table_words

LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)", "ru": "Русский"}
"""The languages the page offers, each named in itself."""


def read_locale(name: object) -> str | None:
    """The catalog's locale that ``name`` (``pt-BR``, ``ru``, ``en``) means, ``None`` for
    anything else (not text, too long, a language no catalog speaks)."""
    if not isinstance(name, str) or len(name) > 20:
        return None
    return pick_locale(name, available_locales())


def say(text: str, locale: str, **params: Any) -> str:
    """One of the page's words (an English message id of :mod:`rummykit.i18n.web`) in
    ``locale``, filled from ``params``."""
    return translate(text, locale=locale, **params)


def words_part(locale: str) -> dict[str, Any]:
    """What a message tells the page of its language: the locale, the languages offered
    and the page's words."""
    return {"locale": locale, "languages": LANGUAGES, "words": table_words(locale)}


def said_events(events: list[dict[str, Any]], originals: list[Event], locale: str) -> None:
    """Put beside each effect of ``events`` (the JSON of ``originals``, as the seat may
    see them) its ``said`` words in ``locale``."""
    for data, event in zip(events, originals, strict=True):
        for effect_data, effect in zip(data["effects"], event.effects, strict=True):
            effect_data["said"] = effect.describe(locale=locale)


def refusal(error: RummyError, locale: str) -> dict[str, Any]:
    """A refusal for a seat: the error's JSON (its ``code`` and ``params``) and ``said``,
    its words in ``locale``."""
    return {"type": "refused", "error": error.to_dict(), "said": error_text(error, locale)}


def error_text(error: RummyError, locale: str) -> str:
    """``error`` in ``locale``: a refusal (``error.text``) and an invalid meld, contract or
    notation (``error.describe``) are made from their codes; any other error is said in
    English."""
    wanted = None if locale == DEFAULT_LOCALE else locale
    if isinstance(error, IllegalActionError):
        return error.text(locale=wanted)
    if isinstance(error, InvalidMeldError | ContractError | NotationError):
        return error.describe(locale=wanted)
    return str(error)


def contract_said(contract: dict[str, Any] | None, locale: str) -> str:
    """The deal's contract (its JSON) in words: ``1 group of 3+ + 1 run of 4+``."""
    return contract_words(contract, locale=locale)


def phase_said(phase: str, locale: str) -> str:
    """The phase's name in ``locale``."""
    return phase_word(phase, locale=None if locale == DEFAULT_LOCALE else locale)
