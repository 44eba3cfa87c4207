"""Game data lives with the games; the presets module names it; the rules layer names no game."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import rummykit
from rummykit import ConfigError, NotationError, game, presets
from rummykit.games.may_i.data import MAY_I_SIX_SCHEDULE, MAY_I_VALUES, SCHEDULES
from rummykit.games.posso.data import POSSO_MELDS, POSSO_OPENINGS, POSSO_VALUES
from rummykit.kit import parse_action
from rummykit.kit.actions import KIT_ACTIONS

RULES_LAYER = ("cards.py", "deck.py", "scoring.py", "melds", "contracts")
GAME_NAMES = re.compile(r"may.?i|posso|possession|mayi-|posso-|pssn-|liverpool|\bgin\b", re.I)


def test_the_rules_layer_names_no_game() -> None:
    root = Path(rummykit.__file__).parent
    files = [
        path
        for name in RULES_LAYER
        for path in ([root / name] if name.endswith(".py") else sorted((root / name).glob("*.py")))
    ]
    assert files
    hits = [
        f"{path.name}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GAME_NAMES.search(line)
    ]
    assert hits == []


def test_the_top_level_package_exports_no_game_data() -> None:
    for name in ("MAY_I_VALUES", "POSSO_VALUES", "GIN_VALUES", "COUNT_VALUES", "POSSO_OPENINGS"):
        assert name not in rummykit.__all__ and not hasattr(rummykit, name)


def test_the_games_play_by_their_own_data() -> None:
    assert game("may-i").rules.card_values() == MAY_I_VALUES
    assert game("posso").rules.card_values() == POSSO_VALUES
    assert game("may-i", contract_schedule="may-i-six").rules.schedule() == MAY_I_SIX_SCHEDULE
    posso = game("posso").rules
    assert posso.opening() == attrs.evolve(POSSO_OPENINGS["run_and_set"], exact=False)
    assert attrs.evolve(posso.meld_rules(), jokers_allowed=True) == POSSO_MELDS


def test_a_schedule_given_by_any_of_its_names_is_kept_as_the_first() -> None:
    assert game("may-i", contract_schedule="may-i").rules == game("may-i").rules
    assert game("may-i", contract_schedule="may-i-six").rules.contract_schedule == "six_deal"
    assert set(SCHEDULES.values()) == {presets.schedule(name) for name in presets.schedule_names()}


@pytest.mark.parametrize("name", presets.preset_names())
def test_every_preset_is_reached_by_name(name: str) -> None:
    preset = presets.game_preset(name)
    assert presets.meld_rules(name) == preset.meld_rules
    assert presets.card_values(name) == preset.card_values


def test_unknown_preset_names_are_config_errors_listing_the_known() -> None:
    with pytest.raises(ConfigError, match=r"no game preset 'rummy500' \(known: cgu, cts, gin"):
        presets.meld_rules("rummy500")
    with pytest.raises(ConfigError, match=r"no schedule 'liverpool' \(known: may-i, may-i-six\)"):
        presets.schedule("liverpool")


def test_the_kit_grammar_reads_only_the_kit_verbs() -> None:
    assert {kind.__module__ for kind in KIT_ACTIONS} == {"rummykit.kit.actions"}
    for text in ("play 9C", "ask", "down 7S 7H 7D", "layoff 5H -> 2"):
        with pytest.raises(NotationError, match="unknown action"):
            parse_action(text)
    assert str(parse_action("down 7S 7H 7D", game("may-i").grammar)) == "down 7S 7H 7D"
