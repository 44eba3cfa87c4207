"""How a kind of meld other than group and run is judged: its :class:`MeldShape`.

A shape is data where it can be: :class:`SetShape` says "n cards alike in one respect"
(one rank, one suit, one colour), which gives the shipped flush, colour and pair:

>>> from rummykit import MeldKind, MeldRules, parse_cards
>>> rules = MeldRules(kinds=(MeldKind.GROUP, MeldKind.RUN, MeldKind.FLUSH, MeldKind.PAIR))
>>> rules.validate("2S 9S KS JK", MeldKind.FLUSH)
Meld.parse('2S 9S KS JK(QS)', kind='flush')
>>> rules.validate("7H 7C")
Meld.parse('7H 7C', kind='pair')

A kind that is not data is a small subclass of :class:`MeldShape` with one method,
:meth:`MeldShape.judge`, which returns the meld or raises
:class:`~rummykit.errors.InvalidMeldError`; lay-offs, joker exchanges, contracts and the
solver then work from it (a lay-off is a meld one card larger that still judges; an
exchange puts a natural card where a wild one was and judges again). The wild rules of
:class:`~rummykit.MeldRules` (jokers allowed, per meld, against naturals, wild ranks)
bind every shape through :func:`sort_wilds` and
:func:`~rummykit.melds.validate.check_wild_limit`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import CARDS, Card, Colour, Rank, Suit
from rummykit.errors import ConfigError, InvalidMeldError
from rummykit.melds.kinds import MeldKind, register_kind
from rummykit.melds.meld import Meld, Role, role_text
from rummykit.melds.validate import check_wild_limit
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.melds.rules import MeldRules

_NATURALS = tuple(card for card in CARDS if card.rank is not None)
_DESCENDING = tuple(sorted(Rank, reverse=True))


class MeldShape:
    """How a kind of meld is judged; subclass it for a kind that is not data.

    ``min_size`` and ``max_size`` (``None``: no limit) bound the meld's cards, jokers
    included. A subclass overrides :meth:`judge`; it may override :meth:`plays_wild`,
    :meth:`role` and :meth:`fitting_cards` (the defaults read the meld's ``ranks``: a
    card plays wild where it is a joker or plays another rank than its own).
    """

    min_size: int = 2
    max_size: int | None = None
    shares_rank: bool = False
    """Whether the meld's cards share a rank (read by encodings with a group flag)."""

    def judge(
        self, kind: MeldKind, cards: Sequence[Card], rules: MeldRules, roles: Sequence[Role | None]
    ) -> Meld:
        """The meld of ``kind`` that ``cards`` make (``roles``: what each wild card was
        declared to stand for, ``None`` where nothing was), or
        :class:`~rummykit.errors.InvalidMeldError` saying why."""
        raise NotImplementedError

    def plays_wild(self, meld: Meld, index: int) -> bool:
        """Whether the card at ``index`` plays as something other than itself."""
        card = meld.cards[index]
        return card.rank is None or card.rank is not meld.ranks[index]

    def role(self, meld: Meld, index: int) -> Role:
        """What the card at ``index`` plays (a rank unless the shape says a card)."""
        return meld.ranks[index]

    def fitting_cards(self, meld: Meld) -> Iterable[Card]:
        """The natural cards that may fit ``meld`` (lay-offs and joker exchanges try
        only these; every one is judged): all 52 unless the shape knows better."""
        return _NATURALS

    def quick_fit(self, meld: Meld, card: Card, rules: MeldRules) -> bool | None:
        """Whether natural ``card`` (one of :meth:`fitting_cards`) can be laid off on
        ``meld`` playing itself, when that is plain without judging the grown meld;
        ``None`` (the default): judge it."""
        return None

    def natural_role(self, card: Card) -> Role:
        """What a natural card plays in a meld of this shape (its rank by default)."""
        assert card.rank is not None
        return card.rank


class Alike(enum.Enum):
    """What the cards of a :class:`SetShape` share."""

    RANK = "rank"
    SUIT = "suit"
    COLOUR = "colour"


def sort_wilds(
    cards: Sequence[Card],
    rules: MeldRules,
    roles: Sequence[Role | None],
    fits: Iterable[int],
) -> tuple[list[int], list[int]]:
    """Split the indexes of ``cards`` into (natural, wild) under ``rules``: a joker, a
    card with a declared role and a wild-rank card outside ``fits`` (the indexes whose
    card fits the meld as itself) play wild; a wild-rank card in ``fits`` plays itself
    when :attr:`~rummykit.MeldRules.wild_as_natural` allows."""
    fitting = set(fits)
    naturals: list[int] = []
    wilds: list[int] = []
    for index, card in enumerate(cards):
        if card.rank is None or roles[index] is not None:
            wilds.append(index)
        elif card.rank in rules.wild_ranks:
            (naturals if rules.wild_as_natural and index in fitting else wilds).append(index)
        else:
            naturals.append(index)
    return naturals, wilds


@attrs.frozen
class SetShape(MeldShape):
    """Data: ``min_size`` to ``max_size`` cards alike in one respect (``alike``); with
    ``distinct``, no two equal natural cards (one deck's worth)."""

    alike: Alike = attrs.field(converter=Alike)
    min_size: int = 3
    max_size: int | None = None
    distinct: bool = False

    def __attrs_post_init__(self) -> None:
        if isinstance(self.min_size, bool) or not isinstance(self.min_size, int):
            raise ConfigError(f"min_size must be a whole number, got {self.min_size!r}")
        if self.min_size < 2:
            raise ConfigError(f"min_size must be at least 2, got {self.min_size}")
        if self.max_size is not None and (
            isinstance(self.max_size, bool)
            or not isinstance(self.max_size, int)
            or self.max_size < self.min_size
        ):
            raise ConfigError(f"max_size must be None or >= min_size, got {self.max_size!r}")

    @property
    def shares_rank(self) -> bool:  # type: ignore[override]
        """Whether the cards share a rank (a pair)."""
        return self.alike is Alike.RANK

    def key(self, card: Card) -> object:
        """What ``card`` (natural) shares with the other cards of the meld."""
        if self.alike is Alike.RANK:
            return card.rank
        assert card.suit is not None
        return card.suit if self.alike is Alike.SUIT else card.suit.colour

    def judge(
        self, kind: MeldKind, cards: Sequence[Card], rules: MeldRules, roles: Sequence[Role | None]
    ) -> Meld:
        """See :meth:`MeldShape.judge`: one key among the natural cards, the wild rules of
        ``rules``, the sizes; a wild card stands for the key's rank (one rank) or for a
        rank no natural card of the meld plays (one suit, one colour)."""
        name, size = kind.value, len(cards)
        alike = self.alike.value
        if size < self.min_size:
            params: dict[str, object] = {"kind": name, "least": self.min_size, "size": size}
            raise InvalidMeldError(Message("meld.kind_short", params), cards=cards)
        if self.max_size is not None and size > self.max_size:
            params = {"kind": name, "most": self.max_size, "size": size}
            raise InvalidMeldError(Message("meld.kind_long", params), cards=cards)
        for index, role in enumerate(roles):
            card = cards[index]
            if role is None:
                continue
            if card.rank is not None and card.rank not in rules.wild_ranks:
                raise InvalidMeldError(Message("meld.not_wild", {"card": card}), cards=cards)
            wants_card = self.alike is Alike.SUIT
            if isinstance(role, Card) is not wants_card:
                code = "meld.kind_role_card" if wants_card else "meld.kind_role_rank"
                params = {"kind": name, "role": role_text(role)}
                raise InvalidMeldError(Message(code, params), cards=cards)
        keys = [self.key(card) for card in cards if card.rank is not None]
        plain = [
            self.key(card)
            for index, card in enumerate(cards)
            if card.rank is not None and card.rank not in rules.wild_ranks and roles[index] is None
        ]
        declared = [self.key(role) for role in roles if isinstance(role, Card)]
        if self.alike is Alike.RANK:
            declared += [role for role in roles if isinstance(role, Rank)]
        fixed = list(dict.fromkeys(plain + declared))
        if len(fixed) > 1:
            shown = " ".join(_key_text(key) for key in fixed)
            params = {"kind": name, "alike": alike, "keys": shown}
            raise InvalidMeldError(Message("meld.kind_alike", params), cards=cards)
        if fixed:
            key = fixed[0]
        elif keys and rules.wild_as_natural:
            key = max(dict.fromkeys(keys), key=keys.count)  # the commonest, first on ties
        else:
            params = {"kind": name, "alike": alike}
            raise InvalidMeldError(Message("meld.kind_wild_only", params), cards=cards)
        fits = [
            i for i, card in enumerate(cards) if card.rank is not None and self.key(card) == key
        ]
        naturals, wilds = sort_wilds(cards, rules, roles, fits)
        misfit = [cards[i] for i in naturals if i not in set(fits)]
        if misfit:
            params = {"kind": name, "alike": alike, "cards": tuple(misfit), "key": _key_text(key)}
            raise InvalidMeldError(Message("meld.kind_misfit", params), cards=cards)
        least = max(1, rules.group_min_naturals)
        if len(naturals) < least:
            params = {"kind": name, "count": least}
            raise InvalidMeldError(Message("meld.kind_naturals", params), cards=cards)
        reason = check_wild_limit(rules, len(naturals), len(wilds))
        if reason is not None:
            raise InvalidMeldError(reason, cards=cards)
        natural_cards = sorted(cards[i] for i in naturals)
        if self.distinct and len(set(natural_cards)) < len(natural_cards):
            raise InvalidMeldError(Message("meld.kind_repeats", {"kind": name}), cards=cards)
        taken = {card.rank for card in natural_cards}
        wild_ranks: list[Rank] = []
        for index in wilds:
            role = roles[index]
            if isinstance(role, Card):
                assert role.rank is not None
                rank = role.rank
            elif isinstance(role, Rank):
                rank = role
            elif self.alike is Alike.RANK:
                assert isinstance(key, Rank)
                rank = key
            else:
                own = cards[index].rank
                rank = next(
                    (r for r in _DESCENDING if r not in taken and r is not own),
                    Rank.KING if own is not Rank.KING else Rank.QUEEN,
                )
            if self.alike is Alike.RANK and rank is not key:
                params = {"card": cards[index], "rank": rank.symbol, "kind": name}
                params["key"] = _key_text(key)
                raise InvalidMeldError(Message("meld.kind_role_key", params), cards=cards)
            taken.add(rank)
            wild_ranks.append(rank)
        table = (*natural_cards, *(cards[i] for i in wilds))
        ranks = tuple(card.rank for card in natural_cards if card.rank is not None)
        suit: Suit | None = None
        if self.alike is not Alike.RANK:
            suit = key if isinstance(key, Suit) else natural_cards[0].suit
        return Meld(kind, table, (*ranks, *wild_ranks), suit)

    def plays_wild(self, meld: Meld, index: int) -> bool:
        """A joker, a card playing another rank, or one of another suit or colour."""
        card = meld.cards[index]
        if card.rank is None or card.rank is not meld.ranks[index]:
            return True
        if self.alike is Alike.RANK:
            return False
        assert card.suit is not None and meld.suit is not None
        if self.alike is Alike.SUIT:
            return card.suit is not meld.suit
        return card.suit.colour is not meld.suit.colour

    def role(self, meld: Meld, index: int) -> Role:
        """A card in a flush (``JK(QS)``), a rank otherwise (``JK(7)``)."""
        if self.alike is Alike.SUIT:
            assert meld.suit is not None
            return Card(meld.ranks[index], meld.suit)
        return meld.ranks[index]

    def quick_fit(self, meld: Meld, card: Card, rules: MeldRules) -> bool | None:
        """A card of the meld's rank, suit or colour fits while the meld has room (and,
        with ``distinct``, does not hold it yet): a natural card never breaks a wild
        limit. A wild-rank card is judged."""
        if card.rank in rules.wild_ranks:
            return None
        if self.max_size is not None and len(meld) >= self.max_size:
            return False
        return not (self.distinct and card in meld.cards)

    def natural_role(self, card: Card) -> Role:
        """The card itself in a flush, its rank otherwise."""
        assert card.rank is not None
        return card if self.alike is Alike.SUIT else card.rank

    def fitting_cards(self, meld: Meld) -> Iterable[Card]:
        """The natural cards of the meld's rank, suit or colour."""
        if self.alike is Alike.RANK:
            return [card for card in _NATURALS if card.rank is meld.rank]
        assert meld.suit is not None
        if self.alike is Alike.SUIT:
            return [card for card in _NATURALS if card.suit is meld.suit]
        colour = meld.suit.colour
        return [card for card in _NATURALS if card.suit is not None and card.suit.colour is colour]


def _key_text(key: object) -> str:
    if isinstance(key, Rank):
        return key.symbol
    if isinstance(key, Suit):
        return key.name.lower()
    if isinstance(key, Colour):
        return key.value
    return str(key)


MeldKind.FLUSH = register_kind("flush", "F", SetShape(Alike.SUIT, min_size=3))
MeldKind.COLOUR = register_kind("colour", "C", SetShape(Alike.COLOUR, min_size=3))
MeldKind.PAIR = register_kind("pair", "P", SetShape(Alike.RANK, min_size=2, max_size=2))
