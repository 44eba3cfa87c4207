"""The search bot's judgement: it does not feed the next seat, and it weighs its
opponents by how likely each is to win (benchmarks/search_strength.py measures what
this is worth)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from rummykit import game, parse_card
from rummykit.agents import RandomAgent, SearchAgent, decide, heuristic_agent
from rummykit.agents._leaf import LeafModel, expected_costs
from rummykit.agents.contract import ContractAgent
from rummykit.agents.distance import contract_distance
from rummykit.agents.search import feeds, guarded
from rummykit.cards import parse_cards
from rummykit.contracts import Contract
from rummykit.engine import ContractRummyMatch
from rummykit.errors import ConfigError
from rummykit.kit import Discard
from rummykit.kit.definition import Question
from rummykit.kit.protocol import PlayerView
from rummykit.sampling import Sampler
from tests.rules.may_i_setup import new_match


def _fed_position() -> tuple[ContractRummyMatch, PlayerView, ContractAgent]:
    """Deal 1 of May I? (two sets), seat 0 to discard: seat 1 went down with
    ``4S 4H 4D`` and ``7S 7H 7D``, and the heuristic's first discard is ``7C``, the
    loneliest, most expensive card of seat 0's hand, which seat 1 would take as its draw
    and lay off at once."""
    match = new_match(
        hands={
            0: "KS KH KD QS QH 2C 2D 7C 3D 5S",
            1: "7S 7H 7D 4S 4H 4D 9C JD 8H 10H",
            2: "AS 6C 8D 10C JS 3S 5H 9D 6D AH",
            3: "AC 6H 8S 10D JC 3H 5D 9H 6S AD",
        },
        stock="9D 2H 3C 9S 3H 10S",
    )
    policy = heuristic_agent(game("may-i"))
    assert isinstance(policy, ContractAgent)
    rng = random.Random(0)
    while True:
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
            continue
        view = match.view(seat)
        if seat == 0 and view.down[1] and any(isinstance(a, Discard) for a in view.legal):
            return match, view, policy
        match.apply(policy.choose(view, rng))


def test_the_search_does_not_feed_the_next_seat_a_card_it_lays_off() -> None:
    match, view, policy = _fed_position()
    seven = Discard(parse_card("7C"))
    assert policy.choose(view, random.Random(0)) == seven
    assert feeds(seven, view, policy.rules)
    assert not feeds(Discard(parse_card("5S")), view, policy.rules)
    ranked = guarded(policy.rank(view), view, policy.rules)
    assert ranked[0] != seven and ranked[-1] == seven
    assert sorted(map(str, ranked)) == sorted(map(str, policy.rank(view)))
    for seed in range(3):
        choice = decide(SearchAgent(policy), match, 0, random.Random(seed))
        assert isinstance(choice, Discard) and choice != seven
        assert not feeds(choice, view, policy.rules)
    # without the guard the search keeps its policy's choice: its margin protects it
    assert decide(SearchAgent(policy, guard=False), match, 0, random.Random(0)) == seven


def test_nothing_feeds_a_next_seat_that_is_not_down() -> None:
    match = game("may-i").new_match(players=4, seed=7)
    policy = heuristic_agent(game("may-i"))
    assert isinstance(policy, ContractAgent)
    seat = match.to_act
    assert seat is not None
    view = match.view(seat)
    discards = [Discard(card) for card in view.hand]
    assert not any(feeds(action, view, policy.rules) for action in discards)
    assert guarded(list(discards), view, policy.rules) == discards


def test_the_win_objective_weighs_the_leader_more_as_the_match_ends() -> None:
    win = SearchAgent(RandomAgent(), objective="win", spread=40)
    totals = (-50, -20, -100, -90)  # seat 1 leads; seats 2 and 3 far behind
    mean = -50 - (-20 - 100 - 90) / 3
    best = -50 - (-20)
    late, early = win.standing(totals, 0, scale=10), win.standing(totals, 0, scale=10_000)
    assert best <= late < early <= mean
    assert late == pytest.approx(best, abs=0.2)
    assert early == pytest.approx(mean, abs=0.2)
    # feeding an opponent always costs, the leader or not: unlike objective="best"
    fed = (-50, -20, -100, -80)
    assert win.standing(fed, 0, scale=60) < win.standing(totals, 0, scale=60)
    assert SearchAgent(RandomAgent()).standing(fed, 0) == SearchAgent(RandomAgent()).standing(
        totals, 0
    )


def test_the_win_objective_widens_with_the_deals_left() -> None:
    may_i = game("may-i")
    agent = SearchAgent(heuristic_agent(may_i), spread=40)
    match = may_i.new_match(players=4, seed=7)
    assert match.deal_count() == 5
    assert agent.scale(match) == pytest.approx(40 * 4.5**0.5)
    assert agent.scale(match, deal=5) == pytest.approx(40 * 0.5**0.5)
    with pytest.raises(ConfigError, match="spread"):
        SearchAgent(RandomAgent(), spread=0)
    with pytest.raises(ConfigError, match="guard"):
        SearchAgent(RandomAgent(), guard=1)  # type: ignore[arg-type]


def test_the_chance_objective_is_the_chance_of_finishing_first() -> None:
    chance = SearchAgent(RandomAgent(), objective="chance")
    level = chance.standing((0, 0, 0, 0), 0, scale=40)
    assert level == pytest.approx(1 / 8)  # ahead of each other seat with odds of one half
    ahead = chance.standing((90, 0, 0, 0), 0, scale=40)
    behind = chance.standing((-90, 0, 0, 0), 0, scale=40)
    assert 0 < behind < level < ahead < 1
    # late in the match the same lead is nearer a sure win
    assert chance.standing((90, 0, 0, 0), 0, scale=10) > ahead
    # feeding any opponent costs, the leader or not
    assert chance.standing((0, 20, -100, -80), 0, scale=60) < chance.standing(
        (0, 20, -100, -90), 0, scale=60
    )


def test_the_expected_leaf_values_a_hand_near_its_contract_above_one_far_from_it() -> None:
    may_i = game("may-i")
    policy = heuristic_agent(may_i)
    assert isinstance(policy, ContractAgent)
    match = may_i.new_match(players=4, seed=7)
    contract = match.contract
    assert isinstance(contract, Contract)
    near = parse_cards("KS KH KD QS QH 2C 2D 7C 3D 5S")  # two sets: one queen missing
    far = parse_cards("2C 3D 4H 5S 6C 7D 8H 9S 10C JD")  # no pair: four cards away
    assert contract_distance(near, contract, policy.rules) == 1
    assert contract_distance(far, contract, policy.rules) == 4  # two cards for each set
    assert policy.values.hand_value(far) < policy.values.hand_value(near)  # fewer points
    costs = expected_costs(
        [near, far], [False, False], contract, policy.rules, policy.values, stock=40
    )
    assert costs[0] < costs[1]  # the near hand costs less despite its points
    # a missing card costs more as the stock runs out; a seat down costs least
    early = expected_costs([far], [False], contract, policy.rules, policy.values, stock=60)
    late = expected_costs([far], [False], contract, policy.rules, policy.values, stock=5)
    assert early[0] < late[0]
    down = parse_cards("KS 5S")
    assert expected_costs([down], [True], contract, policy.rules, policy.values, stock=40)[0] < min(
        costs
    )
    model = LeafModel()
    one = model.cost(points=30, cards=3, missing=None, late=0.5, down_seats=1)
    assert one < model.cost(points=30, cards=6, missing=None, late=0.5, down_seats=1)


def test_the_expected_leaf_scores_the_seats_net_totals_less_their_expected_costs() -> None:
    may_i = game("may-i")
    policy = heuristic_agent(may_i)
    assert isinstance(policy, ContractAgent)
    match = may_i.new_match(players=4, seed=7)
    expected = SearchAgent(policy, leaf_value="expected")
    contract = match.contract
    assert isinstance(contract, Contract)
    costs = expected_costs(
        match.hands,
        [False] * 4,
        contract,
        policy.rules,
        policy.values,
        stock=len(match.stock.cards),
    )
    for each in range(4):
        assert expected.leaf(match, each) == pytest.approx(
            -costs[each] - max(-c for s, c in enumerate(costs) if s != each)
        )
    # the search with it is legal and reproducible from its generator
    seat = match.to_act
    assert seat is not None
    agent = SearchAgent(policy, leaf_value="expected", simulations=8, horizon=8)
    first = decide(agent, match, seat, random.Random(5))
    assert first == decide(agent, match, seat, random.Random(5))
    assert first in match.legal_actions()
    with pytest.raises(ConfigError, match="leaf_value"):
        SearchAgent(policy, leaf_value="hope")


def _asked(seed: int) -> tuple[ContractRummyMatch, ContractAgent]:
    """A May I? match against heuristics, played until seat 0 answers an out-of-turn
    question (take or buy the top pile card) with a choice."""
    may_i = game("may-i")
    policy = heuristic_agent(may_i)
    assert isinstance(policy, ContractAgent)
    match = may_i.new_match(players=4, seed=seed)
    rng = random.Random(seed)
    while True:
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
            continue
        view = match.view(seat)
        if seat == 0 and isinstance(view.phase, Question) and len(view.legal) > 1:
            assert isinstance(match, ContractRummyMatch)
            return match, policy
        match.apply(policy.choose(view, rng))


@attrs.frozen(kw_only=True)
class _Counting(SearchAgent):
    """A search agent that counts its rollouts."""

    counts: list[int] = attrs.field(factory=lambda: [0])

    def rollout(
        self, match: Any, seat: int, rng: random.Random, *, deal: int | None = None
    ) -> float:
        self.counts[0] += 1
        return super().rollout(match, seat, rng, deal=deal)


def test_the_fast_budget_and_questions_answered_as_the_policy() -> None:
    match, policy = _asked(3)
    fast = SearchAgent.fast(policy)
    assert (fast.simulations, fast.candidates, fast.horizon, fast.questions) == (24, 3, 24, True)
    assert SearchAgent.fast(policy, simulations=12, questions=False).simulations == 12
    counting = _Counting(policy, questions=False)
    choice = decide(counting, match, 0, random.Random(1))
    assert choice == policy.choose(match.view(0), random.Random(1))
    assert counting.counts == [0]
    searching = _Counting(policy, simulations=8, horizon=4)
    decide(searching, match, 0, random.Random(1))
    assert searching.counts[0] > 0  # by default the question is searched


def test_inference_weighs_a_deal_by_the_cards_the_others_passed_on() -> None:
    match, policy = _asked(4)
    view = match.view(0)
    contract = view.contract
    assert isinstance(contract, Contract) and view.pile
    assert SearchAgent(policy).deal_weight(view) is None  # off by default
    agent = SearchAgent(policy, inference=0.5, inference_cards=2)
    weight = agent.deal_weight(view)
    assert weight is not None
    cards = [card for card, _ in view.pile[-2:]]
    sampler = Sampler(match, 0)
    weights = []
    for seed in range(30):
        pool = list(sampler.unseen)
        random.Random(seed).shuffle(pool)
        hands = sampler.hands(pool)
        expected = 1.0
        for seat in (1, 2, 3):
            if view.down[seat]:
                continue
            before = contract_distance(hands[seat], contract, policy.rules)
            for card in cards:
                if (
                    before
                    and contract_distance([*hands[seat], card], contract, policy.rules) < before
                ):
                    expected *= 0.5
        weights.append(weight(hands))
        assert weights[-1] == pytest.approx(expected)
    assert min(weights) < 1.0  # some deals give a seat a card it would not have let go
    first = decide(agent, match, 0, random.Random(2))
    assert first == decide(agent, match, 0, random.Random(2)) and first in match.legal_actions()
    with pytest.raises(ConfigError, match="inference must be at most 1, got 1.5"):
        SearchAgent(policy, inference=1.5)
