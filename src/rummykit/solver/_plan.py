"""The solver's plan of a contract: what it asks under some rules, worked out once, and
the counting test that rejects most hands before any search (:func:`hopeless`).
"""

from __future__ import annotations

from typing import Final, final

from rummykit._compiled import Native
from rummykit._memo import BoundedMemo
from rummykit.contracts import Contract, Requirement, SameSuitRuns
from rummykit.melds import MeldKind, MeldRules
from rummykit.melds.windows import WindowTable
from rummykit.solver._search import Search
from rummykit.solver._tables import BIT_COUNT, GROUP, PER_CARDS, PER_WINDOW, RUN

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final

FORBIDDEN: Final = 0
ALLOWED: Final = 1
APART: Final = 2
"""The contract's :class:`~rummykit.contracts.SameSuitRuns` as :attr:`Plan.suit_runs`
numbers it."""
_SUIT_RUNS: Final = {
    SameSuitRuns.FORBIDDEN: FORBIDDEN,
    SameSuitRuns.ALLOWED: ALLOWED,
    SameSuitRuns.APART: APART,
}


@final
class Slots(Native):
    """Required melds one by one, as numbers: each slot's kind (``GROUP`` or ``RUN``) and
    least size (0: the rules' own minimum). Two slots are alike when both match."""

    def __init__(self, slots: tuple[Requirement, ...]) -> None:
        self.kinds = tuple(GROUP if s.kind is MeldKind.GROUP else RUN for s in slots)
        self.sizes = tuple(s.min_size or 0 for s in slots)
        self.count = len(slots)


@final
class Plan(Native):
    """What a contract asks under some rules, worked out once: the slots and the
    contract's flags as numbers, which the search reads at every node."""

    def __init__(self, contract: Contract, rules: MeldRules) -> None:
        slots = contract.slots
        kinds = (MeldKind.GROUP, MeldKind.RUN)
        needs = [
            tuple(sorted((s.size_for(rules) for s in slots if s.kind is kind), reverse=True))
            for kind in kinds
        ]
        self.slots = Slots(slots)
        self.group_needs = needs[GROUP]
        self.run_needs = needs[RUN]
        self.min_cards = contract.min_cards(rules)
        self.groups_only = (
            contract.exact
            and not needs[RUN]
            and (contract.distinct_ranks or len(needs[GROUP]) == 1)
        )
        """Exact, no runs, groups of distinct ranks: the largest group of a rank dominates."""
        apart = contract.same_suit_runs is SameSuitRuns.APART and len(needs[RUN]) > 1
        self.mode = PER_WINDOW if apart else PER_CARDS
        """The candidate mode for one answer: runs' windows matter only for runs kept
        apart."""
        probe = tuple(s for s in slots if s.kind is MeldKind.RUN) + tuple(
            s for s in slots if s.kind is MeldKind.GROUP
        )
        self.probe_slots = Slots(probe)
        """The slots with runs first: runs are usually scarcer, so a search for any answer
        fails sooner in this order."""
        self.reordered = probe != slots
        self.exact = contract.exact
        self.distinct = contract.distinct_ranks
        self.suit_runs = _SUIT_RUNS[contract.same_suit_runs]
        self.runs_apart = contract.runs_apart


PLANS: Final = BoundedMemo[tuple[Contract, MeldRules], "Plan"]("solver plans", rules=4)
_BY_ID: Final = BoundedMemo[tuple[int, int], tuple[Contract, MeldRules, "Plan"]](
    "solver plans by identity", rules=4
)
"""``(contract, rules, plan)`` again by the identities of the contract and rules: found
without hashing the two attrs values (a Python call each). The entry holds both, so
while it is here no other object can take their identities."""


def plan_for(contract: Contract, rules: MeldRules) -> Plan:
    """What ``contract`` asks under ``rules`` (remembered per pair: the same objects are
    found by identity, equal ones by value)."""
    key = (id(contract), id(rules))
    found = _BY_ID.get(key)
    if found is not None and found[0] is contract and found[1] is rules:
        return found[2]
    plan = PLANS.get((contract, rules))
    if plan is None:
        plan = PLANS.put((contract, rules), Plan(contract, rules))
    _BY_ID.put(key, (contract, rules, plan))
    return plan


def fewest_missing(fewest: BoundedMemo[int, int], table: WindowTable, size: int, mask: int) -> int:
    """The fewest ranks missing from ``mask`` in any run window of ``size`` (14: none)."""
    key = size << 13 | mask
    found = fewest.get(key)
    if found is None:
        found = fewest.put(
            key, min((BIT_COUNT[w.mask & ~mask] for w in table.by_size[size]), default=14)
        )
    return found


def hopeless(search: Search, plan: Plan) -> bool:
    """True when counting alone shows the contract cannot be met (no search needed).

    Each required meld is paired with the rank or suit that needs the fewest wild cards,
    ignoring that melds may compete for the same cards, and every wild card counts both
    as itself and as wild: a necessary test.
    """
    ctx = search.ctx
    wild = 0
    if ctx.wild_codes:
        wild = min(search.wild_supply(), search.max_wild * plan.slots.count)
    deficit = 0
    group_needs = plan.group_needs
    if group_needs:
        if ctx.group_distinct:
            c = search.counts
            ok = ctx.natural_ok
            have = [sum(1 for s in range(4) if c[13 * s + r] and ok[13 * s + r]) for r in range(13)]
        else:
            have = search.rank_counts
        if plan.distinct:
            if len(group_needs) > 13:
                return True
            have = sorted(have)  # the most held last
            top = 12  # the largest needs against the most held ranks, in order
            for need in group_needs:
                got = have[top]
                top -= 1
                if need > got:
                    deficit += need - got
            if deficit > wild:
                return True
        elif max(have) + wild < group_needs[-1]:
            return True
    run_needs = plan.run_needs
    if run_needs:
        size = run_needs[-1]
        if size > 13:
            return True
        fewest = ctx.fewest
        best: list[int] = []
        for mask in search.masks:
            found = fewest.get(size << 13 | mask)
            if found is None:
                found = fewest_missing(fewest, search.table, size, mask)
            best.append(found)
        if plan.suit_runs == FORBIDDEN:
            if len(run_needs) > 4:
                return True
            best.sort()
            for index in range(len(run_needs)):
                deficit += best[index]
        else:
            deficit += min(best)
    return deficit > wild
