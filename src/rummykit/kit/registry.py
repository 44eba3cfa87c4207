"""The registry of games by name: the shipped games, a user's, and installed plugins'.

The registry owns its list. The shipped games are known by name and the module that
defines them, and imported on first use; a user's game is :func:`register`-ed; an
installed package adds a game through the ``rummykit.games`` entry point group (its
name, and the :class:`~rummykit.kit.definition.GameDefinition` subclass it loads). All
three are then alike to :func:`game`, records, the simulator and the command line.

>>> from rummykit import game
>>> from rummykit.kit import names
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
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, overload

from rummykit.errors import ConfigError
from rummykit.kit.definition import GameDefinition

if TYPE_CHECKING:
    import importlib.metadata

    from rummykit.games.may_i import MayI
    from rummykit.games.possession import Possession
    from rummykit.games.posso import Posso

T = TypeVar("T")

GAMES_GROUP = "rummykit.games"
"""The entry point group an installed package declares its games in."""

SHIPPED_GAMES: Mapping[str, str] = {
    "may-i": "rummykit.games.may_i:MayI",
    "possession": "rummykit.games.possession:Possession",
    "posso": "rummykit.games.posso:Posso",
    "rummy": "rummykit.games.rummy:Rummy",
}
"""The games rummykit ships, by name: ``module:attribute`` of each definition, imported
on first use (a table, so no installation metadata is needed)."""

_found: dict[str, tuple[importlib.metadata.EntryPoint, ...]] = {}  # each group's entry points


class Registry(Generic[T]):
    """Things known by name (the games; the agents' factories): the shipped ones
    (``module:attribute``, imported and checked on first use), those registered in this
    process, and those of installed plugins (entry points in ``group``, loaded on first
    use). ``check`` turns what is given or loaded into a ``T``, or refuses it with a
    :class:`~rummykit.errors.ConfigError` (:meth:`check_plugin` does that for a plugin);
    ``kind`` names one thing in messages.
    """

    def __init__(
        self, kind: str, group: str, shipped: Mapping[str, str], *, check: Callable[[Any], T]
    ) -> None:
        self.kind = kind
        self.group = group
        self.shipped = shipped
        self.check = check
        self.registered: dict[str, T] = {}
        self.loaded: dict[str, T] = {}  # shipped things, once imported
        self.plugins: dict[tuple[str, str], T] = {}  # by the entry point's (name, value)

    def register(self, name: str, thing: T, *, replace: bool = False) -> None:
        """Know ``thing`` as ``name``. A name taken by another thing (a shipped one
        included) is refused unless ``replace``; ``thing`` then stands in for it until
        :meth:`unregister`. Registering a thing again under its own name changes nothing."""
        current = self.registered.get(name)
        if current is None and name in self.shipped:
            current = self.shipped_thing(name)
        if current is thing:
            return
        if current is not None and not replace:
            article = "an" if self.kind[:1] in "aeiou" else "a"
            raise ConfigError(
                f"{article} {self.kind} called {name!r} is registered already (replace=True)"
            )
        self.registered[name] = thing

    def unregister(self, name: str) -> None:
        """Forget the thing registered as ``name``; a shipped thing it replaced is the
        thing of that name again."""
        if name not in self.registered:
            mine = ", ".join(self.registered) or "none"
            raise ConfigError(f"no {self.kind} {name!r} is registered (registered: {mine})")
        del self.registered[name]

    def names(self) -> tuple[str, ...]:
        """Every name: the shipped things first, then the registered ones, then those of
        installed plugins (found, not loaded)."""
        found = dict.fromkeys([*self.shipped, *self.registered])
        found.update(dict.fromkeys(point.name for point in plugin_entry_points(self.group)))
        return tuple(found)

    def find(self, name: str) -> T | None:
        """The thing called ``name``: a registered one, a shipped one (imported now if
        need be), else an installed plugin's (loaded now); ``None`` if there is none."""
        if name in self.registered:
            return self.registered[name]
        if name in self.shipped:
            return self.shipped_thing(name)
        for point in plugin_entry_points(self.group):
            if point.name == name:
                return self.plugin(point)
        return None

    def hint(self, name: object) -> str:
        """``; did you mean 'NAME'?`` with the known name nearest ``name`` (compared in
        lower case), or nothing: the end of an unknown name's message."""
        close = difflib.get_close_matches(str(name).lower(), self.names(), n=1)
        return f"; did you mean {close[0]!r}?" if close else ""

    def shipped_thing(self, name: str) -> T:
        """The shipped thing called ``name``, imported and checked on first use."""
        found = self.loaded.get(name)
        if found is None:
            module, _, attribute = self.shipped[name].partition(":")
            loaded = getattr(importlib.import_module(module), attribute)
            found = self.loaded[name] = self.check(loaded)
        return found

    def plugin(self, point: importlib.metadata.EntryPoint) -> T:
        """What the plugin entry point ``point`` names, loaded and checked on first use."""
        key = (point.name, point.value)
        found = self.plugins.get(key)
        if found is None:
            found = self.plugins[key] = load_entry_point(
                point, lambda loaded: self.check_plugin(point, loaded)
            )
        return found

    def check_plugin(self, point: importlib.metadata.EntryPoint, loaded: Any) -> T:
        """What the plugin ``point`` loaded, checked (by ``check``)."""
        return self.check(loaded)


def _check_game(definition: Any) -> type[GameDefinition[Any, Any]]:
    if not (isinstance(definition, type) and issubclass(definition, GameDefinition)):
        raise ConfigError(f"register() takes a GameDefinition subclass, got {definition!r}")
    name = getattr(definition, "name", "")
    if not isinstance(name, str) or not name or name != name.strip():
        raise ConfigError(f"a game needs a name, got {name!r}")
    definition.check_definition()
    return definition


class _Games(Registry[type[GameDefinition[Any, Any]]]):
    def check_plugin(
        self, point: importlib.metadata.EntryPoint, loaded: Any
    ) -> type[GameDefinition[Any, Any]]:
        definition = self.check(loaded)
        if definition.name != point.name:
            raise ConfigError(f"it loads the game {definition.name!r}, not {point.name!r}")
        definition.from_options()  # its default rules, as every listing will ask
        return definition


_GAMES = _Games("game", GAMES_GROUP, SHIPPED_GAMES, check=_check_game)


def register(definition: type[GameDefinition[Any, Any]], *, replace: bool = False) -> None:
    """Make ``definition`` known by its ``name``, after
    :meth:`~rummykit.kit.definition.GameDefinition.check_definition` accepts it.

    A name taken by another game (a shipped one included) is refused unless
    ``replace``; the replacement then stands in for it until :func:`unregister`.
    Registering a game again under its own name changes nothing.
    """
    definition = _check_game(definition)
    _GAMES.register(definition.name, definition, replace=replace)


def unregister(name: str) -> None:
    """Forget the game ``name`` given to :func:`register` (tests register games of
    their own); a shipped game it replaced is the game of that name again."""
    _GAMES.unregister(name)


def names() -> tuple[str, ...]:
    """Every game's name: the shipped games first, then the registered ones, then those
    of installed plugins (found, not loaded)."""
    return _GAMES.names()


def get(name: str) -> type[GameDefinition[Any, Any]]:
    """The definition class called ``name``: a registered game, a shipped one (imported
    now if need be), else an installed plugin's (loaded now). A game has one name, as the
    command line spells it (``may-i``, never ``mayi``); an unknown name is a
    :class:`~rummykit.errors.ConfigError` that suggests the nearest known one."""
    key = name
    if not isinstance(key, str):
        raise ConfigError(f"a game's name is text, got {name!r}")
    found = _GAMES.find(key)
    if found is not None:
        return found
    raise ConfigError(f"no game {name!r} (known: {', '.join(names())}){_GAMES.hint(key)}")


@overload
def game(name: Literal["may-i"], **options: Any) -> MayI: ...
@overload
def game(name: Literal["possession"], **options: Any) -> Possession: ...
@overload
def game(name: Literal["posso"], **options: Any) -> Posso: ...
@overload
def game(name: str, **options: Any) -> GameDefinition[Any, Any]: ...


def game(name: str, **options: Any) -> GameDefinition[Any, Any]:
    """The game called ``name`` (:func:`get`), with its rules options given as keywords:
    ``rummykit.game("may-i", max_buys_per_deal=3)``."""
    return get(name).from_options(**options)


def rules_options(rules: Any) -> Mapping[str, Any]:
    """The options of a rules object that differ from their defaults, by the names
    players give them (:func:`~rummykit.kit.option_table.option_values`)."""
    from rummykit.kit.option_table import option_infos, option_values

    defaults = {info.name: info.default for info in option_infos(type(rules))}
    return {
        name: value
        for name, value in option_values(rules).items()
        if name not in defaults or value != _json_default(defaults[name])
    }


def _json_default(value: Any) -> Any:
    json_value = getattr(value, "json_value", None)
    return json_value() if callable(json_value) else value


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
    _GAMES.plugins.clear()


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
