"""Validators shared by the games' rules objects: closed choices, whole numbers, ranges."""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.errors import ConfigError

__all__ = ["choice", "player_range", "whole"]


def choice(*values: object) -> Any:
    """An attrs validator: the value must be one of ``values``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in values:
            options = ", ".join(repr(item) for item in values)
            raise ConfigError(f"{attribute.name} must be one of {options}, got {value!r}")

    return check


def whole(low: int, high: int | None = None, *, optional: bool = False) -> Any:
    """An attrs validator: a whole number from ``low`` (to ``high``); ``None`` if optional."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None and optional:
            return
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
        if not ok or (high is not None and value > high):
            top = "" if high is None else f" to {high}"
            raise ConfigError(
                f"{attribute.name} must be a whole number from {low}{top}, got {value!r}"
            )

    return check


def player_range(low: int, high: int) -> Any:
    """An attrs converter: a (fewest, most) pair of player counts within ``low``-``high``."""

    def convert(value: Any) -> tuple[int, int]:
        try:
            fewest, most = (int(item) for item in value)
        except (TypeError, ValueError):
            raise ConfigError(f"player_count_range must be (low, high), got {value!r}") from None
        if not low <= fewest <= most <= high:
            raise ConfigError(f"player_count_range must lie within {low}-{high}, got {value!r}")
        return (fewest, most)

    return convert
