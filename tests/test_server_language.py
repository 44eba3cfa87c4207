"""examples/server in the seats' languages: each seat chooses English, Brazilian Portuguese
or Russian, the server remembers it per seat, and sends that seat the page's words, its
buttons, the effects and the refusals in it, made from codes and parameters.

Driven through Starlette's ``TestClient``; skipped where the ``server`` extra is absent.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummykit import Message
from rummykit.i18n import message_text, translate
from rummykit.i18n.phases import phase_word
from rummykit.i18n.web import table_words

pytest.importorskip(
    "starlette", reason="the server example needs its extra: pip install -e '.[server]'"
)

from starlette.testclient import TestClient

SERVER = Path(__file__).resolve().parent.parent / "examples" / "server"
sys.path.insert(0, str(SERVER))

from rummy_server import create_app  # noqa: E402
from rummy_server.choices import WORDS  # noqa: E402

SEATS = ["human", "human", "heuristic", "heuristic"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "tables.sqlite", client_seeds=True)) as client:
        yield client


def new_table(client: TestClient, game: str = "may-i") -> tuple[str, dict[int, str]]:
    answer = client.post("/api/tables", json={"game": game, "seats": SEATS, "seed": 5})
    assert answer.status_code == 201
    body = answer.json()
    tokens = {link["seat"]: link["url"].rsplit("token=", 1)[1] for link in body["links"]}
    return str(body["table"]["id"]), tokens


def to_act(client: TestClient, table: str) -> int:
    """The seat whose decision it is (one of the people's at these tables)."""
    seat = client.app.state.server.tables.get(table).match.to_act  # type: ignore[attr-defined]
    assert seat in (0, 1)
    return int(seat)


def said_of(effect: dict[str, Any], locale: str) -> str:
    """An effect's words in ``locale``, made from its JSON's code and parameters alone."""
    return message_text(Message.from_dict(effect), locale=locale)


def test_the_lobby_gets_the_pages_words_in_the_language_asked(client: TestClient) -> None:
    answer = client.get("/api/words?lang=pt-BR").json()
    assert answer["locale"] == "pt_BR"
    assert answer["words"] == table_words("pt-BR")
    assert answer["words"]["Your seats"] == "Seus lugares"
    assert set(answer["languages"]) == {"en", "pt_BR", "ru"}
    assert client.get("/api/words?lang=klingon").json()["locale"] == "en"
    assert client.get("/api/words").json()["words"]["Your seats"] == "Your seats"


def test_a_seat_that_asks_for_russian_is_told_everything_in_russian(client: TestClient) -> None:
    table, tokens = new_table(client)
    seat = to_act(client, table)
    with client.websocket_connect(f"/ws/{table}/{seat}?token={tokens[seat]}&lang=ru") as socket:
        message = socket.receive_json()
        assert message["locale"] == "ru"
        assert message["words"]["Your turn"] == "Ваш ход"
        assert message["phase_said"] == phase_word(message["view"]["phase"], locale="ru")
        assert message["contract_said"] == "2 комплекта"  # May I?'s first deal: two groups
        assert message["legal"]
        for choice in message["legal"]:  # the buttons' words, each translated
            assert choice["label"] == translate(WORDS[choice["verb"]], locale="ru")
            assert choice["label"] != WORDS[choice["verb"]]
        effects = [effect for event in message["events"] for effect in event["effects"]]
        assert effects
        for effect in effects:  # each made from its code and parameters, never from English
            assert effect["said"] == said_of(effect, "ru")
            assert effect["said"] != effect["text"]
        assert any("колод" in effect["said"] for effect in effects)


def test_a_refusal_is_said_in_the_seats_language_from_its_code(client: TestClient) -> None:
    table, tokens = new_table(client)
    seat = to_act(client, table)
    with client.websocket_connect(f"/ws/{table}/{seat}?token={tokens[seat]}&lang=pt-BR") as socket:
        socket.receive_json()
        socket.send_json({"action": "discard 2C"})  # the seat must draw first
        refused = socket.receive_json()
        assert refused["type"] == "refused"
        error = refused["error"]
        reason = message_text(Message.from_dict(error), locale="pt-BR")
        assert refused["said"] == (f"{error['rule']}: {reason}" if error["rule"] else reason)
        assert refused["said"] != error["message"]
        assert f"jogador {'AB'[seat]}" in refused["said"]


def test_a_seat_switches_language_and_the_server_remembers_it_for_the_seat(
    client: TestClient,
) -> None:
    table, tokens = new_table(client)
    seat = to_act(client, table)
    rest = 1 - seat
    with (
        client.websocket_connect(f"/ws/{table}/{seat}?token={tokens[seat]}") as first,
        client.websocket_connect(f"/ws/{table}/{rest}?token={tokens[rest]}&lang=ru") as other,
    ):
        assert first.receive_json()["locale"] == "en"
        assert other.receive_json()["locale"] == "ru"
        first.send_json({"lang": "pt-BR"})
        switched = first.receive_json()
        assert switched["locale"] == "pt_BR"
        assert switched["words"]["Your turn"] == "Sua vez"
        for choice in switched["legal"]:
            assert choice["label"] == translate(WORDS[choice["verb"]], locale="pt-BR")
        for event in switched["events"]:  # the recent events, said anew
            for effect in event["effects"]:
                assert effect["said"] == said_of(effect, "pt-BR")
        with client.websocket_connect(f"/ws/{table}/{seat}?token={tokens[seat]}") as again:
            assert again.receive_json()["locale"] == "pt_BR"  # remembered for the seat
        first.send_json({"lang": "klingon"})  # no catalog: refused, the language stays
        refused = first.receive_json()
        assert refused["type"] == "refused"
        first.send_json({"action": switched["legal"][0]["text"]})
        after = first.receive_json()
        assert after["locale"] == "pt_BR"
        assert other.receive_json()["locale"] == "ru"  # the other seat keeps its own


def test_a_spectator_watches_in_the_language_of_its_link(client: TestClient) -> None:
    table, _ = new_table(client, game="posso")
    with client.websocket_connect(f"/ws/{table}/watch?lang=pt-BR") as socket:
        message = socket.receive_json()
        assert message["locale"] == "pt_BR"
        assert message["words"]["Discard pile"] == "Descarte"
        assert message["contract_said"] == "1 lavadeira + 1 sequência"
        for event in message["events"]:
            for effect in event["effects"]:
                assert effect["said"] == said_of(effect, "pt-BR")


def test_the_lobby_refuses_a_table_in_the_language_of_its_request(tmp_path: Path) -> None:
    """A refused table says why in the lobby's language (``?lang=``), from the English
    message id and parameters it carries too; without ``lang`` it speaks English."""
    app = create_app(tmp_path / "tables.sqlite", client_seeds=True, most_tables_per_client=1)
    with TestClient(app) as client:
        bad = client.post("/api/tables?lang=pt-BR", content=b"[1, 2")
        assert bad.status_code == 400
        assert bad.json()["said"] == "o corpo não é JSON"
        assert bad.json()["error"] == {
            "reason": "the body is not JSON",
            "text": "the body is not JSON",
            "params": {},
        }
        wrong = client.post("/api/tables?lang=ru", json={"game": "may-i", "seats": []})
        error = wrong.json()["error"]
        assert wrong.status_code == 400
        assert error["params"]["most"] == 8
        assert error["reason"] == error["text"].format(**error["params"])
        assert wrong.json()["said"] == translate(error["text"], locale="ru", **error["params"])
        assert wrong.json()["said"].startswith("укажите игру (")
        unknown = client.post("/api/tables?lang=ru", json={"game": "no-such", "seats": SEATS})
        assert unknown.status_code == 400
        assert unknown.json()["said"] == wrong.json()["said"]  # the same message: no such game
        assert client.post("/api/tables", json={"game": "may-i", "seats": SEATS}).status_code == 201
        many = client.post("/api/tables?lang=ru", json={"game": "may-i", "seats": SEATS})
        assert many.status_code == 429
        assert many.json()["said"] == "не больше 1 незаконченных столов на клиента"
        assert many.json()["error"]["reason"] == "at most 1 unfinished tables per client"
        english = client.post("/api/tables", json={"game": "may-i", "seats": SEATS})
        assert english.json()["said"] == english.json()["error"]["reason"]
