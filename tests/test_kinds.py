"""Open meld kinds and exact contract sizes (issue 33 items 1-2): the shipped flush,
colour and pair, a user's kind as data and as a class, contracts that name kinds and fix
sizes, and the generic solver path against brute force."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    Card,
    Contract,
    ContractError,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldRules,
    Rank,
    Requirement,
    arrangements,
    best_arrangement,
    can_meet,
    game,
    min_deadwood,
    parse_card,
    parse_cards,
)
from rummykit.contracts import ContractSchedule
from rummykit.errors import ConfigError
from rummykit.melds import (
    Alike,
    MeldShape,
    SetShape,
    joker_exchanges,
    register_kind,
    unregister_kind,
)
from rummykit.melds.meld import Role
from rummykit.scoring import FACE_VALUES
from tests import brute
from tests.strategies import two_deck_cards

ALL = MeldRules(kinds=("group", "run", "flush", "colour", "pair"))


def test_kinds_are_interned_named_and_lettered() -> None:
    assert MeldKind.named("flush") is MeldKind.FLUSH is MeldKind.named("f")
    assert MeldKind.named("S") is MeldKind.GROUP  # a set reads as a group
    assert [kind.letter for kind in MeldKind.registered()[:5]] == ["G", "R", "F", "C", "P"]
    with pytest.raises(ConfigError, match="no meld kind 'trick'"):
        MeldKind.named("trick")


def test_a_flush_is_cards_of_one_suit_with_a_joker_standing_in() -> None:
    meld = ALL.validate("2S 9S KS JK", MeldKind.FLUSH)
    assert meld.kind is MeldKind.FLUSH and meld.suit is not None
    assert meld.stand_ins() == {3: "QS"}
    assert Meld.parse(meld.notation, ALL, kind="flush") == meld
    with pytest.raises(InvalidMeldError, match="flush cards must share one suit"):
        ALL.validate("2S 9H KS", MeldKind.FLUSH)
    with pytest.raises(InvalidMeldError, match="flush needs at least 3 cards"):
        ALL.validate("2S 9S", MeldKind.FLUSH)


def test_a_colour_meld_and_a_pair() -> None:
    colour = ALL.validate("2S 5C 9S", MeldKind.COLOUR)
    assert colour.kind is MeldKind.COLOUR
    with pytest.raises(InvalidMeldError, match="share one colour"):
        ALL.validate("2S 5H 9S", MeldKind.COLOUR)
    pair = ALL.validate("7H 7C")
    assert pair.kind is MeldKind.PAIR
    with pytest.raises(InvalidMeldError, match="pair holds at most 2"):
        ALL.validate("7H 7C 7D", MeldKind.PAIR)


def test_a_kind_the_rules_lack_is_refused() -> None:
    with pytest.raises(InvalidMeldError, match="this game has no flush melds"):
        MeldRules().validate("2S 9S KS", MeldKind.FLUSH)
    assert not MeldRules().accepts("2S 9S KS")
    assert ALL.accepts("2S 9S KS")


def test_lay_off_and_extensions_on_a_flush() -> None:
    flush = ALL.validate("2S 9S KS")
    assert flush.kind is MeldKind.FLUSH
    grown = flush.lay_off(parse_card("4S"), ALL)
    assert sorted(grown.cards) == sorted(parse_cards("2S 4S 9S KS"))
    with pytest.raises(InvalidMeldError, match="does not fit"):
        flush.lay_off(parse_card("4H"), ALL)
    cards = {extension.card.notation for extension in flush.extensions(ALL)}
    assert cards == {
        card.notation for card in parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK")
    }


def test_joker_exchange_in_a_flush_takes_any_card_of_its_suit() -> None:
    flush = ALL.validate("2S 9S KS JK")
    ways = joker_exchanges([flush], 0, parse_card("4S"), ALL, to_hand=True)
    assert any(way.target is None for way in ways)
    with pytest.raises(InvalidMeldError):
        joker_exchanges([flush], 0, parse_card("4H"), ALL, to_hand=True)


def test_wild_rules_bind_every_kind() -> None:
    one_wild = MeldRules(kinds=("flush",), max_jokers_per_meld=1)
    with pytest.raises(InvalidMeldError, match="at most 1 wild card"):
        one_wild.validate("2S 9S JK JK", MeldKind.FLUSH)
    no_jokers = MeldRules(kinds=("pair",), jokers_allowed=False)
    with pytest.raises(InvalidMeldError, match="not allowed"):
        no_jokers.validate("7S JK", MeldKind.PAIR)
    deuces = MeldRules(kinds=("flush",), wild_ranks={Rank.TWO})
    meld = deuces.validate("9S KS 2H", MeldKind.FLUSH)
    assert meld.wild_positions == (2,)
    assert deuces.validate("9S KS 2S", MeldKind.FLUSH).wild_positions == ()


@pytest.fixture
def forget() -> Iterator[list[str]]:
    """The names of the kinds a test registers, unregistered after it."""
    names: list[str] = []
    yield names
    for name in names:
        unregister_kind(name)


def test_a_user_kind_as_data(forget: list[str]) -> None:
    trio = register_kind("trio", "T", SetShape(Alike.RANK, min_size=3, max_size=3))
    forget.append("trio")
    assert register_kind("trio", "T", SetShape(Alike.RANK, min_size=3, max_size=3)) is trio
    rules = MeldRules(kinds=("trio",))
    assert rules.validate("7S 7H 7D").kind is trio
    assert not rules.accepts("7S 7H 7D 7C")
    assert Contract.parse("2T").requirements[0].kind is trio
    with pytest.raises(ConfigError, match="letter 'G' is taken"):
        register_kind("gang", "G", SetShape(Alike.RANK))
    with pytest.raises(ConfigError, match="built in"):
        unregister_kind("flush")


class MixedRun(MeldShape):
    """A run of any suits: consecutive ranks, ace low, no wild cards (a user's class)."""

    min_size = 3

    def judge(
        self, kind: MeldKind, cards: Sequence[Card], rules: MeldRules, roles: Sequence[Role | None]
    ) -> Meld:
        if any(card.rank is None for card in cards):
            raise InvalidMeldError("a mixed run takes no wild card", cards=cards)
        table = sorted(cards, key=lambda card: (card.rank, card.code))
        ranks = [card.rank for card in table if card.rank is not None]
        if len(cards) < self.min_size or any(b - a != 1 for a, b in pairwise(ranks)):
            raise InvalidMeldError("a mixed run is 3+ consecutive ranks", cards=cards)
        return Meld(kind, tuple(table), tuple(ranks), None)


def test_a_user_kind_as_a_class_plays_in_contracts_and_the_solver(forget: list[str]) -> None:
    mixed = register_kind("mixed", "M", MixedRun())
    forget.append("mixed")
    rules = MeldRules(kinds=("group", "mixed"))
    meld = rules.validate("5H 6S 7D", mixed)
    assert meld.kind is mixed and meld.wild_count == 0
    assert meld.lay_off(parse_card("8C"), rules).cards[-1] == parse_card("8C")
    hand = parse_cards("5H 6S 7D 8C KS KH KD 2C")
    best = best_arrangement(hand, Contract.parse("1M+1G"), rules)
    assert best is not None and best.left == (parse_card("2C"),)


def test_requirement_of_an_unknown_kind_is_a_contract_error() -> None:
    with pytest.raises(ContractError, match="unknown meld kind"):
        Requirement(kind="trick")
    assert Requirement(kind="flush").kind is MeldKind.FLUSH
    with pytest.raises(ContractError, match="no meld kind is written 'X'"):
        Contract.parse("2X")


def test_a_flush_in_a_game_without_flushes_is_a_contract_error() -> None:
    contract = Contract(requirements=(Requirement(kind="flush"),))
    with pytest.raises(ContractError, match="flush melds, which these meld rules lack"):
        contract.check_rules(MeldRules())
    with pytest.raises(ContractError, match="lack"):
        contract.check(["2S 9S KS"], MeldRules())


def test_exact_sizes_in_notation() -> None:
    contract = Contract.parse("2G3=+R4-5")
    assert contract.notation == "2G3=+R4-5"
    assert Contract.parse(contract.notation) == contract
    item = contract.requirements[1]
    assert (item.min_size, item.max_size) == (4, 5)
    rules = MeldRules()
    assert contract.meets(["7S 7H 7D", "9C 9H 9D", "2S 3S 4S 5S"], rules)
    assert not contract.meets(["7S 7H 7D 7C", "9C 9H 9D", "2S 3S 4S 5S"], rules)
    assert not contract.meets(["7S 7H 7D", "9C 9H 9D", "2S 3S 4S 5S 6S 7S"], rules)


def test_sizes_below_a_kinds_minimum_are_refused() -> None:
    with pytest.raises(ContractError, match="G2 asks for a group of 2 cards"):
        Contract.parse("G5+G2", rules=MeldRules())
    with pytest.raises(ContractError, match="pair holds at most 2"):
        Contract.parse("P3", rules=ALL)
    with pytest.raises(ContractError, match="below min_size"):
        Contract.parse("G5-4")


def test_the_solver_honours_exact_sizes() -> None:
    hand = parse_cards("7S 7H 7D 7C 8S 9S 10S JS QS")
    best = best_arrangement(hand, Contract.parse("G3=+R4="), MeldRules())
    assert best is not None
    assert sorted(len(meld) for meld in best.melds) == [3, 4]
    assert best.left_value == FACE_VALUES.hand_value(best.left)


SMALL_CONTRACTS = ["1F", "1P", "1C", "2P", "1F+1P", "1G+1F", "1C4", "1R+1P", "G3=", "1P+1C"]


@given(
    hand=two_deck_cards(max_size=8, max_jokers=1),
    contract=st.sampled_from(SMALL_CONTRACTS),
    exact=st.booleans(),
)
def test_generic_solver_agrees_with_brute_force(
    hand: list[Card], contract: str, exact: bool
) -> None:
    wanted = Contract.parse(contract, exact=exact)
    used, _ = brute.best_used(hand, wanted, ALL, FACE_VALUES)
    assert can_meet(hand, wanted, ALL) is (used is not None)
    result = best_arrangement(hand, wanted, ALL)
    if used is None:
        assert result is None
        return
    assert result is not None
    assert wanted.meets(result.melds, ALL)
    for meld in result.melds:
        assert ALL.validate(meld.cards, meld.kind) is not None
    assert sorted([*result.left, *(c for m in result.melds for c in m.cards)]) == sorted(hand)
    assert result.left_value == FACE_VALUES.hand_value(hand) - used


@given(hand=two_deck_cards(max_size=7, max_jokers=1))
def test_generic_deadwood_agrees_with_brute_force(hand: list[Card]) -> None:
    rules = MeldRules(kinds=("group", "flush", "pair"))
    used, _ = brute.best_used(hand, None, rules, FACE_VALUES)
    result = min_deadwood(hand, rules)
    assert result.left_value == FACE_VALUES.hand_value(hand) - (used or 0)


def test_schedules_are_refused_when_no_hand_can_meet_them() -> None:
    from rummykit import ContractSchedule
    from rummykit.contracts import check_meetable
    from rummykit.engine import TableOptions

    with pytest.raises(ContractError, match="needs at least 15 cards, but a hand holds at most 8"):
        check_meetable(Contract.parse("3R5"), MeldRules(), hand_size=7, extra_cards=1)
    check_meetable(Contract.parse("3R5"), MeldRules(), hand_size=7, extra_cards=None)
    with pytest.raises(ContractError, match="deal 1: F4 asks for flush melds"):
        TableOptions(schedule=ContractSchedule.of("1F4", hand_size=10))
    with pytest.raises(ContractError, match="G2 asks for a group of 2 cards"):
        TableOptions(schedule=ContractSchedule.of("G5+G2", hand_size=10))
    kinds = MeldRules(kinds=("group", "run", "flush"))
    assert TableOptions(schedule=ContractSchedule.of("1F4", hand_size=10), meld_rules=kinds)


@given(
    hand=two_deck_cards(max_size=7, max_jokers=0),
    contract=st.sampled_from(["1F", "1P", "2P", "1F+1P", "1C", "1G+1P"]),
)
def test_generic_arrangements_are_distinct_and_complete(hand: list[Card], contract: str) -> None:
    wanted = Contract.parse(contract)
    found = list(arrangements(hand, wanted, ALL))
    keys = [tuple(sorted((m.kind.value, tuple(sorted(m.cards))) for m in a.melds)) for a in found]
    assert len(keys) == len(set(keys))
    _, expected = brute.best_used(hand, wanted, ALL, FACE_VALUES, count=True)
    assert len(found) == expected


def test_a_schedule_no_hand_can_meet_is_refused_at_load_where_the_hand_is_bounded() -> None:
    """3R5 needs 15 cards: with 7 dealt, one card a turn (``pile_take`` off) and no buys
    a hand holds 8 when it goes down, so the game is refused when made; with buys or
    several pile cards a take, a hand has no bound and the schedule stands."""
    schedule = ContractSchedule.of("3R5", hand_size=7)
    with pytest.raises(ConfigError, match="3R5 needs at least 15 cards.*holds at most 8"):
        game("may-i", contract_schedule=schedule, pile_take="off", max_buys_per_deal=0)
    with pytest.raises(ConfigError, match="3R5 needs at least 15 cards"):
        game("rummy", schedule=schedule, pile_take="off", buy_limit=0)
    assert game("rummy", schedule=schedule).name == "rummy"
