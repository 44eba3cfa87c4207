"""A match as a value: independent copies, a comparable snapshot, equality, and the JSON
snapshot a server stores and ships (:meth:`~MatchCopies.to_dict`,
:meth:`~MatchCopies.from_dict`, restored in constant time).

:class:`MatchCopies` is the part of :class:`~rummykit.kit.match.Match` that copies and
restores it; a game refines ``_cards_in_play`` (cards beyond the hands, stock and pile),
``_actor_consistent`` (who may act in the game's own state) and ``_rebind`` (what
points at the match, refreshed in a copy).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from rummykit.cards import Card
from rummykit.errors import RecordError
from rummykit.kit import log as logs
from rummykit.kit.state import DealState, MatchState

if TYPE_CHECKING:
    from rummykit.kit.actions import Action
    from rummykit.kit.definition import GameDefinition
    from rummykit.kit.effects import Effect
    from rummykit.kit.match import Match
    from rummykit.kit.protocol import Event
    from rummykit.kit.snapshot import Restoring

MS = TypeVar("MS", bound=MatchState)
DS = TypeVar("DS", bound=DealState)


class MatchCopies(Generic[MS, DS]):
    """Copies, snapshots, equality and JSON of a match (see the module)."""

    definition: GameDefinition[Any, Any]
    players: int
    rng: random.Random
    state: MS
    deal: DS
    _log: list[Any]
    _first_step: int
    _effects: list[Effect]
    _legal: tuple[Action, ...] | None
    _first_dealer_given: int | None
    _deck_order: tuple[Card, ...] | None
    _auto_deal: bool

    if TYPE_CHECKING:  # the match supplies them

        @property
        def step(self) -> int: ...

        def events_seen_by(self, seat: int | None) -> tuple[Event, ...]: ...

    def clone(self, *, hide_for: int | None = None, log: bool = True) -> Any:
        """An independent copy (for search): same state, same future, its legal actions
        listed afresh when asked (code that deals a copy's hidden cards anew, as a sampler
        does, may change its zones first). With ``hide_for``
        the copy's log is the log as that seat may know it (others' stock draws hidden)
        and it holds no other seat's early answer, for a copy that a bot may look at
        whole. With ``log=False`` the copy's log starts empty at this step, as a match
        restored by ``from_dict`` does (a copy that is only played forward needs no
        past, and copying the seat's log costs more than the rest of the copy)."""
        cls = type(self)
        twin = cls.__new__(cls)
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.state = self.state.copy()
        twin.deal = self.deal.copy()
        if not log:
            twin._log = []
            twin._first_step = self.step
        elif hide_for is None:
            twin._log = list(self._log)
        else:
            twin._log = logs.encoded(self.events_seen_by(hide_for))
        twin._effects = []
        twin._legal = None  # a copy lists its own actions (its owner may change its zones)
        if hide_for is not None and self.state.held:  # others' early answers are unknown
            twin.state.held = tuple(pair for pair in self.state.held if pair[0] == hide_for)
        twin._rebind()
        return twin

    def snapshot(self) -> Any:
        """A comparable picture of everything that shapes the future of the match."""
        return (
            self.definition,
            self.players,
            self.state.snapshot(),
            self.deal.snapshot(),
            self.step,
            self.rng.getstate(),
        )

    def _cards_in_play(self) -> list[Card]:
        """Every card of the deal in its zones, each once: the hands, the stock and the
        pile (a game with cards elsewhere, such as melds on the table, adds them); they
        add up to the shoe, which :meth:`from_dict` checks."""
        deal = self.deal
        return [
            *(card for hand in deal.hands for card in hand),
            *deal.stock.cards,
            *deal.pile.cards,
        ]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot of everything that decides the match's future: the game,
        rules, seats, seed, the match state (every finished deal's scores, totals, the
        phase), the deal in progress (with any open claim window) and the random
        generator's state. :meth:`from_dict` restores it (see
        :mod:`rummykit.kit.snapshot`); the earlier log is not part of it."""
        from rummykit.kit.snapshot import match_to_dict

        return match_to_dict(
            cast("Match[Any, Any]", self),
            first_dealer=self._first_dealer_given,
            deck_order=self._deck_order,
            auto_deal=self._auto_deal,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match[Any, Any]:
        """The match :meth:`to_dict` wrote, equal to the original with the same future,
        made by the game the data names (any registered game), in constant time: every
        field is checked, and anything wrong is a :class:`~rummykit.errors.RecordError`
        naming the field's path."""
        from rummykit.kit.snapshot import read_snapshot

        read = read_snapshot(data)
        match = read.match
        MatchCopies._adopt(match, read)  # the one method, each game's refinements in it
        if not isinstance(match, cls):
            raise RecordError(f"game: {data.get('game')!r} is not a {cls.__name__} game")
        return match

    def _adopt(self, read: Restoring) -> None:
        """Put a snapshot's state, deal and step in place and check the match whole
        (:func:`~rummykit.kit.snapshot.check_restored`): :meth:`from_dict`'s work on the
        match :func:`~rummykit.kit.snapshot.read_snapshot` made."""
        from rummykit.kit.snapshot import check_restored

        # the reader decoded the state and deal as this match's own state types
        self._restore(cast(MS, read.state), cast(DS, read.deal), read.step)
        check_restored(
            cast("Match[Any, Any]", self),
            cards=self._cards_in_play(),
            actor_consistent=self._actor_consistent,
        )

    def _actor_consistent(self) -> bool:
        """Whether :attr:`to_act` is a seat the game's own state lets act now (the turn's
        seat, the seat a claim window asks): :meth:`from_dict`'s check of a restored
        seat to act. True unless a game knows better, as the contract engine does."""
        return True

    def _restore(self, state: MS, deal: DS, step: int) -> None:
        """Put ``state`` and ``deal`` in place, as of ``step`` actions with no log (for
        :meth:`from_dict`)."""
        self.state, self.deal = state, deal
        self._log, self._first_step = [], step
        self._effects.clear()  # the same list: the hooks' context appends to it
        self._legal = None

    def __copy__(self) -> Any:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        twin = memo[id(self)] = self.clone()
        return twin

    def _rebind(self) -> None:
        """Refresh what points at this match after a copy of fields (the hook context)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchCopies) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]
