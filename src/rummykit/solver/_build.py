"""Turning the solver's candidate melds into values: melds, their parts, arrangements.

The search works on candidates of integers; only what it returns
becomes :class:`~rummykit.Meld` and :class:`Arrangement` values, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from rummykit.cards import CARDS, Card, CardsLike, Rank, to_cards
from rummykit.melds import Meld, MeldKind
from rummykit.solver._tables import GROUP, Candidate

__all__ = [
    "Arrangement",
    "MeldParts",
    "build_meld",
    "hand_cards",
    "left_codes",
    "make_arrangement",
    "meld_parts",
]

_SUITS: Final = tuple(card.suit for card in CARDS[:52:13])
_RANKS: Final = (None, *(Rank(rank) for rank in range(1, 14)))
"""``Rank(n)`` by ``n`` (an enum call costs a Python call in both builds)."""
_GROUP: Final = MeldKind.GROUP
_RUN: Final = MeldKind.RUN


def hand_cards(hand: CardsLike) -> tuple[Card, ...]:
    """``to_cards(hand)``, with a quick way through for what engines and bots pass: a
    tuple of cards, returned as it is (``to_cards`` returns it too, after a generator
    over the cards)."""
    if type(hand) is tuple:
        card_type = Card
        for card in hand:
            if type(card) is not card_type:
                return to_cards(hand)
        return hand
    return to_cards(hand)


@attrs.frozen
class Arrangement:
    """Melds taken from a hand and what is left: the cards and their points."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    left_value: int


def _role_cards(candidate: Candidate) -> tuple[tuple[Card, ...], tuple[Rank, ...]]:
    if candidate.kind == GROUP:
        cards = tuple(CARDS[code] for code in candidate.naturals + candidate.wilds)
        rank = _RANKS[candidate.which]
        assert rank is not None
        return cards, (rank,) * len(cards)
    window, slots = candidate.window, candidate.slots
    assert window is not None
    natural = iter(candidate.naturals)
    wild = iter(candidate.wilds)
    cards = tuple(
        CARDS[next(wild)] if index in slots else CARDS[next(natural)]
        for index in range(len(window.ranks))
    )
    return cards, tuple(_RANKS[rank] for rank in window.ranks)  # type: ignore[misc]


def build_meld(candidate: Candidate) -> Meld:
    """The :class:`~rummykit.Meld` a candidate stands for, its wild cards' roles set."""
    cards, ranks = _role_cards(candidate)
    if candidate.kind == GROUP:
        return Meld(_GROUP, cards, ranks, None)
    return Meld(_RUN, cards, ranks, _SUITS[candidate.which])


MeldParts = tuple[tuple[Card, ...], tuple[Card | Rank | None, ...]]
"""A meld as its cards in table order and what each wild card stands for (else ``None``)."""


def meld_parts(candidate: Candidate) -> MeldParts:
    """A candidate as :data:`MeldParts`: what an engine's go-down action carries."""
    cards, ranks = _role_cards(candidate)
    roles: list[Card | Rank | None] = []
    if candidate.kind == GROUP:
        for card, rank in zip(cards, ranks, strict=True):
            roles.append(rank if card.rank is not rank else None)
    else:
        suit = _SUITS[candidate.which]
        for card, rank in zip(cards, ranks, strict=True):
            plays = card.rank is rank and card.suit is suit
            roles.append(None if plays else Card(rank, suit))
    return cards, tuple(roles)


def left_codes(cards: Sequence[Card], chosen: Sequence[Candidate]) -> list[int]:
    """The codes of the cards of ``cards`` that the melds ``chosen`` leave, sorted."""
    left = sorted(card.code for card in cards)
    for candidate in chosen:
        for code in candidate.naturals:
            left.remove(code)
        for code in candidate.wilds:
            left.remove(code)
    return left


def make_arrangement(
    cards: Sequence[Card], value: Sequence[int], chosen: Sequence[Candidate]
) -> Arrangement:
    """The melds of ``chosen`` and the cards of ``cards`` they leave, in card order;
    ``value`` holds the points of each card code (``_tables.value_table``)."""
    left = left_codes(cards, chosen)
    return Arrangement(
        tuple(build_meld(c) for c in chosen),
        tuple(CARDS[code] for code in left),
        sum(value[code] for code in left),
    )
