"""Properties of Posso? matches under random legal play and random options (jokers on
and off, every opening requirement, both enforcements of forced play).

Every match ends; cards (jokers included) are conserved after every action; an illegal
action raises and changes nothing; a view never shows another seat's hand; a record
replays to the same match; a clone has the same snapshot. Forced play holds: no legal
discard while a ready meld is held, and under ``strict`` no legal discard can be laid off.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import game
from rummykit.engine import MELD, ContractRummyMatch, TurnContext
from rummykit.games import PossoRules
from rummykit.games.posso.claims import CORRECTION, Correct
from rummykit.games.posso.correction import SwapCorrect
from rummykit.games.posso.listing import playable_targets, ready_meld
from rummykit.kit import Discard, Done
from rummykit.records import dumps, loads
from tests.strategies import examples
from tests.test_may_i_properties import check_conservation, check_views, play_checked

OPTIONS: dict[str, list[Any]] = {
    "joker_count": [0, "players_minus_one"],
    "opening_requirement": ["run", "run_and_set", "two_sets"],
    "forced_play_enforcement": ["claim", "strict"],
    "playable_scope": ["discarder_legal", "any_meld"],
    "swap_counts_as_playable": [False, True],
    "claimant_next_draw": ["any", "stock"],
    "claim_counts_as_draw": [False, True],
    "claim_requires_new_meld": [True, False],
    "claim_may_open": [True, False],
    "discarder_may_claim": [False, True],
    "buy_penalty_per_card": [0, 1],
    "pile_take_requires_meld": [False, True],
    "may_discard_taken_card": [False, True],
    "joker_swap_to_hand": [False, True],
    "opening_exact": [False, True],
    "opening_distinct_melds": [True, False],
    "layoff_same_turn_as_contract": [True, False],
    "wraparound_runs": [False, True],
    "set_max_size": [9, 8],
    "discard_out_forbidden_deals": [[], ["last"], ["all"]],
    "deals": [None, 2],
    "max_turns_per_deal": [1000, 60],
    "first_dealer": ["high_card_draw", "random", 0],
}


def random_match(rng: random.Random, seed: int, players: int) -> ContractRummyMatch:
    options = {name: rng.choice(values) for name, values in OPTIONS.items()}
    return game("posso", **options).new_match(players=players, seed=seed)


def posso_rules(match: ContractRummyMatch) -> PossoRules:
    """The match's rules: Posso?'s."""
    rules = match.rules
    assert isinstance(rules, PossoRules)
    return rules


def check_forced_play(match: ContractRummyMatch) -> None:
    seat = match.to_act
    if seat is not None and match.phase is CORRECTION:  # POSSO-14.5: never a bare pass
        # a correction puts the card on a meld, or in a joker's place (step 5)
        assert any(isinstance(a, (Correct, SwapCorrect)) for a in match.legal_actions())
    if seat is None or match.phase is not MELD:
        return
    legal = match.legal_actions()
    step = match.deal.step
    # Never a dead end (the engine's fallback 'done'), whatever strict refuses; a
    # player who must meld the card they took (pile_take_requires_meld) can still play
    # themselves into one.
    must_meld = posso_rules(match).pile_take_requires_meld and step.taken is not None
    if legal == (Done(),) and step.discard_step and not must_meld:
        assert match.options.single_card_rule == "end_turn_without_discard", match.hands[seat]
        assert len(match.hands[seat]) == 1, match.hands[seat]
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        assert not ready_meld(TurnContext.of(match), seat)
    if posso_rules(match).forced_play_enforcement != "strict":
        return
    # POSSO-14.4 strict, the last card included: no playable discard, except under
    # "any_meld" when every card they may discard is playable.
    playable = [a for a in discards if playable_targets(TurnContext.of(match), seat, a.card)]
    if posso_rules(match).playable_scope == "discarder_legal":
        assert not playable
    elif playable:
        hand = match.hands[seat]
        taken = match.deal.step.taken
        others = {c for c in hand if c is not taken or hand.count(c) > 1}
        assert all(playable_targets(TurnContext.of(match), seat, card) for card in others)


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5), options=st.randoms())
def test_random_play_under_random_options(seed: int, players: int, options: random.Random) -> None:
    match = random_match(options, seed, players)
    rng = random.Random(seed)
    step = 0
    while not match.is_over and step < 400:
        check_forced_play(match)
        match.apply(rng.choice(match.legal_actions()))
        check_conservation(match)
        step += 1
    check_views(match)
    twin = match.clone()
    assert twin.snapshot() == match.snapshot()
    play_checked(match, rng, probe_every=11)
    assert match.outcome is not None and len(match.deal_scores) == match.deal_count()
    assert loads(dumps(match)).snapshot() == match.snapshot()


def test_greedy_bots_finish_posso_deals_by_going_out() -> None:
    from rummykit.simulate import simulate

    for bots in ("greedy", "heuristic"):
        summary = simulate("posso", matches=6, seed=11, players=4, bots=bots)
        assert summary.deals == 24 and summary.went_out >= 0.95 * summary.deals
        assert summary.claims > 0  # the bots say "Posso?"
