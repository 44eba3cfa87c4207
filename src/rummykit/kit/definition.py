"""The definition of a game: a frozen value holding its rules, and how to start a match.

A game is a :class:`GameDefinition` subclass with class attributes that say its name, its
rules class, its match class, its actions and its phases; :func:`rummykit.kit.registry.register`
makes it known by name.

It also declares what the tools above the games need, so that bots, statistics and
environments play any game without importing it: its card values
(:meth:`GameDefinition.card_values`), its own heuristic bot
(:attr:`GameDefinition.heuristic`), which effects are out-of-turn takes
(:meth:`GameDefinition.take_of`), and, as :class:`Question` phases, the decisions in which
a seat answers out of turn whether it takes the disputed card.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Self, TypeVar

import attrs

from rummykit.cards import Card, to_cards
from rummykit.errors import ConfigError
from rummykit.kit.actions import Action, ActionGrammar
from rummykit.kit.effects import Effect
from rummykit.kit.protocol import Phase
from rummykit.melds import MeldRules
from rummykit.scoring import CardValues

if TYPE_CHECKING:
    from rummykit.kit.match import Match
    from rummykit.kit.position import Position


class Stake(enum.Enum):
    """What a seat's yes to an out-of-turn question does (a :class:`Question`'s ``stake``):
    bots weigh the answer by it."""

    TAKE = "take"
    """Takes the disputed card into the hand, free (May I?'s first refusal, MAYI-9.3)."""
    BUY = "buy"
    """Takes the disputed card into the hand with a penalty card (May I?'s request)."""
    REFUSE = "refuse"
    """Refuses another seat's request, which takes the card itself: free for the seat
    right after its discarder (it is that seat's draw), else bought (May I?'s consent)."""
    MELD = "meld"
    """Lays the disputed card down at once, in new melds or on a meld (Posso?'s claims
    and corrections): the hand only sheds."""


@attrs.frozen(eq=False, repr=False)
class Question(Phase):
    """A phase in which a seat answers out of turn whether it takes the disputed card
    (the top of the discard pile): every legal answer but ``decline`` takes it, in the
    way ``stake`` says. Games declare such phases instead of plain
    :class:`~rummykit.kit.protocol.Phase` values, so a bot that never heard of the game
    still knows which answer lets the card go.

    >>> from rummykit import game
    >>> for phase in game("may-i").phases:
    ...     if isinstance(phase, Question):
    ...         print(phase.value, phase.stake.value, phase.decline)
    first_refusal take pass
    request buy pass
    consent refuse allow
    """

    stake: Stake = attrs.field(kw_only=True)
    """What answering yes does."""
    decline: Action = attrs.field(kw_only=True)
    """The answer that lets the card go (``pass``; consent, ``allow``, for a refusal)."""


def require_definition(definition: Any) -> None:
    """Refuse what is not a game definition (``game(name)`` makes one) where a bot is
    made or checked for a game: a :class:`~rummykit.errors.ConfigError`.

    >>> require_definition("may-i")
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: agents are made and checked for a game definition
    (game(name)), got 'may-i'
    """
    if not isinstance(definition, GameDefinition):
        raise ConfigError(
            f"agents are made and checked for a game definition (game(name)), got {definition!r}"
        )


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
    heuristic: ClassVar[type[Any] | None] = None
    """The game's own heuristic bot, if it has one: an attrs class whose fields are its
    options, made by :func:`rummykit.agents.heuristic_agent` as
    ``heuristic.for_game(definition, **options)`` when it has that classmethod, else
    ``heuristic(**options)``. Without one, a contract game gets the
    :class:`~rummykit.agents.ContractAgent` and any other game the greedy bot."""

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
        if cls.heuristic is not None and not isinstance(cls.heuristic, type):
            raise ConfigError(
                f"game {cls.name!r}'s heuristic must be the class of its bot, got {cls.heuristic!r}"
            )

    def meld_rules(self) -> MeldRules | None:
        """What a meld is in this game, with these rules (``None``: no melds)."""
        return None

    def card_values(self) -> CardValues | None:
        """What each card counts in this game, with these rules (``None``: the game
        counts no points per card); bots weigh the cards they keep by it."""
        return None

    def take_of(self, effect: Effect) -> Literal["buy", "take"] | None:
        """Whether ``effect`` records an out-of-turn take of the disputed card, as
        :mod:`rummykit.simulate` counts them: ``"buy"`` for a take paid with a penalty
        card, ``"take"`` for any other (a forced buy, a refusal, a free claim), else
        ``None`` (the default: a game without out-of-turn takes)."""
        return None

    def known_phases(self) -> tuple[Phase, ...]:
        """Every phase a match of this game can be in (its :attr:`phases`; an engine adds
        its own), by which a snapshot's phase is read back."""
        return self.phases

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
        seed: int | random.Random | None = None,
        deck_order: Sequence[Card] | str | None = None,
        first_dealer: int | None = None,
        auto_deal: bool = True,
        position: Position | None = None,
    ) -> M:
        """A new match. ``deck_order`` stacks the first deal (the whole shoe, top card
        first); ``first_dealer`` fixes the first dealer; with ``auto_deal=False`` each
        new deal waits for a ``next`` action from the table; ``position`` starts from a
        chosen position instead of a deal (:class:`~rummykit.kit.position.Position`).

        Without a ``seed`` the match takes 64 bits of fresh entropy from the system
        (``secrets.randbits``) and records them in ``match.seed``, so every match deals
        differently and each still replays; pass ``seed=`` for a repeatable match."""
        match: M = self.match_type(
            self,
            players=self.default_players if players is None else players,
            seed=_random_seed() if seed is None else seed,
            deck_order=None if deck_order is None else to_cards(deck_order),
            first_dealer=first_dealer,
            auto_deal=auto_deal,
            position=position,
        )
        return match


_GRAMMARS: dict[type[Any], ActionGrammar] = {}


def _random_seed() -> int:
    """A fresh seed from the system's source (``secrets`` and the hashing modules it
    brings load only when a match is made without a seed)."""
    import secrets

    return secrets.randbits(64)
