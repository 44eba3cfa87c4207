"""Variant files (issue 33, item 5): one TOML file names a game (base, name, options,
schedule); the registry, the command line and records take it like a shipped game."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from rummykit import ConfigError, RecordError, game
from rummykit.agents import make_agent
from rummykit.cli.commands import main
from rummykit.kit import names, unregister
from rummykit.records import dumps, from_record, loads, to_record
from rummykit.simulate import play
from rummykit.variants import Variant, load_variant, register_variant

ROOT = Path(__file__).resolve().parent.parent
LIVERPOOL = ROOT / "examples" / "liverpool.toml"

SHORT = """\
name = "short"
base = "may-i"
title = "Short May I?"
source = "a test"

[options]
max_buys_per_deal = 1
max_wilds_per_meld = "none"

[schedule]
hand_size = 11

[[schedule.deal]]
contract = "2G"

[[schedule.deal]]
contract = "1G+1R"
"""


def short(**changes: Any) -> Variant:
    return Variant.loads(SHORT, source="short.toml")


def test_a_variant_file_names_its_game_its_options_and_its_schedule() -> None:
    definition = short().game()
    assert (definition.name, definition.title) == ("short", "Short May I?")
    assert definition.rules.max_buys_per_deal == 1
    assert definition.rules.max_wilds_per_meld is None  # TOML has no null: "none"
    schedule = definition.rules.schedule()
    assert [deal.contract.notation for deal in schedule] == ["2G", "1G+1R"]
    assert [deal.hand_size for deal in schedule] == [11, 11]
    assert schedule.name == "short"  # the variant's name when the schedule has none
    assert definition.rules == game("may-i", **short().options).rules


def test_a_variant_takes_house_rules_over_its_own() -> None:
    definition = short().game(max_buys_per_deal=2)
    assert definition.rules.max_buys_per_deal == 2
    assert len(definition.rules.schedule()) == 2


def test_equal_variants_make_equal_definitions_and_pickle_exactly() -> None:
    one, two = short().game(), short().game()
    assert one == two and type(one) is type(two)
    assert pickle.loads(pickle.dumps(one)) == one
    match = one.new_match(players=3, seed=2)
    assert pickle.loads(pickle.dumps(match)) == match


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ('name = "x"\nbase = "may-i"\ncolour = 1\n', "short.toml:3", "unknown key 'colour'"),
        ('name = "x"\n', "short.toml", "needs a base"),
        ('name = "x"\nbase = "mayi"\n', "short.toml:2", "did you mean 'may-i'"),
        ('name = "may-i"\nbase = "may-i"\n', "short.toml:1", "must differ"),
        ('name = "a b"\nbase = "may-i"\n', "short.toml:1", "a game's name"),
        (
            'name = "x"\nbase = "may-i"\n[options]\nmax_buys_per_deal = -1\n',
            "short.toml:4",
            "max_buys_per_deal",
        ),
        (
            'name = "x"\nbase = "may-i"\n[options]\nmax_buy = 1\n',
            "short.toml:4",
            "no option 'max_buy'",
        ),
        (
            'name = "x"\nbase = "possession"\n[schedule]\n[[schedule.deal]]\ncontract = "2G"\n',
            "short.toml:3",
            "takes no contract schedule",
        ),
        (
            'name = "x"\nbase = "may-i"\n[schedule]\n[[schedule.deal]]\ncontract = "2Q"\n',
            "short.toml:4",
            "deal 1",
        ),
        ('name = "x"\nbase = "may-i"\n[options\n', "short.toml:3", "not valid TOML"),
    ],
)
def test_a_bad_variant_is_a_config_error_naming_the_file_line_and_key(
    text: str, where: str, words: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        Variant.loads(text, source="short.toml")
    assert caught.value.source == where and words in str(caught.value)


def test_a_missing_file_is_a_config_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="nothere.toml: cannot read the variant"):
        load_variant(tmp_path / "nothere.toml")


def test_a_registered_variant_is_a_game_by_name() -> None:
    definition = register_variant(short())
    try:
        assert "short" in names() and game("short") == definition
        assert game("short", max_buys_per_deal=3).rules.max_buys_per_deal == 3
        with pytest.raises(ConfigError, match="registered already"):
            register_variant(Variant.of("short", "posso"))
        restored = type(definition.new_match(players=3, seed=1)).from_dict(
            definition.new_match(players=3, seed=1).to_dict()
        )
        assert restored.definition == definition
    finally:
        unregister("short")
    assert "short" not in names()


def test_a_record_of_a_variant_replays_from_the_record_alone() -> None:
    definition = load_variant(LIVERPOOL).game()
    assert "liverpool" not in names()  # read, never registered
    match = definition.new_match(players=3, seed=4)
    play(match, [make_agent("heuristic", definition) for _ in range(3)], rng=random.Random(4))
    record = to_record(match)
    assert record["game"] == "liverpool" and record["variant"]["base"] == "may-i"
    replayed = loads(dumps(match))
    assert replayed == match and replayed.definition.title == "Liverpool rummy"
    with pytest.raises(RecordError, match="not its variant"):
        from_record({**record, "game": "may-i"})
    with pytest.raises(RecordError, match="unknown base game"):
        from_record({**record, "variant": {**record["variant"], "base": "nope"}})


def test_the_command_line_takes_a_variant_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.toml"
    path.write_text(SHORT, encoding="utf-8")
    assert main(["simulate", str(path), "-n", "2", "--players", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 4
    assert main(["rules", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("a variant of may-i; source: a test")
    assert "deal 2: 1G+1R, 11 cards" in text
    assert main(["demo", "--game", str(path), "--players", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "short"
    definition = Variant.loads(SHORT).game()
    match = definition.new_match(players=3, seed=1)
    play(match, [make_agent("heuristic", definition) for _ in range(3)], rng=random.Random(1))
    record = tmp_path / "record.json"
    record.write_text(dumps(match), encoding="utf-8")
    assert main(["replay", str(record), "--json"]) == 0
    assert main(["simulate", str(tmp_path / "none.toml"), "-n", "1"]) == 2
    assert "cannot read the variant" in capsys.readouterr().err


def test_a_table_of_fields_sets_a_frozen_option_and_names_a_bad_field() -> None:
    text = (
        'name = "plain"\nbase = "rummy"\n[options]\n'
        'meld_rules = { run_min = 3, ace = "low", max_jokers_per_meld = "none",'
        ' kinds = ["group", "run", "flush"] }\n'
        "card_values = { ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], joker = 20 }\n"
        "decks = { 3 = 1, 4 = 2 }\n"
    )
    rules = Variant.loads(text).game().rules
    assert (rules.meld_rules.run_min, rules.meld_rules.ace.value) == (3, "low")
    assert [kind.value for kind in rules.meld_rules.kinds] == ["group", "run", "flush"]
    assert rules.card_values.joker == 20 and rules.card_values.ranks[0] == 1
    assert rules.meld_rules.max_jokers_per_meld is None
    bad = text.replace("run_min = 3", "run_mni = 3")
    with pytest.raises(ConfigError, match=r"short.toml:4: \[options\]: meld_rules has no field"):
        Variant.loads(bad, source="short.toml")
    bad = text.replace('ace = "low"', 'ace = "sideways"')
    with pytest.raises(ConfigError, match="meld_rules.ace is one of low, high"):
        Variant.loads(bad, source="short.toml")


def test_the_rummy_game_is_the_engines_options_with_contracts_or_without() -> None:
    free = game("rummy", hand_size=7, deal_count=2)
    match = free.new_match(players=3, seed=3)
    assert match.contract is None and match.deal_count() == 2
    play(match, [make_agent("heuristic", free) for _ in range(3)], rng=random.Random(3))
    assert match.is_over and loads(dumps(match)) == match
    carioca = load_variant(ROOT / "examples" / "gallery" / "carioca.toml").game()
    assert carioca.new_match(players=3, seed=1).contract is not None
