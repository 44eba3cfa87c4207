"""The one JSON codec: every value a client, a record or a snapshot holds, to JSON and back.

:func:`to_json` turns any public value of the library into JSON-ready data (only dicts,
lists, strings, whole numbers, booleans and ``None``; a float only where the value holds
one): cards as their notation, enums and phases as their value, tuples as lists, an
action as ``{"type": verb, "text": notation, ...fields}``, an effect as ``{"type": class
name, ...fields, "text": words}``, a value with a ``json_value()`` method as what that
returns (a count by player count as the number or mapping it was given), any other attrs
value as its fields. Every class's
``to_dict()`` is this codec; there is no encoder per class.

:class:`Decoder` reads such data back into typed values, driven by the declared types of
the fields (``list[list[Card]]``, ``Phase``, ``Card | None``): anything missing, mistyped
or unknown is a :class:`~rummykit.errors.RecordError` naming its path
(``deal.hands[2][5]``). :func:`json_schema` is the JSON Schema of these documents,
shipped with the package for clients in other languages.

>>> from rummykit import parse_cards
>>> from rummykit.kit import Discard
>>> to_json({"hand": parse_cards("AS 10H"), "action": Discard(parse_cards("QS")[0])})
{'hand': ['AS', '10H'], 'action': {'type': 'discard', 'text': 'discard QS', 'card': 'QS'}}
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections import Counter
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

import attrs

from rummykit.cards import Card, parse_card
from rummykit.contracts import Contract, SameSuitRuns
from rummykit.contracts.schedules import MAX_DEALS, ContractSchedule, DealSpec
from rummykit.deck import DiscardPile, PileCard, Stock
from rummykit.errors import ConfigError, NotationError, RecordError, RummyError, shorten, shown
from rummykit.kit.actions import Action, ActionGrammar, action_from_dict
from rummykit.kit.effects import Effect
from rummykit.kit.options import build_rules
from rummykit.kit.protocol import Phase
from rummykit.kit.state import State
from rummykit.melds import MeldKind
from rummykit.messages import Message, text_message


def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module's description); a value the codec
    does not know is a :class:`TypeError`, as ``json.dumps`` would raise.

    >>> from rummykit.kit import DealScore
    >>> to_json((DealScore(bonus=0, penalty=35), None))
    [{'bonus': 0, 'penalty': 35}, None]
    """
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Card):
        return value.notation
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, Counter):
        if all(isinstance(key, Card) for key in value):
            return [card.notation for card in sorted(value.elements())]
        return [[to_json(key), count] for key, count in value.items() if count]
    if isinstance(value, tuple | list | frozenset):
        return [to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, Stock):
        return [card.notation for card in value.cards]
    if isinstance(value, DiscardPile):
        return [[entry.card.notation, entry.discarder] for entry in value.entries]
    if isinstance(value, ContractSchedule):
        return _schedule_json(value)
    if isinstance(value, Action):
        return {"type": value.verb, "text": str(value), **_fields_json(value)}
    if isinstance(value, Effect):
        message = value.message
        return {
            "type": type(value).__name__,
            **_fields_json(value),
            "text": value.text,
            **message.to_dict(),
        }
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, State):
        return {"type": type(value).__name__, **_fields_json(value)}
    json_value = getattr(value, "json_value", None)
    if callable(json_value):  # a value that says how it is written (PerPlayers)
        return to_json(json_value())
    if attrs.has(type(value)):
        return _fields_json(value)
    raise TypeError(f"the codec cannot write {type(value).__name__} values: {shorten(repr(value))}")


def _fields_json(value: Any) -> dict[str, Any]:
    return {
        field.alias: to_json(getattr(value, field.name))
        for field in attrs.fields(type(value))
        if field.init
    }


def _schedule_json(schedule: ContractSchedule) -> dict[str, Any]:
    return {
        "name": schedule.name,
        "deals": [
            {
                "contract": deal.contract.notation,
                "hand_size": deal.hand_size,
                "discard_out": deal.discard_out,
                "whole_hand": deal.whole_hand,
                "exact": deal.contract.exact,
                "distinct_ranks": deal.contract.distinct_ranks,
                "same_suit_runs": deal.contract.same_suit_runs.value,
                "runs_apart": deal.contract.runs_apart,
                **({"options": to_json(deal.option_values())} if deal.options else {}),
            }
            for deal in schedule
        ],
    }


def rules_to_json(rules: Any) -> dict[str, Any]:
    """The options of ``rules`` that differ from their defaults, as JSON (a record's and
    a snapshot's ``rules``); a rules option the codec cannot write is a
    :class:`~rummykit.errors.RecordError`."""
    from rummykit.kit.registry import rules_options

    data = {}
    for name, value in rules_options(rules).items():
        try:
            data[name] = to_json(value)
        except TypeError:
            raise RecordError(
                f"a rules option holds {shorten(repr(value))}, which a record cannot keep"
            ) from None
    return data


def rules_from_json(data: Any, name: str, *, path: str = "rules") -> Any:
    """The rules of game ``name`` from :func:`rules_to_json`'s data (a
    :class:`~rummykit.errors.RecordError` naming ``path`` if they are wrong)."""
    from rummykit.kit.registry import get

    if not isinstance(data, dict):
        raise RecordError(f"{path} must be an object, got {type(data).__name__}")
    options = dict(data)
    # a shipped game names its schedule option contract_schedule; rules that are the
    # engine's TableOptions name it schedule
    for key in ("contract_schedule", "schedule"):
        schedule = options.get(key)
        if not isinstance(schedule, dict):
            continue
        deals = schedule.get("deals")
        if isinstance(deals, list) and len(deals) > MAX_DEALS:  # before reading any
            raise RecordError(
                f"bad contract schedule in the {path}: at most {MAX_DEALS} deals, got {len(deals)}"
            )
        try:
            deals = tuple(
                DealSpec(
                    contract=Contract.parse(
                        deal["contract"],
                        exact=deal.get("exact", True),
                        distinct_ranks=deal.get("distinct_ranks", True),
                        same_suit_runs=SameSuitRuns(deal.get("same_suit_runs", "forbidden")),
                        runs_apart=deal.get("runs_apart", 2),
                    ),
                    hand_size=deal.get("hand_size", 10),
                    discard_out=_flag(deal.get("discard_out", True), "discard_out"),
                    whole_hand=_flag(deal.get("whole_hand", False), "whole_hand"),
                    options=deal.get("options", {}),
                )
                for deal in schedule["deals"]
            )
            schedule_name = schedule.get("name", "custom")
            if not isinstance(schedule_name, str):
                raise RecordError(f"a schedule's name is text, got {shown(schedule_name)}")
            options[key] = ContractSchedule(deals=deals, name=schedule_name)
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            reason = error.reason if isinstance(error, RecordError) else shorten(str(error), 200)
            raise RecordError(f"bad contract schedule in the {path}: {reason}") from None
    _read_values(options, get(name).rules_type, path)
    try:
        return build_rules(get(name).rules_type, options, game=name)
    except ConfigError as error:
        raise RecordError(f"bad {path}: {shorten(error.reason, 300)}") from None


def _read_values(options: dict[str, Any], rules_type: Any, path: str) -> None:
    """Read back, in place, the options whose default is a frozen value (a game on the
    engine's options sets ``meld_rules`` and ``card_values``): :func:`to_json` wrote
    them as objects."""
    from rummykit.kit.option_table import option_infos

    decoder: Decoder | None = None
    for info in option_infos(rules_type):
        value = options.get(info.name)
        kind = type(info.default)
        if (
            isinstance(value, dict)
            and attrs.has(kind)
            and value
            and set(value) <= {field.name for field in attrs.fields(kind)}
        ):
            decoder = decoder or Decoder(ActionGrammar(), ())
            options[info.name] = decoder.read(value, type(info.default), f"{path}.{info.name}")


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{field} must be true or false, got {shown(value)}")
    return value


def error_json(error: RummyError) -> dict[str, Any]:
    """An error as JSON: its class, message and every public attribute (the ``reason``,
    the refused ``action``), and the clause it cites as ``rule`` for every error
    (``None`` when it cites none), so a client reads one shape; a value the codec
    cannot write (a bad input an error names) is given as its ``repr``.

    >>> error_json(RecordError("line 3: not JSON"))["rule"] is None
    True
    """
    data: dict[str, Any] = {"type": type(error).__name__, "message": str(error), "rule": None}
    message = getattr(error, "message", None)
    if isinstance(message, Message):  # a refusal's code and parameters, and its text
        data.update(message.to_dict(), reason=error.reason)
    for name, value in vars(error).items():
        if not name.startswith("_") and name != "message":
            try:
                data[name] = to_json(value)
            except TypeError:
                data[name] = shorten(repr(value))
    return data


def json_schema(document: str | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents :func:`to_json` writes, shipped
    as ``rummykit/schema/rummykit.schema.json`` so a client in another language can
    validate what it receives: each document under ``$defs`` (``match`` a snapshot,
    ``view``, ``event``, ``effect``, ``action``, ``outcome``, ``deal_score``, ``error``,
    ``record_header``). With ``document``, the schema of that one document.

    >>> sorted(json_schema()["$defs"])[:4]
    ['action', 'card', 'deal_score', 'effect']
    >>> json_schema("view")["$ref"]
    '#/$defs/view'
    """
    schema = dict(_schema())
    if document is None:
        return schema
    if document not in schema["$defs"]:
        raise ConfigError(
            f"no document {document!r} in the schema (known: {', '.join(schema['$defs'])})"
        )
    schema["$ref"] = f"#/$defs/{document}"
    return schema


@functools.cache
def _schema() -> dict[str, Any]:
    text = resources.files("rummykit").joinpath("schema/rummykit.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


# -- reading back ----------------------------------------------------------------------


def _path_error(path: str, reason: str) -> RecordError:
    return RecordError(f"{path}: {reason}")


@functools.cache
def _hints(cls: type[Any]) -> tuple[tuple[str, str, Any], ...]:
    """(attribute name, init name, declared type) of ``cls``'s init fields."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (field.name, field.alias, hints[field.name]) for field in attrs.fields(cls) if field.init
    )


def _state_type(name: str, base: type[State]) -> type[State] | None:
    """The state class called ``name``: ``base`` itself, else the last loaded of that
    name among its subclasses (a module loaded again replaces its classes)."""
    if base.__name__ == name:
        return base
    found: type[State] | None = None
    seen: set[type[State]] = set()
    todo: list[type[State]] = [base]
    while todo:
        for sub in todo.pop(0).__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
                if sub.__name__ == name:
                    found = sub
    return found


class Decoder:
    """Reads :func:`to_json`'s data back into values of declared types, for one game:
    ``grammar`` reads its actions, ``phases`` its phases by value. Every failure is a
    :class:`~rummykit.errors.RecordError` naming the path.

    >>> from rummykit import game
    >>> definition = game("may-i")
    >>> decoder = Decoder(definition.grammar, definition.phases)
    >>> decoder.read(["AS", None], list[Card | None], "hand")
    [AS, None]
    >>> decoder.read(["AS", 7], list[Card], "deal.hand")
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: deal.hand[1]: a card is its notation text, got 7
    """

    def __init__(self, grammar: ActionGrammar, phases: tuple[Phase, ...]) -> None:
        from rummykit.kit.protocol import DEAL_OVER, MATCH_OVER

        self.grammar = grammar
        self.phases = {phase.value: phase for phase in (*phases, DEAL_OVER, MATCH_OVER)}

    def read(self, data: Any, hint: Any, path: str) -> Any:
        """``data`` read as a value of type ``hint``."""
        origin = typing.get_origin(hint)
        if origin is types.UnionType or origin is typing.Union:
            return self._union(data, typing.get_args(hint), path)
        if origin is not None:
            return self._generic(data, origin, typing.get_args(hint), path)
        if hint is Any:
            return data
        if hint is type(None):
            if data is not None:
                raise _path_error(path, f"must be null, got {shown(data)}")
            return None
        reader = _SCALARS.get(hint)
        if reader is not None:
            return reader(data, path)
        if not isinstance(hint, type):
            raise _path_error(path, f"cannot read a value of type {hint!r}")
        return self._typed(data, hint, path)

    def _union(self, data: Any, options: tuple[Any, ...], path: str) -> Any:
        if data is None and type(None) in options:
            return None
        rest = [option for option in options if option is not type(None)]
        for option in rest[:-1]:
            try:
                return self.read(data, option, path)
            except RecordError:
                continue
        return self.read(data, rest[-1], path)

    def _generic(self, data: Any, origin: Any, args: tuple[Any, ...], path: str) -> Any:
        if origin in (list, tuple, Counter, frozenset):
            items = self._list(data, path)
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                if len(items) != len(args):
                    raise _path_error(path, f"must hold {len(args)} values, got {len(items)}")
                return tuple(
                    self.read(item, arg, f"{path}[{index}]")
                    for index, (item, arg) in enumerate(zip(items, args, strict=True))
                )
            values = [
                self.read(item, args[0], f"{path}[{index}]") for index, item in enumerate(items)
            ]
            return origin(values)
        if origin is dict:
            if not isinstance(data, dict):
                raise _path_error(path, f"must be an object, got {shown(data)}")
            return {
                self.read(key, args[0], path): self.read(item, args[1], f"{path}.{key}")
                for key, item in data.items()
            }
        raise _path_error(path, f"cannot read a value of type {origin!r}")

    def _list(self, data: Any, path: str) -> list[Any]:
        if not isinstance(data, list):
            raise _path_error(path, f"must be a list, got {shown(data)}")
        return data

    def _typed(self, data: Any, cls: type[Any], path: str) -> Any:
        if cls is Card:
            return self._card(data, path)
        if issubclass(cls, Phase):
            phase = self.phases.get(data) if isinstance(data, str) else None
            if phase is None:
                raise _path_error(path, f"unknown phase {shown(data)}")
            return phase
        if cls is MeldKind:  # an open vocabulary: read by name from the registered kinds
            try:
                return MeldKind.named(data)
            except ConfigError:
                raise _path_error(path, f"unknown MeldKind {shown(data)}") from None
        if issubclass(cls, enum.Enum):
            try:
                return cls(data)
            except ValueError:
                raise _path_error(path, f"unknown {cls.__name__} {shown(data)}") from None
        if cls is Stock:
            return Stock(
                [self._card(item, f"{path}[{i}]") for i, item in enumerate(self._list(data, path))]
            )
        if cls is DiscardPile:
            return DiscardPile(
                [
                    PileCard(*self.read(item, tuple[Card, int | None], f"{path}[{index}]"))
                    for index, item in enumerate(self._list(data, path))
                ]
            )
        if issubclass(cls, Action):
            return self.action(data, path)
        if issubclass(cls, State):
            return self.state(data, cls, path)
        if attrs.has(cls):
            return self._attrs(data, cls, path)
        raise _path_error(path, f"cannot read a value of type {cls.__name__}")

    def _card(self, data: Any, path: str) -> Card:
        if not isinstance(data, str):
            raise _path_error(path, f"a card is its notation text, got {shown(data)}")
        try:
            return parse_card(data)
        except NotationError:
            raise _path_error(path, f"not a card: {shown(data)}") from None

    def action(self, data: Any, path: str = "action") -> Action:
        """An action from its JSON (read from its ``text``; the other fields must agree)."""
        try:
            action = action_from_dict(data, self.grammar)
        except NotationError as error:
            raise _path_error(path, error.reason) from None
        if to_json(action) != data:  # a snapshot writes every field
            raise _path_error(path, f"must hold every field of {shown(data['text'])}")
        return action

    def fields(self, data: Mapping[str, Any], cls: type[Any]) -> Any:
        """A value of ``cls`` from ``data``'s fields (and its ``type`` tag), a field left
        out taking its default; a field that is not ``cls``'s, or that reads back
        differently, is refused."""
        hints = {alias: (name, hint) for name, alias, hint in _hints(cls)}  # type: ignore[arg-type]
        unknown = sorted(str(key) for key in data if key != "type" and key not in hints)
        if unknown:
            raise _path_error(", ".join(unknown), f"not a field of {cls.__name__}")
        for field in attrs.fields(cls):
            if field.init and field.default is attrs.NOTHING and field.alias not in data:
                raise _path_error(field.alias, "missing")
        values = {
            alias: self.read(data[alias], hint, alias)
            for alias, (_, hint) in hints.items()
            if alias in data
        }
        try:
            value = cls(**values)
        except (TypeError, ValueError) as error:
            reason = error.reason if isinstance(error, RummyError) else str(error)
            raise _path_error(cls.__name__, shorten(reason)) from None
        written = to_json(value)
        for key in data:
            if written.get(key) != data[key]:
                raise _path_error(str(key), f"reads back as {shown(written.get(key))}")
        return value

    def state(self, data: Any, cls: type[State], path: str) -> State:
        """A declared state of class ``cls`` (or, for ``State`` itself, the subclass its
        ``type`` names)."""
        if not isinstance(data, dict):
            raise _path_error(path, f"must be an object, got {shown(data)}")
        name = data.get("type")
        found = _state_type(name, cls) if isinstance(name, str) else None
        if found is None:
            raise _path_error(path, f"unknown state type {shown(name)} (expected {cls.__name__})")
        return self._attrs(data, found, path, tagged=True)  # type: ignore[no-any-return]

    def _attrs(self, data: Any, cls: type[Any], path: str, *, tagged: bool = False) -> Any:
        if not isinstance(data, dict):
            raise _path_error(path, f"must be an object, got {shown(data)}")
        fields = _hints(cls)  # type: ignore[arg-type]
        known = {alias for _, alias, _ in fields} | ({"type"} if tagged else set())
        unknown = sorted(str(key) for key in data if key not in known)
        if unknown:
            raise _path_error(path, f"unknown fields {shorten(', '.join(unknown))}")
        values = {}
        for _, alias, hint in fields:
            if alias not in data:
                raise _path_error(f"{path}.{alias}", "missing")
            values[alias] = self.read(data[alias], hint, f"{path}.{alias}")
        try:
            return cls(**values)
        except (TypeError, ValueError) as error:
            reason = error.reason if isinstance(error, RummyError) else str(error)
            raise _path_error(path, f"not a {cls.__name__}: {shorten(reason)}") from None


def action_from_fields(data: Mapping[str, Any], grammar: ActionGrammar) -> Action:
    """The action a client sent as its ``type`` (verb) and fields, without its ``text``
    (as :func:`to_json` writes it, less the text; a field left out takes its default):
    an unknown type, a missing, mistyped or unknown field is a
    :class:`~rummykit.errors.NotationError` that names it.

    >>> from rummykit.kit import Discard, Take
    >>> grammar = ActionGrammar(Take, Discard)
    >>> action_from_fields({"type": "discard", "card": "QS"}, grammar)
    Discard(card=QS)
    >>> action_from_fields({"type": "take"}, grammar)
    Take(count=1)
    >>> action_from_fields({"type": "discard", "card": "QZ"}, grammar)
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: action {'type': 'discard', 'card': 'QZ'}: card: not a card: 'QZ'
    """
    verb = data.get("type") if isinstance(data, Mapping) else None
    kinds = [kind for kind in grammar.types if kind.verb == verb]
    if not kinds:
        params = {"verbs": ", ".join(grammar.verbs), "value": shown(data)}
        raise NotationError(Message("notation.action_json", params), text="", token="", position=0)
    decoder = Decoder(grammar, ())
    reason = ""
    for kind in kinds:  # two kinds may share a verb (take 2, take 3D): the first that reads
        try:
            action: Action = decoder.fields(data, kind)
        except RecordError as error:
            reason = reason or error.reason
            continue
        return action
    said = Message("notation.action_named", {"value": shown(data), "detail": text_message(reason)})
    raise NotationError(said, text="", token="", position=0)


def _int(data: Any, path: str) -> int:
    if type(data) is not int:
        raise _path_error(path, f"must be a whole number, got {shown(data)}")
    return data


def _bool(data: Any, path: str) -> bool:
    if type(data) is not bool:
        raise _path_error(path, f"must be true or false, got {shown(data)}")
    return data


def _str(data: Any, path: str) -> str:
    if not isinstance(data, str):
        raise _path_error(path, f"must be text, got {shown(data)}")
    return data


def _float(data: Any, path: str) -> float:
    if type(data) not in (int, float):
        raise _path_error(path, f"must be a number, got {shown(data)}")
    return float(data)


_SCALARS: dict[Any, Callable[[Any, str], Any]] = {int: _int, bool: _bool, str: _str, float: _float}
