"""Other people's expectations: 582 cases from three public rummy engines' test suites.

Every case rummykit's presets can express must agree; the rest are out of scope for a
stated reason. The counts are reported in benchmarks/README.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests import peer_cases


@pytest.fixture(scope="module")
def verdicts() -> list[tuple[dict[str, object], str, str]]:
    return [(case, *peer_cases.judge(case)) for case in peer_cases.cases()]


def test_there_are_582_cases(verdicts: list[tuple[dict[str, object], str, str]]) -> None:
    assert len(verdicts) == 582


def test_every_expressible_case_agrees(verdicts: list[tuple[dict[str, object], str, str]]) -> None:
    disagreements = [
        (case["source"], case["check"], reason)
        for case, verdict, reason in verdicts
        if verdict == peer_cases.DISAGREE
    ]
    assert disagreements == []


def test_agreement_counts(verdicts: list[tuple[dict[str, object], str, str]]) -> None:
    counts = Counter((case["rules"], verdict) for case, verdict, _ in verdicts)
    assert counts[("mayi-house", peer_cases.AGREE)] == 417
    assert counts[("cts-can-i-have-that", peer_cases.AGREE)] == 71
    assert counts[("cgu-rummy", peer_cases.AGREE)] == 58
    out_of_scope = {reason for _, verdict, reason in verdicts if verdict == peer_cases.OUT}
    assert all(reason for reason in out_of_scope)
    # The solver handles wild deuces: cards-ts' contract searches are all judged.
    assert counts[("cts-can-i-have-that", peer_cases.OUT)] == 14
    assert not any("solver" in reason for reason in out_of_scope)
