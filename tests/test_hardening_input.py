"""Issue 25, text from players: every entry point answers with a typed error, and a long
input is shortened in messages.

The auditor's findings, each reproduced: ``str.isdigit()`` took digits ``int()`` refuses
(``take ²``), numbers of over 4,300 digits broke ``int()``, ``Take(1.0)`` passed
``verify`` and failed in ``perform``, and a 3 MB input appeared twice in a message.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    Contract,
    ContractError,
    End,
    IllegalActionError,
    Match,
    Meld,
    NotationError,
    RummyError,
    game,
    parse_card,
    parse_cards,
    presets,
)
from rummykit.engine import ExchangeJoker, LayOff
from rummykit.errors import LONGEST_MESSAGE, MESSAGE_LIMIT, shorten, shown
from rummykit.games.posso.claims import Correct
from rummykit.kit import Discard, Take, parse_action, parse_number
from rummykit.kit.actions import MAX_DIGITS

RULES = presets.meld_rules("posso")
HUGE = "9" * 4301
UNICODE_DIGITS = ["²", "¹", "٣", "߂", "１", "𝟗", "⑨", "১"]


def _matches() -> list[Match[Any, Any]]:
    return [
        game("may-i").new_match(players=4, seed=1),
        game("posso").new_match(players=4, seed=1),
        game("possession").new_match(players=2, seed=1),
    ]


def _entry_points() -> list[Callable[[str], object]]:
    entries: list[Callable[[str], object]] = [
        parse_cards,
        parse_card,
        parse_action,
        Contract.parse,
        lambda text: Meld.parse(text, RULES),
        RULES.validate,
        RULES.accepts,
    ]
    for match in _matches():
        entries.append(match.apply)
        entries.append(match.verify)
    return entries


def numbers() -> st.SearchStrategy[str]:
    """What a player may write where a number goes: Unicode digits, huge numbers, signs."""
    return st.one_of(
        st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=6),
        st.integers(min_value=-(10**20), max_value=10**20).map(str),
        st.integers(4290, 4400).map(lambda n: "7" * n),
        st.sampled_from([*UNICODE_DIGITS, HUGE, "0", "-1", "+1", "1_0", " 1", "1.0", "1e3"]),
    )


TEMPLATES = [
    "take {}",
    "layoff 5H -> {}",
    "layoff 5H -> {} low",
    "exchange 8C -> {} joker -> 3 high",
    "exchange 8C -> 2 joker -> {}",
    "correct {}",
    "{}G+1R",
    "G{}",
    "{}R",
]


@given(number=numbers(), template=st.sampled_from(TEMPLATES))
def test_numbers_in_notation_meet_only_typed_errors(number: str, template: str) -> None:
    text = template.format(number)
    for entry in _entry_points():
        with suppress(RummyError):
            entry(text)
    for match in _matches():
        assert match.can_apply(text) in (True, False)


@given(st.text(max_size=40))
def test_any_unicode_text_meets_only_typed_errors(text: str) -> None:
    for entry in _entry_points():
        with suppress(RummyError):
            entry(text)


@pytest.mark.parametrize(
    "text",
    ["take ²", "layoff 5H -> ¹", "layoff 5H -> ² high", "exchange 8C -> ² joker -> hand",
     "exchange 8C -> 2 joker -> ¹", f"take {HUGE}", f"layoff 5H -> {HUGE}"],
)  # fmt: skip
def test_unicode_and_huge_numbers_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.text == text
    for match in _matches():
        assert match.can_apply(text) is False
        with pytest.raises(IllegalActionError):
            match.apply(text)


def test_correct_with_a_unicode_digit_is_refused_in_posso() -> None:
    posso = game("posso").new_match(players=4, seed=1)
    for text in ("correct ²", f"correct {HUGE}"):
        assert posso.can_apply(text) is False
        with pytest.raises(IllegalActionError, match="correct takes the number of a meld"):
            posso.apply(text)


def test_numbers_are_ascii_digits_of_bounded_length() -> None:
    assert parse_number("0") == 0 and parse_number("123") == 123
    assert parse_number("9" * MAX_DIGITS) == 10**MAX_DIGITS - 1
    for word in [*UNICODE_DIGITS, "9" * (MAX_DIGITS + 1), "", "-1", "+1", "1 ", "1_0", HUGE]:
        assert parse_number(word) is None, word
    assert parse_action("take 3") == Take(3)
    grammar = game("may-i").grammar
    assert parse_action("layoff 5H -> 2 low", grammar) == LayOff(parse_card("5H"), 2, End.LOW)


@pytest.mark.parametrize("text", ["²G", "G²", "1G+²R", "1" * 4301 + "G", "G" + "1" * 4301])
def test_contract_numbers_are_ascii_and_short(text: str) -> None:
    with pytest.raises(ContractError, match="is not like 2G, R, G3"):
        Contract.parse(text)


def test_apply_all_with_a_bad_number_is_all_or_nothing() -> None:
    match = game("may-i").new_match(players=4, seed=1)
    probe = match.clone()
    probe.apply("draw")
    discard = next(action for action in probe.legal_actions() if isinstance(action, Discard))
    before = match.snapshot()
    with pytest.raises(IllegalActionError, match="action 2"):
        match.apply_all(["draw", str(discard), "take ²"])
    assert match.snapshot() == before
    assert len(match.events) == 0


@pytest.mark.parametrize(
    "build",
    [
        lambda: Take(1.0),  # type: ignore[arg-type]
        lambda: Take(True),
        lambda: Take(0),
        lambda: Take("2"),  # type: ignore[arg-type]
        lambda: LayOff(parse_card("5H"), 0.0),  # type: ignore[arg-type]
        lambda: LayOff(parse_card("5H"), False),
        lambda: LayOff(parse_card("5H"), -1),
        lambda: ExchangeJoker(parse_card("8C"), 1.0, None),  # type: ignore[arg-type]
        lambda: ExchangeJoker(parse_card("8C"), 1, 2.0),  # type: ignore[arg-type]
        lambda: Correct(1.0),  # type: ignore[arg-type]
        lambda: Correct(True),
    ],
)
def test_action_fields_are_checked_when_built(build: Callable[[], object]) -> None:
    with pytest.raises(NotationError, match="must be a whole number"):
        build()


def test_checked_action_fields_still_take_whole_numbers() -> None:
    card = parse_card("8C")
    assert ExchangeJoker(card, 1, None).joker_to is None
    assert ExchangeJoker(card, 1, 0).joker_to == 0
    assert LayOff(card, 0).target == 0 and Take().count == 1


def test_a_long_input_is_shortened_in_messages() -> None:
    long = "x" * 3_000_000
    for text in (f"take {long}", f"layoff 5H -> {long}", long, f"discard {long}"):
        with pytest.raises(NotationError) as caught:
            parse_action(text)
        assert len(str(caught.value)) < 5 * MESSAGE_LIMIT, text[:20]
        assert long in caught.value.text  # the whole input stays on the error
        match = game("may-i").new_match(players=4, seed=1)
        with pytest.raises(IllegalActionError) as refused:
            match.apply(text)
        assert len(str(refused.value)) < 5 * MESSAGE_LIMIT
    with pytest.raises(ContractError) as contract:
        Contract.parse(f"2G+{long}")
    assert len(str(contract.value)) < 5 * MESSAGE_LIMIT
    with pytest.raises(NotationError) as cards:
        parse_card(f"AS {long}")
    assert len(str(cards.value)) < 5 * MESSAGE_LIMIT


def test_no_message_is_megabytes_long() -> None:
    match = game("may-i").new_match(players=4, seed=1)
    before = match.snapshot()
    for actions in (
        ["x" * 3_000_000],
        ["draw", "discard " + "9" * 3_000_000],
        ["down " + " ".join(["2C"] * 100_000)],
        ["down " + " / ".join(["2C 2C 2C"] * 10_000)],
    ):
        with pytest.raises(IllegalActionError) as caught:
            match.apply_all(actions)
        assert len(str(caught.value)) <= LONGEST_MESSAGE
        assert str(caught.value).endswith("…")
    assert match.snapshot() == before


def test_shorten_and_shown() -> None:
    assert shorten("abc") == "abc"
    cut = shorten("a" * 1000)
    assert len(cut) == MESSAGE_LIMIT and cut.endswith("…")
    assert shown(10**5000) == "a number too long to write"
    assert shown("x") == "'x'"
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    assert "nested too deeply" in shown(nested)
