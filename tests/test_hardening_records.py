"""Issue 25, records, schedules and options from outside: no file opened, bounded work,
only typed errors.

The auditor's findings, each reproduced: a record's ``contract_schedule`` read any
``.toml`` file on the server and echoed what it found; ``records.loads`` raised
``RecursionError``, ``ValueError`` and ``UnicodeDecodeError``; versions ``1.0`` and
``true`` were accepted; TOML schedules raised ``RecursionError`` and ``TypeError`` and read
``exact = "false"`` as true; a 4,300-digit ``joker_value`` broke ``str(event)`` later.
"""

from __future__ import annotations

import json
import pathlib
from contextlib import suppress
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import ConfigError, ContractSchedule, RecordError, RummyError, game
from rummykit.contracts.schedules import MAX_TOML_CHARS
from rummykit.games import MayIRules
from rummykit.kit import schedule_option
from rummykit.kit.options import WHOLE_LIMIT
from rummykit.records import MAX_ACTIONS, dumps, from_record, loads, to_record

SECRET = 'exact = "hunter2"\n[[deal]]\ncontract = "2G"\n'


def _record(**changes: Any) -> dict[str, Any]:
    match = game("may-i").new_match(players=3, seed=5)
    match.apply("draw")
    record = to_record(match)
    record.update(changes)
    return record


@pytest.fixture
def no_file_access(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record (and refuse) any look at a ``.toml`` file: what untrusted input must never
    cause. Other files (pytest's own) pass through."""
    touched: list[str] = []

    def guard(original: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if args and str(args[0]).lower().endswith(".toml"):
                touched.append(str(args[0]))
                raise AssertionError(f"untrusted input reached the file system: {args[0]}")
            return original(*args, **kwargs)

        return wrapper

    for name in ("open", "read_text", "read_bytes", "is_file", "exists", "stat"):
        monkeypatch.setattr(pathlib.Path, name, guard(getattr(pathlib.Path, name)))
    monkeypatch.setattr("builtins.open", guard(open))
    return touched


# -- files only when trusted code says so --------------------------------------------------


@pytest.mark.parametrize(
    "path", ["../../app/secrets.toml", "/etc/passwd.toml", "x" * 300 + ".toml", "a.TOML"]
)
def test_a_records_schedule_path_is_refused_without_touching_files(
    path: str, no_file_access: list[str]
) -> None:
    with pytest.raises(RecordError, match="never read as a file name") as caught:
        from_record(_record(rules={"contract_schedule": path}))
    assert no_file_access == []
    assert "hunter2" not in str(caught.value)
    assert len(str(caught.value)) < 600


def test_a_players_option_naming_a_file_reads_nothing(
    tmp_path: Path, no_file_access: list[str]
) -> None:
    secret = tmp_path / "secrets.toml"
    for value in (str(secret), "secrets.toml", "../secrets.toml"):
        with pytest.raises(ConfigError, match="never read as a file name"):
            game("may-i", contract_schedule=value)
        with pytest.raises(ConfigError):
            schedule_option(value)
    assert no_file_access == []


def test_a_path_from_trusted_code_is_read_but_never_quoted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Relative paths: a message repeats at most MESSAGE_LIMIT characters of a path, so
    # the file name at the end of a long tmp_path (pytest-xdist's, a macOS TMPDIR) is cut.
    monkeypatch.chdir(tmp_path)
    secret = Path("secrets.toml")
    secret.write_text(SECRET, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        game("may-i", contract_schedule=secret)
    message = str(caught.value)
    assert "secrets.toml:1" in message and "exact must be true or false" in message
    assert "hunter2" not in message and "db_password" not in message
    unknown = Path("unknown.toml")
    unknown.write_text('db_password = "hunter2"\n[[deal]]\ncontract = "2G"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        ContractSchedule.from_toml(unknown)
    assert "unknown.toml:1: unknown key" in str(caught.value)
    assert "db_password" not in str(caught.value) and "hunter2" not in str(caught.value)
    with pytest.raises(ConfigError) as caught:
        game("may-i", contract_schedule=tmp_path / ("x" * 300 + ".toml"))
    assert "no schedule file" in str(caught.value)


def test_an_inline_schedule_is_data_not_a_file(no_file_access: list[str]) -> None:
    inline = 'name = "short"\n[[deal]]\ncontract = "2G"\n[[deal]]\ncontract = "2R"\n'
    rules = MayIRules(contract_schedule=inline)
    assert isinstance(rules.contract_schedule, ContractSchedule)
    assert [deal.contract.notation for deal in rules.schedule()] == ["2G", "2R"]
    assert no_file_access == []


# -- records: only RecordError -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a":' * 5_000 + "1" + "}" * 5_000, "nested too deeply"),
        ("9" * 4301, "a number too long"),
        ('{"seed": ' + "9" * 4301 + "}", "a number too long"),
        (b"\xff\xfe\xfa", "not UTF-8"),
        (b'{"format": "\xff"}', "not UTF-8"),
        ("{", "not JSON"),
    ],
)
def test_bad_record_text_is_a_record_error(text: str | bytes, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        loads(text)


@pytest.mark.parametrize("version", [1.0, True, "1", None, [1]])
def test_a_record_version_is_the_integer_one(version: object) -> None:
    with pytest.raises(RecordError, match="unknown record version"):
        from_record(_record(version=version))
    assert from_record(_record(version=1)).events


def test_record_limits_are_documented_and_a_caller_tightens_them() -> None:
    record = _record()
    text = json.dumps(record)
    assert loads(text).events
    with pytest.raises(RecordError, match=f"at most {len(text) - 1} characters"):
        loads(text, max_chars=len(text) - 1)
    with pytest.raises(RecordError, match="at most 0 strings"):
        loads(text, max_actions=0)
    with pytest.raises(RecordError, match=f"at most {MAX_ACTIONS} strings"):
        from_record(_record(actions=["draw"] * (MAX_ACTIONS + 1)))


def test_record_values_of_wrong_types_are_record_errors() -> None:
    for changes in (
        {"first_dealer": True},
        {"auto_deal": "yes"},
        {"players": 3.0},
        {"seed": "5"},
        {"actions": [["draw"]]},
        {"rules": {"contract_schedule": {"deals": [[1, 2]]}}},
        {"rules": {"contract_schedule": {"deals": [{"contract": "2G", "discard_out": "no"}]}}},
        {"rules": {"contract_schedule": {"deals": [{"contract": "2G"}], "name": 5}}},
        {"rules": {"contract_schedule": {"deals": [{"contract": "²G"}]}}},
        {"rules": {"joker_value": 10**4000}},
        {"rules": {"jokers": 2, "joker_value": 10**300}},
    ):
        with pytest.raises(RecordError) as caught:
            from_record(_record(**changes))
        assert len(str(caught.value)) < 600, changes


def test_long_values_are_shortened_in_record_errors() -> None:
    long = "x" * 3_000_000
    for changes in ({"game": long}, {"actions": ["draw", long]}, {"seats": [long] * 3 + [long]}):
        with pytest.raises(RecordError) as caught:
            from_record(_record(**changes))
        assert len(str(caught.value)) < 800


def json_values(depth: int = 3) -> st.SearchStrategy[Any]:
    """JSON-like values with full Unicode, huge and odd numbers."""
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(10**300, 10**320),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=20),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )


FIELDS = ["format", "version", "game", "rules", "players", "seats", "seed", "first_dealer",
          "deck_order", "auto_deal", "actions", "results"]  # fmt: skip
OPTIONS = ["contract_schedule", "joker_value", "jokers", "wild_ranks", "deal_hand_size",
           "max_turns_per_deal", "discard_out_forbidden_deals", "first_dealer"]  # fmt: skip


@given(field=st.sampled_from(FIELDS), value=json_values())
def test_a_tampered_record_field_meets_only_record_errors(field: str, value: Any) -> None:
    with suppress(RecordError):
        from_record(_record(**{field: value}))


@given(option=st.sampled_from(OPTIONS), value=json_values())
def test_a_tampered_rules_option_meets_only_record_errors(option: str, value: Any) -> None:
    with suppress(RecordError):
        from_record(_record(rules={option: value}))


@given(st.binary(max_size=60) | st.text(max_size=60))
def test_any_record_text_meets_only_record_errors(text: bytes | str) -> None:
    with suppress(RecordError):
        loads(text)


@given(depth=st.integers(500, 50_000), opener=st.sampled_from(["[", '{"a":']))
def test_deep_json_meets_only_record_errors(depth: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    with pytest.raises(RecordError):
        loads(opener * depth + "1" + closer * depth)


# -- TOML schedules ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("a = " + "[" * 40_000 + "]" * 40_000, "nested too deeply"),
        ("deal = [1, 2]", r"deal must be \[\[deal\]\] tables"),
        ('deal = ["2G"]', r"deal must be \[\[deal\]\] tables"),
        ('[[deal]]\ncontract = "2G"\nexact = "false"\n', "exact must be true or false"),
        ('[[deal]]\ncontract = "2G"\nexact = 0\n', "exact must be true or false"),
        ('exact = "false"\n[[deal]]\ncontract = "2G"\n', "exact must be true or false"),
        ("runs_apart = " + "9" * 4301 + '\n[[deal]]\ncontract = "2G"\n', "a number too long"),
        ('name = ["x"]\n[[deal]]\ncontract = "2G"\n', "name must be text"),
        ('[[deal]]\ncontract = "²G"\n', "is not like 2G"),
        ("x" * (MAX_TOML_CHARS + 1), f"at most {MAX_TOML_CHARS} characters"),
    ],
)
def test_bad_schedule_toml_is_a_config_error(text: str, reason: str) -> None:
    with pytest.raises(ConfigError, match=reason):
        ContractSchedule.loads_toml(text)


def test_odd_schedule_files_are_config_errors(tmp_path: Path) -> None:
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe[[deal]]")
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MAX_TOML_CHARS + '\n[[deal]]\ncontract = "2G"\n', encoding="utf-8")
    for path, reason in [
        (binary, "not UTF-8"),
        (big, "at most"),
        (tmp_path, "cannot read"),
        (tmp_path / "a\0b.toml", "not a file name"),
        (tmp_path / ("x" * 300 + ".toml"), "cannot read"),
    ]:
        with pytest.raises(ConfigError, match=reason):
            ContractSchedule.from_toml(path)


def test_exact_false_is_read_as_false() -> None:
    schedule = ContractSchedule.loads_toml('[[deal]]\ncontract = "2G"\nexact = false\n')
    assert schedule[1].contract.exact is False


@given(st.text(max_size=80))
def test_any_schedule_text_meets_only_config_errors(text: str) -> None:
    with suppress(ConfigError):
        ContractSchedule.loads_toml(text)
    with suppress(ConfigError):
        ContractSchedule.loads_toml("[[deal]]\ncontract = " + json.dumps(text))


# -- option values bounded when the rules are built ----------------------------------------


@pytest.mark.parametrize(
    "value", [10**4300, 10**5000, WHOLE_LIMIT + 1], ids=["4301", "5001", "max"]
)
def test_a_huge_option_value_is_refused_at_construction(value: int) -> None:
    with pytest.raises(ConfigError, match=f"from 0 to {WHOLE_LIMIT}") as caught:
        MayIRules(joker_value=value)
    assert len(str(caught.value)) < 300
    with pytest.raises(ConfigError):
        game("may-i", max_turns_per_deal=value)


def test_the_largest_option_value_still_plays_and_records() -> None:
    match = game("may-i", jokers=2, joker_value=WHOLE_LIMIT).new_match(players=3, seed=2)
    match.apply("draw")
    assert all(str(event) for event in match.events)
    assert from_record(json.loads(dumps(match))).snapshot() == match.snapshot()


@given(value=st.integers() | st.floats() | st.text(max_size=5) | st.booleans())
def test_whole_number_options_answer_with_config_errors(value: object) -> None:
    with suppress(RummyError):
        MayIRules(joker_value=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["may-i", "posso", "possession"])
def test_every_option_answers_huge_and_nested_values_with_config_errors(name: str) -> None:
    fields = attrs.fields(type(game(name).rules))
    odd: list[object] = [10**4300, -(10**4300), [10**4300], {"x": 10**5000}, "x" * 100_000]
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    odd.append(nested)
    for field in fields:
        for value in odd:
            with suppress(ConfigError):
                game(name, **{field.alias or field.name: value})
