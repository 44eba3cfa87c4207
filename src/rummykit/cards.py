"""Ranks, suits, cards and their notation.

A :class:`Card` is an immutable value. There are exactly 53 of them (52 naturals and the
joker) and each is interned, so two decks give *equal and identical* cards: hands and
piles are multisets of these 53 values.

The notation is the one the rules files use, parsed and printed in pairs:

>>> from rummykit import Card, Rank, Suit, parse_cards, format_cards
>>> cards = parse_cards("AS 10h t♥ * 🃏")
>>> cards
(AS, 10H, 10H, JK, JK)
>>> format_cards(cards, unicode=True)
'A♠ 10♥ 10♥ 🃏 🃏'
>>> Card(Rank.ACE, Suit.SPADES) is cards[0]
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar

import attrs

from rummykit.errors import NotationError, shorten
from rummykit.messages import Message

if TYPE_CHECKING:
    from typing import Self


class Colour(enum.Enum):
    """The colour of a suit (red or black), for rules that compare colours."""

    RED = "red"
    BLACK = "black"


class Suit(enum.Enum):
    """The four suits, in the order used for sorting cards: spades, hearts, diamonds, clubs."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        """The ASCII letter of the notation (``S``)."""
        return self.value

    @property
    def symbol(self) -> str:
        """The Unicode symbol of the notation (``♠``)."""
        return _SUIT_SYMBOLS[self]

    @property
    def colour(self) -> Colour:
        """Hearts and diamonds are red; spades and clubs are black."""
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def index(self) -> int:
        """0 to 3, the suit's place in the sort order."""
        return _SUIT_INDEX[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}
SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(enum.IntEnum):
    """The thirteen ranks, numbered A=1, 2-10 face value, J=11, Q=12, K=13.

    The number is the ace-low order; :class:`RankOrder` gives the others.
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The notation of the rank: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self - 1]


_RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANKS: tuple[Rank, ...] = tuple(Rank)


class RankOrder(enum.Enum):
    """How ranks follow each other in a sequence, as data rather than special cases.

    ``ACE_LOW`` is A-2-…-K, ``ACE_HIGH`` is 2-…-K-A, ``CIRCULAR`` is the closed circle
    K-A-2 used by wrap-around runs.

    >>> RankOrder.CIRCULAR.successor(Rank.KING)
    <Rank.ACE: 1>
    >>> RankOrder.ACE_HIGH.successor(Rank.KING)
    <Rank.ACE: 1>
    >>> RankOrder.ACE_LOW.successor(Rank.KING) is None
    True
    >>> RankOrder.ACE_HIGH.position(Rank.ACE)
    14
    """

    ACE_LOW = "ace_low"
    ACE_HIGH = "ace_high"
    CIRCULAR = "circular"

    def position(self, rank: Rank) -> int:
        """The rank's number in this order: the ace is 14 when ace-high, else 1."""
        if rank is Rank.ACE and self is RankOrder.ACE_HIGH:
            return 14
        return int(rank)

    def successor(self, rank: Rank) -> Rank | None:
        """The next rank up, or ``None`` at the top of a linear order."""
        if self is RankOrder.ACE_LOW:
            return None if rank is Rank.KING else Rank(rank + 1)
        if self is RankOrder.ACE_HIGH and rank is Rank.ACE:
            return None
        return Rank(rank % 13 + 1)

    def predecessor(self, rank: Rank) -> Rank | None:
        """The next rank down, or ``None`` at the bottom of a linear order."""
        if self is RankOrder.ACE_LOW and rank is Rank.ACE:
            return None
        if self is RankOrder.ACE_HIGH and rank is Rank.TWO:
            return None
        return Rank((rank - 2) % 13 + 1)


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """One playing card: a natural (rank and suit) or the joker (neither).

    Cards are interned: ``Card(Rank.ACE, Suit.SPADES)`` always returns the same object,
    so equality and hashing are by identity and cost nothing. Cards sort by
    :attr:`code`: suit (spades, hearts, diamonds, clubs), then rank ace-low, jokers last.

    >>> Card(Rank.TEN, Suit.HEARTS)
    10H
    >>> sorted(parse_cards("JK 2C AS KS"))
    [AS, KS, 2C, JK]
    """

    rank: Rank | None
    suit: Suit | None
    code: int = attrs.field(init=False)
    """0-51 for naturals (``13 * suit.index + rank - 1``) and 52 for the joker."""

    _interned: ClassVar[dict[tuple[Rank | None, Suit | None], Card]] = {}

    def __new__(cls, rank: Rank | None, suit: Suit | None) -> Self:
        try:
            return cls._interned[rank, suit]  # type: ignore[return-value]
        except KeyError:
            pass
        except TypeError:  # an unhashable argument
            raise TypeError(f"not a rank and suit: {rank!r}, {suit!r}") from None
        if not (
            (rank is None and suit is None) or (isinstance(rank, Rank) and isinstance(suit, Suit))
        ):
            raise TypeError(f"a card needs a Rank and a Suit (or neither): {rank!r}, {suit!r}")
        card = super().__new__(cls)
        cls._interned[rank, suit] = card
        return card

    def __attrs_post_init__(self) -> None:
        code = (
            52 if self.rank is None or self.suit is None else 13 * self.suit.index + self.rank - 1
        )
        object.__setattr__(self, "code", code)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_from_code, (self.code,))

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.rank is None

    @property
    def notation(self) -> str:
        """The ASCII notation: ``AS``, ``10H``, ``JK``."""
        return _ASCII[self.code]

    @property
    def unicode(self) -> str:
        """The Unicode notation: ``A♠``, ``10♥``, ``🃏``."""
        return _UNICODE[self.code]

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written as ``text`` (see :func:`parse_card`)."""
        return parse_card(text)

    def __repr__(self) -> str:
        return _ASCII[self.code]

    __str__ = __repr__

    def _repr_svg_(self) -> str:
        """The card as a picture, for notebooks (see :mod:`rummykit.svg`)."""
        from rummykit import svg  # the picture layer loads only when a notebook asks

        return svg.card(self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code


_ASCII = (*(f"{rank.symbol}{suit.letter}" for suit in SUITS for rank in RANKS), "JK")
_UNICODE = (*(f"{rank.symbol}{suit.symbol}" for suit in SUITS for rank in RANKS), "🃏")

NATURALS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 52 natural cards in :attr:`.Card.code` order."""
JOKER: Card = Card(None, None)
"""The joker (all jokers are the same value)."""
CARDS: tuple[Card, ...] = (*NATURALS, JOKER)
"""All 53 cards, indexed by :attr:`.Card.code`."""
RANK_NATURALS: dict[Rank, frozenset[Card]] = {
    rank: frozenset(card for card in NATURALS if card.rank is rank) for rank in RANKS
}
"""The four natural cards of each rank (one of each suit)."""


def _card_from_code(code: int) -> Card:
    return CARDS[code]


CardsLike = str | Iterable[Card]
"""Cards in notation or as an iterable of :class:`Card` values."""

_RANK_TOKENS = {symbol: Rank(index + 1) for index, symbol in enumerate(_RANK_SYMBOLS)}
_RANK_TOKENS["T"] = Rank.TEN
_SUIT_TOKENS = {suit.letter: suit for suit in SUITS}
_SUIT_TOKENS.update({suit.symbol: suit for suit in SUITS})
_SUIT_TOKENS.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})
_JOKER_TOKENS = frozenset({"JK", "*", "🃏", "JOKER"})
_BY_TOKEN: dict[str, Card] = {}


def _parse_token(token: str, *, text: str, position: int) -> Card:
    try:
        return _BY_TOKEN[token]
    except KeyError:
        pass
    upper = token.upper()
    if upper in _JOKER_TOKENS:
        card = JOKER
    else:
        rank = _RANK_TOKENS.get(upper[:-1])
        suit = _SUIT_TOKENS.get(upper[-1:])
        if len(token) < 2 or rank is None or suit is None:
            raise NotationError(_token_problem(token), text=text, token=token, position=position)
        card = Card(rank, suit)
    if len(_BY_TOKEN) < 4096:
        _BY_TOKEN[token] = card
    return card


def _token_problem(token: str) -> Message:
    """Why ``token`` (not a joker) is not a card."""
    upper = token.upper()
    if len(token) < 2:
        return Message("notation.card_form")
    if upper[:-1] not in _RANK_TOKENS:
        return Message("notation.unknown_rank", {"rank": repr(shorten(upper[:-1]))})
    return Message("notation.unknown_suit", {"suit": repr(upper[-1])})


def _tokens(text: str) -> Iterator[str]:
    return iter(text.replace(",", " ").split())


def _require_text(text: object) -> None:
    if not isinstance(text, str):
        said = Message("notation.not_text", {"type": type(text).__name__})
        raise NotationError(said, text="", token="", position=0)


def parse_card(text: str) -> Card:
    """Read one card: rank then suit, either case, ``T`` or ``10``, joker ``JK`` or ``*``.

    >>> parse_card("qc"), parse_card("T♦"), parse_card("*")
    (QC, 10D, JK)
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: card 1H at index 0: unknown rank '1' (expected A, ...)
    """
    _require_text(text)
    tokens = text.split()
    if len(tokens) != 1:
        params: dict[str, object] = {"count": len(tokens), "text": repr(shorten(text))}
        raise NotationError(Message("notation.one_card", params), text=text, token="", position=0)
    return _parse_token(tokens[0], text=text, position=0)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; an empty text is no cards.

    A bad token raises :class:`~rummykit.errors.NotationError` with the token and its index.

    >>> parse_cards("AS, 2S 3s")
    (AS, 2S, 3S)
    >>> parse_cards("AS 1H")
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: card 1H at index 1: unknown rank '1' (expected A, ...)
    """
    _require_text(text)
    return tuple(
        _parse_token(token, text=text, position=position)
        for position, token in enumerate(_tokens(text))
    )


def format_cards(cards: Iterable[Card], *, unicode: bool = False) -> str:
    """Write cards in notation, separated by spaces; :func:`parse_cards` reads it back.

    >>> format_cards(parse_cards("as th jk"))
    'AS 10H JK'
    """
    table = _UNICODE if unicode else _ASCII
    return " ".join(table[card.code] for card in cards)


def to_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Normalise notation or an iterable of cards to a tuple of cards.

    >>> to_cards("7H 8H"), to_cards([JOKER])
    ((7H, 8H), (JK,))
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    try:
        result = tuple(cards)
    except TypeError:
        said = Message("notation.not_cards", {"type": type(cards).__name__})
        raise NotationError(said, text=repr(cards), token="", position=0) from None
    for card in result:  # a loop rather than all() over a generator: hands are long
        if type(card) is not Card:
            break
    else:
        return result
    for position, card in enumerate(result):
        if not isinstance(card, Card):
            said = Message("notation.not_a_card", {"type": type(card).__name__})
            raise NotationError(said, text=repr(card), token=repr(card), position=position)
    return result
