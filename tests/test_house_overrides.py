"""A house rule writes its own hook on the engine's hook bases, holding a shipped hook
to ask (composition): the engine's listings must ask the house hook, in the pure and in
the compiled build."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import Rank
from rummykit.agents import ContractAgent
from rummykit.engine import (
    ActionFilter,
    ClaimWrapper,
    Hooks,
    LayOffGate,
    Opening,
    Refusal,
    TurnContext,
)
from rummykit.engine.actions import Down, LayOff
from rummykit.games.may_i.actions import Ask
from rummykit.games.may_i.claims import BUY_TAKE, ClaimWindow, MayIClaims
from rummykit.games.may_i.game import MayI
from rummykit.games.posso.game import Posso
from rummykit.games.posso.hooks import ForcedPlay, PossoOpening
from rummykit.games.posso.rules import PossoRules
from rummykit.kit.actions import Action, Discard
from rummykit.kit.protocol import PlayerView
from rummykit.melds import Meld


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


class NoLayOffGate(LayOffGate):
    """A house gate: no lay-offs at all (asked meld by meld)."""

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        return "HOUSE-1", "no lay-offs in this house"


class NoLayOffAtAllGate(NoLayOffGate):
    """The same, asked once for all melds (the listing asks ``permits`` alone)."""

    depends_on_target: ClassVar[bool] = False


@attrs.frozen
class LateOpening(Opening):
    """A house opening: Posso?'s, but nobody goes down before the deal's 30th turn."""

    inner: Opening = attrs.field(factory=PossoOpening)

    def go_downs(self, ctx: TurnContext[Any], seat: int) -> list[Down]:
        return [] if ctx.deal.turns < 30 else self.inner.go_downs(ctx, seat)

    def check(self, ctx: TurnContext[Any], seat: int, action: Down) -> tuple[list[Meld], bool]:
        if ctx.deal.turns < 30:
            ctx.refuse("HOUSE-3", "nobody goes down before the 30th turn")
        return self.inner.check(ctx, seat, action)


@attrs.frozen
class NoKingDiscards(ActionFilter):
    """A house filter: Posso?'s forced play, and no discard of a king either."""

    inner: ActionFilter = attrs.field(factory=ForcedPlay)

    def refusal(self, ctx: TurnContext[Any], seat: int, action: Action) -> Refusal | None:
        if isinstance(action, Discard) and action.card.rank is Rank.KING:
            return "HOUSE-2", "kings stay in hand"
        return self.inner.refusal(ctx, seat, action)

    def filter(
        self, ctx: TurnContext[Any], seat: int, actions: Sequence[Action]
    ) -> tuple[Action, ...]:
        kept = self.inner.filter(ctx, seat, actions)
        return tuple(a for a in kept if not (isinstance(a, Discard) and a.card.rank is Rank.KING))


@attrs.frozen
class HousePosso(Posso):
    """Posso? with one house hook in place of the shipped one."""

    name: ClassVar[str] = "posso-house-test"
    house: dict[str, Any] = attrs.field(factory=dict, kw_only=True)

    def hooks(self) -> Hooks:
        return attrs.evolve(super().hooks(), **self.house)


@pytest.mark.parametrize("gate", [NoLayOffGate, NoLayOffAtAllGate])
def test_a_house_gate_refusing_every_layoff_lists_none(gate: type[LayOffGate]) -> None:
    definition = HousePosso(
        PossoRules(forced_play_enforcement="strict"), house={"layoff_gate": gate()}
    )
    downs = 0
    for seed in range(6):
        match = definition.new_match(players=3, seed=seed)
        for legal in _play(match, seed, 400, prefer=(Down,)):
            assert not any(isinstance(action, LayOff) for action in legal)
            downs += any(isinstance(action, Down) for action in legal)
    assert downs  # seats did go down, so lay-offs were in question


def test_a_house_opening_decides_the_go_down_listing_and_the_check() -> None:
    definition = HousePosso(PossoRules(joker_count=4), house={"opening": LateOpening()})
    for seed in range(6):
        match = definition.new_match(players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.deal.turns < 30:
            legal = match.legal_actions()
            assert not any(isinstance(action, Down) for action in legal)
            match.apply(rng.choice(legal))


def test_a_house_filter_filters_the_listing() -> None:
    definition = HousePosso(PossoRules(), house={"action_filter": NoKingDiscards()})
    discards = 0
    for seed in range(4):
        match = definition.new_match(players=3, seed=seed)
        for legal in _play(match, seed, 300):
            for action in legal:
                if isinstance(action, Discard):
                    discards += 1
                    assert action.card.rank is not Rank.KING
    assert discards


class NoBuyClaims(ClaimWrapper[ClaimWindow]):
    """A house window: May I?'s, but nobody may ask (every other question asked of the
    shipped protocol by the wrapper base)."""

    def legal(self, ctx: TurnContext[ClaimWindow], seat: int) -> tuple[Action, ...]:
        return tuple(a for a in self.inner.legal(ctx, seat) if not isinstance(a, Ask))


@attrs.frozen
class NoBuyMayI(MayI):
    name: ClassVar[str] = "may-i-no-buy-test"

    def hooks(self) -> Hooks:
        base = super().hooks()
        assert isinstance(base.claims, MayIClaims)
        return attrs.evolve(base, claims=NoBuyClaims(base.claims))


def test_a_house_claim_protocol_decides_the_window() -> None:
    asked = 0
    for seed in range(4):
        match = NoBuyMayI().new_match(players=4, seed=seed)
        for legal in _play(match, seed, 400):  # a legal action at every decision
            assert not any(isinstance(action, Ask) for action in legal)
            asked += any(str(action) == "pass" for action in legal)
    assert asked  # windows were opened and asked
    assert BUY_TAKE.first_card_paid


def test_shipped_hooks_are_final_for_the_type_checker() -> None:
    """The shipped hooks are marked final: a house rule composes them."""
    for hook in (PossoOpening, ForcedPlay, MayIClaims):
        assert getattr(hook, "__final__", False), hook


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
