"""Meld validation: is this a group or a run under these rules, and what does each joker play?

Natural cards take a fast integer path (a rank mask looked up in the window table). Wild
cards are placed by a documented rule:

1. A wild card with a declared role (``JK(8C)``, or ``roles=``) plays that role.
2. In a run, wild cards first fill the gaps between natural cards.
3. Spare wild cards go to the ends. As many go below the low end as were written before
   the first natural card, the rest above the high end; where an end is blocked (the ace
   without wrap-around, a wild-only rank), they go to the other end. So ``9C 10C JC JK``
   is 9-Q and ``JK 9C 10C JC`` is 8-J.
4. A wild-rank card (deuces wild) counts as itself where that makes a meld, otherwise as
   a wild card (unless :attr:`.MeldRules.wild_as_natural` is false).
5. With ``kind=None``, cards whose naturals share a rank are tried as a group first.
6. A group lists its natural cards in card order, then its wild cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rummykit._memo import BoundedMemo
from rummykit.cards import CARDS, Card, Rank, Suit
from rummykit.errors import InvalidMeldError
from rummykit.melds.kinds import AcePolicy, MeldKind, WildLimit
from rummykit.melds.meld import Meld, Role
from rummykit.melds.windows import Window, WindowTable, mask_of, window_table
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.melds.rules import MeldRules

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


RANK_OF: tuple[int, ...] = tuple(0 if card.rank is None else int(card.rank) for card in CARDS)
SUIT_OF: tuple[int, ...] = tuple(-1 if card.suit is None else card.suit.index for card in CARDS)
_SUITS = tuple(Suit)
_RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
"""``Rank(n)`` is ``_RANKS[n - 1]`` (an enum call is an interpreted call in both builds)."""


RANK_BIT: tuple[int, ...] = tuple(0 if rank == 0 else 1 << (rank - 1) for rank in RANK_OF)
SUIT_BIT: tuple[int, ...] = tuple(0 if suit < 0 else 1 << suit for suit in SUIT_OF)
_TABLES: Final = BoundedMemo["MeldRules", WindowTable]("validator tables", rules=4)
"""The run windows of each rules value met lately (:func:`tables_for`)."""


def tables_for(rules: MeldRules) -> WindowTable:
    """The run windows of ``rules``: built once per ace policy and excluded ranks (a
    bounded cache, however many rules values are seen)."""
    table = _TABLES.get(rules)
    if table is None:
        excluded = 0
        if not rules.wild_as_natural:
            excluded = mask_of([int(rank) for rank in rules.wild_ranks])
        table = _TABLES.put(rules, window_table(rules.ace, excluded))
    return table


def natural_accepts(rules: MeldRules, codes: Sequence[int], kind: MeldKind | None) -> bool:
    """Whether natural cards (by code) form a meld: the allocation-free hot path."""
    size = len(codes)
    rank_mask = suit_mask = 0
    for code in codes:
        rank_mask |= RANK_BIT[code]
        suit_mask |= SUIT_BIT[code]
    if not rank_mask & (rank_mask - 1):  # one rank: a group or nothing
        if kind is MeldKind.RUN or size < rules.group_min:
            return False
        if rules.group_max is not None and size > rules.group_max:
            return False
        if size < rules.group_min_naturals:
            return False
        return not rules.group_distinct_suits or len(set(codes)) == size
    if suit_mask & (suit_mask - 1) or kind is MeldKind.GROUP:
        return False
    if rank_mask.bit_count() != size or not rules.run_min <= size <= rules.run_max:
        return False
    if size < rules.run_min_naturals:
        return False
    return rank_mask in tables_for(rules).by_mask[size]


def check_wild_limit(rules: MeldRules, naturals: int, wilds: int) -> Message | None:
    """The reason ``wilds`` wild cards break the rules beside ``naturals``, or ``None``."""
    if wilds and not rules.jokers_allowed:
        return Message("meld.no_wilds")
    limit = rules.max_jokers_per_meld
    if limit is not None and wilds > limit:
        return Message("meld.wilds_most", {"most": limit, "count": wilds})
    counts = {"wilds": wilds, "naturals": naturals}
    if rules.wild_limit is WildLimit.AT_MOST_NATURALS and wilds > naturals:
        return Message("meld.wilds_outnumber", counts)
    if rules.wild_limit is WildLimit.FEWER_THAN_NATURALS and wilds and wilds >= naturals:
        return Message("meld.naturals_outnumber", counts)
    return None


def natural_verdict(
    rules: MeldRules, cards: Sequence[Card], kind: MeldKind | None
) -> tuple[MeldKind, Window | None] | Message:
    """Judge cards that are all natural: the kind and run window, or the reason not.

    This is the hot path of :meth:`.MeldRules.accepts`; it allocates almost nothing.
    """
    size = len(cards)
    first = cards[0].code
    rank = RANK_OF[first]
    suit = SUIT_OF[first]
    same_rank = same_suit = True
    for card in cards:
        code = card.code
        if RANK_OF[code] != rank:
            same_rank = False
        if SUIT_OF[code] != suit:
            same_suit = False
    if same_rank and kind is not MeldKind.RUN:
        # Two or more cards of one rank are never a run, so a group decides.
        reason = _group_size_reason(rules, size, 0, cards)
        return (MeldKind.GROUP, None) if reason is None else reason
    if same_suit and kind is not MeldKind.GROUP:
        mask = 0
        for card in cards:
            mask |= 1 << (RANK_OF[card.code] - 1)
        if mask.bit_count() != size:
            return Message("meld.run_repeats", {"card": _repeated(cards)})
        if size < rules.run_min:
            return Message("meld.run_short", {"least": rules.run_min, "size": size})
        if size > rules.run_max:
            return Message("meld.run_long", {"most": rules.run_max, "size": size})
        if size < rules.run_min_naturals:
            return Message("meld.run_naturals", {"count": rules.run_min_naturals})
        window = tables_for(rules).by_mask[size].get(mask)
        if window is not None:
            return (MeldKind.RUN, window)
        return _run_failure(rules, cards, mask, 0, ordered=False)
    if kind is MeldKind.GROUP:
        return Message("meld.group_odd", {"odd": _odd_one(cards, by_rank=True)})
    if kind is MeldKind.RUN:
        return Message("meld.run_suits", {"odd": _odd_one(cards, by_rank=False)})
    if len({RANK_OF[card.code] for card in cards}) == size:  # distinct ranks: meant as a run
        return Message("meld.run_suits", {"odd": _odd_one(cards, by_rank=False)})
    return Message("meld.no_shape", {"cards": tuple(cards)})


def _group_size_reason(
    rules: MeldRules, size: int, wilds: int, naturals: Sequence[Card]
) -> Message | None:
    if size < rules.group_min:
        return Message("meld.group_short", {"least": rules.group_min, "size": size})
    if rules.group_max is not None and size > rules.group_max:
        return Message("meld.group_long", {"most": rules.group_max, "size": size})
    if len(naturals) < rules.group_min_naturals:
        return Message("meld.group_naturals", {"count": rules.group_min_naturals})
    if rules.group_distinct_suits:
        seen: set[int] = set()
        for card in naturals:
            if card.code in seen:
                return Message("meld.group_repeats", {"card": card})
            seen.add(card.code)
    return None


def _repeated(cards: Sequence[Card]) -> str:
    seen: set[int] = set()
    for card in cards:
        rank = RANK_OF[card.code]
        if rank in seen:
            return card.notation
        seen.add(rank)
    return "a rank"


def _odd_one(cards: Sequence[Card], *, by_rank: bool) -> Message:
    table = RANK_OF if by_rank else SUIT_OF
    first = cards[0]
    for card in cards[1:]:
        if table[card.code] != table[first.code]:
            if by_rank:
                return Message("meld.differ_ranks", {"first": first, "second": card})
            return Message("meld.differ_suits", {"first": first, "second": card})
    return Message("meld.cards", {"cards": tuple(cards)})


def _names(ranks: Sequence[int], suit: int) -> str:
    if suit < 0:
        return " ".join(Rank(rank).symbol for rank in ranks)
    return " ".join(CARDS[13 * suit + rank - 1].notation for rank in ranks)


def _run_failure(
    rules: MeldRules, cards: Sequence[Card], fixed: int, wilds: int, *, ordered: bool
) -> Message:
    """Why no window of ``len(cards)`` ranks holds the ranks in ``fixed``."""
    size = len(cards)
    suit = next((SUIT_OF[card.code] for card in cards if SUIT_OF[card.code] >= 0), -1)
    anywhere = [w for w in window_table(AcePolicy.WRAP).by_size[size] if w.mask & fixed == fixed]
    if anywhere:
        allowed = [w for w in tables_for(rules).by_size[size] if w.mask & fixed == fixed]
        if allowed and ordered:
            return Message("meld.run_order", {"cards": tuple(cards)})
        if allowed:
            return Message("meld.wild_at_end")
        policy = window_table(rules.ace)
        if any(w.mask & fixed == fixed for w in policy.by_size[size]):
            wild_only = " ".join(sorted(rank.symbol for rank in rules.wild_ranks))
            return Message("meld.wild_rank_only", {"ranks": wild_only})
        low = any(w.mask & fixed == fixed for w in window_table(AcePolicy.LOW).by_size[size])
        high = any(w.mask & fixed == fixed for w in window_table(AcePolicy.HIGH).by_size[size])
        if rules.ace is AcePolicy.HIGH and low:
            return Message("meld.ace_high_only")
        if rules.ace is AcePolicy.LOW and high:
            return Message("meld.ace_low_only")
        return Message("meld.no_wrap")
    # Too many gaps: name the missing cards of the shortest stretch holding the ranks.
    for length in range(size + 1, 14):
        for table in (tables_for(rules), window_table(AcePolicy.WRAP)):
            for window in table.by_size[length]:
                if window.mask & fixed == fixed:
                    missing = [rank for rank in window.ranks if not fixed & (1 << (rank - 1))]
                    params: dict[str, object] = {
                        "cards": tuple(cards),
                        "missing": _names(missing, suit),
                    }
                    if wilds:
                        code = "meld.run_gap_wilds" if len(missing) == 1 else "meld.run_gaps_wilds"
                        return Message(code, params | {"wilds": wilds})
                    code = "meld.run_gap" if len(missing) == 1 else "meld.run_gaps"
                    return Message(code, params)
    return Message("meld.not_run", {"cards": tuple(cards)})  # pragma: no cover - all fit 13


def _build_natural(rules: MeldRules, cards: Sequence[Card], codes: list[int]) -> Meld:
    """The meld of natural cards that :func:`natural_accepts` has accepted."""
    rank_mask = 0
    for code in codes:
        rank_mask |= RANK_BIT[code]
    size = len(codes)
    if not rank_mask & (rank_mask - 1):
        rank = _RANKS[RANK_OF[codes[0]] - 1]
        return Meld(MeldKind.GROUP, tuple(sorted(cards)), (rank,) * size, None)
    window = tables_for(rules).by_mask[size][rank_mask]
    by_rank = {RANK_OF[card.code]: card for card in cards}
    return Meld(
        MeldKind.RUN,
        tuple(by_rank[rank] for rank in window.ranks),
        tuple([_RANKS[rank - 1] for rank in window.ranks]),
        _SUITS[SUIT_OF[codes[0]]],
    )


def validate(
    rules: MeldRules,
    cards: Sequence[Card],
    kind: MeldKind | None = None,
    *,
    ordered: bool = False,
    roles: Sequence[Role | None] | None = None,
) -> Meld:
    """The meld ``cards`` make under ``rules``, or
    :class:`~rummykit.errors.InvalidMeldError` saying why."""
    if not cards:
        raise InvalidMeldError(Message("meld.no_cards"), cards=())
    if roles is not None and len(roles) != len(cards):
        params: dict[str, object] = {"roles": len(roles), "count": len(cards)}
        raise InvalidMeldError(Message("meld.roles_count", params), cards=cards)
    declared = roles is not None and any(role is not None for role in roles)
    wild_ranks = rules.wild_ranks
    jokers: list[int] = []
    wild_rank_cards: list[int] = []
    naturals: list[int] = []
    for index, card in enumerate(cards):
        if card.rank is None:
            jokers.append(index)
        elif card.rank in wild_ranks:
            wild_rank_cards.append(index)
        else:
            naturals.append(index)
    if not jokers and not wild_rank_cards and not declared and not ordered:
        codes = [card.code for card in cards]
        if natural_accepts(rules, codes, kind):
            return _build_natural(rules, cards, codes)
        verdict = natural_verdict(rules, cards, kind)
        assert isinstance(verdict, Message)
        raise InvalidMeldError(verdict, cards=cards)
    if declared:
        assert roles is not None
        for index, role in enumerate(roles):
            if role is not None and index in naturals:
                raise InvalidMeldError(
                    Message("meld.not_wild", {"card": cards[index]}), cards=cards
                )
    free = [i for i in wild_rank_cards if roles is None or roles[i] is None]
    if not rules.wild_as_natural or not free:
        return _with_wilds(
            rules, cards, naturals, _others(len(cards), naturals), kind, ordered, roles
        )
    # Every reading that counts a subset of the free wild-rank cards as natural, largest
    # first (in index order within a size), is tried in turn; the first that makes a meld
    # wins. Only the few readings that can succeed are built (:func:`_readings`), so the
    # work stays polynomial however many wild-rank cards there are.
    for subset in _readings(rules, cards, naturals, free, kind, roles):
        natural_set = sorted(naturals + list(subset))
        try:
            return _with_wilds(
                rules, cards, natural_set, _others(len(cards), natural_set), kind, ordered, roles
            )
        except InvalidMeldError:
            continue
    # Report the reading with every wild-rank card as itself, unless that reading has
    # no shape at all; then the reading with them all wild says more.
    all_natural = sorted(naturals + free)
    try:
        _with_wilds(
            rules, cards, all_natural, _others(len(cards), all_natural), kind, ordered, roles
        )
    except InvalidMeldError as error:
        first = error
    else:  # pragma: no cover - _readings offers every reading that can succeed
        raise AssertionError("a reading that makes a meld was skipped")
    if first.code != "meld.no_shape":
        raise first
    return _with_wilds(rules, cards, naturals, _others(len(cards), naturals), kind, ordered, roles)


def _others(size: int, chosen: Sequence[int]) -> list[int]:
    taken = set(chosen)
    return [index for index in range(size) if index not in taken]


def _add_roles(roles: Sequence[Role | None], ranks: set[int], suits: set[int]) -> bool:
    """Add the rank and suit of each card ``roles`` names to ``ranks`` and ``suits`` (the
    rank of each rank role to ``ranks``); whether any role names only a rank."""
    rank_roles = False
    for role in roles:
        if isinstance(role, Card):
            ranks.add(RANK_OF[role.code])
            suits.add(SUIT_OF[role.code])
        elif isinstance(role, Rank):
            ranks.add(int(role))
            rank_roles = True
    return rank_roles


def _readings(
    rules: MeldRules,
    cards: Sequence[Card],
    naturals: list[int],
    free: list[int],
    kind: MeldKind | None,
    roles: Sequence[Role | None] | None,
) -> list[tuple[int, ...]]:
    """The subsets of ``free`` (wild-rank cards that may count as themselves) worth trying,
    in the order of a full search: largest first, then in index order.

    A subset makes a meld only as a group (naturals of one rank) or as a run (naturals of
    one suit and distinct ranks). Whether a group works depends only on how many cards count
    as natural and, for one-deck groups, on their codes being distinct, so one subset per
    rank and size stands for all the others: the first in index order. A run (of at most 13
    cards) counts at most one card of each rank of one suit as natural, so its subsets are
    few. Every subset left out is one a full search would reject, which keeps the answer
    identical to trying all ``2**len(free)`` of them.
    """
    size = len(cards)
    role_ranks: set[int] = set()
    role_suits: set[int] = set()
    rank_roles = roles is not None and _add_roles(roles, role_ranks, role_suits)
    base_ranks = {RANK_OF[cards[index].code] for index in naturals} | role_ranks
    found: set[tuple[int, ...]] = set()
    if kind is not MeldKind.RUN and len(base_ranks) <= 1:
        by_rank: dict[int, list[int]] = {}
        for index in free:
            by_rank.setdefault(RANK_OF[cards[index].code], []).append(index)
        taken_codes = {cards[index].code for index in naturals}
        for rank, indices in by_rank.items():
            if base_ranks and rank not in base_ranks:
                continue
            if rules.group_distinct_suits:  # the first card of each code not yet natural
                seen = set(taken_codes)
                firsts: list[int] = []
                for index in indices:
                    if cards[index].code not in seen:
                        seen.add(cards[index].code)
                        firsts.append(index)
                indices = firsts
            found.update(tuple(indices[:count]) for count in range(len(indices) + 1))
        found.add(())
    natural_ranks = [RANK_OF[cards[index].code] for index in naturals]
    if (
        kind is not MeldKind.GROUP
        and not rank_roles
        and size <= rules.run_max
        and len(set(natural_ranks)) == len(natural_ranks)
    ):
        suits = {SUIT_OF[cards[index].code] for index in naturals} | role_suits
        if len(suits) <= 1:
            # One suit, at most one card of each rank: per suit, each rank's card or none.
            by_suit: dict[int, dict[int, list[int]]] = {}
            for index in free:
                code = cards[index].code
                if (not suits or SUIT_OF[code] in suits) and RANK_OF[code] not in base_ranks:
                    by_suit.setdefault(SUIT_OF[code], {}).setdefault(RANK_OF[code], []).append(
                        index
                    )
            for ranks in by_suit.values():
                subsets: list[tuple[int, ...]] = [()]
                for indices in ranks.values():
                    subsets += [(*subset, index) for subset in subsets for index in indices]
                found.update(tuple(sorted(subset)) for subset in subsets)
            found.add(())
    return sorted(found, key=lambda subset: (-len(subset), subset))


def _with_wilds(
    rules: MeldRules,
    cards: Sequence[Card],
    naturals: list[int],
    wild: list[int],
    kind: MeldKind | None,
    ordered: bool,
    roles: Sequence[Role | None] | None,
) -> Meld:
    natural_cards = [cards[index] for index in naturals]
    ranks = {RANK_OF[card.code] for card in natural_cards}
    suits = {SUIT_OF[card.code] for card in natural_cards}
    rank_roles = roles is not None and _add_roles([roles[i] for i in wild], ranks, suits)
    group_shape = len(ranks) <= 1
    run_shape = len(suits) <= 1 and not rank_roles
    if kind is MeldKind.GROUP or (kind is None and group_shape and not run_shape):
        return _group(rules, cards, natural_cards, wild, ranks)
    if kind is MeldKind.RUN or (kind is None and run_shape and not group_shape):
        return _run(rules, cards, naturals, wild, ordered, roles, suits)
    if kind is None and group_shape and run_shape:
        try:
            return _group(rules, cards, natural_cards, wild, ranks)
        except InvalidMeldError as group_error:
            try:
                return _run(rules, cards, naturals, wild, ordered, roles, suits)
            except InvalidMeldError as run_error:
                raise (group_error if len(cards) < rules.run_min else run_error) from None
    raise InvalidMeldError(Message("meld.no_shape", {"cards": tuple(cards)}), cards=cards)


def _group(
    rules: MeldRules,
    cards: Sequence[Card],
    natural_cards: list[Card],
    wild: list[int],
    ranks: set[int],
) -> Meld:
    if not ranks:
        raise InvalidMeldError(Message("meld.group_wild_only"), cards=cards)
    if len(ranks) > 1:
        names = " ".join(Rank(rank).symbol for rank in sorted(ranks))
        raise InvalidMeldError(Message("meld.group_ranks", {"ranks": names}), cards=cards)
    reason = _group_size_reason(rules, len(cards), len(wild), natural_cards) or check_wild_limit(
        rules, len(natural_cards), len(wild)
    )
    if reason is not None:
        raise InvalidMeldError(reason, cards=cards)
    rank = Rank(next(iter(ranks)))
    table = tuple(sorted(natural_cards)) + tuple(cards[index] for index in wild)
    return Meld(MeldKind.GROUP, table, (rank,) * len(cards), None)


def _run(
    rules: MeldRules,
    cards: Sequence[Card],
    naturals: list[int],
    wild: list[int],
    ordered: bool,
    roles: Sequence[Role | None] | None,
    suits: set[int],
) -> Meld:
    size = len(cards)
    if not suits:
        raise InvalidMeldError(Message("meld.run_wild_only"), cards=cards)
    if len(suits) > 1:
        natural_cards = [cards[index] for index in naturals]
        odd = (
            _odd_one(natural_cards, by_rank=False)
            if len(natural_cards) > 1
            else Message("meld.wild_roles")
        )
        raise InvalidMeldError(Message("meld.run_suits", {"odd": odd}), cards=cards)
    suit = next(iter(suits))
    if size < rules.run_min:
        params: dict[str, object] = {"least": rules.run_min, "size": size}
        raise InvalidMeldError(Message("meld.run_short", params), cards=cards)
    if size > rules.run_max:
        params = {"most": rules.run_max, "size": size}
        raise InvalidMeldError(Message("meld.run_long", params), cards=cards)
    if len(naturals) < rules.run_min_naturals:
        params = {"count": rules.run_min_naturals}
        raise InvalidMeldError(Message("meld.run_naturals", params), cards=cards)
    reason = check_wild_limit(rules, len(naturals), len(wild))
    if reason is not None:
        raise InvalidMeldError(reason, cards=cards)
    natural_mask = 0
    fixed_rank: dict[int, int] = {}  # rank -> index of the card playing it
    for index in naturals:
        rank = RANK_OF[cards[index].code]
        if rank in fixed_rank:
            raise InvalidMeldError(Message("meld.run_repeats", {"card": cards[index]}), cards=cards)
        fixed_rank[rank] = index
        natural_mask |= 1 << (rank - 1)
    fixed_mask = natural_mask
    for index in wild:
        role = None if roles is None else roles[index]
        if role is None:
            continue
        if not isinstance(role, Card) or SUIT_OF[role.code] != suit:
            params = {"card": cards[index], "role": str(role), "key": _SUITS[suit].name.lower()}
            raise InvalidMeldError(Message("meld.role_suit", params), cards=cards)
        rank = RANK_OF[role.code]
        if rank in fixed_rank:
            raise InvalidMeldError(Message("meld.run_repeats", {"card": role}), cards=cards)
        fixed_rank[rank] = index
        fixed_mask |= 1 << (rank - 1)
    candidates = [w for w in tables_for(rules).by_size[size] if w.mask & fixed_mask == fixed_mask]
    if not rules.joker_at_run_end:
        candidates = [
            w
            for w in candidates
            if natural_mask & (1 << (w.ranks[0] - 1)) and natural_mask & (1 << (w.ranks[-1] - 1))
        ]
    if ordered:
        candidates = [
            w for w in candidates if all(w.ranks[i] == rank for rank, i in fixed_rank.items())
        ]
    if not candidates:
        raise InvalidMeldError(
            _run_failure(rules, cards, fixed_mask, len(wild), ordered=ordered), cards=cards
        )
    if ordered:
        window = candidates[0]
        table_cards = tuple(cards)
    else:
        first_fixed = min(fixed_rank.values())
        leading = sum(
            1 for index in wild if index < first_fixed and index not in fixed_rank.values()
        )

        def below(window: Window) -> int:
            return next(i for i, rank in enumerate(window.ranks) if fixed_mask & (1 << (rank - 1)))

        window = min(
            enumerate(candidates),
            key=lambda item: (abs(below(item[1]) - leading), below(item[1]), item[0]),
        )[1]
        spare = iter(index for index in wild if index not in fixed_rank.values())
        table_cards = tuple(
            cards[fixed_rank[rank]] if rank in fixed_rank else cards[next(spare)]
            for rank in window.ranks
        )
    return Meld(
        MeldKind.RUN, table_cards, tuple([_RANKS[rank - 1] for rank in window.ranks]), _SUITS[suit]
    )
