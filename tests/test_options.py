"""Options that refuse nonsense (issue #9, item 6): rummykit.kit.options and the games' rules."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummykit import ConfigError, ContractSchedule, game
from rummykit.engine import options as engine_options
from rummykit.games import MayIRules, PossessionRules
from rummykit.games.may_i import rules as may_i_rules
from rummykit.games.may_i.data import MAY_I_SIX_SCHEDULE, SCHEDULES
from rummykit.games.may_i.rules import TurnAfterBuy
from rummykit.games.possession import rules as possession_rules
from rummykit.games.possession.rules import SuitChange
from rummykit.kit import options as kit_options
from rummykit.kit.option_table import option_values
from rummykit.kit.options import (
    Choice,
    FirstDealer,
    boolean,
    build_rules,
    check_dealer_seat,
    deal_list,
    first_dealer,
    player_range,
    schedule_option,
    whole,
)

RULES: list[type[Any]] = [MayIRules, PossessionRules]


def _fields(rules: type[Any], kind: type[Any]) -> list[tuple[type[Any], str, Any]]:
    return [
        (rules, field.name, field.converter)
        for field in attrs.fields(rules)
        if isinstance(field.converter, type) and issubclass(field.converter, kind)
    ]


CHOICES = [item for rules in RULES for item in _fields(rules, Choice)]
BOOLEANS = [
    (rules, field.name)
    for rules in RULES
    for field in attrs.fields(rules)
    if field.validator is boolean
]


def _error(rules: type[Any], **options: Any) -> str:
    with pytest.raises(ConfigError) as caught:
        getattr(rules, "of", rules)(**options)
    return str(caught.value)


# -- the public module ------------------------------------------------------------------


def test_the_validators_are_public_and_documented_with_examples() -> None:
    import rummykit.kit as kit
    import rummykit.kit.options as options

    public = [name for name in kit.__all__ if getattr(options, name, None) is getattr(kit, name)]
    assert "whole" in public and "Choice" in public
    for name in public:
        doc = getattr(options, name).__doc__
        assert doc and ">>>" in doc, name
    with pytest.raises(ImportError):
        __import__("rummykit.games._options")


def test_whole_and_player_range_refuse_booleans_and_text() -> None:
    @attrs.frozen(kw_only=True)
    class Rules:
        count: int = attrs.field(default=1, validator=whole(0, 5))

    bad: Any
    for bad in (True, "3", 2.0, 6, -1):
        with pytest.raises(ConfigError, match=r"count must be a whole number from 0 to 5, got"):
            Rules(count=bad)
    players = player_range(2, 6)
    for bad_range in [("3", "5"), (True, 4), 4, (2, 3, 4)]:
        with pytest.raises(ConfigError, match="player_count_range"):
            players(bad_range)
    assert players([2, 6]) == (2, 6)


# -- choice options are enums -----------------------------------------------------------


def test_choice_options_are_str_enums_that_take_their_strings() -> None:
    rules = MayIRules(turn_after_buy="resume_normal")
    assert rules.turn_after_buy == "resume_normal"
    assert rules.turn_after_buy is TurnAfterBuy.RESUME_NORMAL
    assert MayIRules(turn_after_buy=TurnAfterBuy.RESUME_NORMAL) == rules
    assert repr(rules.turn_after_buy) == "'resume_normal'"
    assert "turn_after_buy='resume_normal'" in repr(rules)
    assert PossessionRules(suit_change="none").suit_change is SuitChange.NONE


@pytest.mark.parametrize(("rules", "name", "kind"), CHOICES)
def test_every_choice_option_takes_its_values_and_refuses_others(
    rules: type[Any], name: str, kind: type[Choice]
) -> None:
    assert kind.option_name() == name
    for value in kind.values():
        made = rules(**{name: value})
        assert getattr(made, name) == value and isinstance(getattr(made, name), kind)
    for bad in ("whenever", "", 3, None, ["left"]):
        message = _error(rules, **{name: bad})
        assert message.startswith(f"{name} must be one of ")
        assert f"got {bad!r}" in message
        assert all(repr(value) in message for value in kind.values())


def test_an_invalid_choice_names_the_option_the_value_and_the_allowed_values() -> None:
    assert _error(MayIRules, turn_after_buy="never") == (
        "turn_after_buy must be one of 'buyer_left', 'resume_normal', got 'never'"
    )


def test_the_enums_are_exported() -> None:
    """Each rules enum is public: listed by its module or by its facade (its one home)."""
    import rummykit.engine as engine
    import rummykit.kit as kit

    for module, facade in (
        (may_i_rules, may_i_rules),
        (possession_rules, possession_rules),
        (engine_options, engine),
        (kit_options, kit),
    ):
        public = set(getattr(module, "__all__", ())) | set(facade.__all__)
        enums = {
            name
            for name, value in vars(module).items()
            if isinstance(value, type)
            and issubclass(value, Choice)
            and value is not Choice
            and value.__module__ == module.__name__
        }
        assert enums and enums <= public
    assert "TurnAfterBuy" in may_i_rules.__all__ and "FirstDealer" in kit.__all__
    assert "TieBreak" in engine.__all__ and "TieBreak" not in may_i_rules.__all__
    assert "SuitChange" in possession_rules.__all__


def test_first_dealer_is_an_enum_or_a_seat() -> None:
    assert MayIRules.of(first_dealer="high_card_draw").first_dealer is FirstDealer.HIGH_CARD_DRAW
    assert MayIRules.of(first_dealer=2).first_dealer == 2
    assert "'random' or 'high_card_draw'" in _error(MayIRules, first_dealer="oldest")
    assert "got True" in _error(MayIRules, first_dealer=True)
    assert "got -1" in _error(MayIRules, first_dealer=-1)
    message = _error(PossessionRules, first_dealer="high_card_draw")
    assert "first_dealer must be 'random' or a seat" in message
    assert first_dealer(FirstDealer.RANDOM)(0) == 0


# -- true/false options -----------------------------------------------------------------


def test_wraparound_runs_no_is_refused() -> None:
    assert _error(MayIRules, wraparound_runs="no") == (
        "wraparound_runs must be true or false, got 'no'"
    )


@pytest.mark.parametrize(("rules", "name"), BOOLEANS)
def test_every_boolean_option_takes_only_booleans(rules: type[Any], name: str) -> None:
    for value in (True, False):
        assert getattr(rules(**{name: value}), name) is value
    for bad in ("no", "false", 0, 1, None):
        assert _error(rules, **{name: bad}) == f"{name} must be true or false, got {bad!r}"


def test_every_option_of_the_shipped_games_is_checked() -> None:
    for rules in RULES:
        for field in attrs.fields(rules):
            assert field.validator is not None or field.converter is not None, field.name


# -- build_rules ------------------------------------------------------------------------


def test_build_rules_makes_the_rules_object() -> None:
    rules = build_rules(MayIRules, {"turn_after_buy": "resume_normal"}, game="may-i")
    assert rules == MayIRules(turn_after_buy="resume_normal")
    assert build_rules(PossessionRules, {}, game="possession") == PossessionRules()


def test_an_unknown_option_lists_the_known_ones_and_suggests_the_closest() -> None:
    with pytest.raises(ConfigError) as caught:
        build_rules(MayIRules, {"wraparound_run": False}, game="may-i")
    message = str(caught.value)
    assert "may-i has no option 'wraparound_run'" in message
    assert "did you mean 'wraparound_runs'?" in message
    for name in MayIRules.option_names():  # its own and the engine's it lets players set
        assert name in message
    assert "table" not in message and "meld_rules" not in message
    with pytest.raises(ConfigError) as far:
        build_rules(PossessionRules, {"zzz": 1}, game="possession")
    assert "did you mean" not in str(far.value) and "suit_change" in str(far.value)


def test_build_rules_lets_nothing_but_config_error_escape() -> None:
    @attrs.frozen(kw_only=True)
    class Rules:
        size: int = attrs.field(default=1, converter=int)

    for bad in ([1], "x"):  # int() raises TypeError, then ValueError
        with pytest.raises(ConfigError, match=re.escape(f"house: option size={bad!r}: ")):
            build_rules(Rules, {"size": bad}, game="house")
    with pytest.raises(ConfigError, match="must be one of") as caught:
        build_rules(MayIRules, {"tie_break": "coin"}, game="may-i")
    assert caught.type is ConfigError


# -- contradictions ---------------------------------------------------------------------


def test_set_distinct_suits_with_a_group_size_beyond_four() -> None:
    big = ContractSchedule.of("G5", "2R")
    assert MayIRules(contract_schedule=big).contract(1).notation == "G5"
    message = _error(MayIRules, contract_schedule=big, set_distinct_suits=True)
    assert "set_distinct_suits=True allows groups of at most 4 cards" in message
    assert "deal 1's contract G5 needs a group of 5" in message
    assert "groups hold at most 8" in _error(MayIRules, contract_schedule=ContractSchedule.of("G9"))
    assert "a run of 14" in _error(MayIRules, contract_schedule=ContractSchedule.of("R14"))


def test_first_dealer_seat_must_exist_in_the_player_count_range() -> None:
    message = _error(MayIRules, first_dealer=5)
    assert "first_dealer seat 5" in message and "player_count_range 3-5" in message
    assert MayIRules.of(first_dealer=4).first_dealer == 4
    assert MayIRules.of(first_dealer=5, player_count_range=(3, 6)).first_dealer == 5
    assert "first_dealer seat 4" in _error(PossessionRules, first_dealer=4)


def test_discard_bans_must_name_deals_of_the_schedule() -> None:
    message = _error(MayIRules, discard_out_forbidden_deals=[6])
    assert "discard_out_forbidden_deals" in message and "deal 6" in message
    assert "from 1 to 5" in message
    assert MayIRules(contract_schedule="six_deal", discard_out_forbidden_deals=[6])
    short = ContractSchedule.of("2G", "2R")
    assert "deal 3" in _error(MayIRules, contract_schedule=short, discard_out_forbidden_deals=[3])
    for bad in ([0], ["final"], [True], 5):
        assert "discard_out_forbidden_deals" in _error(MayIRules, discard_out_forbidden_deals=bad)
    deals = deal_list("bans")
    assert deals("all") == ("all",) and deals(["first", 2]) == ("first", 2)


def test_hand_size_and_packets_and_the_shoe() -> None:
    assert "multiple of deal_packet_size 3" in _error(MayIRules, deal_packet_size=3)
    assert MayIRules.of(deal_packet_size=2, deal_hand_size=12).schedule()[1].hand_size == 12
    message = _error(MayIRules, player_count_range=(2, 8), deal_hand_size=14)
    assert "8 hands of 14 need 112 cards, but the shoe holds 104" in message
    assert MayIRules.of(player_count_range=(2, 8), deal_hand_size=13)
    assert MayIRules.of(player_count_range=(2, 8), deal_hand_size=13, jokers=1, initial_upcard=True)
    assert "105 cards" in _error(
        MayIRules, player_count_range=(2, 8), deal_hand_size=13, initial_upcard=True
    )


def test_possession_hands_must_fit_the_decks() -> None:
    message = _error(PossessionRules, hand_size=18)
    assert "3 hands of 18 and the upcard need 55 cards, but 1 deck holds 52" in message
    assert PossessionRules(hand_size=18, deck_count=2).decks_for(3) == 2
    assert PossessionRules(hand_size=18, player_count_range=(2, 2)).hand_size == 18
    assert "three rounds" in _error(PossessionRules, hand_size=10)
    assert "three rounds" in _error(PossessionRules, deal_packet_size=2)


# -- one owner per setting --------------------------------------------------------------


def test_a_schedule_keeps_its_own_discard_out_flags() -> None:
    mine = ContractSchedule.of("2G", "3R", discard_out_forbidden=[])
    rules = MayIRules(contract_schedule=mine)
    assert rules.discard_out_forbidden_deals is None
    assert [deal.discard_out for deal in rules.schedule()] == [True, True]
    through_registry = game("may-i", contract_schedule=mine).rules.schedule()
    assert [deal.discard_out for deal in through_registry] == [True, True]
    built = build_rules(MayIRules, {"contract_schedule": mine}, game="may-i").schedule()
    assert [deal.discard_out for deal in built] == [True, True]


def test_an_explicit_discard_option_replaces_the_schedules_flags() -> None:
    mine = ContractSchedule.of("2G", "3R", discard_out_forbidden=[])
    ruled = MayIRules(contract_schedule=mine, discard_out_forbidden_deals=["first"])
    assert [deal.discard_out for deal in ruled.schedule()] == [False, True]
    freed = MayIRules(discard_out_forbidden_deals=[])
    assert all(deal.discard_out for deal in freed.schedule())


def test_the_builtin_schedules_ban_going_out_by_discarding_in_the_last_deal() -> None:
    # MAYI-13.2, 17.4
    five = MayIRules().schedule()
    assert [deal.discard_out for deal in five] == [True, True, True, True, False]
    six = MayIRules(contract_schedule="six_deal").schedule()
    assert [deal.discard_out for deal in six] == [True] * 5 + [False]
    both = MayIRules(discard_out_forbidden_deals=["first", "last"]).schedule()
    assert [deal.discard_out for deal in both] == [False, True, True, True, False]


def test_hand_size_none_is_the_schedules() -> None:
    assert {deal.hand_size for deal in MayIRules().schedule()} == {10}
    assert {deal.hand_size for deal in MayIRules(contract_schedule="six_deal").schedule()} == {11}
    twelve = ContractSchedule.of("2G", "3R", hand_size=12)
    assert {deal.hand_size for deal in MayIRules(contract_schedule=twelve).schedule()} == {12}
    rules = MayIRules(contract_schedule=twelve, deal_hand_size=11)
    assert {deal.hand_size for deal in rules.schedule()} == {11}


# -- naming a schedule ------------------------------------------------------------------


def test_a_builtin_schedule_by_its_builtin_name() -> None:
    assert MayIRules(contract_schedule="may-i") == MayIRules()
    assert MayIRules(contract_schedule="may-i").contract_schedule == "standard_five"
    six = MayIRules(contract_schedule="may-i-six")
    assert six == MayIRules(contract_schedule="six_deal") and len(six.schedule()) == 6


def test_a_schedule_from_a_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'name = "house"\nhand_size = 12\ndiscard_out_forbidden = []\n'
        '[[deal]]\ncontract = "2G"\n[[deal]]\ncontract = "3R"\n',
        encoding="utf-8",
    )
    inline = path.read_text(encoding="utf-8")
    for given in (path, inline):
        rules = MayIRules(contract_schedule=given)
        assert isinstance(rules.contract_schedule, ContractSchedule)
        assert rules.contract_schedule.name == "house"
        assert [deal.discard_out for deal in rules.schedule()] == [True, True]
        assert {deal.hand_size for deal in rules.schedule()} == {12}
    # Text is never a file name (issue 25): only a pathlib.Path opens the file.
    assert "never read as a file name" in _error(MayIRules, contract_schedule=str(path))


def test_bad_schedule_names_and_files_are_config_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Relative paths: a message repeats at most MESSAGE_LIMIT characters of a path, so
    # the file name at the end of a long tmp_path (pytest-xdist's, a macOS TMPDIR) is cut.
    monkeypatch.chdir(tmp_path)
    message = _error(MayIRules, contract_schedule="seven")
    assert "contract_schedule must be one of" in message and "got 'seven'" in message
    for name in ("standard_five", "six_deal", "may-i", "may-i-six"):
        assert repr(name) in message
    assert "contract_schedule" in _error(MayIRules, contract_schedule=5)
    missing = _error(MayIRules, contract_schedule=Path("none.toml"))
    assert "no schedule file" in missing and "none.toml" in missing and "'six_deal'" in missing
    text_path = _error(MayIRules, contract_schedule=str(tmp_path / "x.toml"))
    assert "never read as a file name" in text_path and "no schedule file" not in text_path
    broken = Path("broken.toml")
    broken.write_text('[[deal]]\ncontract = "2Q"\n', encoding="utf-8")
    message = _error(MayIRules, contract_schedule=broken)
    # The file, the line and the key, but nothing the file holds (issue 25).
    assert "broken.toml:1" in message and "contract must be" in message
    assert "2Q" not in message
    assert schedule_option("may-i-six", schedules={"may-i-six": MAY_I_SIX_SCHEDULE}) == "may-i-six"
    assert schedule_option("may-i-six", schedules=SCHEDULES) == "six_deal"
    assert schedule_option("may-i", schedules=SCHEDULES) == "standard_five"


# -- records ----------------------------------------------------------------------------


def test_every_rules_value_is_json_friendly_or_a_schedule(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('[[deal]]\ncontract = "2G"\n', encoding="utf-8")
    samples: list[Any] = [
        MayIRules(),
        MayIRules.of(
            contract_schedule=path,
            discard_out_forbidden_deals="all",
            first_dealer=1,
            player_count_range=[2, 5],
            tie_break="most_times_out",
        ),
        PossessionRules(first_dealer=0, winner_rule="all_non_losers"),
    ]
    for rules in samples:
        for name, value in option_values(rules).items():
            if isinstance(value, ContractSchedule):
                continue
            if isinstance(value, tuple):
                value = list(value)
            assert json.loads(json.dumps(value)) == value, name
            made = getattr(type(rules), "of", type(rules))
            rebuilt = made(**{name: json.loads(json.dumps(value))})
            assert option_values(rebuilt)[name] == option_values(rules)[name]


def test_an_option_error_cites_the_options_clause() -> None:
    """A bad value given to a game cites the clause its option follows, the shared
    engine's options included (their clauses are in the game's ``TableSpec``)."""
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("may-i", {"tie_break": "coin"}, "MAYI-16.4"),
        ("posso", {"tie_break": "coin"}, "POSSO-18.3"),
        ("may-i", {"turn_after_buy": "whenever"}, "MAYI-9.8"),
        ("possession", {"loss_threshold": 0}, "PSSN-9.1"),
    ]
    for name, options, clause in cases:
        with pytest.raises(ConfigError) as caught:
            game(name, **options)
        assert caught.value.rule == clause and str(caught.value).startswith(f"{clause}: ")


def test_every_game_refuses_a_first_dealer_seat_beyond_its_players() -> None:
    """A fixed first-dealer seat the most players do not reach is refused by each game's
    rules through the one check (kit.options.check_dealer_seat), naming the seats."""
    for name in ("may-i", "posso", "possession"):
        most = game(name).rules.player_count_range[1]
        with pytest.raises(ConfigError, match=rf"seats are 0 to {most - 1}\)"):
            game(name, first_dealer=most)
        assert game(name, first_dealer=most - 1).rules.first_dealer == most - 1


@pytest.mark.parametrize(
    ("value", "players", "message"),
    [
        (-1, (3, 5), "first_dealer must be one of random, high_card_draw or a seat, got -1"),
        (7.0, (3, 5), "or a seat, got 7.0"),
        ("7", (3, 5), "or a seat, got '7'"),
        (True, (1, 1), "or a seat, got True"),
        (2, None, "player_count_range must be a pair of whole numbers, got None"),
        (2, (3,), "player_count_range must be a pair of whole numbers"),
    ],
)
def test_check_dealer_seat_refuses_raw_values(value: Any, players: Any, message: str) -> None:
    """A user's game may call the check on values its converter has not seen."""
    with pytest.raises(ConfigError) as raised:
        check_dealer_seat(value, players)
    assert message in str(raised.value)
