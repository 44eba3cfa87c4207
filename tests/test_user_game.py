"""A user's game without contracts, from scratch on the engine: no schedule, its own
clauses in every refusal (or none), played, recorded and simulated like a shipped one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import ClassVar

import attrs
import pytest

from rummykit import (
    AcePolicy,
    CardValues,
    ConfigError,
    DeckSpec,
    IllegalActionError,
    Meld,
    MeldRules,
    game,
    parse_cards,
)
from rummykit.engine import (
    ContractLayOffGate,
    ContractRummy,
    Down,
    FreeOpening,
    Hooks,
    LaidDown,
    TableRules,
    TableSpec,
    turn_actions,
)
from rummykit.kit import (
    Action,
    DealEnded,
    Position,
    register,
    unregister,
    whole,
)
from rummykit.records import dumps, loads
from rummykit.simulate import simulate

BASIC_MELDS = MeldRules(group_max=4, run_min=3, ace=AcePolicy.LOW, jokers_allowed=False)
BASIC_VALUES = CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))


BASIC_TABLE = TableSpec(
    settable={
        "player_count_range": ((2, 4), "BR-1"),
        "decks": (1, "BR-1"),
        "hand_size": (7, "BR-1"),
        "deal_count": (3, "BR-7"),
        "going_out_bonus": (0, "BR-6"),
        "winner_metric": ("penalties_only", "BR-7"),
    },
    fixed={"meld_rules": (BASIC_MELDS, "BR-2"), "card_values": (BASIC_VALUES, "BR-6")},
)


@attrs.frozen(kw_only=True)
class BasicRules(TableRules):
    """BR-1..BR-7: 2-4 players, one deck, seven cards, three deals, any melds."""

    table_spec: ClassVar[TableSpec] = BASIC_TABLE
    house_bonus: int = attrs.field(default=0, validator=whole(0))
    """A game's own option beside the engine's."""


@attrs.frozen
class Basic(ContractRummy[BasicRules]):
    """Basic rummy: lay down any melds, lay off on any meld, first out wins the deal."""

    name: ClassVar[str] = "test-basic-rummy"
    title: ClassVar[str] = "Basic rummy"
    rules_type: ClassVar[type[BasicRules]] = BasicRules
    clause_prefix: ClassVar[str] = "BR"
    refusal_clauses: ClassVar[Mapping[str, str]] = {
        "players": "BR-1",
        "melds": "BR-2",
        "draw": "BR-3",
        "empty_pile": "BR-3",
        "own_discard": "BR-3",
        "multi_take": "BR-3",
        "meld": "BR-4",
        "hold": "BR-4",
        "layoff": "BR-4",
        "layoff_target": "BR-4",
        "discard": "BR-5",
        "taken_card": "BR-5",
        "no_discard": "BR-5",
        "going_out": "BR-6",
        "single_card": "BR-6",
        "match_over": "BR-7",
    }  # no "layoff_fit": such a refusal cites no clause
    actions: ClassVar[tuple[type[Action], ...]] = turn_actions()

    rules: BasicRules = attrs.field(factory=BasicRules)

    def hooks(self) -> Hooks:
        return Hooks(opening=FreeOpening(), layoff_gate=ContractLayOffGate(requires_contract=False))


@pytest.fixture
def basic() -> Iterator[type[Basic]]:
    register(Basic)
    yield Basic
    unregister(Basic.name)


def _position(hand: str, table: list[Meld]) -> Position:
    cards = parse_cards(hand)
    used = Counter(cards) + Counter(card for meld in table for card in meld.cards)
    rest = sorted((Counter(DeckSpec(decks=1).shoe()) - used).elements())
    down = tuple(sorted({meld.owner for meld in table if meld.owner is not None}))
    return Position(hands=[cards, ()], stock=rest, table=table, down=down, dealer=1, to_act=0)


def test_a_game_without_contracts_has_no_schedule(basic: type[Basic]) -> None:
    match = game(basic.name).new_match(players=3, seed=2)
    assert match.contract is None and match.deal_count() == 3
    assert match.view(0).contract is None
    with pytest.raises(ConfigError, match="has no contract schedule"):
        _ = match.schedule
    assert match.deal_count() == 3 and match.spec == DeckSpec(decks=1)
    assert [len(hand) for hand in match.hands] == [7, 7, 7]


def test_refusals_cite_the_games_own_clauses_or_none(basic: type[Basic]) -> None:
    run = Meld.parse("4H 5H 6H", BASIC_MELDS, owner=1)
    match = game(basic.name).new_match(players=2, position=_position("7H 9C 9D 9S KC 2S", [run]))
    with pytest.raises(IllegalActionError, match=r"^BR-3: player A cannot discard 2S now"):
        match.apply("discard 2S")
    match.apply("draw")
    with pytest.raises(IllegalActionError, match=r"^BR-4: there is no meld 4 on the table"):
        match.apply("layoff 7H -> 4")
    with pytest.raises(IllegalActionError, match=r"^BR-2: player A cannot lay that down"):
        match.apply("down 9C 9D KC")
    with pytest.raises(IllegalActionError) as refused:
        match.apply("layoff KC -> 0")
    assert not refused.value.rule and str(refused.value).startswith("player A cannot lay KC off")
    for text in ("discard 2S", "layoff 7H -> 4", "down 9C 9D KC", "layoff KC -> 0"):
        assert "MAYI" not in text and "POSSO" not in text


def test_any_valid_melds_go_down_one_at_a_time_or_together(basic: type[Basic]) -> None:
    run = Meld.parse("4H 5H 6H", BASIC_MELDS, owner=1)
    match = game(basic.name).new_match(players=2, position=_position("7H 9C 9D 9S 2C 3C 4C", [run]))
    match.apply("draw")
    downs = [str(action) for action in match.legal_actions() if isinstance(action, Down)]
    assert "down 9S 9D 9C" in downs and "down 2C 3C 4C" in downs
    assert "layoff 7H -> 0 high" in [str(action) for action in match.legal_actions()]
    event = match.apply("down 9C 9D 9S / 2C 3C 4C")
    (laid,) = event.effects
    assert isinstance(laid, LaidDown) and laid.opened and len(match.table) == 3


def test_a_game_without_contracts_plays_records_and_simulates(basic: type[Basic]) -> None:
    match = game(basic.name).new_match(players=3, seed=5)
    rng = random.Random(5)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    ended = [e for event in match.events for e in event.effects if isinstance(e, DealEnded)]
    assert [effect.deal for effect in ended] == [1, 2, 3]
    assert match.outcome is not None
    assert loads(dumps(match)).snapshot() == match.snapshot()
    summary = simulate(basic.name, matches=2, seed=1, players=2)
    assert summary.matches == 2 and summary.deals == 6
