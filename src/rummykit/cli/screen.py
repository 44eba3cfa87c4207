"""Text out: coloured with ``rich`` on a terminal, plain text everywhere else.

Plain text is chosen when ``NO_COLOR`` is set, when the output is not a terminal, when
asked (``plain=True``) or when ``rich`` is not installed (the ``cli`` extra); in the last
case the screen says once, on stderr, how to get colour.
"""

from __future__ import annotations

import contextlib
import os
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from rummykit.cards import Card, Suit
from rummykit.errors import shorten

_SUIT_STYLE = {
    Suit.SPADES: "bold",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold red",
    Suit.CLUBS: "bold",
}
_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
COLOUR_HINT = (
    "rummykit: for colour, install rich, the cli extra "
    '(python -m pip install ".[cli]" in a checkout of rummykit)'
)


def printable(name: str, limit: int = 40) -> str:
    """Text from a record (a seat's name, a stored effect), safe to print: control
    characters (terminal escape sequences among them) become ``?``, and a long text is
    shortened.

    >>> printable("Ann\x1b[2J\x07"), printable("Zoë")
    ('Ann?[2J?', 'Zoë')
    """
    clean = "".join("?" if unicodedata.category(char)[0] == "C" else char for char in name)
    return shorten(clean, limit)


def rich_available() -> bool:
    """Whether the ``rich`` package (the ``cli`` extra) can be imported."""
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (♠ ♥ ♦ ♣, jokers last), low to high within a suit."""

    def key(card: Card) -> tuple[int, int]:
        if card.suit is None or card.rank is None:
            return (len(_SUIT_ORDER), 0)
        return (_SUIT_ORDER[card.suit], int(card.rank))

    return sorted(cards, key=key)


class Screen:
    """Where the commands print: ``line`` takes rich markup made with :meth:`paint`, or
    plain text, and prints it coloured or plain."""

    def __init__(self, *, plain: bool | None = None, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        wanted = plain is not True and not os.environ.get("NO_COLOR")
        terminal = bool(getattr(self.stream, "isatty", lambda: False)())
        self.colour = wanted and terminal and rich_available()
        self._console: Any = None
        if self.colour:
            from rich.console import Console

            self._console = Console(file=self.stream, highlight=False, soft_wrap=True)
        elif wanted and terminal and plain is None:
            print(COLOUR_HINT, file=sys.stderr)

    def paint(self, text: str, style: str) -> str:
        """``text`` in ``style`` (rich style words) when colour is on."""
        if not self.colour:
            return text
        return f"[{style}]{self.escape(text)}[/]"

    def escape(self, text: str) -> str:
        """``text`` made safe to mix with markup."""
        if not self.colour:
            return text
        from rich.markup import escape

        return escape(text)

    def card(self, card: Card) -> str:
        """One card, its suit coloured."""
        if card.suit is None:
            return self.paint(card.notation, "bold magenta")
        return self.paint(card.notation, _SUIT_STYLE[card.suit])

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces, or ``-`` for none."""
        text = " ".join(self.card(card) for card in cards)
        return text or "-"

    def line(self, text: str = "") -> None:
        """Print one line (markup from :meth:`paint` in it)."""
        if self._console is not None:
            self._console.print(text)
        else:
            print(text, file=self.stream, flush=True)

    def table(self, title: str, header: list[str], rows: list[list[str]]) -> None:
        """A small table: a rich table in colour, aligned columns in plain text."""
        if self._console is not None:
            from rich.table import Table

            table = Table(title=title, title_justify="left")
            for name in header:
                table.add_column(name)
            for row in rows:
                table.add_row(*row)
            self._console.print(table)
            return
        widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
        self.line(title)
        for row in [header, *rows]:
            cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
            self.line("  " + "  ".join(cells).rstrip())


@contextlib.contextmanager
def progress_bar(
    label: str, total: int, *, enabled: bool = True
) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback ``(done, total)`` drawing a rich progress bar on stderr when
    stderr is a terminal with colour allowed; ``None`` (no bar) otherwise."""
    terminal = bool(getattr(sys.stderr, "isatty", lambda: False)())
    if not (enabled and terminal and not os.environ.get("NO_COLOR") and rich_available()):
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total)

        def advance(done: int, _total: int) -> None:
            progress.update(task, completed=done)

        yield advance
