"""A snapshot is checked as strictly as a move: ``Match.from_dict`` refuses with a
:class:`~rummykit.errors.RecordError` naming the path whatever no play can reach (melds
that are not melds, counters out of range, ``known`` cards a seat does not hold, numbers
that are not finite or not bounded, a malformed random state), and what it accepts plays
on without a crash and with every card kept (hypothesis mutations of real snapshots)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit import game
from rummykit.errors import RecordError
from rummykit.kit.match import Match
from rummykit.melds.kinds import WildLimit
from tests.strategies import examples

VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("may-i", {}),
    ("posso", {}),
    ("possession", {}),
    ("may-i", {"wild_ranks": [2], "jokers": 2, "max_wilds_per_meld": None}),
    ("posso", {"joker_count": 2}),
)


def _play(match: Match[Any, Any], rng: random.Random, actions: int) -> Iterator[int]:
    for step in range(actions):
        legal = match.legal_actions()
        if not legal:
            return
        match.apply(rng.choice(legal))
        yield step


@cache
def real_snapshots() -> tuple[str, ...]:
    """Snapshots (as JSON text) of seeded matches of the three games and two variants,
    taken every 29 actions, claim windows and later deals included."""
    found = []
    for index, (name, options) in enumerate(VARIANTS):
        for seed in range(3):
            match = game(name, **options).new_match(seed=seed, auto_deal=seed != 1)
            for step in _play(match, random.Random(seed + 10 * index), 700):
                if step % 29 == 0:
                    found.append(json.dumps(match.to_dict()))
    return tuple(found)


def snapshot_with(predicate: Any) -> dict[str, Any]:
    for text in real_snapshots():
        data = json.loads(text)
        if predicate(data):
            return data  # type: ignore[no-any-return]
    raise AssertionError("no snapshot found")


def test_every_real_snapshot_restores_to_an_equal_match() -> None:
    for text in real_snapshots():
        data = json.loads(text)
        assert Match.from_dict(data).to_dict() == data


def refused(data: dict[str, Any], path: str) -> None:
    with pytest.raises(RecordError) as caught:
        Match.from_dict(data)
    assert path in str(caught.value), str(caught.value)


def _two_table_melds(data: dict[str, Any]) -> bool:
    return len(data["deal"].get("table", [])) >= 2


def test_a_card_moved_from_one_table_meld_to_another_is_refused() -> None:
    data = snapshot_with(_two_table_melds)
    table = data["deal"]["table"]
    table[1]["cards"].append(table[0]["cards"].pop())
    refused(data, "deal.table[")


def test_a_table_meld_whose_card_is_swapped_with_a_hand_card_is_refused() -> None:
    data = snapshot_with(_two_table_melds)
    meld, hand = data["deal"]["table"][0], data["deal"]["hands"][0]
    other = next(card for card in hand if card not in meld["cards"] and card != "JK")
    hand[hand.index(other)], meld["cards"][0] = meld["cards"][0], other
    refused(data, "deal.table[0]")


def test_a_table_meld_of_a_seat_not_down_is_refused() -> None:
    data = snapshot_with(_two_table_melds)
    owner = data["deal"]["table"][0]["owner"]
    data["deal"]["down"][owner] = False
    data["deal"]["down_turn"][owner] = -1
    data["deal"]["laid"][owner] = []
    refused(data, "deal.table[0]")


def test_negative_buys_and_turns_are_refused() -> None:
    data = snapshot_with(lambda data: data["game"] == "may-i")
    data["deal"]["buys"][0] = -1
    refused(data, "deal.buys[0]")
    data = snapshot_with(lambda data: data["game"] == "may-i")
    data["deal"]["turns"] = -3
    refused(data, "deal.turns")
    data = snapshot_with(lambda data: data["game"] == "possession")
    data["deal"]["recycles"] = -1
    refused(data, "deal.recycles")


def test_times_out_past_the_finished_deals_is_refused() -> None:
    data = snapshot_with(lambda data: data["game"] == "posso")
    data["match"]["times_out"][0] = 9
    refused(data, "match.times_out")


def test_known_cards_a_seat_does_not_hold_are_refused() -> None:
    data = snapshot_with(lambda data: data["game"] == "may-i")
    hand = data["deal"]["hands"][1]
    stranger = next(card for card in data["deal"]["stock"] if card not in hand)
    data["deal"]["known"][1].append(stranger)
    refused(data, "deal.known[1]")


def test_a_nan_or_an_infinity_in_the_random_state_is_refused() -> None:
    for value in (float("nan"), float("inf")):
        data = snapshot_with(lambda data: True)
        data["rng"][2] = value
        refused(data, "rng[2]")


def test_a_huge_total_is_refused_and_totals_are_the_deal_scores_added_up() -> None:
    data = snapshot_with(lambda data: data["game"] == "posso" and data["match"]["totals"])
    data["match"]["totals"][0] = 10**4299
    refused(data, "match.totals")
    data = snapshot_with(lambda data: data["game"] == "posso" and data["match"]["totals"])
    data["match"]["totals"][0] += 5
    refused(data, "match.totals")


def test_a_float_where_a_count_goes_is_refused() -> None:
    data = snapshot_with(lambda data: data["game"] == "possession")
    data["deal"]["passes"] = float("nan")
    refused(data, "deal.passes")


# -- mutations ---------------------------------------------------------------------------

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_CARD_TEXT = {f"{rank}{suit}" for rank in _RANKS for suit in "SHDC"}
_CARD_TEXT.add("JK")


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(data, dict):
        for key, item in data.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _leaves(item, (*path, index))
    else:
        yield path, data


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


_ODD_VALUES = (-1, 0, 1, 3, 2**53, 10**4300, float("nan"), float("inf"), 1.5, None, True, "AS")


def mutate(data: dict[str, Any], rng: random.Random) -> None:
    """One edit of ``data``: a value replaced, two cards swapped, a card moved to
    another list, or a whole number nudged."""
    leaves = [(path, value) for path, value in _leaves(data) if path[0] != "rng"]
    leaves.append((("rng", 2), data["rng"][2]))
    cards = [(path, value) for path, value in leaves if value in _CARD_TEXT]
    numbers = [(path, value) for path, value in leaves if type(value) is int]
    kind = rng.choice(("replace", "swap", "move", "nudge"))
    if kind == "replace":
        path, _ = rng.choice(leaves)
        _at(data, path[:-1])[path[-1]] = rng.choice(_ODD_VALUES)
    elif kind == "swap":
        (one, first), (two, second) = rng.sample(cards, 2)
        _at(data, one[:-1])[one[-1]] = second
        _at(data, two[:-1])[two[-1]] = first
    elif kind == "move":
        listed = [(path, card) for path, card in cards if type(path[-1]) is int]
        source, card = rng.choice(listed)
        target, _ = rng.choice(listed)
        _at(data, source[:-1]).pop(source[-1])
        _at(data, target[:-1]).append(card)
    else:
        path, value = rng.choice(numbers)
        _at(data, path[:-1])[path[-1]] = value + rng.choice((-2, -1, 1, 2, 50))


def check_mutation(data: dict[str, Any], seed: int) -> bool:
    """``data`` is refused, or the match it restores saves itself, restores equal, and
    plays 60 random legal actions with every card kept; whether it was accepted."""
    try:
        match = Match.from_dict(data)
    except RecordError:
        return False
    saved = match.to_dict()
    json.dumps(saved, allow_nan=False)
    assert Match.from_dict(saved) == match
    for _ in _play(match, random.Random(seed), 60):
        assert_conserved(match)
    for seat in range(match.players):
        match.view(seat)
    return True


def assert_conserved(match: Match[Any, Any]) -> None:
    """No card moved between melds or zones, as play keeps them: each table meld is the
    meld its cards make (asked of the public meld rules, cards and roles), each seat's
    known cards are in its hand, and no count is below zero."""
    deal = match.deal
    rules = getattr(match, "meld_rules", None)
    for meld in getattr(deal, "table", ()):
        assert rules is not None and len(meld.ranks) == len(meld.cards)
        roles = [meld.role(i) if meld.is_wild_at(i) else None for i in range(len(meld))]
        layoff = (  # a meld grown by lay-offs may pass the wild limit where rules say so
            rules if rules.wild_limit_on_layoff else attrs.evolve(rules, wild_limit=WildLimit.NONE)
        )
        checked = layoff.validate(meld.cards, meld.kind, roles=roles)
        pairs = Counter(zip(checked.cards, checked.ranks, strict=True))
        assert pairs == Counter(zip(meld.cards, meld.ranks, strict=True)), (checked, meld)
    for seat, known in enumerate(getattr(deal, "known", ())):
        assert not Counter(known) - Counter(deal.hands[seat])
    assert deal.turns >= 0 and all(count >= 0 for count in getattr(deal, "buys", ()))


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False), edits=st.integers(1, 2))
def test_a_mutated_snapshot_is_refused_or_plays_on_with_every_card(
    rng: random.Random, edits: int
) -> None:
    data = json.loads(rng.choice(real_snapshots()))
    for _ in range(edits):
        mutate(data, rng)
    check_mutation(data, rng.randrange(2**16))


@pytest.mark.soak
def test_soak_ten_thousand_mutations() -> None:
    """10,000 mutations: 0 accepted that crash later or lose a card (``-m soak``)."""
    rng = random.Random(34)
    accepted = 0
    for index in range(10_000):
        data = json.loads(rng.choice(real_snapshots()))
        for _ in range(rng.randint(1, 2)):
            mutate(data, rng)
        accepted += check_mutation(data, index)
    print(f"10,000 mutations: {accepted} accepted, {10_000 - accepted} refused, 0 failures")
