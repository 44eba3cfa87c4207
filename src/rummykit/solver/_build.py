"""Turning the solver's candidate melds into values: melds, their parts, arrangements.

The search works on candidates of integers; only what it returns
becomes :class:`~rummykit.Meld` and :class:`Arrangement` values, here.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.cards import CARDS, Card, Rank
from rummykit.melds import Meld, MeldKind
from rummykit.scoring import CardValues
from rummykit.solver._tables import GROUP, Candidate

__all__ = [
    "Arrangement",
    "MeldParts",
    "build_meld",
    "left_codes",
    "make_arrangement",
    "meld_parts",
]

_SUITS = tuple(card.suit for card in CARDS[:52:13])


@attrs.frozen
class Arrangement:
    """Melds taken from a hand and what is left: the cards and their points."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    left_value: int


def _role_cards(candidate: Candidate) -> tuple[tuple[Card, ...], tuple[Rank, ...]]:
    if candidate.kind == GROUP:
        cards = tuple(CARDS[code] for code in candidate.naturals + candidate.wilds)
        return cards, (Rank(candidate.which),) * len(cards)
    window, slots = candidate.window, candidate.slots
    assert window is not None
    natural = iter(candidate.naturals)
    wild = iter(candidate.wilds)
    cards = tuple(
        CARDS[next(wild)] if index in slots else CARDS[next(natural)]
        for index in range(len(window.ranks))
    )
    return cards, tuple(Rank(rank) for rank in window.ranks)


def build_meld(candidate: Candidate) -> Meld:
    """The :class:`~rummykit.Meld` a candidate stands for, its wild cards' roles set."""
    cards, ranks = _role_cards(candidate)
    if candidate.kind == GROUP:
        return Meld(MeldKind.GROUP, cards, ranks, None)
    return Meld(MeldKind.RUN, cards, ranks, _SUITS[candidate.which])


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
    cards: Sequence[Card], values: CardValues, chosen: Sequence[Candidate]
) -> Arrangement:
    """The melds of ``chosen`` and the cards of ``cards`` they leave, in card order."""
    left = left_codes(cards, chosen)
    return Arrangement(
        tuple(build_meld(c) for c in chosen),
        tuple(CARDS[code] for code in left),
        sum(values.value(CARDS[code]) for code in left),
    )
