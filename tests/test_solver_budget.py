"""The solver's budget bounds the candidate melds it makes, not only the search: the
audit's worst input (64 cards of two decks and four jokers, four wild ranks,
``group_max=None``) once listed millions of candidates (34-37 s, 1.9 GB) before the
search spent a node. Counted without a clock: no call makes more candidates than its
budget allows (``LISTED`` nodes each)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from rummykit import Contract, DeckSpec, MeldRules, Rank
from rummykit.errors import SolverBudgetError
from rummykit.solver import _search, arrangements, best_arrangement, can_meet, min_deadwood
from rummykit.solver._tables import LISTED

WILD = MeldRules(wild_ranks={Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}, group_max=None)
BUDGET = 20_000


class _TooManyError(Exception):
    pass


COMPILED = not str(_search.__file__).endswith(".py")
"""Whether the solver is the compiled build's (then the candidates cannot be counted by a
patch: the budget's bound is still checked, by the error)."""


def audit_hand(seed: int = 1) -> list[Any]:
    return random.Random(seed).sample(list(DeckSpec(decks=2, jokers=4).shoe()), 64)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the candidates the search makes; fail past what the budget allows."""
    made = [0]
    real: Callable[..., Any] = getattr(_search, "Candidate")  # noqa: B009 - not exported

    def candidate(*args: Any) -> Any:
        made[0] += 1
        if made[0] > BUDGET // LISTED + 1:
            raise _TooManyError(f"{made[0]} candidates made on a budget of {BUDGET} nodes")
        return real(*args)

    monkeypatch.setattr(_search, "Candidate", candidate)
    return made


@pytest.mark.parametrize(
    ("call", "contract"),
    [
        ("can_meet", "2G"),
        ("can_meet", "1G+1R"),
        ("best_arrangement", "3G"),
        ("arrangements", "2G+1R"),
        ("min_deadwood", None),
    ],
)
def test_the_audits_worst_input_stops_within_its_budget(
    counted: list[int], call: str, contract: str | None
) -> None:
    hand, rules = audit_hand(), WILD
    work: Callable[[], object] = {
        "can_meet": lambda: can_meet(hand, Contract.parse(str(contract)), rules, budget=BUDGET),
        "best_arrangement": lambda: best_arrangement(
            hand, Contract.parse(str(contract)), rules, budget=BUDGET
        ),
        "arrangements": lambda: list(
            arrangements(hand, Contract.parse(str(contract)), rules, budget=BUDGET)
        ),
        "min_deadwood": lambda: min_deadwood(hand, rules, budget=BUDGET),
    }[call]
    with pytest.raises(SolverBudgetError):
        work()
    if COMPILED:  # a compiled module calls its own Candidate: the patch counts nothing
        assert counted[0] == 0
        return
    assert 0 < counted[0] <= BUDGET // LISTED + 1
