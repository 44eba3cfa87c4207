"""Mistyped options of the public functions in compiled modules: the same typed error in
both builds (CI runs this file against the pure and the compiled build).

Compiled by mypyc, a function refuses an argument of the wrong type with a bare
``TypeError`` before its body runs; ``rummykit._boundary`` checks the options first.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import rummykit
from rummykit import (
    ConfigError,
    End,
    Meld,
    MeldRules,
    arrangements,
    best_arrangement,
    can_meet,
    joker_exchanges,
    lay_off,
    min_deadwood,
    min_deadwood_value,
    parse_card,
    parse_cards,
    presets,
)
from rummykit.melds import try_lay_off, wild_replacements
from rummykit.solver import arrangement_parts, memo_limits, set_memo_limits

RULES = presets.meld_rules("may-i")
CONTRACT = presets.schedule("may-i")[1].contract
HAND = parse_cards("7S 7H 7D KS KC KD 2C 9H 4D QS")

SOLVER_CALLS: dict[str, Callable[[object], object]] = {
    "can_meet": lambda budget: can_meet(HAND, CONTRACT, RULES, budget=budget),  # type: ignore[arg-type]
    "best_arrangement": lambda budget: best_arrangement(HAND, CONTRACT, RULES, budget=budget),  # type: ignore[arg-type]
    "arrangements": lambda budget: arrangements(HAND, CONTRACT, RULES, budget=budget),  # type: ignore[arg-type]
    "arrangement_parts": lambda budget: arrangement_parts(HAND, CONTRACT, RULES, budget=budget),  # type: ignore[arg-type]
    "min_deadwood": lambda budget: min_deadwood(HAND, RULES, budget=budget),  # type: ignore[arg-type]
    "min_deadwood_value": lambda budget: min_deadwood_value(HAND, RULES, budget=budget),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("budget", [1.5, True, "100", 0])
@pytest.mark.parametrize("name", sorted(SOLVER_CALLS))
def test_a_mistyped_budget_is_a_config_error_at_the_call(name: str, budget: object) -> None:
    # At the call itself, even for the lazy arrangements: nothing is iterated here.
    with pytest.raises(ConfigError, match="budget must be a whole number"):
        SOLVER_CALLS[name](budget)


@pytest.mark.parametrize("name", sorted(SOLVER_CALLS))
def test_a_whole_budget_and_none_still_pass(name: str) -> None:
    for budget in (10_000, None):
        result = SOLVER_CALLS[name](budget)
        if inspect.isgenerator(result):
            assert next(result) is not None
        else:
            assert result is not None


@pytest.mark.parametrize("discard", [1, "yes", None])
def test_discard_must_be_a_bool(discard: object) -> None:
    with pytest.raises(ConfigError, match="discard must be True or False"):
        min_deadwood(HAND, RULES, discard=discard)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="discard must be True or False"):
        min_deadwood_value(HAND, RULES, discard=discard)  # type: ignore[arg-type]
    assert min_deadwood(HAND, RULES, discard=True).left_value == min_deadwood_value(
        HAND, RULES, discard=True
    )


def test_memo_limits_refuse_a_mistyped_cap_and_keep_theirs() -> None:
    before = memo_limits()
    options: list[dict[str, Any]] = [{"rules": 1.5}, {"cache": "10"}, {"rules": True}]
    for option in [*options, {"cache": 0}]:
        with pytest.raises(ConfigError, match="must be a whole number >= 1"):
            set_memo_limits(**option)
        assert memo_limits() == before


RUN = Meld.parse("5H 6H 7H 8H", MeldRules())
LAYOFF_CALLS: dict[str, Callable[..., Any]] = {"lay_off": lay_off, "try_lay_off": try_lay_off}


@pytest.mark.parametrize("name", sorted(LAYOFF_CALLS))
def test_lay_offs_refuse_a_mistyped_end_or_role(name: str) -> None:
    function = LAYOFF_CALLS[name]
    card = parse_card("JK")
    with pytest.raises(ConfigError, match="end must be End.LOW or End.HIGH or None, got 'low'"):
        function(RUN, card, MeldRules(), end="low")
    with pytest.raises(ConfigError, match="role must be a Card or a Rank or None, got '4H'"):
        function(RUN, card, MeldRules(), role="4H")
    grown = function(RUN, card, MeldRules(), end=End.LOW, role=parse_card("4H"))
    assert grown == Meld.parse("JK(4H) 5H 6H 7H 8H", MeldRules())


def test_joker_exchange_options_must_be_bools() -> None:
    rules = MeldRules()
    table = [Meld.parse("9C 10C JK QC", rules)]
    assert wild_replacements(table[0], parse_card("JC"), jokers_only=True) == (2,)
    with pytest.raises(ConfigError, match="jokers_only must be True or False"):
        wild_replacements(table[0], parse_card("JC"), jokers_only=1)  # type: ignore[arg-type]
    for option in ("to_hand", "from_groups", "jokers_only"):
        mistyped: dict[str, Any] = {option: 0}
        with pytest.raises(ConfigError, match=f"{option} must be True or False"):
            joker_exchanges(table, 0, parse_card("JC"), rules, **mistyped)
    assert joker_exchanges(table, 0, parse_card("JC"), rules, to_hand=True)


def test_meld_rules_refuse_a_mistyped_ordered() -> None:
    rules = MeldRules()
    calls: list[Callable[..., object]] = [rules.validate, rules.accepts]
    for call in calls:
        with pytest.raises(ConfigError, match="ordered must be True or False, got 1"):
            call("3S 4S 5S 6S", ordered=1)
    assert rules.accepts("3S 4S 5S 6S", ordered=True)


@pytest.mark.parametrize(
    "function",
    [can_meet, best_arrangement, arrangements, arrangement_parts, min_deadwood, min_deadwood_value],
)
def test_the_solver_checks_its_options_in_plain_python_in_both_builds(
    function: Callable[..., Any],
) -> None:
    # rummykit.solver._entry is never compiled: doc and signature in both builds.
    assert inspect.isfunction(function)
    assert function.__module__ == "rummykit.solver._entry"
    assert function.__doc__
    assert "rules" in inspect.signature(function).parameters


@pytest.mark.parametrize("function", [lay_off, joker_exchanges])
def test_the_checked_functions_keep_their_name_and_in_pure_python_their_doc(
    function: Callable[..., Any],
) -> None:
    # Compiled functions carry no docstring or signature (mypyc), checked or not; the
    # reference docs are built from the pure package.
    wrapped = function.__wrapped__  # type: ignore[attr-defined]
    assert function.__name__ == wrapped.__name__
    if not rummykit.compiled:
        assert function.__doc__ == wrapped.__doc__
        assert "rules" in inspect.signature(function).parameters
