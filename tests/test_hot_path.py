"""The shared values and checks of the hot path: listed actions and effects made once,
the seat checks of :mod:`rummykit.kit.seats`, the lay-off listing's order."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from rummykit import CARDS, ConfigError, IllegalActionError, Meld, parse_card, parse_cards
from rummykit.engine import (
    MELD,
    ContractLayOffGate,
    Hooks,
    LayOff,
    LayOffGate,
    Refusal,
    TurnContext,
)
from rummykit.games import MayI, Possession, PossessionRules, Posso, PossoRules
from rummykit.games.may_i.claims import REQUEST
from rummykit.games.possession.effects import Played
from rummykit.games.possession.moves import legal_moves
from rummykit.kit import Discarded, Drew, Passed, Take, TookFromPile, seats
from rummykit.melds import replacing_cards, wild_replacements


def test_take_up_to_shares_its_values() -> None:
    assert Take.up_to(0) == () and Take.up_to(-2) == ()
    assert Take.up_to(3) == (Take(1), Take(2), Take(3))
    assert Take.up_to(5)[:3] == Take.up_to(3)
    assert all(a is b for a, b in zip(Take.up_to(3), Take.up_to(7), strict=False))


def _layoff_listings() -> list[tuple[LayOff, ...]]:
    """Every lay-off listing of a few seeded random May I? matches."""
    found = []
    for seed in range(4):
        match = MayI().new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            legal = match.legal_actions()
            layoffs = tuple(action for action in legal if isinstance(action, LayOff))
            if layoffs:
                found.append(layoffs)
            match.apply(rng.choice(legal))
    return found


def test_layoffs_are_listed_by_card_meld_and_end_and_shared() -> None:
    listings = _layoff_listings()
    assert listings
    end_order = {None: 0, "low": 1, "high": 2}
    for layoffs in listings:
        keys = [
            (a.card.code, a.target, end_order[None if a.end is None else a.end.value])
            for a in layoffs
        ]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
    plain: dict[LayOff, LayOff] = {}
    for layoffs in listings:
        for action in layoffs:
            if action.role is None:
                assert plain.setdefault(action, action) is action  # one value each


def test_claim_answers_are_equal_values_made_once() -> None:
    match = MayI().new_match(players=4, seed=1)
    rng = random.Random(1)
    passes: list[Passed] = []
    while len(passes) < 6 and not match.is_over:
        legal = match.legal_actions()
        event = match.apply(rng.choice(legal))
        if event.phase is REQUEST and event.effects and isinstance(event.effects[0], Passed):
            passes.append(event.effects[0])
    assert passes
    for effect in passes:
        assert effect == Passed(effect.seat)
        assert all(other is effect for other in passes if other.seat == effect.seat)


def test_seat_checks() -> None:
    with pytest.raises(IllegalActionError, match="there is no seat 'x': seats are 0 to 1"):
        seats.seat_number("x", 2)
    assert seats.seat_number(1, 2) == 1
    with pytest.raises(ConfigError, match="PSSN-1: players must be from 2 to 2, got 3"):
        seats.check_players(3, 2, 2, clause="PSSN-1")
    with pytest.raises(ConfigError, match="first dealer must be a seat from 0 to 1, got True"):
        seats.check_first_dealer(True, 2)
    seats.check_first_dealer(None, 2)


def test_sender_known_only_while_the_seat_to_act_is_checked() -> None:
    match = Possession().new_match(players=2, seed=3)
    seat = match.to_act
    assert seat is not None and not match._sender_known
    with pytest.raises(IllegalActionError, match="does not hold JK JK JK"):
        match.apply("play JK JK JK", seat=seat)
    assert not match._sender_known
    with pytest.raises(IllegalActionError, match="it is not player"):
        match.apply("draw", seat=1 - seat)
    with pytest.raises(IllegalActionError) as refused:
        match.apply("play JK JK JK")  # the sender unknown: nothing of the hand told
    assert "hold" not in refused.value.reason and "legal" not in refused.value.reason
    assert len(match.events_seen_by(None)) == len(match.events)
    with pytest.raises(IllegalActionError, match="there is no seat 5"):
        match.view(5)


@pytest.mark.parametrize(
    ("requires_contract", "same_turn"), [(True, True), (True, False), (False, False)]
)
def test_layoff_gate_permits_exactly_when_it_refuses_nothing(
    requires_contract: bool, same_turn: bool
) -> None:
    """The listing's quick question (``permits``) answers as the refusal does, in every
    meld step of seeded random play (base-class default and the contract gate alike)."""
    gate = ContractLayOffGate(requires_contract=requires_contract, same_turn=same_turn)
    asked = {True: 0, False: 0}
    for seed in range(3):
        match = MayI().new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            seat = match.to_act
            if match.state.phase is MELD and seat is not None:
                permits = gate.permits(TurnContext.of(match), seat)
                assert permits is (gate.refusal(TurnContext.of(match), seat, None) is None)
                assert LayOffGate.permits(gate, TurnContext.of(match), seat) is permits
                asked[permits] += 1
            match.apply(rng.choice(match.legal_actions()))
    assert asked[True] and asked[False]


@attrs.frozen
class HouseGate(LayOffGate):
    """A house rule on top of the contract gate, written as a refusal only: no lay-offs
    while the stock is still thick."""

    inner: ContractLayOffGate = attrs.field(factory=ContractLayOffGate)

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        if ctx.stock_size > 40:
            return "HOUSE-1", "no lay-offs while the stock holds more than 40 cards"
        return self.inner.refusal(ctx, seat, target)


class HouseMayI(MayI):
    def hooks(self) -> Hooks:
        return attrs.evolve(super().hooks(), layoff_gate=HouseGate())


def test_a_gate_that_only_overrides_refusal_is_asked_by_the_listing() -> None:
    """``permits`` of a subclass that writes its own ``refusal`` answers through it: the
    listing offers no lay-off the gate refuses, and one it refuses is not applied."""
    listed = {True: 0, False: 0}
    for seed in range(4):
        match = HouseMayI().new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            legal = match.legal_actions()
            for action in legal:
                if isinstance(action, LayOff):
                    listed[len(match.deal.stock) > 40] += 1
            match.apply(rng.choice(legal))
    assert listed[True] == 0 and listed[False]


def test_turn_effects_are_equal_values_made_once() -> None:
    """Discards, draws, takes and plays are shared where they repeat, and equal to the
    values made anew (effects are values: the records hash the same)."""
    for definition, players in ((MayI(), 4), (Possession(), 2)):
        match = definition.new_match(players=players, seed=5)
        rng = random.Random(5)
        seen: dict[object, object] = {}
        repeats = 0
        while not match.is_over:
            for effect in match.apply(rng.choice(match.legal_actions())).effects:
                if isinstance(effect, (Discarded, Drew, TookFromPile, Played)):
                    assert effect == attrs.evolve(effect)
                    repeats += effect in seen
                    assert seen.setdefault(effect, effect) is effect
        assert repeats


def test_possession_legal_moves_lists_plays_then_the_turn_end() -> None:
    rules = PossessionRules()
    hand, top = parse_cards("9C 10C 3S"), parse_card("8C")
    plays_only = [str(a) for a in legal_moves(hand, top, rules, drew=False, can_draw=True)]
    assert plays_only == ["play 9C", "play 9C 10C"]
    assert [str(a) for a in legal_moves(hand, top, rules, drew=True, can_draw=True)][-1] == "done"
    stuck = parse_cards("3S")
    assert [str(a) for a in legal_moves(stuck, top, rules, drew=False, can_draw=True)] == ["draw"]
    assert [str(a) for a in legal_moves(stuck, top, rules, drew=False, can_draw=False)] == ["pass"]


def test_replacing_cards_are_the_cards_wild_replacements_finds() -> None:
    """``replacing_cards`` (once per meld) agrees with ``wild_replacements`` (once per
    card) on every meld of seeded Posso? tables with jokers."""
    definition = Posso(PossoRules(joker_count="players_minus_one"))
    seen: set[Meld] = set()  # both answer from the meld's value: each meld once
    for seed in range(3):
        match = definition.new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            for meld in set(match.deal.table) - seen:
                seen.add(meld)
                replacing = replacing_cards(meld)
                assert replacing == {card for card in CARDS if wild_replacements(meld, card)}
            match.apply(rng.choice(match.legal_actions()))
    assert any(meld.wild_positions for meld in seen)


def _claim_open_may_i() -> Any:
    """A May I? match with a claim window open (a discard was just made)."""
    match = MayI().new_match(players=4, seed=3)
    rng = random.Random(3)
    while TurnContext.of(match).claim is None:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


def test_the_context_shows_the_deal_and_claim_of_its_own_match() -> None:
    import copy
    import pickle

    from rummykit import Match

    match = _claim_open_may_i()
    copies = [
        match.clone(),
        copy.deepcopy(match),
        pickle.loads(pickle.dumps(match)),
        Match.from_dict(match.to_dict()),
    ]
    for twin in (match, *copies):
        ctx = TurnContext.of(twin)
        assert ctx.claim is twin.deal.claim is not None and ctx.deal is twin.deal
        assert ctx.players == 4 and ctx.meld_rules is twin.meld_rules and ctx.game == "may-i"
    rng = random.Random(5)
    while not match.is_over:  # the claim follows every set_claim and every new deal
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
        assert TurnContext.of(match).claim is match.deal.claim
        assert TurnContext.of(match).deal is match.deal


def test_the_context_reads_are_read_only() -> None:
    ctx = TurnContext.of(MayI().new_match(players=4, seed=3))
    for name in ("players", "deal", "claim", "options", "phase"):
        with pytest.raises(AttributeError):
            setattr(ctx, name, None)
