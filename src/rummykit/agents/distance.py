"""How far a hand is from a contract: the cards it still needs, counted fast.

The solver says whether a hand meets a contract (:func:`~rummykit.can_meet`);
a bot also needs to know how *nearly* it does, and which cards would help. The count
here is a quick estimate, not the solver: it picks the contract's groups from the richest
ranks and its runs from the fullest window of each suit (trying groups first and runs
first, keeping the better), then lets the hand's wild cards fill the gaps, counted
together against the room the contract's melds leave for wild cards rather than meld by
meld. It is greedy, so it can be off by a card or two: it does not look for a second run
in a suit where runs may share one, nor play a wild-rank card as a natural, it can call a
hand ready when runs of different sizes would need the same cards or the wild cards
exceed one meld's limit, and a greedy pick of ranks and windows can miss a way to fit
jokers in (of 2,472 random hands that meet a May I? contract, 4 with two jokers scored
1). Bots use it to compare hands, where such slips cost little;
:func:`~rummykit.can_meet` tells the truth. Answers are memoised (bounded
tables), so a hand costs a lookup the second time.

>>> from rummykit import Contract, parse_cards, presets
>>> from rummykit.agents.distance import contract_distance
>>> rules = presets.meld_rules("may-i")
>>> contract_distance(parse_cards("7S 7H 7D KS KC KD 2C"), Contract.parse("2G"), rules)
0
>>> contract_distance(parse_cards("7S 7H KS KC 2C 9D"), Contract.parse("2G"), rules)
2
>>> contract_distance(parse_cards("4H 5H 7H 9S 10S JK"), Contract.parse("2R"), rules)
2
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final, final

import attrs

from rummykit._memo import BoundedMemo
from rummykit._sealed import Sealed
from rummykit.cards import CARDS, Card, CardsLike, to_cards
from rummykit.contracts import Contract, SameSuitRuns
from rummykit.errors import ConfigError
from rummykit.melds import AcePolicy, MeldKind, MeldRules
from rummykit.melds.windows import window_table

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


_RANK = tuple(code % 13 + 1 for code in range(52))
"""A natural card's rank number (1-13) by its code."""
_SUIT = tuple(code // 13 for code in range(52))
MEMO_LIMIT = 1 << 16
"""Entries each memo table holds, all rules together (the memory stays bounded: about
20 MB at most), unless :func:`~rummykit.solver.set_memo_limits` caps them lower."""
_DISTANCES: Final = BoundedMemo[tuple[int, tuple[int, ...]], int]("distances", entries=MEMO_LIMIT)
"""Distances by the plan's serial number and the hand's sorted codes."""
_WINDOWS: Final = BoundedMemo[tuple[int, int, int], tuple[int, int]](
    "distance run windows", entries=MEMO_LIMIT
)
"""The best run window by the plan's serial number, run size and suit mask."""
_SERIALS = itertools.count()


def _window_masks(size: int, ace: AcePolicy) -> tuple[int, ...]:
    """The run windows of ``size`` cards (:func:`~rummykit.melds.windows.window_table`'s,
    in its order) as masks of rank bits; bit 14 is an ace above the king, where runs do
    not wrap round."""
    masks = []
    for window in window_table(ace).by_size[min(size, 13)]:
        mask = 0
        for index, rank in enumerate(window.ranks):
            high = rank == 1 and index > 0 and ace is not AcePolicy.WRAP
            mask |= 1 << (14 if high else rank)
        masks.append(mask)
    return tuple(masks)


@final
@attrs.frozen
class _Plan(Sealed):
    """What a contract asks under some rules, in the numbers the count needs."""

    groups: tuple[int, ...]
    runs: tuple[tuple[int, tuple[int, ...]], ...]
    """Each run's size with its windows, largest first."""
    wild_codes: frozenset[int]
    wild_room: int
    distinct_group_suits: bool
    distinct_run_suits: bool
    serial: int = attrs.field(eq=False)
    """Tells this plan's entries in the memo tables from every other plan's (given, not a
    factory default: mypyc compiles this module, and refuses a factory on a typed field)."""


def _wild_cap(size: int, rules: MeldRules) -> int:
    cap = size - 1
    if rules.max_jokers_per_meld is not None:
        cap = min(cap, rules.max_jokers_per_meld)
    if not rules.jokers_allowed:
        cap = 0
    return cap


def _sizes(contract: Contract, rules: MeldRules, kind: MeldKind) -> list[int]:
    sizes: list[int] = []
    for requirement in contract.requirements:
        if requirement.kind is kind:
            default = rules.group_min if kind is MeldKind.GROUP else rules.run_min
            sizes += [requirement.min_size or default] * requirement.count
    return sorted(sizes, reverse=True)


_PLANS: Final = BoundedMemo[tuple[Contract, MeldRules], _Plan]("distance plans", rules=1)


def _plan(contract: Contract, rules: MeldRules) -> _Plan:
    """The plan of ``contract`` under ``rules`` (remembered)."""
    found = _PLANS.get((contract, rules))
    if found is None:
        found = _PLANS.put((contract, rules), _new_plan(contract, rules))
    return found


def _new_plan(contract: Contract, rules: MeldRules) -> _Plan:
    if not isinstance(contract, Contract):
        raise ConfigError(f"the contract must be a Contract, got {contract!r}")
    if not isinstance(rules, MeldRules):
        raise ConfigError(f"the rules must be MeldRules, got {rules!r}")
    groups = _sizes(contract, rules, MeldKind.GROUP)
    runs = _sizes(contract, rules, MeldKind.RUN)
    wild_codes = {52} | {card.code for card in CARDS[:52] if card.rank in rules.wild_ranks}
    return _Plan(
        groups=tuple(groups),
        runs=tuple((size, _window_masks(size, rules.ace)) for size in runs),
        wild_codes=frozenset(wild_codes),
        wild_room=sum(_wild_cap(size, rules) for size in (*groups, *runs)),
        distinct_group_suits=rules.group_distinct_suits,
        distinct_run_suits=contract.same_suit_runs is SameSuitRuns.FORBIDDEN,
        serial=next(_SERIALS),
    )


def _groups(counts: dict[int, int], plan: _Plan) -> tuple[int, list[int]]:
    """Missing cards for the groups, and the codes of the cards they use: the groups take
    the ranks held most often (the higher rank first among equals), each its cards in
    code order, every copy (once each when a group's suits must differ)."""
    if not plan.groups:
        return 0, []
    distinct = plan.distinct_group_suits
    held = [0] * 14
    for code, count in counts.items():
        held[code % 13 + 1] += 1 if distinct else count
    # most cards first, then the higher rank: one number a rank (a rank holds at most 8)
    order = sorted([held[rank] * 16 + rank for rank in range(1, 14) if held[rank]], reverse=True)
    missing = 0
    used: list[int] = []
    for index, size in enumerate(plan.groups):
        if index >= len(order):
            missing += size
            continue
        rank = order[index] % 16
        take = min(size, held[rank])
        missing += size - take
        for code in range(rank - 1, 52, 13):
            if take <= 0:
                break
            copies = min(1 if distinct else counts.get(code, 0), take) if code in counts else 0
            used += [code] * copies
            take -= copies
    return missing, used


def _best_window(size: int, windows: tuple[int, ...], mask: int) -> tuple[int, int]:
    """The fewest cards missing from a window of ``mask``'s suit, and the first such
    window."""
    have, window = max((((mask & w).bit_count(), -i), w) for i, w in enumerate(windows))
    return size - have[0], window


def _runs(counts: dict[int, int], plan: _Plan) -> tuple[int, list[int]]:
    """Missing cards for the runs, and the codes of the cards they use."""
    if not plan.runs:
        return 0, []
    masks = [0, 0, 0, 0]
    for code in counts:
        rank = code % 13 + 1
        masks[code // 13] |= (1 << rank) | (1 << 14 if rank == 1 else 0)
    suits = [suit for suit in range(4) if masks[suit]]
    best: dict[tuple[int, int], tuple[int, int]] = {}
    serial = plan.serial
    for size, windows in plan.runs:
        for suit in suits:
            if (size, suit) in best:
                continue
            key = (serial, size, masks[suit])
            found = _WINDOWS.get(key)
            if found is None:
                found = _WINDOWS.put(key, _best_window(size, windows, masks[suit]))
            best[size, suit] = found
    missing = 0
    used: list[int] = []
    taken: set[int] = set()
    for size, _ in plan.runs:
        fits = [
            (gap, suit)
            for (length, suit), (gap, _) in best.items()
            if length == size and not (plan.distinct_run_suits and suit in taken)
        ]
        if not fits:
            missing += size
            continue
        gap, suit = min(fits)
        taken.add(suit)
        window = best[size, suit][1]
        if not plan.distinct_run_suits:
            del best[size, suit]
        ranks = window & masks[suit]
        if ranks >> 14 & 1:
            ranks = (ranks | 2) & ~(1 << 14)
        used += [13 * suit + rank - 1 for rank in range(1, 14) if ranks >> rank & 1]
        missing += gap
    return missing, used


def _without(counts: dict[int, int], used: list[int]) -> dict[int, int]:
    rest = dict(counts)
    for code in used:
        left = rest.get(code, 0) - 1
        if left > 0:
            rest[code] = left
        else:
            rest.pop(code, None)
    return rest


def contract_distance(hand: CardsLike, contract: Contract, rules: MeldRules) -> int:
    """About how many cards ``hand`` (cards, or their notation) lacks to meet
    ``contract`` under ``rules`` (0: it can be met, or very nearly; see the module's
    notes)."""
    plan = _plan(contract, rules)
    try:
        codes = tuple(sorted([card.code for card in hand]))  # type: ignore[union-attr]
    except (AttributeError, TypeError):  # notation, or not cards (a clear error)
        codes = tuple(sorted([card.code for card in to_cards(hand)]))
    key = (plan.serial, codes)
    found = _DISTANCES.get(key)
    if found is None:
        found = _distance(codes, plan)
        if any(item.kind.shape is not None for item in contract.requirements):
            found += _shaped_distance(codes, contract, rules)
        found = _DISTANCES.put(key, found)
    return found


def _shaped_distance(codes: tuple[int, ...], contract: Contract, rules: MeldRules) -> int:
    """The cards the contract's melds of other kinds than group and run lack, greedily:
    each takes the richest rank, suit or colour left (a user's shape, the whole hand),
    the hand's wild cards filling gaps last (shared with the group and run count: an
    estimate)."""
    wild_codes = {52} | {card.code for card in CARDS[:52] if card.rank in rules.wild_ranks}
    wilds = sum(1 for code in codes if code in wild_codes)
    used: set[int] = set()
    missing = 0
    for slot in contract.slots:
        shape = slot.kind.shape
        if shape is None:
            continue
        size = slot.size_for(rules)
        key_of = getattr(shape, "key", None)
        by_key: dict[object, list[int]] = {}
        for place, code in enumerate(codes):
            if place in used or code in wild_codes:
                continue
            key = key_of(CARDS[code]) if key_of is not None else None
            by_key.setdefault(key, []).append(place)
        if not by_key:
            missing += size
            continue
        richest = max(by_key.values(), key=len)[:size]
        used.update(richest)
        missing += size - len(richest)
    return max(0, missing - wilds)


def _distance(codes: tuple[int, ...], plan: _Plan) -> int:
    """The count itself, on the hand's codes in order (so ties break the same way
    whatever order the hand is in)."""
    wild_codes = plan.wild_codes
    wilds = 0
    counts: dict[int, int] = {}
    for code in codes:
        if code in wild_codes:
            wilds += 1
        else:
            counts[code] = counts.get(code, 0) + 1
    best: int | None = None
    for groups_first in (True, False):
        if groups_first:
            g_missing, used = _groups(counts, plan)
            r_missing, _ = _runs(_without(counts, used), plan)
        else:
            r_missing, used = _runs(counts, plan)
            g_missing, _ = _groups(_without(counts, used), plan)
        missing = g_missing + r_missing
        missing -= min(wilds, plan.wild_room, missing)
        if best is None or missing < best:
            best = missing
        if not plan.groups or not plan.runs:
            break
    return best or 0


def helps(hand: Sequence[Card], card: Card, contract: Contract, rules: MeldRules) -> int:
    """How many cards nearer the contract ``card`` brings ``hand`` (0: no nearer).

    >>> from rummykit import Contract, parse_card, parse_cards, presets
    >>> rules = presets.meld_rules("may-i")
    >>> helps(parse_cards("7S 7H KS KC 2C 9D"), parse_card("7D"), Contract.parse("2G"), rules)
    1
    """
    before = contract_distance(hand, contract, rules)
    return max(0, before - contract_distance([*hand, card], contract, rules))


_WHOLE: Final = BoundedMemo[tuple[Contract, MeldRules, tuple[int, ...]], int](
    "whole-hand distances", entries=MEMO_LIMIT
)
"""Whole-hand distances by contract, rules and the hand's sorted codes."""


def whole_hand_distance(hand: CardsLike, contract: Contract, rules: MeldRules) -> int:
    """About how many cards stand between ``hand`` and a go-down that takes the whole
    hand (a deal laid down whole, the schedule's ``whole_hand``): the cards no meld of
    the contract would hold (to be discarded) plus the cards its melds still lack (to
    be drawn), the hand's wild cards filling gaps first. 0: the hand, as it is, could be
    laid down whole, or very nearly (an estimate, as :func:`contract_distance`).

    The contract's groups take the ranks held most often, each with every natural card
    of its rank; its runs take, in as many suits as it has runs, the window of ranks
    (no wrap-around) that leaves the fewest strays plus gaps.

    >>> from rummykit import Contract, MeldRules, parse_cards
    >>> rules = MeldRules(ace=AcePolicy.LOW_OR_HIGH)
    >>> three = Contract.parse("3R")
    >>> whole_hand_distance(parse_cards("3S 4S 5S 6S 9H 10H JH QH KH AC 2C 3C 4C"), three, rules)
    0
    >>> whole_hand_distance(parse_cards("3S 4S 5S 6S 9H 10H JH QH KH AC 2C 3C 9D"), three, rules)
    2
    """
    cards = to_cards(hand)
    if any(item.kind.shape is not None for item in contract.requirements):
        return contract_distance(cards, contract, rules)  # other kinds: the plain estimate
    codes = tuple(sorted(card.code for card in cards))
    key = (contract, rules, codes)
    found = _WHOLE.get(key)
    if found is None:
        found = _WHOLE.put(key, _whole_distance(codes, contract, rules))
    return found


def _whole_distance(codes: tuple[int, ...], contract: Contract, rules: MeldRules) -> int:
    wild_codes = _plan(contract, rules).wild_codes
    wilds = sum(1 for code in codes if code in wild_codes)
    counts: dict[int, int] = {}
    for code in codes:
        if code not in wild_codes:
            counts[code] = counts.get(code, 0) + 1
    groups = _sizes(contract, rules, MeldKind.GROUP)
    runs = _sizes(contract, rules, MeldKind.RUN)
    missing = 0
    by_rank: dict[int, int] = {}
    for code, count in counts.items():
        by_rank[_RANK[code]] = by_rank.get(_RANK[code], 0) + count
    for size, (rank, held) in itertools.zip_longest(
        groups, sorted(by_rank.items(), key=lambda item: (-item[1], -item[0]))[: len(groups)]
    ):
        if size is None:
            break
        missing += size - min(size, held or 0)
        if rank is not None:
            for code in [code for code in counts if _RANK[code] == rank]:
                del counts[code]
    strays = sum(counts.values())
    if runs:
        suits = [_suit_cost(counts, suit, min(runs), rules.ace) for suit in range(4)]
        chosen = sorted(range(4), key=lambda suit: suits[suit][0] - suits[suit][1])
        for index, size in enumerate(sorted(runs, reverse=True)):
            if index >= 4:
                missing += size
                continue
            held, stray, gap = suits[chosen[index]][1], *suits[chosen[index]][2:]
            strays -= held - stray
            missing += gap
    return strays + max(0, missing - wilds)


def _suit_cost(
    counts: dict[int, int], suit: int, size: int, ace: AcePolicy
) -> tuple[int, int, int, int]:
    """A run in ``suit`` of at least ``size`` cards: (strays + gaps, cards of the suit,
    strays, gaps) for the best window of ranks."""
    held = 0
    mask = 0
    for code, count in counts.items():
        if _SUIT[code] == suit:
            held += count
            rank = _RANK[code]
            if rank == 1:
                mask |= (2 if ace is not AcePolicy.HIGH else 0) | (
                    1 << 14 if ace is not AcePolicy.LOW else 0
                )
            else:
                mask |= 1 << rank
    if not held:
        return (size, 0, 0, size)
    best = (held + size, held, held, size)
    for low in range(1, 15):
        for high in range(low + size - 1, min(14, low + 12) + 1):
            window = ((1 << (high + 1)) - 1) & ~((1 << low) - 1)
            have = (mask & window).bit_count()
            gap = high - low + 1 - have
            stray = held - have
            if stray + gap < best[0]:
                best = (stray + gap, held, stray, gap)
    return best
