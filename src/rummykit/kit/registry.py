"""Game definitions and the registry of games by name.

A game is a :class:`GameDefinition`: a frozen value holding its rules object, with class
attributes that say its name, its rules class, its match class, its actions and its
phases. Registering it (:func:`register`) makes it known to :func:`game`, records, the
simulator and the command line, exactly like the shipped games.

>>> from rummykit.kit.registry import game, names
>>> names()
('may-i', 'possession', 'posso')
>>> game("may-i", max_buys_per_deal=3).rules.max_buys_per_deal
3
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

import attrs

from rummykit.cards import Card, to_cards
from rummykit.errors import ConfigError
from rummykit.kit.actions import Action, ActionGrammar
from rummykit.melds import MeldRules

if TYPE_CHECKING:
    from rummykit.kit.match import Match
    from rummykit.kit.position import Position
    from rummykit.kit.protocol import Phase

__all__ = ["GameDefinition", "game", "get", "names", "register", "unregister"]

R = TypeVar("R")
M = TypeVar("M", bound="Match[Any, Any]")


@attrs.frozen
class GameDefinition(Generic[R, M]):
    """The base of a game definition: its rules, and how to start a match.

    A subclass sets the class attributes and is decorated with ``@attrs.frozen``::

        @attrs.frozen
        class Gin(GameDefinition[GinRules, GinMatch]):
            name: ClassVar[str] = "gin"
            rules_type: ClassVar[type] = GinRules
            match_type: ClassVar[type] = GinMatch
            actions: ClassVar[tuple[type[Action], ...]] = (Draw, Take, Discard, Knock)
    """

    name: ClassVar[str] = ""
    """The registry name (``may-i``)."""
    title: ClassVar[str] = ""
    """The name people use (``May I?``)."""
    rules_type: ClassVar[type[Any]]
    """The frozen attrs class of the rules options."""
    match_type: ClassVar[type[Any]]
    """The :class:`~rummykit.kit.match.Match` subclass that plays the game (``M``)."""
    actions: ClassVar[tuple[type[Action], ...]] = ()
    """The action types the game uses (their notation is the game's grammar)."""
    phases: ClassVar[tuple[Phase, ...]] = ()
    """The phases the game's matches go through."""
    default_players: ClassVar[int] = 4
    """The number of players when ``new_match`` is not told."""
    clauses: ClassVar[Mapping[str, str]] = {}
    """Clauses the tools cite for this game (``jokers``: where a joker is refused)."""

    rules: R

    @classmethod
    def from_options(cls, **options: Any) -> Self:
        """The game with rules ``options`` (unknown names and bad values are a
        :class:`~rummykit.errors.ConfigError`)."""
        from rummykit.kit.options import build_rules

        return cls(build_rules(cls.rules_type, options, game=cls.name))

    def meld_rules(self) -> MeldRules | None:
        """What a meld is in this game, with these rules (``None``: no melds)."""
        return None

    @property
    def grammar(self) -> ActionGrammar:
        """Reads this game's actions."""
        cached = _GRAMMARS.get(type(self))
        if cached is None:
            cached = _GRAMMARS[type(self)] = ActionGrammar(*self.actions)
        return cached

    def new_match(
        self,
        *,
        players: int | None = None,
        seed: int | random.Random = 0,
        deck_order: Sequence[Card] | str | None = None,
        first_dealer: int | None = None,
        auto_deal: bool = True,
        position: Position | None = None,
    ) -> M:
        """A new match. ``deck_order`` stacks the first deal (the whole shoe, top card
        first); ``first_dealer`` fixes the first dealer; with ``auto_deal=False`` each
        new deal waits for a ``next`` action from the table; ``position`` starts from a
        chosen position instead of a deal (:class:`~rummykit.kit.position.Position`)."""
        match: M = self.match_type(
            self,
            players=self.default_players if players is None else players,
            seed=seed,
            deck_order=None if deck_order is None else to_cards(deck_order),
            first_dealer=first_dealer,
            auto_deal=auto_deal,
            position=position,
        )
        return match


_GRAMMARS: dict[type[Any], ActionGrammar] = {}
_REGISTRY: dict[str, type[GameDefinition[Any, Any]]] = {}
_ALIASES = {"mayi": "may-i", "may_i": "may-i"}


def register(definition: type[GameDefinition[Any, Any]], *, replace: bool = False) -> None:
    """Make ``definition`` known by its ``name``; ``replace`` allows re-registering."""
    if not (isinstance(definition, type) and issubclass(definition, GameDefinition)):
        raise ConfigError(f"register() takes a GameDefinition subclass, got {definition!r}")
    name = getattr(definition, "name", "")
    if not isinstance(name, str) or not name or name != name.strip():
        raise ConfigError(f"a game needs a name, got {name!r}")
    for attribute in ("rules_type", "match_type"):
        if not hasattr(definition, attribute):
            raise ConfigError(f"game {name!r} has no {attribute}")
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
