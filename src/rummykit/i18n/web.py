"""The words of a live web table (the server example's page): headings, buttons and
status lines, translated in rummykit's catalogs so that a server can send each seat the
page's words in its own language.

>>> words = table_words("pt-BR")
>>> words["Sit down"], words["Your turn"]
('Sentar', 'Sua vez')
>>> table_words("ru")["seat {seat} of table {table}"].format(seat=1, table="t1")
'место 1 за столом t1'
>>> table_words()["Your turn"]
'Your turn'
"""

from __future__ import annotations

from rummykit.i18n.text import N_, translate

TABLE_WORDS: tuple[str, ...] = (
    N_("rummykit tables"),
    N_("Tables"),
    N_("New table"),
    N_("Game"),
    N_("Seats"),
    N_("Sit down"),
    N_("Play"),
    N_("Events"),
    N_("Language"),
    N_("type an action, e.g. draw"),
    N_("seat {seat} of table {table}"),
    N_("{table}: {game}, seats {seats}"),
    N_("Your turn"),
    N_("Waiting for {seat}"),
    N_("Your hand"),
    N_("Discard pile"),
    N_("Stock"),
    N_("Melds"),
    N_("Scores"),
    N_("Legal actions"),
    N_("Game over"),
    N_("Winner: {seats}"),
    N_("Connected"),
    N_("Connection lost"),
    N_("Time left: {seconds} s"),
)
"""The English words of the table page (message ids; ``{name}`` placeholders are filled
by the page)."""


def table_words(locale: str | None = None) -> dict[str, str]:
    """Each of :data:`TABLE_WORDS` in ``locale`` (English without), by its English text:
    a mapping a server sends to the page as JSON. An unknown locale is an
    :class:`~rummykit.i18n.locales.UnknownLocaleError`."""
    return {word: translate(word, locale=locale) for word in TABLE_WORDS}
