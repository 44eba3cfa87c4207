"""``rummykit rules GAME``: a game's options (defaults, allowed values, clauses, what they
mean, read from the rules class's attrs fields and their docstrings) and its schedule."""

from __future__ import annotations

import enum
import functools
import inspect
import textwrap
from typing import Any

import attrs

from rummykit.cli.setup import check_players, player_range
from rummykit.kit.citations import cited_clause, field_docs
from rummykit.kit.definition import GameDefinition


def _json(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _allowed(field: attrs.Attribute[Any], default: Any) -> list[Any] | str | None:
    for candidate in (field.converter, type(default)):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            return [member.value for member in candidate]
    if isinstance(default, bool):
        return [True, False]
    return field.type if isinstance(field.type, str) else None


def describe_rules(
    definition: GameDefinition[Any, Any], *, players: int | None = None
) -> dict[str, Any]:
    """The options and schedule of ``definition`` as JSON-ready data.

    A schedule that depends on the number of players (its ``schedule`` method takes a
    ``players`` keyword: Posso?'s one deal per player) is listed for ``players``, or for
    the game's default count; ``schedule_players`` then says which count it is (only where
    the count changes the schedule: not with Posso?'s ``deal_count`` fixed). A count the
    game does not allow is a :class:`~rummykit.errors.ConfigError`."""
    count = check_players(definition, players, given_by="players")
    rules = definition.rules
    docs = field_docs(type(rules))
    options = []
    fields = attrs.fields(type(rules))  # the game's own options first, as it declares them
    for field in sorted(fields, key=lambda field: field.inherited):
        if not field.init:
            continue
        value = getattr(rules, field.name)
        doc = docs.get(field.name, "")
        options.append(
            {
                "name": field.alias or field.name,
                "value": _json(value),
                "allowed": _json(_allowed(field, value)),
                "clause": cited_clause(doc),
                "doc": doc,
            }
        )
    data: dict[str, Any] = {
        "game": definition.name,
        "title": definition.title or definition.name,
        "options": options,
    }
    schedule = getattr(rules, "schedule", None)
    if callable(schedule):
        if "players" in inspect.signature(schedule).parameters:
            fewest, most = player_range(definition)
            if schedule(players=fewest) != schedule(players=most):
                data["schedule_players"] = count
            schedule = functools.partial(schedule, players=count)
        data["schedule"] = [
            {
                "deal": number,
                "contract": deal.contract.notation,
                "hand_size": deal.hand_size,
                "discard_out": deal.discard_out,
                "whole_hand": deal.whole_hand,
            }
            for number, deal in enumerate(schedule(), start=1)
        ]
    return data


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    return str(value)


def rules_text(data: dict[str, Any], *, width: int = 88) -> list[str]:
    """The plain-text lines of ``rummykit rules``."""
    lines = [f"{data['title']} ({data['game']}): rules options and their values"]
    for option in data["options"]:
        allowed = option["allowed"]
        choices = ""
        if isinstance(allowed, list):
            choices = f" (one of {', '.join(_show(item) for item in allowed)})"
        lines.append(f"  {option['name']} = {_show(option['value'])}{choices}")
        if option["doc"]:
            lines += textwrap.wrap(
                option["doc"], width, initial_indent="      ", subsequent_indent="      "
            )
    if "schedule" in data:
        players = data.get("schedule_players")
        lines.append(
            "schedule:"
            if players is None
            else f"schedule with {players} players (--players N for another count):"
        )
        for deal in data["schedule"]:
            out = "" if deal["discard_out"] else ", no going out by discarding"
            if deal.get("whole_hand"):
                out += ", the go-down takes the whole hand"
            lines.append(
                f"  deal {deal['deal']}: {deal['contract']}, {deal['hand_size']} cards{out}"
            )
    lines.append("set an option with --option NAME=VALUE (play, demo, simulate, rules)")
    return lines
