"""The words that are names in the code, as a person reads them: the shipped games'
phases (``request`` is ``просьбы «Можно?»`` in Russian), the kinds of a buy (``buy``,
``forced``) and the ways of going out (``discarding``...). The command line's view and
the messages with a parameter named ``phase``, ``kind`` or ``how`` say them in the
language (:func:`word`). A name no catalog has (a user's game's, unless its catalog has
it with the parameter's name as context) is said as it is.

>>> phase_word("request", locale="ru"), phase_word("claim", locale="pt-BR")
('просьбы «Можно?»', 'pedido "Posso?"')
>>> phase_word("request"), phase_word("sprint_only", locale="ru")
('request', 'sprint_only')
"""

from __future__ import annotations

from rummykit.i18n.text import NC_, translate

PHASE_WORDS: tuple[str, ...] = (
    NC_("phase", "draw"),
    NC_("phase", "meld"),
    NC_("phase", "discard"),
    NC_("phase", "buy"),
    NC_("phase", "consent"),
    NC_("phase", "request"),
    NC_("phase", "first_refusal"),
    NC_("phase", "claim"),
    NC_("phase", "second_claim"),
    NC_("phase", "correction"),
    NC_("phase", "pick"),
    NC_("phase", "play"),
    NC_("phase", "deal_over"),
    NC_("phase", "match_over"),
)
"""The phase names the catalogs translate (context ``phase``)."""

OTHER_WORDS: tuple[str, ...] = (
    NC_("kind", "buy"),
    NC_("kind", "forced"),
    NC_("how", "discarding"),
    NC_("how", "melding"),
    NC_("how", "playing"),
    NC_("how", "knocking"),
)
"""The kinds of a buy (context ``kind``) and the ways of going out (context ``how``)."""

MELD_WORDS: tuple[str, ...] = (
    NC_("kind", "group"),
    NC_("kind", "run"),
    NC_("kind", "flush"),
    NC_("kind", "colour"),
    NC_("kind", "pair"),
    NC_("alike", "rank"),
    NC_("alike", "suit"),
    NC_("alike", "colour"),
    NC_("key", "spades"),
    NC_("key", "hearts"),
    NC_("key", "diamonds"),
    NC_("key", "clubs"),
    NC_("key", "red"),
    NC_("key", "black"),
    NC_("suit", "spade"),
    NC_("suit", "heart"),
    NC_("suit", "diamond"),
    NC_("suit", "club"),
    NC_("end", "low"),
    NC_("end", "high"),
    NC_("rank_name", "ace"),
    NC_("rank_name", "two"),
    NC_("rank_name", "three"),
    NC_("rank_name", "four"),
    NC_("rank_name", "five"),
    NC_("rank_name", "six"),
    NC_("rank_name", "seven"),
    NC_("rank_name", "eight"),
    NC_("rank_name", "nine"),
    NC_("rank_name", "ten"),
    NC_("rank_name", "jack"),
    NC_("rank_name", "queen"),
    NC_("rank_name", "king"),
)
"""The words of the meld and contract errors' reasons: meld kinds (context ``kind``),
what a meld's cards share (``alike``), suits and colours (``key``; ``suit`` in the
singular), a run's ends (``end``) and ranks by name (``rank_name``)."""

TITLE_WORDS: tuple[str, ...] = (NC_("title", "Rummy (the engine's options)"),)
"""The shipped games' titles that are words rather than names (context ``title``; a
variant's own title is translated by its own catalog)."""

WORD_PARAMETERS = frozenset(
    {"phase", "kind", "how", "alike", "key", "suit", "end", "other_end", "rank_name"}
)
"""The message parameters whose values are names said as words (:func:`word`)."""

_CONTEXT = {"other_end": "end"}
"""A parameter said with another's words."""


def word(parameter: str, name: str, *, locale: str | None = None) -> str:
    """The name ``name`` of a ``parameter`` (one of :data:`WORD_PARAMETERS`) in
    ``locale``: ``word("how", "discarding", locale="ru")`` is ``сбросом``.

    >>> word("how", "discarding", locale="ru"), word("kind", "forced", locale="pt-BR")
    ('сбросом', 'compra forçada')
    """
    if locale is None:
        return name
    return translate(name, locale=locale, context=_CONTEXT.get(parameter, parameter))


def phase_word(name: str, *, locale: str | None = None) -> str:
    """The phase ``name`` in ``locale`` (its name in English and where no catalog has it)."""
    return word("phase", name, locale=locale)
