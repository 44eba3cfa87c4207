"""Issue 25, the rest of it: bounded listings, solver budgets and memo caps, seats and
refusals that reveal nothing, fresh seeds, per-seat records (the auditor's findings, one
test each)."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import (
    CARDS,
    AcePolicy,
    Card,
    ConfigError,
    Contract,
    DeckSpec,
    IllegalActionError,
    MeldRules,
    RecordError,
    SolverBudgetError,
    arrangements,
    best_arrangement,
    can_meet,
    game,
    min_deadwood,
    parse_cards,
)
from rummykit.engine import Down, TurnContext
from rummykit.engine import contract as engine_contract
from rummykit.kit import Position
from rummykit.records import dumps, for_seat, loads, to_record
from rummykit.solver import DEFAULT_BUDGET, clear_memos, memo_limits, memo_sizes, set_memo_limits
from tests.strategies import examples

# -- listing ------------------------------------------------------------------------------


def _adversarial_match(deal: int = 2) -> Any:
    """May I? with eight jokers and no cap on wild cards per meld: seat A holds 23
    cards and all eight jokers, and has drawn (31 cards in hand)."""
    definition = game("may-i", max_wilds_per_meld=None, jokers=8)
    shoe = sorted(definition.new_match(players=3, seed=0).spec.shoe(), key=lambda c: c.code)
    jokers = [card for card in shoe if card.is_joker]
    naturals = [card for card in shoe if not card.is_joker]
    random.Random(3).shuffle(naturals)
    hand, others = naturals[:23] + jokers, naturals[23:]
    position = Position(
        hands=(tuple(hand), tuple(others[:11]), tuple(others[11:22])),
        stock=tuple(others[23:]),
        pile=((others[22], 1),),
        dealer=2,
        to_act=0,
        deal=deal,
    )
    match = definition.new_match(players=3, seed=0, position=position)
    match.apply("draw")
    return match


def test_a_hand_built_to_hurt_lists_at_most_the_bound_of_go_downs() -> None:
    match = _adversarial_match()
    downs = [action for action in match.legal_actions() if isinstance(action, Down)]
    assert len(downs) == engine_contract.MAX_LISTED_GO_DOWNS
    # The listing is the first ones in the solver's order: a prefix of the whole list.
    every = match.definition.hooks().opening.each_go_down(TurnContext.of(match), 0)
    assert downs == list(itertools.islice(every, len(downs)))


def test_a_valid_go_down_past_the_listed_ones_is_still_accepted() -> None:
    match = _adversarial_match()
    listed = {str(action) for action in match.legal_actions()}
    every = match.definition.hooks().opening.each_go_down(TurnContext.of(match), 0)
    beyond = next(down for down in every if str(down) not in listed)
    assert match.can_apply(str(beyond))
    event = match.apply(str(beyond))
    assert event.action == beyond


def test_the_bound_applies_to_ordinary_hands_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # A hand with a few go-downs, the bound set below them: the first are listed, the
    # others accepted when sent.
    match = _adversarial_match(deal=1)
    everything = [a for a in match.legal_actions() if isinstance(a, Down)]
    monkeypatch.setattr(engine_contract, "MAX_LISTED_GO_DOWNS", 3)
    match = match.clone()  # a copy lists its actions afresh, under the bound
    downs = [a for a in match.legal_actions() if isinstance(a, Down)]
    assert downs == everything[:3]
    assert match.can_apply(everything[5])


def test_posso_lists_a_bounded_number_of_laydowns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_contract, "MAX_LISTED_GO_DOWNS", 1)
    for seed in range(40):
        match = game("posso").new_match(players=4, seed=seed)
        for _ in range(60):
            if match.is_over:
                break
            downs = [a for a in match.legal_actions() if isinstance(a, Down)]
            assert len(downs) <= 1
            match.apply(match.legal_actions()[0])


# -- solver budgets -----------------------------------------------------------------------

_WILD = MeldRules(ace=AcePolicy.WRAP, max_jokers_per_meld=None)


def _jokers_and(count: int) -> list[Card]:
    naturals = list(DeckSpec(decks=2, jokers=0).shoe())
    random.Random(1).shuffle(naturals)
    return naturals[:count] + list(parse_cards(" ".join(["JK"] * 8)))


def test_best_arrangement_of_a_hand_built_to_hurt_raises_a_typed_error() -> None:
    contract = Contract.parse("3G+3R")
    loose = Contract(requirements=contract.requirements, exact=False)
    with pytest.raises(SolverBudgetError, match="budget of 250000 nodes") as caught:
        best_arrangement(_jokers_and(30), loose, _WILD)
    assert caught.value.budget == DEFAULT_BUDGET
    assert isinstance(caught.value, ValueError)


def test_min_deadwood_of_a_hand_built_to_hurt_raises_a_typed_error() -> None:
    with pytest.raises(SolverBudgetError):
        min_deadwood(_jokers_and(40), _WILD, budget=20_000)


def test_every_solver_function_takes_a_budget() -> None:
    hand = _jokers_and(20)
    contract = Contract.parse("2G+1R")
    with pytest.raises(SolverBudgetError):
        can_meet(hand, Contract.parse("3R"), _WILD, budget=1)
    with pytest.raises(SolverBudgetError):
        list(arrangements(hand, contract, _WILD, budget=100))
    with pytest.raises(SolverBudgetError):
        best_arrangement(hand, contract, _WILD, budget=100)
    with pytest.raises(SolverBudgetError):
        min_deadwood(hand, _WILD, budget=100)


@pytest.mark.parametrize("budget", [0, -1, 1.5, True, "10"])
def test_a_budget_is_a_whole_number_of_nodes(budget: object) -> None:
    with pytest.raises(ConfigError, match="budget must be a whole number"):
        best_arrangement(parse_cards("7S 7H 7D"), Contract.parse("1G"), _WILD, budget=budget)  # type: ignore[arg-type]


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=6, max_size=14), st.sampled_from(["2G", "1G+1R"]))
def test_hands_of_real_play_never_meet_the_default_budget(cards: list[Card], text: str) -> None:
    contract = Contract.parse(text)
    unbounded = best_arrangement(cards, contract, _WILD, budget=None)
    assert best_arrangement(cards, contract, _WILD) == unbounded
    assert min_deadwood(cards, _WILD) == min_deadwood(cards, _WILD, budget=None)


def test_memos_can_be_capped_and_cleared() -> None:
    before = memo_limits()
    try:
        for size in range(3, 9):
            rules = MeldRules(run_min=size)
            best_arrangement(parse_cards("7S 7H 7D 8S 9S 10S JS QS"), Contract.parse("1G"), rules)
        limits = set_memo_limits(rules=2, cache=50)
        assert (limits.rules, limits.cache) == (2, 50)
        sizes = memo_sizes()
        assert sizes["solver contexts"] <= 2 and sizes["solver one-deck tables"] <= 2
        assert sizes["solver plans"] <= 8
        clear_memos()
        assert memo_sizes()["solver contexts"] == memo_sizes()["solver plans"] == 0
        assert best_arrangement(parse_cards("7S 7H 7D"), Contract.parse("1G"), _WILD) is not None
        with pytest.raises(ConfigError, match="rules must be a whole number"):
            set_memo_limits(rules=0)
    finally:
        set_memo_limits(rules=before.rules, cache=before.cache)


# -- seats and refusals -------------------------------------------------------------------


def test_a_seat_not_to_act_is_refused_with_nothing_revealed() -> None:
    match = game("may-i").new_match(players=4, seed=3)
    actor = match.to_act
    assert actor is not None
    other = (actor + 1) % 4
    before = match.snapshot()
    for action in ("draw", "discard 9H", "take ²", "nonsense"):
        with pytest.raises(IllegalActionError) as caught:
            match.apply(action, seat=other)
        assert caught.value.reason == f"it is not player {'ABCD'[other]}'s turn"
        assert not match.can_apply(action, seat=other)
    assert match.snapshot() == before
    assert match.can_apply("draw", seat=actor)
    match.apply("draw", seat=actor)
    with pytest.raises(IllegalActionError, match="there is no seat 9"):
        match.verify("draw", seat=9)


def test_a_refusal_lists_legal_actions_only_to_the_seat_to_act() -> None:
    match = game("may-i").new_match(players=4, seed=3)
    actor = match.to_act
    with pytest.raises(IllegalActionError) as anonymous:
        match.apply("discard 9H")
    assert "legal" not in anonymous.value.reason
    with pytest.raises(IllegalActionError) as own:
        match.apply("discard 9H", seat=actor)
    assert "legal: draw" in own.value.reason


def test_possession_refusals_do_not_tell_what_a_seat_holds() -> None:
    match = game("possession").new_match(players=3, seed=2)
    seat = match.to_act
    assert seat is not None
    hand = match.hands[seat]
    held = hand[0]
    missing = next(card for card in CARDS if card not in hand and card.rank == held.rank)
    action = f"play {held} {missing}"
    with pytest.raises(IllegalActionError) as anonymous:
        match.apply(action)
    assert "hold" not in anonymous.value.reason
    assert anonymous.value.code == "hand.not_playable"
    assert anonymous.value.reason == f"{action} cannot be played from this hand now"
    with pytest.raises(IllegalActionError) as own:
        match.apply(action, seat=seat)
    assert f"does not hold {missing}" in own.value.reason


_CARD = re.compile(r"\b(?:10|[2-9AJQKT])[CDHS]\b|\bJK\b")


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["may-i", "posso", "possession"]),
    st.integers(0, 2**32),
    st.integers(0, 30),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=4),
    st.sampled_from(["discard {0}", "play {1}", "down {1}", "layoff {0} -> 0", "done", "take"]),
)
def test_refusals_to_an_unknown_sender_name_no_hidden_card(
    name: str, seed: int, steps: int, cards: list[Card], form: str
) -> None:
    match = game(name).new_match(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            return
        match.apply(rng.choice(match.legal_actions()))
    text = form.format(cards[0], " ".join(str(card) for card in cards))
    if match.can_apply(text):
        return
    with pytest.raises(IllegalActionError) as caught:
        match.apply(text)
    reason = caught.value.reason
    public = {str(card) for card, _ in match.view(0).pile}
    public |= {str(card) for meld in match.view(0).melds for card in meld.cards}
    named = set(_CARD.findall(reason)) - set(_CARD.findall(text)) - public
    assert not named, reason
    assert "legal:" not in reason


# -- seeds --------------------------------------------------------------------------------


def test_a_match_without_a_seed_takes_fresh_entropy_and_records_it() -> None:
    definition = game("may-i")
    first, second = definition.new_match(players=3), definition.new_match(players=3)
    assert isinstance(first.seed, int) and 0 <= first.seed < 2**64
    assert first.seed != second.seed
    assert first.hands != second.hands
    first.apply(first.legal_actions()[0])
    assert loads(dumps(first)) == first


# -- per-seat records ---------------------------------------------------------------------


def test_a_record_for_one_seat_has_no_seed_and_no_hidden_card() -> None:
    match = game("may-i").new_match(players=3, seed=11)
    rng = random.Random(1)
    for _ in range(60):
        match.apply(rng.choice(match.legal_actions()))
    record = for_seat(match, 1)
    assert record["replayable"] is False
    assert "seed" not in record and "deck_order" not in record and "actions" not in record
    assert record["results"] == to_record(match)["results"]
    drawn_by_others = Counter(
        str(card)
        for event in match.events
        for effect in event.effects
        if getattr(effect, "seat", 1) != 1 and type(effect).__name__ == "Drew"
        for card in effect.cards  # type: ignore[attr-defined]
    )
    assert drawn_by_others  # others drew from the stock ...
    for event, written in zip(match.events_seen_by(1), record["events"], strict=True):
        assert written == event.to_dict()
        assert [effect["text"] for effect in written["effects"]] == [
            effect.text for effect in event.effects
        ]
        assert written["action"]["text"] == str(event.action)
    for written in record["events"]:  # ... and seat B's record never says what
        if written["seat"] != 1:
            texts = [effect["text"] for effect in written["effects"]]
            assert not any(re.search(r"draws \d+ cards? \(", text) for text in texts)
            for effect in written["effects"]:
                if effect["type"] in ("Drew", "Dealt"):
                    assert effect["cards"] == []
    with pytest.raises(RecordError, match="not a rummykit record"):
        loads(json.dumps(record))
    with pytest.raises(RecordError, match="no seat 5"):
        for_seat(match, 5)
    spectator = for_seat(match, None, seats=["Ann", "Bo", "Cy"])
    assert spectator["seat"] is None and spectator["seats"] == ["Ann", "Bo", "Cy"]
