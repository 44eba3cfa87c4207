"""The shipped games play exactly as before a refactoring (see tests/fingerprint.py)."""

from __future__ import annotations

import pytest

from tests.fingerprint import CASES, fingerprint, stored


@pytest.mark.parametrize("case", sorted(CASES))
def test_seeded_random_play_is_unchanged(case: str) -> None:
    assert fingerprint(case, events=False) == stored()[f"{case}/decisions"]
    assert fingerprint(case) == stored()[case]
