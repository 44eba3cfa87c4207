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
from collections.abc import Callable
from typing import Any

from rummykit import options
from rummykit.errors import ConfigError

__all__ = ["Validator", "instance_of", "number", "one_of", "whole"]

Validator = Callable[[Any, Any, Any], None]
"""An attrs validator: called with the instance, the attribute and the value."""


def _owner(instance: Any, attribute: Any) -> str:
    return f"{type(instance).__name__}'s {attribute.name}"


def whole(low: int, *, optional: bool = False) -> Validator:
    """A whole number of at least ``low`` (or ``None`` when ``optional``): the rules'
    :func:`rummykit.options.whole`, its message naming the agent."""
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
            bound = "" if low == -math.inf else f" > {low}" if above else f" >= {low}"
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
