"""The engine's change signal of the known cards (``TurnContext.known_changes``) and the
RL observation that trusts it: every change of a seat's known cards is counted, and an
observation updated on the strength of the count equals one encoded afresh, across
takes, buys, shown cards, new deals, clones and an undone ``apply_all``."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from rummykit import IllegalActionError, game, rl
from rummykit.engine import TurnContext
from rummykit.rl import ObservationEncoding


def _known(match: Any) -> list[dict[Any, int]]:
    return [dict(counter) for counter in match.deal.known]


@pytest.mark.parametrize("name", ["may-i", "posso"])
def test_each_change_of_a_seats_known_cards_is_counted(name: str) -> None:
    """Whenever a seat's known cards change within a deal, the context's count of that
    seat changed too: readers may skip a seat whose count is the same."""
    for seed in (1, 2, 3):
        match = game(name).new_match(players=4, seed=seed)
        rng = random.Random(seed)
        changed = 0
        for _ in range(1500):
            if match.is_over:
                break
            deal, before = match.deal, _known(match)
            counts = tuple(TurnContext.of(match).known_changes)
            match.apply(rng.choice(match.legal_actions()))
            if match.deal is not deal:  # a new deal: new counters, read afresh
                continue
            after, now = _known(match), TurnContext.of(match).known_changes
            for seat in range(4):
                if before[seat] != after[seat]:
                    changed += 1
                    assert now[seat] != counts[seat], (seed, seat)
        assert changed > 0


@pytest.mark.parametrize("name", ["may-i", "posso"])
def test_observations_trusting_the_count_equal_fresh_ones(name: str) -> None:
    """The table's observation of every seat, after every action, equals a fresh
    encoding of its view; an ``apply_all`` undone in between (a new context, the deal
    put back) and a clone observed with the same encoding change nothing of that."""
    definition = game(name)
    table = rl.Table(definition, 4)
    fresh = ObservationEncoding.for_game(definition, players=4)
    for seed in (4, 5):
        table.new_match(seed)
        match = table.match
        rng = random.Random(seed)
        for step in range(900):
            if match.is_over:
                break
            for seat in range(4):
                vector = table.observe(seat)
                assert vector.tobytes() == fresh.encode(match.view(seat)).tobytes()
            if step % 37 == 5:
                twin = match.clone()
                twin.apply(rng.choice(twin.legal_actions()))
                seat = rng.randrange(4)
                vector = table.observations.encode_match(twin, seat)
                assert vector.tobytes() == fresh.encode(twin.view(seat)).tobytes()
            if step % 23 == 11:  # a batch whose second action is refused: undone whole
                first = rng.choice(match.legal_actions())
                with pytest.raises(IllegalActionError):
                    match.apply_all([first, "not an action"])
            table.apply_action(rng.choice(match.legal_actions()))
