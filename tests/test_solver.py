"""The solver against brute force; every result validates; golden arrangement counts."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from rummykit import (
    JOKER,
    NATURALS,
    AcePolicy,
    Arrangement,
    Card,
    CardValues,
    ConfigError,
    Contract,
    MeldRules,
    Rank,
    SameSuitRuns,
    arrangements,
    best_arrangement,
    can_meet,
    format_cards,
    min_deadwood,
    min_deadwood_value,
    parse_cards,
    presets,
    solver,
)
from rummykit.games.may_i.data import MAY_I_VALUES
from rummykit.presets import GAME_PRESETS, GIN_VALUES, game_preset
from rummykit.solver import arrangement_parts
from rummykit.solver._tables import CONTEXTS
from tests import brute
from tests.strategies import wild_hands, wild_meld_rules

PEER_VALUES = GAME_PRESETS["cts"].card_values
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
        group_distinct_suits=draw(st.booleans()),
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
    found = list(arrangements(hand, wanted, rules, values=MAY_I_VALUES))
    keys = [tuple(sorted((m.kind.value, tuple(sorted(m.cards))) for m in a.melds)) for a in found]
    assert len(keys) == len(set(keys))
    _, expected = brute.best_used(hand, wanted, rules, MAY_I_VALUES, count=True)
    assert len(found) == expected
    for arrangement in found:
        _validates(arrangement, hand, rules, MAY_I_VALUES)


def test_the_may_i_contracts_on_a_stacked_hand() -> None:
    rules = presets.meld_rules("may-i")
    hand = parse_cards("7S 7H 7D 7S KS KC KD 2C 3C 4C 5C QS 6C")
    best = best_arrangement(hand, Contract.parse("2G+1R"), rules, values=MAY_I_VALUES)
    assert best is not None
    assert [m.notation for m in best.melds] == ["7S 7S 7H 7D", "KS KD KC", "2C 3C 4C 5C 6C"]
    assert best.left == parse_cards("QS") and best.left_value == 10
    assert not can_meet(hand, Contract.parse("2R"), rules)


def test_minimum_contract_lays_down_extra_melds() -> None:
    rules = presets.meld_rules("posso")
    opening = Contract.parse("1G+1R", exact=False)
    hand = parse_cards("9D 10D JD QD KC KD KH 3S 3H 3C 5H")
    best = best_arrangement(hand, opening, rules, values=MAY_I_VALUES)
    assert best is not None and len(best.melds) == 3 and best.left == parse_cards("5H")


def _golden_lines() -> list[tuple[str, str, str, int]]:
    rows = []
    for line in GOLDEN.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            game, contract, hand, count = (part.strip() for part in line.split("|"))
            rows.append((game, contract, hand, int(count)))
    return rows


def _golden_rules(game: str) -> tuple[MeldRules, Contract]:
    """A golden row's rules: a game preset, with ``+deuces`` its rules with deuces wild."""
    name, _, extra = game.partition("+")
    preset = game_preset(name)
    rules = preset.meld_rules
    if extra == "deuces":
        rules = attrs.evolve(rules, wild_ranks={Rank.TWO})
    return rules, preset.contract_conventions


@pytest.mark.parametrize(("game", "contract", "hand", "count"), _golden_lines())
def test_golden_arrangement_counts(game: str, contract: str, hand: str, count: int) -> None:
    rules, conventions = _golden_rules(game)
    wanted = Contract.parse(contract, like=conventions)
    found = sum(1 for _ in arrangements(parse_cards(hand), wanted, rules))
    assert found == count


@pytest.mark.parametrize(
    ("game", "contract", "hand", "count"),
    [row for row in _golden_lines() if _golden_rules(row[0])[0].wild_ranks],
)
def test_golden_counts_with_wild_deuces_by_brute_force(
    game: str, contract: str, hand: str, count: int
) -> None:
    rules, conventions = _golden_rules(game)
    wanted = Contract.parse(contract, like=conventions)
    assert len(brute.every_arrangement(parse_cards(hand), wanted, rules)) == count


def test_gin_rules_one_deck() -> None:
    rules = presets.meld_rules("gin")
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


# -- wild ranks (deuces wild) ----------------------------------------------------------------


def _validates_with_roles(result: Arrangement, hand: Sequence[Card], rules: MeldRules) -> None:
    """Every meld validates with the roles it declares, and reads back as itself."""
    for meld in result.melds:
        roles = [meld.role(i) if meld.is_wild_at(i) else None for i in range(len(meld))]
        assert rules.validate(meld.cards, meld.kind, roles=roles) == meld
    used = [card for meld in result.melds for card in meld.cards]
    assert sorted(used + list(result.left)) == sorted(hand)


WILD_CONTRACTS = ["2G", "1G+1R", "2R", "1R", "1G", "G4", "R5", "3G"]


@given(
    hand=wild_hands(),
    rules=wild_meld_rules(),
    contract=st.sampled_from(WILD_CONTRACTS),
    exact=st.booleans(),
    same_suit=st.sampled_from(SameSuitRuns),
    distinct=st.booleans(),
)
def test_solver_agrees_with_brute_force_under_wild_ranks(
    hand: list[Card],
    rules: MeldRules,
    contract: str,
    exact: bool,
    same_suit: SameSuitRuns,
    distinct: bool,
) -> None:
    wanted = Contract.parse(
        contract, exact=exact, distinct_ranks=distinct, same_suit_runs=same_suit
    )
    used, _ = brute.best_used(hand, wanted, rules, PEER_VALUES, readings=True)
    event("contract met" if used is not None else "contract not met")
    assert can_meet(hand, wanted, rules) is (used is not None)
    result = best_arrangement(hand, wanted, rules, values=PEER_VALUES)
    if used is None:
        assert result is None
        return
    assert result is not None
    _validates_with_roles(result, hand, rules)
    assert wanted.meets(result.melds, rules)
    assert result.left_value == PEER_VALUES.hand_value(hand) - used
    assert result.left_value == PEER_VALUES.hand_value(result.left)


@given(hand=wild_hands(), rules=wild_meld_rules())
def test_min_deadwood_agrees_with_brute_force_under_wild_ranks(
    hand: list[Card], rules: MeldRules
) -> None:
    used, _ = brute.best_used(hand, None, rules, PEER_VALUES)
    result = min_deadwood(hand, rules, values=PEER_VALUES)
    _validates_with_roles(result, hand, rules)
    assert result.left_value == PEER_VALUES.hand_value(hand) - (used or 0)
    assert min_deadwood_value(hand, rules, values=PEER_VALUES) == result.left_value


@given(
    hand=wild_hands(max_size=7, max_wild=2),
    rules=wild_meld_rules(),
    contract=st.sampled_from(WILD_CONTRACTS),
    exact=st.booleans(),
)
def test_arrangements_under_wild_ranks_are_every_distinct_meld(
    hand: list[Card], rules: MeldRules, contract: str, exact: bool
) -> None:
    """Every distinct arrangement once, a wild card in each place it may stand."""
    wanted = Contract.parse(contract, exact=exact)
    found = [
        tuple(sorted(brute.meld_signature(meld) for meld in a.melds))
        for a in arrangements(hand, wanted, rules)
    ]
    assert len(found) == len(set(found))
    assert set(found) == brute.every_arrangement(hand, wanted, rules)


@given(hand=wild_hands(max_size=10, max_wild=4), rules=wild_meld_rules())
def test_arrangement_parts_match_arrangements_under_wild_ranks(
    hand: list[Card], rules: MeldRules
) -> None:
    wanted = Contract.parse("1G+1R")
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
    for parts, _ in full:
        for cards, roles in parts:
            rules.validate(cards, roles=roles)


def test_a_deuce_plays_itself_or_wild() -> None:
    both = MeldRules(ace=AcePolicy.LOW, wild_ranks={Rank.TWO})
    wild_only = attrs.evolve(both, wild_as_natural=False)
    hand = parse_cards("AS 2S 3S 4S 9H")
    run = best_arrangement(hand, Contract.parse("1R"), both)
    assert run is not None and [str(m) for m in run.melds] == ["AS 2S 3S 4S"]
    # Only wild, a deuce has no place of its own: A-2-3-4 is no run, and A-4 is too far.
    assert not can_meet(hand, Contract.parse("1R"), wild_only)
    assert can_meet(parse_cards("3S 4S 2H 6S"), Contract.parse("1R"), wild_only)


def test_deuces_wild_with_jokers_and_a_wild_limit() -> None:
    rules = presets.meld_rules("mayi-house")
    hand = parse_cards("9C 9D 2H JK 5S 6S 2C 8S KD")
    best = best_arrangement(hand, Contract.parse("1G+1R"), rules, values=PEER_VALUES)
    assert best is not None
    # Every wild card goes down: two naturals may carry two wild cards.
    group, run = best.melds
    assert group.rank is Rank.NINE and group.wild_count == 2 and JOKER in group.cards
    assert [str(card) for card in run.cards if not run.is_wild_at(run.cards.index(card))] == [
        "5S",
        "6S",
        "8S",
    ]
    assert run.stand_ins() == {2: "7S"}
    assert best.left == parse_cards("KD")
    _validates_with_roles(best, hand, rules)
    # Wild cards may not outnumber naturals: two naturals carry at most two wilds.
    assert not can_meet(parse_cards("9C JK JK 2H"), Contract.parse("1G"), rules)
    assert can_meet(parse_cards("9C 9D JK 2H"), Contract.parse("1G"), rules)


@pytest.mark.parametrize("name", presets.preset_names())
def test_every_preset_works_with_the_solver(name: str) -> None:
    preset = game_preset(name)
    rules = preset.meld_rules
    hand = parse_cards("3H 4H 5H 6H 7S 7D 7C 2C JK KS QD")
    wanted = Contract.parse("1G+1R", like=preset.contract_conventions)
    best = best_arrangement(hand, wanted, rules, values=preset.card_values)
    assert best is not None and can_meet(hand, wanted, rules)
    _validates_with_roles(best, hand, rules)
    deadwood = min_deadwood(hand, rules, values=preset.card_values)
    _validates_with_roles(deadwood, hand, rules)
    assert min_deadwood_value(hand, rules, values=preset.card_values) == deadwood.left_value


@given(rules=st.one_of(solver_rules(), wild_meld_rules()), hand=wild_hands(max_size=12))
def test_memo_tables_stay_bounded(rules: MeldRules, hand: list[Card]) -> None:
    """Random rules (a new memo each) never grow the solver's tables past their limits."""
    values = CardValues(ranks=tuple(range(1, 14)), joker=len(hand))
    can_meet(hand, Contract.parse("1G+1R"), rules)
    min_deadwood_value(hand, rules, values=values)
    min_deadwood_value(list(dict.fromkeys(c for c in hand if c is not JOKER)), rules, values=values)
    sizes = solver.memo_sizes()
    assert sizes["solver contexts"] <= solver.RULES_LIMIT
    assert sizes["solver one-deck tables"] <= solver.RULES_LIMIT
    assert sizes["solver plans"] <= 4 * solver.RULES_LIMIT
    contexts = list(CONTEXTS.values())
    assert max(len(ctx.cache) for ctx in contexts) <= solver.CACHE_LIMIT
    assert max(len(ctx.choices) for ctx in contexts) <= solver.CACHE_LIMIT
    rules.accepts(hand[:4])  # the validator's run windows are cached too
    sizes = solver.memo_sizes()
    assert sizes["validator tables"] <= 4 * solver.RULES_LIMIT
    assert sizes["run windows"] <= 64


def test_two_runs_of_one_suit_each_take_a_deuce() -> None:
    """Two identical slots may hold melds that differ only in their wild cards."""
    rules = MeldRules(
        ace=AcePolicy.LOW,
        run_min=3,
        joker_at_run_end=False,
        wild_ranks={Rank.TWO},
        wild_as_natural=False,
    )
    wanted = Contract.parse("2R", exact=False, same_suit_runs=SameSuitRuns.ALLOWED)
    hand = parse_cards("3S 4S 3S 5S 5S 2D 2C")
    best = best_arrangement(hand, wanted, rules, values=PEER_VALUES)
    assert best is not None and best.left == parse_cards("4S")
    assert sorted(str(meld) for meld in best.melds) == ["3S 2C(4S) 5S", "3S 2D(4S) 5S"]


def test_spare_jokers_a_run_cannot_hold_stay_in_hand() -> None:
    """With no joker at a run's ends, A 2 3 can grow to 2..A (ten jokers) but not to
    five cards: the two spare jokers stay in hand (found by the brute-force property)."""
    rules = MeldRules(
        group_min=3,
        run_min=3,
        ace=AcePolicy.LOW_OR_HIGH,
        jokers_allowed=True,
        max_jokers_per_meld=None,
        joker_at_run_end=False,
    )
    hand = parse_cards("AS 2S 3S JK JK")
    wanted = Contract.parse("1R", exact=True)
    used, _ = brute.best_used(hand, wanted, rules, MAY_I_VALUES)
    assert used is not None
    result = best_arrangement(hand, wanted, rules, values=MAY_I_VALUES)
    assert result is not None
    assert result.left_value == MAY_I_VALUES.hand_value(hand) - used == 22
    assert [str(meld) for meld in result.melds] == ["AS JK(2S) 3S"]


def test_threads_share_the_memos_safely() -> None:
    """Four threads over more rules than the memos keep (so they evict all the while) get
    the answers one thread gets, and no error. The memos keep four rules here (64 by
    default): 16 rules evict as often as 80 would under the default, for a fifth of the
    solving."""
    rules_sets = [
        MeldRules(group_max=group_max, run_min=run_min, ace=ace, max_jokers_per_meld=jokers)
        for group_max, run_min in ((None, 3), (5, 4))
        for ace in AcePolicy
        for jokers in (None, 1)
    ]
    limits = solver.memo_limits()
    solver.set_memo_limits(rules=4)
    try:
        _threads_agree(rules_sets)
    finally:
        solver.set_memo_limits(rules=limits.rules, cache=limits.cache)


def _threads_agree(rules_sets: list[MeldRules]) -> None:
    import sys
    import threading

    assert len(rules_sets) > 2 * solver.memo_limits().rules
    hand = parse_cards("7S 7H 7D KS KC KD 2C 3C 4C 5C 9H JK")
    wanted = Contract.parse("1G+1R")

    def answers() -> list[tuple[object, ...]]:
        found: list[tuple[object, ...]] = []
        for rules in rules_sets:
            best = best_arrangement(hand, wanted, rules)
            deadwood = min_deadwood(hand[:-1], rules, discard=True)
            value = min_deadwood_value(hand[:-1], rules)
            found.append((best, deadwood, value))
        return found

    expected = answers()
    results: list[list[tuple[object, ...]]] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(3):
                results.append(answers())
        except BaseException as error:  # pragma: no cover - the failure being tested
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert results == [expected] * 12


def test_points_default_to_face_values_naming_no_game() -> None:
    """Without ``values`` the solver counts face values (ace 1, court cards 10)."""
    assert solver.FACE_VALUES.ranks == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    hand = parse_cards("5S 5H 5D 8C 8D 8H JH QH KH AH 2C 9S")
    best = best_arrangement(hand, Contract.parse("2G+1R"), MeldRules(ace=AcePolicy.WRAP))
    assert best is not None and best.left == parse_cards("9S 2C") and best.left_value == 11
    rules = MeldRules(run_min=3, ace=AcePolicy.LOW, jokers_allowed=False)
    assert min_deadwood_value(
        parse_cards("AS KD JK"), attrs.evolve(rules, jokers_allowed=True)
    ) == (1 + 10 + solver.FACE_VALUES.joker)
    assert min_deadwood(parse_cards("AS AH 9C"), rules).left_value == 11


def test_the_solver_names_no_game() -> None:
    """The rules layer names no game: no game's name, clause or table in the solver."""
    import re

    package = Path(solver.__file__).parent
    games = re.compile(
        r"may.?i\b|posso|possession|pssn|\b(?:gin|count|may_i)_values\b|\bgin\b", re.IGNORECASE
    )
    for module in sorted(package.glob("*.py")):
        found = games.findall(module.read_text())
        assert found == [], f"{module.name} names {found}"


HAND = "7S 7H 7D KS KC KD 2C"


@pytest.mark.parametrize(
    ("function", "arguments", "options", "message"),
    [
        ("can_meet", (HAND, "2G", "may-i"), {}, "contract must be a Contract"),
        ("can_meet", (HAND, "2G+", None), {}, "rules must be MeldRules, got None"),
        ("best_arrangement", (HAND, "2G+", "may-i"), {"values": None}, "values must be Card"),
        ("best_arrangement", (HAND, "2G+", "may-i"), {"values": {}}, "values must be Card"),
        ("arrangements", (HAND, "2G+", 3), {}, "rules must be MeldRules, got 3"),
        ("arrangement_parts", (HAND, [], "may-i"), {}, "contract must be a Contract"),
        ("min_deadwood", (HAND, "x"), {}, "rules must be MeldRules, got 'x'"),
        ("min_deadwood_value", (HAND, "may-i"), {"values": 1}, "values must be CardValues"),
    ],
)
def test_solver_refuses_arguments_of_the_wrong_kind(
    function: str, arguments: tuple[Any, ...], options: dict[str, Any], message: str
) -> None:
    """A contract, meld rules or card values of the wrong kind is a ConfigError naming the
    argument, in both builds (the work would fail inside on an attribute). In the table,
    ``"2G+"`` stands for a real contract and ``"may-i"`` for May I?'s meld rules."""
    real = {"2G+": Contract.parse("2G"), "may-i": game_preset("may-i").meld_rules}
    given = [
        parse_cards(HAND),
        *(real.get(a, a) if isinstance(a, str) else a for a in arguments[1:]),
    ]
    call: Any = getattr(solver, function)
    with pytest.raises(ConfigError, match=message):
        call(*given, **options)  # arrangements and arrangement_parts check at the call
