"""Decks, the shoe, seeded shuffling, dealing patterns, the stock and the discard pile.

Randomness only ever comes from an injected :class:`random.Random` or an integer seed:

>>> from rummykit import DeckSpec, deal, make_rng
>>> spec = DeckSpec(decks=2)
>>> len(spec.shoe())
104
>>> pack = spec.shuffled(make_rng(7))
>>> dealt = deal(pack, players=4, hand_size=10)
>>> [len(hand) for hand in dealt.hands], len(dealt.rest)
([10, 10, 10, 10], 64)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from rummykit.cards import JOKER, NATURALS, Card
from rummykit.errors import ConfigError, IllegalActionError
from rummykit.messages import Message


def make_rng(seed: int | random.Random) -> random.Random:
    """A :class:`random.Random` from a seed, or the generator itself when one is given.

    >>> make_rng(3).random() == make_rng(3).random()
    True
    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"a seed must be an int or a random.Random, got {type(seed).__name__}")
    return random.Random(seed)


def _check_count(name: str, low: int, high: int) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ConfigError(f"{name} must be a whole number from {low} to {high}, got {value!r}")

    return check


@attrs.frozen(kw_only=True)
class DeckSpec:
    """How many 52-card decks and how many jokers make up the shoe of a deal.

    >>> DeckSpec(decks=2, jokers=3).size
    107
    >>> DeckSpec(decks=0)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: decks must be a whole number from 1 to 8, got 0
    """

    decks: int = attrs.field(default=1, validator=_check_count("decks", 1, 8))
    jokers: int = attrs.field(default=0, validator=_check_count("jokers", 0, 32))

    @property
    def size(self) -> int:
        """The number of cards in the shoe."""
        return 52 * self.decks + self.jokers

    def shoe(self) -> tuple[Card, ...]:
        """Every card of the shoe in a fixed order: deck by deck, then the jokers."""
        return NATURALS * self.decks + (JOKER,) * self.jokers

    def shuffled(self, rng: int | random.Random) -> tuple[Card, ...]:
        """The shoe shuffled with the injected generator (or a seed), top card first."""
        cards = list(self.shoe())
        make_rng(rng).shuffle(cards)
        return tuple(cards)


@attrs.frozen
class Deal:
    """The result of dealing: ``hands[seat]`` and the undealt ``rest``, top card first."""

    hands: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...]


def _check_deal(pack_size: int, players: int, hand_size: int, packet_size: int) -> None:
    if players < 1:
        raise ConfigError(f"players must be at least 1, got {players}")
    if packet_size < 1 or hand_size < 0 or hand_size % packet_size:
        raise ConfigError(
            f"hand size {hand_size} must be a multiple of the packet size {packet_size}"
        )
    if players * hand_size > pack_size:
        raise ConfigError(
            f"cannot deal {hand_size} cards to {players} players from {pack_size} cards"
        )


def deal(
    pack: Sequence[Card],
    *,
    players: int,
    hand_size: int,
    packet_size: int = 1,
    dealer: int | None = None,
) -> Deal:
    """Deal from the top of ``pack`` clockwise, in packets, starting left of the dealer.

    With n players, packet size p and the k-th player clockwise from the dealer (k = 1 is
    the dealer's left neighbour), round r gives that player positions
    ``p*n*(r-1) + p*(k-1) + 1`` to ``p*n*(r-1) + p*k`` of the pack (one card at a time
    is p = 1, pairs p = 2). ``hands`` is indexed by seat; the dealer defaults to the
    last seat, so seat 0 receives the first packet.

    >>> from rummykit import parse_cards
    >>> deal(parse_cards("AS 2S 3S 4S 5S 6S 7S"), players=2, hand_size=2, packet_size=2)
    Deal(hands=((AS, 2S), (3S, 4S)), rest=(5S, 6S, 7S))
    """
    _check_deal(len(pack), players, hand_size, packet_size)
    dealer = players - 1 if dealer is None else dealer
    if not 0 <= dealer < players:
        raise ConfigError(f"dealer must be a seat from 0 to {players - 1}, got {dealer}")
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for _ in range(hand_size // packet_size):
        for k in range(1, players + 1):
            hands[(dealer + k) % players].extend(pack[position : position + packet_size])
            position += packet_size
    return Deal(tuple(tuple(hand) for hand in hands), tuple(pack[position:]))


def deal_in_rounds(
    pack: Sequence[Card],
    *,
    players: int,
    hand_size: int = 9,
    rounds: int = 3,
    packet_size: int = 3,
    dealer: int | None = None,
    rng: random.Random | None = None,
) -> Deal:
    """Deal in rounds of packets, the rest shuffled again before each round.

    Each round deals ``hand_size / rounds`` cards to every player with :func:`deal`. With
    ``rng`` the remaining cards are shuffled before every round (the first included); with
    ``None`` the pack is dealt as it lies, which stacks a deal for tests.
    """
    if rounds < 1 or hand_size % rounds:
        raise ConfigError(f"hand size {hand_size} must be a multiple of {rounds} rounds")
    per_round = hand_size // rounds
    _check_deal(len(pack), players, hand_size, packet_size)
    if per_round % packet_size:
        raise ConfigError(
            f"cards per round {per_round} must be a multiple of the packet size {packet_size}"
        )
    rest = list(pack)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(rounds):
        if rng is not None:
            rng.shuffle(rest)
        part = deal(
            rest, players=players, hand_size=per_round, packet_size=packet_size, dealer=dealer
        )
        for seat, cards in enumerate(part.hands):
            hands[seat].extend(cards)
        rest = list(part.rest)
    return Deal(tuple(tuple(hand) for hand in hands), tuple(rest))


class Zone:
    """The base of a zone of the table (the :class:`Stock`, the :class:`DiscardPile`)
    kept as a list, bottom first: its length, and equality by contents (a zone changes,
    so it has no hash)."""

    __slots__ = ("_items",)

    _items: list[Any]

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self._items == other._items

    __hash__ = None  # type: ignore[assignment]


class Stock(Zone):
    """The face-down stock. ``cards`` lists it top card first.

    >>> from rummykit import parse_cards
    >>> stock = Stock(parse_cards("2D 8S QH"))
    >>> stock.draw(), len(stock)
    (2D, 2)
    """

    __slots__ = ()

    _items: list[Card]

    def __init__(self, cards: Sequence[Card] = ()) -> None:
        self._items = list(reversed(cards))  # bottom first, so the top is cheap to pop

    @property
    def cards(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple(reversed(self._items))

    @property
    def top(self) -> Card | None:
        """The top card, or ``None`` when the stock is empty."""
        return self._items[-1] if self._items else None

    def draw(self) -> Card:
        """Take the top card; an empty stock is an illegal draw."""
        if not self._items:
            raise IllegalActionError(Message("stock.empty"))
        return self._items.pop()

    def put_under(self, cards: Sequence[Card]) -> None:
        """Put ``cards`` (top first) beneath the current stock."""
        self._items[:0] = reversed(cards)

    def copy(self) -> Stock:
        """An independent copy."""
        clone = Stock()
        clone._items = self._items.copy()
        return clone

    def __iter__(self) -> Iterator[Card]:
        return reversed(self._items)

    def __repr__(self) -> str:
        return f"Stock({list(self.cards)!r})"


@attrs.frozen
class PileCard:
    """A card in the discard pile and the seat that discarded it (``None`` for an upcard)."""

    card: Card
    discarder: int | None


class DiscardPile(Zone):
    """The face-up discard pile, bottom card first; every card remembers its discarder.

    >>> from rummykit import parse_card
    >>> pile = DiscardPile()
    >>> pile.push(parse_card("5S"), 0); pile.push(parse_card("KS"), 1)
    >>> pile.top
    PileCard(card=KS, discarder=1)
    >>> pile.take(2)
    (KS, 5S)
    """

    __slots__ = ()

    _items: list[PileCard]

    def __init__(self, entries: Sequence[PileCard] = ()) -> None:
        self._items = list(entries)

    @property
    def entries(self) -> tuple[PileCard, ...]:
        """Every pile card with its discarder, bottom first."""
        return tuple(self._items)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The pile's cards, bottom first."""
        return tuple(entry.card for entry in self._items)

    def from_top(self) -> Iterator[PileCard]:
        """The pile's entries from the top down, without copying the pile (do not change
        the pile while iterating)."""
        return reversed(self._items)

    @property
    def top(self) -> PileCard | None:
        """The top card and its discarder, or ``None`` when the pile is empty."""
        return self._items[-1] if self._items else None

    def peek(self, count: int) -> tuple[PileCard, ...]:
        """The top ``count`` entries, top first, without taking them."""
        return tuple(reversed(self._items[len(self._items) - count :])) if count else ()

    def push(self, card: Card, discarder: int | None) -> None:
        """Put ``card`` on top, recording who discarded it."""
        self._items.append(PileCard(card, discarder))

    def take(self, count: int = 1) -> tuple[Card, ...]:
        """Take the top ``count`` cards, top first."""
        if not 1 <= count <= len(self._items):
            params = {"count": count, "size": len(self._items)}
            raise IllegalActionError(Message("pile.short", params))
        taken = self._items[-count:]
        del self._items[-count:]
        return tuple(entry.card for entry in reversed(taken))

    def take_all_but_top(self) -> tuple[Card, ...]:
        """Remove every card except the top one, bottom first (for refilling the stock)."""
        rest = self._items[:-1]
        del self._items[:-1]
        return tuple(entry.card for entry in rest)

    def copy(self) -> DiscardPile:
        """An independent copy."""
        return DiscardPile(self._items)

    def __repr__(self) -> str:
        return f"DiscardPile({self._items!r})"


def refill_stock(stock: Stock, pile: DiscardPile, *, rng: random.Random | None) -> int:
    """Refill an empty stock from every pile card but the top one; return how many moved.

    With ``rng`` the cards are shuffled; with ``None`` the block is turned over, so the
    oldest pile card becomes the top of the stock. Moved cards
    lose their discarder record.

    >>> from rummykit import parse_cards
    >>> stock, pile = Stock(), DiscardPile()
    >>> for card in parse_cards("4S 5S 6S 7S 8S"):
    ...     pile.push(card, 0)
    >>> refill_stock(stock, pile, rng=None), stock.cards, pile.cards
    (4, (4S, 5S, 6S, 7S), (8S,))
    """
    if len(stock):
        raise IllegalActionError(Message("stock.not_empty", {"size": len(stock)}))
    cards = list(pile.take_all_but_top())
    if rng is not None:
        rng.shuffle(cards)
    stock.put_under(cards)
    return len(cards)
