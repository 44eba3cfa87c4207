"""The cheaper go-down listing and lay-off path of random play (issue 24): the solver's
parts and cards left agree with its arrangements, an engine's hand list is taken as its
cards, the engine's unchecked lay-off agrees with the checked one, and a listing cut
short by the solver's budget keeps what it found."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from rummykit import (
    CARDS,
    JOKER,
    Card,
    Contract,
    End,
    Meld,
    MeldRules,
    NotationError,
    Rank,
    SolverBudgetError,
    arrangements,
    parse_cards,
)
from rummykit.engine import Down, down_action
from rummykit.engine.contract import bounded_go_downs
from rummykit.games import MayI
from rummykit.games.may_i.claims import REQUEST, ClaimWindow
from rummykit.melds import fit_lay_off, try_lay_off
from rummykit.scoring import FACE_VALUES
from rummykit.solver import arrangement_parts

RULES = [
    MeldRules(),
    MeldRules(wild_ranks=frozenset({Rank.TWO}), max_jokers_per_meld=2),
    MeldRules(run_min=3, group_distinct_suits=True),
]
DECK = [*CARDS[:52], *CARDS[:52], JOKER, JOKER, JOKER]


def _hands(count: int, seed: int) -> Iterator[tuple[Card, ...]]:
    rng = random.Random(seed)
    for _ in range(count):
        yield tuple(rng.sample(DECK, rng.randint(9, 16)))


@pytest.mark.parametrize("rules", RULES, ids=["plain", "wild-twos", "threes-distinct"])
@pytest.mark.parametrize("text", ["2G", "1G+1R", "2R", "2G+1R"])
def test_parts_and_cards_left_agree_with_the_arrangements(rules: MeldRules, text: str) -> None:
    contract = Contract.parse(text)
    listed = 0
    for hand in _hands(120, seed=len(text)):
        parts = list(arrangement_parts(list(hand), contract, rules))
        found = list(arrangements(hand, contract, rules))
        assert [p for p, _ in parts] == [down_action(a.melds).melds for a in found]
        for (_, left), arrangement in zip(parts, found, strict=True):
            kept = Counter(hand) - Counter(c for meld in arrangement.melds for c in meld.cards)
            assert left == arrangement.left == tuple(sorted(kept.elements(), key=_code))
            assert arrangement.left_value == sum(FACE_VALUES.value(c) for c in left)
        listed += len(parts)
    assert listed  # the hands meet the contract now and then


def _code(card: Card) -> int:
    return card.code


def test_an_engine_hand_list_is_taken_as_its_cards() -> None:
    hand = parse_cards("7H 7S 7D 8H 8S 8D 9C")
    contract, rules = Contract.parse("2G"), MeldRules()
    expected = list(arrangement_parts(hand, contract, rules))
    assert expected == list(arrangement_parts(list(hand), contract, rules))
    assert expected == list(arrangement_parts("7H 7S 7D 8H 8S 8D 9C", contract, rules))
    assert [left for _, left in expected] == [parse_cards("9C")]
    for bad in ([*hand, "7H"], (*hand, 7)):
        with pytest.raises(NotationError, match="expected a Card"):
            list(arrangement_parts(bad, contract, rules))  # type: ignore[arg-type]


def test_fit_lay_off_agrees_with_try_lay_off() -> None:
    rules = MeldRules(wild_ranks=frozenset({Rank.TWO}))
    melds = [
        Meld.parse("7H 7S 7D", rules),
        Meld.parse("7H 7S JK(7)", rules),
        Meld.parse("5H 6H 7H 8H", rules),
        Meld.parse("JK 6H 7H 8H", rules),
        Meld.parse("JD QD KD AD", rules),
    ]
    for meld in melds:
        for card in CARDS:
            for end in (None, End.LOW, End.HIGH):
                assert fit_lay_off(meld, card, rules, end, None) == try_lay_off(
                    meld, card, rules, end=end
                )


def test_a_listing_cut_short_by_the_budget_keeps_what_it_found() -> None:
    first = Down.of(parse_cards("7H 7S 7D"))
    second = Down.of(parse_cards("8H 8S 8D"))

    def downs() -> Iterator[Down]:
        yield first
        yield second
        raise SolverBudgetError("out of budget", budget=1)

    assert bounded_go_downs(downs()) == [first, second]


@pytest.mark.parametrize("melds", ["", [], ()])
def test_a_go_down_needs_a_meld(melds: object) -> None:
    with pytest.raises(NotationError, match="down needs at least one meld"):
        Down(melds)  # type: ignore[arg-type]


def test_a_claim_window_asks_the_seats_from_the_left_of_p0() -> None:
    for players in (3, 4, 5):
        match = MayI().new_match(players=players, seed=players)
        rng = random.Random(players)
        seen = 0
        while not match.is_over and seen < 20:
            claim = match.deal.claim
            if match.state.phase is REQUEST and isinstance(claim, ClaimWindow):
                assert claim.order == tuple((claim.p0 + k) % players for k in range(1, players))
                assert claim.card == match.deal.pile.top.card  # type: ignore[union-attr]
                seen += 1
            match.apply(rng.choice(match.legal_actions()))
        assert seen
