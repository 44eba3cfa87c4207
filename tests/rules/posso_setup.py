"""Posso? positions for the worked cases: chosen hands, table, pile and stock."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummykit import Card, DeckSpec, Meld, game, parse_cards
from rummykit.engine import ContractRummyMatch
from rummykit.games.posso.claims import CLAIM
from rummykit.kit import Position

A, B, C, D, E = range(5)

FILLERS = ("2C 6D 10H AS", "3C 7D JH 2S", "4C 8D QH 3S", "5C 9D KH 4S", "6C 10D AH 5S")
"""Cards that make no meld, one set a seat, for the seats a case leaves out."""


def posso(
    *,
    hands: dict[int, str],
    table: tuple[tuple[str, int], ...] = (),
    down: tuple[int, ...] = (),
    pile: tuple[tuple[str, int | None], ...] = (),
    stock: str = "",
    to_act: int = A,
    players: int = 4,
    **options: Any,
) -> ContractRummyMatch:
    """A Posso? match in deal 1 at ``to_act``'s draw step; every other card of the shoe
    goes under ``stock`` (its top cards first)."""
    definition = game("posso", first_dealer=0, **options)
    rules = definition.meld_rules()
    cards = {seat: list(parse_cards(hands.get(seat, FILLERS[seat]))) for seat in range(players)}
    melds = [Meld.parse(text, rules, owner=owner) for text, owner in table]
    piled = [(parse_cards(text)[0], seat) for text, seat in pile]
    top = list(parse_cards(stock))
    shoe = Counter(DeckSpec(decks=2, jokers=definition.rules.jokers_for(players=players)).shoe())
    used = Counter(card for hand in cards.values() for card in hand)
    used.update(card for meld in melds for card in meld.cards)
    used.update(card for card, _ in piled)
    used.update(top)
    assert not used - shoe, f"too many {used - shoe}"
    rest: list[Card] = sorted((shoe - used).elements(), key=lambda card: card.code)
    position = Position(
        hands=[cards[seat] for seat in range(players)],
        stock=[*top, *rest],
        pile=piled,
        table=melds,
        down=down,
        dealer=(to_act - 1) % players,
        to_act=to_act,
    )
    return definition.new_match(players=players, position=position)


def claim_window(**options: Any) -> ContractRummyMatch:
    """POSSO-W18: A discards 7H, B draws from the stock; C, then D, are asked."""
    match = posso(
        hands={A: "7H 2C 6D 10H", C: "7S 7C 9S 3H", D: "7D 7C 8S 4H"},
        table=(("KS KH KD", C), ("QS QH QD", D)),
        down=(C, D),
        stock="5D 9C",
        **options,
    )
    match.apply_all(["draw", "discard 7H", "draw"])
    assert (match.phase, match.to_act) == (CLAIM, C)
    return match
