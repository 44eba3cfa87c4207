"""The match protocol shared by every game: one decision at a time, verified and logged.

A game definition makes a :class:`Match`; the match says whose decision it is
(:attr:`Match.to_act`), lists the legal actions in a deterministic order, verifies and
applies actions atomically (a refused action changes nothing), logs an :class:`Event`
per action, and shows each seat only what it may know (:meth:`Match.view`).
"""

from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from rummykit.actions import Action, format_action, parse_action
from rummykit.cards import Card
from rummykit.deck import DeckSpec, make_rng
from rummykit.errors import ConfigError, IllegalActionError, NotationError
from rummykit.melds import Meld

__all__ = ["DealScore", "Event", "Match", "Outcome", "Phase", "PlayerView"]


class Phase(enum.Enum):
    """Where a match is: whose decision, and which kind."""

    DRAW = "draw"
    """A regular turn's draw step (MAYI-7.3)."""
    MELD = "meld"
    """A meld step, ended by a discard or, in turns without one, ``done``."""
    FIRST_REFUSAL = "first_refusal"
    """``claim_order=next_player_first``: P1 says whether he takes the discard."""
    REQUEST = "request"
    """A claim window: a seat says whether it asks "May I?" (MAYI-9.3)."""
    CONSENT = "consent"
    """The consent round: a seat allows or refuses the request (MAYI-9.6)."""
    BUY = "buy"
    """A buyer (or refuser) takes the disputed card and maybe cards under it."""
    PLAY = "play"
    """Possession: a turn's move (PSSN-5): play, draw or pass."""
    DEAL_OVER = "deal_over"
    """The deal is scored; the next one starts with ``next`` (when not automatic)."""
    MATCH_OVER = "match_over"
    """Every deal is scored."""


@attrs.frozen
class Event:
    """What one action did: the log entry that replays and explains a match.

    ``received`` are the cards the seat took into its hand (pile cards are public,
    stock cards private); ``note`` says what else happened (a refill, a deal's end).
    """

    step: int
    deal: int
    seat: int | None
    phase: Phase
    action: Action
    received: tuple[Card, ...] = ()
    from_pile: int = 0
    note: str = ""

    def __str__(self) -> str:
        who = "table" if self.seat is None else "ABCDEFGH"[self.seat]
        note = f" ({self.note})" if self.note else ""
        return f"{self.step}: {who} {format_action(self.action)}{note}"


@attrs.frozen
class DealScore:
    """One seat's result in one deal: the bonus, the penalty and the net (MAYI-15.5)."""

    bonus: int
    penalty: int

    @property
    def net(self) -> int:
        """Bonus minus penalty."""
        return self.bonus - self.penalty


@attrs.frozen
class Outcome:
    """The end of a match: the winners and the standings, best first (MAYI-16)."""

    winners: tuple[int, ...]
    standings: tuple[tuple[int, int], ...]
    """(seat, total) pairs, best first."""
    losers: tuple[int, ...] = ()
    """Games with losers (Possession, PSSN-9.2) name them here."""


@attrs.frozen
class PlayerView:
    """What one seat may know (DESIGN: it follows who holds or has seen each card).

    ``known[s]`` are cards seat ``s`` is known to hold because it took them from the pile
    in view of everyone; ``pile`` is (card, discarder) bottom first, or only the top card
    when the pile is not kept spread.
    """

    seat: int
    deal: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    pile: tuple[tuple[Card, int | None], ...]
    stock_size: int
    melds: tuple[Meld, ...]
    down: tuple[bool, ...]
    scores: tuple[int, ...]
    legal: tuple[Action, ...]


class Match(ABC):
    """The protocol every game's match follows (see the match protocol in the docs)."""

    game_name: str
    """The registry name of the game (``may-i``, ``possession``)."""
    players: int
    seed: int | None
    """The integer seed the match was made with (``None`` for a ``random.Random``)."""
    rules: Any
    rng: random.Random
    spec: DeckSpec
    deck_order: tuple[Card, ...] | None
    first_dealer_given: int | None
    auto_deal: bool
    deal_scores: list[tuple[DealScore, ...]]

    _to_act: int | None
    _phase: Phase
    _events: list[Event]

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or ``None`` for the table (or when over)."""
        return self._to_act

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far; replaying their actions rebuilds the match."""
        return tuple(self._events)

    @abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action now, in a deterministic order."""

    @abstractmethod
    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the clause if ``action`` is illegal."""

    @abstractmethod
    def _apply(self, action: Action) -> Event:
        """Apply a verified action."""

    @abstractmethod
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether every deal has been played."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each seat's total so far."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The winners and standings once the match is over."""

    @abstractmethod
    def clone(self) -> Match:
        """An independent copy (for search)."""

    def _setup(
        self,
        rules: Any,
        *,
        players: int,
        seed: int | random.Random,
        spec: DeckSpec,
        deck_order: Sequence[Card] | None,
        first_dealer: int | None,
        auto_deal: bool,
        clause: str,
    ) -> None:
        """What every game's match checks and keeps first: players, seed, shoe, order."""
        low, high = rules.player_count_range
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise ConfigError(f"{clause}: players must be from {low} to {high}, got {players!r}")
        self.rules = rules
        self.players = players
        self.rng = seed if isinstance(seed, random.Random) else make_rng(seed)
        self.seed = None if isinstance(seed, random.Random) else seed
        self.spec = spec
        self.deck_order = None if deck_order is None else tuple(deck_order)
        if self.deck_order is not None and Counter(self.deck_order) != Counter(spec.shoe()):
            raise ConfigError(
                f"deck_order must be the whole shoe: {spec.size} cards ({spec.decks} decks, "
                f"{spec.jokers} jokers)"
            )
        if first_dealer is not None and not 0 <= first_dealer < players:
            raise ConfigError(f"first dealer must be a seat from 0 to {players - 1}")
        self.first_dealer_given = first_dealer
        self.auto_deal = auto_deal
        self._events = []
        self._note: list[str] = []  # what the action being applied did, for its event
        self.deal_scores = []

    def can_apply(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | str) -> Event:
        """Verify and apply ``action`` (or its notation); on error nothing changes."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except NotationError as error:
                raise IllegalActionError(error.reason, action=action) from None
        self.verify(action)
        return self._apply(action)

    def apply_all(self, actions: Sequence[Action | str]) -> list[Event]:
        """Apply actions in order; stops at the first illegal one (which raises)."""
        return [self.apply(action) for action in actions]

    def snapshot(self) -> Any:
        """A comparable picture of the whole state (tests use it to prove atomicity)."""
        raise NotImplementedError
