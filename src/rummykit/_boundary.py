"""Checks of keyword options at the public entry points of compiled modules.

A function compiled by mypyc (the opt-in compiled build, ``hatch_build.py``) refuses an
argument of the wrong type with a bare :class:`TypeError` before its body runs, where
the pure build would reach the body's own check (``budget=1.5``: a
:class:`~rummykit.errors.ConfigError`) or carry on (``discard=1``). :func:`checked`
wraps such a function in a plain Python function that checks the options first, so
both builds refuse the same inputs with the same typed errors. This module is never
compiled itself (``functools.wraps`` needs a plain function).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from rummykit.errors import ConfigError, shown

F = TypeVar("F", bound=Callable[..., Any])

Check = Callable[[str, object], None]
"""Refuse option ``name``'s value with a :class:`~rummykit.errors.ConfigError`."""


def checked(**checks: Check) -> Callable[[F], F]:
    """A decorator: the keyword options named in ``checks`` pass their check before the
    function runs (positional arguments and other options go through as given).

    >>> @checked(quick=flag)
    ... def solve(hand: str, *, quick: bool = False) -> str:
    ...     return hand
    >>> solve("7S", quick=1)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: quick must be True or False, got 1
    """

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def entry(*args: Any, **options: Any) -> Any:
            for name, value in options.items():
                check = checks.get(name)
                if check is not None:
                    check(name, value)
            return function(*args, **options)

        return cast("F", entry)

    return decorate


def flag(name: str, value: object) -> None:
    """Refuse anything but ``True`` or ``False`` (``1`` and ``"yes"`` too)."""
    if not isinstance(value, bool):
        raise ConfigError(f"{name} must be True or False, got {shown(value)}")


def one_of(*types: type, what: str) -> Check:
    """A check refusing anything but ``None`` or an instance of ``types`` (``what``
    names them in the message)."""

    def check(name: str, value: object) -> None:
        if value is not None and not isinstance(value, types):
            raise ConfigError(f"{name} must be {what} or None, got {shown(value)}")

    return check
