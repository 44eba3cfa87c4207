"""Simulation speed: heuristic May I? matches per second on one core and on a process
pool (the scaling ratio), and the search agent's CPU time per decision with its default
budget: seat 0 of ``--search-matches`` seeded May I? matches against three heuristics,
its own decisions with a choice only (``time.thread_time``, so the other sessions on a
shared machine count less), and a fingerprint of those decisions (equal before and after
a change that should not change them).

    python benchmarks/simulate.py [--matches 40] [--jobs 2] [--search-matches 2]
        [--simulations S] [--candidates C] [--horizon H]
        [--prune P | --no-prune] [--prune-after R] [--draws]

``--no-prune --draws`` is the search as it was before pruning (every candidate every
round, the choice of pile searched too).

Results are in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import platform
import random
import time
from concurrent.futures import ProcessPoolExecutor

from rummykit import game
from rummykit.agents import SearchAgent, decide, heuristic_agent
from rummykit.simulate import simulate


def search_cost(agent: SearchAgent, matches: int) -> dict[str, object]:
    """Seat 0 played by ``agent`` against three heuristics in ``matches`` seeded May I?
    matches: CPU milliseconds per decision of its own with a choice, how often it
    overruled the heuristic, and a fingerprint of all its decisions."""
    may_i = game("may-i")
    policy = heuristic_agent(may_i)
    digest = hashlib.sha256()
    searched = overruled = 0
    seconds = 0.0
    for seed in range(1, matches + 1):
        match = may_i.new_match(players=4, seed=seed)
        rng, search_rng = random.Random(seed), random.Random(seed + 1000)
        while not match.is_over:
            seat = match.to_act
            if seat is None:
                match.apply(match.legal_actions()[0])
            elif seat == 0:
                start = time.thread_time()
                action = decide(agent, match, seat, search_rng)
                spent = time.thread_time() - start
                if len(match.legal_actions()) > 1:  # a real choice, searched or not
                    searched += 1
                    seconds += spent
                    # its own generator: measuring must not change the search's draws
                    overruled += action != policy.choose(match.view(seat), random.Random(0))
                digest.update(str(action).encode())
                match.apply(action)
            else:
                match.apply(policy.choose(match.view(seat), rng))
    return {
        "search_decisions": searched,
        "search_cpu_ms_per_decision": round(1000 * seconds / searched, 2) if searched else None,
        "search_overruled_the_heuristic": overruled,
        "search_fingerprint": digest.hexdigest()[:16],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--search-matches", type=int, default=2)
    default = SearchAgent(heuristic_agent(game("may-i")))
    parser.add_argument("--simulations", type=int, default=default.simulations)
    parser.add_argument("--candidates", type=int, default=default.candidates)
    parser.add_argument("--horizon", type=int, default=default.horizon)
    parser.add_argument("--prune", type=float, default=default.prune)
    parser.add_argument("--no-prune", dest="prune", action="store_const", const=None)
    parser.add_argument("--prune-after", type=int, default=default.prune_after)
    parser.add_argument("--draws", action="store_true", help="search the choice of pile too")
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
    agent = SearchAgent(
        heuristic_agent(may_i),
        simulations=args.simulations,
        candidates=args.candidates,
        horizon=args.horizon,
        prune=args.prune,
        prune_after=args.prune_after,
        draws=args.draws,
    )
    search = search_cost(agent, args.search_matches)
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
                "search_budget": {
                    "simulations": args.simulations,
                    "candidates": args.candidates,
                    "horizon": args.horizon,
                    "prune": args.prune,
                    "prune_after": args.prune_after,
                    "draws": args.draws,
                },
                **search,
            }
        )
    )


if __name__ == "__main__":
    main()
