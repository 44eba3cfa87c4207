"""Joker exchanges: putting a natural card in place of a wild card of a meld on the
table, and where the freed wild card may go (another place of the same meld, another
meld, or the hand).

Pure functions over :class:`~rummykit.melds.meld.Meld` values, like the lay-offs they
build on (:mod:`rummykit.melds.layoff`): they return new tables or raise
:class:`~rummykit.errors.InvalidMeldError` with the reason.

>>> from rummykit import Meld, MeldRules, joker_exchanges, parse_card
>>> rules = MeldRules()
>>> table = [Meld.parse("9C 10C JK QC", rules)]
>>> [(x.target, x.end, x.role) for x in joker_exchanges(table, 0, parse_card("JC"), rules)]
[(0, <End.HIGH: 'high'>, KC), (0, <End.LOW: 'low'>, 8C)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, final

import attrs

from rummykit._boundary import checked, flag
from rummykit._sealed import Sealed
from rummykit.cards import RANK_NATURALS, Card, Rank
from rummykit.errors import InvalidMeldError
from rummykit.melds.kinds import End, MeldKind
from rummykit.melds.layoff import lay_off, layoff_rules, wild_roles
from rummykit.melds.meld import Meld, Role
from rummykit.melds.rules import MeldRules
from rummykit.messages import Message

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


@final
@attrs.frozen
class JokerExchange(Sealed):
    """One way to exchange a joker: the new table, and where the freed joker went.

    ``melds`` is the whole table afterwards; ``source`` is the index of the meld the
    joker left; ``target`` the index of the meld it went to (``None``: into the hand),
    at ``end`` of a run, where it plays ``role`` (a card in a run, a rank in a group;
    ``None`` in the hand).
    """

    melds: tuple[Meld, ...]
    joker: Card
    source: int
    target: int | None
    end: End | None
    role: Role | None = None


def replacing_cards(meld: Meld) -> frozenset[Card]:
    """The natural cards that may take the place of a wild card of ``meld``: those for
    which :func:`wild_replacements` is not empty (in a run the cards its wild cards stand
    for, in a group the four cards of its rank). Engines ask it once per meld, instead
    of :func:`wild_replacements` once per held card.

    >>> from rummykit import Meld, MeldRules
    >>> sorted(replacing_cards(Meld.parse("9C 10C JK QC", MeldRules())))
    [JC]
    """
    positions = meld.wild_positions
    if not positions:
        return frozenset()
    if meld.kind is MeldKind.RUN:
        roles = [meld.role(position) for position in positions]
        return frozenset(role for role in roles if isinstance(role, Card))
    shape = meld.kind.shape
    if shape is not None:
        return frozenset(
            card
            for card in shape.fitting_cards(meld)
            if any(_replaces(meld, position, card) for position in positions)
        )
    assert meld.rank is not None  # a group with a wild card has its rank
    return RANK_NATURALS[meld.rank]


@checked(jokers_only=flag)
def wild_replacements(meld: Meld, card: Card, *, jokers_only: bool = False) -> tuple[int, ...]:
    """The positions of ``meld``'s wild cards that natural ``card`` may take the place
    of: in a run the wild card standing for exactly ``card``, in a group any wild card
    when ``card`` has the group's rank (``jokers_only``: printed jokers only). Empty
    means :func:`~rummykit.joker_exchanges` finds no exchange.

    >>> from rummykit import Meld, MeldRules, parse_card
    >>> rules = MeldRules()
    >>> meld = Meld.parse("9C 10C JK QC", rules)
    >>> wild_replacements(meld, parse_card("JC")), wild_replacements(meld, parse_card("JH"))
    ((2,), ())
    """
    if meld.kind.shape is not None:
        return tuple(
            position
            for position in meld.wild_positions
            if (meld.cards[position].is_joker or not jokers_only)
            and _replaces(meld, position, card)
        )
    return tuple(
        position
        for position in meld.wild_positions
        if (meld.role(position) == card if meld.kind is MeldKind.RUN else card.rank == meld.rank)
        and (meld.cards[position].is_joker or not jokers_only)
    )


def _replaces(meld: Meld, position: int, card: Card) -> bool:
    """Whether natural ``card`` in place of the wild card at ``position`` of a meld of a
    shaped kind makes a meld of that kind where it plays itself (judged by the shape,
    under rules that allow the meld's kind and any number of wild cards)."""
    shape = meld.kind.shape
    assert shape is not None
    if card.rank is None or card not in shape.fitting_cards(meld):
        return False
    cards = list(meld.cards)
    cards[position] = card
    roles = wild_roles(meld)
    roles[position] = None
    try:
        grown = shape.judge(meld.kind, cards, _OPEN_RULES, roles)
    except InvalidMeldError:
        return False
    return any(c is card and not grown.is_wild_at(i) for i, c in enumerate(grown.cards))


_OPEN_RULES: Final = MeldRules(wild_ranks=frozenset(Rank))
"""Rules that let a shape judge a replacement by its own terms alone: every wild card of
the meld keeps its declared role, every other card may play itself."""


@checked(to_hand=flag, from_groups=flag, jokers_only=flag)
def joker_exchanges(
    table: Sequence[Meld],
    index: int,
    card: Card,
    rules: MeldRules,
    *,
    to_hand: bool = False,
    from_groups: bool = True,
    jokers_only: bool = False,
) -> tuple[JokerExchange, ...]:
    """Every legal way to put natural ``card`` in place of a wild card of ``table[index]``.

    The natural card must be exactly what the wild card stands for in a run, or any card
    of the group's rank. The freed wild card then goes to another position
    of the same meld, or onto another meld that stays valid with it, or with ``to_hand``
    into the player's hand. No place for it means no exchange: the error says why.
    ``from_groups=False`` frees wild cards from runs only, and ``jokers_only=True`` frees
    printed jokers only, never a wild-rank card (as some house rules do).
    """
    if not 0 <= index < len(table):
        params: dict[str, object] = {"index": index, "count": len(table)}
        raise InvalidMeldError(Message("meld.no_such_meld", params), cards=(card,))
    meld = table[index]
    if card.rank is None:
        raise InvalidMeldError(Message("meld.joker_for_joker"), cards=(card,))
    if meld.kind is not MeldKind.RUN and not from_groups:
        params = {"meld": meld.notation}
        raise InvalidMeldError(Message("meld.runs_only", params), cards=meld.cards)
    candidates = wild_replacements(meld, card, jokers_only=jokers_only)
    if not candidates:
        params = {"card": card, "meld": meld.notation}
        raise InvalidMeldError(Message("meld.replaces_none", params), cards=meld.cards)
    check_rules = layoff_rules(rules)
    outcomes: list[JokerExchange] = []
    seen: set[tuple[Meld, ...]] = set()
    reasons: list[Message] = []
    for position in candidates:
        freed = meld.cards[position]
        cards = list(meld.cards)
        cards[position] = card
        roles = wild_roles(meld)
        roles[position] = None
        try:
            replaced = check_rules.validate(
                cards, meld.kind, ordered=meld.kind is MeldKind.RUN, roles=roles
            ).with_owner(meld.owner)
        except InvalidMeldError as error:
            reasons.append(error.message)
            continue
        places: list[tuple[int | None, End | None]] = [(index, End.HIGH), (index, End.LOW)]
        if meld.kind is not MeldKind.RUN:
            places = [(index, None)]
        for other, other_meld in enumerate(table):
            if other == index:
                continue
            if other_meld.kind is not MeldKind.RUN:
                places.append((other, None))
            else:
                places += [(other, End.HIGH), (other, End.LOW)]
        if to_hand:
            places.append((None, None))
        for target, side in places:
            new_table = list(table)
            new_table[index] = replaced
            role: Role | None = None
            if target is not None:
                try:
                    grown = lay_off(new_table[target], freed, rules, end=side)
                except InvalidMeldError as error:
                    reasons.append(error.message)
                    continue
                new_table[target] = grown
                role = grown.role(0 if side is End.LOW else len(grown) - 1)
            key = tuple(new_table)
            if key in seen:
                continue
            seen.add(key)
            outcomes.append(JokerExchange(key, freed, index, target, side, role))
    if not outcomes:
        if reasons:
            params = {"meld": meld.notation, "detail": reasons[-1]}
            raise InvalidMeldError(Message("meld.no_place_why", params), cards=meld.cards)
        params = {"meld": meld.notation}
        raise InvalidMeldError(Message("meld.no_place", params), cards=meld.cards)
    return tuple(outcomes)
