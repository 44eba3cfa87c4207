"""Laying off on melds: where a card fits a meld, at which end, and what a wild card
laid off stands for (joker exchanges, which build on these, are in
:mod:`rummykit.melds.exchange`).

Pure functions: they return new melds or raise
:class:`~rummykit.errors.InvalidMeldError` with the reason.

>>> from rummykit import AcePolicy, End, Meld, MeldRules, parse_card
>>> rules = MeldRules(ace=AcePolicy.WRAP)
>>> run = Meld.parse("2S 3S 4S 5S", rules)
>>> run = run.lay_off(parse_card("AS"), rules)           # round the corner
>>> run.lay_off(parse_card("KS"), rules)
Meld.parse('KS AS 2S 3S 4S 5S')
>>> run.lay_off(parse_card("7S"), rules)
Traceback (most recent call last):
...
rummykit.errors.InvalidMeldError: 7S does not fit AS 2S 3S 4S 5S: 6S is missing
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, final

import attrs

from rummykit._boundary import checked, one_of
from rummykit._sealed import Sealed
from rummykit.cards import CARDS, RANK_NATURALS, Card, Rank
from rummykit.errors import InvalidMeldError
from rummykit.melds.kinds import End, MeldKind, WildLimit
from rummykit.melds.meld import Meld, Role, role_text
from rummykit.melds.rules import MeldRules
from rummykit.melds.validate import tables_for
from rummykit.messages import Message

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


_END = one_of(End, what="End.LOW or End.HIGH")
_ROLE = one_of(Card, Rank, what="a Card or a Rank")
"""The options checked before the typed code (see :mod:`rummykit._boundary`)."""
_RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
"""``Rank(n)`` is ``_RANKS[n - 1]`` (an enum call is an interpreted call in both builds)."""


@final
@attrs.frozen
class Extension(Sealed):
    """A card that can be laid off on a meld, at which end of a run, playing what."""

    card: Card
    end: End | None
    role: Role


def wild_roles(meld: Meld) -> list[Role | None]:
    """What each wild card of ``meld`` stands for (``None`` at a natural card): the roles
    that validate the same meld again."""
    return [meld.role(index) if meld.is_wild_at(index) else None for index in range(len(meld))]


def layoff_rules(rules: MeldRules) -> MeldRules:
    """The rules a meld grown by lay-offs meets: ``rules`` without the wild-card limit
    unless ``wild_limit_on_layoff``."""
    if rules.wild_limit_on_layoff or rules.wild_limit is WildLimit.NONE:
        return rules
    return attrs.evolve(rules, wild_limit=WildLimit.NONE)


def _is_wild(card: Card, rules: MeldRules) -> bool:
    return card.rank is None or card.rank in rules.wild_ranks


def _next(rank: Rank, end: End) -> Rank:
    return _RANKS[rank % 13] if end is End.HIGH else _RANKS[(rank - 2) % 13]


@checked(end=_END, role=_ROLE)
def lay_off(
    meld: Meld,
    card: Card,
    rules: MeldRules,
    *,
    end: End | None = None,
    role: Role | None = None,
) -> Meld:
    """``meld`` with ``card`` added, checked against ``rules``.

    A run grows only at its ends. ``end`` says which end when the card fits both (a wild
    card, or the last card of a 12-card wrap-around run); without it the high end is
    tried first. ``role`` declares what a wild card stands for: in a
    run the card beyond one end, which fixes the end; in a group its rank. A meaning the
    meld cannot take, or one that disagrees with ``end``, is refused with the reason.

    >>> from rummykit import Meld, MeldRules, parse_card
    >>> rules = MeldRules()
    >>> run = Meld.parse("5H 6H 7H 8H", rules)
    >>> run.lay_off(parse_card("JK"), rules, role=parse_card("4H"))
    Meld.parse('JK(4H) 5H 6H 7H 8H')
    >>> run.lay_off(parse_card("JK"), rules, role=parse_card("4H"), end=End.HIGH)
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidMeldError: JK as 4H goes at the low end of 5H 6H 7H 8H, not the high end
    """
    if card.rank is not None and card.rank not in rules.wild_ranks and role is None:
        quick = _natural_lay_off(meld, card, rules, end)
        if quick is not None:
            return quick
    return _validated_lay_off(meld, card, rules, end, role)


@checked(end=_END, role=_ROLE)
def try_lay_off(
    meld: Meld, card: Card, rules: MeldRules, *, end: End | None = None, role: Role | None = None
) -> Meld | None:
    """:func:`~rummykit.lay_off`, or ``None`` where ``card`` does not fit (no reason is worked out).

    A natural card that plainly cannot fit (another rank beside a group's natural cards,
    not the card at a run's end) is turned away without building or validating a meld.

    >>> from rummykit import AcePolicy, Meld, MeldRules, parse_card
    >>> rules = MeldRules(ace=AcePolicy.WRAP)
    >>> run = Meld.parse("2S 3S 4S 5S", rules)
    >>> try_lay_off(run, parse_card("6S"), rules)
    Meld.parse('2S 3S 4S 5S 6S')
    >>> try_lay_off(run, parse_card("7S"), rules) is None
    True
    """
    return fit_lay_off(meld, card, rules, end, role)


def fit_lay_off(
    meld: Meld, card: Card, rules: MeldRules, end: End | None, role: Role | None
) -> Meld | None:
    """:func:`try_lay_off` without the check of its options (positional, all five), for
    code whose ``end`` and ``role`` are an :class:`~rummykit.End` and a role or ``None``
    already, such as an engine's lay-off listing: in the compiled build a call from
    compiled code skips the interpreted check. Input from users goes to
    :func:`try_lay_off`, which refuses a mistyped option with a
    :class:`~rummykit.errors.ConfigError`; here it is not checked.

    >>> from rummykit import MeldRules, parse_cards
    >>> rules = MeldRules()
    >>> run = rules.validate(parse_cards("5H 6H 7H 8H"))
    >>> fit_lay_off(run, parse_cards("9H")[0], rules, None, None)
    Meld.parse('5H 6H 7H 8H 9H')
    >>> fit_lay_off(run, parse_cards("9S")[0], rules, None, None) is None
    True
    """
    if not _is_wild(card, rules) and role is None:
        if _plainly_misfits(meld, card, rules, end):
            return None
        quick = _natural_lay_off(meld, card, rules, end)
        if quick is not None:
            return quick
    try:
        return _validated_lay_off(meld, card, rules, end, role)
    except InvalidMeldError:
        return None


def _plainly_misfits(meld: Meld, card: Card, rules: MeldRules, end: End | None) -> bool:
    """Whether natural ``card`` certainly does not fit ``meld`` (at ``end``): a group
    holding a natural card of another rank, or a run it does not extend at that end (a
    kind with a shape is judged in full)."""
    if meld.kind.shape is not None:
        return False
    if meld.kind is MeldKind.GROUP:
        wild_ranks = rules.wild_ranks
        return any(
            other.rank is not None and other.rank is not card.rank and other.rank not in wild_ranks
            for other in meld.cards
        )
    if card.suit is not meld.suit or len(meld) >= rules.run_max:
        return True
    above = end is not End.LOW and card.rank is _next(meld.high, End.HIGH)
    below = end is not End.HIGH and card.rank is _next(meld.low, End.LOW)
    return not (above or below)


def _validated_lay_off(
    meld: Meld, card: Card, rules: MeldRules, end: End | None, role: Role | None
) -> Meld:
    """:func:`~rummykit.lay_off` by a full validation of the grown meld, with the reason on
    failure."""
    check_rules = layoff_rules(rules)
    roles = wild_roles(meld)
    wild = _is_wild(card, rules)
    if role is not None and not wild and role != card:
        params: dict[str, object] = {"card": card, "role": role_text(role)}
        raise InvalidMeldError(Message("meld.role_not_wild", params), cards=meld.cards)
    if meld.kind.shape is not None:
        return _grown(meld, card, check_rules, meld.kind, (*roles, role))
    if meld.kind is MeldKind.GROUP:
        wild_role: Role | None = None
        if wild and card.rank is not meld.rank:
            wild_role = meld.rank
        if role is not None and role is not meld.rank:
            params = {
                "card": card,
                "role": role_text(role),
                "meld": meld.notation,
                "rank": meld.rank.symbol,
            }
            raise InvalidMeldError(Message("meld.group_role", params), cards=meld.cards)
        return _grown(meld, card, check_rules, MeldKind.GROUP, (*roles, wild_role))
    assert meld.suit is not None
    if len(meld) >= rules.run_max:
        full = Message("meld.run_full", {"most": rules.run_max})
        raise InvalidMeldError(_no_fit(card, meld, full), cards=meld.cards)
    below = Card(_next(meld.low, End.LOW), meld.suit)
    above = Card(_next(meld.high, End.HIGH), meld.suit)
    if role is not None:
        ends = _role_ends(meld, card, role, end, below, above)
    elif end is not None:
        ends = [end]
    else:
        ends = [End.HIGH, End.LOW]
    first_failure: InvalidMeldError | None = None
    for side in ends:
        target = above if side is End.HIGH else below
        if card is not target and not wild:
            continue
        new_role = None if card is target else target
        if side is End.HIGH:
            cards, new_roles = (*meld.cards, card), (*roles, new_role)
        else:
            cards, new_roles = (card, *meld.cards), (new_role, *roles)
        try:
            return check_rules.validate(
                cards, MeldKind.RUN, ordered=True, roles=new_roles
            ).with_owner(meld.owner)
        except InvalidMeldError as failure:
            first_failure = first_failure or failure
    if first_failure is not None:
        raise InvalidMeldError(_no_fit(card, meld, first_failure.message), cards=meld.cards)
    taken = above if ends[0] is End.HIGH else below
    where = Message("meld.end_takes", {"end": ends[0].value, "card": taken})
    if len(ends) == 2:
        if meld.suit is not card.suit:
            where = Message("meld.not_suit", {"suit": meld.suit.name.lower()[:-1]})
        else:
            gap = _gap(meld, card)
            held = any(meld.role(i) == card for i in range(len(meld)))
            if gap:
                where = Message("meld.gap", {"card": gap})
            elif held and card.rank is not None:
                where = Message("meld.rank_held", {"rank_name": card.rank.name.lower()})
            else:
                where = Message("meld.ends_only")
    raise InvalidMeldError(_no_fit(card, meld, where), cards=meld.cards)


def _grown(
    meld: Meld, card: Card, rules: MeldRules, kind: MeldKind, roles: Sequence[Role | None]
) -> Meld:
    """``meld`` with ``card`` added, validated as a ``kind`` whose cards play ``roles``
    (the meld's owner kept), or the reason the card does not fit."""
    try:
        return rules.validate((*meld.cards, card), kind, roles=roles).with_owner(meld.owner)
    except InvalidMeldError as error:
        raise InvalidMeldError(
            _no_fit(card, meld, error.message), cards=(*meld.cards, card)
        ) from None


def _no_fit(card: Card, meld: Meld, detail: Message) -> Message:
    """``card does not fit meld: detail``."""
    return Message("meld.no_fit", {"card": card, "meld": meld.notation, "detail": detail})


def _role_ends(
    meld: Meld, card: Card, role: Role, end: End | None, below: Card, above: Card
) -> list[End]:
    """The ends of run ``meld`` at which ``card`` plays ``role`` (just ``end`` if given)."""
    if role not in (below, above):
        params: dict[str, object] = {
            "card": card,
            "role": role_text(role),
            "meld": meld.notation,
            "below": below,
            "above": above,
        }
        raise InvalidMeldError(Message("meld.run_role", params), cards=meld.cards)
    ends = [side for side, taken in ((End.HIGH, above), (End.LOW, below)) if taken == role]
    if end is None:
        return ends
    if end not in ends:
        params = {
            "card": card,
            "role": role_text(role),
            "end": ends[0].value,
            "meld": meld.notation,
            "other_end": end.value,
        }
        raise InvalidMeldError(Message("meld.role_end", params), cards=meld.cards)
    return [end]


def _natural_lay_off(meld: Meld, card: Card, rules: MeldRules, end: End | None) -> Meld | None:
    """The common case without a full validation: a natural card that plainly fits.

    Returns ``None`` when the card does not plainly fit; the full path then decides and
    explains. A natural card never worsens a wild-card limit.
    """
    assert card.rank is not None
    if meld.kind.shape is not None:
        return None
    size = len(meld) + 1
    if meld.kind is MeldKind.GROUP:
        if card.rank is not meld.rank or (rules.group_max is not None and size > rules.group_max):
            return None
        # A group's card is wild unless it has the group's rank (Meld.is_wild_at, not
        # called: an interpreted method per card).
        rank = meld.rank
        wild: list[Card] = []
        naturals: list[Card] = []
        for c in meld.cards:
            (naturals if c.rank is rank else wild).append(c)
        if rules.group_distinct_suits and card in naturals:
            return None
        cards = (*sorted([*naturals, card], key=_code), *wild)
        return Meld(MeldKind.GROUP, cards, (meld.rank,) * size, None, owner=meld.owner)
    if card.suit is not meld.suit or size > rules.run_max:
        return None
    table = tables_for(rules)
    if end is not End.LOW and card.rank is _RANKS[meld.high % 13]:
        ranks = (*meld.ranks, card.rank)
        if tuple(int(r) for r in ranks) in table.orders:
            return Meld(MeldKind.RUN, (*meld.cards, card), ranks, meld.suit, owner=meld.owner)
    if end is not End.HIGH and card.rank is _RANKS[(meld.low - 2) % 13]:
        ranks = (card.rank, *meld.ranks)
        if tuple(int(r) for r in ranks) in table.orders:
            return Meld(MeldKind.RUN, (card, *meld.cards), ranks, meld.suit, owner=meld.owner)
    return None


def _code(card: Card) -> int:
    return card.code


def _gap(meld: Meld, card: Card) -> str:
    """The run's missing card between ``card`` and the nearer end, if there is one gap."""
    assert meld.suit is not None and card.rank is not None
    for side in (End.HIGH, End.LOW):
        rank = meld.high if side is End.HIGH else meld.low
        step = _next(rank, side)
        if _next(step, side) is card.rank:
            return Card(step, meld.suit).notation
    return ""


def extensions(meld: Meld, rules: MeldRules) -> tuple[Extension, ...]:
    """Every card that can be laid off on ``meld``, with its end and role, in card order.

    >>> from rummykit import AcePolicy, Meld, MeldRules
    >>> rules = MeldRules(ace=AcePolicy.WRAP)
    >>> [(e.card, e.end.value) for e in Meld.parse("JD QD KD AD", rules).extensions(rules)]
    [(2D, 'high'), (10D, 'low'), (JK, 'high'), (JK, 'low')]
    """
    found: list[Extension] = []
    is_run = meld.kind is MeldKind.RUN
    shape = meld.kind.shape
    # The natural cards worth judging, with the sides each may go to: a run's end cards,
    # a group's rank, a shape's fitting cards; every other natural card plainly misfits.
    tries: dict[Card, tuple[End | None, ...]] = {}
    if is_run:
        assert meld.suit is not None
        if len(meld) < rules.run_max:
            above = Card(_next(meld.high, End.HIGH), meld.suit)
            below = Card(_next(meld.low, End.LOW), meld.suit)
            tries[above] = (End.HIGH,)
            tries[below] = (End.HIGH, End.LOW) if below is above else (End.LOW,)
    elif shape is not None:
        tries = dict.fromkeys(shape.fitting_cards(meld), (None,))
    else:
        wild_ranks = rules.wild_ranks
        plain = [c.rank for c in meld.cards if c.rank is not None and c.rank not in wild_ranks]
        if plain:
            tries = dict.fromkeys(RANK_NATURALS[plain[0]], (None,))
        else:  # wild-rank cards alone: any card may re-read them, so judge every one
            tries = dict.fromkeys(CARDS[:52], (None,))
    sides: tuple[End | None, ...] = (End.HIGH, End.LOW) if is_run else (None,)
    # A wild-rank card that cannot play as itself here fits where the joker does, playing
    # what the joker plays: the joker's placements are worked out once, per side.
    as_joker: dict[End | None, Role | None] = {}
    wild_cards = _wild_list(rules.wild_ranks)
    naturals = [card for card in tries if card.rank not in rules.wild_ranks]
    for card in (*wild_cards, *naturals):
        wild = card.rank is None or card.rank in rules.wild_ranks
        if not wild:
            card_sides = tries[card]
        elif card.rank is None and not rules.jokers_allowed:
            continue
        else:
            card_sides = sides
        for side in card_sides:
            if wild and card.rank is not None and side in as_joker and card not in tries:
                role = as_joker[side]
                if role is not None:
                    found.append(Extension(card, side, role))
                continue
            if shape is not None and not wild:
                quick = shape.quick_fit(meld, card, rules)
                if quick is not None:
                    if quick:
                        found.append(Extension(card, side, shape.natural_role(card)))
                    continue
            grown = fit_lay_off(meld, card, rules, side, None)
            if grown is None:
                if card.rank is None:
                    as_joker[side] = None
                continue
            if shape is None:
                index = len(grown) - 1 if side is not End.LOW else 0
            else:  # a shaped meld keeps its own order: the card's last place is the new one
                index = max(i for i, held in enumerate(grown.cards) if held is card)
            role = grown.role(index)
            if card.rank is None:
                as_joker[side] = role
            found.append(Extension(card, side, role))
    found.sort(key=_extension_order)
    return tuple(found)


_WILD_LISTS: dict[frozenset[Rank], tuple[Card, ...]] = {}


def _wild_list(wild_ranks: frozenset[Rank]) -> tuple[Card, ...]:
    """The joker, then every card of ``wild_ranks`` (:func:`extensions` reuses the
    joker's placements for them); a few sets of wild ranks are ever met."""
    found = _WILD_LISTS.get(wild_ranks)
    if found is None:
        found = (CARDS[52], *(card for card in CARDS[:52] if card.rank in wild_ranks))
        if len(_WILD_LISTS) < 64:
            _WILD_LISTS[wild_ranks] = found
    return found


def _extension_order(extension: Extension) -> int:
    return extension.card.code
