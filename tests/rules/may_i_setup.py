"""Stacked May I? deals for the worked cases (MAYI-5.3 positions) and common sequences."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummykit import Card, DeckSpec, parse_cards
from rummykit.engine import DRAW, ContractRummyMatch
from rummykit.games import MayI, MayIRules
from rummykit.games.may_i.claims import FIRST_REFUSAL, REQUEST
from rummykit.kit import Discard, Draw, Pass

A, B, C, D, E = range(5)


def stacked_order(
    *,
    players: int,
    dealer: int,
    hands: dict[int, str],
    stock: str,
    hand_size: int = 10,
    jokers: int = 0,
) -> list[Card]:
    """A whole shoe, top first, that deals ``hands`` (others filled) and then ``stock``."""
    shoe = Counter(DeckSpec(decks=2, jokers=jokers).shoe())
    chosen = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    top = list(parse_cards(stock))
    for card in [*top, *(c for cards in chosen.values() for c in cards)]:
        shoe[card] -= 1
        assert shoe[card] >= 0, f"{card} used more than twice"
    spare = sorted(shoe.elements(), key=lambda card: (card.rank or 0, card.code))
    # Fillers: low cards of mixed ranks first, so that they rarely make melds.
    order: list[Card | None] = [None] * (players * hand_size)
    for k in range(1, players + 1):
        seat = (dealer + k) % players
        cards = chosen.get(seat, [])
        while len(cards) < hand_size:
            cards.append(spare.pop(0))
        for i, card in enumerate(cards):
            order[k - 1 + i * players] = card
    return [card for card in order if card is not None] + top + spare


def new_match(
    *,
    players: int = 4,
    dealer: int = 3,
    hands: dict[int, str] | None = None,
    stock: str = "",
    seed: int = 1,
    auto_deal: bool = True,
    **options: Any,
) -> ContractRummyMatch:
    rules = MayIRules.of(player_count_range=(2, 5), **options)
    hand_size = rules.schedule()[1].hand_size
    order = stacked_order(
        players=players,
        dealer=dealer,
        hands=hands or {},
        stock=stock,
        hand_size=hand_size,
        jokers=rules.table_options().jokers.at(players),
    )
    return MayI(rules).new_match(
        players=players, seed=seed, deck_order=order, first_dealer=dealer, auto_deal=auto_deal
    )


def pass_window(match: ContractRummyMatch) -> None:
    """Everyone asked in a claim window says no."""
    while match.phase in (REQUEST, FIRST_REFUSAL):
        match.apply(Pass())


def draw_and_discard(match: ContractRummyMatch, card: str) -> None:
    """A regular turn: draw from the stock, discard ``card``, nobody claims it."""
    assert match.phase is DRAW
    match.apply(Draw())
    match.apply(Discard(parse_cards(card)[0]))
    pass_window(match)


def state_s(**options: Any) -> ContractRummyMatch:
    """MAYI-9.14's reference state S: four players, A has just discarded 7H.

    Pile bottom to top: 5S(A) KS(B) 4D(C) 9C(D) 7H(A); stock from the top: 2D 8S QH 5C.
    The claim window for 7H is open: C (P2) is asked first.
    """
    match = new_match(players=4, dealer=D, stock="5S KS 4D 9C 7H 2D 8S QH 5C", **options)
    for card in ("5S", "KS", "4D", "9C"):
        draw_and_discard(match, card)
    match.apply(Draw())
    match.apply(Discard(parse_cards("7H")[0]))
    return match
