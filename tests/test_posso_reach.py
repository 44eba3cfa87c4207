"""Posso?'s screened listings (issue 24) against the computation from scratch.

The claim options, the go-down listing and the ready-meld check skip the solver where
counting (:func:`~rummykit.games.posso.reach.count_cards`) shows the answer empty, and the
ready-meld check remembers answers by hand. Here every answer is compared with the solver
asked directly, in the states of seeded random matches under random options, and the
counting bounds are checked to be necessary conditions on random hands and meld rules.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.cards import CARDS, Card, Rank
from rummykit.contracts import Contract
from rummykit.engine.contract import allowed_go_downs, bounded_go_downs, down_action
from rummykit.games import game
from rummykit.games.posso import PossoMatch
from rummykit.games.posso.claims import CLAIM, Claim, PossoClaims
from rummykit.games.posso.hooks import laydowns_with, ready_meld
from rummykit.games.posso.reach import count_cards
from rummykit.melds import AcePolicy, Meld, MeldRules
from rummykit.solver import Arrangement, arrangements, can_meet
from tests.test_posso_properties import OPTIONS

ONE_GROUP = Contract.parse("1G")
ONE_RUN = Contract.parse("1R")

MORE_OPTIONS: dict[str, list[Any]] = {
    "joker_count": [0, "players_minus_one", 4],
    "set_distinct_suits": [False, True],
    "max_jokers_per_meld": [1, 2],
    "joker_at_run_end": [True, False],
}


def scratch_arrangements(match: PossoMatch, seat: int, cards: list[Card]) -> list[Arrangement]:
    """Every laydown of ``cards`` for ``seat``, straight from the solver."""
    rules, values = match.meld_rules, match.values
    if match.deal.down[seat]:
        return [
            *arrangements(cards, ONE_GROUP, rules, values=values),
            *arrangements(cards, ONE_RUN, rules, values=values),
        ]
    contract = match.deal.contract
    assert contract is not None
    return list(arrangements(cards, contract, rules, values=values))


def scratch_ready(match: PossoMatch, seat: int) -> bool:
    hand, rules = match.deal.hands[seat], match.meld_rules
    if match.deal.down[seat]:
        return can_meet(hand, ONE_GROUP, rules) or can_meet(hand, ONE_RUN, rules)
    contract = match.deal.contract
    assert contract is not None
    return can_meet(hand, contract, rules)


def scratch_claims(match: PossoMatch, seat: int, card: Card) -> list[tuple[Meld, ...]]:
    cards = [*match.deal.hands[seat], card]
    found = scratch_arrangements(match, seat, cards)
    return [a.melds for a in found if any(card in meld.cards for meld in a.melds)]


def check_state(match: PossoMatch) -> int:
    """Compare every screened answer in this state with the solver's; return how many
    answers were compared."""
    checked = 0
    top = match.deal.pile.top
    for seat in range(match.players):
        assert ready_meld(match, seat) == scratch_ready(match, seat)
        checked += 1
        if top is not None:
            assert list(laydowns_with(match, seat, top.card)) == scratch_claims(
                match, seat, top.card
            )
            checked += 1
    to_act = match.to_act
    if to_act is not None:
        listed = match.hooks.opening.go_downs(match, to_act)
        found = scratch_arrangements(match, to_act, match.deal.hands[to_act])
        opened = bool(match.deal.down[to_act])
        expected = bounded_go_downs(allowed_go_downs(match, to_act, found, going_down=not opened))
        assert listed == expected
        checked += 1
    return checked


def test_screened_answers_equal_the_solvers_in_seeded_states() -> None:
    checked = claims = ready = 0
    for seed in range(24):
        rng = random.Random(seed)
        options = {k: rng.choice(v) for k, v in {**OPTIONS, **MORE_OPTIONS}.items()}
        if options["set_distinct_suits"]:
            options["set_max_size"] = 5
        match = game("posso", **options).new_match(players=rng.choice([3, 4, 5]), seed=seed)
        assert isinstance(match, PossoMatch)
        for _ in range(400):
            if match.is_over:
                break
            checked += check_state(match)
            legal = match.legal_actions()
            claims += sum(1 for a in legal if isinstance(a, Claim) and a.melds)
            seat = match.to_act
            ready += seat is not None and scratch_ready(match, seat)
            match.apply(rng.choice(legal))
    # The states reached hold the cases that matter, not only empty answers.
    assert checked > 20_000
    assert claims > 20
    assert ready > 20


def test_claim_options_of_the_window_equal_the_solvers() -> None:
    # The claim window's seats, default options and jokers (the benchmark's game).
    definition = game("posso", joker_count="players_minus_one")
    found = 0
    for seed in range(6):
        match = definition.new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            seat, top = match.to_act, match.deal.pile.top
            if match.phase is CLAIM and seat is not None and top is not None:
                options = PossoClaims().options(match, seat, top.card)
                expected = scratch_claims(match, seat, top.card)
                assert options == [Claim(down_action(melds).melds) for melds in expected]
                found += bool(options)
            match.apply(rng.choice(match.legal_actions()))
    assert found > 5


# -- the counting bounds are necessary conditions -------------------------------------------

_RULES = st.builds(
    MeldRules,
    group_min=st.integers(2, 4),
    run_min=st.integers(2, 5),
    ace=st.sampled_from(list(AcePolicy)),
    group_distinct_suits=st.booleans(),
    jokers_allowed=st.booleans(),
    max_jokers_per_meld=st.sampled_from([None, 1, 2]),
    joker_at_run_end=st.booleans(),
    wild_ranks=st.sampled_from([frozenset(), frozenset({Rank.TWO})]),
    wild_as_natural=st.booleans(),
)
_CARDS = st.lists(st.sampled_from(CARDS), min_size=0, max_size=12)
_CONTRACTS = st.sampled_from(
    [
        Contract.parse(text, exact=exact)
        for text in ("1G+1R", "1R", "2G", "2R")
        for exact in (False, True)
    ]
)


@settings(max_examples=600, deadline=None)
@given(cards=_CARDS, rules=_RULES, contract=_CONTRACTS)
def test_reach_says_no_only_where_the_solver_finds_nothing(
    cards: list[Card], rules: MeldRules, contract: Contract
) -> None:
    reach = count_cards(cards, rules)
    if not reach.may_meet(contract):
        assert not can_meet(cards, contract, rules)
    if not reach.any_meld():
        assert not can_meet(cards, ONE_GROUP, rules)
        assert not can_meet(cards, ONE_RUN, rules)
    for card in set(cards):
        if not reach.holds(card):
            for one in (ONE_GROUP, ONE_RUN):
                for arrangement in arrangements(cards, one, rules):
                    assert all(card not in meld.cards for meld in arrangement.melds)


@settings(max_examples=400, deadline=None)
@given(cards=_CARDS, rules=_RULES, contract=_CONTRACTS, card=st.sampled_from(CARDS))
def test_a_card_added_to_a_counting_is_counted_as_from_scratch(
    cards: list[Card], rules: MeldRules, contract: Contract, card: Card
) -> None:
    reach, again = count_cards(cards, rules), count_cards([*cards, card], rules)
    more = reach.plus(card)
    assert (more.counts, more.masks, more.wild) == (again.counts, again.masks, again.wild)
    assert reach.fits(card) == again.holds(card)
    assert reach.may_meet_with(card, contract) == again.may_meet(contract)
    assert more.any_meld() == again.any_meld()
