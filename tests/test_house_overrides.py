"""A house rule subclasses a shipped hook or match class and overrides one method: the
shipped fast paths must ask the override, in the pure and in the compiled build."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import Rank
from rummykit.agents import ContractAgent
from rummykit.engine import ContractRummyMatch, Down, Hooks, LayOff, Refusal
from rummykit.games import MayI, MayIMatch, Posso, PossoRules
from rummykit.games.may_i.actions import Ask
from rummykit.games.may_i.claims import ClaimWindow, MayIClaims
from rummykit.games.posso.hooks import ForcedPlay, PossoLayOffGate, PossoOpening
from rummykit.kit import Action, Discard, PlayerView


def _play(match: Any, seed: int, steps: int, prefer: tuple[type, ...] = ()) -> list[Any]:
    """Random legal play for at most ``steps`` decisions (a preferred kind of action four
    times in five when listed); every listing seen."""
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if match.is_over:
            break
        legal = match.legal_actions()
        assert legal, f"no legal action in phase {match.phase} for {match.to_act}"
        seen.append(legal)
        eager = [action for action in legal if isinstance(action, prefer)]
        match.apply(rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(legal))
    return seen


class NoLayOffGate(PossoLayOffGate):
    """A house gate: no lay-offs at all (``refusal`` alone overridden)."""

    def refusal(self, match: ContractRummyMatch, seat: int, target: int | None) -> Refusal | None:
        return "HOUSE-1", "no lay-offs in this house"


class NoLayOffAtAllGate(NoLayOffGate):
    """The same, asked once for all melds (the listing asks ``permits`` alone)."""

    depends_on_target: ClassVar[bool] = False


class LateOpening(PossoOpening):
    """A house opening: nobody goes down before the deal's 30th turn."""

    def each_go_down(self, match: ContractRummyMatch, seat: int) -> Any:
        if match.deal.turns < 30:
            return iter(())
        return super().each_go_down(match, seat)


class NoDiscardFilter(ForcedPlay):
    """A house filter: forced play, and no discard of a king either."""

    def refusal(self, match: ContractRummyMatch, seat: int, action: Action) -> Refusal | None:
        if isinstance(action, Discard) and action.card.rank is Rank.KING:
            return "HOUSE-2", "kings stay in hand"
        return super().refusal(match, seat, action)


@attrs.frozen
class HousePosso(Posso):
    """Posso? with one house hook in place of the shipped one."""

    name: ClassVar[str] = "posso-house-test"
    house: dict[str, Any] = attrs.field(factory=dict, kw_only=True)

    def hooks(self) -> Hooks:
        return attrs.evolve(super().hooks(), **self.house)


@pytest.mark.parametrize("gate", [NoLayOffGate, NoLayOffAtAllGate])
def test_a_posso_gate_subclass_refusing_every_layoff_lists_none(gate: type) -> None:
    definition = HousePosso(
        PossoRules(forced_play_enforcement="strict"),
        house={"layoff_gate": gate(same_turn=True)},
    )
    downs = 0
    for seed in range(6):
        match = definition.new_match(players=3, seed=seed)
        for legal in _play(match, seed, 400, prefer=(Down,)):
            assert not any(isinstance(action, LayOff) for action in legal)
            downs += any(isinstance(action, Down) for action in legal)
    assert downs  # seats did go down, so lay-offs were in question


def test_a_posso_opening_subclass_decides_the_go_down_listing() -> None:
    definition = HousePosso(PossoRules(joker_count=4), house={"opening": LateOpening()})
    for seed in range(6):
        match = definition.new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.deal.turns < 30:
            legal = match.legal_actions()
            assert not any(isinstance(action, Down) for action in legal)
            match.apply(rng.choice(legal))


def test_a_forced_play_subclass_refusal_filters_the_listing() -> None:
    definition = HousePosso(PossoRules(), house={"action_filter": NoDiscardFilter()})
    discards = 0
    for seed in range(4):
        match = definition.new_match(players=3, seed=seed)
        for legal in _play(match, seed, 300):
            for action in legal:
                if isinstance(action, Discard):
                    discards += 1
                    assert action.card.rank is not Rank.KING
    assert discards


class NoBuyClaims(MayIClaims):
    """A house window: nobody may buy."""

    def max_take(self, match: ContractRummyMatch, seat: int, kind: str | None) -> int:
        return 0 if kind == "buy" else super().max_take(match, seat, kind)


@attrs.frozen
class NoBuyMayI(MayI):
    name: ClassVar[str] = "may-i-no-buy-test"

    def hooks(self) -> Hooks:
        base = super().hooks()
        assert isinstance(base.claims, MayIClaims)
        return attrs.evolve(base, claims=NoBuyClaims(base.claims.rules))


def test_a_may_i_window_asks_the_protocols_max_take() -> None:
    for seed in range(4):
        match = NoBuyMayI().new_match(players=4, seed=seed)
        for legal in _play(match, seed, 400):  # a legal action at every decision
            assert not any(isinstance(action, Ask) for action in legal)


class RightwardMatch(MayIMatch):
    """A house seating: play passes to the right."""

    def left(self, seat: int, steps: int = 1) -> int:
        return (seat - steps) % self.players


@attrs.frozen
class RightwardMayI(MayI):
    name: ClassVar[str] = "may-i-rightward-test"
    match_type: ClassVar[type[MayIMatch]] = RightwardMatch


def test_a_may_i_window_follows_a_house_seating() -> None:
    match = RightwardMayI().new_match(players=4, seed=3)
    assert isinstance(match, RightwardMatch)
    windows = 0
    rng = random.Random(3)
    for _ in range(300):
        claim = match.deal.claim
        if isinstance(claim, ClaimWindow):
            windows += 1
            assert claim.order == tuple(match.left(claim.p0, k) for k in range(1, 4))
        match.apply(rng.choice(match.legal_actions()))
    assert windows


@attrs.frozen(kw_only=True)
class NeverBuys(ContractAgent):
    """A house bot: the heuristic, but it never asks for a discard out of turn."""

    def wants(self, view: PlayerView, *, buy: bool) -> bool:
        return False


def test_a_heuristic_agent_subclass_plays_with_its_override() -> None:
    definition = MayI()
    agent = NeverBuys.for_game(definition)
    match = definition.new_match(players=4, seed=2)
    rng = random.Random(2)
    questions = 0
    for _ in range(600):
        if match.is_over:
            break
        seat = match.to_act
        assert seat is not None  # May I? has no table decisions in a deal
        legal = match.legal_actions()
        action = agent.choose(match.view(seat), rng)
        if any(isinstance(other, Ask) for other in legal):
            questions += 1
            assert not isinstance(action, Ask)
        match.apply(action)
    assert questions
