"""The error classes check their own arguments: a clause, a source, a step or a budget of
the wrong type is the caller's mistake, refused where it is made."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any, cast

import pytest

from rummykit import (
    ConfigError,
    ContractSchedule,
    IllegalActionError,
    NotationError,
    RecordError,
    RummyError,
    SolverBudgetError,
)
from rummykit.contracts.schedules import MAX_TOML_CHARS


@pytest.mark.parametrize(
    ("error", "reason", "options", "message"),
    [
        (RummyError, 5, {}, "RummyError's reason must be text, got 5"),
        (ConfigError, "x", {"rule": 5}, "ConfigError's rule must be text or None, got 5"),
        (ConfigError, "x", {"source": 3}, "ConfigError's source must be text or None, got 3"),
        (IllegalActionError, "x", {"rule": b"7"}, "IllegalActionError's rule must be text"),
        (RecordError, "x", {"step": "1"}, "RecordError's step must be a whole number or None"),
        (RecordError, "x", {"step": True}, "RecordError's step must be a whole number"),
        (SolverBudgetError, "x", {"budget": None}, "budget must be a whole number, got None"),
    ],
)
def test_mistyped_error_arguments_are_refused(
    error: Any, reason: Any, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(TypeError) as raised:
        error(reason, **options)
    assert message in str(raised.value)


def test_well_typed_error_arguments_are_kept() -> None:
    error = ConfigError("no such deck", source="house.toml:3", rule="MAYI-2.1")
    assert str(error) == "house.toml:3: MAYI-2.1: no such deck"
    assert (error.rule, error.source) == ("MAYI-2.1", "house.toml:3")
    assert RecordError("cut off", step=0).step == 0
    assert SolverBudgetError("out of budget", budget=10).budget == 10
    assert IllegalActionError("not now", rule=None).rule is None


def test_a_path_as_source_is_kept_as_text() -> None:
    """A path is a natural source; a schedule read with one keeps its ConfigError."""
    error = ConfigError("no such deck", source=Path("house.toml"))
    assert error.source == "house.toml" and str(error) == "house.toml: no such deck"
    too_long = "#" * (MAX_TOML_CHARS + 1)
    with pytest.raises(ConfigError, match=r"^house\.toml: a schedule is at most"):
        ContractSchedule.loads_toml(too_long, source=Path("house.toml"))
    with pytest.raises(ConfigError, match="source must be text naming the schedule, got 5"):
        ContractSchedule.loads_toml("name = 'x'", source=cast(Any, 5))


def test_errors_pickle_with_their_attributes() -> None:
    """An error raised in a worker process (a process pool, Dask) comes back whole, even
    one whose constructor takes required keywords."""
    errors: list[RummyError] = [
        SolverBudgetError("out of budget", budget=5),
        NotationError("unknown rank", text="AS 1H", token="1H", position=1),
        ConfigError("no such deck", source="house.toml:3", rule="MAYI-2.1"),
        IllegalActionError("not now", action="draw", rule="MAYI-7.1"),
        RecordError("cut off", step=3),
    ]
    for error in errors:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert str(back) == str(error) and vars(back) == vars(error)
        assert back.to_dict() == error.to_dict()
