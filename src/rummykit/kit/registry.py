"""The registry of games by name: the shipped games, a user's, and installed plugins'.

The registry owns its list. The shipped games are known by name and the module that
defines them, and imported on first use; a user's game is :func:`register`-ed; an
installed package adds a game through the ``rummykit.games`` entry point group (its
name, and the :class:`~rummykit.kit.definition.GameDefinition` subclass it loads). All
three are then alike to :func:`game`, records, the simulator and the command line.

>>> from rummykit.kit.registry import game, names
>>> names()[:3]
('may-i', 'possession', 'posso')
>>> game("may-i", max_buys_per_deal=3).rules.max_buys_per_deal
3

A plugin package declares its game in its ``pyproject.toml``::

    [project.entry-points."rummykit.games"]
    liverpool = "liverpool_rummy:Liverpool"

The entry point's name is the game's name. Installed plugins are found once per process
(:func:`refresh_plugins` looks again) and loaded when their game is first asked for, so
a broken plugin is a :class:`~rummykit.errors.ConfigError` naming its entry point when
someone uses it, not a failure of everything else.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from rummykit.errors import ConfigError
from rummykit.kit.definition import GameDefinition

if TYPE_CHECKING:
    import importlib.metadata

__all__ = [
    "GAMES_GROUP",
    "SHIPPED_GAMES",
    "game",
    "get",
    "load_entry_point",
    "names",
    "plugin_entry_points",
    "refresh_plugins",
    "register",
    "rules_options",
    "unregister",
]

T = TypeVar("T")

GAMES_GROUP = "rummykit.games"
"""The entry point group an installed package declares its games in."""

SHIPPED_GAMES: Mapping[str, str] = {
    "may-i": "rummykit.games.may_i:MayI",
    "possession": "rummykit.games.possession:Possession",
    "posso": "rummykit.games.posso:Posso",
}
"""The games rummykit ships, by name: ``module:attribute`` of each definition, imported
on first use (a table, so no installation metadata is needed)."""

_ALIASES = {"mayi": "may-i", "may_i": "may-i"}
_registered: dict[str, type[GameDefinition[Any, Any]]] = {}
_loaded: dict[str, type[GameDefinition[Any, Any]]] = {}  # shipped games, once imported
_plugins: dict[tuple[str, str], type[GameDefinition[Any, Any]]] = {}  # by (name, value)
_found: dict[str, tuple[importlib.metadata.EntryPoint, ...]] = {}  # each group's entry points


def _check_game(definition: Any) -> type[GameDefinition[Any, Any]]:
    if not (isinstance(definition, type) and issubclass(definition, GameDefinition)):
        raise ConfigError(f"register() takes a GameDefinition subclass, got {definition!r}")
    name = getattr(definition, "name", "")
    if not isinstance(name, str) or not name or name != name.strip():
        raise ConfigError(f"a game needs a name, got {name!r}")
    definition.check_definition()
    return definition


def register(definition: type[GameDefinition[Any, Any]], *, replace: bool = False) -> None:
    """Make ``definition`` known by its ``name``, after
    :meth:`~rummykit.kit.definition.GameDefinition.check_definition` accepts it.

    A name taken by another game (a shipped one included) is refused unless
    ``replace``; the replacement then stands in for it until :func:`unregister`.
    Registering a game again under its own name changes nothing.
    """
    definition = _check_game(definition)
    name = definition.name
    current = _registered.get(name)
    if current is None and name in SHIPPED_GAMES:
        current = _shipped(name)
    if current is definition:
        return
    if current is not None and not replace:
        raise ConfigError(f"a game called {name!r} is registered already (replace=True)")
    _registered[name] = definition


def unregister(name: str) -> None:
    """Forget the game ``name`` given to :func:`register` (tests register games of
    their own); a shipped game it replaced is the game of that name again."""
    if name not in _registered:
        mine = ", ".join(_registered) or "none"
        raise ConfigError(f"no game {name!r} is registered (registered: {mine})")
    del _registered[name]


def names() -> tuple[str, ...]:
    """Every game's name: the shipped games first, then the registered ones, then those
    of installed plugins (found, not loaded)."""
    found = dict.fromkeys([*SHIPPED_GAMES, *_registered])
    found.update(dict.fromkeys(point.name for point in plugin_entry_points(GAMES_GROUP)))
    return tuple(found)


def get(name: str) -> type[GameDefinition[Any, Any]]:
    """The definition class called ``name`` (``mayi`` and ``may_i`` are other names of
    ``may-i``): a registered game, a shipped one (imported now if need be), else an
    installed plugin's (loaded now). An unknown name is a
    :class:`~rummykit.errors.ConfigError` that suggests the nearest known one."""
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    if not isinstance(key, str):
        raise ConfigError(f"a game's name is text, got {name!r}")
    if key in _registered:
        return _registered[key]
    if key in SHIPPED_GAMES:
        return _shipped(key)
    for point in plugin_entry_points(GAMES_GROUP):
        if point.name == key:
            return _plugin_game(point)
    known = names()
    close = difflib.get_close_matches(key.lower(), known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise ConfigError(f"no game {name!r} (known: {', '.join(known)}){hint}")


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


def plugin_entry_points(group: str) -> tuple[importlib.metadata.EntryPoint, ...]:
    """The entry points installed packages declare in ``group`` (``rummykit.games``,
    ``rummykit.agents``), in name order, the first of each name; found on the first
    call (reading every installed package's metadata takes milliseconds), never loaded
    here."""
    found = _found.get(group)
    if found is None:
        # Loaded on the first look for plugins, not with the registry: it brings email,
        # zipfile and more, and a larger heap slows every full garbage collection.
        from importlib import metadata

        points: dict[str, importlib.metadata.EntryPoint] = {}
        for point in sorted(metadata.entry_points(group=group), key=lambda point: point.name):
            points.setdefault(point.name, point)
        found = _found[group] = tuple(points.values())
    return found


def refresh_plugins() -> None:
    """Forget the plugins found and loaded so far, so the next look finds the installed
    ones afresh: after installing or removing a package in a running process (or
    faking entry points in a test)."""
    _found.clear()
    _plugins.clear()


def load_entry_point(point: importlib.metadata.EntryPoint, check: Callable[[Any], T]) -> T:
    """Load a plugin's entry point and pass what it names through ``check``; whatever
    goes wrong (the package fails to import, the name is missing, ``check`` refuses it)
    is a :class:`~rummykit.errors.ConfigError` naming the entry point."""
    where = f"entry point {point.name} = {point.value!r} in group {point.group!r}"
    try:
        return check(point.load())
    except Exception as error:  # a plugin is foreign code: any failure is its own
        why = str(error) if isinstance(error, ConfigError) else f"{type(error).__name__}: {error}"
        raise ConfigError(f"the plugin {where} cannot be used: {why}") from error


def _shipped(name: str) -> type[GameDefinition[Any, Any]]:
    found = _loaded.get(name)
    if found is None:
        module, _, attribute = SHIPPED_GAMES[name].partition(":")
        found = _loaded[name] = _check_game(getattr(importlib.import_module(module), attribute))
    return found


def _plugin_game(point: importlib.metadata.EntryPoint) -> type[GameDefinition[Any, Any]]:
    key = (point.name, point.value)
    found = _plugins.get(key)
    if found is None:

        def check(loaded: Any) -> type[GameDefinition[Any, Any]]:
            definition = _check_game(loaded)
            if definition.name != point.name:
                raise ConfigError(f"it loads the game {definition.name!r}, not {point.name!r}")
            definition.from_options()  # its default rules, as every listing will ask
            return definition

        found = _plugins[key] = load_entry_point(point, check)
    return found
