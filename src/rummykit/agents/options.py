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

Validator = Callable[[Any, Any, Any], None]
"""An attrs validator: called with the instance, the attribute and the value."""


def option(
    default: Any,
    *,
    validator: Validator | None = None,
    converter: Callable[[Any], Any] | None = None,
) -> Any:
    """An agent's option with its ``default``: ``attrs.field(default=..., validator=...,
    converter=...)``, typed ``Any``. ``attrs.field(default=1)`` is typed ``int``, so in a
    module mypyc compiles (the agents, ``hatch_build.py``) the class body would check the
    field object itself against the option's type, and fail at import."""
    return attrs.field(default=default, validator=validator, converter=converter)


def _owner(instance: Any, attribute: Any) -> str:
    return f"{type(instance).__name__}'s {attribute.name}"


def whole(low: int, high: int | None = None, *, optional: bool = False) -> Validator:
    """A whole number from ``low`` to ``high`` (by default
    :data:`~rummykit.kit.options.WHOLE_LIMIT`; or ``None`` when ``optional``): the rules'
    :func:`rummykit.kit.options.whole`, its message naming the agent. An option that sets
    the work per decision takes a ``high`` that keeps a decision's cost bounded."""
    check: Validator = options.whole(low, high, optional=optional, owner=True)
    return check


def number(low: float = -math.inf, *, above: bool = False, optional: bool = False) -> Validator:
    """A finite number of at least ``low`` (above it when ``above``; ``None`` allowed
    when ``optional``): the rules' :func:`rummykit.kit.options.number`, its message
    naming the agent."""
    check: Validator = options.number(low, above=above, optional=optional, owner=True)
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

    >>> from rummykit.agents import ContractAgent
    >>> from rummykit.agents.contract import SET_BY_GAME
    >>> check_options(ContractAgent, {"buy_gain": 2}, set_by_game=("rules", "values"))
    >>> check_options(ContractAgent, {"buy_gian": 2}, set_by_game=SET_BY_GAME)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: ContractAgent has no option buy_gian (its options:
    take_gain, buy_gain, max_hand, min_stock, free_gain)
    """
    known = [field.name for field in attrs.fields(kind)] if attrs.has(kind) else []
    allowed = [name for name in known if name not in set_by_game]
    unknown = sorted(set(parameters) - set(allowed), key=str)
    if unknown:
        has = f"its options: {', '.join(allowed)}" if allowed else "it has no options"
        names = ", ".join(str(name) for name in unknown)
        raise ConfigError(f"{kind.__name__} has no option {names} ({has})")
