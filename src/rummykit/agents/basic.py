"""The agent protocol, a uniform random player and the simple greedy player.

An agent is anything with ``choose(view, rng) -> Action``; it sees only what its seat
may know (:class:`~rummykit.kit.protocol.PlayerView`), and its randomness is injected.
A bot knows no game: what it needs of one, the game declares (its definition's card
values and heuristic, its :class:`~rummykit.kit.definition.Question` phases).

>>> import random
>>> from rummykit import game
>>> match = game("may-i").new_match(players=4, seed=7)
>>> RandomAgent().choose(match.view(match.to_act), random.Random(1))
Draw()
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from rummykit.engine.actions import Down, LayOff
from rummykit.engine.phases import DRAW
from rummykit.errors import ConfigError
from rummykit.kit.actions import Action, Discard, Done, Draw
from rummykit.kit.definition import Question, Stake, require_definition
from rummykit.kit.protocol import PlayerView
from rummykit.scoring import CardValues

ACE_HIGH_VALUES = CardValues(ranks=(11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20)
"""What a card costs a bot given no game's values: its face value, court cards 10, the
ace high (11), a joker 20."""


@runtime_checkable
class Agent(Protocol):
    """Chooses one of ``view.legal`` from what its seat may know (``isinstance(x, Agent)``
    checks that ``x`` has a ``choose`` method)."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action: ...


def check_agent(agent: Agent, definition: Any) -> None:
    """Refuse an agent made for another game: an agent may define
    ``check_game(definition)``, raising a :class:`~rummykit.errors.ConfigError` for a
    game it cannot play (the heuristic of another game would only fall back on some
    legal action, and its match would look broken). :func:`~rummykit.simulate.play`,
    :func:`~rummykit.simulate.simulate` and :class:`~rummykit.rl.SeatEnv` call it
    for every seat; an agent without the method plays any game.

    >>> from rummykit.agents import make_agent
    >>> from rummykit import game
    >>> check_agent(RandomAgent(), game("possession"))
    >>> check_agent(make_agent("heuristic", game("possession")), game("posso"))
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: PossessionAgent plays shedding games with a play
    action, not posso: heuristic_agent(definition) gives its heuristic
    """
    require_definition(definition)
    check = getattr(agent, "check_game", None)
    if check is None:
        return
    if not callable(check):
        raise ConfigError(f"{type(agent).__name__}'s check_game must be a method, got {check!r}")
    check(definition)


class RandomAgent:
    """Picks uniformly among the legal actions."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)


class GreedyAgent:
    """Goes down as soon as it can, lays off everything it can, never takes or buys,
    and discards its most expensive card that belongs to no pair or near-run.

    Asked out of turn for the disputed card (a :class:`~rummykit.kit.definition.Question`
    phase) it declines, unless taking it lays it down at once (Posso?'s claims: going
    down), where it takes the first way offered. A baseline (and the bot of games that
    have no heuristic of their own); for contract rummy
    :class:`~rummykit.agents.ContractAgent` plays far better. ``values`` weigh the cards
    (:data:`~rummykit.agents.basic.ACE_HIGH_VALUES` by default).
    """

    def __init__(self, values: CardValues = ACE_HIGH_VALUES) -> None:
        self.values = values

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The greedy choice among ``view.legal``."""
        legal = view.legal
        question = view.phase
        if isinstance(question, Question):
            if question.stake is Stake.MELD:
                return next((a for a in legal if a != question.decline), legal[0])
            return question.decline if question.decline in legal else legal[0]
        if view.phase == DRAW:
            return Draw() if Draw() in legal else legal[0]
        downs = [action for action in legal if isinstance(action, Down)]
        if downs:
            return min(downs, key=lambda down: -sum(len(cards) for cards, _ in down.melds))
        layoffs = [action for action in legal if isinstance(action, LayOff)]
        if layoffs:
            return layoffs[0]
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            return max(discards, key=lambda d: (self._loneliness(view, d), d.card.code))
        return Done() if Done() in legal else legal[0]  # else the least: a buy's one card

    def _loneliness(self, view: PlayerView, discard: Discard) -> tuple[int, int]:
        card = discard.card
        if card.rank is None:
            return (-1, 0)
        friends = 0
        for other in view.hand:
            if other is card or other.rank is None:
                continue
            if other.rank is card.rank:
                friends += 2
            elif other.suit is card.suit and abs(int(other.rank) - int(card.rank)) <= 2:
                friends += 1
        return (-friends, self.values.value(card))
