"""examples/server, hardened: the server chooses every seed (a client's seed is refused
unless the app is made for tests), table ids are 128 bits from ``secrets`` checked for
collisions, tables are bounded per client and in all, binary frames and oversized
messages close the socket with a code, and every table is stored or its request refused."""

from __future__ import annotations

import secrets
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "starlette", reason="the server example needs its extra: pip install -e '.[server]'"
)

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

SERVER = Path(__file__).resolve().parent.parent / "examples" / "server"
sys.path.insert(0, str(SERVER))

from rummy_server import create_app  # noqa: E402
from rummy_server import tables as tables_module  # noqa: E402
from rummy_server.app import LONGEST_MESSAGE, TOO_BIG, UNSUPPORTED_DATA  # noqa: E402

SEATS = ["human", "heuristic", "heuristic"]


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite"


@pytest.fixture
def client(database: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database)) as client:
        yield client


def stored_ids(database: Path) -> list[str]:
    with closing(sqlite3.connect(database)) as db:
        return [row[0] for row in db.execute("SELECT id FROM tables")]


def make(client: TestClient, **extra: Any) -> Any:
    return client.post("/api/tables", json={"game": "may-i", "seats": SEATS, **extra})


def test_a_client_cannot_choose_the_seed(client: TestClient, database: Path) -> None:
    answer = make(client, seed=7)
    assert answer.status_code == 400
    assert "seed" in answer.json()["error"]["reason"]
    assert stored_ids(database) == []


def test_the_server_seeds_from_the_librarys_entropy(client: TestClient) -> None:
    server = client.app.state.server  # type: ignore[attr-defined]
    seeds = set()
    for _ in range(3):
        table = server.tables.get(make(client).json()["table"]["id"])
        seeds.add(table.match.seed)
        assert table.bot_seed != table.match.seed
    assert len(seeds) == 3
    assert max(seeds) >= 2**32  # 64 bits (all three under 2^32: a chance of 2^-96)


def test_a_test_seed_past_sqlite_is_refused_and_nothing_is_left(database: Path) -> None:
    with TestClient(create_app(database, client_seeds=True)) as client:
        answer = make(client, seed=2**63)
        assert answer.status_code == 400
        assert client.get("/api/tables").json()["tables"] == []
        assert make(client, seed=2**63 - 1).status_code == 201
    assert len(stored_ids(database)) == 1


def test_a_table_that_cannot_be_stored_is_refused_not_kept(
    client: TestClient, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    server = client.app.state.server  # type: ignore[attr-defined]
    monkeypatch.setattr(server.tables, "_insert", fail)
    answer = make(client)
    assert answer.status_code == 503
    assert client.get("/api/tables").json()["tables"] == []


def test_table_ids_are_long_and_a_collision_is_drawn_again(
    client: TestClient, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make(client).json()["table"]["id"]
    assert len(first) >= 21  # 128 bits, URL-safe
    drawn = iter([first, first, "another-id-of-128-bits"])
    real = secrets.token_urlsafe

    def token(size: int | None = None) -> str:
        return next(drawn) if size == tables_module.ID_BYTES else str(real(size))

    monkeypatch.setattr(secrets, "token_urlsafe", token)
    server = client.app.state.server  # type: ignore[attr-defined]
    before = server.tables.get(first).match.to_dict()
    second = make(client).json()["table"]["id"]
    assert second == "another-id-of-128-bits"
    assert server.tables.get(first).match.to_dict() == before
    assert sorted(stored_ids(database)) == sorted([first, second])


def test_tables_are_bounded_per_client_and_in_all(database: Path) -> None:
    with TestClient(create_app(database, most_tables_per_client=2, most_tables=3)) as client:
        assert [make(client).status_code for _ in range(3)] == [201, 201, 429]
        assert "per client" in make(client).json()["error"]["reason"]
    with TestClient(create_app(database, most_tables_per_client=9, most_tables=3)) as client:
        assert make(client).status_code == 201
        answer = make(client)
        assert answer.status_code == 429
        assert "most tables" in answer.json()["error"]["reason"]
    assert len(stored_ids(database)) == 3


def _socket_url(client: TestClient) -> str:
    link: str = make(client).json()["links"][0]["url"]  # /?table=T&seat=S&token=K
    return link.replace("/?table=", "/ws/").replace("&seat=", "/").replace("&token=", "?token=")


def test_a_binary_frame_closes_the_socket_with_1003(client: TestClient) -> None:
    with client.websocket_connect(_socket_url(client)) as socket:
        socket.receive_json()
        socket.send_bytes(b'{"action": "draw"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == UNSUPPORTED_DATA


def test_an_oversized_message_closes_the_socket_with_1009(client: TestClient) -> None:
    with client.websocket_connect(_socket_url(client)) as socket:
        socket.receive_json()
        socket.send_text('{"action": "' + "x" * LONGEST_MESSAGE + '"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == TOO_BIG
