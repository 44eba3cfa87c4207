"""The definition of a game: a frozen value holding its rules, and how to start a match.

A game is a :class:`GameDefinition` subclass with class attributes that say its name, its
rules class, its match class, its actions and its phases; :func:`rummykit.kit.registry.register`
makes it known by name.
"""

from __future__ import annotations

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

__all__ = ["GameDefinition"]

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

    @classmethod
    def check_definition(cls) -> None:
        """Raise :class:`~rummykit.errors.ConfigError` naming what is missing or mistyped
        if this definition cannot make matches; :func:`~rummykit.kit.registry.register`
        calls it, so a broken game is refused before any match. Subclasses extend it."""
        for attribute in ("rules_type", "match_type"):
            if not hasattr(cls, attribute):
                raise ConfigError(f"game {cls.name!r} has no {attribute}")

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
