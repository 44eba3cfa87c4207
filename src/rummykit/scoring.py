"""Card point values as data: what a card left in hand costs at the end of a deal.

>>> from rummykit import MAY_I_VALUES, parse_cards
>>> MAY_I_VALUES.hand_value(parse_cards("AS KD 10C 3H"))  # MAYI-3.1
38
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummykit.cards import Card, Rank
from rummykit.errors import ConfigError

__all__ = ["COUNT_VALUES", "GIN_VALUES", "MAY_I_VALUES", "POSSO_VALUES", "CardValues"]


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


MAY_I_VALUES = CardValues(ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20)
"""MAYI-3: ace 15, 10-K 10, 2-9 face value; a configured joker 20 (MAYI-2.2)."""
POSSO_VALUES = MAY_I_VALUES
"""POSSO-3: the same table, joker 20 (the ace stays 15 by default, POSSO-3.1)."""
GIN_VALUES = CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0)
"""Gin rummy deadwood: ace 1, 2-10 face value, J Q K 10."""
COUNT_VALUES = CardValues(ranks=(1,) * 13, joker=1)
"""Possession (PSSN-8): every card left in hand counts 1."""
