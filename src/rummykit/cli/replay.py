"""``rummykit replay RECORD.json``: a saved match, deal by deal, from one seat's point of
view or the whole table's; a seat's own record (which cannot be replayed) is shown as
stored (:mod:`rummykit.cli.seat_log`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rummykit.cli.language import Words
from rummykit.cli.screen import printable
from rummykit.cli.seat_log import SeatLog, read_seat_log
from rummykit.errors import RecordError
from rummykit.kit.effects import DealEnded, DealStarted, Dealt, Drew, HandsShown, seat_name
from rummykit.kit.match import Match
from rummykit.kit.protocol import Event
from rummykit.records import FORMAT_FOR_SEAT, LINES_FORMAT, from_record, loads_jsonl


def load_record(path: str) -> tuple[Match[Any, Any], list[str]] | SeatLog:
    """The replayed match of the record at ``path`` and its seats' names; or, for a
    seat's record (:func:`~rummykit.records.for_seat`, which holds no seed), its log as
    stored, checked (:class:`~rummykit.cli.seat_log.SeatLog`)."""
    import json

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file") from None
    first = text.split("\n", 1)[0]
    try:
        if LINES_FORMAT in first:  # a record written one event per line
            match = loads_jsonl(text)
            data = json.loads(first)
        else:
            data = json.loads(text)
            if isinstance(data, dict) and data.get("format") == FORMAT_FOR_SEAT:
                return read_seat_log(data)
            match = from_record(data)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None
    except RecursionError:
        raise RecordError(f"{path}: a record's values are nested too deeply") from None
    except RecordError:
        raise
    except ValueError:  # int() refuses a number of over 4,300 digits
        raise RecordError(f"{path} is not JSON: a number too long") from None
    seats = data.get("seats") or [seat_name(s) for s in range(match.players)]
    return match, [printable(str(seat)) for seat in seats]


def _events(match: Match[Any, Any], seat: int | None) -> list[Event]:
    return list(match.events if seat is None else match.events_seen_by(seat))


def replay_data(match: Match[Any, Any], seats: list[str], seat: int | None) -> dict[str, Any]:
    """The match as JSON-ready data, deal by deal (``seat``: what that seat may know),
    each event as :meth:`~rummykit.kit.protocol.Event.to_dict` writes it."""
    deals: dict[int, list[dict[str, Any]]] = {}
    for event in _events(match, seat):
        deals.setdefault(event.deal, []).append(event.to_dict())
    outcome = match.outcome
    return {
        "game": match.definition.name,
        "players": match.players,
        "seats": seats,
        "seat": seat,
        "deals": [{"deal": deal, "events": events} for deal, events in sorted(deals.items())],
        "scores": list(match.scores),
        "finished": match.is_over,
        "winners": None if outcome is None else list(outcome.winners),
        "replayed": True,
    }


def replay_lines(
    match: Match[Any, Any], seats: list[str], seat: int | None, *, locale: str | None = None
) -> list[str]:
    """The match in words, deal by deal, in ``locale`` (English without)."""
    tr = Words(locale)
    names = ", ".join(  # a seat named by its letter alone (a record without names) once
        seat_name(s) if name == seat_name(s) else f"{seat_name(s)} {name}"
        for s, name in enumerate(seats)
    )
    if seat is None:
        view = tr("the whole table")
    else:
        view = tr("{seat}'s point of view", seat=seat_name(seat))
    title = match.definition.title or match.definition.name
    lines = [
        tr(
            "{title}, {players} players ({names}), seed {seed}; {view}",
            title=title,
            players=match.players,
            names=names,
            seed=match.seed,
            view=view,
        )
    ]
    deal = 0
    for event in _events(match, seat):
        if event.deal != deal:
            deal = event.deal
            lines.append(tr("deal {deal}:", deal=deal))
        lines.append(f"  {_event_line(event, tr.locale)}")
        for effect in event.effects:
            said = effect.describe(locale=tr.locale)
            if isinstance(effect, HandsShown):
                lines.append(f"  -- {said}")
            elif isinstance(effect, DealEnded):
                lines.append("  -- " + tr("deal {deal} over: {what}", deal=event.deal, what=said))
            elif isinstance(effect, DealStarted):
                deal = effect.deal
                lines += [tr("deal {deal}:", deal=deal), f"  -- {said}"]
            elif isinstance(effect, Dealt):
                lines.append(f"  -- {said}")
    outcome = match.outcome
    if outcome is None:
        lines.append(tr("unfinished; scores so far: {scores}", scores=_scores(match.scores)))
    else:
        nets = match.net_totals  # the deals' sign, in every game
        standings = ", ".join(f"{seat_name(s)} {nets[s]:+d}" for s, _ in outcome.standings)
        lines.append(tr("standings: {standings}", standings=standings))
        winners = tr(" and ").join(seat_name(s) for s in outcome.winners)
        lines.append(tr("winner: {seats}", seats=winners))
    return lines


_OWN_LINES = (HandsShown, DealEnded, DealStarted, Dealt)
"""The effects of a deal's end and of the next deal's start, which get lines of their own."""


def _event_line(event: Event, locale: str | None = None) -> str:
    """An event in words, with the cards its viewer may see (a draw's card included); the
    end of a deal and the start of the next have lines of their own."""
    shown = [
        effect.describe(locale=locale)
        for effect in event.effects
        if not isinstance(effect, _OWN_LINES)
        and (not effect.echoes_action or (isinstance(effect, Drew) and effect.cards))
    ]
    note = f" ({'; '.join(shown)})" if shown else ""
    return f"{event.step}: {seat_name(event.seat)} {event.action}{note}"


def _scores(scores: tuple[int, ...]) -> str:
    return ", ".join(f"{seat_name(s)} {score:+d}" for s, score in enumerate(scores))
