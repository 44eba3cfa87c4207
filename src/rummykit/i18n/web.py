"""The words of a live web table (the server example's page): headings, buttons and
status lines (:data:`TABLE_WORDS`), the words a server puts on a seat's action buttons
(:data:`BUTTON_WORDS`) and a contract in words (:func:`contract_words`), translated in
rummykit's catalogs so that a server can send each seat the page's words in its own
language.

>>> words = table_words("pt-BR")
>>> words["Sit down"], words["Your turn"]
('Sentar', 'Sua vez')
>>> table_words("ru")["seat {seat} of table {table}"].format(seat=1, table="t1")
'место 1 за столом t1'
>>> table_words()["Your turn"]
'Your turn'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummykit.i18n.text import N_, translate, translate_plural

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
    # the lobby
    N_("Players"),
    N_("Who sits where"),
    N_("Make the table"),
    N_("Your table"),
    N_(
        "Each person's seat has its own secret link: open yours, send the others theirs. "
        "Anyone may watch with the spectators' link."
    ),
    N_("Your seats"),
    N_("none yet"),
    N_("person"),
    N_("bot: {bot}"),
    N_("Seat {seat}"),
    N_("copy"),
    N_("Spectators"),
    N_("watch"),
    N_("{game}, seats {seats}, deal {deal}"),
    N_("{game}, seats {seats}, deal {deal}, over"),
    N_("{game}: seat {seat}"),
    N_("seat {seat} of a table"),
    # the table
    N_("deal {deal}"),
    N_("contract: {contract}"),
    N_("phase: {phase}"),
    N_("You, {seat}"),
    N_("cards: {count}"),
    N_("points: {points}"),
    N_("down"),
    N_("holds"),
    N_("stock: {count}"),
    N_("discard pile: {count}"),
    N_("Which one?"),
    N_("cancel"),
    N_("Clear selection"),
    N_("{label}: select a card, then a meld"),
    N_("{label}: select a card"),
    N_("{label}: select its cards"),
    N_("Match over: {seats} won"),
    N_("Your decision: {asks}"),
    N_("{text} ({seats} too)"),
    N_("You said “{label}”: waiting for {seats}"),
    N_("the table"),
    N_("{seconds} s"),
    N_("{seconds} s left"),
    N_("You ran out of time: the server played for you."),
    N_("{seat} ran out of time: the server played for them."),
    N_("connected"),
    N_("watching"),
    N_("reconnecting…"),
    N_("this link opens no seat"),
    # what each phase asks of the seat deciding
    N_("draw, or take the discard"),
    N_("draw (the discard pile is empty)"),
    N_("go down, lay off, or discard"),
    N_("May I? for the discard"),
    N_("take the discard, or pass"),
    N_("someone asks for the discard: allow it, or take it yourself"),
    N_("take the card you bought"),
    N_("Posso? claim the discard with a meld, or pass"),
    N_("put the discard on a meld it fits, or pass"),
    N_("claim the card now on top, or pass"),
    N_("play, or draw"),
    # the lobby's refusals of a new table (the server sends the English text and its
    # parameters; the page says them in its language)
    N_("the body is longer than {limit} bytes"),
    N_("the body is not JSON"),
    N_("the body is not an object"),
    N_("give a game ({games}) and 1 to {most} seats ('human' or a bot: {bots})"),
    N_("at most {most} unfinished tables per client"),
    N_("the server holds its most tables ({most})"),
    N_("the table could not be stored; try again"),
)
"""The English words of the table page (message ids; ``{name}`` placeholders are filled
by the page)."""

BUTTON_WORDS: tuple[str, ...] = (
    N_("Draw"),
    N_("Take the discard"),
    N_("Discard"),
    N_("Go down"),
    N_("Lay off"),
    N_("Exchange joker"),
    N_("May I?"),
    N_("Pass"),
    N_("Allow"),
    N_("Refuse (take it)"),
    N_("Done"),
    N_("Correct"),
    N_("Next deal"),
    N_("hand"),
    N_("meld {number}"),
    N_("{card} for the joker; joker to {to}"),
    N_("{card} on meld {number}"),
    N_("as {role}"),
    N_("low end"),
    N_("high end"),
    N_("cards: {count}"),
)
"""The words of the buttons a server makes for a seat's legal actions (a verb's label, the
detail that tells an action from its siblings), translated where the server makes them."""


def table_words(locale: str | None = None) -> dict[str, str]:
    """Each of :data:`TABLE_WORDS` in ``locale`` (English without), by its English text:
    a mapping a server sends to the page as JSON. An unknown locale is an
    :class:`~rummykit.i18n.locales.UnknownLocaleError`."""
    return {word: translate(word, locale=locale) for word in TABLE_WORDS}


def contract_words(contract: Mapping[str, Any] | None, *, locale: str | None = None) -> str:
    """A contract's JSON (``view.to_dict()["contract"]``) in words in ``locale``, as a
    table shows it; a kind other than group and run is said by its name.

    >>> contract = {"requirements": [{"kind": "group", "count": 2, "min_size": None}]}
    >>> contract_words(contract), contract_words(contract, locale="ru")
    ('2 groups', '2 комплекта')
    >>> run = {"requirements": [{"kind": "run", "count": 1, "min_size": 5}]}
    >>> contract_words(run, locale="pt-BR")
    '1 sequência de 5+'
    """
    if not contract:
        return ""
    parts = []
    for requirement in contract.get("requirements", ()):
        count, kind = int(requirement["count"]), str(requirement["kind"])
        if kind == "group":
            text = translate_plural("{count} group", "{count} groups", count, locale=locale)
        elif kind == "run":
            text = translate_plural("{count} run", "{count} runs", count, locale=locale)
        else:
            text = f"{count} {kind}"
        if requirement.get("min_size"):
            text += " " + translate("of {size}+", locale=locale, size=requirement["min_size"])
        parts.append(text)
    return " + ".join(parts)
