"""Adversarial inputs (issue 25): how long the library takes to answer a hostile player.

Meld validation under deuces wild with many deuces (the full search built all ``2**n``
readings), and the refusals of text, records and schedules built to hurt: Unicode and
huge numbers, multi-megabyte actions, deep JSON and TOML. Then the work a hand built to
hurt costs: ``legal_actions()`` of 31 cards with eight jokers under
``max_wilds_per_meld=None`` (bounded by ``MAX_LISTED_GO_DOWNS``) and the solver's worst
cases under its default budget (a ``SolverBudgetError`` in about a second), and with
``--unbounded`` also without the budget (``budget=None``: each runs for minutes, as
before the budget). Each line is the fastest of ``--repeat`` runs, in milliseconds, with
the answer given.

Run: python benchmarks/adversarial.py [--repeat 3] [--before OLD/src [--before-max 16]]
[--unbounded]

``--before`` also times meld validation on an older checkout (``git worktree add OLD
<commit>``, or ``git archive``) in a subprocess, once per case, for deuce counts up to
``--before-max`` (each extra deuce doubles the old cost: 16 took seconds, 20 a minute).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from rummykit import (
    AcePolicy,
    Card,
    Contract,
    ContractSchedule,
    DeckSpec,
    MeldKind,
    MeldRules,
    Rank,
    RummyError,
    best_arrangement,
    game,
    min_deadwood,
    parse_cards,
)
from rummykit.kit import Position, parse_action
from rummykit.records import loads

RULES = {
    "deuces wild": MeldRules(wild_ranks=[Rank.TWO]),
    "deuces wild, groups of 8": MeldRules(wild_ranks=[Rank.TWO], group_max=8),
}


def deuces(count: int) -> str:
    """``count`` deuces of all four suits, as notation."""
    return " ".join((["2C", "2D", "2H", "2S"] * (count // 4 + 1))[:count])


def timed(call: Callable[[], object], repeat: int) -> tuple[float, str]:
    """The fastest of ``repeat`` calls in milliseconds, and what the call answered."""
    best = float("inf")
    answer = ""
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            result = call()
            if type(result) is int:
                answer = f"{result} legal actions"
            else:
                answer = "accepted" if result is not False else "refused"
        except RummyError as error:
            answer = f"{type(error).__name__}"
        best = min(best, time.perf_counter() - start)
    return best * 1000, answer


def validation_cases(counts: list[int]) -> list[tuple[str, Callable[[], object]]]:
    cases: list[tuple[str, Callable[[], object]]] = []
    for name, rules in RULES.items():
        for count in counts:
            cards = parse_cards(deuces(count))
            cases.append((f"{name}: validate {count} deuces", partial(rules.validate, cards)))
            cases.append(
                (f"{name}: {count} deuces as a run", partial(rules.accepts, cards, MeldKind.RUN))
            )
    one_group = Contract.parse("1G")
    capped = RULES["deuces wild, groups of 8"]
    cards = parse_cards(deuces(22))
    cases.append(
        ("Contract.check of 22 deuces (groups of 8)", lambda: one_group.check([cards], capped))
    )
    return cases


def refusal_cases() -> list[tuple[str, Callable[[], object]]]:
    match = game("may-i").new_match(players=4, seed=1)
    huge = "9" * 4301
    long = "x" * 3_000_000
    deep = "[" * 100_000 + "]" * 100_000
    return [
        ("apply('take ²')", lambda: match.apply("take ²")),
        ("can_apply('layoff 5H -> ¹')", lambda: match.can_apply("layoff 5H -> ¹")),
        ("apply('take ' + 4,301 digits)", lambda: match.apply(f"take {huge}")),
        ("parse_action(3 MB)", lambda: parse_action(f"take {long}")),
        ("Contract.parse(4,301-digit count)", lambda: Contract.parse(huge + "G")),
        ("records.loads(100,000-deep JSON)", lambda: loads(deep)),
        ("records.loads(4,301-digit number)", lambda: loads(huge)),
        ("records.loads(bad bytes)", lambda: loads(b"\xff\xfe")),
        (
            "records.loads(schedule path in rules)",
            lambda: loads(
                json.dumps(
                    {
                        "format": "rummykit-record",
                        "version": 1,
                        "game": "may-i",
                        "rules": {"contract_schedule": "../../app/secrets.toml"},
                        "players": 3,
                        "seed": 1,
                        "actions": [],
                    }
                )
            ),
        ),
        (
            "loads_toml(40,000-deep array)",
            lambda: ContractSchedule.loads_toml("a = " + "[" * 40_000 + "]" * 40_000),
        ),
        ("loads_toml(deal = [1, 2])", lambda: ContractSchedule.loads_toml("deal = [1, 2]")),
    ]


def hurting_hand(count: int) -> list[Card]:
    """``count`` natural cards of two decks (shuffled with seed 1) and eight jokers."""
    naturals = list(DeckSpec(decks=2, jokers=0).shoe())
    random.Random(1).shuffle(naturals)
    return naturals[:count] + list(parse_cards(" ".join(["JK"] * 8)))


def listing_match(deal: int) -> Any:
    """May I? with eight jokers, no cap on wild cards per meld, seat A to meld with 31
    cards (23 naturals and the eight jokers) in deal ``deal``."""
    definition = game("may-i", max_wilds_per_meld=None, jokers=8)
    shoe = sorted(definition.new_match(players=3, seed=0).spec.shoe(), key=lambda c: c.code)
    jokers = [card for card in shoe if card.is_joker]
    naturals = [card for card in shoe if not card.is_joker]
    random.Random(3).shuffle(naturals)
    hand, others = naturals[:23] + jokers, naturals[23:]
    position = Position(
        hands=(tuple(hand), tuple(others[:11]), tuple(others[11:22])),
        stock=tuple(others[23:]),
        pile=((others[22], 1),),
        dealer=2,
        to_act=0,
        deal=deal,
    )
    match = definition.new_match(players=3, seed=0, position=position)
    match.apply("draw")
    return match


def work_cases(unbounded: bool) -> list[tuple[str, Callable[[], object]]]:
    """The listing and the solver under hands built to hurt."""
    cases: list[tuple[str, Callable[[], object]]] = []
    for deal in (1, 2, 3, 5):
        match = listing_match(deal)
        contract = match.deal.contract

        def listing(match: Any = match) -> object:  # a clone lists its actions afresh
            return len(match.clone().legal_actions())

        cases.append((f"legal_actions(), 31 cards with 8 jokers, {contract}", listing))
    wild = MeldRules(ace=AcePolicy.WRAP, max_jokers_per_meld=None)
    loose = Contract(requirements=Contract.parse("3G+3R").requirements, exact=False)
    budgets: list[int | None] = [None] if unbounded else []
    for budget in [DEFAULT, *budgets]:
        label = "default budget" if budget == DEFAULT else "no budget"
        kwargs: dict[str, Any] = {} if budget == DEFAULT else {"budget": None}
        cases.append(
            (
                f"best_arrangement 3G+3R (a minimum), 30 cards + 8 jokers, {label}",
                partial(best_arrangement, hurting_hand(30), loose, wild, **kwargs),
            )
        )
        cases.append(
            (
                f"min_deadwood, 40 cards + 8 jokers, {label}",
                partial(min_deadwood, hurting_hand(40), wild, **kwargs),
            )
        )
    return cases


DEFAULT = 0
"""Stands for the solver's default budget in :func:`work_cases`."""


def before(source: str, counts: list[int], repeat: int) -> dict[str, str]:
    """Time validation on an older checkout (its ``src``) in a subprocess."""
    code = (
        "import sys, time\n"
        "from rummykit import MeldRules, Rank, RummyError\n"
        "from rummykit.cards import parse_cards\n"
        f"rules = {{'deuces wild': MeldRules(wild_ranks=[Rank.TWO]), "
        f"'deuces wild, groups of 8': MeldRules(wild_ranks=[Rank.TWO], group_max=8)}}\n"
        f"for name, r in rules.items():\n"
        f"    for n in {counts!r}:\n"
        f"        cards = parse_cards(' '.join((['2C','2D','2H','2S'] * (n // 4 + 1))[:n]))\n"
        f"        best = float('inf')\n"
        f"        for _ in range({repeat}):\n"
        f"            t = time.perf_counter()\n"
        f"            try:\n"
        f"                r.validate(cards)\n"
        f"            except RummyError:\n"
        f"                pass\n"
        f"            best = min(best, time.perf_counter() - t)\n"
        f"        print(f'{{name}}: validate {{n}} deuces\\t{{best * 1000:.1f}}')\n"
    )
    env = dict(os.environ, PYTHONPATH=source)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return dict(line.split("\t") for line in done.stdout.splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", metavar="OLD/src")
    parser.add_argument("--before-max", type=int, default=16)
    parser.add_argument("--unbounded", action="store_true", help="also time budget=None")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}, best of {args.repeat}")
    counts = [8, 12, 16, 20, 22, 26, 40]
    old = {}
    if args.before:
        old = before(args.before, [n for n in counts if n <= args.before_max], 1)
    print("\n| input | answer | ms | before (ms) |\n|---|---|---|---|")
    for label, call in validation_cases(counts):
        ms, answer = timed(call, args.repeat)
        print(f"| {label} | {answer} | {ms:.2f} | {old.get(label, '')} |")
    print("\n| hostile input | answer | ms |\n|---|---|---|")
    for label, call in refusal_cases():
        ms, answer = timed(call, args.repeat)
        print(f"| {label} | {answer} | {ms:.2f} |")
    print("\n| work built to hurt | answer | ms |\n|---|---|---|")
    for label, call in work_cases(args.unbounded):
        ms, answer = timed(call, 1 if "no budget" in label else args.repeat)
        print(f"| {label} | {answer} | {ms:.0f} |")


if __name__ == "__main__":
    main()
