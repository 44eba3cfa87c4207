"""``rummykit rules GAME``: a game's options (defaults, allowed values, clauses, what they
mean) and its schedule, from the one declaration of its options: the rules class's own
fields and their docstrings, and for a contract game the engine's options its
:class:`~rummykit.engine.table.TableSpec` lets players set, with the game's defaults
and clauses (:func:`~rummykit.kit.option_table.option_infos`)."""

from __future__ import annotations

import enum
import functools
import inspect
import textwrap
from typing import Any

import attrs

from rummykit.cli.language import Words
from rummykit.cli.setup import check_players, player_range
from rummykit.contracts.schedules import ContractSchedule
from rummykit.kit.codec import to_json
from rummykit.kit.definition import GameDefinition
from rummykit.kit.option_table import option_infos, option_values
from rummykit.melds import MeldRules
from rummykit.variants import variant_of


def _json(value: Any) -> Any:
    """An option's value as short JSON-ready data: meld rules as the fields that differ
    from :class:`~rummykit.melds.MeldRules`' defaults, a schedule as its contracts (listed
    whole under ``schedule``), other values as the codec writes them."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, dict):
        return {str(key): _json(item) for key, item in value.items()}
    if isinstance(value, MeldRules):
        return {
            field.name: _json(to_json(getattr(value, field.name)))
            for field in attrs.fields(MeldRules)
            if getattr(value, field.name) != field.default
        }
    if isinstance(value, ContractSchedule):
        return [deal.contract.notation for deal in value]
    try:
        return _json(to_json(value))
    except TypeError:  # a user's value the codec does not know
        return str(value)


def describe_rules(
    definition: GameDefinition[Any, Any], *, players: int | None = None
) -> dict[str, Any]:
    """The options and schedule of ``definition`` as JSON-ready data.

    A schedule that depends on the number of players (its ``schedule`` method takes a
    ``players`` keyword: Posso?'s one deal per player) is listed for ``players``, or for
    the game's default count; ``schedule_players`` then says which count it is (only where
    the count changes the schedule: not with Posso?'s ``deals`` fixed). A count the
    game does not allow is a :class:`~rummykit.errors.ConfigError`."""
    count = check_players(definition, players, given_by="players")
    rules = definition.rules
    values = option_values(rules)
    options = [
        {
            "name": info.name,
            "value": _json(values.get(info.name, info.default)),
            "allowed": _json(info.allowed),
            "clause": info.clause,
            "doc": info.doc,
        }
        for info in option_infos(type(rules))
    ]
    data: dict[str, Any] = {
        "game": definition.name,
        "title": definition.title or definition.name,
        "options": options,
    }
    variant = variant_of(definition)
    if variant is not None:
        data["variant"] = {"base": variant.base, "source": variant.source}
    schedule: Any = getattr(rules, "schedule", None)
    if isinstance(schedule, ContractSchedule):  # the engine's options hold it as a value
        schedule = functools.partial(lambda fixed: fixed, schedule)
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
                **({"options": _json(deal.option_values())} if deal.options else {}),
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
    if isinstance(value, dict):  # a count by player count
        return "{" + ", ".join(f"{key}: {_show(item)}" for key, item in value.items()) + "}"
    return str(value)


def rules_text(data: dict[str, Any], *, width: int = 88, locale: str | None = None) -> list[str]:
    """The plain-text lines of ``rummykit rules``, in ``locale`` (English without): the
    words of the listing, each option's clause with its title and its description in that
    language (a description the catalog does not have, a user's game's, as written)."""
    tr = Words(locale)
    lines = [
        tr(
            "{title} ({game}): rules options and their values",
            title=tr.title(data["title"]),
            game=data["game"],
        )
    ]
    if "variant" in data:
        variant = data["variant"]
        if variant["source"]:
            line = tr(
                "a variant of {base}; source: {source}",
                base=variant["base"],
                source=variant["source"],
            )
        else:
            line = tr("a variant of {base}", base=variant["base"])
        lines.insert(0, line)
    for option in data["options"]:
        allowed = option["allowed"]
        choices = ""
        if isinstance(allowed, list):
            choices = " " + tr(
                "(one of {values})", values=", ".join(_show(item) for item in allowed)
            )
        lines.append(f"  {option['name']} = {_show(option['value'])}{choices}")
        if option["clause"] and tr.locale != "en":
            lines.append("      " + tr("rule {clause}", clause=tr.clause(option["clause"])))
        if option["doc"]:
            lines += textwrap.wrap(
                tr.option(option["doc"]),
                width,
                initial_indent="      ",
                subsequent_indent="      ",
            )
    if "schedule" in data:
        players = data.get("schedule_players")
        lines.append(
            tr("schedule:")
            if players is None
            else tr(
                "schedule with {players} players (--players N for another count):", players=players
            )
        )
        for deal in data["schedule"]:
            out = "" if deal["discard_out"] else ", " + tr("no going out by discarding")
            if deal.get("whole_hand"):
                out += ", " + tr("the go-down takes the whole hand")
            if deal.get("options"):
                out += "; " + _show(deal["options"])
            size = tr.plural("{count} card", "{count} cards", deal["hand_size"])
            lines.append(
                "  " + tr("deal {deal}:", deal=deal["deal"]) + f" {deal['contract']}, {size}{out}"
            )
    lines.append(tr("set an option with --option NAME=VALUE (play, demo, simulate, rules)"))
    return lines
