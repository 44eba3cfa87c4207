"""The solver's public functions: plain Python in both builds, checking their options
and handing the work to the solver's modules, which the compiled build compiles.

Compiled by mypyc, a function refuses a mistyped argument with a bare
:class:`TypeError` before its body runs, where the pure build reaches the body's own
check (``budget=1.5``: a :class:`~rummykit.errors.ConfigError`) or carries on
(``discard=1``). Here the options are checked first, so both builds refuse the same
inputs with the same typed errors (as :mod:`rummykit._boundary` does for other modules
with a decorator). The contract, the meld rules and the card values are checked for
their kind too (a :class:`~rummykit.errors.ConfigError` naming the argument, where the
work would fail on an attribute). The solver is asked many times a turn, so these are written out
rather than decorated: a call with its arguments by name costs less than the
decorator's ``*args, **options`` (a quarter of a compiled one-deck deadwood count), and the
work is called with its arguments in order. This module is never compiled.
"""

from __future__ import annotations

from collections.abc import Iterator

from rummykit._boundary import flag
from rummykit.cards import Card, CardsLike
from rummykit.contracts import Contract
from rummykit.errors import ConfigError, shown
from rummykit.melds import Meld, MeldRules
from rummykit.scoring import FACE_VALUES, CardValues
from rummykit.solver._arrange import solve_arrangements, solve_best, solve_can_meet, solve_parts
from rummykit.solver._build import Arrangement, MeldParts, hand_cards
from rummykit.solver._deadwood import solve_deadwood, solve_deadwood_value
from rummykit.solver._generic import (
    generic_arrangements,
    generic_best,
    generic_can_meet,
    generic_deadwood,
    needs_generic,
)
from rummykit.solver._search import DEFAULT_BUDGET, check_budget

_NO_CONTRACT = Contract.parse("1G")
"""Stands for the contract of the deadwood functions, which take none."""


def _check(
    contract: object,
    rules: object,
    values: object = FACE_VALUES,
    budget: object = DEFAULT_BUDGET,
    discard: object = False,
) -> None:
    """Refuse a contract, meld rules, card values, budget or ``discard`` flag of the wrong
    kind with a :class:`~rummykit.errors.ConfigError` naming the argument, before the work
    reads them (it would fail inside on an attribute; compiled, on its argument types)."""
    if discard is not False and discard is not True:
        flag("discard", discard)
    if budget is not DEFAULT_BUDGET:
        check_budget(budget)  # at the call, before anything is iterated
    if contract is not _NO_CONTRACT and not isinstance(contract, Contract):
        raise ConfigError(
            f"contract must be a Contract (Contract.parse('2G+1R')), got {shown(contract)}"
        )
    if not isinstance(rules, MeldRules):
        raise ConfigError(f"rules must be MeldRules, got {shown(rules)}")
    if not isinstance(values, CardValues):
        raise ConfigError(f"values must be CardValues, got {shown(values)}")


def can_meet(
    hand: CardsLike, contract: Contract, rules: MeldRules, *, budget: int | None = DEFAULT_BUDGET
) -> bool:
    """Whether ``hand`` holds melds that meet ``contract`` under ``rules``.

    ``budget`` bounds the work (nodes of search, :data:`~rummykit.solver.DEFAULT_BUDGET`
    unless given; ``None``: no bound): past it, a
    :class:`~rummykit.errors.SolverBudgetError`. So do the other solver functions.
    """
    _check(contract, rules, FACE_VALUES, budget)
    if needs_generic(contract, rules):
        return generic_can_meet(hand_cards(hand), contract, rules, budget)
    return solve_can_meet(hand, contract, rules, budget)


def best_arrangement(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    budget: int | None = DEFAULT_BUDGET,
) -> Arrangement | None:
    """The melds meeting ``contract`` that leave the fewest points in hand, or ``None``.

    For a contract that is a minimum (more melds allowed), further melds go down too
    where they lower the points left. ``budget`` bounds the work (see :func:`can_meet`).
    """
    _check(contract, rules, values, budget)
    if needs_generic(contract, rules):
        return generic_best(hand_cards(hand), contract, rules, values, budget)
    return solve_best(hand, contract, rules, values, budget)


def arrangements(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    budget: int | None = DEFAULT_BUDGET,
) -> Iterator[Arrangement]:
    """Every distinct arrangement meeting ``contract``, each once, lazily.

    Equal cards are interchangeable, so two arrangements differ only in what melds they
    lay down; two melds of the same cards differ when a wild card stands for another
    card. For a minimum contract, arrangements with further melds are included.
    ``budget`` bounds the work of the whole iteration (see :func:`can_meet`): the
    arrangements found before it is spent have been yielded when the error is raised.
    """
    _check(contract, rules, values, budget)  # at the call, before anything is iterated
    if needs_generic(contract, rules):
        return generic_arrangements(hand_cards(hand), contract, rules, values, budget)
    return solve_arrangements(hand, contract, rules, values, budget)


def arrangement_parts(
    hand: CardsLike,
    contract: Contract,
    rules: MeldRules,
    *,
    budget: int | None = DEFAULT_BUDGET,
) -> Iterator[tuple[tuple[MeldParts, ...], tuple[Card, ...]]]:
    """Every distinct arrangement meeting an exact ``contract`` in the cheap form an
    engine lists go-down actions from: the melds' parts and the cards left, no objects.

    The same arrangements, in the same order, as :func:`~rummykit.arrangements`, within
    the same ``budget``.
    """
    _check(contract, rules, FACE_VALUES, budget)
    if needs_generic(contract, rules):
        return (
            (tuple(_parts(meld) for meld in found.melds), found.left)
            for found in generic_arrangements(
                hand_cards(hand), contract, rules, FACE_VALUES, budget
            )
        )
    return solve_parts(hand, contract, rules, budget)


def min_deadwood_value(
    hand: CardsLike,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    discard: bool = False,
    budget: int | None = DEFAULT_BUDGET,
) -> int:
    """The points :func:`min_deadwood` leaves, without building the melds (for bots);
    one-deck hands without wild cards come from tables, with no search to budget.

    >>> from rummykit import AcePolicy, MeldRules, parse_cards
    >>> one_deck = MeldRules(run_min=3, ace=AcePolicy.LOW, jokers_allowed=False)
    >>> min_deadwood_value(parse_cards("AS 2S 3S 4S 7H 7D 7C KC QD 9H 5C"), one_deck,
    ...                    discard=True)
    24
    """
    _check(_NO_CONTRACT, rules, values, budget, discard)
    if needs_generic(None, rules):
        return generic_deadwood(hand_cards(hand), rules, values, discard, budget).left_value
    return solve_deadwood_value(hand, rules, values, discard, budget)


def min_deadwood(
    hand: CardsLike,
    rules: MeldRules,
    *,
    values: CardValues = FACE_VALUES,
    discard: bool = False,
    budget: int | None = DEFAULT_BUDGET,
) -> Arrangement:
    """Disjoint melds that leave the fewest points in hand: the least deadwood.

    The melds are listed groups first (by rank), then runs (by suit and low end).

    With ``discard``, one card is thrown away first, the one that leaves the least
    deadwood (a hand one card over before its discard, as when knocking); it is not in
    ``left``. ``budget`` bounds the search's work (nodes; ``None``: no bound), past
    which a :class:`~rummykit.errors.SolverBudgetError` is raised.

    >>> from rummykit import AcePolicy, MeldRules, parse_cards
    >>> one_deck = MeldRules(run_min=3, ace=AcePolicy.LOW, jokers_allowed=False)
    >>> result = min_deadwood(parse_cards("AS 2S 3S 4S 7H 7D 7C KC QD 9H"), one_deck)
    >>> result.melds, result.left_value
    ((Meld.parse('7H 7D 7C'), Meld.parse('AS 2S 3S 4S')), 29)
    """
    _check(_NO_CONTRACT, rules, values, budget, discard)
    if needs_generic(None, rules):
        return generic_deadwood(hand_cards(hand), rules, values, discard, budget)
    return solve_deadwood(hand, rules, values, discard, budget)


def _parts(meld: Meld) -> MeldParts:
    """A meld as :data:`~rummykit.solver.MeldParts`: its cards and each wild card's role."""
    return meld.cards, tuple(
        meld.role(index) if meld.is_wild_at(index) else None for index in range(len(meld))
    )
