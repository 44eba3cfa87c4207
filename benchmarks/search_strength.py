"""The search bot's strength: its win share against three heuristics in seeded May I?
matches, each seat's share with its 95 % (Wilson) interval, and the CPU milliseconds a
decision of the search seat takes (its decisions with a choice, ``time.thread_time``, so
the other work of a shared machine counts less).

    python benchmarks/search_strength.py [--matches 100] [--processes 2] [--seed 2026]
        [--seat 0] [--option NAME=VALUE ...] [--bot heuristic] [--json] [--results FILE]
        [--skip N]
    python benchmarks/search_strength.py --time-only [--matches 8] [--variant OPTIONS ...]

``--option`` sets a :class:`~rummykit.agents.SearchAgent` option (``simulations=10``,
``candidates=2``, ``horizon=20``, ``objective=mean``, ``prune=none`` …); ``--bot
heuristic`` seats a heuristic where the search bot would sit (the par of that seat on the
same deals). The matches are those of ``rummykit simulate may-i --bots
search,heuristic,heuristic,heuristic -n N --seed S`` (the same seeds and generator), so
the win shares equal that command's; the budget is counted in rollouts, so they are equal
in both builds too, and only the milliseconds differ.

``--time-only`` times the search alone: it plays the first ``--matches`` deals in this
process, each ``--variant`` (comma-separated ``NAME=VALUE`` options added to ``--option``;
``default`` for none) in turn deal by deal, so every variant meets the same load, and
prints each one's CPU milliseconds a decision with a choice and the load average. A few
deals say nothing of strength. The search's preset budgets are ``default`` and ``fast``
(:meth:`~rummykit.agents.SearchAgent.fast`): ``--variant default --variant fast``.

Results are in benchmarks/README.md ("Search bot strength").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rummykit import game
from rummykit.agents import Agent, SearchAgent, decide, heuristic_agent
from rummykit.agents.search import FAST
from rummykit.deck import make_rng
from rummykit.simulate import wilson_interval

PLAYERS = 4


def value_of(text: str) -> Any:
    """An option's value from text: a whole number, a number, a bool, ``none``, or text."""
    lowered = text.strip().lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip()


def make_bot(
    bot: str, options: dict[str, Any], policy_options: dict[str, Any] | None = None
) -> Agent:
    """The agent for the searched seat: the search bot with ``options``, or the heuristic;
    ``policy_options`` are :class:`~rummykit.agents.ContractAgent` options of the seat's
    heuristic (the search's policy)."""
    policy = heuristic_agent(game("may-i"), **(policy_options or {}))
    if bot == "heuristic":
        return policy
    return SearchAgent(policy, **options)


def play_matches(
    job: tuple[str, dict[str, Any], dict[str, Any], int, list[int], bool],
) -> list[dict[str, Any]]:
    """Play the matches of ``seeds`` with ``bot`` in seat ``seat`` and heuristics in the
    others (as :func:`rummykit.simulate.play_one` does: one generator per match), saying
    each result on stderr with ``progress``."""
    bot, options, policy_options, seat_of_bot, seeds, progress = job
    may_i = game("may-i")
    agents = [heuristic_agent(may_i) for _ in range(PLAYERS)]
    agents[seat_of_bot] = make_bot(bot, options, policy_options)
    results = []
    for seed in seeds:
        match = may_i.new_match(players=PLAYERS, seed=seed)
        rng = random.Random(seed ^ 0x5EED)
        spent = 0.0
        decisions = 0
        while not match.is_over:
            seat = match.to_act
            if seat is None:
                match.apply(match.legal_actions()[0])
                continue
            if seat != seat_of_bot:
                match.apply(decide(agents[seat], match, seat, rng))
                continue
            choice = len(match.legal_actions()) > 1
            start = time.thread_time()
            action = decide(agents[seat], match, seat, rng)
            if choice:
                spent += time.thread_time() - start
                decisions += 1
            match.apply(action)
        outcome = match.outcome
        assert outcome is not None
        if progress:
            print(
                f"match {seed}: winners {outcome.winners}, scores {match.scores}, "
                f"{spent:.3f} s CPU for {decisions} decisions of seat {seat_of_bot}",
                file=sys.stderr,
                flush=True,
            )
        results.append(
            {
                "seed": seed,
                "winners": list(outcome.winners),
                "scores": list(match.scores),
                "seconds": spent,
                "decisions": decisions,
            }
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--processes", type=int, default=2, help="at most 2 on a shared machine")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seat", type=int, default=0, help="the searched seat")
    parser.add_argument("--bot", choices=("search", "heuristic"), default="search")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a search option"
    )
    parser.add_argument(
        "--policy-option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of the seat's heuristic (ContractAgent: buy_gain=2 …)",
    )
    parser.add_argument(
        "--skip",
        type=int,
        default=0,
        help="leave out the first N of the matches (a run resumed or split: the same seeds)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--progress", action="store_true", help="each match's winners on stderr")
    parser.add_argument(
        "--results", metavar="FILE", help="write each match's result as a JSON line (paired runs)"
    )
    parser.add_argument(
        "--time-only",
        action="store_true",
        help="time the variants on the first --matches deals in this process (no win shares)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="OPTIONS",
        help="with --time-only: NAME=VALUE,... added to --option, or default, or fast",
    )
    args = parser.parse_args()
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name.strip().replace("-", "_")] = value_of(value)
    policy_options = {}
    for item in args.policy_option:
        name, _, value = item.partition("=")
        policy_options[name.strip().replace("-", "_")] = value_of(value)
    bot = make_bot(args.bot, options, policy_options)  # a bad option fails here
    rng = make_rng(args.seed)
    seeds = [rng.randrange(2**31) for _ in range(args.matches)][args.skip :]
    if args.time_only:
        time_only(args.bot, options, policy_options, args.seat, seeds, args.variant or ["default"])
        return
    size = max(1, -(-len(seeds) // (4 * args.processes)))
    jobs = [
        (args.bot, options, policy_options, args.seat, seeds[i : i + size], args.progress)
        for i in range(0, len(seeds), size)
    ]
    start = time.perf_counter()
    if args.processes <= 1:
        parts = list(map(play_matches, jobs))
    else:
        with ProcessPoolExecutor(max_workers=args.processes) as executor:
            parts = list(executor.map(play_matches, jobs))
    wall = time.perf_counter() - start
    results = [result for part in parts for result in part]
    if args.results:
        with open(args.results, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(result) + "\n" for result in results)
    wins = [0.0] * PLAYERS
    for result in results:
        for seat in result["winners"]:
            wins[seat] += 1 / len(result["winners"])
    count = len(results)
    leads = [
        r["scores"][args.seat]
        - statistics.fmean(x for s, x in enumerate(r["scores"]) if s != args.seat)
        for r in results
    ]
    lead = (
        [
            round(statistics.fmean(leads), 1),
            round(1.96 * statistics.stdev(leads) / len(leads) ** 0.5, 1),
        ]
        if len(leads) >= 2
        else None
    )
    decisions = sum(result["decisions"] for result in results)
    seconds = sum(result["seconds"] for result in results)
    report = {
        "machine": f"{platform.machine()} {platform.python_version()}",
        "compiled": _compiled(),
        "bot": args.bot,
        "budget": {
            name: getattr(bot, name)
            for name in ("simulations", "candidates", "horizon", "objective", "prune")
            if hasattr(bot, name)
        }
        | options
        | {f"policy.{name}": value for name, value in policy_options.items()},
        "seat": args.seat,
        "matches": count,
        "seed": args.seed,
        "win_share": [round(w / count, 4) for w in wins] if count else [],
        "win_interval": [wilson_interval(w, count) for w in wins],
        "mean_scores": [
            round(sum(r["scores"][s] for r in results) / count, 1) if count else 0.0
            for s in range(PLAYERS)
        ],
        "lead_over_others": lead,
        "decisions_with_a_choice": decisions,
        "cpu_ms_per_decision": round(1000 * seconds / decisions, 2) if decisions else None,
        "wall_seconds": round(wall, 1),
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['machine']}, compiled: {report['compiled']}, budget: {report['budget']}")
    print(f"{count} matches from seed {args.seed}, {args.bot} in seat {args.seat}:")
    for seat in range(PLAYERS):
        low, high = report["win_interval"][seat]
        who = args.bot if seat == args.seat else "heuristic"
        print(
            f"  seat {seat} ({who}): {100 * wins[seat] / max(count, 1):.1f} % "
            f"(95 % {100 * low:.1f}-{100 * high:.1f} %), mean score {report['mean_scores'][seat]}"
        )
    if lead is not None:
        print(f"  seat {args.seat}'s score minus the others' mean: {lead[0]} (± {lead[1]})")
    print(
        f"  {report['cpu_ms_per_decision']} ms CPU a decision of seat {args.seat} "
        f"({decisions} with a choice); {report['wall_seconds']} s wall"
    )


def variant_options(variant: str) -> dict[str, Any]:
    """The options a ``--variant`` adds: ``default`` none, ``fast`` those of
    :meth:`~rummykit.agents.SearchAgent.fast`, else ``NAME=VALUE`` pairs, comma-separated."""
    if variant.strip() == "default":
        return {}
    if variant.strip() == "fast":
        return dict(FAST)
    options = {}
    for item in variant.split(","):
        name, _, value = item.partition("=")
        options[name.strip().replace("-", "_")] = value_of(value)
    return options


def time_only(
    bot: str,
    options: dict[str, Any],
    policy_options: dict[str, Any],
    seat: int,
    seeds: list[int],
    variants: list[str],
) -> None:
    """Play ``seeds`` with each of ``variants`` in turn, deal by deal, in this process, and
    print each variant's CPU ms a decision with a choice."""
    added = [variant_options(variant) for variant in variants]
    for extra in added:
        make_bot(bot, options | extra, policy_options)  # a bad option fails before any play
    spent = [0.0] * len(variants)
    decisions = [0] * len(variants)
    for seed in seeds:
        for index, extra in enumerate(added):
            (result,) = play_matches((bot, options | extra, policy_options, seat, [seed], False))
            spent[index] += result["seconds"]
            decisions[index] += result["decisions"]
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"{platform.machine()} {platform.python_version()}, compiled: {_compiled()}, "
        f"the first {len(seeds)} deals from seed {seeds[0] if seeds else '-'}, load {load}"
    )
    for variant, seconds, count in zip(variants, spent, decisions, strict=True):
        per = 1000 * seconds / count if count else float("nan")
        print(f"  {variant}: {per:.2f} ms CPU a decision ({count} with a choice)")


def _compiled() -> bool:
    """Whether the engine's compiled modules are loaded (an extension, not a .py file)."""
    from rummykit.engine import moves

    return not str(getattr(moves, "__file__", "")).endswith(".py")


if __name__ == "__main__":
    main()
