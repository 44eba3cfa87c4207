"""Fit the search's leaf value ``"expected"`` (``LeafModel`` in ``src/rummykit/agents/_leaf.py``):
what the rest of a May I? deal costs each seat, by least squares over heuristic play.

    python benchmarks/search_leaf_fit.py [--matches 200] [--seed 99] [--every 7]

Four heuristics play seeded matches; at every ``--every``-th decision each seat's
position is recorded (cards missing for the contract, points and cards in hand, the
stock, the seats down) with what that seat's deal finally cost it (its net total before
the deal minus after: penalty minus bonus). Seats not down and seats down are fitted
apart, on the features ``LeafModel.cost`` uses; the
coefficients are printed in the order of the model's fields, then the fit on each half of
the positions (how stable it is) and ``R^2``. The defaults of ``LeafModel`` are this
script's output for ``--matches 200 --seed 99 --every 7`` (compiled build).
"""

from __future__ import annotations

import argparse
import random

from rummykit import game
from rummykit.agents import ContractAgent, heuristic_agent
from rummykit.agents.distance import contract_distance
from rummykit.contracts import Contract
from rummykit.deck import make_rng

UP = [
    "base",
    "per_point",
    "per_missing",
    "per_missing_late",
    "late",
    "per_down_seat",
    "per_point_down_seat",
    "per_missing_down_seat",
]
DOWN = ["down_base", "down_per_card", "down_late", "down_per_down_seat", "down_per_point_down_seat"]
FULL_STOCK = 60.0

Row = tuple[list[float], float]


def features(points: int, cards: int, missing: int | None, late: float, down: int) -> list[float]:
    """The regressors of one seat position, in the order of the model's fields."""
    if missing is None:
        return [1.0, cards, late, down, points * down]
    return [1.0, points, missing, missing * late, late, down, points * down, missing * down]


def positions(matches: int, seed: int, every: int) -> tuple[list[Row], list[Row]]:
    """The recorded positions of seats not down and of seats down."""
    may_i = game("may-i")
    agent = heuristic_agent(may_i)
    assert isinstance(agent, ContractAgent)
    generator = make_rng(seed)
    up: list[Row] = []
    down_rows: list[Row] = []
    for _ in range(matches):
        match_seed = generator.randrange(2**31)
        match = may_i.new_match(players=4, seed=match_seed)
        rng = random.Random(match_seed)
        pending: list[tuple[int, list[float], bool]] = []
        deal, before, step = match.deal_number, match.net_totals, 0
        while True:
            if match.is_over or match.deal_number != deal:
                after = match.net_totals
                for seat, row, is_down in pending:
                    (down_rows if is_down else up).append((row, before[seat] - after[seat]))
                if match.is_over:
                    break
                pending, deal, before = [], match.deal_number, after
            actor = match.to_act
            legal = match.legal_actions()
            if actor is None:
                match.apply(legal[0])
                continue
            step += 1
            contract = match.contract
            if step % every == 0 and isinstance(contract, Contract):
                down = match.deal.down
                late = max(0.0, 1 - len(match.stock.cards) / FULL_STOCK)
                count = sum(1 for d in down if d)
                for seat, hand in enumerate(match.hands):
                    missing = None if down[seat] else contract_distance(hand, contract, agent.rules)
                    points = agent.values.hand_value(list(hand))
                    row = features(points, len(hand), missing, late, count)
                    pending.append((seat, row, bool(down[seat])))
            match.apply(legal[0] if len(legal) == 1 else agent.choose(match.view(actor), rng))
    return up, down_rows


def least_squares(rows: list[Row]) -> list[float]:
    """The coefficients minimising the squared error (normal equations, Gauss-Jordan)."""
    size = len(rows[0][0])
    a = [[0.0] * (size + 1) for _ in range(size)]
    for x, y in rows:
        for i in range(size):
            for j in range(size):
                a[i][j] += x[i] * x[j]
            a[i][size] += x[i] * y
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col:
                factor = a[r][col] / a[col][col]
                a[r] = [v - factor * p for v, p in zip(a[r], a[col], strict=True)]
    return [a[i][size] / a[i][i] for i in range(size)]


def r_squared(rows: list[Row], w: list[float]) -> float:
    """The share of the cost's variance the fit explains."""
    ys = [y for _, y in rows]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    residual = sum((y - sum(a * b for a, b in zip(x, w, strict=True))) ** 2 for x, y in rows)
    return 1 - residual / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--every", type=int, default=7)
    args = parser.parse_args()
    up, down = positions(args.matches, args.seed, args.every)
    for name, names, rows in (("not down", UP, up), ("down", DOWN, down)):
        w = least_squares(rows)
        print(f"{name}: {len(rows)} positions, R^2 {r_squared(rows, w):.3f}")
        for field, value in zip(names, w, strict=True):
            print(f"  {field} = {value:.2f}")
        half = len(rows) // 2
        for part in (rows[:half], rows[half:]):
            print("  half:", " ".join(f"{v:.2f}" for v in least_squares(part)))


if __name__ == "__main__":
    main()
