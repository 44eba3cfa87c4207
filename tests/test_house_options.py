"""Issue 33 items 3-4: engine options for the rest of the rummy family (per-deal rules,
openings by points, per-player contracts, ends by score, the pile take, melded cards
scored), each played for real on a small game whose rules are the engine's
:class:`~rummykit.engine.TableOptions` themselves; and the definition's card values and
the CLI for a game on the engine without a schedule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import attrs
import pytest

from rummykit import CardValues, game
from rummykit.cli import main
from rummykit.engine import (
    ContractLayOffGate,
    ContractOpening,
    ContractRummy,
    Down,
    FreeOpening,
    Hooks,
    LayOff,
    TableOptions,
)
from rummykit.kit import Action, Discard, Done, Draw, NextDeal, Take, register, unregister
from tests.test_user_game import Basic


@attrs.frozen
class Plain(ContractRummy[TableOptions]):
    """A game whose rules are the engine's options: any melds, lay off on any meld."""

    name: ClassVar[str] = "test-plain"
    rules_type: ClassVar[type[TableOptions]] = TableOptions
    clause_prefix: ClassVar[str] = "PL"
    refusal_clauses: ClassVar[dict[str, str]] = {"down": "PL-1", "melds": "PL-1"}
    actions: ClassVar[tuple[type[Action], ...]] = (
        Draw,
        Take,
        Down,
        LayOff,
        Discard,
        Done,
        NextDeal,
    )
    rules: TableOptions = attrs.field(factory=TableOptions)

    def hooks(self) -> Hooks:
        if self.rules.schedule is not None:
            return Hooks(opening=ContractOpening(), layoff_gate=ContractLayOffGate())
        return Hooks(opening=FreeOpening(), layoff_gate=ContractLayOffGate(requires_contract=False))


@pytest.fixture
def plain() -> Iterator[type[Plain]]:
    register(Plain)
    register(Basic)
    yield Plain
    unregister(Plain.name)
    unregister(Basic.name)


# -- the small items: card values, the CLI without a schedule -----------------------------------


def test_card_values_is_a_method_of_every_definition(plain: type[Plain]) -> None:
    """The docs' engine example called ``definition.card_values()``: it works whether the
    rules are TableOptions (an attribute there), a TableRules that fixes it, or a shipped
    game's rules that make it."""
    values = CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))
    assert game("test-plain", card_values=values).card_values() == values
    assert game("test-basic-rummy").card_values() == values
    assert game("may-i").card_values().joker == game("may-i").rules.card_values().joker
    assert game("posso").card_values() == game("posso").rules.card_values()


def test_demo_and_play_take_an_engine_game_without_a_schedule(
    plain: type[Plain], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["demo", "--game", "test-basic-rummy", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Deal 3" in out and "Winner:" in out and "contract" not in out
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("draw\nquit\n"))
    assert main(["play", "test-basic-rummy", "--players", "3", "--seed", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "deal 1 of 3" in out and "left unfinished" in out
