"""Issue 25, meld validation: polynomial under wild ranks, identical to the full search.

Before, validating a meld of n wild-rank cards tried all ``2**n`` readings (16 deuces took
seconds, 20 took a minute). The oracle here is that full search, kept as it was, so the
pruned search must give the same meld or the same error on every input.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import (
    JOKER,
    AcePolicy,
    Card,
    Contract,
    ContractError,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldRules,
    Rank,
    parse_cards,
)
from rummykit.melds import Role
from rummykit.melds.validate import _with_wilds
from tests.strategies import examples, wild_hands, wild_meld_rules

DEUCES_WILD = MeldRules(wild_ranks=[Rank.TWO])


def full_search(
    rules: MeldRules,
    cards: Sequence[Card],
    kind: MeldKind | None,
    *,
    ordered: bool,
    roles: Sequence[Role | None] | None = None,
) -> Meld | str:
    """The validator's former search over every subset of wild-rank cards (slow, plain)."""
    naturals = [i for i, card in enumerate(cards) if card.rank not in rules.wild_ranks]
    naturals = [i for i in naturals if cards[i] is not JOKER]
    free = [i for i, card in enumerate(cards) if card.rank in rules.wild_ranks]
    declared = roles is not None and any(role is not None for role in roles)
    if not cards or (not free and JOKER not in cards and not ordered and not declared):
        return _verdict(rules, cards, kind, ordered=ordered)
    if declared:
        assert roles is not None
        if any(roles[i] is not None for i in naturals):  # refused before any search
            return _verdict(rules, cards, kind, ordered=ordered, roles=roles)
        free = [i for i in free if roles[i] is None]
    subsets: list[tuple[int, ...]] = [()]
    if rules.wild_as_natural and free:
        subsets = [s for size in range(len(free), -1, -1) for s in combinations(free, size)]
    errors: list[InvalidMeldError] = []
    for subset in subsets:
        natural_set = sorted(naturals + list(subset))
        wild = [i for i in range(len(cards)) if i not in natural_set]
        try:
            return _with_wilds(rules, cards, natural_set, wild, kind, ordered, roles)
        except InvalidMeldError as error:
            errors.append(error)
    reported = errors[-1] if "neither one rank" in errors[0].reason else errors[0]
    return reported.reason


def _verdict(
    rules: MeldRules,
    cards: Sequence[Card],
    kind: MeldKind | None,
    *,
    ordered: bool,
    roles: Sequence[Role | None] | None = None,
) -> Meld | str:
    try:
        return rules.validate(cards, kind, ordered=ordered, roles=roles)
    except InvalidMeldError as error:
        return error.reason


@settings(max_examples=examples(400))
@given(
    rules=wild_meld_rules(),
    hand=wild_hands(max_size=9, max_wild=6),
    kind=st.sampled_from([None, MeldKind.GROUP, MeldKind.RUN]),
    ordered=st.booleans(),
)
def test_pruned_search_matches_the_full_search(
    rules: MeldRules, hand: list[Card], kind: MeldKind | None, ordered: bool
) -> None:
    assert _verdict(rules, hand, kind, ordered=ordered) == full_search(
        rules, hand, kind, ordered=ordered
    )


@given(
    rules=wild_meld_rules(),
    cards=st.lists(
        st.sampled_from(parse_cards("2C 2D 2H 2S KC KS 3C 4C AC JK")), min_size=1, max_size=8
    ),
    kind=st.sampled_from([None, MeldKind.GROUP, MeldKind.RUN]),
)
def test_wild_heavy_melds_match_the_full_search(
    rules: MeldRules, cards: list[Card], kind: MeldKind | None
) -> None:
    assert _verdict(rules, cards, kind, ordered=False) == full_search(
        rules, cards, kind, ordered=False
    )


@given(
    rules=wild_meld_rules(),
    cards=st.lists(
        st.sampled_from(parse_cards("2C 2D 2H 2S KC KS 3C 4C 5C AC JK")), min_size=1, max_size=7
    ),
    data=st.data(),
    kind=st.sampled_from([None, MeldKind.GROUP, MeldKind.RUN]),
    ordered=st.booleans(),
)
def test_declared_roles_match_the_full_search(
    rules: MeldRules,
    cards: list[Card],
    data: st.DataObject,
    kind: MeldKind | None,
    ordered: bool,
) -> None:
    role_choices: list[Role | None] = [None, None, *parse_cards("3C 5C 6C 2C KS"), Rank.KING]
    roles = [
        data.draw(st.sampled_from(role_choices)) if card is JOKER or card.rank is Rank.TWO else None
        for card in cards
    ]
    assert _verdict(rules, cards, kind, ordered=ordered, roles=roles) == full_search(
        rules, cards, kind, ordered=ordered, roles=roles
    )


@pytest.mark.parametrize(
    "rules",
    [
        DEUCES_WILD,
        MeldRules(wild_ranks=[Rank.TWO], group_max=8),
        MeldRules(wild_ranks=[Rank.TWO], group_distinct_suits=True),
        MeldRules(wild_ranks=[Rank.TWO, Rank.KING], max_jokers_per_meld=1),
    ],
)
def test_twenty_two_deuces_are_judged_without_trying_every_subset(rules: MeldRules) -> None:
    # The auditor's case: every one of 2**22 readings used to be built (hours of work).
    deuces = parse_cards(" ".join(["2C", "2D", "2H", "2S"] * 6)[: 22 * 3 - 1])
    assert len(deuces) == 22
    for kind in (None, MeldKind.GROUP, MeldKind.RUN):
        verdict = _verdict(rules, deuces, kind, ordered=False)
        if isinstance(verdict, Meld):
            assert verdict.kind is MeldKind.GROUP
            assert sorted(verdict.cards) == sorted(deuces)
        else:
            assert verdict
    assert rules.accepts(deuces, MeldKind.RUN) is False


def test_deuces_of_one_suit_are_refused_as_a_run_past_thirteen() -> None:
    clubs = parse_cards(" ".join(["2C"] * 22))
    with pytest.raises(InvalidMeldError, match="run holds at most 13 cards, got 22"):
        DEUCES_WILD.validate(clubs, MeldKind.RUN)
    capped = MeldRules(wild_ranks=[Rank.TWO], group_max=8)
    with pytest.raises(InvalidMeldError, match="group holds at most 8 cards, got 22"):
        capped.validate(clubs, MeldKind.GROUP)
    assert capped.accepts(clubs) is False
    assert DEUCES_WILD.validate(clubs).kind is MeldKind.GROUP


def test_a_contract_check_of_many_deuces_answers() -> None:
    rules = MeldRules(wild_ranks=[Rank.TWO], group_max=8, ace=AcePolicy.WRAP)
    contract = Contract.parse("1G")
    with pytest.raises(ContractError, match="run holds at most 13 cards, got 22"):
        contract.check([parse_cards(" ".join(["2H"] * 22))], rules)
