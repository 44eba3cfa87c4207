"""No text input crashes the library with anything but a RummyError (a ValueError)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    Contract,
    ContractSchedule,
    Meld,
    RummyError,
    game,
    parse_card,
    parse_cards,
    presets,
)
from rummykit.kit import parse_action
from rummykit.records import loads

ALPHABET = 'ASHDCJKQT0123456789 *()/-><,.lowhigh🃏♠♥x[]="\n'
RULES = presets.meld_rules("posso")


def entry_points() -> list[Callable[[str], object]]:
    may_i = game("may-i").new_match(players=4, seed=1)
    possession = game("possession").new_match(players=2, seed=1)
    return [
        parse_cards,
        parse_card,
        parse_action,
        game("posso").grammar.parse,
        Contract.parse,
        lambda text: Meld.parse(text, RULES),
        RULES.validate,
        RULES.accepts,
        may_i.apply,
        possession.apply,
        ContractSchedule.loads_toml,
        loads,
    ]


@given(st.text(alphabet=ALPHABET, max_size=24))
def test_text_inputs_raise_only_rummy_errors(text: str) -> None:
    for entry in entry_points():
        with suppress(RummyError):
            entry(text)
