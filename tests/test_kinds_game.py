"""A user's contract game with flushes and pairs on the engine (issue 33 item 1): its
contracts are met with the new kinds, lay-offs and go-downs are listed for them, and
random and bot play end every match, record and replay."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import ClassVar

import attrs
import pytest

from rummykit import ContractSchedule, MeldKind, MeldRules, game
from rummykit.engine import (
    ContractLayOffGate,
    ContractOpening,
    ContractRummy,
    Down,
    Hooks,
    LaidDown,
    LayOff,
    TableRules,
    TableSpec,
    turn_actions,
)
from rummykit.kit import Action, register, unregister
from rummykit.records import dumps, loads
from rummykit.simulate import simulate

KIND_MELDS = MeldRules(kinds=("group", "run", "flush", "pair"), run_min=3, group_max=4)
KIND_SCHEDULE = ContractSchedule.of("1F4+1P", "2P+1G3=", "1F3-4+1R3", hand_size=10)
KIND_TABLE = TableSpec(
    settable={"player_count_range": ((2, 4), "KR-1"), "jokers": (2, "KR-1")},
    fixed={
        "decks": (1, "KR-1"),
        "meld_rules": (KIND_MELDS, "KR-2"),
        "schedule": (KIND_SCHEDULE, "KR-3"),
    },
)


@attrs.frozen(kw_only=True)
class KindRules(TableRules):
    """KR-1..KR-3: one deck and two jokers, flushes and pairs, three deals."""

    table_spec: ClassVar[TableSpec] = KIND_TABLE


@attrs.frozen
class KindRummy(ContractRummy[KindRules]):
    """Contract rummy whose contracts ask for flushes and pairs."""

    name: ClassVar[str] = "test-kind-rummy"
    title: ClassVar[str] = "Kind rummy"
    rules_type: ClassVar[type[KindRules]] = KindRules
    clause_prefix: ClassVar[str] = "KR"
    refusal_clauses: ClassVar[Mapping[str, str]] = {}
    actions: ClassVar[tuple[type[Action], ...]] = turn_actions()
    rules: KindRules = attrs.field(factory=KindRules)

    def hooks(self) -> Hooks:
        return Hooks(opening=ContractOpening(), layoff_gate=ContractLayOffGate())


@pytest.fixture
def kind_rummy() -> Iterator[str]:
    register(KindRummy)
    yield KindRummy.name
    unregister(KindRummy.name)


def test_go_downs_meet_contracts_of_flushes_and_pairs(kind_rummy: str) -> None:
    kinds_laid: set[MeldKind] = set()
    layoffs = 0
    for seed in range(4):
        match = game(kind_rummy).new_match(players=3, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            legal = match.legal_actions()
            preferred = [a for a in legal if isinstance(a, Down | LayOff)]
            event = match.apply(rng.choice(preferred or legal))
            for effect in event.effects:
                if isinstance(effect, LaidDown):
                    kinds_laid.update(meld.kind for meld in effect.melds)
                    restored = type(match).from_dict(match.to_dict())  # the kinds read back
                    assert restored == match
            layoffs += sum(isinstance(a, LayOff) for a in [event.action])
        assert loads(dumps(match)).snapshot() == match.snapshot()
        assert type(match).from_dict(match.to_dict()) == match
    assert {MeldKind.FLUSH, MeldKind.PAIR} <= kinds_laid
    assert layoffs > 0


def test_bots_play_a_game_of_flushes_and_pairs(kind_rummy: str) -> None:
    summary = simulate(kind_rummy, matches=2, seed=1, players=3, bots="heuristic")
    assert summary.matches == 2 and summary.deals == 6


def test_observations_of_a_game_of_flushes_keep_their_shape(kind_rummy: str) -> None:
    """The RL observation of a game with other kinds keeps one size through a match (a
    pair is encoded as a group, a flush as a run: the group/run layout) and equals a
    fresh encoding as the table changes."""
    import numpy as np

    from rummykit import rl
    from rummykit.rl import ObservationEncoding

    definition = game(kind_rummy)
    table = rl.Table(definition, 3)
    fresh = ObservationEncoding.for_game(definition, players=3)
    table.new_match(2)
    match = table.match
    rng = random.Random(2)
    size = None
    while not match.is_over:
        seat = rng.randrange(3)
        vector = table.observe(seat)
        size = size or len(vector)
        assert len(vector) == size
        assert np.array_equal(vector, fresh.encode(match.view(seat)))
        legal = match.legal_actions()
        preferred = [a for a in legal if isinstance(a, Down | LayOff)]
        table.apply_action(rng.choice(preferred or legal))


def test_pictures_name_the_other_kinds() -> None:
    from rummykit import Meld, svg

    assert "<title>flush 2S 9S KS JK(QS)</title>" in svg.meld(
        Meld.parse("2S 9S KS JK", kind="flush")
    )
    assert "<title>7S 7H 7D</title>" in svg.meld(Meld.parse("7S 7H 7D"))
