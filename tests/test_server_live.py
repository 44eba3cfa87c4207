"""examples/server as a live table: spectators, the pointing page's choices, the clock and
the defaults it plays, the lobby's links.

Driven through Starlette's ``TestClient``; skipped where the ``server`` extra is absent.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rummykit import game
from rummykit.agents import decide, make_agent
from rummykit.kit import names
from rummykit.kit.definition import Question

pytest.importorskip(
    "starlette", reason="the server example needs its extra: pip install -e '.[server]'"
)

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

SERVER = Path(__file__).resolve().parent.parent / "examples" / "server"
sys.path.insert(0, str(SERVER))

from rummy_server import create_app  # noqa: E402
from rummy_server.app import TRY_AGAIN_LATER, UNSUPPORTED_DATA  # noqa: E402
from rummy_server.choices import choices  # noqa: E402
from rummy_server.clock import Clock  # noqa: E402
from rummy_server.live import default_for, legal_for, open_seats  # noqa: E402

SEATS = ["human", "heuristic", "heuristic", "heuristic"]


def made(client: TestClient, seats: list[str], seed: int = 5) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "may-i", "seats": seats, "seed": seed})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def seat_url(link: str) -> str:
    return link.replace("/?table=", "/ws/").replace("&seat=", "/").replace("&token=", "?token=")


def test_the_lobby_answers_a_link_per_person_and_one_for_spectators(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite", client_seeds=True)) as client:
        body = made(client, ["human", "heuristic", "human", "human"])
        assert [link["seat"] for link in body["links"]] == [0, 2, 3]
        tokens = {link["url"].rsplit("token=", 1)[1] for link in body["links"]}
        assert len(tokens) == 3  # a secret per seat
        assert body["watch"] == f"/?table={body['table']['id']}&watch=1"
        assert "token" not in body["watch"]


def test_a_spectator_sees_the_public_view_and_may_not_send(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite", client_seeds=True)) as client:
        body = made(client, SEATS)
        table_id = body["table"]["id"]
        match = client.app.state.server.tables.get(table_id).match  # type: ignore[attr-defined]
        with (
            client.websocket_connect(f"/ws/{table_id}/watch") as watcher,
            client.websocket_connect(seat_url(body["links"][0]["url"])) as player,
        ):
            seen = watcher.receive_json()
            mine = player.receive_json()
            assert seen["seat"] is None and seen["view"]["seat"] is None
            assert seen["view"]["hand"] == [] and seen["legal"] == []
            assert seen["view"]["hand_sizes"] == mine["view"]["hand_sizes"]
            assert seen["view"]["pile"] == mine["view"]["pile"]
            for _ in range(6):  # the person plays; the spectator follows every change
                player.send_json({"action": mine["legal"][0]["text"]})
                mine, seen = player.receive_json(), watcher.receive_json()
                assert seen["step"] == mine["step"] == match.step
                for event in seen["events"]:
                    for effect in event["effects"]:
                        if effect["type"] == "Drew":
                            assert effect["cards"] == []  # nobody's drawn cards
            watcher.send_json({"action": "draw"})
            with pytest.raises(WebSocketDisconnect) as closed:
                watcher.receive_json()
        assert closed.value.code == UNSUPPORTED_DATA


def test_a_table_keeps_a_bounded_number_of_spectators(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", client_seeds=True, most_watchers=2)
    with TestClient(app) as client:
        table_id = made(client, SEATS)["table"]["id"]
        with (
            client.websocket_connect(f"/ws/{table_id}/watch") as first,
            client.websocket_connect(f"/ws/{table_id}/watch") as second,
        ):
            assert first.receive_json()["seat"] is None
            assert second.receive_json()["seat"] is None
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                client.websocket_connect(f"/ws/{table_id}/watch") as third,
            ):
                third.receive_json()
            assert closed.value.code == TRY_AGAIN_LATER
        with client.websocket_connect(f"/ws/{table_id}/watch") as again:  # room again
            assert again.receive_json()["seat"] is None
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/nothere/watch") as s:
            s.receive_json()


def test_each_message_carries_the_seats_choices_and_the_open_seats(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite", client_seeds=True)) as client:
        body = made(client, ["human", "human", "heuristic", "heuristic"])
        table_id = body["table"]["id"]
        match = client.app.state.server.tables.get(table_id).match  # type: ignore[attr-defined]
        with (
            client.websocket_connect(seat_url(body["links"][0]["url"])) as first,
            client.websocket_connect(seat_url(body["links"][1]["url"])) as second,
        ):
            sockets = {0: first, 1: second}
            last = {seat: socket.receive_json() for seat, socket in sockets.items()}
            both = False
            for _ in range(30):
                for seat, message in last.items():
                    assert message["open"] == list(open_seats(match))
                    texts = [choice["text"] for choice in message["legal"]]
                    assert texts == [str(action) for action in legal_for(match, seat)]
                    assert message["clock"] == {} and message["seconds"] is None
                deciding = [seat for seat in last if last[seat]["legal"]]
                both |= len(deciding) == 2
                acting = deciding[-1]  # the later seat first: an early answer, held
                sockets[acting].send_json({"action": last[acting]["legal"][0]["text"]})
                last = {seat: socket.receive_json() for seat, socket in sockets.items()}
            assert both  # a question open to both people at once


def test_the_clock_plays_a_silent_seats_default(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", client_seeds=True, clock_seconds=0.3)
    with TestClient(app) as client:
        body = made(client, SEATS)
        table = client.app.state.server.tables.get(body["table"]["id"])  # type: ignore[attr-defined]
        match = table.match
        with client.websocket_connect(seat_url(body["links"][0]["url"])) as socket:
            first = socket.receive_json()
            assert first["clock"].keys() == {"0"} and 0 < first["clock"]["0"] <= 0.3
            assert first["seconds"] == 0.3
            expected = default_for(match, 0)
            step = match.step
            late = socket.receive_json()  # nobody acts: the server does, for seat 0
            assert late["timed_out"] == [0]
            assert late["events"][0]["seat"] == 0
            assert late["events"][0]["action"]["text"] == str(expected)
            assert late["step"] > step
            socket.send_json({"action": late["legal"][0]["text"]})  # a person's action
            assert socket.receive_json()["timed_out"] == []


def test_a_clock_keeps_an_open_seats_deadline_and_renews_it_after_it_acts() -> None:
    clock = Clock(10.0)
    clock.update([1, 2], now=100.0)
    assert clock.left(100.0) == {1: 10.0, 2: 10.0}
    clock.update([1, 2], now=104.0)  # another seat's answer: the deadlines stand
    assert clock.left(104.0) == {1: 6.0, 2: 6.0}
    clock.update([2, 3], now=105.0, acted=1)  # 1 answered, 3 is asked
    assert clock.deadlines == {2: 110.0, 3: 115.0}
    clock.update([2], now=106.0, acted=2)  # 2 acted and decides again: a fresh deadline
    assert clock.deadlines == {2: 116.0}
    assert clock.expired(115.9) == [] and clock.expired(116.0) == [2]
    assert clock.next_deadline() == 116.0
    clock.update([], now=120.0)
    assert clock.next_deadline() is None


@pytest.mark.parametrize("name", names())
def test_the_default_is_legal_and_a_questions_decline(name: str) -> None:
    match = game(name).new_match(players=3, seed=4)
    agent = make_agent("random", match.definition)
    rng = random.Random(4)
    for _ in range(400):
        if match.is_over:
            break
        for seat in open_seats(match):
            default = default_for(match, seat)
            assert default in legal_for(match, seat)
            if isinstance(match.phase, Question) and match.phase.decline in legal_for(match, seat):
                assert default == match.phase.decline
        seat = match.to_act
        match.apply(match.legal_actions()[0] if seat is None else decide(agent, match, seat, rng))


@pytest.mark.parametrize("name", names())
def test_every_choice_is_made_by_pointing_at_its_cards_and_meld(name: str) -> None:
    """Each legal action uses hand cards the seat holds, and the selection of exactly
    those cards (and its meld) makes it, among the actions of its verb."""
    match = game(name).new_match(players=4, seed=8)
    agent = make_agent("heuristic" if name != "possession" else "greedy", match.definition)
    rng = random.Random(8)
    pointed = Counter[str]()
    for _ in range(600):
        if match.is_over:
            break
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
            continue
        hand = Counter(str(card) for card in match.view(seat).hand)
        listed = choices(legal_for(match, seat), match, seat)
        for choice in listed:
            assert Counter(choice["uses"]) <= hand
            siblings = [
                other
                for other in listed
                if other["verb"] == choice["verb"]
                and Counter(other["uses"]) == Counter(choice["uses"])
                and other["target"] == choice["target"]
            ]
            if len(siblings) > 1:  # the page asks which: their details tell them apart
                assert len({other["detail"] for other in siblings}) == len(siblings)
            if choice["uses"]:
                pointed[choice["verb"]] += 1
        match.apply(decide(agent, match, seat, rng))
    assert pointed  # some actions were played by pointing


def test_a_variant_file_registered_at_start_is_offered_and_played(tmp_path: Path) -> None:
    """``--variant FILE.toml`` registers the file's game: the lobby lists it, a table of
    it is made and its bots play, and a restarted server with the same file finds it."""
    from rummykit.kit import unregister
    from rummykit.variants import register_variant

    path = Path(__file__).resolve().parents[1] / "examples" / "gallery" / "kalooki-51.toml"
    name = register_variant(path, replace=True).name
    try:
        with TestClient(create_app(tmp_path / "t.sqlite", client_seeds=True)) as client:
            assert name in client.get("/api/games").json()["games"]
            seats = ["human", "heuristic", "heuristic"]
            answer = client.post("/api/tables", json={"game": name, "seats": seats, "seed": 3})
            assert answer.status_code == 201, answer.text
            table = answer.json()["table"]
            assert table["game"] == name
        with TestClient(create_app(tmp_path / "t.sqlite")) as client:
            listed = client.get("/api/tables").json()["tables"]
            assert [entry["id"] for entry in listed] == [table["id"]]
    finally:
        unregister(name)
