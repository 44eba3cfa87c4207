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

from rummykit import (
    CARDS,
    JOKER,
    AcePolicy,
    Arrangement,
    Card,
    Contract,
    Meld,
    MeldRules,
    Rank,
    arrangements,
    can_meet,
    game,
    parse_cards,
)
from rummykit.engine import ContractRummyMatch, TurnContext, down_action
from rummykit.engine.contract import allowed_go_downs, bounded_go_downs
from rummykit.games.posso.claims import CLAIM, Claim, PossoClaims
from rummykit.games.posso.listing import laydowns_with, ready_meld
from rummykit.games.posso.reach import count_cards
from tests.strategies import examples
from tests.test_posso_properties import OPTIONS

ONE_GROUP = Contract.parse("1G")
ONE_RUN = Contract.parse("1R")

MORE_OPTIONS: dict[str, list[Any]] = {
    "joker_count": [0, "players_minus_one", 4],
    "set_distinct_suits": [False, True],
    "max_jokers_per_meld": [1, 2],
    "joker_at_run_end": [True, False],
}


def scratch_arrangements(
    match: ContractRummyMatch, seat: int, cards: list[Card]
) -> list[Arrangement]:
    """Every laydown of ``cards`` for ``seat``, straight from the solver."""
    rules, values = match.meld_rules, match.options.card_values
    if match.deal.down[seat]:
        return [
            *arrangements(cards, ONE_GROUP, rules, values=values),
            *arrangements(cards, ONE_RUN, rules, values=values),
        ]
    contract = match.deal.contract
    assert contract is not None
    return list(arrangements(cards, contract, rules, values=values))


def scratch_ready(match: ContractRummyMatch, seat: int) -> bool:
    hand, rules = match.deal.hands[seat], match.meld_rules
    if match.deal.down[seat]:
        return can_meet(hand, ONE_GROUP, rules) or can_meet(hand, ONE_RUN, rules)
    contract = match.deal.contract
    assert contract is not None
    return can_meet(hand, contract, rules)


def scratch_claims(match: ContractRummyMatch, seat: int, card: Card) -> list[tuple[Meld, ...]]:
    cards = [*match.deal.hands[seat], card]
    found = scratch_arrangements(match, seat, cards)
    return [a.melds for a in found if any(card in meld.cards for meld in a.melds)]


def check_state(match: ContractRummyMatch) -> int:
    """Compare every screened answer in this state with the solver's; return how many
    answers were compared."""
    checked = 0
    top = match.deal.pile.top
    for seat in range(match.players):
        assert ready_meld(TurnContext.of(match), seat) == scratch_ready(match, seat)
        checked += 1
        if top is not None:
            assert list(laydowns_with(TurnContext.of(match), seat, top.card)) == scratch_claims(
                match, seat, top.card
            )
            checked += 1
    to_act = match.to_act
    if to_act is not None:
        listed = match.definition.hooks().opening.go_downs(TurnContext.of(match), to_act)
        found = scratch_arrangements(match, to_act, match.deal.hands[to_act])
        opened = bool(match.deal.down[to_act])
        expected = bounded_go_downs(
            allowed_go_downs(TurnContext.of(match), to_act, found, going_down=not opened)
        )
        assert listed == expected
        checked += 1
    return checked


def test_screened_answers_equal_the_solvers_in_seeded_states() -> None:
    checked = claims = ready = 0
    for seed in range(12):  # some 40,000 states, 36 claims with melds and 80 ready seats
        rng = random.Random(seed)
        options = {k: rng.choice(v) for k, v in {**OPTIONS, **MORE_OPTIONS}.items()}
        if options["set_distinct_suits"]:
            options["set_max_size"] = 5
        match = game("posso", **options).new_match(players=rng.choice([3, 4, 5]), seed=seed)
        assert isinstance(match, ContractRummyMatch)
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
                options = PossoClaims().options(TurnContext.of(match), seat, top.card)
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


@settings(max_examples=examples(600), deadline=None)
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


@settings(max_examples=examples(400), deadline=None)
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


def test_a_group_and_a_run_that_need_the_same_wild_card_are_out_of_reach() -> None:
    # A pair of queens and three spades in a row: each is a meld with the joker, but
    # not both at once (POSSO-12: the opening 1G+1R lays down two melds, no card in both).
    rules = MeldRules(max_jokers_per_meld=1)
    opening = Contract.parse("1G+1R", exact=False)
    cards = parse_cards("7S 8S 9S JH 3D QD QC JK")
    reach = count_cards(cards, rules)
    assert reach.group(3) and reach.run(4)  # each alone is in reach
    assert not reach.may_meet(opening)
    assert not can_meet(cards, opening, rules)
    # The joker of a claim counts too: with a second one both are in reach again.
    assert reach.may_meet_with(JOKER, opening)
    assert can_meet([*cards, JOKER], opening, rules)
    # A natural card that fills the run lets the joker go to the group.
    assert reach.may_meet_with(parse_cards("10S")[0], opening)


@settings(max_examples=examples(600), deadline=None)
@given(
    rank=st.sampled_from(list(Rank)),
    low=st.integers(0, 12),
    suit=st.integers(0, 3),
    gaps=st.sets(st.integers(0, 4), max_size=2),
    jokers=st.integers(0, 3),
    extra=st.lists(st.sampled_from(CARDS), max_size=5),
    rules=_RULES,
    contract=_CONTRACTS,
)
def test_reach_says_no_only_where_the_solver_finds_nothing_near_an_opening(
    rank: Rank,
    low: int,
    suit: int,
    gaps: set[int],
    jokers: int,
    extra: list[Card],
    rules: MeldRules,
    contract: Contract,
) -> None:
    # Hands near a group and a run (a pair, a broken run of one suit, a few wild cards),
    # where the group and the run compete for the wild cards.
    pair = [CARDS[13 * s + rank - 1] for s in (0, 1)]
    run = [CARDS[13 * suit + (low + k) % 13] for k in range(5) if k not in gaps]
    cards = [*pair, *run, *[JOKER] * jokers, *extra]
    reach = count_cards(cards, rules)
    if not reach.may_meet(contract):
        assert not can_meet(cards, contract, rules)
    for card in (JOKER, *CARDS[:52:7]):
        if not reach.may_meet_with(card, contract):
            assert not can_meet([*cards, card], contract, rules)


def test_the_lay_off_gate_permits_where_it_refuses_nothing() -> None:
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        options = {k: rng.choice(v) for k, v in OPTIONS.items()}
        match = game("posso", **options).new_match(players=rng.choice([3, 4, 5]), seed=seed)
        gate = match.definition.hooks().layoff_gate
        for _ in range(300):
            if match.is_over:
                break
            for seat in range(match.players):
                permits = gate.permits(TurnContext.of(match), seat)
                assert permits == (gate.refusal(TurnContext.of(match), seat, None) is None)
                checked += permits
            match.apply(rng.choice(match.legal_actions()))
    assert checked > 100
