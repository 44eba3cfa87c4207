"""Possession's own heuristic player: shed long runs first, keep the cards that keep the suit.

The game's definition names it (``Possession.heuristic``), so
:func:`rummykit.agents.heuristic_agent` and ``--bots heuristic`` give it for Possession.

Every Possession play leaves a new top card; the next player must follow it. The agent
scores each legal play by

- the cards it sheds (``shed`` points each: long sequences first);
- the follow-ups it keeps: its own cards that could play on the new top next time
  (``follow`` points each);
- a suit change (a card of the top's rank in another suit) costs ``suit_change``
  points when another play exists, since such a card is the hand's best way out of a
  suit it cannot follow; a suit change into the suit the hand holds most of costs less.

It draws (or passes) only when it has no play; with ``voluntary_draw`` it never draws by
choice. It needs no rules: everything it weighs is in the view.

>>> import random
>>> from rummykit import game
>>> match = game("possession").new_match(players=2, seed=4)
>>> action = PossessionAgent().choose(match.view(match.to_act), random.Random(0))
>>> action in match.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs

from rummykit.cards import Card
from rummykit.errors import ConfigError
from rummykit.games.possession.actions import Play
from rummykit.kit.actions import Action, Done, Draw, Pass
from rummykit.kit.definition import require_definition
from rummykit.kit.options import number
from rummykit.kit.protocol import PlayerView


@attrs.frozen(kw_only=True)
class PossessionAgent:
    """The heuristic Possession player (see the module for how it scores plays); its
    weights are keyword-only finite numbers (else a :class:`~rummykit.errors.ConfigError`)."""

    shed: float = attrs.field(default=10, validator=number(owner=True))
    """Points per card a play sheds."""
    follow: float = attrs.field(default=3, validator=number(owner=True))
    """Points per card kept that could follow the new top card."""
    suit_change: float = attrs.field(default=8, validator=number(owner=True))
    """The cost of spending a suit change while another play exists."""

    def check_game(self, definition: Any) -> None:
        """Refuse a game without Possession's ``play`` action: this agent only plays
        such shedding games (a :class:`~rummykit.errors.ConfigError`).

        >>> from rummykit import game
        >>> PossessionAgent().check_game(game("may-i"))
        Traceback (most recent call last):
        ...
        rummykit.errors.ConfigError: PossessionAgent plays shedding games with a play
        action, not may-i: heuristic_agent(definition) gives its heuristic
        """
        require_definition(definition)
        if Play not in getattr(definition, "actions", ()):
            raise ConfigError(
                f"PossessionAgent plays shedding games with a play action, not "
                f"{definition.name}: heuristic_agent(definition) gives its heuristic"
            )

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The best-scored play, else draw, ``done`` or pass."""
        return self.rank(view)[0]

    def rank(self, view: PlayerView) -> list[Action]:
        """``view.legal`` ordered best first."""
        legal = list(view.legal)
        if len(legal) <= 1:
            return legal
        plays = [action for action in legal if isinstance(action, Play)]
        top = view.pile[-1][0] if view.pile else None
        scored = sorted(plays, key=lambda play: -self.score(view, play, top, len(plays)))
        rest = [action for action in legal if not isinstance(action, Play)]
        rest.sort(key=lambda action: (not isinstance(action, Done | Draw | Pass), str(action)))
        return [*scored, *rest]

    def score(self, view: PlayerView, play: Play, top: Card | None, options: int) -> float:
        """How good ``play`` is (higher is better)."""
        left = Counter(view.hand)
        left.subtract(play.cards)
        kept = list(left.elements())
        last = play.cards[-1]
        points = self.shed * len(play.cards) + self.follow * _followers(kept, last)
        if top is not None and len(play.cards) == 1 and last.suit is not top.suit and options > 1:
            suits = Counter(card.suit for card in kept)
            points -= self.suit_change - min(self.suit_change, suits[last.suit])
        if not kept:
            points += 1000  # going out
        return points


def _followers(hand: list[Card], top: Card) -> int:
    """Cards of ``hand`` that could be played on ``top`` (next rank in its suit, or its
    rank in another suit)."""
    if top.rank is None:
        return 0
    rank = int(top.rank)
    count = 0
    for card in hand:
        if card.rank is None:
            continue
        follows = card.suit is top.suit and abs(int(card.rank) - rank) == 1
        if follows or (card.rank is top.rank and card.suit is not top.suit):
            count += 1
    return count
