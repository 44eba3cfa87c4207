"""The solver against brute force; every result validates; golden arrangement counts."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from rummykit import (
    GIN_VALUES,
    JOKER,
    MAY_I_VALUES,
    NATURALS,
    AcePolicy,
    Arrangement,
    Card,
    ConfigError,
    Contract,
    MeldRules,
    arrangements,
    best_arrangement,
    can_meet,
    format_cards,
    min_deadwood,
    min_deadwood_value,
    parse_cards,
)
from rummykit.presets import game_preset
from rummykit.scoring import CardValues
from rummykit.solver import arrangement_parts
from tests import brute

CONTRACTS = ["2G", "1G+1R", "2R", "1R", "1G", "G4", "R5"]
GOLDEN = Path(__file__).parent / "data" / "solver_counts.txt"


@st.composite
def rich_hands(draw: st.DrawFn, *, max_size: int = 12, max_jokers: int = 2) -> list[Card]:
    """Hands from a narrow pool (few ranks and suits, two decks), so that melds abound."""
    start = draw(st.integers(0, 12))
    width = draw(st.integers(3, 6))
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=3))
    pool = [NATURALS[13 * s + (start + i) % 13] for s in sorted(suits) for i in range(width)] * 2
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=max_size))
    cards = [pool[i] for i in picks][: max_size - (jokers := draw(st.integers(0, max_jokers)))]
    return cards + [JOKER] * jokers


@st.composite
def solver_rules(draw: st.DrawFn) -> MeldRules:
    return MeldRules(
        group_max=draw(st.sampled_from([None, 4, 8])),
        run_min=draw(st.integers(3, 4)),
        ace=draw(st.sampled_from(AcePolicy)),
        set_distinct_suits=draw(st.booleans()),
        max_jokers_per_meld=draw(st.sampled_from([None, 1, 2])),
        joker_at_run_end=draw(st.booleans()),
    )


def _validates(result: Arrangement, hand: list[Card], rules: MeldRules, values: CardValues) -> None:
    for meld in result.melds:
        assert rules.validate(meld.cards, meld.kind, ordered=True) == meld
    used = [card for meld in result.melds for card in meld.cards]
    assert sorted(used + list(result.left)) == sorted(hand)
    assert result.left_value == values.hand_value(result.left)


@given(
    hand=rich_hands(),
    rules=solver_rules(),
    contract=st.sampled_from(CONTRACTS),
    exact=st.booleans(),
)
def test_solver_agrees_with_brute_force(
    hand: list[Card], rules: MeldRules, contract: str, exact: bool
) -> None:
    wanted = Contract.parse(contract, exact=exact)
    used, _ = brute.best_used(hand, wanted, rules, MAY_I_VALUES)
    event("contract met" if used is not None else "contract not met")
    assert can_meet(hand, wanted, rules) is (used is not None)
    result = best_arrangement(hand, wanted, rules, values=MAY_I_VALUES)
    if used is None:
        assert result is None
        return
    assert result is not None
    _validates(result, hand, rules, MAY_I_VALUES)
    assert wanted.meets(result.melds, rules)
    assert result.left_value == MAY_I_VALUES.hand_value(hand) - used


@given(hand=rich_hands(max_size=11), rules=solver_rules())
def test_min_deadwood_agrees_with_brute_force(hand: list[Card], rules: MeldRules) -> None:
    used, _ = brute.best_used(hand, None, rules, GIN_VALUES)
    result = min_deadwood(hand, rules, values=GIN_VALUES)
    _validates(result, hand, rules, GIN_VALUES)
    assert result.left_value == GIN_VALUES.hand_value(hand) - (used or 0)


@given(
    hand=rich_hands(max_size=11, max_jokers=0),
    rules=solver_rules(),
    contract=st.sampled_from(CONTRACTS),
)
def test_arrangements_are_distinct_and_complete(
    hand: list[Card], rules: MeldRules, contract: str
) -> None:
    wanted = Contract.parse(contract)
    found = list(arrangements(hand, wanted, rules))
    keys = [tuple(sorted((m.kind.value, tuple(sorted(m.cards))) for m in a.melds)) for a in found]
    assert len(keys) == len(set(keys))
    _, expected = brute.best_used(hand, wanted, rules, MAY_I_VALUES, count=True)
    assert len(found) == expected
    for arrangement in found:
        _validates(arrangement, hand, rules, MAY_I_VALUES)


def test_the_may_i_contracts_on_a_stacked_hand() -> None:
    rules = MeldRules.preset("may-i")
    hand = parse_cards("7S 7H 7D 7S KS KC KD 2C 3C 4C 5C QS 6C")
    best = best_arrangement(hand, Contract.parse("2G+1R"), rules)
    assert best is not None
    assert [m.notation for m in best.melds] == ["7S 7S 7H 7D", "KS KD KC", "2C 3C 4C 5C 6C"]
    assert best.left == parse_cards("QS") and best.left_value == 10
    assert not can_meet(hand, Contract.parse("2R"), rules)


def test_minimum_contract_lays_down_extra_melds() -> None:
    rules = MeldRules.preset("posso")
    opening = Contract.parse("1G+1R", exact=False)
    hand = parse_cards("9D 10D JD QD KC KD KH 3S 3H 3C 5H")
    best = best_arrangement(hand, opening, rules)
    assert best is not None and len(best.melds) == 3 and best.left == parse_cards("5H")


def _golden_lines() -> list[tuple[str, str, str, int]]:
    rows = []
    for line in GOLDEN.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            game, contract, hand, count = (part.strip() for part in line.split("|"))
            rows.append((game, contract, hand, int(count)))
    return rows


@pytest.mark.parametrize(("game", "contract", "hand", "count"), _golden_lines())
def test_golden_arrangement_counts(game: str, contract: str, hand: str, count: int) -> None:
    preset = game_preset(game)
    wanted = Contract.parse(contract, like=preset.contract_conventions)
    found = sum(1 for _ in arrangements(parse_cards(hand), wanted, preset.meld_rules))
    assert found == count


def test_gin_rules_one_deck() -> None:
    rules = MeldRules.preset("gin")
    result = min_deadwood(parse_cards("AS 2S 3S 4S 5S 5H 5D 9C 10C JC"), rules, values=GIN_VALUES)
    assert result.left_value == 0
    assert [m.notation for m in result.melds] == ["5S 5H 5D", "AS 2S 3S 4S", "9C 10C JC"]
    assert format_cards(result.left) == ""


@given(hand=rich_hands(max_size=11, max_jokers=0), rules=solver_rules())
def test_discarding_one_card_is_the_best_discard(hand: list[Card], rules: MeldRules) -> None:
    """``discard=True`` equals the best of every single discard (the gin 11-card count)."""
    if not hand:
        return
    expected = min(
        min_deadwood(hand[:i] + hand[i + 1 :], rules, values=GIN_VALUES).left_value
        for i in range(len(hand))
    )
    result = min_deadwood(hand, rules, values=GIN_VALUES, discard=True)
    assert result.left_value == expected
    assert min_deadwood_value(hand, rules, values=GIN_VALUES, discard=True) == expected
    assert len(result.left) + sum(len(m) for m in result.melds) == len(hand) - 1


@given(hand=rich_hands(max_size=11, max_jokers=0), rules=solver_rules())
def test_one_deck_fast_path_agrees_with_the_general_search(
    hand: list[Card], rules: MeldRules
) -> None:
    one_deck = list(dict.fromkeys(hand))  # no card twice: the bitmask path
    fast = min_deadwood(one_deck, rules, values=GIN_VALUES)
    general = min_deadwood(
        [*one_deck, JOKER], attrs.evolve(rules, jokers_allowed=False), values=GIN_VALUES
    )
    assert fast.left_value == general.left_value - GIN_VALUES.joker


@given(hand=rich_hands(), rules=solver_rules(), contract=st.sampled_from(CONTRACTS))
def test_arrangement_parts_match_arrangements(
    hand: list[Card], rules: MeldRules, contract: str
) -> None:
    wanted = Contract.parse(contract)
    full = [
        (
            tuple(
                (m.cards, tuple(m.role(i) if m.is_wild_at(i) else None for i in range(len(m))))
                for m in a.melds
            ),
            a.left,
        )
        for a in arrangements(hand, wanted, rules)
    ]
    assert list(arrangement_parts(hand, wanted, rules)) == full
