"""Snapshots, pickling and copies (issue 22, items 1 and 2): at random points of random
matches of every shipped game under random options, ``Match.from_dict`` of the JSON text
of ``to_dict()``, ``pickle`` and ``copy.deepcopy`` each give a match equal to the original
whose legal actions, views and next hundred decisions under the same actions are the
same; a tampered snapshot is refused with a :class:`~rummykit.errors.RecordError` naming
the field, never another exception."""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Match, RecordError, game
from rummykit.engine import DRAW, MELD
from rummykit.games.may_i.claims import CONSENT, REQUEST
from rummykit.kit import DEAL_OVER, MATCH_OVER, Phase
from rummykit.records import from_record, to_record
from tests.strategies import examples
from tests.test_may_i_properties import OPTIONS as MAY_I_OPTIONS
from tests.test_possession_properties import OPTIONS as POSSESSION_OPTIONS
from tests.test_posso_properties import OPTIONS as POSSO_OPTIONS

AnyMatch = Match[Any, Any]
GAMES: dict[str, tuple[dict[str, list[Any]], int, int]] = {
    "may-i": (MAY_I_OPTIONS, 3, 5),
    "posso": (POSSO_OPTIONS, 3, 5),
    "possession": (POSSESSION_OPTIONS, 2, 4),
}


def random_match(name: str, rng: random.Random, steps: int) -> AnyMatch:
    """A match of ``name`` under random options, ``steps`` random actions in (fewer if
    it ends)."""
    options, low, high = GAMES[name]
    definition = game(name, **{option: rng.choice(values) for option, values in options.items()})
    match: AnyMatch = definition.new_match(
        players=rng.randint(low, high),
        seed=rng.randrange(2**32),
        auto_deal=rng.random() < 0.8,
        first_dealer=rng.choice([None, 0, 1]),
    )
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def same_future(match: AnyMatch, twin: AnyMatch, rng: random.Random, decisions: int = 100) -> None:
    """``twin`` equals ``match`` and goes on exactly like it under the same actions."""
    for _ in range(decisions):
        assert twin == match
        assert twin.phase is match.phase and twin.to_act == match.to_act
        assert twin.legal_actions() == match.legal_actions()
        for seat in range(match.players):
            assert twin.view(seat) == match.view(seat)
        if match.is_over:
            break
        action = rng.choice(match.legal_actions())
        assert twin.apply(action).to_dict() == match.apply(action).to_dict()
    assert twin == match


def via_json(match: AnyMatch) -> AnyMatch:
    return Match.from_dict(json.loads(json.dumps(match.to_dict())))


COPIES: dict[str, Callable[[AnyMatch], AnyMatch]] = {
    "json": via_json,
    "pickle": lambda match: pickle.loads(pickle.dumps(match)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("how", sorted(COPIES))
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_a_copy_has_the_same_future(name: str, how: str, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    match = random_match(name, rng, steps)
    before = match.snapshot()
    twin = COPIES[how](match)
    assert type(twin) is type(match)
    assert match.snapshot() == before  # copying leaves the original alone
    same_future(match, twin, random.Random(seed + 1))


def test_a_copy_shares_no_state() -> None:
    match = random_match("may-i", random.Random(3), 40)
    for how in ("deepcopy", "copy", "pickle", "json"):
        twin = COPIES[how](match)
        twin.apply(twin.legal_actions()[0])
        assert twin != match
        assert match.step == 40 and twin.step == 41


def test_deepcopy_keeps_one_copy_of_a_match_held_twice() -> None:
    match = random_match("posso", random.Random(2), 10)
    first, second = copy.deepcopy([match, match])
    assert first is second and first == match


def test_a_match_in_a_claim_window_survives_pickling() -> None:
    """The issue's report: a copy in a May I? window read ``request`` while offering a
    buyer's ``take``."""
    rng = random.Random(0)
    match: AnyMatch = game("may-i").new_match(players=4, seed=1)
    while match.phase not in (REQUEST, CONSENT):
        match.apply(rng.choice(match.legal_actions()))
    for how, make in COPIES.items():
        twin = make(match)
        assert twin.phase is match.phase, how
        assert twin.legal_actions() == match.legal_actions(), how


@pytest.mark.parametrize("phase", [DRAW, MELD, REQUEST, CONSENT, DEAL_OVER, MATCH_OVER])
def test_phases_come_back_as_the_constants(phase: Phase) -> None:
    assert pickle.loads(pickle.dumps(phase)) is phase
    assert copy.deepcopy(phase) is phase and copy.copy(phase) is phase


def test_the_snapshot_is_json_and_names_everything_that_decides_the_future() -> None:
    match = random_match("may-i", random.Random(5), 300)
    data = match.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == "rummykit-match" and data["version"] == 1
    assert data["game"] == "may-i" and data["players"] == match.players
    assert data["step"] == match.step == 300
    assert data["rng"][0] == match.rng.getstate()[0]
    assert len(data["match"]["deal_scores"]) == len(match.deal_scores)
    assert data["deal"]["hands"] == [[card.notation for card in hand] for hand in match.hands]


def test_a_restored_match_numbers_its_events_on_and_has_no_record() -> None:
    match = random_match("possession", random.Random(1), 25)
    twin = via_json(match)
    assert twin.events == () and twin.step == 25
    assert twin.apply(twin.legal_actions()[0]).step == 25
    with pytest.raises(RecordError, match="restored from a snapshot"):
        to_record(twin)
    assert from_record(to_record(match)) == match


def test_seats_in_a_claim_window_and_on_melds_are_checked() -> None:
    rng = random.Random(0)
    match: AnyMatch = game("may-i").new_match(players=4, seed=1)
    while match.phase is not CONSENT:
        match.apply(rng.choice(match.legal_actions()))
    data = match.to_dict()
    data["deal"]["claim"]["order"][0] = 4
    with pytest.raises(RecordError, match=r"deal.claim.order\[0\]: seat 4 out of range"):
        Match.from_dict(data)
    while not match.deal.table:
        match.apply(rng.choice(match.legal_actions()))
    data = match.to_dict()
    data["deal"]["table"][0]["owner"] = -1
    with pytest.raises(RecordError, match=r"deal.table\[0\].owner"):
        Match.from_dict(data)


def test_from_dict_on_a_game_class_refuses_another_game() -> None:
    from rummykit.games import PossessionMatch

    data = random_match("may-i", random.Random(1), 3).to_dict()
    with pytest.raises(RecordError, match="game"):
        PossessionMatch.from_dict(data)


# -- tampered snapshots ----------------------------------------------------------------


def _snapshot(seed: int = 4, steps: int = 120) -> dict[str, Any]:
    data: dict[str, Any] = random_match("may-i", random.Random(seed), steps).to_dict()
    return data


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(game="gin"), "game"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(version=True), "version"),
        (lambda d: d.pop("deal"), "deal"),
        (lambda d: d["deal"].pop("hands"), "deal.hands"),
        (lambda d: d["deal"]["hands"][2].__setitem__(5, 5), "deal.hands[2][5]"),
        (lambda d: d["deal"]["hands"][2].__setitem__(5, "ZZ"), "deal.hands[2][5]"),
        (lambda d: d["deal"]["hands"][2].pop(), "add up to the shoe"),
        (lambda d: d["deal"]["hands"][1].append("AS"), "add up to the shoe"),
        (lambda d: d["match"].update(to_act=9), "match.to_act"),
        (lambda d: d["match"].update(dealer=-1), "match.dealer"),
        (lambda d: d["match"].update(phase="nap"), "match.phase"),
        (lambda d: d["deal"]["step"].update(seat="A"), "deal.step.seat"),
        (lambda d: d["deal"]["step"].update(seat=7), "deal.step.seat: seat 7 out of range"),
        (lambda d: d["deal"]["pile"].append(["AS", 9]), r"deal.pile\[\d+\]\[1\]"),
        (lambda d: d["deal"]["down"].pop(), "deal.down: must hold"),
        (lambda d: d["deal"].update(extra=1), "unknown fields extra"),
        (lambda d: d["deal"].update(type="Bogus"), "unknown state type"),
        (lambda d: d["rng"][1].pop(), "rng"),
        (lambda d: d["rules"].update(jokers="many"), "rules"),
        (lambda d: d.update(players=2), "players"),
        (
            lambda d: d.update(players=3 if d["players"] == 5 else d["players"] + 1),
            "out of range|must hold",
        ),
    ],
)
def test_a_tampered_snapshot_names_the_field(change: Callable[[Any], Any], field: str) -> None:
    data = _snapshot()
    change(data)
    pattern = field if "\\" in field else field.replace("[", r"\[").replace("]", r"\]")
    with pytest.raises(RecordError, match=pattern):
        Match.from_dict(data)


@pytest.mark.parametrize("name", ["may-i", "posso", "possession"])
def test_a_snapshot_whose_seat_to_act_is_the_table_names_the_broken_consistency(
    name: str,
) -> None:
    match = game(name).new_match(players=3, seed=2)
    match.apply(match.legal_actions()[0])
    data = match.to_dict()
    data["match"]["to_act"] = None
    phase = data["match"]["phase"]
    message = (
        f"match.to_act: the table (null) cannot act in phase '{phase}' "
        "(the game cannot list its legal actions)"
    )
    with pytest.raises(RecordError, match=f"^{re.escape(message)}$"):
        Match.from_dict(data)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.sampled_from(["AS", "JK", "draw", "meld", "ContractDeal", "ClaimWindow"]),
    st.lists(st.integers(0, 5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 50),
    steps=st.integers(0, 250),
    changes=st.lists(
        st.tuples(st.integers(0, 10**6), st.sampled_from("dtm"), JUNK), min_size=1, max_size=3
    ),
)
def test_a_tampered_snapshot_raises_only_record_errors(
    seed: int, steps: int, changes: list[tuple[int, str, Any]]
) -> None:
    data = json.loads(
        json.dumps(
            random_match(
                ["may-i", "posso", "possession"][seed % 3], random.Random(seed), steps
            ).to_dict()
        )
    )
    for pick, kind, junk in changes:
        # the generator's 625 words would crowd out the rest: tamper with two of them
        every = _paths(data)
        paths = [path for path in every if path and path[:2] != ("rng", 1)]
        paths += [path for path in (("rng", 1, 0), ("rng", 1, 624)) if path in every]
        path = paths[pick % len(paths)]
        parent = _at(data, path[:-1])
        if kind == "d":  # delete a key or an item
            del parent[path[-1]]
        elif kind == "t":  # change a value, maybe its type
            parent[path[-1]] = junk
        else:  # move a card to another list of cards
            cards = [p for p in paths if isinstance(_at(data, p), str) and len(_at(data, p)) <= 3]
            lists = [p for p in paths if isinstance(_at(data, p), list)]
            if not cards or not lists:
                continue
            source = cards[pick % len(cards)]
            card = _at(data, source[:-1]).pop(source[-1])
            _at(data, lists[(pick // 7) % len(lists)]).append(card)
    try:
        twin = Match.from_dict(data)
    except RecordError:
        return
    twin.legal_actions()  # a snapshot that loads is a match that plays


def test_a_game_a_user_registered_restores_through_the_registry() -> None:
    """The gin example (``examples/gin_rummy.py``), registered as a user would: its
    snapshot, pickle and copies restore, with its own phases, actions and state."""
    import importlib.util
    import sys
    from pathlib import Path

    from rummykit.kit import register, unregister

    module = sys.modules.get("gin_rummy")
    if module is None:
        path = Path(__file__).resolve().parent.parent / "examples" / "gin_rummy.py"
        spec = importlib.util.spec_from_file_location("gin_rummy", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["gin_rummy"] = module
        spec.loader.exec_module(module)
    register(module.Gin, replace=True)
    try:
        rng = random.Random(4)
        match: AnyMatch = game("gin").new_match(players=2, seed=4)
        for steps in (0, 7, 30, 80):
            while match.step < steps and not match.is_over:
                match.apply(rng.choice(match.legal_actions()))
            for how, make in COPIES.items():
                twin = make(match)
                assert type(twin) is module.GinMatch, how
                same_future(match.clone(), twin, random.Random(steps), decisions=30)
    finally:
        unregister("gin")


def _in_phase(name: str, seed: int) -> Match[Any, Any]:
    match = game("may-i").new_match(players=4, seed=11)
    rng = random.Random(seed)
    while match.phase.value != name:
        assert not match.is_over, f"no {name} phase in this match"
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_a_seat_put_where_the_game_never_asks_it_is_refused() -> None:
    match = _in_phase("consent", 5)
    data = match.to_dict()
    asked = data["match"]["to_act"]
    discarder = match.deal.claim.discarder
    data["match"]["to_act"] = discarder  # the discarder is never asked for consent
    with pytest.raises(RecordError, match=r"match\.to_act: seat \d cannot act in phase 'consent'"):
        Match.from_dict(data)
    data["match"]["to_act"] = asked
    assert Match.from_dict(data) == match


def test_a_seat_with_no_decision_is_refused() -> None:
    match = _in_phase("buy", 3)
    data = match.to_dict()
    data["match"]["to_act"] = match.deal.claim.discarder  # who may not take their own card
    with pytest.raises(RecordError, match=r"match\.to_act: seat \d cannot act in phase 'buy'"):
        Match.from_dict(data)


def test_a_seat_that_could_act_but_is_not_asked_is_refused() -> None:
    """The requester consenting to their own request, another seat drawing in a turn: seats
    that have legal actions there, refused because the game's own state (the claim
    window's order, the turn's seat) asks another (Match.actor_consistent)."""
    match = _in_phase("consent", 1)
    data = match.to_dict()
    data["match"]["to_act"] = match.deal.claim.requester
    with pytest.raises(RecordError, match="the game's state asks another seat there"):
        Match.from_dict(data)
    match = game("may-i").new_match(players=4, seed=2)
    data = match.to_dict()
    assert match.to_act is not None
    data["match"]["to_act"] = (match.to_act + 1) % 4
    with pytest.raises(RecordError, match=r"seat \d cannot act in phase 'draw': the game's"):
        Match.from_dict(data)


@pytest.mark.parametrize(
    ("name", "options", "players"),
    [
        ("may-i", {}, 4),
        ("may-i", {"claim_order": "next_player_first"}, 4),
        ("may-i", {"turn_after_buy": "resume_normal", "next_player_refusal": "normal_turn"}, 3),
        ("posso", {"joker_count": "players_minus_one"}, 4),
        ("posso", {"claim_counts_as_draw": True, "forced_play_enforcement": "strict"}, 3),
        ("possession", {}, 2),
    ],
)
def test_the_seat_to_act_is_always_one_the_game_asks(
    name: str, options: dict[str, Any], players: int
) -> None:
    """No false refusal: in random play every position's seat to act is consistent."""
    steps = 0
    for seed in range(2):
        match = game(name, **options).new_match(players=players, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            assert match._actor_consistent(), (seed, match.state.phase, match.to_act)
            match.apply(rng.choice(match.legal_actions()))
            steps += 1
    assert steps > 1000


@pytest.mark.parametrize("number", [0, -1, 6, 999])
def test_a_deal_number_outside_the_schedule_is_refused(number: int) -> None:
    data = game("may-i").new_match(players=4, seed=3).to_dict()
    data["match"]["deal_number"] = number
    with pytest.raises(
        RecordError, match=rf"match\.deal_number: must be a deal from 1 to 5, got {number}"
    ):
        Match.from_dict(data)
