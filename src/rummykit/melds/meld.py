"""The :class:`Meld` value: cards in table order and the rank each one plays.

A meld's notation lists its cards in table order (a run from its low end up); a wild
card in a run is followed by the card it stands for in brackets, a wild card of a wild
rank in a group by the rank it plays:

>>> from rummykit import Meld, MeldRules
>>> meld = Meld.parse("9C 10C JK QC", MeldRules())
>>> meld
Meld.parse('9C 10C JK(JC) QC')
>>> meld.kind, meld.low, meld.high
(MeldKind.RUN, <Rank.NINE: 9>, <Rank.QUEEN: 12>)
>>> Meld.parse(meld.notation, MeldRules()) == meld
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from rummykit.cards import JOKER, Card, Rank, Suit, parse_card
from rummykit.errors import NotationError
from rummykit.melds.kinds import End, MeldKind
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.melds.layoff import Extension
    from rummykit.melds.rules import MeldRules

Role = Card | Rank
"""What a wild card plays: a card in a run, a rank in a group."""


@attrs.frozen(repr=False, cache_hash=True)
class Meld:
    """A validated meld. Build one with :meth:`MeldRules.validate` or :meth:`parse`.

    ``cards`` are in table order; ``ranks[i]`` is the rank ``cards[i]`` plays (for a
    joker, the rank it stands for); ``suit`` is a run's or a flush's suit (``None`` for a
    group or a pair; for a colour meld, the suit of its first natural card, which names
    its colour);
    ``owner`` is the seat that laid it down, if known.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    ranks: tuple[Rank, ...]
    suit: Suit | None = None
    owner: int | None = attrs.field(default=None, kw_only=True)

    @property
    def rank(self) -> Rank:
        """A group's rank (for a run, the rank at its low end)."""
        return self.ranks[0]

    @property
    def low(self) -> Rank:
        """The rank at a run's low end."""
        return self.ranks[0]

    @property
    def high(self) -> Rank:
        """The rank at a run's high end."""
        return self.ranks[-1]

    def __len__(self) -> int:
        return len(self.cards)

    def is_wild_at(self, index: int) -> bool:
        """Whether the card at ``index`` plays as something other than itself."""
        shape = self.kind.shape
        if shape is not None:
            return shape.plays_wild(self, index)
        card = self.cards[index]
        if card.rank is None or card.rank != self.ranks[index]:
            return True
        return self.suit is not None and card.suit is not self.suit

    @property
    def wild_positions(self) -> tuple[int, ...]:
        """The indexes of the wild cards (jokers and wild ranks standing in)."""
        return tuple(index for index in range(len(self.cards)) if self.is_wild_at(index))

    @property
    def wild_count(self) -> int:
        """How many cards play as something other than themselves."""
        return len(self.wild_positions)

    def role(self, index: int) -> Role:
        """What the card at ``index`` plays: a card in a run, a rank in a group (a
        kind's shape says for the other kinds: a card in a flush, a rank otherwise)."""
        shape = self.kind.shape
        if shape is not None:
            return shape.role(self, index)
        if self.suit is None:
            return self.ranks[index]
        return Card(self.ranks[index], self.suit)

    def stand_ins(self) -> dict[int, str]:
        """For each wild card's index, the notation of what it stands for.

        >>> from rummykit import MeldRules
        >>> Meld.parse("JK 9C 10C JC", MeldRules()).stand_ins()
        {0: '8C'}
        """
        return {index: role_text(self.role(index)) for index in self.wild_positions}

    @property
    def notation(self) -> str:
        """The meld's notation; :meth:`parse` reads it back to an equal meld."""
        parts = []
        for index, card in enumerate(self.cards):
            if not self.is_wild_at(index):
                parts.append(card.notation)
            elif self.suit is None and card is JOKER:
                parts.append("JK")
            else:
                parts.append(f"{card.notation}({role_text(self.role(index))})")
        return " ".join(parts)

    def __repr__(self) -> str:
        kind = "" if self.kind.shape is None else f", kind={self.kind.value!r}"
        owner = "" if self.owner is None else f", owner={self.owner}"
        return f"Meld.parse({self.notation!r}{kind}{owner})"

    def __str__(self) -> str:
        return self.notation

    def _repr_svg_(self) -> str:
        """The meld as a picture, jokers showing what they stand for, for notebooks."""
        from rummykit import svg  # the picture layer loads only when a notebook asks

        return svg.meld(self)

    def with_owner(self, owner: int | None) -> Meld:
        """The same meld recorded as laid down by ``owner``."""
        if owner == self.owner:
            return self
        return Meld(self.kind, self.cards, self.ranks, self.suit, owner=owner)

    @classmethod
    def parse(
        cls,
        text: str,
        rules: MeldRules | None = None,
        *,
        kind: MeldKind | str | None = None,
        owner: int | None = None,
    ) -> Meld:
        """Read and validate a meld; ``rules`` default to
        :func:`~rummykit.melds.rules.reading_rules` (the rules a ``repr`` reads back with),
        allowing ``kind`` too when one is named (a kind or its name: ``kind="flush"``).

        A wild card may carry what it stands for in brackets: ``JK(8C)``, or ``JK(7)``
        in a group. Without brackets, the rule of :meth:`MeldRules.validate` decides.

        >>> Meld.parse("2S 9S JK(QS) KS", kind="flush")
        Meld.parse('2S 9S KS JK(QS)', kind='flush')
        """
        from rummykit.melds.rules import reading_rules

        cards, roles = parse_meld_tokens(text)
        wanted = kind if kind is None or isinstance(kind, MeldKind) else MeldKind.named(kind)
        if rules is None:
            rules = reading_rules()
            if wanted is not None and wanted not in rules.kinds:
                rules = attrs.evolve(rules, kinds=(*rules.kinds, wanted))
        meld = rules.validate(cards, wanted, roles=roles)
        return meld if owner is None else meld.with_owner(owner)

    def extensions(self, rules: MeldRules) -> tuple[Extension, ...]:
        """Every card that can be laid off on this meld, and at which end."""
        from rummykit.melds.layoff import extensions

        return extensions(self, rules)

    def lay_off(
        self, card: Card, rules: MeldRules, *, end: End | None = None, role: Role | None = None
    ) -> Meld:
        """This meld with ``card`` added (see :func:`rummykit.lay_off`)."""
        from rummykit.melds.layoff import lay_off

        return lay_off(self, card, rules, end=end, role=role)


def role_text(role: Role) -> str:
    """The notation of what a wild card stands for: a card (``8C``) or a rank (``7``),
    as written in brackets after it (``JK(8C)``, ``JK(7)``)."""
    return role.symbol if isinstance(role, Rank) else role.notation


_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank} | {"T": Rank.TEN}


def parse_role(text: str) -> Role:
    """Read what a wild card stands for (the notation :func:`role_text` writes): a rank
    (``7``, ``Q``) or a natural card (``8C``), never a joker.

    >>> parse_role("8c"), parse_role("q")
    (8C, <Rank.QUEEN: 12>)
    """
    upper = text.upper()
    if upper in _RANK_BY_SYMBOL:
        return _RANK_BY_SYMBOL[upper]
    try:
        role = parse_card(text)
    except NotationError as error:
        said = Message("notation.stand_in", {"text": repr(text), "detail": error.message})
        raise NotationError(said, text=text, token=text, position=0) from None
    if role.is_joker:
        said = Message("notation.stand_in_joker")
        raise NotationError(said, text=text, token=text, position=0)
    return role


def parse_meld_tokens(text: str) -> tuple[tuple[Card, ...], tuple[Role | None, ...]]:
    """Split meld notation into its cards and the declared role of each (or ``None``)."""
    if not isinstance(text, str):
        said = Message("notation.not_text", {"type": type(text).__name__})
        raise NotationError(said, text="", token="", position=0)
    cards: list[Card] = []
    roles: list[Role | None] = []
    for position, token in enumerate(text.replace(",", " ").split()):
        role: Role | None = None
        card_text = token
        if token.endswith(")") and "(" in token:
            card_text, _, inner = token[:-1].partition("(")
            try:
                role = parse_role(inner)
            except NotationError as error:
                raise NotationError(
                    error.message, text=text, token=token, position=position
                ) from None
        try:
            card = parse_card(card_text)
        except NotationError as error:
            raise NotationError(error.message, text=text, token=token, position=position) from None
        cards.append(card)
        roles.append(role)
    return tuple(cards), tuple(roles)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards in ASCII notation, for messages."""
    return " ".join(card.notation for card in cards)
