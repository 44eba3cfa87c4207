"""The solver's plan of a contract: what it asks under some rules, worked out once, and
the counting test that rejects most hands before any search (:func:`hopeless`).
"""

from __future__ import annotations

from typing import NamedTuple

from rummykit.contracts import Contract, Requirement, SameSuitRuns
from rummykit.melds import MeldKind, MeldRules
from rummykit.melds.windows import WindowTable
from rummykit.solver._search import Search
from rummykit.solver._tables import PER_CARDS, PER_WINDOW, Bounded

__all__ = ["PLANS", "Plan", "fewest_missing", "hopeless", "plan_for"]


class Plan(NamedTuple):
    """What a contract asks under some rules, worked out once."""

    slots: tuple[Requirement, ...]
    group_needs: tuple[int, ...]
    run_needs: tuple[int, ...]
    min_cards: int
    groups_only: bool
    """Exact, no runs, groups of distinct ranks: the largest group of a rank dominates."""
    mode: int
    """The candidate mode for one answer: runs' windows matter only for runs kept apart."""
    probe_slots: tuple[Requirement, ...]
    """The slots with runs first: runs are usually scarcer, so a search for any answer
    fails sooner in this order."""


PLANS = Bounded(scale=4)


def plan_for(contract: Contract, rules: MeldRules) -> Plan:
    """What ``contract`` asks under ``rules`` (remembered per pair)."""
    plan = PLANS.get((contract, rules))
    if plan is None:
        slots = contract.slots
        needs = {
            kind: tuple(sorted((s.size_for(rules) for s in slots if s.kind is kind), reverse=True))
            for kind in MeldKind
        }
        groups_only = (
            contract.exact
            and not needs[MeldKind.RUN]
            and (contract.distinct_ranks or len(needs[MeldKind.GROUP]) == 1)
        )
        apart = contract.same_suit_runs is SameSuitRuns.APART and len(needs[MeldKind.RUN]) > 1
        plan = Plan(
            slots,
            needs[MeldKind.GROUP],
            needs[MeldKind.RUN],
            contract.min_cards(rules),
            groups_only,
            PER_WINDOW if apart else PER_CARDS,
            tuple(s for s in slots if s.kind is MeldKind.RUN)
            + tuple(s for s in slots if s.kind is MeldKind.GROUP),
        )
        PLANS.put((contract, rules), plan)
    return plan  # type: ignore[return-value]


def fewest_missing(fewest: dict[int, int], table: WindowTable, size: int, mask: int) -> int:
    """The fewest ranks missing from ``mask`` in any run window of ``size`` (14: none)."""
    key = size << 13 | mask
    found = fewest.get(key)
    if found is None:
        if len(fewest) > 100_000:
            fewest.clear()
        found = fewest[key] = min(
            ((w.mask & ~mask).bit_count() for w in table.by_size[size]), default=14
        )
    return found


def hopeless(search: Search, plan: Plan, contract: Contract) -> bool:
    """True when counting alone shows the contract cannot be met (no search needed).

    Each required meld is paired with the rank or suit that needs the fewest wild cards,
    ignoring that melds may compete for the same cards, and every wild card counts both
    as itself and as wild: a necessary test.
    """
    wild = 0
    if search.ctx.wild_codes:
        wild = min(search.wild_supply(), search.max_wild * len(plan.slots))
    deficit = 0
    group_needs = plan.group_needs
    if group_needs:
        if search.rules.group_distinct_suits:
            c = search.counts
            ok = search.ctx.natural_ok
            have = [sum(1 for s in range(4) if c[13 * s + r] and ok[13 * s + r]) for r in range(13)]
        else:
            have = search.rank_counts[:]
        have.sort(reverse=True)
        if contract.distinct_ranks:
            if len(group_needs) > 13:
                return True
            for need, got in zip(group_needs, have, strict=False):
                if need > got:
                    deficit += need - got
            if deficit > wild:
                return True
        elif have[0] + wild < group_needs[-1]:
            return True
    run_needs = plan.run_needs
    if run_needs:
        size = run_needs[-1]
        if size > 13:
            return True
        fewest = search.ctx.fewest
        best = []
        for mask in search.masks:
            found = fewest.get(size << 13 | mask)
            if found is None:
                found = fewest_missing(fewest, search.table, size, mask)
            best.append(found)
        best.sort()
        if contract.same_suit_runs is SameSuitRuns.FORBIDDEN:
            if len(run_needs) > 4:
                return True
            deficit += sum(best[: len(run_needs)])
        else:
            deficit += best[0]
    return deficit > wild
