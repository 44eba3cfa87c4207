"""Turning the solver's candidate melds into values: melds, their parts, arrangements.

The search works on candidates of integers; only what it returns
becomes :class:`~rummykit.Meld` and :class:`Arrangement` values, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast, final

import attrs

from rummykit._sealed import Sealed
from rummykit.cards import CARDS, Card, CardsLike, Rank, to_cards
from rummykit.melds import Meld, MeldKind
from rummykit.solver._tables import GROUP, Candidate

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


_SUITS: Final = tuple(card.suit for card in CARDS[:52:13])
_CARDS: Final = CARDS
"""The cards by code (a ``Final`` name: compiled, read without a look-up in the module's
globals)."""
_RANKS: Final = (None, *(Rank(rank) for rank in range(1, 14)))
"""``Rank(n)`` by ``n`` (an enum call costs a Python call in both builds)."""
_GROUP: Final = MeldKind.GROUP
_RUN: Final = MeldKind.RUN


def hand_cards(hand: CardsLike) -> tuple[Card, ...]:
    """``to_cards(hand)``, with a quick way through for what engines and bots pass: a
    tuple of cards, returned as it is, or a list of cards (an engine's hand), returned as
    a tuple (``to_cards`` does the same after a generator over the cards)."""
    hand_type = type(hand)
    if hand_type is tuple:
        cards = cast("tuple[Card, ...]", hand)
        return cards if _all_cards(cards) else to_cards(hand)
    if hand_type is list:
        held = cast("list[Card]", hand)
        return tuple(held) if _all_cards(held) else to_cards(hand)
    return to_cards(hand)


def _all_cards(items: Sequence[object]) -> bool:
    # A loop, not all() over a generator: compiled, the generator would be an object
    # and a call per card.
    card_type = Card
    for item in items:  # noqa: SIM110
        if type(item) is not card_type:
            return False
    return True


@final
@attrs.frozen
class Arrangement(Sealed):
    """Melds taken from a hand and what is left: the cards and their points."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    left_value: int


def _role_cards(candidate: Candidate) -> tuple[tuple[Card, ...], tuple[Rank, ...]]:
    if candidate.kind == GROUP:
        cards = tuple(_CARDS[code] for code in candidate.naturals + candidate.wilds)
        rank = _RANKS[candidate.which]
        assert rank is not None
        return cards, (rank,) * len(cards)
    window, slots = candidate.window, candidate.slots
    assert window is not None
    natural = iter(candidate.naturals)
    wild = iter(candidate.wilds)
    cards = tuple(
        _CARDS[next(wild)] if index in slots else _CARDS[next(natural)]
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
    """A candidate as :data:`MeldParts`: what an engine's go-down action carries.

    Worked out on card codes: a card plays as itself where its code is the code of the
    card its place stands for (``13 * suit + rank - 1``), else its role is that rank (a
    group) or that card (a run). Remembered on the candidate (it never changes)."""
    found = candidate.parts
    if found is not None:
        return found
    found = candidate.parts = _parts_of(candidate)
    return found


def _parts_of(candidate: Candidate) -> MeldParts:
    cards: list[Card] = []
    roles: list[Card | Rank | None] = []
    which = candidate.which
    if candidate.kind == GROUP:
        rank = _RANKS[which]
        for codes in (candidate.naturals, candidate.wilds):
            for code in codes:
                cards.append(_CARDS[code])
                roles.append(None if code < 52 and code % 13 + 1 == which else rank)
        return tuple(cards), tuple(roles)
    window = candidate.window
    assert window is not None
    slots = candidate.slots
    naturals, wilds = candidate.naturals, candidate.wilds
    natural = wild = 0
    base = 13 * which - 1
    ranks = window.ranks
    for index in range(len(ranks)):
        if index in slots:
            code = wilds[wild]
            wild += 1
        else:
            code = naturals[natural]
            natural += 1
        cards.append(_CARDS[code])
        place = base + ranks[index]
        roles.append(None if code == place else _CARDS[place])
    return tuple(cards), tuple(roles)


def hand_codes(counts: list[int]) -> list[int]:
    """The codes a search's ``counts`` hold (before any meld is taken: the hand's distinct
    codes), in order: what :func:`cards_left` walks."""
    return [code for code in range(len(counts)) if counts[code]]


def cards_left(counts: list[int], codes: list[int]) -> tuple[Card, ...]:
    """The cards a search's ``counts`` still hold, in code order, ``codes`` the hand's
    distinct codes (:func:`hand_codes`): at a leaf of the walk over the required melds,
    the cards those melds leave (what :func:`left_codes` works out from the melds)."""
    left: list[Card] = []
    for code in codes:
        count = counts[code]
        if count:
            card = _CARDS[code]
            left.append(card)
            while count > 1:
                left.append(card)
                count -= 1
    return tuple(left)


def left_codes(cards: Sequence[Card], chosen: Sequence[Candidate]) -> list[int]:
    """The codes of the cards of ``cards`` that the melds ``chosen`` leave, sorted."""
    left = sorted(card.code for card in cards)
    for candidate in chosen:
        for code in candidate.naturals:
            left.remove(code)
        for code in candidate.wilds:
            left.remove(code)
    return left


def leaf_arrangement(
    counts: list[int], codes: list[int], value: Sequence[int], chosen: Sequence[Candidate]
) -> Arrangement:
    """:func:`make_arrangement` at a leaf of a search, whose ``counts`` hold the cards
    ``chosen`` leaves (``codes``: the hand's distinct codes, :func:`hand_codes`)."""
    left = cards_left(counts, codes)
    total = 0
    for card in left:
        total += value[card.code]
    return Arrangement(tuple([build_meld(c) for c in chosen]), left, total)


def make_arrangement(
    cards: Sequence[Card], value: Sequence[int], chosen: Sequence[Candidate]
) -> Arrangement:
    """The melds of ``chosen`` and the cards of ``cards`` they leave, in card order;
    ``value`` holds the points of each card code (``_tables.value_table``)."""
    left = left_codes(cards, chosen)
    return Arrangement(
        tuple(build_meld(c) for c in chosen),
        tuple(_CARDS[code] for code in left),
        sum(value[code] for code in left),
    )
