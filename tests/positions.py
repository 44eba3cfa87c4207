"""Stacked three-seat positions for tests: chosen hands and table melds, the rest of a
two-deck shoe (with ``jokers``) in the stock; seat 2 deals deal 2."""

from __future__ import annotations

from collections import Counter

from rummykit import DeckSpec, Meld, parse_cards
from rummykit.kit import Position


def three_seat_position(
    hands: dict[int, str], table: list[Meld], *, jokers: int, down: tuple[int, ...]
) -> Position:
    held = {seat: parse_cards(text) for seat, text in hands.items()}
    used = Counter(card for cards in held.values() for card in cards)
    used.update(card for meld in table for card in meld.cards)
    rest = sorted((Counter(DeckSpec(decks=2, jokers=jokers).shoe()) - used).elements())
    return Position(
        hands=[held.get(seat, ()) for seat in range(3)],
        stock=rest,
        table=table,
        down=down,
        dealer=2,
        deal=2,
    )
