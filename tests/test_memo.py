"""The package's memos: one bounded type, one registry, one set of limits
(``rummykit._memo``)."""

from __future__ import annotations

import random
import sys
import threading
from typing import Any

import pytest

from rummykit import Contract, parse_cards
from rummykit._memo import _MEMOS, BoundedMemo
from rummykit.agents.distance import contract_distance
from rummykit.errors import ConfigError
from rummykit.games import MayI, Possession, Posso, PossoRules
from rummykit.kit.match import Match
from rummykit.presets import meld_rules
from rummykit.solver import (
    clear_memos,
    memo_limits,
    memo_sizes,
    min_deadwood,
    set_memo_limits,
)


def _play(match: Match[Any, Any], seed: int, decisions: int = 400) -> list[str]:
    """Random legal actions, seeded: the actions taken, as text."""
    rng = random.Random(seed)
    taken: list[str] = []
    while not match.is_over and len(taken) < decisions:
        action = rng.choice(match.legal_actions())
        taken.append(str(action))
        match.apply(action)
    return taken


def _matches(seed: int) -> list[Match[Any, Any]]:
    return [
        MayI().new_match(players=4, seed=seed),
        Posso(PossoRules(joker_count="players_minus_one")).new_match(players=4, seed=seed),
        Possession().new_match(players=2, seed=seed),
    ]


def _everything(seed: int) -> list[object]:
    """Seeded play of every shipped engine, the solver and the distance: what fills the
    memos."""
    found: list[object] = [_play(match, seed) for match in _matches(seed)]
    hand = parse_cards("7S 7H 7D 8S 9S 10S JS QS 2C JK")
    found.append(min_deadwood(hand, meld_rules("may-i")))
    found.append(contract_distance(hand, Contract.parse("1G+1R"), meld_rules("may-i")))
    return found


def test_a_full_memo_starts_afresh() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo("test", entries=8, shared=False)
    for key in range(8):
        assert memo.put(key, key * key) == key * key
    assert len(memo) == 8 and memo.get(7) == 49
    memo.put(8, 64)
    assert memo == {8: 64} and memo.get(0) is None
    with pytest.raises(ConfigError, match="give rules or entries"):
        BoundedMemo("both", rules=1, entries=1, shared=False)


def test_every_memo_of_the_package_is_registered() -> None:
    _everything(1)
    names = memo_sizes()
    assert len(names) == len(_MEMOS) >= 20
    assert len(set(names)) == len(names)  # one name each
    for name in ("solver contexts", "lay-offs", "distances", "posso live ranks", "plays"):
        assert names[name] > 0


def test_set_memo_limits_bounds_every_registered_memo() -> None:
    before = memo_limits()
    try:
        _everything(2)
        assert max(len(memo) for memo in _MEMOS) > 8
        set_memo_limits(rules=1, cache=8)
        for memo in _MEMOS:  # over the lowered caps: shrunk at once
            assert len(memo) <= memo.limit <= max(8, memo.rules)
        _everything(3)  # and kept there while playing on
        for memo in _MEMOS:
            assert len(memo) <= memo.limit, memo.name
        clear_memos()
        assert set(memo_sizes().values()) == {0}
    finally:
        set_memo_limits(rules=before.rules, cache=before.cache)


def test_clearing_and_capping_memos_under_threads_is_safe() -> None:
    """Four threads play and solve while another clears and caps the memos all the while:
    each gets the answers one thread gets alone, and no error."""
    before = memo_limits()
    expected = [_everything(seed) for seed in range(4)]
    results: dict[int, list[object]] = {}
    errors: list[BaseException] = []
    done = threading.Event()

    def work(seed: int) -> None:
        try:
            results[seed] = _everything(seed)
        except BaseException as error:  # pragma: no cover - the failure being tested
            errors.append(error)

    def churn() -> None:
        rng = random.Random(0)
        while not done.is_set():
            if rng.random() < 0.5:
                clear_memos()
            else:
                set_memo_limits(rules=rng.randint(1, 4), cache=rng.randint(1, 64))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        churner = threading.Thread(target=churn)
        churner.start()
        threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        done.set()
        churner.join()
    finally:
        sys.setswitchinterval(interval)
        set_memo_limits(rules=before.rules, cache=before.cache)
    assert not errors
    assert [results[seed] for seed in range(4)] == expected


def test_a_copied_or_pickled_memo_is_empty_and_its_own() -> None:
    import copy
    import pickle

    memo: BoundedMemo[int, int] = BoundedMemo("owned", entries=4, shared=False)
    memo.put(1, 1)
    for made in (copy.copy(memo), copy.deepcopy(memo), pickle.loads(pickle.dumps(memo))):
        assert isinstance(made, BoundedMemo) and made is not memo and not made
        assert (made.name, made.entries, made.limit) == ("owned", 4, 4)
        assert all(made is not shared for shared in _MEMOS)
    assert memo == {1: 1}


def test_a_memo_owned_by_an_object_keeps_to_a_lowered_limit_at_its_next_insert() -> None:
    before = memo_limits()
    memo: BoundedMemo[int, int] = BoundedMemo("owned", entries=100, shared=False)
    for key in range(100):
        memo.put(key, key)
    try:
        set_memo_limits(cache=8)
        assert len(memo) == 100  # not in the registry: not trimmed at once
        memo.put(100, 100)
        assert len(memo) <= 8 and memo.get(100) == 100
    finally:
        set_memo_limits(cache=before.cache)
