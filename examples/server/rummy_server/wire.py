"""What crosses the wire and the disk: a match, a seat's view, an event, an error as JSON.

TEMPORARY: written before ``to_dict()``/``Match.from_dict`` land; replaced by them.
"""

from __future__ import annotations

from typing import Any

from rummykit.errors import IllegalActionError, NotationError, RummyError
from rummykit.kit.match import Match
from rummykit.kit.protocol import Event, PlayerView
from rummykit.records import from_record, to_record


def match_to_dict(match: Match[Any, Any]) -> dict[str, Any]:
    return to_record(match)


def match_from_dict(data: dict[str, Any]) -> Match[Any, Any]:
    return from_record(data)


def view_to_dict(view: PlayerView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "deal": view.deal,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "hand": [str(card) for card in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "scores": list(view.scores),
        "legal": [{"text": str(action)} for action in view.legal],
    }


def event_to_dict(event: Event, seat: int) -> dict[str, Any]:
    seen = event.seen_by(seat)
    return {
        "step": seen.step,
        "seat": seen.seat,
        "action": {"text": str(seen.action)},
        "text": str(seen),
    }


def error_to_dict(error: RummyError) -> dict[str, Any]:
    if isinstance(error, IllegalActionError):
        return {"clause": error.rule, "reason": error.reason, "action": str(error.action)}
    if isinstance(error, NotationError):
        return {"clause": None, "reason": str(error), "action": error.text}
    return {"clause": None, "reason": str(error), "action": None}
