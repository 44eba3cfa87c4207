"""The error classes check their own arguments: a clause, a source, a step or a budget of
the wrong type is the caller's mistake, refused where it is made."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit.errors import (
    ConfigError,
    IllegalActionError,
    RecordError,
    RummyError,
    SolverBudgetError,
)


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
