"""Simulation speed: heuristic May I? matches per second on one core and on a process
pool (the scaling ratio), and the search agent's time per decision (decisions with a
choice, over ``--decisions`` of them) with its default budget.

    python benchmarks/simulate.py [--matches 40] [--jobs 2] [--decisions 20]

Results are in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import platform
import random
import time
from concurrent.futures import ProcessPoolExecutor

from rummykit.agents import SearchAgent, decide, heuristic_agent
from rummykit.games import game
from rummykit.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=20)
    default = SearchAgent(heuristic_agent(game("may-i")))
    parser.add_argument("--simulations", type=int, default=default.simulations)
    parser.add_argument("--horizon", type=int, default=default.horizon)
    args = parser.parse_args()
    may_i = game("may-i")
    seats = ["heuristic"] * 4
    start = time.perf_counter()
    one = simulate(may_i, seats, matches=args.matches, seed=1)
    serial = time.perf_counter() - start
    # fresh workers ("spawn"): forked ones would inherit the memo tables the serial run
    # filled with these very hands and flatter the scaling
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=spawn) as executor:
        start = time.perf_counter()
        pooled = simulate(may_i, seats, matches=args.matches, seed=1, executor=executor)
        parallel = time.perf_counter() - start
    assert one == pooled
    agent = SearchAgent(heuristic_agent(may_i), simulations=args.simulations, horizon=args.horizon)
    match = may_i.new_match(players=4, seed=3)
    policy = heuristic_agent(may_i)
    rng = random.Random(3)
    searched = chosen = 0
    search_seconds = 0.0
    while searched < args.decisions and not match.is_over:
        seat = match.to_act
        assert seat is not None
        if seat == 0:
            start = time.perf_counter()
            action = decide(agent, match, seat, rng)
            seconds = time.perf_counter() - start
            if len(match.legal_actions()) > 1:  # a real choice, searched or not
                searched += 1
                search_seconds += seconds
                # its own generator: measuring must not change the search's draws
                chosen += action != policy.choose(match.view(seat), random.Random(0))
            match.apply(action)
        else:
            match.apply(policy.choose(match.view(seat), rng))
    print(
        json.dumps(
            {
                "machine": f"{platform.machine()} {platform.python_version()}",
                "matches": args.matches,
                "serial_matches_per_s": round(args.matches / serial, 2),
                "jobs": args.jobs,
                "pooled_matches_per_s": round(args.matches / parallel, 2),
                "scaling": round(serial / parallel, 2),
                "decisions_per_match": round(one.decisions_per_match, 1),
                "search_budget": {"simulations": args.simulations, "horizon": args.horizon},
                "search_decisions_per_s": (
                    round(searched / search_seconds, 2) if search_seconds else None
                ),
                "search_ms_per_decision": (
                    round(1000 * search_seconds / searched, 1) if searched else None
                ),
                "search_overruled_the_heuristic": chosen,
            }
        )
    )


if __name__ == "__main__":
    main()
