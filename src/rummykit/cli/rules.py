"""``rummykit rules GAME``: a game's options (defaults, allowed values, clauses, what they
mean, read from the rules class's attrs fields and their docstrings) and its schedule."""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import re
import textwrap
from typing import Any

import attrs

from rummykit.kit.definition import GameDefinition

__all__ = ["describe_rules", "field_docs", "rules_text"]

_ROLE = re.compile(r":\w+:`~?([^`]+)`")
_CLAUSE = re.compile(r"\b[A-Z]{3,6}-\d+(?:\.\d+)?[a-z]?(?:,\s*\d+(?:\.\d+)?[a-z]?)*")


def field_docs(cls: type[Any]) -> dict[str, str]:
    """The docstring under each field of ``cls`` (and its attrs bases), by field name;
    an option a base declares is preceded by the clause ``cls.option_clauses`` gives it
    (:class:`~rummykit.engine.options.DealEndOptions`)."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        try:
            source = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for item, after in itertools.pairwise(body):
            if (
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                text = " ".join(after.value.value.split())
                docs[item.target.id] = _ROLE.sub(r"\1", text).replace("``", "")
    for name, clause in getattr(cls, "option_clauses", {}).items():  # shared options
        text = docs.get(name, "")
        docs[name] = f"{clause}: {text[:1].lower()}{text[1:]}" if text else clause
    return docs


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


def describe_rules(definition: GameDefinition[Any, Any]) -> dict[str, Any]:
    """The options and schedule of ``definition`` as JSON-ready data."""
    rules = definition.rules
    docs = field_docs(type(rules))
    options = []
    fields = attrs.fields(type(rules))  # the game's own options first, as it declares them
    for field in sorted(fields, key=lambda field: field.inherited):
        if not field.init:
            continue
        value = getattr(rules, field.name)
        doc = docs.get(field.name, "")
        found = _CLAUSE.search(doc)
        options.append(
            {
                "name": field.alias or field.name,
                "value": _json(value),
                "allowed": _json(_allowed(field, value)),
                "clause": found.group(0) if found else None,
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
        lines.append("schedule:")
        for deal in data["schedule"]:
            out = "" if deal["discard_out"] else ", no going out by discarding"
            if deal.get("whole_hand"):
                out += ", the go-down takes the whole hand"
            lines.append(
                f"  deal {deal['deal']}: {deal['contract']}, {deal['hand_size']} cards{out}"
            )
    lines.append("set an option with --option NAME=VALUE (play, demo, simulate, rules)")
    return lines
