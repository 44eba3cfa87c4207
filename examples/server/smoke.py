"""Start the game server on 127.0.0.1, play a table over a websocket with bots, restart
the server mid-deal and check the table continued identically; exit 0 when it did.

The server runs as its own process (``python -m rummy_server``) on a free port; the
restart stops that process and starts another on the same SQLite file. A copy of the
file taken at the restart, loaded in this process, plays the same actions as the
reference the restarted server must match, bots included.

Run: python examples/server/smoke.py
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from rummy_server.app import seat_message
from rummy_server.launch import TIMEOUT, create_table, free_port, start, stop
from rummy_server.tables import Tables
from websockets.sync.client import ClientConnection, connect

SEATS = ["human", "heuristic", "heuristic", "heuristic"]


def sit(port: int, table: str, token: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}/ws/{table}/0?token={token}", open_timeout=TIMEOUT)


def receive(connection: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(connection.recv(timeout=TIMEOUT))
    return message


def choose(message: dict[str, Any]) -> str:
    """The person's policy: ask "May I?" when offered, else the first legal action."""
    legal = [action["text"] for action in message["view"]["legal"]]
    return "ask" if "ask" in legal else legal[0]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "tables.sqlite"
        port = free_port()
        server = start(database, port)
        try:
            table, tokens = create_table(port, "may-i", SEATS, seed=11)
            token = tokens[0]
            with sit(port, table, token) as connection:
                message = receive(connection)
                for _ in range(8):
                    connection.send(json.dumps({"action": choose(message)}))
                    message = receive(connection)
        finally:
            stop(server)
        assert message["view"]["deal"] == 1 and not message["over"], "not mid-deal"
        before = message
        reference = Tables(
            shutil.copy(database, Path(folder) / "reference.sqlite"), client_seeds=True
        )

        port = free_port()
        server = start(database, port)
        try:
            with sit(port, table, token) as connection:
                message = receive(connection)
                for key in ("view", "svg", "step", "seats", "over"):
                    assert message[key] == before[key], f"{key} changed across the restart"
                expected_table = reference.get(table)
                assert expected_table is not None
                for _ in range(12):
                    text = choose(message)
                    connection.send(json.dumps({"action": text}))
                    message = receive(connection)
                    events = reference.act(expected_table, 0, text)
                    expected = json.loads(json.dumps(seat_message(expected_table, 0, events)))
                    got = {key: message[key] for key in expected}  # less the clock's part
                    assert got == expected, f"the restarted table went its own way at {text}"
        finally:
            stop(server)
    print(
        f"table {table}: restarted at step {before['step']} of deal 1; "
        f"{message['step'] - before['step']} more steps identical to the unrestarted table"
    )


if __name__ == "__main__":
    main()
