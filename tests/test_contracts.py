"""Contract notation, construction errors, laydown checks and schedules from TOML."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    ConfigError,
    Contract,
    ContractError,
    ContractSchedule,
    MeldKind,
    Requirement,
    SameSuitRuns,
    presets,
)
from rummykit.contracts import run_gap

RULES = presets.meld_rules("may-i")


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("2G+1R", "2G+1R"),
        ("3G", "3G"),
        ("G+R", "1G+1R"),
        ("G3+R5", "G3+R5"),
        ("2s+1r", "2G+1R"),
        ("2G4 + R", "2G4+1R"),
    ],
)
def test_notation(text: str, printed: str) -> None:
    assert Contract.parse(text).notation == printed
    assert Contract.parse(printed) == Contract.parse(text)


requirements = st.builds(
    Requirement,
    st.sampled_from(MeldKind.registered()),
    st.integers(1, 3),
    st.one_of(st.none(), st.integers(2, 13)),
)


@given(st.lists(requirements, min_size=1, max_size=4))
def test_notation_round_trips(items: list[Requirement]) -> None:
    contract = Contract(requirements=tuple(items))
    assert Contract.parse(contract.notation) == contract


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", r"2G\+1R"),
        ("2X", "no meld kind is written .X."),
        ("0G", "no melds"),
        ("G1", ">= 2"),
        ("2G+", "not like"),
        ("21G", "at most 20"),
    ],
)
def test_nonsense_contracts_are_refused(text: str, reason: str) -> None:
    with pytest.raises(ContractError, match=reason):
        Contract.parse(text)


def test_contracts_cannot_be_built_with_nonsense() -> None:
    with pytest.raises(ContractError):
        Contract(requirements=())
    with pytest.raises(ContractError):
        Requirement(MeldKind.GROUP, 0)
    with pytest.raises(ContractError):
        Requirement(MeldKind.RUN, 1, -4)
    with pytest.raises(ContractError, match="unknown contract flag"):
        Contract.parse("2G", strict=True)


def test_sizes_in_the_contract() -> None:
    contract = Contract.parse("G4+R5")
    with pytest.raises(ContractError, match="at least 5 cards"):
        contract.check(["7S 7H 7D 7C", "2H 3H 4H 5H"], RULES)
    contract.check(["7S 7H 7D 7C", "2H 3H 4H 5H 6H"], RULES)


def test_invalid_meld_in_a_laydown() -> None:
    with pytest.raises(ContractError, match="meld 2 is not valid: run needs at least 4 cards"):
        Contract.parse("2R").check(["2H 3H 4H 5H", "6S 7S 8S"], RULES)


def test_same_suit_run_settings() -> None:
    """Allowed, forbidden, or allowed when far enough apart (mayi-house: 2 missing ranks)."""
    melds = ["3S 4S 5S 6S", "9S 10S JS QS"]
    close = ["3S 4S 5S 6S", "8S 9S 10S JS"]
    assert not Contract.parse("2R").meets(melds, RULES)
    assert Contract.parse("2R", same_suit_runs=SameSuitRuns.ALLOWED).meets(close, RULES)
    apart = Contract.parse("2R", same_suit_runs=SameSuitRuns.APART, runs_apart=2)
    assert apart.meets(melds, RULES)
    with pytest.raises(ContractError, match="need at least 2 missing ranks"):
        apart.check(close, RULES)


def test_run_gap() -> None:
    first, second = RULES.validate("3S 4S 5S 6S"), RULES.validate("JS QS KS AS")
    assert run_gap(first, second) == 4
    assert run_gap(first, second, circular=True) == 1
    assert run_gap(first, RULES.validate("5S 6S 7S 8S")) == 0


def test_minimum_contracts_choose_among_the_melds() -> None:
    opening = Contract.parse("2G", exact=False)
    opening.check(["5S 5H 5C", "5S 5D 5C", "9S 9H 9D"], RULES)  # the 5s and the 9s open
    with pytest.raises(ContractError, match="at least 2 groups"):
        opening.check(["5S 5H 5C", "5S 6S 7S 8S"], RULES)


SEVEN = """
name = "seven deals"
hand_size = 10
[[deal]]
contract = "2G"
[[deal]]
contract = "1G+1R"
[[deal]]
contract = "2R"
[[deal]]
contract = "3G"
hand_size = 12
[[deal]]
contract = "2G+1R"
hand_size = 12
[[deal]]
contract = "1G+2R"
hand_size = 12
[[deal]]
contract = "3R"
hand_size = 12
"""


def test_seven_deal_schedule_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "seven.toml"
    path.write_text(SEVEN)
    schedule = ContractSchedule.from_toml(path)
    assert schedule.name == "seven deals" and len(schedule) == 7
    assert [deal.contract.notation for deal in schedule] == [
        "2G",
        "1G+1R",
        "2R",
        "3G",
        "2G+1R",
        "1G+2R",
        "3R",
    ]
    assert [deal.hand_size for deal in schedule] == [10, 10, 10, 12, 12, 12, 12]
    assert [deal.discard_out for deal in schedule] == [True] * 6 + [False]
    assert schedule == ContractSchedule.of(
        "2G", "1G+1R", "2R", "3G", "2G+1R", "1G+2R", "3R", name="seven deals"
    ).__class__(deals=schedule.deals, name="seven deals")


@pytest.mark.parametrize(
    ("text", "where", "reason"),
    [
        ("[[deal]]\ncontract = 2G\n", ":2", "not valid TOML"),
        ("name = 'x'\n", ":1", "at least one [[deal]]"),
        ('[[deal]]\ncontract = "2G"\n[[deal]]\ncontract = "2Q"\n', ":3", "deal 2: term"),
        ('[[deal]]\ncontract = "2G"\nhand_size = 0\n', ":3", "hand_size must be"),
        ('hand_size = "ten"\n[[deal]]\ncontract = "2G"\n', ":1", "hand_size must be"),
        ('runs_apart = -1\n\n[[deal]]\ncontract = "2R"\n', ":1", "runs_apart must be"),
        ('colour = 1\n[[deal]]\ncontract = "2G"\n', ":1", "unknown key 'colour'"),
        ('[[deal]]\ncontract = "2G"\n\n[[deal]]\nhand = 3\n', ":5", "unknown key 'hand'"),
        ('name = "x"\nhand_sise = 3\n[[deal]]\ncontract = "2G"\n', ":2", "unknown key"),
        ('discard_out_forbidden = [9]\n[[deal]]\ncontract = "2G"\n', ":1", "deal 9"),
    ],
)
def test_bad_schedule_files_name_file_line_and_reason(text: str, where: str, reason: str) -> None:
    with pytest.raises(ConfigError) as caught:
        ContractSchedule.loads_toml(text, source="house.toml")
    message = str(caught.value)
    assert message.startswith("house.toml" + where), message
    assert reason in message


def test_missing_schedule_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        ContractSchedule.from_toml(tmp_path / "none.toml")


def test_named_schedules() -> None:
    assert presets.schedule_names() == ("may-i", "may-i-six")
    with pytest.raises(ConfigError, match="no schedule 'liverpool'"):
        presets.schedule("liverpool")
    with pytest.raises(ConfigError, match="deal 7 is not"):
        presets.schedule("may-i")[7]
    for bad in ("1", 1.0, True, 0):  # deals are numbered 1 to 5: nothing else indexes
        with pytest.raises(ConfigError, match=r"numbered 1 to 5"):
            presets.schedule("may-i")[bad]  # type: ignore[index]
    assert presets.schedule("may-i")[1].contract == Contract.parse("2G")


def test_contract_flags_refuse_nonsense() -> None:
    with pytest.raises(ContractError, match="same_suit_runs must be one of"):
        Contract.parse("2R", same_suit_runs="sometimes")
    with pytest.raises(ContractError, match="exact must be true or false"):
        Contract.parse("2R", exact="no")
    assert Contract.parse("2R", same_suit_runs="allowed").same_suit_runs is SameSuitRuns.ALLOWED
