"""Live tables (issue 36): several seats answering one question at once, and defaults.

``match.deciding`` lists the seats whose answer is open; an answer from a seat after the
seat to act is held and applied when the one-at-a-time order reaches it, so the result
(state, log) is the one-at-a-time protocol's for the same answers. ``default_action``
is what a server applies when a seat's time runs out.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import ConfigError, IllegalActionError, Match, Message, RecordError, game
from rummykit.engine import ClaimProtocol, Hooks, TurnContext
from rummykit.games.posso.claims import PossoTable
from rummykit.kit import Action, Pass, Question, Stake, State, Take, register, unregister
from rummykit.kit.effects import Passed
from tests.test_user_game import Basic

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("may-i", {}, 4),
    ("may-i", {}, 5),
    ("may-i", {"claim_order": "next_player_first"}, 4),
    ("may-i", {"turn_after_buy": "resume_normal"}, 4),
    ("posso", {}, 4),
    ("posso", {"joker_count": "players_minus_one"}, 3),
    ("possession", {}, 3),
]


def _to_window(match: Match[Any, Any], rng: random.Random, *, limit: int = 400) -> bool:
    """Random play until several seats are deciding; False if the match ends first."""
    for _ in range(limit):
        if match.is_over:
            return False
        if len(match.deciding) > 1:
            return True
        match.apply(rng.choice(match.legal_actions()))
    return False


def _request_window(seed: int) -> Match[Any, Any]:
    """A four-player May I? match in its request round after a discard."""
    match = game("may-i").new_match(players=4, seed=seed)
    rng = random.Random(seed)
    while str(match.phase.value) != "request":
        match.apply(rng.choice(match.legal_actions()))
    return match


def _p0(match: Match[Any, Any]) -> int:
    """The seat whose discard opened the window: the last event's."""
    seat = match.events[-1].seat
    assert seat is not None
    return seat


def _trail(match: Match[Any, Any]) -> list[tuple[int | None, str]]:
    return [(event.seat, str(event.action)) for event in match.events]


def test_mayi_9_3_after_a_discard_every_seat_that_may_ask_is_deciding() -> None:
    for seed in range(5):
        match = _request_window(seed)
        p0 = _p0(match)
        p2, p3 = (p0 + 2) % 4, (p0 + 3) % 4
        assert match.deciding == (p2, p3)
        assert match.to_act == p2
        for seat in (p2, p3):
            assert set(match.legal_actions(seat=seat)) <= {match.parse_action("ask"), Pass()}
            assert match.view(seat).legal == match.legal_actions(seat=seat)
        for seat in (p0, (p0 + 1) % 4):  # the discarder, and P1 (who needs no consent)
            assert match.legal_actions(seat=seat) == ()
            assert match.view(seat).legal == ()


def test_mayi_9_5_a_later_seats_ask_sent_first_is_held_and_resolved_by_priority() -> None:
    match = _request_window(2)
    p0 = _p0(match)
    p1, p2, p3 = ((p0 + k) % 4 for k in (1, 2, 3))
    assert match.parse_action("ask") in match.legal_actions(seat=p3)
    one_at_a_time = match.clone()
    steps = match.step
    assert match.apply("ask", seat=p3) is None  # held: nothing applied yet
    assert match.step == steps and list(match.deciding) == [p2]
    assert match.legal_actions(seat=p3) == ()
    with pytest.raises(IllegalActionError, match="has answered already"):
        match.apply("pass", seat=p3)
    event = match.apply("pass", seat=p2)
    assert event is not None and event.seat == p2
    # P3's request was applied after P2's answer (seat order), then consent from P1 on
    assert _trail(match)[-2:] == [(p2, "pass"), (p3, "ask")]
    assert match.phase.value == "consent" and match.deciding == (p1, p2)
    # P2 refuses before P1 answers: held until P1 allows, then a forced buy (MAYI-9.7c)
    assert match.apply("refuse", seat=p2) is None
    match.apply("allow", seat=p1)
    assert match.phase.value == "buy" and match.to_act == p2
    for seat, action in ((p2, "pass"), (p3, "ask"), (p1, "allow"), (p2, "refuse")):
        one_at_a_time.apply(action, seat=seat)
    assert one_at_a_time.to_dict() == match.to_dict()
    assert _trail(one_at_a_time) == _trail(match)


def test_mayi_9_7_an_earlier_refusal_closes_the_round_and_drops_later_answers() -> None:
    match = _request_window(2)
    p0 = _p0(match)
    p1, p2, p3 = ((p0 + k) % 4 for k in (1, 2, 3))
    match.apply("pass", seat=p2)
    match.apply("ask", seat=p3)
    assert match.deciding == (p1, p2)
    one_at_a_time = match.clone()
    match.apply("allow", seat=p2)  # held
    match.apply("refuse", seat=p1)  # P1's refusal take: P2 is never asked
    assert match.state.held == ()
    one_at_a_time.apply("refuse", seat=p1)
    assert one_at_a_time.to_dict() == match.to_dict()
    assert _trail(one_at_a_time) == _trail(match)
    with pytest.raises(IllegalActionError, match="turn"):
        match.apply("allow", seat=p2)


def test_an_illegal_early_answer_leaves_the_match_unchanged() -> None:
    match = _request_window(4)
    p0 = _p0(match)
    p3 = (p0 + 3) % 4
    before = match.to_dict()
    for wrong in ("allow", "draw", "take 1", "nonsense"):
        with pytest.raises(IllegalActionError):
            match.apply(wrong, seat=p3)
        assert not match.can_apply(wrong, seat=p3)
        assert match.to_dict() == before
    with pytest.raises(IllegalActionError, match="turn"):
        match.apply("ask", seat=p0)  # the discarder has no question open
    with pytest.raises(IllegalActionError, match="no seat"):
        match.apply("ask", seat=7)
    assert match.to_dict() == before
    match.verify("pass", seat=p3)
    assert match.can_apply("pass", seat=p3) and match.to_dict() == before


def test_held_answers_are_declared_state_kept_by_snapshots_and_clones() -> None:
    match = _request_window(2)
    p3 = (_p0(match) + 3) % 4
    plain = match.clone()
    match.apply("ask", seat=p3)
    assert match != plain
    twin = match.clone()
    assert twin == match and twin.state.held == match.state.held
    restored = Match.from_dict(match.to_dict())
    assert restored == match and restored.deciding == match.deciding
    assert restored.to_dict() == match.to_dict()
    twin.apply("pass", seat=twin.to_act)  # a clone resolves on its own
    assert match.state.held and not twin.state.held
    # a copy a bot may look at whole holds no other seat's early answer
    assert match.clone(hide_for=p3).state.held == match.state.held
    assert match.clone(hide_for=(p3 + 1) % 4).state.held == ()
    with pytest.raises(IllegalActionError, match="no seat"):
        match.legal_actions(seat=4)


def test_a_snapshot_with_an_answer_no_question_asks_is_refused() -> None:
    match = _request_window(2)
    p0 = _p0(match)
    data = match.to_dict()
    data["match"]["held"] = [[p0, {"type": "Pass"}]]  # the discarder answers nothing
    with pytest.raises(RecordError, match="held"):
        Match.from_dict(data)
    data["match"]["held"] = [[match.to_act, {"type": "Pass"}]]  # the seat to act: never held
    with pytest.raises(RecordError, match="held"):
        Match.from_dict(data)


def test_posso_9_3_every_eligible_seat_declares_at_once() -> None:
    definition = game("posso")
    for seed in range(40):
        match = definition.new_match(players=4, seed=seed)
        rng = random.Random(seed)
        if not _to_window(match, rng):
            continue
        assert match.phase.value == "claim"
        claims = match.deal.claim
        assert isinstance(claims, PossoTable)
        assert match.deciding == claims.order[claims.asked :]
        last = match.deciding[-1]
        choice = match.legal_actions(seat=last)[0]
        one_at_a_time = match.clone()
        match.apply(choice, seat=last)
        answers = {seat: Pass() for seat in match.deciding}
        while match.state.held:
            seat = match.to_act
            assert seat is not None
            match.apply(answers[seat], seat=seat)
        while one_at_a_time.step < match.step:
            seat = one_at_a_time.to_act
            one_at_a_time.apply(choice if seat == last else Pass(), seat=seat)
        assert one_at_a_time.to_dict() == match.to_dict()
        return
    pytest.fail("no Posso? claim window in 40 matches")


# -- a user's game whose claim protocol opens a question to several seats ------------------

SNAP = Question("snap", "SN-1", stake=Stake.TAKE, decline=Pass())
"""SN-1: after a discard, every other seat says whether it takes it; the nearest wins."""


@attrs.define
class SnapWindow(State):
    """The open snap window: who was asked, in order, and the answers so far."""

    order: tuple[int, ...]
    asked: int = 0
    takers: list[int] = attrs.Factory(list)


class SnapClaims(ClaimProtocol[SnapWindow]):
    """A user's protocol, through public names only: every other seat answers at once."""

    phases = (SNAP,)

    def after_discard(self, ctx: TurnContext[SnapWindow], seat: int) -> None:
        order = tuple(ctx.left(seat, k) for k in range(1, ctx.players))
        ctx.set_claim(SnapWindow(order))
        ctx.set_turn(SNAP, order[0])

    def open_seats(self, ctx: TurnContext[SnapWindow]) -> tuple[int, ...]:
        window = ctx.claim
        assert window is not None
        return window.order[window.asked :]

    def legal(self, ctx: TurnContext[SnapWindow], seat: int) -> tuple[Action, ...]:
        return (Take(), Pass())

    def actor_consistent(self, ctx: TurnContext[SnapWindow], seat: int) -> bool:
        window = ctx.claim
        return window is not None and window.order[window.asked] == seat

    def perform(self, ctx: TurnContext[SnapWindow], seat: int, action: Action) -> None:
        window = ctx.claim
        assert window is not None
        if isinstance(action, Take):
            window.takers.append(seat)
        ctx.emit(Passed(seat))
        window.asked += 1
        if window.asked < len(window.order):
            ctx.set_turn(SNAP, window.order[window.asked])
            return
        ctx.set_claim(None)
        if window.takers:
            ctx.take_from_pile(window.takers[0], 1, protect_top=False)
        ctx.start_turn(window.order[0])


@attrs.frozen
class Snap(Basic):
    """Basic rummy with a snap window after each discard."""

    name: ClassVar[str] = "test-snap-rummy"
    actions: ClassVar[tuple[type[Action], ...]] = (*Basic.actions, Pass)

    def hooks(self) -> Hooks:
        return attrs.evolve(super().hooks(), claims=SnapClaims())


@pytest.fixture
def snap() -> Iterator[type[Snap]]:
    register(Snap)
    yield Snap
    unregister(Snap.name)


def test_a_users_claim_protocol_opens_its_question_to_several_seats(snap: type[Snap]) -> None:
    rng = random.Random(5)
    match = game(snap.name).new_match(players=4, seed=5)
    assert _to_window(match, rng)
    first, *later = match.deciding
    assert len(later) == 2 and match.to_act == first
    one_at_a_time = match.clone()
    answers = {first: Pass(), later[0]: Take(), later[1]: Take()}
    for seat in reversed(match.deciding):
        match.apply(answers[seat], seat=seat)
    for _ in range(3):
        one_at_a_time.apply(answers[one_at_a_time.to_act], seat=one_at_a_time.to_act)
    assert one_at_a_time.to_dict() == match.to_dict()
    assert match.default_action(match.to_act) in match.legal_actions()


# -- properties ------------------------------------------------------------------------------


def _pick(legal: tuple[Action, ...], rng: random.Random) -> Action:
    """An answer, taking the card (ask, refuse, claim) half the time it may."""
    yes = [action for action in legal if not isinstance(action, Pass) and str(action) != "allow"]
    return rng.choice(yes) if yes and rng.random() < 0.5 else rng.choice(legal)


def _live_window(match: Match[Any, Any], rng: random.Random) -> None:
    """Answer the window open now in random arrival orders, and check the result against
    the one-at-a-time protocol with the same answers."""
    one_at_a_time = match.clone()
    answers: dict[tuple[str, int], Action] = {}
    while len(match.deciding) > 1:
        phase = match.phase
        round_answers = {
            seat: _pick(match.legal_actions(seat=seat), rng) for seat in match.deciding
        }
        answers.update({(phase.value, seat): answer for seat, answer in round_answers.items()})
        arrival = list(round_answers)
        rng.shuffle(arrival)
        for seat in arrival:
            if match.phase is not phase or seat not in match.deciding:
                continue  # its question closed: a server's late message is refused
            if rng.random() < 0.2 and seat != match.to_act:  # a wrong answer first
                before = match.to_dict()
                with pytest.raises(IllegalActionError):
                    match.apply("draw", seat=seat)
                assert match.to_dict() == before
            match.apply(round_answers[seat], seat=seat)
    while one_at_a_time.step < match.step:
        seat = one_at_a_time.to_act
        assert seat is not None
        one_at_a_time.apply(answers[(one_at_a_time.phase.value, seat)], seat=seat)
    assert not match.state.held
    assert one_at_a_time.to_dict() == match.to_dict()
    assert _trail(one_at_a_time)[-20:] == _trail(match)[-20:]


@given(case=st.sampled_from(GAMES[:6]), seed=st.integers(0, 2**32))
def test_answers_in_any_arrival_order_give_the_one_at_a_time_state(
    case: tuple[str, dict[str, Any], int], seed: int
) -> None:
    name, options, players = case
    match = game(name, **options).new_match(players=players, seed=seed)
    rng = random.Random(seed)
    windows = 0
    while windows < 12 and _to_window(match, rng):
        _live_window(match, rng)
        windows += 1


def _check_defaults(match: Match[Any, Any]) -> int:
    """``default_action`` is legal for every deciding seat; how many were checked."""
    for seat in match.deciding:
        default = match.default_action(seat)
        assert default in match.legal_actions(seat=seat) or match.can_apply(default, seat=seat)
        assert match.default_action(seat) == default  # the same match, the same default
    return len(match.deciding)


def test_default_action_is_legal_for_every_deciding_seat_of_every_game(snap: type[Snap]) -> None:
    checked = 0
    for index, (name, options, players) in enumerate([*GAMES, (snap.name, {}, 3)]):
        match = game(name, **options).new_match(players=players, seed=index)
        rng = random.Random(index)
        for _ in range(500):
            if match.is_over:
                break
            checked += _check_defaults(match)
            match.apply(rng.choice(match.legal_actions()))
    assert checked > 3000


def test_a_question_defaults_to_its_decline_and_a_turn_to_the_heuristics_choice() -> None:
    match = _request_window(2)
    for seat in match.deciding:
        assert match.default_action(seat) == Pass()
    match.apply("pass", seat=match.to_act)
    match.apply("ask", seat=match.to_act)
    assert match.phase.value == "consent"
    assert {match.default_action(seat) for seat in match.deciding} == {match.parse_action("allow")}
    turn = game("may-i").new_match(players=4, seed=9)
    actor = turn.to_act
    assert actor is not None
    assert turn.default_action(actor) == turn.clone().default_action(actor)
    assert turn.default_action(actor, stand_in="random") in turn.legal_actions()
    with pytest.raises(IllegalActionError, match="no decision open"):
        turn.default_action((actor + 1) % 4)


@pytest.mark.soak
def test_default_action_is_legal_in_a_hundred_thousand_decisions() -> None:
    checked, decisions, seed = 0, 0, 0
    while decisions < 100_000:
        name, options, players = GAMES[seed % len(GAMES)]
        match = game(name, **options).new_match(players=players, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and decisions < 100_000:
            checked += _check_defaults(match)
            match.apply(rng.choice(match.legal_actions()))
            decisions += 1
        seed += 1
    assert checked >= 100_000


def test_a_snapshot_with_held_answers_validates_against_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema (the test extra)")
    from rummykit.kit import json_schema

    match = _request_window(2)
    match.apply("ask", seat=(_p0(match) + 3) % 4)
    data = match.to_dict()
    assert data["match"]["held"]
    jsonschema.Draft202012Validator(json_schema("match")).validate(data)
    data["match"]["held"] = [["D", "ask"]]
    assert not jsonschema.Draft202012Validator(json_schema("match")).is_valid(data)


class Backwards(SnapClaims):
    """A protocol that forgets to give the seat to act first."""

    def open_seats(self, ctx: TurnContext[SnapWindow]) -> tuple[int, ...]:
        return tuple(reversed(super().open_seats(ctx)))


def test_a_protocol_whose_open_seats_skip_the_seat_to_act_is_refused(snap: type[Snap]) -> None:
    match = game(snap.name).new_match(players=4, seed=5)
    assert _to_window(match, random.Random(5))
    TurnContext.of(match).hooks.claims.__class__ = Backwards  # the same state, another protocol
    with pytest.raises(ConfigError, match="open_seats must give the seat to act"):
        _ = match.deciding


def test_an_open_seats_illegal_answer_lists_its_own_choices() -> None:
    """A seat after the seat to act that sends an answer it may not give is told its
    own legal answers, as the seat to act is (a newcomer's finding)."""
    match = game("may-i").new_match(players=4, seed=0)
    match.apply_all(["draw", "discard 3H"])
    later = match.deciding[-1]
    assert later != match.to_act and match.legal_actions(seat=later)
    with pytest.raises(IllegalActionError) as caught:
        match.apply("take", seat=later)
    assert (
        caught.value.params["legal"]
        == Message("note.legal", {"actions": ["ask", "pass"]}).to_dict()
    )
    assert caught.value.reason.endswith("legal: ask, pass)")
