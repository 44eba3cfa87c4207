"""The solver's budget against time and memory: normal calls, and the audit's worst input.

``--normal``: the total time of ``can_meet``, ``best_arrangement``, ``arrangements``
(listed whole) and ``min_deadwood`` on seeded 10-15-card two-deck hands with up to two
jokers, deuces wild or not, under May I?'s contracts (what bots ask in play); run it
under two checkouts in turn (``PYTHONPATH=<checkout>/src``) for a ratio.

``--worst``: one call on the audit's worst input (a 64-card hand of two decks and four
jokers, four wild ranks, ``group_max=None``), its time and the peak memory traced
(``tracemalloc``); ``/usr/bin/time -v`` gives the process's.

Run: python benchmarks/solver_budget.py --normal [--hands 3000]
     python benchmarks/solver_budget.py --worst [--seed 1] [--call can_meet]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from rummykit import Contract, DeckSpec, MeldRules, Rank
from rummykit.errors import SolverBudgetError
from rummykit.solver import arrangements, best_arrangement, can_meet, min_deadwood

CALLS = ("can_meet", "best_arrangement", "arrangements", "min_deadwood")
CONTRACTS = ("2G", "1G+1R", "2R", "3G", "2G+1R", "1G+2R", "3R")


def calls(hand: Any, contract: Contract, rules: MeldRules) -> dict[str, Callable[[], Any]]:
    """The four solver calls on one hand."""
    return {
        "can_meet": lambda: can_meet(hand, contract, rules),
        "best_arrangement": lambda: best_arrangement(hand, contract, rules),
        "arrangements": lambda: list(arrangements(hand, contract, rules)),
        "min_deadwood": lambda: min_deadwood(hand, rules),
    }


def normal(hands: int) -> None:
    rng = random.Random(34)
    shoe = list(DeckSpec(decks=2, jokers=2).shoe())
    plain, deuces = MeldRules(), MeldRules(wild_ranks={Rank.TWO})
    totals: dict[str, float] = {}
    for _ in range(hands):
        hand = rng.sample(shoe, rng.randint(10, 15))
        contract = Contract.parse(rng.choice(CONTRACTS))
        for name, call in calls(hand, contract, rng.choice((plain, deuces))).items():
            start = time.perf_counter()
            with contextlib.suppress(SolverBudgetError):
                call()
            totals[name] = totals.get(name, 0.0) + time.perf_counter() - start
    for name, seconds in totals.items():
        print(f"{name:18} {seconds:8.3f} s over {hands} hands")
    print(f"{'all':18} {sum(totals.values()):8.3f} s")


def worst(seed: int, call: str, contract: str) -> None:
    rules = MeldRules(wild_ranks={Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}, group_max=None)
    hand = random.Random(seed).sample(list(DeckSpec(decks=2, jokers=4).shoe()), 64)
    work = calls(hand, Contract.parse(contract), rules)[call]
    for traced in (False, True):  # timed alone, then again under tracemalloc
        if traced:
            tracemalloc.start()
        start = time.perf_counter()
        try:
            work()
            result = "answered"
        except SolverBudgetError:
            result = "SolverBudgetError"
        seconds = time.perf_counter() - start
        if traced:
            peak = tracemalloc.get_traced_memory()[1]
            print(f"{call} {contract} (seed {seed}): peak {peak / 1e6:.0f} MB traced")
        else:
            print(f"{call} {contract} (seed {seed}): {result} in {seconds:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--normal", action="store_true")
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--worst", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--call", default="can_meet", choices=sorted(CALLS))
    parser.add_argument("--contract", default="2G")
    args = parser.parse_args()
    if args.normal:
        normal(args.hands)
    if args.worst:
        worst(args.seed, args.call, args.contract)


if __name__ == "__main__":
    main()
