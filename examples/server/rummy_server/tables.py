"""Tables: matches with people and bots at their seats, stored in SQLite after every action.

A :class:`Table` is a match of any registered game, the kind of each seat (``human`` or
a bot's name) and one secret token per human seat. :class:`Tables` keeps them in memory,
applies a seat's action through :meth:`~rummykit.kit.match.Match.apply`, lets the bots
play until a person must decide, and writes the table to SQLite after each action, as
the match's ``to_dict()``: a restart loads every table from its stored dict (no replay).

Bots are deterministic: the generator of a bot's decision is seeded by the table's bot
seed and the step number, so a restarted table plays on exactly as it would have.

The server chooses every seed: the match's from the library's entropy (a match made
without a seed takes 64 bits from ``secrets``), the bots' from ``secrets`` too, and the
table's id is 128 bits from ``secrets``, checked against the tables there are. A seed
given by the caller (``seed=``) is for tests and is refused unless the tables were made
with ``client_seeds=True``. A table is in memory only once it is stored: if storing it
fails, the request is refused and no table is left behind.
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummy_server.live import default_for, open_seats
from rummykit import ConfigError, Event, IllegalActionError, Match, game
from rummykit.agents import Agent, decide, make_agent
from rummykit.kit import Action, names

HUMAN = "human"
"""The kind of a seat a person takes (any other kind names a bot: ``heuristic``, …)."""
MOST_BOT_STEPS = 10_000
"""The most bot decisions in a row before a person's turn (a bound, not a rule)."""
ID_BYTES = 16
"""A table id's bytes of entropy (``secrets.token_urlsafe``): 128 bits."""
LARGEST_SEED = 2**63 - 1
"""The largest seed a test may give (SQLite's largest integer)."""


class SaveError(Exception):
    """The table could not be stored (the request that made it is refused)."""


SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    bot_seed INTEGER NOT NULL,
    match TEXT NOT NULL
)
"""


@dataclass
class Table:
    """One table: its match, who sits where, and the seats' secret tokens."""

    id: str
    seats: tuple[str, ...]
    """``human`` or a bot's name, per seat."""
    tokens: tuple[str | None, ...]
    """The secret a browser shows to act for a human seat (``None`` for a bot's seat)."""
    bot_seed: int
    match: Match[Any, Any]
    agents: dict[int, Agent] = field(default_factory=dict)

    def __post_init__(self) -> None:
        definition = self.match.definition
        self.agents = {
            seat: make_agent(kind, definition)
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN
        }

    @property
    def game(self) -> str:
        """The registered name of the table's game."""
        name: str = self.match.definition.name
        return name

    def is_human(self, seat: int) -> bool:
        """Whether a person sits at ``seat``."""
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def admits(self, seat: int, token: str | None) -> bool:
        """Whether ``token`` is the secret of ``seat`` (a human seat), compared in constant
        time."""
        secret = self.tokens[seat] if 0 <= seat < len(self.tokens) else None
        return (
            secret is not None
            and token is not None
            and secrets.compare_digest(secret.encode(), token.encode())
        )

    def summary(self) -> dict[str, Any]:
        """What the lobby shows of the table (no tokens)."""
        match = self.match
        return {
            "id": self.id,
            "game": self.game,
            "seats": list(self.seats),
            "deal": match.deal_number,
            "to_act": match.to_act,
            "over": match.is_over,
            "step": match.step,
        }


class Tables:
    """Every table, in memory and in the SQLite file at ``path``."""

    def __init__(self, path: str | Path, *, client_seeds: bool = False) -> None:
        self.path = str(path)
        self.client_seeds = client_seeds
        self.tables: dict[str, Table] = {}
        with closing(self._connect()) as db, db:
            db.execute(SCHEMA)
            for row in db.execute("SELECT id, seats, tokens, bot_seed, match FROM tables"):
                table_id, seats, tokens, bot_seed, data = row
                self.tables[table_id] = Table(
                    id=table_id,
                    seats=tuple(json.loads(seats)),
                    tokens=tuple(json.loads(tokens)),
                    bot_seed=bot_seed,
                    match=Match.from_dict(json.loads(data)),
                )

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path)

    def __iter__(self) -> Iterator[Table]:
        return iter(list(self.tables.values()))  # a copy: a worker thread may add one

    def get(self, table_id: str) -> Table | None:
        """The table called ``table_id``, if there is one."""
        return self.tables.get(table_id)

    def create(
        self,
        game_name: str,
        *,
        seats: list[str],
        seed: int | None = None,
    ) -> tuple[Table, list[Event]]:
        """A new table of ``game_name`` with ``seats`` (``human`` or a bot's name each),
        stored; the bots play until a person must decide (their events are returned)."""
        if game_name not in names():
            raise ConfigError(f"there is no game {game_name!r}: games are {', '.join(names())}")
        if not any(kind == HUMAN for kind in seats):
            raise ConfigError("a table needs at least one human seat")
        if seed is not None and not self.client_seeds:
            raise ConfigError("the server chooses the seed (a seed is for tests only)")
        if seed is not None and not 0 <= seed <= LARGEST_SEED:
            raise ConfigError(f"a test's seed is a whole number from 0 to {LARGEST_SEED}")
        # without a seed the library takes 64 bits from secrets (match.seed keeps them)
        match = game(game_name).new_match(players=len(seats), seed=seed)
        table = Table(
            id=self._new_id(),
            seats=tuple(seats),
            tokens=tuple(secrets.token_urlsafe(12) if kind == HUMAN else None for kind in seats),
            bot_seed=secrets.randbits(63) if seed is None else seed,
            match=match,
        )
        events = self.play_bots(table, store=False)
        try:
            self._insert(table)
        except (sqlite3.Error, OverflowError, ValueError) as error:
            raise SaveError(f"the table could not be stored: {error}") from None
        self.tables[table.id] = table
        return table, events

    def _new_id(self) -> str:
        """A table id from ``secrets`` that no table has."""
        while True:
            table_id = secrets.token_urlsafe(ID_BYTES)
            if table_id not in self.tables:
                return table_id

    def act(self, table: Table, seat: int, text: str | Action) -> list[Event]:
        """Apply ``seat``'s action (its text notation) and let the bots answer; a refused
        action raises (:class:`~rummykit.errors.RummyError`) and changes nothing."""
        match = table.match
        if seat not in open_seats(match):
            whose = ", ".join(f"seat {open}'s" for open in open_seats(match)) or "nobody's"
            raise IllegalActionError(f"it is {whose} decision now, not seat {seat}'s", action=text)
        logged = match.step
        match.apply(text, seat=seat)  # the sender is known: refusals may list that seat's
        # legal actions (and only to that seat); an early answer is held, logging nothing yet
        self.save(table)
        events = since(match, logged)  # the answers it resolved, in priority order
        return events + self.play_bots(table)

    def time_out(self, table: Table, seat: int) -> list[Event]:
        """Play the default for ``seat``, whose time ran out (see
        :func:`~rummy_server.live.default_for`), and let the bots answer."""
        return self.act(table, seat, default_for(table.match, seat))

    def play_bots(self, table: Table, *, store: bool = True) -> list[Event]:
        """Bots' (and the table's own) decisions until only people's answers are open or
        the match ends; the table is stored after each (if ``store``)."""
        match = table.match
        events: list[Event] = []
        for _ in range(MOST_BOT_STEPS):
            if match.is_over:
                break
            waiting = open_seats(match)
            bots = [seat for seat in waiting if not table.is_human(seat)]
            logged = match.step
            if not waiting and match.to_act is None:
                match.apply(match.legal_actions()[0])
            elif bots:
                seat = bots[0]
                rng = random.Random(f"{table.bot_seed}/{match.step}/{seat}")
                match.apply(decide(table.agents[seat], match, seat, rng), seat=seat)
            else:
                break
            events += since(match, logged)  # none for an answer held, several when resolved
            if store:
                self.save(table)
        return events

    def _insert(self, table: Table) -> None:
        with closing(self._connect()) as db, db:
            db.execute(
                "INSERT INTO tables (id, seats, tokens, bot_seed, match) VALUES (?, ?, ?, ?, ?)",
                (
                    table.id,
                    json.dumps(table.seats),
                    json.dumps(table.tokens),
                    table.bot_seed,
                    json.dumps(table.match.to_dict()),
                ),
            )

    def save(self, table: Table) -> None:
        """Store ``table``'s match as it is now (one row rewritten, in one transaction)."""
        with closing(self._connect()) as db, db:
            db.execute(
                "UPDATE tables SET match = ? WHERE id = ?",
                (json.dumps(table.match.to_dict()), table.id),
            )


def since(match: Match[Any, Any], step: int) -> list[Event]:
    """The events logged from action ``step`` on: looked up one by one, not the whole
    log made anew (a match makes its events when they are read)."""
    return [event for number in range(step, match.step) if (event := match.event(number))]
