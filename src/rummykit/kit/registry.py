"""The registry of games by name.

Registering a :class:`~rummykit.kit.definition.GameDefinition` (:func:`register`) makes
it known to :func:`game`, records, the simulator and the command line, exactly like the
shipped games.

>>> from rummykit.kit.registry import game, names
>>> names()
('may-i', 'possession', 'posso')
>>> game("may-i", max_buys_per_deal=3).rules.max_buys_per_deal
3
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.errors import ConfigError
from rummykit.kit.definition import GameDefinition

if TYPE_CHECKING:
    pass

__all__ = ["game", "get", "names", "register", "unregister"]

_REGISTRY: dict[str, type[GameDefinition[Any, Any]]] = {}
_ALIASES = {"mayi": "may-i", "may_i": "may-i"}


def register(definition: type[GameDefinition[Any, Any]], *, replace: bool = False) -> None:
    """Make ``definition`` known by its ``name``; ``replace`` allows re-registering."""
    if not (isinstance(definition, type) and issubclass(definition, GameDefinition)):
        raise ConfigError(f"register() takes a GameDefinition subclass, got {definition!r}")
    name = getattr(definition, "name", "")
    if not isinstance(name, str) or not name or name != name.strip():
        raise ConfigError(f"a game needs a name, got {name!r}")
    definition.check_definition()
    if name in _REGISTRY and _REGISTRY[name] is not definition and not replace:
        raise ConfigError(f"a game called {name!r} is registered already (replace=True)")
    _REGISTRY[name] = definition


def unregister(name: str) -> None:
    """Forget the game called ``name`` (tests register games of their own)."""
    if name not in _REGISTRY:
        raise ConfigError(f"no game {name!r} is registered (known: {', '.join(_REGISTRY)})")
    del _REGISTRY[name]


def names() -> tuple[str, ...]:
    """The registered games' names, shipped games first."""
    return tuple(_REGISTRY)


def get(name: str) -> type[GameDefinition[Any, Any]]:
    """The definition class registered as ``name`` (``mayi`` and ``may_i`` are other
    names of ``may-i``); an unknown name is a :class:`~rummykit.errors.ConfigError`
    that suggests the nearest known one."""
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    try:
        return _REGISTRY[key]
    except (KeyError, TypeError):
        close = difflib.get_close_matches(str(name).lower(), _REGISTRY, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ConfigError(f"no game {name!r} (known: {', '.join(_REGISTRY)}){hint}") from None


def game(name: str, **options: Any) -> GameDefinition[Any, Any]:
    """The game called ``name``, with rules options given as keywords."""
    return get(name).from_options(**options)


def rules_options(rules: Any) -> Mapping[str, Any]:
    """The options of a rules object that differ from their defaults."""
    result: dict[str, Any] = {}
    for field in attrs.fields(type(rules)):
        value = getattr(rules, field.name)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        if value != default:
            result[field.name] = value
    return result
