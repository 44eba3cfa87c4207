"""``rummykit replay`` of a seat's record (:func:`rummykit.records.for_seat`): the log as
that seat saw it, printed from what the record stores. Such a record holds no seed and no
deck order (either would reveal every hidden card), so nothing is replayed: its events
are checked for shape and shown as written, and only that seat's point of view exists.
"""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.cards import parse_card
from rummykit.cli.screen import printable
from rummykit.errors import NotationError, RecordError, shown
from rummykit.kit.effects import seat_name
from rummykit.kit.registry import get, names
from rummykit.records import FORMAT_FOR_SEAT, MAX_ACTIONS, VERSION

_TEXT_LIMIT = 2000
"""The longest stored text printed (a record's texts are a stranger's input)."""


@attrs.frozen
class SeatLog:
    """A seat's record, checked: the game, the seats, whose view it is and its events
    (each as :meth:`~rummykit.kit.protocol.Event.to_dict` wrote it)."""

    game: str
    title: str
    players: int
    seats: tuple[str, ...]
    seat: int | None
    events: tuple[dict[str, Any], ...]
    results: tuple[Any, ...]


def _whole(value: Any) -> bool:
    return type(value) is int


def _seat(value: Any, players: int, where: str) -> int | None:
    if value is not None and not (_whole(value) and 0 <= value < players):
        raise RecordError(
            f"{where}: must be a seat from 0 to {players - 1} or null, got {shown(value)}"
        )
    return value  # type: ignore[no-any-return]


def read_seat_log(data: dict[str, Any]) -> SeatLog:
    """``data`` (a seat's record, :data:`~rummykit.records.FORMAT_FOR_SEAT`) checked; a
    field of the wrong shape is a :class:`~rummykit.errors.RecordError` naming it."""
    if data.get("format") != FORMAT_FOR_SEAT:
        raise RecordError(f"not a seat's record (format {shown(data.get('format'))})")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise RecordError(f"unknown record version {shown(data.get('version'))} (known: {VERSION})")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError(f"game: must be a game's name, got {shown(game)}")
    title = (get(game).title or game) if game in names() else game
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
        raise RecordError(f"players: must be a whole number from 2 to 8, got {shown(players)}")
    seats = data.get("seats", [seat_name(seat) for seat in range(players)])
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(name, str) for name in seats)
    ):
        raise RecordError(f"seats: must be {players} names, got {shown(seats)}")
    seat = _seat(data.get("seat"), players, "seat")
    events = data.get("events")
    if not isinstance(events, list) or len(events) > MAX_ACTIONS:
        raise RecordError(f"events: must be a list of at most {MAX_ACTIONS} events")
    for index, event in enumerate(events):
        _check_event(event, index, players)
        if index and event["step"] <= events[index - 1]["step"]:
            raise RecordError(
                f"events[{index}].step: {event['step']} does not follow "
                f"{events[index - 1]['step']} (the events are in the order played)"
            )
    results = data.get("results", [])
    if not isinstance(results, list):
        raise RecordError(f"results: must be a list, got {shown(results)}")
    return SeatLog(
        game=game,
        title=printable(title, 80),
        players=players,
        seats=tuple(printable(name) for name in seats),
        seat=seat,
        events=tuple(events),
        results=tuple(results),
    )


def _check_event(event: Any, index: int, players: int) -> None:
    where = f"events[{index}]"
    if not isinstance(event, dict):
        raise RecordError(f"{where}: must be an event object, got {shown(event)}")
    for key in ("step", "deal"):
        if not _whole(event.get(key)) or event[key] < 0:
            raise RecordError(f"{where}.{key}: must be a whole number, got {shown(event.get(key))}")
    _seat(event.get("seat"), players, f"{where}.seat")
    action = event.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("text"), str):
        raise RecordError(f"{where}.action: must be an action with its text, got {shown(action)}")
    effects = event.get("effects")
    if not isinstance(effects, list):
        raise RecordError(f"{where}.effects: must be a list, got {shown(effects)}")
    for number, effect in enumerate(effects):
        if not (
            isinstance(effect, dict)
            and isinstance(effect.get("type"), str)
            and isinstance(effect.get("text"), str)
        ):
            raise RecordError(
                f"{where}.effects[{number}]: must be an effect with its type and text, "
                f"got {shown(effect)}"
            )
        _check_effect_fields(effect, players, f"{where}.effects[{number}]")


def _check_effect_fields(effect: dict[str, Any], players: int, where: str) -> None:
    """The fields every effect writes the same way: seats, and cards as their notation
    (an empty list where the seat may not see them)."""
    for key in ("seat", "target_seat", "owner", "discarder"):
        if key in effect:
            _seat(effect[key], players, f"{where}.{key}")
    cards = [effect["card"]] if effect.get("card") is not None else []
    held = effect.get("cards", [])
    if not isinstance(held, list):
        raise RecordError(f"{where}.cards: must be a list of cards, got {shown(held)}")
    for text in [*cards, *held]:
        if not _is_card(text):
            raise RecordError(f"{where}: not a card: {shown(text)}")


def _is_card(text: Any) -> bool:
    try:
        parse_card(text)
    except NotationError:
        return False
    return isinstance(text, str)


def seat_log_data(log: SeatLog) -> dict[str, Any]:
    """The log as ``rummykit replay --json`` gives it: the shape of a replay's data, its
    events as stored, with the record's deal results, marked ``"replayed": false``."""
    deals: dict[int, list[dict[str, Any]]] = {}
    for event in log.events:
        deals.setdefault(event["deal"], []).append(event)
    return {
        "game": log.game,
        "players": log.players,
        "seats": list(log.seats),
        "seat": log.seat,
        "deals": [{"deal": deal, "events": events} for deal, events in sorted(deals.items())],
        "results": list(log.results),
        "replayed": False,
    }


_OWN = {"HandsShown": "  -- {}", "DealEnded": "  -- deal {deal} over: {}", "Dealt": "  -- {}"}
"""Effects that get a line of their own, as in the replay of a whole record."""


def seat_log_lines(log: SeatLog) -> list[str]:
    """The log in words, deal by deal, as stored."""
    who = ", ".join(f"{seat_name(s)} {name}" for s, name in enumerate(log.seats))
    view = "a spectator's" if log.seat is None else f"{seat_name(log.seat)}'s"
    lines = [
        f"{log.title}, {log.players} players ({who}); {view} record, shown as stored "
        "(it holds no seed, so it is not replayed)"
    ]
    deal = 0
    for event in log.events:
        if event["deal"] != deal:
            deal = event["deal"]
            lines.append(f"deal {deal}:")
        notes: list[str] = []
        after: list[str] = []
        for effect in event["effects"]:
            text = printable(effect["text"], _TEXT_LIMIT)
            if effect["type"] == "DealStarted":
                deal = effect["deal"] if _whole(effect.get("deal")) else deal + 1
                after += [f"deal {deal}:", f"  -- {text}"]
            elif effect["type"] in _OWN:
                after.append(_OWN[effect["type"]].format(text, deal=event["deal"]))
            else:
                notes.append(text)
        action = printable(event["action"]["text"], _TEXT_LIMIT)
        note = f" ({'; '.join(notes)})" if notes else ""
        lines += [f"  {event['step']}: {seat_name(event['seat'])} {action}{note}", *after]
    return lines
