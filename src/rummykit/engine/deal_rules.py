"""Per-deal rules: the engine options a schedule's deal sets over the table's.

A :class:`~rummykit.contracts.DealSpec` may set any deal-level engine option for its
deal (:data:`DEAL_OPTIONS`): Carioca's last deal, a 13-card run with no wild card, sets
``meld_rules = {jokers_allowed = false}``; a Shanghai hand sets its ``buy_limit``.
Options that shape the whole match (the shoe, the players, the ends, the ranking) are
not deal-level. The schedule holds the names and values as given; this module checks
them against the table's options when the table is made, and makes each deal's options.

>>> from rummykit import ContractSchedule
>>> from rummykit.contracts import DealSpec
>>> from rummykit.engine import TableOptions
>>> schedule = ContractSchedule(deals=(
...     DealSpec(contract=ContractSchedule.of("2G")[1].contract, hand_size=10),
...     DealSpec(contract=ContractSchedule.of("R8")[1].contract, hand_size=11,
...              options={"meld_rules": {"jokers_allowed": False}, "opening_points": 30}),
... ))
>>> table = TableOptions(schedule=schedule, jokers=2)
>>> last = deal_table(table, schedule[2])
>>> last.meld_rules.jokers_allowed, last.opening_points, table.meld_rules.jokers_allowed
(False, 30, True)
>>> TableOptions(schedule=attrs.evolve(schedule, deals=(
...     DealSpec(contract=schedule[1].contract, options={"decks": 3}),)))
Traceback (most recent call last):
...
rummykit.errors.ConfigError: deal 1 of the schedule sets decks, which is not a deal-level
option (the deal-level options: buy_limit, buy_penalty_per_card, dead_deal_scoring, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from rummykit.errors import ConfigError, RummyError

if TYPE_CHECKING:
    from rummykit.contracts.schedules import ContractSchedule, DealSpec
    from rummykit.engine.options import TableOptions
    from rummykit.melds import MeldRules

DEAL_OPTIONS: frozenset[str] = frozenset(
    {
        "meld_rules", "deal_packet_size", "initial_upcard", "may_discard_taken_card",
        "discard_pile_visible", "may_take_own_discard", "multi_take_mode",
        "buy_penalty_per_card", "single_card_rule", "penalty_draw_shortfall",
        "stock_exhaustion", "max_stock_refills", "max_turns_per_deal", "going_out_bonus",
        "dead_deal_scoring", "pile_take", "opening_points", "score_melded", "buy_limit",
    }
)  # fmt: skip
"""The engine options a schedule's deal may set for itself. The rest shape the match
(shoe, players, dealer, schedule, ends, ranking) or are the deal's own fields
(``hand_size``, ``discard_out``, ``whole_hand``)."""


def _listed() -> str:
    names = sorted(DEAL_OPTIONS)
    return ", ".join(names[:3]) + ", ..."


def deal_changes(table: TableOptions, spec: DealSpec, number: int) -> dict[str, Any]:
    """The options deal ``number`` (``spec``) changes, as values the table takes:
    ``meld_rules`` changes made into the table's meld rules with those fields changed.
    A name that is no deal-level option is a :class:`~rummykit.errors.ConfigError`."""
    changes: dict[str, Any] = {}
    for name, value in spec.options:
        if name not in DEAL_OPTIONS:
            raise ConfigError(
                f"deal {number} of the schedule sets {name}, which is not a deal-level "
                f"option (the deal-level options: {_listed()})"
            )
        if name == "meld_rules" and not attrs.has(type(value)):
            fields = dict(value) if isinstance(value, tuple) else value
            if not isinstance(fields, Mapping):
                raise ConfigError(
                    f"deal {number} of the schedule: meld_rules must be MeldRules or a "
                    f"mapping of the fields it changes, got {value!r}"
                )
            try:
                value = attrs.evolve(table.meld_rules, **fields)
            except TypeError:
                known = ", ".join(field.name for field in attrs.fields(type(table.meld_rules)))
                raise ConfigError(
                    f"deal {number} of the schedule: meld_rules has no field among "
                    f"{sorted(fields)} (its fields: {known})"
                ) from None
        changes[name] = value
    return changes


def deal_meld_rules(table: TableOptions, spec: DealSpec, number: int) -> MeldRules:
    """The meld rules of deal ``number`` (``spec``): the table's, or those it sets."""
    for name, _ in spec.options:
        if name == "meld_rules":
            rules: MeldRules = deal_changes(table, spec, number)["meld_rules"]
            return rules
    return table.meld_rules


def deal_table(table: TableOptions, spec: DealSpec, number: int = 0) -> TableOptions:
    """The engine's options in the deal ``spec`` (deal ``number``): ``table`` with the
    options the deal sets (the same value when it sets none); the schedule, and so each
    deal's hand size and going-out rule, stays the table's."""
    changes = deal_changes(table, spec, number)
    if not changes:
        return table
    try:
        return attrs.evolve(table, **changes)
    except RummyError as error:
        raise ConfigError(f"deal {number} of the schedule: {error.reason}") from None


def check_deal_options(table: TableOptions, schedule: ContractSchedule) -> None:
    """Refuse a schedule whose deals set an option that is not deal-level, or a value
    the option does not take (a :class:`~rummykit.errors.ConfigError` naming the deal)."""
    if not any(spec.options for spec in schedule):
        return
    for number, spec in enumerate(schedule, start=1):
        changes = deal_changes(table, spec, number)
        if not changes:
            continue
        try:  # the deal's own table, without the schedule (whose deals are checked here)
            attrs.evolve(
                table,
                schedule=None,
                per_player_contracts=False,
                hand_size=spec.hand_size,
                discard_out=spec.discard_out,
                **changes,
            )
        except RummyError as error:
            raise ConfigError(f"deal {number} of the schedule: {error.reason}") from None
