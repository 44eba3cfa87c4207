"""Validators for agents' options: a bad option is a :class:`~rummykit.errors.ConfigError`
naming the agent, the option and the value, when the agent is made, not a crash in
the middle of a match.

>>> import attrs
>>> @attrs.frozen(kw_only=True)
... class Cautious:
...     patience: int = attrs.field(default=3, validator=whole(1))
>>> Cautious(patience=0)
Traceback (most recent call last):
...
rummykit.errors.ConfigError: Cautious's patience must be a whole number 1 or more, got 0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rummykit.errors import ConfigError
from rummykit.kit import options
from rummykit.kit.definition import GameDefinition

__all__ = [
    "Validator",
    "check_options",
    "instance_of",
    "number",
    "one_of",
    "require_definition",
    "whole",
]

Validator = Callable[[Any, Any, Any], None]
"""An attrs validator: called with the instance, the attribute and the value."""


def _owner(instance: Any, attribute: Any) -> str:
    return f"{type(instance).__name__}'s {attribute.name}"


def whole(low: int, *, optional: bool = False) -> Validator:
    """A whole number of at least ``low`` (or ``None`` when ``optional``): the rules'
    :func:`rummykit.kit.options.whole`, its message naming the agent."""
    check: Validator = options.whole(low, optional=optional, owner=True)
    return check


def number(low: float = -math.inf, *, above: bool = False, optional: bool = False) -> Validator:
    """A finite number of at least ``low`` (above it when ``above``; ``None`` allowed
    when ``optional``)."""

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if optional and value is None:
            return
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or value < low
            or (above and value == low)
        ):
            bound = "" if low == -math.inf else f" more than {low}" if above else f" {low} or more"
            allowed = " (or None)" if optional else ""
            raise ConfigError(
                f"{_owner(instance, attribute)} must be a finite number{bound}{allowed}, "
                f"got {value!r}"
            )

    return check


def one_of(*choices: str) -> Validator:
    """One of the strings ``choices``."""

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value not in choices:
            raise ConfigError(
                f"{_owner(instance, attribute)} must be one of {', '.join(choices)}; got {value!r}"
            )

    return check


def instance_of(kind: type, what: str) -> Validator:
    """An instance of ``kind`` (``what`` says what that is, for the message)."""

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, kind):
            raise ConfigError(f"{_owner(instance, attribute)} must be {what}, got {value!r}")

    return check


def check_options(
    kind: type, parameters: Mapping[str, Any], set_by_game: tuple[str, ...] = ()
) -> None:
    """Refuse the ``parameters`` that are no option of the agent class ``kind`` (or that
    the game sets: ``set_by_game``), a :class:`~rummykit.errors.ConfigError` listing the
    options it has.

    >>> from rummykit.agents import PossessionAgent
    >>> check_options(PossessionAgent, {"shed": 4})
    >>> check_options(PossessionAgent, {"sehd": 4})
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: PossessionAgent has no option sehd (its options: shed,
    follow, suit_change)
    """
    known = [field.name for field in attrs.fields(kind)] if attrs.has(kind) else []
    allowed = [name for name in known if name not in set_by_game]
    unknown = sorted(set(parameters) - set(allowed), key=str)
    if unknown:
        has = f"its options: {', '.join(allowed)}" if allowed else "it has no options"
        names = ", ".join(str(name) for name in unknown)
        raise ConfigError(f"{kind.__name__} has no option {names} ({has})")


def require_definition(definition: Any) -> None:
    """Refuse what is not a game definition (``game(name)`` makes one) where an agent
    is made or checked for a game: a :class:`~rummykit.errors.ConfigError`."""
    if not isinstance(definition, GameDefinition):
        raise ConfigError(
            f"agents are made and checked for a game definition (game(name)), got {definition!r}"
        )
