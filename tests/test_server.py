"""examples/server: people at browsers and bots at tables, stored in SQLite, restarted.

Driven through Starlette's ``TestClient`` (HTTP and websockets in-process). Skipped
where the ``server`` extra is not installed.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import ExitStack, closing
from pathlib import Path
from typing import Any

import pytest

from rummykit.agents import agent_names
from rummykit.kit import names

pytest.importorskip(
    "starlette", reason="the server example needs its extra: pip install -e '.[server]'"
)

from starlette.testclient import TestClient, WebSocketTestSession

SERVER = Path(__file__).resolve().parent.parent / "examples" / "server"
sys.path.insert(0, str(SERVER))

from rummy_server import create_app  # noqa: E402

SEATS = ["human", "human", "heuristic", "heuristic"]


class Seats:
    """The two people's websockets at one table: send as the seat to act, then read what
    every open socket is sent."""

    def __init__(self, client: TestClient, table: str, tokens: dict[int, str]) -> None:
        self.stack = ExitStack()
        self.sockets: dict[int, WebSocketTestSession] = {
            seat: self.stack.enter_context(
                client.websocket_connect(f"/ws/{table}/{seat}?token={token}")
            )
            for seat, token in tokens.items()
        }
        self.last = {seat: socket.receive_json() for seat, socket in self.sockets.items()}

    def close(self) -> None:
        self.stack.close()

    def to_act(self) -> int:
        seat = self.last[0]["view"]["to_act"]
        assert isinstance(seat, int)
        return seat

    def play(self, text: str) -> dict[int, dict[str, Any]]:
        """``text`` from the seat to act; every seat's new message."""
        self.sockets[self.to_act()].send_json({"action": text})
        self.last = {seat: socket.receive_json() for seat, socket in self.sockets.items()}
        return self.last


def legal(message: dict[str, Any]) -> list[str]:
    """The texts of the legal actions a seat was sent (none unless it is deciding)."""
    return [action["text"] for action in message["view"]["legal"]]


def choose(message: dict[str, Any]) -> str:
    """The people's policy: ask "May I?" when they may, else the first legal action."""
    texts = legal(message)
    return "ask" if "ask" in texts else texts[0]


def new_table(client: TestClient, seed: int = 5) -> tuple[str, dict[int, str]]:
    answer = client.post("/api/tables", json={"game": "may-i", "seats": SEATS, "seed": seed})
    assert answer.status_code == 201
    body = answer.json()
    tokens = {link["seat"]: link["url"].rsplit("token=", 1)[1] for link in body["links"]}
    assert sorted(tokens) == [0, 1]
    table: str = body["table"]["id"]
    return table, tokens


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite"


@pytest.fixture
def client(database: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database, client_seeds=True)) as client:
        yield client


def test_the_lobby_lists_every_registered_game_and_bot(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert listed["games"] == list(names()) and listed["bots"] == list(agent_names())
    assert listed["players"]["may-i"] == [3, 5, 4]  # MAYI's 3-5 players, four by default
    assert listed["players"]["possession"][:2] == [2, 4]
    assert "<script" in client.get("/").text
    for game in names():
        answer = client.post("/api/tables", json={"game": game, "seats": ["human", "random"]})
        if answer.status_code == 400:  # the game needs more players: a 3-seat table
            answer = client.post(
                "/api/tables", json={"game": game, "seats": ["human", "random", "random"]}
            )
        assert answer.status_code == 201, answer.text
    assert len(client.get("/api/tables").json()["tables"]) == len(names())


def test_a_table_needs_a_known_game_and_seats(client: TestClient) -> None:
    for body in (
        {"game": "chess", "seats": SEATS},
        {"game": "may-i", "seats": ["heuristic"] * 4},
        {"game": "may-i", "seats": ["human", "nobody", "random"]},
        {"game": "may-i", "seats": SEATS, "seed": "7"},
        ["may-i"],
    ):
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400
        assert answer.json()["error"]["reason"]
    huge = client.post("/api/tables", content=b"[" + b"1," * 10_000 + b"1]")
    assert huge.status_code == 413


def test_each_browser_receives_only_its_seats_view_and_events(client: TestClient) -> None:
    table_id, tokens = new_table(client)
    match = client.app.state.server.tables.get(table_id).match  # type: ignore[attr-defined]
    seats = Seats(client, table_id, tokens)
    draws: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    try:
        for _ in range(12):
            step = match.step
            for seat, message in seats.last.items():
                assert message["seat"] == seat
                assert message["view"] == match.view(seat).to_dict()
                assert legal(message) == [  # a deciding seat's own choices (issue 36)
                    str(action) for action in match.legal_actions(seat=seat)
                ]
                for event in message["events"]:
                    draws[seat] += [e for e in event["effects"] if e["type"] == "Drew"]
            # the other person's hand is not in this seat's message
            assert seats.last[0]["view"]["hand"] != seats.last[1]["view"]["hand"]
            seats.play(choose(seats.last[seats.to_act()]))
            new = match.events[step:]
            for seat, message in seats.last.items():
                for event in message["events"]:  # each effect also in the seat's words
                    for effect in event["effects"]:
                        assert effect.pop("said") == effect["text"]  # (English here)
                assert message["events"] == [event.seen_by(seat).to_dict() for event in new]
    finally:
        seats.close()
    # a stock draw shows its cards to the seat that drew them only
    for seat, effects in draws.items():
        assert effects
        for effect in effects:
            assert (len(effect["cards"]) == effect["count"]) == (effect["seat"] == seat)


def test_a_stranger_or_a_bots_seat_is_turned_away(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    table_id, tokens = new_table(client)
    for url in (
        f"/ws/{table_id}/0?token=wrong",
        f"/ws/{table_id}/0?token=%C3%A9t%C3%A9",
        f"/ws/{table_id}/0",
        f"/ws/{table_id}/2?token={tokens[0]}",
        f"/ws/nothere/0?token={tokens[0]}",
    ):
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(url) as socket:
            socket.receive_json()


def test_a_bad_action_is_refused_with_its_clause_and_the_match_unchanged(
    client: TestClient,
) -> None:
    table_id, tokens = new_table(client)
    server = client.app.state.server  # type: ignore[attr-defined]
    match = server.tables.get(table_id).match
    seats = Seats(client, table_id, tokens)
    try:
        assert match.phase.value == "request"
        before = match.snapshot()
        socket = seats.sockets[seats.to_act()]
        socket.send_json({"action": "draw"})
        refused = socket.receive_json()
        assert refused["type"] == "refused"
        assert refused["error"]["rule"] == "MAYI-9.3"
        assert "cannot draw now" in refused["error"]["reason"]
        socket.send_json({"action": "discard 1H"})
        assert socket.receive_json()["type"] == "refused"
        assert refused["error"]["action"] == {"type": "draw", "text": "draw"}
        for garbage in ("not json", '{"act": "draw"}', '["draw"]', '{"action": 7}'):
            socket.send_text(garbage)
            assert "send" in socket.receive_json()["error"]["reason"]
        other = seats.sockets[1 - seats.to_act()]
        other.send_json({"action": "pass"})
        assert "decision now" in other.receive_json()["error"]["reason"]
        assert match.snapshot() == before
    finally:
        seats.close()


def test_a_restart_in_a_claim_window_resumes_the_table_exactly(database: Path) -> None:
    copy = database.with_name("restarted.sqlite")
    with TestClient(create_app(database, client_seeds=True)) as first:
        table_id, tokens = new_table(first)
        seats = Seats(first, table_id, tokens)
        # play until a person must answer a "May I?" request: the claim window is open
        for _ in range(200):
            if seats.last[seats.to_act()]["view"]["phase"] == "consent" and len(
                seats.last[0]["events"]
            ):
                break
            seats.play(choose(seats.last[seats.to_act()]))
        before = dict(seats.last)
        assert before[seats.to_act()]["view"]["phase"] == "consent"
        assert legal(before[seats.to_act()]) == ["allow", "refuse"]
        # what is stored is the match's snapshot, written after the last action
        stored = first.app.state.server.tables.get(table_id)  # type: ignore[attr-defined]
        with closing(sqlite3.connect(database)) as db:
            (data,) = db.execute("SELECT match FROM tables WHERE id = ?", (table_id,)).fetchone()
        assert json.loads(data) == stored.match.to_dict()
        shutil.copy(database, copy)

        # the server restarts on the stored file (a copy; the first goes on unrestarted)
        with TestClient(create_app(copy, client_seeds=True)) as second:
            again = Seats(second, table_id, tokens)
            try:
                for seat in before:
                    for key in ("view", "svg", "step", "seats", "over"):
                        assert again.last[seat][key] == before[seat][key], key
                # the same actions give the same table, bots included, in both servers
                for _ in range(30):
                    text = choose(seats.last[seats.to_act()])
                    expected, got = seats.play(text), again.play(text)
                    assert got == expected
            finally:
                again.close()
                seats.close()


@pytest.mark.parametrize("game", names())
def test_every_registered_game_plays_and_resumes_over_the_wire(database: Path, game: str) -> None:
    seats = ["human", "random", "random"]
    with TestClient(create_app(database, client_seeds=True)) as first:
        answer = first.post("/api/tables", json={"game": game, "seats": seats, "seed": 2})
        assert answer.status_code == 201
        table_id = answer.json()["table"]["id"]
        token = answer.json()["links"][0]["url"].rsplit("token=", 1)[1]
        with first.websocket_connect(f"/ws/{table_id}/0?token={token}") as socket:
            message = socket.receive_json()
            for _ in range(10):
                if message["over"]:
                    break
                socket.send_json({"action": legal(message)[0]})
                message = socket.receive_json()
    with (
        TestClient(create_app(database, client_seeds=True)) as second,
        second.websocket_connect(f"/ws/{table_id}/0?token={token}") as socket,
    ):
        again = socket.receive_json()
    for key in ("view", "svg", "step", "over"):
        assert again[key] == message[key], key
