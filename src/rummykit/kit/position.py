"""Positions: start a match from chosen zones instead of a shuffled deal.

Tests, puzzles and bots start from a :class:`Position`: hands, stock, pile, the table's
melds with their owners, who is down, the dealer, the deal number and whose turn it is.
It is checked against the match (every card of the shoe in exactly one zone).

>>> from rummykit import DeckSpec
>>> from rummykit import game
>>> shoe = DeckSpec(decks=1).shoe()
>>> position = Position(hands=[shoe[:9], shoe[9:18]], stock=shoe[19:], pile=[(shoe[18], None)])
>>> match = game("possession").new_match(players=2, position=position)
>>> match.to_act, match.view(1).hand_sizes
(1, (9, 9))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from rummykit.cards import Card
from rummykit.deck import DeckSpec, DiscardPile, PileCard
from rummykit.errors import ConfigError
from rummykit.melds import Meld


def _hands(hands: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in hands)


def _cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


def _pile(entries: Iterable[tuple[Card, int | None]]) -> tuple[tuple[Card, int | None], ...]:
    return tuple((card, discarder) for card, discarder in entries)


def _melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    return tuple(melds)


def _seats(seats: Iterable[int]) -> tuple[int, ...]:
    return tuple(seats)


@attrs.frozen(kw_only=True)
class Position:
    """A chosen position to start a match from (tests, puzzles, bots).

    ``hands`` per seat; ``stock`` top card first; ``pile`` as (card, discarder) bottom
    first; ``table`` melds with their owners; ``down`` the seats whose contract (or
    opening) is down; ``to_act`` the seat whose regular turn starts. Every card of the
    shoe must be in exactly one zone.
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    stock: tuple[Card, ...] = attrs.field(converter=_cards)
    pile: tuple[tuple[Card, int | None], ...] = attrs.field(default=(), converter=_pile)
    table: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    down: tuple[int, ...] = attrs.field(default=(), converter=_seats)
    dealer: int = 0
    deal: int = 1
    to_act: int | None = None
    """``None``: the dealer's left neighbour."""

    def check(self, *, players: int, spec: DeckSpec, deals: int | None) -> None:
        """Raise :class:`~rummykit.errors.ConfigError` unless the position fits the match."""
        if len(self.hands) != players:
            raise ConfigError(f"position: {len(self.hands)} hands for {players} players")
        for name, seat in (("dealer", self.dealer), ("to_act", self.to_act)):
            if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
                raise ConfigError(f"position: {name} must be a seat from 0 to {players - 1}")
        for seat in self.down:
            if not 0 <= seat < players:
                raise ConfigError(f"position: down seat {seat} is not a seat")
        if not isinstance(self.deal, int) or self.deal < 1 or (deals and self.deal > deals):
            raise ConfigError(f"position: deal must be from 1 to {deals}, got {self.deal!r}")
        for card, discarder in self.pile:
            if discarder is not None and not 0 <= discarder < players:
                raise ConfigError(f"position: pile card {card} has no seat {discarder}")
        zones = Counter(card for hand in self.hands for card in hand)
        zones.update(self.stock)
        zones.update(card for card, _ in self.pile)
        zones.update(card for meld in self.table for card in meld.cards)
        shoe = Counter(spec.shoe())
        extra, missing = zones - shoe, shoe - zones
        if extra or missing:
            parts = []
            if extra:
                parts.append("too many " + " ".join(str(c) for c in sorted(extra.elements())))
            if missing:
                parts.append("missing " + " ".join(str(c) for c in sorted(missing.elements())))
            raise ConfigError(
                f"position: the zones must hold the whole shoe ({spec.size} cards): "
                + "; ".join(parts)
            )


def pile_of(entries: Sequence[tuple[Card, int | None]]) -> DiscardPile:
    """A discard pile from (card, discarder) pairs, bottom first."""
    return DiscardPile([PileCard(card, discarder) for card, discarder in entries])
