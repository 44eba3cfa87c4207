"""A game server built on rummykit: tables of any registered game, people at browsers,
bots in the empty seats, every table stored in SQLite after each action.

Run it from ``examples/server``: ``python -m rummy_server --database tables.sqlite``.
"""

from __future__ import annotations

from rummy_server.app import create_app
from rummy_server.tables import HUMAN, Table, Tables

__all__ = ["HUMAN", "Table", "Tables", "create_app"]
