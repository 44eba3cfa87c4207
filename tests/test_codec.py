"""JSON for clients (issue 22, item 3): every value a client receives has ``to_dict()``
through the one codec, is plain JSON, validates against the shipped JSON Schema, and
actions come back from their JSON; every public value pickles and copies to an equal one."""

from __future__ import annotations

import copy
import functools
import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import ConfigError, IllegalActionError, Match, NotationError, RecordError, game
from rummykit.kit import Action, json_schema, to_json
from rummykit.kit.actions import action_from_dict
from rummykit.kit.codec import action_from_fields
from tests.strategies import examples
from tests.test_snapshot import GAMES, random_match

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema (the test extra) validates")

AnyMatch = Match[Any, Any]


def _plain(value: Any) -> bool:
    """Only dicts with text keys, lists, text, whole numbers, booleans and None."""
    if isinstance(value, dict):
        return all(isinstance(key, str) and _plain(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    return value is None or isinstance(value, bool | int | str)


@functools.cache
def _validator(document: str) -> Any:
    return jsonschema.Draft202012Validator(json_schema(document))


def _validate(document: str, value: Any) -> None:
    assert _plain(value), value
    _validator(document).validate(value)


def test_the_shipped_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(json_schema())


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32), start=st.integers(0, 500))
def test_every_value_a_client_receives_is_json_the_schema_accepts(
    name: str, seed: int, start: int
) -> None:
    rng = random.Random(seed)
    match = random_match(name, rng, start)
    grammar = match.definition.grammar
    while not match.is_over and match.step < start + 60:
        seat = match.to_act
        view = match.view(seat if seat is not None else 0)
        _validate("view", view.to_dict())
        for action in view.legal:
            data = action.to_dict()
            _validate("action", data)
            assert action_from_dict(data, grammar) == action
            assert grammar.from_dict({"text": data["text"]}) == action
            assert match.parse_action(data["text"]) == action
        event = match.apply(rng.choice(match.legal_actions()))
        _validate("event", event.to_dict())
        for other in range(match.players):
            seen = event.seen_by(other).to_dict()
            _validate("event", seen)
            for effect in seen["effects"]:
                _validate("effect", effect)
    if match.step % 3 == 0:
        _validate("match", match.to_dict())
    if match.is_over:
        assert match.outcome is not None
        _validate("outcome", match.outcome.to_dict())
    for scores in match.deal_scores:
        for score in scores:
            _validate("deal_score", score.to_dict())


def test_a_finished_match_outcome_and_snapshot_are_json() -> None:
    match: AnyMatch = game("possession").new_match(players=2, seed=1)
    rng = random.Random(1)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    assert match.outcome is not None
    _validate("outcome", match.outcome.to_dict())
    _validate("match", match.to_dict())
    twin = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert twin == match and twin.is_over and twin.outcome == match.outcome
    assert pickle.loads(pickle.dumps(match.outcome)) == match.outcome


def test_a_snapshot_validates_against_the_schema() -> None:
    for name in GAMES:
        _validate("match", random_match(name, random.Random(7), 150).to_dict())


def test_a_refusal_says_its_clause_reason_and_action() -> None:
    match = game("may-i").new_match(players=3, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        match.apply("discard AS")
    data = caught.value.to_dict()
    _validate("error", data)
    assert data["type"] == "IllegalActionError"
    assert data["rule"].startswith("MAYI-")
    assert data["action"] == {"type": "discard", "text": "discard AS", "card": "AS"}
    assert data["reason"] == caught.value.reason


@pytest.mark.parametrize(
    "error",
    [
        NotationError("bad", text="x y", token="y", position=2),
        ConfigError("no such option", source="rules.toml"),
        RecordError("cut short", step=4),
        IllegalActionError("odd", action=object()),
    ],
)
def test_every_error_is_json(error: Any) -> None:
    data = error.to_dict()
    _validate("error", data)
    assert data["message"] == str(error)
    assert data["rule"] is getattr(error, "rule", None)  # every refusal has the key


def test_a_configuration_error_cites_its_clause_like_a_refusal() -> None:
    data = ConfigError("ace and wraparound_runs contradict", rule="MAYI-10.4").to_dict()
    _validate("error", data)
    assert (data["rule"], data["reason"], data["source"]) == (
        "MAYI-10.4",
        "ace and wraparound_runs contradict",
        None,
    )
    assert data["message"] == "MAYI-10.4: ace and wraparound_runs contradict"
    assert "rule" in json_schema("error")["$defs"]["error"]["required"]


def test_an_action_that_disagrees_with_its_text_is_refused() -> None:
    grammar = game("may-i").grammar
    with pytest.raises(NotationError, match="field 'card'"):
        action_from_dict({"type": "discard", "text": "discard AS", "card": "KS"}, grammar)
    with pytest.raises(NotationError, match="notation as text"):
        action_from_dict({"card": "AS"}, grammar)  # neither its text nor its type
    with pytest.raises(NotationError, match="unknown action"):
        grammar.from_dict({"text": "fly"})


@pytest.mark.parametrize("name", GAMES)
def test_an_action_without_its_text_is_read_from_its_type_and_fields(name: str) -> None:
    definition = game(name)
    match = random_match(name, random.Random(3), 0)
    rng = random.Random(3)
    read = 0
    while not match.is_over and read < 400:
        for action in match.legal_actions()[:20]:
            data = action.to_dict()
            del data["text"]
            again = action_from_dict(data, definition.grammar)
            assert again == action and type(again) is type(action)
            read += 1
        match.apply(rng.choice(match.legal_actions()))
    assert read >= 400


def test_an_action_by_its_fields_names_what_is_wrong() -> None:
    grammar = game("may-i").grammar
    assert action_from_dict({"type": "draw"}, grammar) == grammar.parse("draw")
    assert action_from_dict({"type": "take"}, grammar) == grammar.parse("take")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"type": "fly"}, r"its type \(one of allow, ask, .*\) and fields; got \{'type': 'fly'\}"),
        ({"type": "discard"}, "card: missing"),
        ({"type": "discard", "card": "QZ"}, "card: not a card: 'QZ'"),
        ({"type": "discard", "card": "QS", "seat": 1}, "seat: not a field of Discard"),
        ({"type": "take", "count": "2"}, "count: must be a whole number, got '2'"),
        ({"type": "take", "count": 0}, "count"),
    ]
    for data, reason in cases:
        with pytest.raises(NotationError, match=reason):
            action_from_dict(data, grammar)


def test_the_codec_refuses_what_it_does_not_know() -> None:
    with pytest.raises(TypeError, match="cannot write"):
        to_json(object())
    with pytest.raises(ConfigError, match="no document"):
        json_schema("nothing")


def test_every_public_value_pickles_and_copies_to_an_equal_value() -> None:
    match = random_match("may-i", random.Random(11), 500)
    values: list[Any] = [
        match.definition,
        match.view(0),
        match.rules,
        *match.events[-5:],
        *match.legal_actions(),
        *match.deal_scores[0],
        match.stock,
        match.pile,
        match.hands,
        match.phase,
    ]
    if match.outcome is not None:
        values.append(match.outcome)
    for value in values:
        for twin in (
            pickle.loads(pickle.dumps(value)),
            copy.deepcopy(value),
            copy.copy(value),
        ):
            assert twin == value, value
            assert json.dumps(to_json(twin)) == json.dumps(to_json(value))


def test_actions_are_values_of_their_own_class_after_the_trip() -> None:
    for name in GAMES:
        definition = game(name)
        match: AnyMatch = definition.new_match(players=3)
        for action in match.legal_actions():
            back = action_from_dict(
                json.loads(json.dumps(action.to_dict())), match.definition.grammar
            )
            assert isinstance(back, Action) and type(back) is type(action) and back == action


def _sample(hint: Any) -> Any:
    """A value of type ``hint`` for an effect's field (enough to write it)."""
    import enum
    import types
    import typing

    from rummykit import Meld, parse_card

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is types.UnionType or origin is typing.Union:
        return _sample(next(arg for arg in args if arg is not type(None)))
    if origin is tuple:
        return (_sample(args[0]),)
    if hint is bool:
        return True
    if hint is int:
        return 1
    if hint is str:
        return "buy"
    if hint is Meld:
        return Meld.parse("7S 7H 7D")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    return parse_card("AS")


def _subclasses(cls: type[Any]) -> set[type[Any]]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_every_effect_class_of_every_game_writes_json_the_schema_accepts() -> None:
    import typing

    import attrs

    from rummykit.kit import Effect

    for name in GAMES:
        game(name)  # loads the game's effects
    for cls in _subclasses(Effect):
        hints = typing.get_type_hints(cls)
        fields = {f.alias: _sample(hints[f.name]) for f in attrs.fields(cls) if f.init}
        effect = cls(**fields)
        for seat in (None, 0, 1):
            data = effect.seen_by(seat).to_dict()
            _validate("effect", data)
            assert data["type"] == cls.__name__ and isinstance(data["text"], str)
            assert json.loads(json.dumps(data)) == data
        assert pickle.loads(pickle.dumps(effect)) == effect == copy.deepcopy(effect)


@pytest.mark.parametrize("data", [["draw"], "draw", None, 5])
def test_fields_that_are_not_an_object_are_a_notation_error(data: Any) -> None:
    with pytest.raises(NotationError, match="an action is an object with its notation as text"):
        action_from_fields(data, game("may-i").grammar)
