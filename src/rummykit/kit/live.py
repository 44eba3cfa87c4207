"""Live tables: several seats answering one question at once, and defaults for a clock.

The match protocol is one decision at a time (:attr:`~rummykit.kit.match.Match.to_act`),
which bots, search, RL, records and replays rely on. Where the rules let several seats
answer the same question (May I?'s requests and consent round, Posso?'s claims, a user
game's claim protocol that says so: :meth:`~rummykit.engine.ClaimProtocol.open_seats`),
a live table need not poll them in turn: :attr:`~LiveSeats.deciding` lists every seat
whose answer is open, ``legal_actions(seat=...)`` gives each its choices and
``apply(action, seat=...)`` takes their answers in any order.

An answer from an open seat after the seat to act is *held* (it is part of the match's
declared state, :attr:`~rummykit.kit.state.MatchState.held`). Held answers are applied,
each with its event, exactly when the one-at-a-time order reaches their seat, so the
log, the hands, the pile and the scores are those of the one-at-a-time protocol with the
same answers, and records and replays are unchanged; a held answer whose question closes
before its seat is reached (an earlier seat's refusal ends a consent round) is dropped,
as the one-at-a-time protocol never asks it. The match resolves as soon as the answers
it holds decide the outcome by the rules' priority: a seat ahead answering is all it
waits for.

:func:`default_action` is what a server applies when a seat's time runs out; the library
holds no clock (see the how-to on servers).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from rummykit.errors import ConfigError, IllegalActionError, shown
from rummykit.kit import seats
from rummykit.kit.actions import Action
from rummykit.kit.definition import Question
from rummykit.kit.protocol import Phase
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.kit.match import Match
    from rummykit.kit.state import MatchState

DEFAULT_STAND_IN = "heuristic"
"""The bot whose choice stands in for a seat whose time ran out in its own turn."""


class LiveSeats:
    """The part of :class:`~rummykit.kit.match.Match` that lets several seats answer
    one question at once (see the module). A game whose rules let several seats answer
    says which by refining ``_open_seats`` and ``_legal_for`` (the contract engine
    asks its claim protocol)."""

    state: MatchState
    players: int

    # -- what the match supplies -------------------------------------------------------------

    def _who(self, seat: int | None) -> str:
        raise NotImplementedError

    _clause_prefix: str = ""

    # -- what a game refines ---------------------------------------------------------------

    def _open_seats(self) -> tuple[int, ...]:
        """The seats that may answer the question now, in priority order, the seat to
        act first (answered or not: see :attr:`deciding`). A game whose rules let
        several seats answer at once says which; the seats after the first are asked
        ``_legal_for``."""
        seat = self.state.to_act
        return () if seat is None else (seat,)

    def _legal_for(self, seat: int) -> tuple[Action, ...]:
        """The legal answers of ``seat``, an open seat after the seat to act (the same
        as it will have when the one-at-a-time order reaches it)."""
        return ()

    def _is_answer(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is a legal answer of ``seat``, an open seat after the seat
        to act (a game may accept other spellings of a listed answer)."""
        return action in self._legal_for(seat)

    def _why_not_answer(self, seat: int, action: Action) -> tuple[str, Message | str]:
        """The clause and reason for an illegal early answer of ``seat``, with its own
        legal answers (the sender named itself: its choices are its own to know)."""
        phase = self.state.phase
        legal = seats.legal_note(self._legal_for(seat), sender_known=True)
        params = {"seat": seat, "action": action, "phase": phase.value, "legal": legal}
        return phase.clause or self._clause_prefix, Message("turn.not_now", params)

    # -- the protocol ----------------------------------------------------------------------

    @property
    def deciding(self) -> tuple[int, ...]:
        """The seats whose answer is open now, in priority order: :attr:`to_act` first,
        then the seats the rules let answer the same question at once (May I?'s
        requests and consent round, Posso?'s claims) that have not answered yet. Empty
        for the table or when the match is over."""
        open_seats = self._open_seats()
        held = self.state.held
        if not held:
            return open_seats
        answered = {seat for seat, _ in held}
        return tuple(seat for seat in open_seats if seat not in answered)

    def default_action(self, seat: int, *, stand_in: str = DEFAULT_STAND_IN) -> Action:
        """What a server applies for ``seat`` (one of :attr:`deciding`) when its time runs
        out (:func:`default_action`)."""
        return default_action(self, seat, stand_in=stand_in)  # type: ignore[arg-type]

    # -- machinery -------------------------------------------------------------------------

    def _is_early(self, seat: int | None, action: object) -> bool:
        """Whether ``seat`` answers early: open (:attr:`deciding`) but not the seat to
        act. A seat that answered already is refused (its answer is held)."""
        if seat is None or seat == self.state.to_act:
            return False
        if seats.seat_number(seat, self.players) in self.deciding:
            return True
        if any(held == seat for held, _ in self.state.held):
            raise IllegalActionError(Message("turn.answered", {"seat": seat}), action=action)
        return False

    def _check_early(self, seat: int, action: Action) -> None:
        """Refuse ``action`` unless it is a legal answer of ``seat`` (an early one)."""
        if not isinstance(action, Action):
            message = Message("action.not_action", {"value": shown(action)})
            raise IllegalActionError(message, action=action)
        if not self._is_answer(seat, action):
            rule, reason = self._why_not_answer(seat, action)
            raise IllegalActionError(reason, action=action, rule=rule)

    def _hold(self, seat: int, action: Action) -> None:
        """Keep ``seat``'s verified early answer until its turn to be applied."""
        self.state.held = (*self.state.held, (seat, action))

    def _resolve_held(self, phase: Phase) -> None:
        """Apply the held answers the one-at-a-time order has reached, in that order;
        drop those whose question closed (a new phase, or the seat no longer open: the
        one-at-a-time protocol never asks it)."""
        state = self.state
        while state.held:
            if state.phase is not phase:
                state.held = ()
                return
            open_seats = self._open_seats()
            kept = tuple(pair for pair in state.held if pair[0] in open_seats)
            answer = next((held for seat, held in kept if seat == state.to_act), None)
            state.held = tuple(pair for pair in kept if pair[0] != state.to_act)
            if answer is None:
                return
            try:  # the seat to act's action: checked, applied and logged (and any
                # held answer after it, in turn)
                cast("Match[Any, Any]", self).apply(answer)
            except IllegalActionError:  # checked when held: a protocol's inconsistency
                continue  # its seat is asked again


def default_action(
    match: Match[Any, Any], seat: int, *, stand_in: str = DEFAULT_STAND_IN
) -> Action:
    """What ``seat`` (one of ``match.deciding``) does when its time runs out.

    - Answering a question (a :class:`~rummykit.kit.definition.Question` phase: May I?'s
      request or consent, Posso?'s claim): the question's decline (``pass``, ``allow``).
    - A seat with one legal action: that action.
    - Otherwise (its own turn, a buy): the choice of the bot named ``stand_in`` (any
      registered agent, the heuristic by default) from the seat's view, with a random
      generator seeded from the match's state, the step and the seat: the same match
      gives the same default, and the match's own generator is not touched. A bot that
      refuses the game (its ``check_game``) gives way to the first legal action.

    A seat not in ``match.deciding`` is an :class:`~rummykit.errors.IllegalActionError`.

    >>> from rummykit import game
    >>> match = game("may-i").new_match(players=4, seed=3)
    >>> match.default_action(match.to_act) in match.legal_actions()
    True
    """
    seat = seats.seat_number(seat, match.players)
    if seat not in match.deciding:
        raise IllegalActionError(Message("seat.no_open_decision", {"seat": seat}))
    legal = match.legal_actions(seat=seat)
    phase = match.phase
    if isinstance(phase, Question) and phase.decline in legal:
        return phase.decline
    if len(legal) == 1:
        return legal[0]
    try:
        from rummykit.agents import check_agent, make_agent  # the bots load when asked

        agent = make_agent(stand_in, match.definition)
        check_agent(agent, match.definition)
    except ConfigError:
        if stand_in == DEFAULT_STAND_IN:
            return legal[0]
        raise
    choice = agent.choose(match.view(seat), random.Random(_seed(match, seat)))
    return choice if choice in legal else legal[0]


def _seed(match: Match[Any, Any], seat: int) -> int:
    """A seed for ``seat``'s stand-in at this step, from the match's generator state
    (integers hash alike in every process)."""
    return hash((match.rng.getstate()[1], match.step, seat)) & 0xFFFF_FFFF
