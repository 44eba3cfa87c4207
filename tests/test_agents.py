"""The agents: always a legal action, in every registered game and under varied options;
the heuristic's value rule; the search agent is deterministic for a seed."""

from __future__ import annotations

import collections
import random
import subprocess
import sys
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import (
    CardValues,
    ConfigError,
    Contract,
    ContractSchedule,
    IllegalActionError,
    NotationError,
    Rank,
    game,
    parse_card,
    parse_cards,
    presets,
)
from rummykit.agents import (
    ContractAgent,
    GreedyAgent,
    RandomAgent,
    SearchAgent,
    check_agent,
    contract_distance,
    decide,
    heuristic_agent,
    make_agent,
)
from rummykit.agents.options import whole
from rummykit.engine import Down
from rummykit.games import Possession
from rummykit.games.may_i.actions import Allow, Ask, Refuse
from rummykit.games.may_i.claims import CONSENT, REQUEST
from rummykit.games.possession import PossessionAgent
from rummykit.kit import (
    Action,
    DealEnded,
    Discard,
    Done,
    Draw,
    Pass,
    Phase,
    PlayerView,
    Question,
    Stake,
    Take,
    names,
    register,
)
from rummykit.presets import GIN_VALUES
from rummykit.simulate import play, simulate

VARIANTS: list[dict[str, Any]] = [
    {},
    {"multi_take_mode": "any", "claim_order": "next_player_first"},
    {"discard_pile_visible": "top_only", "turn_after_buy": "resume_normal", "jokers": 4},
    {"next_player_refusal": "normal_turn", "buy_turn_allows_melding": False},
]


@pytest.mark.parametrize("name", names())
def test_the_heuristic_finishes_every_registered_game(name: str) -> None:
    definition = game(name)
    players = 4 if definition.rules.player_count_range[1] >= 4 else 2
    agent = heuristic_agent(definition)
    match = play(
        definition.new_match(players=players, seed=3), [agent] * players, rng=random.Random(3)
    )
    assert match.is_over and match.outcome is not None


@pytest.mark.parametrize("options", VARIANTS)
def test_the_contract_heuristic_under_may_i_options(options: dict[str, Any]) -> None:
    short = ContractSchedule.of("1G+1R", "2R")  # the hardest deals, kept short
    definition = game("may-i", contract_schedule=short, **options)
    agent = heuristic_agent(definition)
    match = play(
        definition.new_match(players=4, seed=11),
        [agent, agent, RandomAgent(), agent],
        rng=random.Random(5),
    )
    assert match.is_over


def _view(match: Any, seat: int | None, **changes: Any) -> PlayerView:
    assert seat is not None
    view: PlayerView = attrs.evolve(match.view(seat), **changes)
    return view


def test_unknown_phases_and_actions_fall_back_to_a_legal_action() -> None:
    @attrs.frozen
    class Knock(Action):
        pass

    match = game("may-i").new_match(players=4, seed=7)
    agent = heuristic_agent(game("may-i"))
    for legal in [(Knock(), Pass()), (Knock(),), (Knock(), Done()), (Allow(), Knock())]:
        view = _view(match, match.to_act, phase=Phase("claim"), legal=legal)
        assert agent.choose(view, random.Random(0)) in legal
    view = _view(match, match.to_act, phase=Phase("claim"), legal=(Knock(), Pass()))
    assert PossessionAgent().choose(view, random.Random(0)) in view.legal


def test_the_heuristic_takes_and_buys_a_card_that_brings_it_nearer() -> None:
    match = game("may-i").new_match(players=4, seed=7)
    agent = heuristic_agent(game("may-i"))
    assert isinstance(agent, ContractAgent)
    hand = parse_cards("7S 7H KS KC 2C 9D 4H 5S 8C JD QH")
    helpful = ((parse_card("7D"), 1),)
    useless = ((parse_card("3H"), 1),)
    seat = match.to_act
    draw = _view(match, seat, hand=hand, pile=helpful, legal=(Draw(), Take(1)))
    assert agent.choose(draw, random.Random(0)) == Take(1)
    draw = _view(match, seat, hand=hand, pile=useless, legal=(Draw(), Take(1)))
    assert agent.choose(draw, random.Random(0)) == Draw()
    ask = _view(match, seat, phase=REQUEST, hand=hand, pile=helpful, legal=(Ask(), Pass()))
    assert agent.choose(ask, random.Random(0)) == Ask()
    stingy = attrs.evolve(agent, buy_gain=2)
    assert stingy.choose(ask, random.Random(0)) == Pass()
    consent = _view(match, seat, phase=CONSENT, hand=hand, pile=useless, legal=(Allow(), Refuse()))
    assert agent.choose(consent, random.Random(0)) == Allow()


def test_the_heuristic_discards_wisely() -> None:
    match = game("may-i").new_match(players=4, seed=7)
    agent = heuristic_agent(game("may-i"))
    seat = match.to_act
    assert seat is not None
    hand = parse_cards("7S 7H 7D KS KC QH 3C")
    legal = tuple(Discard(card) for card in sorted(set(hand), key=lambda c: c.code))
    view = _view(match, seat, hand=hand, legal=legal)
    assert agent.choose(view, random.Random(0)) == Discard(parse_card("QH"))
    # an opponent took a queen from the pile: feed them nothing, give up the 3 instead
    known = tuple(parse_cards("QS") if s == (seat + 1) % 4 else () for s in range(4))
    view = _view(match, seat, hand=hand, legal=legal, known=known)
    assert agent.choose(view, random.Random(0)) == Discard(parse_card("3C"))


def test_the_heuristic_goes_down_leaving_the_least() -> None:
    match = game("may-i").new_match(players=4, seed=7)
    agent = heuristic_agent(game("may-i"))
    small = Down.of(tuple(parse_cards("7S 7H 7D")), tuple(parse_cards("KS KC KD")))
    large = Down.of(tuple(parse_cards("7S 7H 7D")), tuple(parse_cards("KS KC KD KH")))
    hand = parse_cards("7S 7H 7D KS KC KD KH 3C")
    view = _view(match, match.to_act, hand=hand, legal=(small, large, Discard(parse_card("3C"))))
    assert agent.choose(view, random.Random(0)) == large


def test_the_heuristic_beats_random_players() -> None:
    definition = game("may-i")
    wins = 0
    for seed in range(2):
        agents = [heuristic_agent(definition), RandomAgent(), RandomAgent(), RandomAgent()]
        match = play(definition.new_match(players=4, seed=seed), agents, rng=random.Random(seed))
        wins += 0 in match.outcome.winners  # type: ignore[union-attr]
    assert wins == 2


def test_the_search_agent_is_deterministic_for_a_seed() -> None:
    definition = game("may-i")
    agent = SearchAgent(heuristic_agent(definition), simulations=6, horizon=8)

    def choices() -> list[Action]:
        match = definition.new_match(players=4, seed=7)
        chosen = []
        for _ in range(12):
            seat = match.to_act
            assert seat is not None
            one = decide(agent, match, seat, random.Random(len(match.events)))
            assert one in match.legal_actions()
            chosen.append(one)
            match.apply(one)
        return chosen

    assert choices() == choices()
    match = definition.new_match(players=4, seed=7)
    seat = match.to_act
    assert seat is not None
    assert agent.choose(match.view(seat), random.Random(0)) == heuristic_agent(definition).choose(
        match.view(seat), random.Random(0)
    )


def _after_first_deal(players: int) -> tuple[Any, DealEnded]:
    """A Possession match just after its first deal, played by heuristics."""
    definition = game("possession")
    match = definition.new_match(players=players, seed=3)
    agent = heuristic_agent(definition)
    rng = random.Random(4)
    while True:
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
            continue
        event = match.apply(agent.choose(match.view(seat), rng))
        for effect in event.effects:
            if isinstance(effect, DealEnded):
                return match, effect


def test_the_search_agent_rates_possession_by_net_totals() -> None:
    """Possession's scores are penalties (less is better): the search agent rates seats
    by net totals, so the seat that went out stands best."""
    match, ended = _after_first_deal(3)
    assert ended.went_out is not None
    out = ended.went_out
    assert match.scores[out] == 0 and match.net_totals[out] == 0
    assert all(match.net_totals[s] == -match.scores[s] for s in range(3))
    agent = make_agent("search", game("possession"), simulations=6, horizon=6)
    assert isinstance(agent, SearchAgent)
    mine = agent.standing(match.net_totals, out)
    assert mine > 0
    assert all(agent.standing(match.net_totals, s) < mine for s in range(3) if s != out)


def test_a_rollout_stops_at_the_end_of_the_deal_it_was_asked_about() -> None:
    match, ended = _after_first_deal(2)
    agent = make_agent("search", game("possession"), simulations=6, horizon=None)
    assert isinstance(agent, SearchAgent)
    if match.deal_number == ended.deal:  # waiting for "next"
        match.apply(match.legal_actions()[0])
    steps = len(match.events)
    value = agent.rollout(match, 0, random.Random(1), deal=ended.deal)
    assert len(match.events) == steps  # the deal asked about is over: nothing played
    assert value == agent.standing(match.net_totals, 0)
    agent.rollout(match, 0, random.Random(1))  # the current deal, played out
    assert len(match.events) > steps


@attrs.frozen
class _Counting:
    """A heuristic that counts the views it is asked to choose from, by legal count."""

    inner: Any
    asked: collections.Counter[int] = attrs.field(factory=collections.Counter)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        self.asked[len(view.legal)] += 1
        action: Action = self.inner.choose(view, rng)
        return action


def test_a_rollout_plays_forced_moves_without_asking_the_policy() -> None:
    """A decision with one legal action costs no view and no policy call, and the
    rollout plays the same actions as the policy alone (it has no choice there)."""
    definition = game("may-i")
    counting = _Counting(heuristic_agent(definition))
    searcher = SearchAgent(counting, horizon=40)
    plain = SearchAgent(heuristic_agent(definition), horizon=40)
    match = definition.new_match(players=4, seed=5)
    for _ in range(3):
        one, two = match.clone(), match.clone()
        searcher.rollout(one, 0, random.Random(9))
        plain.rollout(two, 0, random.Random(9))
        assert [event.action for event in one.events] == [event.action for event in two.events]
        match = one
    assert counting.asked and 1 not in counting.asked and 0 not in counting.asked


def test_the_search_agent_plays_possession() -> None:
    definition = game("possession")
    agent = make_agent("search", definition, simulations=6, horizon=6)
    match = definition.new_match(players=2, seed=1)
    rng = random.Random(2)
    for _ in range(40):
        seat = match.to_act
        assert seat is not None
        action = decide(agent, match, seat, rng)
        assert action in match.legal_actions()
        match.apply(action)


def test_agents_by_name() -> None:
    definition = game("may-i")
    assert isinstance(make_agent("greedy", definition), GreedyAgent)
    assert isinstance(make_agent("random", definition), RandomAgent)
    with pytest.raises(ConfigError, match="agents"):
        make_agent("clever", definition)
    with pytest.raises(ConfigError, match="no meld rules"):
        ContractAgent.for_game(game("possession"))


def test_agents_by_name_take_their_own_options_and_refuse_others() -> None:
    may_i, possession = game("may-i"), game("possession")
    heuristic = make_agent("heuristic", may_i, take_gain=2)
    assert isinstance(heuristic, ContractAgent) and heuristic.take_gain == 2
    shedder = make_agent("heuristic", possession, shed=4)
    assert isinstance(shedder, PossessionAgent) and shedder.shed == 4
    searcher = make_agent("search", may_i, simulations=8)
    assert isinstance(searcher, SearchAgent) and searcher.simulations == 8
    refused: list[tuple[str, Any, dict[str, Any], str]] = [
        ("random", may_i, {"simulations": 8}, "RandomAgent has no option simulations"),
        ("greedy", may_i, {"buy_gain": 2}, "GreedyAgent has no option buy_gain"),
        ("heuristic", may_i, {"simulations": 8}, "ContractAgent has no option simulations"),
        ("heuristic", may_i, {"rules": None}, "ContractAgent has no option rules"),
        ("heuristic", may_i, {"take_gain": -1}, "take_gain must be a whole number 0 or more"),
        ("heuristic", possession, {"shed": "x"}, "shed must be a finite number"),
        ("search", may_i, {"policy": None}, "SearchAgent has no option policy"),
        ("search", may_i, {"buy_gain": 2}, "SearchAgent has no option buy_gain"),
    ]
    for name, definition, options, message in refused:
        with pytest.raises(ConfigError, match=message):
            make_agent(name, definition, **options)
    with pytest.raises(ConfigError, match="max_hand must be a whole number"):
        ContractAgent(presets.meld_rules("may-i"), max_hand=1.5)  # type: ignore[arg-type]


def test_the_distance_ignores_the_hand_order() -> None:
    rules = presets.meld_rules("may-i")
    contract = Contract.parse("2G+R")
    hand = parse_cards("7S 7H 7D 7C 7S 4D 5D 6D 9H KS KC 2C JK")
    rng = random.Random(3)
    distances = set()
    for _ in range(20):
        shuffled = list(hand)
        rng.shuffle(shuffled)
        distances.add(contract_distance(shuffled, contract, rules))
    assert distances == {0}


def test_the_distance_counts_what_the_contract_lacks() -> None:
    rules = presets.meld_rules("may-i")
    # the two groups are there, the run lacks 8D (or a joker)
    assert (
        contract_distance(parse_cards("7S 7H 7D KS KC KD 4D 5D 6D"), Contract.parse("2G+R"), rules)
        == 1
    )
    assert (
        contract_distance(
            parse_cards("7S 7H 7D KS KC KD 4D 5D 6D JK"), Contract.parse("2G+R"), rules
        )
        == 0
    )
    # MAYI-11.4: two runs may not share a suit, so the second run is counted in full
    assert (
        contract_distance(parse_cards("4D 5D 6D 7D 9D 10D JD QD"), Contract.parse("2R"), rules) == 4
    )


def test_the_distance_reads_notation_and_refuses_what_is_not_a_hand() -> None:
    rules = presets.meld_rules("may-i")
    two_groups = Contract.parse("2G")
    assert contract_distance("5S 5H", two_groups, rules) == contract_distance(
        parse_cards("5S 5H"), two_groups, rules
    )
    with pytest.raises(ConfigError, match="contract must be a Contract, got '2G'"):
        contract_distance("5S 5H", "2G", rules)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="rules must be MeldRules"):
        contract_distance("5S 5H", two_groups, "may-i")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="NoneType"):
        contract_distance(None, two_groups, rules)  # type: ignore[arg-type]


def test_the_search_overrules_its_policy_only_when_sure() -> None:
    agent = SearchAgent(RandomAgent(), margin=2.0)
    first = [0.0, 10.0, -10.0, 5.0]
    # a steady gain of 3 on every sample: sure
    assert agent.pick([first, [v + 3 for v in first]]) == 1
    # the same mean gain from one lucky sample: not sure
    assert agent.pick([first, [0.0, 10.0, -10.0, 17.0]]) == 0
    # the larger sure gain wins; with no margin the best mean wins
    assert agent.pick([first, [v + 1 for v in first], [v + 2 for v in first]]) == 2
    assert SearchAgent(RandomAgent(), margin=0).pick([[1.0], [2.0]]) == 1
    assert agent.pick([[1.0], [2.0]]) == 0  # one sample proves nothing


def test_the_search_drops_challengers_that_are_not_ahead() -> None:
    agent = SearchAgent(RandomAgent())
    first = [0.0, 10.0, -10.0, 5.0]
    ahead = [v + 3 for v in first]
    behind = [-1.0, 11.0, -12.0, 4.0]  # 0.75 behind, by 1.2 standard errors
    level = list(first)
    lucky = [0.0, 10.0, -10.0, 17.0]  # ahead by 3 on the mean, by 1 standard error
    values = [first, ahead, behind, level, lucky]
    assert agent.survivors(values, [1, 2, 3, 4]) == [1, 4]
    assert SearchAgent(RandomAgent(), prune=1.5).survivors(values, [1, 2, 3, 4]) == [1]
    # a lower bar keeps a challenger a little behind; one level on every sample can
    # never gain
    assert SearchAgent(RandomAgent(), prune=-2).survivors(values, [2, 3]) == [2]


@attrs.frozen(kw_only=True)
class _CountingSearch(SearchAgent):
    """A search agent that counts its rollouts, decision by decision."""

    counts: list[int] = attrs.field(factory=list)

    def rollout(
        self, match: Any, seat: int, rng: random.Random, *, deal: int | None = None
    ) -> float:
        self.counts[-1] += 1
        return super().rollout(match, seat, rng, deal=deal)


def _searched_decisions(agent: _CountingSearch, seed: int) -> tuple[list[Action], list[int]]:
    """``agent``'s first decisions in seat 0 of a May I? match against heuristics, and
    how many rollouts each took."""
    definition = game("may-i")
    policy = heuristic_agent(definition)
    match = definition.new_match(players=4, seed=seed)
    rng, chosen = random.Random(seed), list[Action]()
    while match.deal_number == 1 and len(chosen) < 40:
        seat = match.to_act
        if seat is None:
            match.apply(match.legal_actions()[0])
        elif seat == 0:
            agent.counts.append(0)
            chosen.append(decide(agent, match, 0, random.Random(len(match.events))))
            match.apply(chosen[-1])
        else:
            match.apply(policy.choose(match.view(seat), rng))
    return chosen, agent.counts


def test_the_search_spends_its_budget_on_contested_decisions() -> None:
    policy = heuristic_agent(game("may-i"))
    chosen, counts = _searched_decisions(_CountingSearch(policy, simulations=12, horizon=6), 5)
    again = _CountingSearch(policy, simulations=12, horizon=6)
    assert _searched_decisions(again, 5) == (chosen, counts)
    # a searched decision takes two rounds of its two or three candidates at least and
    # 12 rollouts at most; most stop early, and the choice of pile is not searched
    searched = [count for count in counts if count]
    assert searched and all(4 <= count <= 12 for count in searched)
    assert sum(searched) < 12 * len(searched)
    full = _CountingSearch(policy, simulations=12, horizon=6, prune=None, draws=True, candidates=3)
    _, every = _searched_decisions(full, 5)
    assert set(every) == {0, 12} and every.count(12) > len(searched)


def test_the_search_leaves_the_choice_of_pile_to_its_policy() -> None:
    definition = game("may-i")
    match = definition.new_match(players=4, seed=3)
    while (
        match.to_act is None
        or len(match.legal_actions()) < 2
        or not any(isinstance(action, Draw) for action in match.legal_actions())
    ):
        actor = match.to_act
        match.apply(
            match.legal_actions()[0]
            if actor is None
            else heuristic_agent(definition).choose(match.view(actor), random.Random(0))
        )
    actor = match.to_act
    policy = heuristic_agent(definition)
    assert isinstance(policy.choose(match.view(actor), random.Random(0)), (Draw, Take))
    rng = random.Random(1)
    state = rng.getstate()
    choice = decide(SearchAgent(policy), match, actor, rng)
    assert choice == policy.choose(match.view(actor), random.Random(0))
    assert rng.getstate() == state  # nothing sampled
    searched = random.Random(1)
    decide(SearchAgent(policy, simulations=6, horizon=4, draws=True), match, actor, searched)
    assert searched.getstate() != state


def test_the_search_wants_to_win_not_to_beat_the_average() -> None:
    best = SearchAgent(RandomAgent())
    mean = SearchAgent(RandomAgent(), objective="mean")
    totals = (-50, -20, -100, -90)
    assert best.standing(totals, 0) == -30  # 30 behind the leader
    assert mean.standing(totals, 0) == 20  # 20 ahead of the others' mean
    with pytest.raises(ConfigError, match="objective"):
        SearchAgent(RandomAgent(), objective="most")
    nonsense: list[tuple[str, Any]] = [
        ("simulations", 0),
        ("simulations", 10.5),
        ("simulations", True),
        ("candidates", 0),
        ("candidates", 1.5),
        ("horizon", 0),
        ("horizon", float("inf")),
        ("margin", -1),
        ("margin", float("nan")),
        ("distance_weight", "x"),
        ("distance_weight", None),
        ("max_ms", "5"),
        ("max_ms", -1),
        ("max_ms", 0),
        ("prune", "0"),
        ("prune", float("nan")),
        ("prune_after", 1),
        ("prune_after", 2.5),
        ("draws", 1),
        ("draws", None),
    ]
    for name, value in nonsense:
        options: dict[str, Any] = {name: value}
        with pytest.raises(ConfigError, match=name):
            SearchAgent(RandomAgent(), **options)
    with pytest.raises(ConfigError, match="policy"):
        SearchAgent(None)  # type: ignore[arg-type]
    # one sample per candidate can never overrule the policy: refused unless margin=0
    with pytest.raises(ConfigError, match="two samples per candidate"):
        SearchAgent(RandomAgent(), simulations=3, candidates=3)
    assert SearchAgent(RandomAgent(), simulations=3, candidates=3, margin=0).simulations == 3
    # a budget too small for every candidate compares fewer (two samples each)
    assert SearchAgent(RandomAgent(), simulations=5, candidates=3).compared == 2
    assert SearchAgent(RandomAgent(), simulations=48).compared == 5


def test_the_distance_memo_stays_bounded() -> None:
    from rummykit.solver import memo_limits, memo_sizes, set_memo_limits

    before = memo_limits()
    set_memo_limits(cache=50)
    try:
        rules = presets.meld_rules("may-i")
        rng = random.Random(8)
        shoe = list(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")) * 2
        for contract in (Contract.parse("2R"), Contract.parse("G+R")):
            for _ in range(300):
                contract_distance(rng.sample(shoe, 9), contract, rules)
                sizes = memo_sizes()
                assert 0 < sizes["distances"] <= 50
                assert 0 < sizes["distance run windows"] <= 50
    finally:
        set_memo_limits(cache=before.cache)
    # an answer from the memo is the answer worked out afresh (MAYI-11.4: the second
    # run needs another suit)
    hand = parse_cards("4S 5S 6S 8S 9S 10S JS")
    first = contract_distance(hand, Contract.parse("2R"), rules)
    assert contract_distance(list(reversed(hand)), Contract.parse("2R"), rules) == first == 4


def test_the_search_agent_asked_for_a_seat_not_to_act() -> None:
    definition = game("may-i")
    match = definition.new_match(players=4, seed=7)
    idle = (match.to_act + 1) % 4  # type: ignore[operator]
    with pytest.raises(IllegalActionError, match=f"seat {idle} has no decision"):
        SearchAgent(heuristic_agent(definition)).choose_in(match, idle, random.Random(0))


@pytest.mark.parametrize(
    ("made_for", "played", "message"),
    [
        ("may-i", "possession", "ContractAgent plays contract games; possession has no meld"),
        ("possession", "may-i", "PossessionAgent plays shedding games with a play action, not"),
        ("may-i", "posso", r"other meld rules than the game it is seated in \(posso"),
        ("posso", "may-i", r"other meld rules than the game it is seated in \(may-i"),
    ],
)
def test_an_agent_of_another_game_is_refused(made_for: str, played: str, message: str) -> None:
    definition = game(played)
    players = definition.default_players
    for agent in (make_agent("heuristic", game(made_for)), make_agent("search", game(made_for))):
        match = definition.new_match(players=players, seed=3)
        before = match.events
        with pytest.raises(ConfigError, match=message):
            play(match, [agent] * players, rng=random.Random(0))
        assert match.events == before  # nothing played
        with pytest.raises(ConfigError, match=message):
            simulate(definition, [agent] * players, matches=1, seed=0)
        check_agent(make_agent("heuristic", definition), definition)  # its own game is fine


def test_house_rules_that_change_the_melds_need_their_own_heuristic() -> None:
    deuces = game("may-i", wild_ranks=[2])
    with pytest.raises(
        ConfigError, match=r"other meld rules than the game it is seated in \(may-i"
    ):
        check_agent(make_agent("heuristic", game("may-i")), deuces)
    check_agent(make_agent("heuristic", deuces), deuces)
    fewer_buys = game("may-i", max_buys_per_deal=1)  # same melds and values: the same agent
    check_agent(make_agent("heuristic", game("may-i")), fewer_buys)
    with pytest.raises(ConfigError, match="for_game reads values from the game"):
        ContractAgent.for_game(deuces, values=GIN_VALUES)
    gin_valued = ContractAgent(ContractAgent.for_game(deuces).rules, values=GIN_VALUES)
    with pytest.raises(ConfigError, match="other card values than the game it is seated in"):
        check_agent(gin_valued, deuces)
    for anywhere in (RandomAgent(), GreedyAgent()):  # no check_game: any game
        check_agent(anywhere, game("possession"))


def test_checking_an_agent_for_what_is_no_game_is_a_config_error() -> None:
    may_i = game("may-i")
    for agent in (heuristic_agent(may_i), PossessionAgent(), make_agent("search", may_i)):
        for nothing in (None, "may-i"):
            with pytest.raises(ConfigError, match="made and checked for a game definition"):
                check_agent(agent, nothing)
    with pytest.raises(ConfigError, match="made and checked for a game definition"):
        ContractAgent.for_game("may-i")
    with pytest.raises(ConfigError, match="ContractAgent has no option foo"):
        ContractAgent.for_game(may_i, foo=1)

    class Odd(RandomAgent):
        check_game = 3

    with pytest.raises(ConfigError, match="Odd's check_game must be a method"):
        check_agent(Odd(), may_i)
    with pytest.raises(ConfigError, match="SearchAgent's policy: PossessionAgent plays"):
        check_agent(SearchAgent(PossessionAgent()), may_i)


def test_games_declare_the_questions_a_seat_answers_out_of_turn() -> None:
    questions = {
        name: [
            (phase.value, phase.stake, phase.decline)
            for phase in game(name).phases
            if isinstance(phase, Question)
        ]
        for name in ("may-i", "posso", "possession")
    }
    assert questions["may-i"] == [
        ("first_refusal", Stake.TAKE, Pass()),
        ("request", Stake.BUY, Pass()),
        ("consent", Stake.REFUSE, Allow()),
    ]
    assert {stake for _, stake, _ in questions["posso"]} == {Stake.MELD}
    assert questions["possession"] == []


@attrs.frozen
class Vote(Action):
    """A user's out-of-turn answer the shipped bots never heard of."""

    melds: tuple[Any, ...] = ()


def test_the_bots_answer_a_users_question_from_its_declaration() -> None:
    match = game("may-i").new_match(players=4, seed=7)
    seat = match.to_act
    hand = parse_cards("7S 7H KS KC 2C 9D 4H 5S 8C JD QH")
    helpful, useless = ((parse_card("7D"), 1),), ((parse_card("3H"), 1),)
    buy = Question("bid", "USER-1", stake=Stake.BUY, decline=Done())
    heuristic, greedy = heuristic_agent(game("may-i")), GreedyAgent()
    for pile, want in ((helpful, Vote()), (useless, Done())):
        view = _view(match, seat, phase=buy, hand=hand, pile=pile, legal=(Vote(), Done()))
        assert heuristic.choose(view, random.Random(0)) == want
        assert greedy.choose(view, random.Random(0)) == Done()  # never buys
    small = Vote(((tuple(parse_cards("7S 7H 7D")), (None,) * 3),))
    large = Vote(((tuple(parse_cards("7S 7H 7D 7C")), (None,) * 4),))
    meld = Question("lay", "USER-2", stake=Stake.MELD, decline=Done())
    view = _view(match, seat, phase=meld, hand=hand, pile=useless, legal=(small, large, Done()))
    assert heuristic.choose(view, random.Random(0)) == large  # free: the most cards down
    assert greedy.choose(view, random.Random(0)) == small  # the first way offered


@attrs.frozen(kw_only=True)
class Shy:
    """A user's heuristic: always the last legal action."""

    patience: int = attrs.field(default=1, validator=whole(0))
    game_name: str = ""

    @classmethod
    def for_game(cls, definition: Any, **options: Any) -> Shy:
        return cls(game_name=definition.name, **options)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return view.legal[-1]


def test_a_game_names_its_own_heuristic_and_card_values() -> None:
    @attrs.frozen
    class ShyPossession(Possession):
        name: ClassVar[str] = "shy-possession"
        heuristic: ClassVar[type[Any] | None] = Shy

    @attrs.frozen
    class BrokenPossession(Possession):
        name: ClassVar[str] = "broken-possession"
        heuristic: ClassVar[Any] = Shy()  # a bot, not its class

    with pytest.raises(ConfigError, match="heuristic must be the class of its bot, got Shy"):
        register(BrokenPossession)
    shy = heuristic_agent(ShyPossession(), patience=3)
    assert shy == Shy(patience=3, game_name="shy-possession")
    assert make_agent("heuristic", ShyPossession()) == Shy(game_name="shy-possession")
    with pytest.raises(ConfigError, match="Shy has no option hurry"):
        heuristic_agent(ShyPossession(), hurry=1)
    assert isinstance(heuristic_agent(game("possession")), PossessionAgent)
    assert game("may-i", joker_value=25).card_values() == CardValues(
        ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=25
    )
    posso = heuristic_agent(game("posso", ace_value=1))
    assert isinstance(posso, ContractAgent) and posso.values.of_rank(Rank.ACE) == 1
    assert game("possession").card_values() is None


def test_no_use_layer_module_imports_a_game() -> None:
    code = (
        "import sys, rummykit.agents, rummykit.simulate, rummykit.records, "
        "rummykit.sampling, rummykit.svg, rummykit.rl.actions, rummykit.rl.observations; "
        "print(sorted(m for m in sys.modules if m.startswith('rummykit.games')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
