"""Card point values as data: what a card left in hand costs at the end of a deal.

Each game keeps its own table (see :mod:`rummykit.presets`):

>>> from rummykit import CardValues, parse_cards
>>> values = CardValues(ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20)
>>> values.hand_value(parse_cards("AS KD 10C 3H JK"))
58
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummykit.cards import Card, Rank
from rummykit.errors import ConfigError

__all__ = ["FACE_VALUES"]


def _check_ranks(instance: CardValues, attribute: attrs.Attribute[object], value: object) -> None:
    if not isinstance(value, tuple) or len(value) != 13:
        raise ConfigError(f"ranks must give 13 values, ace first, got {value!r}")
    if not all(isinstance(points, int) and points >= 0 for points in value):
        raise ConfigError(f"card values must be whole numbers >= 0, got {value!r}")


@attrs.frozen(kw_only=True, cache_hash=True)
class CardValues:
    """Points per rank (``ranks[0]`` is the ace) and for a joker."""

    ranks: tuple[int, ...] = attrs.field(validator=_check_ranks)
    joker: int = 0

    def value(self, card: Card) -> int:
        """The points of one card."""
        return self.joker if card.rank is None else self.ranks[card.rank - 1]

    def hand_value(self, cards: Iterable[Card]) -> int:
        """The sum of the points of ``cards``."""
        return sum(self.value(card) for card in cards)

    def of_rank(self, rank: Rank) -> int:
        """The points of a natural card of ``rank``."""
        return self.ranks[rank - 1]


FACE_VALUES = CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=25)
"""Card values that name no game, the default wherever a game gives none (the solver,
the engine's table options): an ace 1, two to ten their number, a court card 10, a joker
25 (more than any natural card, so a best arrangement melds its jokers where it can).
Pass a game's own table for its scores."""
