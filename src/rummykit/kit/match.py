"""The match protocol shared by every game: one decision at a time, verified and logged.

A game definition makes a :class:`Match`; the match says whose decision it is
(:attr:`Match.to_act`), lists the legal actions in a deterministic order, verifies and
applies actions atomically (a refused action changes nothing), logs an
:class:`~rummykit.kit.protocol.Event` with typed effects per action, and shows each seat only
what it may know (:meth:`Match.view`).

:class:`Match` is also the base a game's match class builds on: it keeps the declared
state (:class:`~rummykit.kit.state.MatchState` and the deal's
:class:`~rummykit.kit.state.DealState`), the legal-action cache,
the event log, the end of a deal and the next deal, and views; its copies, snapshots
and JSON are :class:`~rummykit.kit.copies.MatchCopies`'. A game supplies the deal, its
legal actions and how an action changes the state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, overload

from rummykit.cards import Card
from rummykit.deck import DeckSpec, DiscardPile, Stock, make_rng
from rummykit.errors import ConfigError, IllegalActionError, NotationError, shown
from rummykit.kit import log, seats
from rummykit.kit.actions import Action, NextDeal
from rummykit.kit.copies import MatchCopies
from rummykit.kit.effects import DealEnd, DealEnded, Effect, seat_name
from rummykit.kit.live import LiveSeats
from rummykit.kit.position import Position
from rummykit.kit.protocol import (
    DEAL_OVER,
    MATCH_OVER,
    DealScore,
    Event,
    Outcome,
    Phase,
    made_event,
)
from rummykit.kit.state import DealState, MatchRules, MatchState
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.kit.definition import GameDefinition
    from rummykit.kit.protocol import PlayerView


MS = TypeVar("MS", bound=MatchState)
DS = TypeVar("DS", bound=DealState)


class Match(LiveSeats, MatchCopies[MS, DS], ABC):
    """The protocol every game's match follows, and the machinery they share.

    The public names are the protocol a driver uses (a bot, a server, the simulator);
    the rest is the match's own. A game with a turn of its own (a shedding game, gin) is
    a subclass that sets ``_clause_prefix`` and ``_players_clause`` and supplies the
    protected template methods ``_deck_spec``, ``_new_state``, ``_start_deal``,
    ``_list_legal``, ``_perform`` and ``_final_outcome``; it may refine ``_check`` (with
    ``_why_not``), ``_load_position``, ``_is_last_deal``, ``_next_dealer`` and
    ``_public_extras``, and reports what happens with ``_emit``, ``_set_turn`` and
    ``_end_deal`` (see "Write your own game" in the docs). A contract game never
    subclasses: it plays with the engine's one match class and its hooks.
    """

    _clause_prefix: str = ""
    """The prefix of the clauses the game's errors cite (``MAYI``)."""
    _players_clause: str = ""
    """The clause that says how many may play (``MAYI-1.1``)."""
    _plain_view: ClassVar[bool] = False
    """A capability the class declares: ``True`` where its :meth:`view` is the shipped one
    and it adds no view fields of its own (``_public_extras``), so fast readers such as
    the RL observation may read its declared state directly (``False``, the safe
    default: they ask :meth:`view`)."""

    definition: GameDefinition[Any, Any]
    rules: MatchRules
    players: int
    seed: int | None
    """The integer seed the match was made with (``None`` for a ``random.Random``)."""
    rng: random.Random
    spec: DeckSpec
    _deck_order: tuple[Card, ...] | None
    _first_dealer_given: int | None
    _auto_deal: bool
    position: Position | None
    state: MS
    """The match's declared state (deals, dealer, phase, scores, …)."""
    deal: DS
    """The deal in progress: hands, stock, pile, and the game's own fields."""

    def __init__(
        self,
        definition: GameDefinition[Any, Any],
        *,
        players: int,
        seed: int | random.Random = 0,
        deck_order: Sequence[Card] | None = None,
        first_dealer: int | None = None,
        auto_deal: bool = True,
        position: Position | None = None,
    ) -> None:
        rules: MatchRules = definition.rules
        low, high = rules.player_count_range
        seats.check_players(players, low, high, clause=self._players_clause)
        if not isinstance(seed, random.Random | int) or isinstance(seed, bool):
            raise ConfigError(f"seed must be a whole number or a random.Random, got {shown(seed)}")
        if isinstance(seed, int) and not -(2**128) < seed < 2**128:
            raise ConfigError(f"seed must be a whole number under 2**128, got {shown(seed)}")
        if not isinstance(auto_deal, bool):
            raise ConfigError(f"auto_deal must be true or false, got {auto_deal!r}")
        self.definition = definition
        self.rules = rules
        self.players = players
        self.rng = seed if isinstance(seed, random.Random) else make_rng(seed)
        self.seed = None if isinstance(seed, random.Random) else seed
        self.spec = self._deck_spec()
        self._deck_order = None if deck_order is None else tuple(deck_order)
        if self._deck_order is not None and Counter(self._deck_order) != Counter(self.spec.shoe()):
            raise ConfigError(
                f"deck_order must be the whole shoe: {self.spec.size} cards "
                f"({self.spec.decks} decks, {self.spec.jokers} jokers)"
            )
        seats.check_first_dealer(first_dealer, players)
        if position is not None and not isinstance(position, Position):
            raise ConfigError(f"position must be a Position, got {position!r}")
        if position is not None and deck_order is not None:
            raise ConfigError("give a position or a deck_order, not both")
        self._first_dealer_given = first_dealer
        self._auto_deal = auto_deal
        self.position = position
        self._log: list[Any] = []
        """The events, compact (:mod:`rummykit.kit.log`): three entries an event."""
        self._first_step = 0
        self._effects: list[Effect] = []
        """The effects of the action being applied (emptied as each begins)."""
        self._legal: tuple[Action, ...] | None = None
        self._setup()
        self.state = self._new_state()
        if position is not None:
            position.check(players=players, spec=self.spec, deals=self.deal_count())
            self._load_position(position)
        else:
            self.state.dealer = self._choose_first_dealer(first_dealer)
            self._next_deal(rotate=False)

    # -- what a game supplies ------------------------------------------------------------

    @abstractmethod
    def _deck_spec(self) -> DeckSpec:
        """The shoe of this match (decks and jokers for ``self.players``)."""

    @abstractmethod
    def _new_state(self) -> MS:
        """The match state before the first deal."""

    @abstractmethod
    def _start_deal(self, pack: list[Card] | None) -> None:
        """Deal deal ``state.deal_number`` from ``pack`` (``None``: shuffle the shoe) and
        set ``self.deal``, the phase and the seat to act."""

    @abstractmethod
    def _list_legal(self) -> tuple[Action, ...]:
        """Every legal action in the current phase (not ``DEAL_OVER``/``MATCH_OVER``)."""

    @abstractmethod
    def _perform(self, seat: int | None, action: Action) -> None:
        """Change the state for a verified ``action``; report what happened with
        ``_emit`` and end the deal with
        ``_end_deal``."""

    @abstractmethod
    def _final_outcome(self) -> Outcome:
        """The winners and standings of a finished match."""

    def _setup(self) -> None:
        """Prepare what the match derives from its rules and players (a schedule, meld
        rules) before the first deal; called once, after ``players`` and ``rng`` are set."""

    def _load_position(self, position: Position) -> None:
        """Start from ``position`` (see :class:`~rummykit.kit.position.Position`); games
        that support it override this."""
        raise ConfigError(f"{self.definition.name} cannot start from a position")

    def deal_count(self) -> int | None:
        """How many deals the match has (``None``: until a score ends it)."""
        return None

    def _is_last_deal(self) -> bool:
        """Whether the match ends with the deal just scored."""
        count = self.deal_count()
        return count is not None and self.state.deal_number >= count

    def _choose_first_dealer(self, fixed: int | None) -> int:
        """The first dealer: ``fixed``, the rules' ``first_dealer`` seat, or a random seat."""
        choice = self.rules.first_dealer if fixed is None else fixed
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < self.players:
                raise ConfigError(
                    f"first_dealer must be a seat from 0 to {self.players - 1} with "
                    f"{self.players} players, got {choice}"
                )
            return choice
        return self.rng.randrange(self.players)

    def _next_dealer(self) -> int:
        """The dealer of the next deal: the player to the left (a game whose deal may
        pass the other way overrides this)."""
        return (self.state.dealer + 1) % self.players

    def _public_extras(self, seat: int) -> dict[str, Any]:
        """Game-specific fields of :class:`~rummykit.kit.protocol.PlayerView` (``melds``,
        ``down``, ``known``, ``contract``) for ``seat``."""
        return {}

    def _why_not(self, action: Action) -> tuple[str, Message | str]:
        """The clause an illegal ``action`` breaks and why (a
        :class:`~rummykit.Message`, or text for a refusal without a code)."""
        phase, seat = self.state.phase, self.state.to_act
        if phase is MATCH_OVER:
            return f"{self._clause_prefix}", Message("match.over")
        if isinstance(action, NextDeal):
            return phase.clause or self._clause_prefix, Message("deal.next_only")
        params = {"seat": seat, "action": action, "phase": phase.value, "legal": self._legal_note()}
        if seat is None:
            del params["seat"]
        return (
            phase.clause or self._clause_prefix,
            Message("turn.nobody" if seat is None else "turn.not_now", params),
        )

    def _neutral_rule(self) -> str | None:
        """The clause a refusal told to an unknown sender cites where the true one
        depends on the hidden hand (``hand.not_playable``): the phase's, the same for
        every hand."""
        return self.state.phase.clause or self._clause_prefix or None

    # -- the protocol --------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or ``None`` for the table (or when over)."""
        return self.state.to_act

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self.state.phase

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far; replaying their actions rebuilds the match."""
        return log.events_of(self._log, self._first_step)

    @property
    def deal_number(self) -> int:
        """The deal in progress (or just scored), from 1."""
        return self.state.deal_number

    @property
    def dealer(self) -> int:
        """The dealer of the deal in progress."""
        return self.state.dealer

    @property
    def deal_scores(self) -> tuple[tuple[DealScore, ...], ...]:
        """Each finished deal's scores, per seat."""
        return tuple(self.state.deal_scores)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (the whole truth: use :meth:`view` for what a seat knows)."""
        return tuple(tuple(hand) for hand in self.deal.hands)

    @property
    def stock(self) -> Stock:
        """A copy of the stock."""
        return self.deal.stock.copy()

    @property
    def pile(self) -> DiscardPile:
        """A copy of the discard pile."""
        return self.deal.pile.copy()

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.state.phase is MATCH_OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score as the game counts it (the net total unless a game says
        otherwise: Possession counts penalty points, where less is better)."""
        return self.net_totals

    @property
    def net_totals(self) -> tuple[int, ...]:
        """Each seat's net total over the finished deals (bonus minus penalty: more is
        better, in every game), for code that compares seats across games."""
        return self.state.totals or (0,) * self.players

    def penalties(self) -> tuple[int, ...]:
        """Each seat's penalty points so far."""
        return self.state.penalty_totals or (0,) * self.players

    @property
    def outcome(self) -> Outcome | None:
        """The winners and standings once the match is over, else ``None``."""
        return self._final_outcome() if self.is_over else None

    def parse_action(self, text: str) -> Action:
        """Read ``text`` as one of this game's actions (the definition's
        :attr:`~rummykit.kit.definition.GameDefinition.grammar`)."""
        return self.definition.grammar.parse(text)

    def legal_actions(self, *, seat: int | None = None) -> tuple[Action, ...]:
        """Every legal action now, in a deterministic order; with ``seat``, that seat's
        choices (none unless it is in :attr:`deciding`)."""
        if seat is not None and seat != self.state.to_act:
            seats.seat_number(seat, self.players)
            return self._legal_for(seat) if seat in self.deciding else ()
        if self._legal is None:
            phase = self.state.phase
            if phase is MATCH_OVER:
                self._legal = ()
            elif phase is DEAL_OVER:
                self._legal = (NextDeal(),)
            else:
                self._legal = self._list_legal()
        return self._legal

    def _as_action(self, action: Action | str) -> Action:
        """``action``, or the action its notation names in this game (a bad notation is
        an :class:`~rummykit.errors.IllegalActionError`)."""
        if isinstance(action, str):
            try:
                return self.parse_action(action)
            except NotationError as error:
                message = Message("action.unreadable", {"detail": error.message})
                raise IllegalActionError(message, action=action) from None
        return action

    _sender_known: bool = False
    """The action being verified was sent by the seat to act: only then may a refusal
    name its cards or legal actions (see :mod:`rummykit.kit.seats`)."""

    def _lacks(self, cards: object) -> str:
        """``does not hold 9S`` for a refusal, or less (:func:`rummykit.kit.seats.lacks`)."""
        return seats.lacks(cards, sender_known=self._sender_known)

    def _legal_note(self) -> Message | str:
        """``; legal: …`` for a refusal, or nothing (:func:`rummykit.kit.seats.legal_note`)."""
        return seats.legal_note(self.legal_actions(), sender_known=self._sender_known)

    def _verified(self, action: Action | str, seat: int | None, *, early: bool = False) -> Action:
        """``action`` read and checked as sent by ``seat`` (see :meth:`verify`);
        ``early``: an answer of an open seat after the seat to act (:attr:`deciding`)."""
        if not early:
            seats.check_sender(self, seat, action)  # seat None: not said (a bot, a script)
        value = self._as_action(action)
        self._sender_known = seat is not None
        try:
            if early:
                assert seat is not None
                self._check_early(seat, value)
            else:
                self._check(value)
        except IllegalActionError as error:
            if seat is None and error.message.hidden:
                raise seats.neutral_refusal(value, self._neutral_rule()) from None
            raise
        finally:
            self._sender_known = False
        return value

    def verify(self, action: Action | str, *, seat: int | None = None) -> None:
        """Raise :class:`~rummykit.errors.IllegalActionError` naming the clause if ``action``
        (a value or its notation) is illegal now. A server passes ``seat``, the seat that
        sent it: see :mod:`rummykit.kit.seats` for what is refused and told to whom; an
        open seat after the seat to act (:attr:`deciding`) has its answer checked."""
        self._verified(action, seat, early=self._is_early(seat, action))

    def _check(self, action: Action) -> None:
        """:meth:`~rummykit.kit.match.Match.verify` for an action already read from its
        notation (games refine this one: the text is parsed once per
        :meth:`~rummykit.kit.match.Match.apply`)."""
        for listed in self._legal or ():  # agents pass the listed values: identity is
            if listed is action:  # enough (a loop costs a third of any(map(is_, ...)))
                return
        legal = self.legal_actions()
        if not isinstance(action, Action):
            message = Message("action.not_action", {"value": shown(action)})
            raise IllegalActionError(message, action=action)
        if action in legal:
            return
        rule, reason = self._why_not(action)
        raise IllegalActionError(reason, action=action, rule=rule)

    def can_apply(self, action: Action | str, *, seat: int | None = None) -> bool:
        """Whether ``action`` (or its notation) is legal now (for ``seat``, if given:
        see :meth:`verify`)."""
        try:
            self._verified(action, seat, early=self._is_early(seat, action))
        except (IllegalActionError, NotationError):
            return False
        return True

    @overload
    def apply(self, action: Action | str) -> Event: ...
    @overload
    def apply(self, action: Action | str, *, seat: int | None) -> Event | None: ...
    def apply(self, action: Action | str, *, seat: int | None = None) -> Event | None:
        """Verify and apply ``action`` (or its notation); on error nothing changes.
        ``seat``: the seat that sent it, refused unless it is in :attr:`deciding` (see
        :meth:`verify`). The seat to act's action is applied (its event returned); an
        open seat's answer after it is held (``None`` returned) and applied, with its
        event logged, when the one-at-a-time order reaches it."""
        if seat is None and isinstance(action, Action):  # a bot's or a script's: the hot path
            try:
                self._check(action)
            except IllegalActionError as error:
                if error.message.hidden:  # the sender is not known: tell no hidden card
                    raise seats.neutral_refusal(action, self._neutral_rule()) from None
                raise
        else:
            early = self._is_early(seat, action)
            action = self._verified(action, seat, early=early)
            if early:
                assert seat is not None
                self._hold(seat, action)
                return None
        state = self.state
        seat, phase, deal_number = state.to_act, state.phase, state.deal_number
        self._legal = None
        effects = self._effects  # one list a match (the hooks' context appends to it)
        effects.clear()
        if phase is DEAL_OVER and isinstance(action, NextDeal):
            self._next_deal()
        else:
            self._perform(seat, action)
        entries = self._log
        step = self._first_step + len(entries) // _WIDTH
        done = tuple(effects)
        entries += (
            _METAS.get((deal_number, seat, phase)) or log.meta(deal_number, seat, phase),
            action,
            done[0] if len(done) == 1 else done,
        )
        event = made_event(step, deal_number, seat, phase, action, done)
        if state.held:  # answers given early: applied now if the order reached them
            self._resolve_held(phase)
        return event

    def apply_all(self, actions: Sequence[Action | str], *, seat: int | None = None) -> list[Event]:
        """Apply actions in order, all or none: if one is illegal the match is left as it
        was and the error names the action's place in the list (``seat``: each is sent
        by that seat, see :meth:`verify`)."""
        if isinstance(actions, str) or not isinstance(actions, Sequence):
            raise IllegalActionError(Message("batch.not_list", {"value": shown(actions)}))
        backup = self.clone()
        events = []
        for index, action in enumerate(actions):
            try:
                event = self.apply(action, seat=seat)
            except IllegalActionError as error:
                self.__dict__.update(backup.__dict__)
                self._rebind()
                params = {"index": index, "action": action, "detail": error.message}
                raise IllegalActionError(
                    Message("batch.refused", params), action=action, rule=error.rule
                ) from None
            if event is not None:  # an early answer is held, not applied
                events.append(event)
        return events

    # -- shared machinery ----------------------------------------------------------------

    def _emit(self, effect: Effect) -> None:
        """Report an effect of the action being applied (it goes into its event)."""
        self._effects.append(effect)

    def _set_turn(self, phase: Phase, seat: int | None) -> None:
        """Make it ``seat``'s decision in ``phase`` (the legal actions are listed anew)."""
        self.state.phase, self.state.to_act = phase, seat
        self._legal = None

    def _who(self, seat: int | None) -> str:
        """``player A`` or ``the table``, for messages."""
        return "the table" if seat is None else f"player {seat_name(seat)}"

    def _next_deal(self, *, rotate: bool = True) -> None:
        """Start the next deal (with the next dealer unless ``rotate`` is false)."""
        if rotate:
            self.state.dealer = self._next_dealer()
        self.state.deal_number += 1
        stacked = self.state.deal_number == 1 and self._deck_order is not None
        self._start_deal(list(self._deck_order) if stacked and self._deck_order else None)

    def _end_deal(self, reason: DealEnd, went_out: int | None, scores: Sequence[DealScore]) -> None:
        """Score the deal, then start the next one, wait for ``next``, or end the match."""
        scores = tuple(scores)
        state = self.state
        state.deal_scores.append(scores)
        zero = (0,) * self.players
        nets = state.totals or zero
        penalties = state.penalty_totals or zero
        state.totals = tuple(t + s.net for t, s in zip(nets, scores, strict=True))
        state.penalty_totals = tuple(t + s.penalty for t, s in zip(penalties, scores, strict=True))
        self._emit(
            DealEnded(
                self.state.deal_number,
                reason,
                went_out,
                tuple(score.bonus for score in scores),
                tuple(score.penalty for score in scores),
            )
        )
        if self._is_last_deal():
            self._set_turn(MATCH_OVER, None)
        elif self._auto_deal:
            self._next_deal()
        else:
            self._set_turn(DEAL_OVER, None)

    # -- views and copies ----------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (:func:`rummykit.kit.seats.player_view`)."""
        return seats.player_view(self, seat, self._public_extras(seat))

    def event(self, step: int) -> Event | None:
        """The event of action ``step`` if the log holds it (a restored match's log
        starts at its restore), else ``None``: a look-up, not a copy of the log."""
        index = step - self._first_step
        if 0 <= index < len(self._log) // log.WIDTH:
            return log.event_at(self._log, self._first_step, index)
        return None

    def events_seen_by(self, seat: int | None) -> tuple[Event, ...]:
        """The log as ``seat`` may know it (:func:`rummykit.kit.seats.events_seen_by`)."""
        return seats.events_seen_by(self, seat)

    @property
    def step(self) -> int:
        """How many actions the match has taken (the number of its next event)."""
        return self._first_step + len(self._log) // log.WIDTH

    def _repr_svg_(self) -> str:
        """The whole position (every hand face up), for notebooks."""
        from rummykit import svg  # the picture layer loads only when a notebook asks

        return svg.position(self)


_METAS, _WIDTH = log.METAS, log.WIDTH
"""The log's shared metas and width, read by :meth:`Match.apply` without a module look-up."""


def reads_plain(match_type: type[Any]) -> bool:
    """Whether ``match_type`` declares that its matches' :meth:`~Match.view` is the
    shipped one with no fields of its own (its ``_plain_view``), so that a fast reader
    such as the RL observation may read their declared state directly; ``False`` for
    any other class (the safe default: ask ``view``)."""
    return getattr(match_type, "_plain_view", False) is True
