"""The compact log (:mod:`rummykit.kit.log`): the events a match reads back are the very
values :meth:`~rummykit.kit.match.Match.apply` returned, in every way a caller sees them."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

from rummykit import Event, Match, game
from rummykit.kit import log


def _played(name: str, seed: int, decisions: int) -> tuple[Match[Any, Any], list[Event]]:
    players = 2 if name == "possession" else 4
    match: Match[Any, Any] = game(name).new_match(players=players, seed=seed)
    rng = random.Random(seed)
    returned = []
    for _ in range(decisions):
        if match.is_over:
            break
        legal = match.legal_actions()
        returned.append(match.apply(legal[rng.randrange(len(legal))]))
    return match, returned


@pytest.mark.parametrize("name", ["may-i", "posso", "possession"])
def test_the_log_reads_back_the_events_apply_returned(name: str) -> None:
    match, returned = _played(name, seed=4, decisions=400)
    read = match.events
    assert read == tuple(returned)
    for event, back in zip(returned, read, strict=True):
        assert type(back) is Event and hash(back) == hash(event) and repr(back) == repr(event)
        assert back.to_dict() == event.to_dict() and str(back) == str(event)
        assert back.action is event.action and back.effects == event.effects
        assert pickle.loads(pickle.dumps(back)) == event
        assert match.event(event.step) == event
    assert match.event(match.step) is None and match.event(-1) is None
    assert match.step == len(returned)


def test_copies_and_restores_keep_the_log() -> None:
    match, _ = _played("may-i", seed=6, decisions=300)
    for twin in (match.clone(), pickle.loads(pickle.dumps(match))):
        assert twin.events == match.events and twin.step == match.step
    hidden = match.clone(hide_for=1)
    assert hidden.events == match.events_seen_by(1)
    restored = Match.from_dict(match.to_dict())
    assert len(restored.events) == 0 and restored.step == match.step
    event = restored.apply(restored.legal_actions()[0])
    assert event.step == match.step and list(restored.events) == [event]
    assert restored.event(match.step) == event


def test_one_effect_is_kept_alone_and_several_as_their_tuple() -> None:
    match, returned = _played("may-i", seed=2, decisions=200)
    entries = match._log  # the form itself: what the memory benchmark counts
    assert len(entries) == log.WIDTH * len(returned)
    for index, event in enumerate(returned):
        kept = entries[index * log.WIDTH + 2]
        assert kept is event.effects[0] if len(event.effects) == 1 else kept == event.effects
        assert entries[index * log.WIDTH] is log.meta(event.deal, event.seat, event.phase)


@pytest.mark.parametrize("name", ["may-i", "possession"])
def test_an_event_apply_makes_is_an_event_in_every_way(name: str) -> None:
    """``made_event`` stores the fields without attrs' ``__init__``: what it makes is the
    same value as the class makes, frozen, with the class's slots alone."""
    _, returned = _played(name, seed=3, decisions=60)
    for event in returned:
        twin = Event(event.step, event.deal, event.seat, event.phase, event.action, event.effects)
        assert type(event) is Event and event == twin and hash(event) == hash(twin)
        assert repr(event) == repr(twin) and attrs.asdict(event) == attrs.asdict(twin)
        assert attrs.evolve(event, step=0) == attrs.evolve(twin, step=0)
        assert copy.copy(event) == copy.deepcopy(event) == twin
        assert not hasattr(event, "__dict__")
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            event.step = 0  # type: ignore[misc]


def test_an_event_seen_by_a_seat_is_itself_unless_something_is_hidden() -> None:
    """``Event.seen_by`` hands back the event itself where every effect shows whole to the
    seat, and otherwise an event equal in all but the hidden cards."""
    _, events = _played("may-i", 11, 400)
    hidden = 0
    for event in events:
        for seat in (None, 0, 1, 2, 3):
            seen = event.seen_by(seat)
            shown = tuple(effect.seen_by(seat) for effect in event.effects)
            assert seen.effects == shown
            assert (seen.step, seen.deal, seen.seat, seen.phase, seen.action) == (
                event.step,
                event.deal,
                event.seat,
                event.phase,
                event.action,
            )
            if all(a is b for a, b in zip(shown, event.effects, strict=True)):
                assert seen is event
            else:
                hidden += 1
                assert seen != event
                assert attrs.evolve(event, effects=shown) == seen
    assert hidden > 0  # the deal's draws are hidden from the other seats
