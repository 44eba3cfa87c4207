"""Every option of May I? (MAYI-18) as one frozen rules object, defaults from the spec.

The engine's options are one field, ``table``, declared with May I?'s defaults and
clauses in :data:`MAY_I_TABLE`; the game's own options are the other fields. Both are
named flat: ``MayIRules.of(jokers=2, claim_order="next_player_first")``,
``rules.with_options(tie_break="most_times_out")``, ``game("may-i", jokers=2)``,
``--option jokers=2``.

>>> from rummykit.games import MayIRules
>>> from rummykit.games.may_i.rules import TurnAfterBuy
>>> rules = MayIRules()
>>> rules.turn_after_buy, rules.table.buy_penalty_per_card, rules.meld_rules().ace
('buyer_left', 1, <AcePolicy.WRAP: 'wrap'>)
>>> rules.turn_after_buy is TurnAfterBuy.BUYER_LEFT
True
>>> us = MayIRules.of(jokers=2, wild_ranks=["2"], ace="high", max_buys_per_deal=3)
>>> us.meld_rules().validate("JK 2C 9S 9H")
Traceback (most recent call last):
...
rummykit.errors.InvalidMeldError: a meld may hold at most 1 wild card, got 2
>>> us.meld_rules().validate("QS KS AS 2C")
Meld.parse('2C(JS) QS KS AS')

Choice options are :class:`~rummykit.kit.options.Choice` enums that take their strings too;
true/false options take only real booleans; options that contradict each other or the
schedule are refused with the reason:

>>> from rummykit import ContractSchedule
>>> MayIRules(set_distinct_suits=True, contract_schedule=ContractSchedule.of("G5", "2R"))
Traceback (most recent call last):
...
rummykit.errors.ConfigError: set_distinct_suits=True allows groups of at most 4 cards,
but deal 1's contract G5 needs a group of 5

The schedule owns its going-out-by-discarding flags and hand size unless
``discard_out_forbidden_deals`` or ``deal_hand_size`` is given (then that option applies
to every deal):

>>> mine = ContractSchedule.of("2G", "3R", discard_out_forbidden=[])
>>> [deal.discard_out for deal in MayIRules(contract_schedule=mine).schedule()]
[True, True]
>>> ruled = MayIRules(contract_schedule=mine, discard_out_forbidden_deals=["last"])
>>> [deal.discard_out for deal in ruled.schedule()]
[True, False]
"""

from __future__ import annotations

from collections.abc import Iterable
from os import PathLike
from typing import Any, ClassVar

import attrs

from rummykit.cards import Rank
from rummykit.contracts import Contract
from rummykit.contracts.schedules import ContractSchedule
from rummykit.engine.options import TableOptions, short_shoe
from rummykit.engine.table import TableRules, TableSpec
from rummykit.errors import ConfigError, shown
from rummykit.games.may_i.data import MAY_I_MELDS, SCHEDULES
from rummykit.kit.options import (
    Choice,
    boolean,
    check_dealer_seat,
    deal_list,
    schedule_option,
    schedule_value,
    whole,
)
from rummykit.melds import AcePolicy, MeldKind, MeldRules, WildLimit
from rummykit.scoring import CardValues

__all__ = ["MAY_I_TABLE", "ClaimOrder", "NextPlayerRefusal", "TurnAfterBuy"]


class ClaimOrder(Choice):
    """MAYI-9.3: collect "May I?" requests first, or let P1 take the card first."""

    REQUESTS_FIRST = "requests_first"
    NEXT_PLAYER_FIRST = "next_player_first"


class TurnAfterBuy(Choice):
    """MAYI-9.8: who plays after a buy."""

    BUYER_LEFT = "buyer_left"
    RESUME_NORMAL = "resume_normal"


class NextPlayerRefusal(Choice):
    """MAYI-9.9: what P1's refusal gives them."""

    TAKE_NO_DISCARD = "take_no_discard"
    NORMAL_TURN = "normal_turn"


def _rank_values(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    items = tuple(value) if isinstance(value, list | tuple) else ()
    if len(items) != 13 or not all(
        isinstance(item, int) and not isinstance(item, bool) and 0 <= item <= 1000 for item in items
    ):
        raise ConfigError(
            "rank_values must be 13 whole numbers from 0 to 1000, ace first (A 2 3 ... K), "
            f"got {shown(value)}"
        )
    return items


def _deals(value: Iterable[int | str] | str | None) -> tuple[int | str, ...] | None:
    return deal_list("discard_out_forbidden_deals")(value)


def _schedule(value: str | PathLike[str] | ContractSchedule) -> str | ContractSchedule:
    return schedule_option(value, schedules=SCHEDULES)


def _ace(value: Any) -> AcePolicy | None:
    if value is None or isinstance(value, AcePolicy):
        return value
    try:
        return AcePolicy(value)
    except ValueError:
        known = ", ".join(repr(policy.value) for policy in AcePolicy)
        raise ConfigError(f"ace must be one of {known}, got {value!r}") from None


def _ranks(value: Any) -> tuple[Rank, ...]:
    if isinstance(value, str | int | Rank):
        value = [value]
    ranks: set[Rank] = set()
    try:
        for item in value:
            if isinstance(item, str):
                item = _RANK_BY_SYMBOL[item.strip().upper()]
            if isinstance(item, bool):
                raise ValueError
            ranks.add(Rank(item))
    except (KeyError, TypeError, ValueError):
        raise ConfigError(f"wild_ranks must be ranks such as ['2'] or [2], got {value!r}") from None
    return tuple(sorted(ranks))


def _optional_boolean(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    """true, false or ``None``."""
    if value is not None:
        boolean(instance, attribute, value)


_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank} | {"T": Rank.TEN}


MAY_I_TABLE = TableSpec(
    settable={
        "player_count_range": (
            (3, 5),
            "MAYI-1.1",
            "how many players (3-5; 002's data line allows 2-5), within 2-8.",
        ),
        "decks": (
            2,
            "MAYI-2.1",
            "52-card decks in the shoe (two in the reference game; house rules): 1-8, or "
            "by player count, e.g. {3: 2, 5: 3} (two decks from three players, three from "
            "five).",
        ),
        "jokers": (
            0,
            "MAYI-2.2",
            "jokers in the shoe (none in the reference game): 0-24, or by player count as "
            "decks ({3: 4, 5: 6}).",
        ),
        "first_dealer": (
            "random",
            "MAYI-4.3",
            "random, high_card_draw or a fixed seat (below the most players).",
        ),
        "dealer_rotation": ("left", "MAYI-4.4"),
        "deal_packet_size": (
            1,
            "MAYI-5.2",
            "cards dealt at a time (1-11); every hand size must be a multiple of it.",
        ),
        "initial_upcard": (False, "MAYI-5.5"),
        "may_discard_taken_card": (False, "MAYI-7.5c"),
        "discard_pile_visible": ("all", "MAYI-8.2"),
        "may_take_own_discard": (False, "MAYI-8.4"),
        "multi_take_mode": ("contiguous", "MAYI-9.8"),
        "buy_penalty_per_card": (1, "MAYI-7.3c, 9.8, 9.9"),
        "single_card_rule": ("keep_two", "MAYI-13.3"),
        "penalty_draw_shortfall": ("skip", "MAYI-14.3"),
        "stock_exhaustion": ("reshuffle", "MAYI-14.1-14.2"),
        "max_stock_refills": (10, "MAYI-14.4"),
        "max_turns_per_deal": (1000, "MAYI-14.5"),
        "going_out_bonus": (20, "MAYI-15.1"),
        "dead_deal_scoring": ("penalties", "MAYI-15.4"),
        "winner_metric": ("net", "MAYI-16.3"),
        "tie_break": ("shared", "MAYI-16.4"),
        "buys_carry_over": (
            False,
            "MAYI-9.11",
            "the buys a player leaves unused under max_buys_per_deal (or a deal's own "
            "buy_limit) are added to their allowance in the next deal (Shanghai).",
        ),
        "pile_take": (
            "penalty",
            "MAYI-9.8",
            "several pile cards: penalty (MAYI-9.8), off (the top card only) or "
            "meld_deepest (no penalty, a discard after it, the deepest card melded).",
        ),
        "opening_points": (0, "MAYI-11", "a house rule: the go-down is worth this many points."),
        "score_melded": (False, "MAYI-15", "a house rule: melded cards score for their player."),
        "per_player_contracts": (
            False,
            "MAYI-4",
            "a house rule: each player moves to the next contract when they have gone down.",
        ),
        "score_limit": (0, "MAYI-16", "a house rule: the match ends at this many penalty points."),
        "target_score": (0, "MAYI-16", "a house rule: the match ends at this net total."),
        "max_deals": (100, "MAYI-16", "the most deals where a score or the contracts end it."),
    },
    derived={
        "buy_limit": "max_buys_per_deal",
        "card_values": "rank_values, joker_value",
        "meld_rules": "ace, wraparound_runs, wild_ranks, wild_as_natural, max_wilds_per_meld, "
        "min_run_length, set_distinct_suits, decks, jokers",
        "schedule": "contract_schedule, discard_out_forbidden_deals, deal_hand_size",
        "deal_count": "contract_schedule",
        "hand_size": "contract_schedule, deal_hand_size",
        "discard_out": "contract_schedule, discard_out_forbidden_deals",
    },
)
"""May I?'s engine options: those players set, with May I?'s defaults and clauses, and
those its rules make from options of their own (the schedule, meld rules and card
values)."""


@attrs.frozen(kw_only=True)
class MayIRules(TableRules):
    """The options of MAYI-18: the engine's in
    :attr:`~rummykit.engine.table.TableRules.table` (declared with their defaults and
    clauses by :data:`MAY_I_TABLE`), May I?'s own as the fields below, each docstring
    naming its clause.

    >>> rules = MayIRules(claim_order="next_player_first").with_options(decks={3: 2, 5: 3})
    >>> rules.claim_order, rules.table.decks.at(5), rules.table_options().decks.at(5)
    ('next_player_first', 3, 3)
    """

    table_spec: ClassVar[TableSpec] = MAY_I_TABLE

    joker_value: int = attrs.field(default=20, validator=whole(0))
    """MAYI-2.2: what a joker left in hand costs."""
    rank_values: tuple[int, ...] | None = attrs.field(default=None, converter=_rank_values)
    """MAYI-3 (house rules): what each rank left in hand costs, 13 numbers from the ace
    to the king; ``None``: MAYI-3's (ace 15, 2-9 their number, 10-K 10)."""
    deal_hand_size: int | None = attrs.field(default=None, validator=whole(1, 30, optional=True))
    """MAYI-5.2, 17.2: cards each in every deal; ``None`` takes the schedule's (10, or 11
    in six deals)."""
    contract_schedule: str | ContractSchedule = attrs.field(
        default="standard_five", converter=_schedule
    )
    """MAYI-4.2, 17: ``standard_five`` (or ``may-i``), ``six_deal`` (or ``may-i-six``),
    any :class:`~rummykit.ContractSchedule`, or a path to a TOML schedule (loaded at once)."""
    claim_order: ClaimOrder = attrs.field(default=ClaimOrder.REQUESTS_FIRST, converter=ClaimOrder)
    """MAYI-9.3: collect requests first, or let P1 take the card as their draw first."""
    buy_turn_allows_melding: bool = attrs.field(default=True, validator=boolean)
    """MAYI-9.8 step 4: a buy turn (and a refusal take) has a meld step."""
    turn_after_buy: TurnAfterBuy = attrs.field(
        default=TurnAfterBuy.BUYER_LEFT, converter=TurnAfterBuy
    )
    """MAYI-9.8: the buyer's left neighbour plays next, or the turn order is unchanged."""
    refuser_may_take_extra: bool = attrs.field(default=True, validator=boolean)
    """MAYI-9.7c: a forced buyer may take cards under the disputed one."""
    next_player_refusal: NextPlayerRefusal = attrs.field(
        default=NextPlayerRefusal.TAKE_NO_DISCARD, converter=NextPlayerRefusal
    )
    """MAYI-9.9: P1's refusal take, or an ordinary turn with the card as their draw."""
    claim_window_after_buy: bool = attrs.field(default=False, validator=boolean)
    """MAYI-9.10: a window opens after a turn with no discard."""
    max_buys_per_deal: int | None = attrs.field(default=None, validator=whole(0, optional=True))
    """MAYI-9.11: buys a player may make in a deal (``None``: no limit)."""
    set_distinct_suits: bool = attrs.field(default=False, validator=boolean)
    """MAYI-10.2: a group may not hold two equal cards (so it has at most 4)."""
    wraparound_runs: bool | None = attrs.field(default=None, validator=_optional_boolean)
    """MAYI-10.4: runs may turn the corner K-A-2 (``None``: as ``ace`` says, and the
    reference game wraps)."""
    ace: AcePolicy | None = attrs.field(default=None, converter=_ace)
    """MAYI-10.4 (house rules): where the ace sits in a run — ``"wrap"`` (K-A-2),
    ``"low_or_high"``, ``"low"`` or ``"high"``; ``None`` follows ``wraparound_runs``."""
    wild_ranks: tuple[Rank, ...] = attrs.field(default=(), converter=_ranks)
    """MAYI-2.2 (house rules): ranks that are wild besides the jokers, e.g. ``["2"]``."""
    wild_as_natural: bool = attrs.field(default=True, validator=boolean)
    """MAYI-2.2 (house rules): a wild-rank card may also play as itself where it fits."""
    max_wilds_per_meld: int | None = attrs.field(default=1, validator=whole(1, optional=True))
    """MAYI-2.2 (house rules): wild cards (jokers and wild ranks) a meld may hold
    (``None``: any number, as long as natural cards are not outnumbered)."""
    min_run_length: int = attrs.field(default=4, validator=whole(2, 13))
    """MAYI-10.3: the shortest run."""
    contract_all_at_once: bool = attrs.field(default=True, validator=boolean)
    """MAYI-11.3: the contract goes down in one meld step."""
    layoff_requires_contract: bool = attrs.field(default=True, validator=boolean)
    """MAYI-12.1: only a player whose contract is down lays off."""
    layoff_same_turn_as_contract: bool = attrs.field(default=True, validator=boolean)
    """MAYI-12.1: ... including the meld step in which it goes down."""
    discard_out_forbidden_deals: tuple[int | str, ...] | None = attrs.field(
        default=None, converter=_deals
    )
    """MAYI-13.2, 17.4: deals in which going out by discarding is banned: deal numbers,
    ``first``, ``last``, ``all``. ``None`` keeps the schedule's own flags (the built-in
    schedules ban it in the last deal); a list replaces them in every deal."""

    def __attrs_post_init__(self) -> None:
        wrap = self.wraparound_runs
        if self.ace is not None and wrap is not None and (self.ace is AcePolicy.WRAP) != wrap:
            raise ConfigError(
                f"ace={self.ace.value!r} and wraparound_runs={self.wraparound_runs} "
                "contradict each other (MAYI-10.4): give one of them"
            )
        table = self.table
        check_dealer_seat(table.first_dealer, table.player_count_range)
        fewest, most = table.player_count_range
        for option, counts, high, clause in (
            ("decks", table.decks, 8, "MAYI-2.1"),
            ("jokers", table.jokers, 24, "MAYI-2.2"),
        ):
            if not all(count <= high for _, count in counts.steps):
                raise ConfigError(
                    f"{option} must be from {1 if option == 'decks' else 0} to {high} for "
                    f"every player count, got {shown(counts.json_value())}",
                    rule=clause,
                )
        if table.deal_packet_size > 11:
            raise ConfigError(
                "deal_packet_size must be a whole number from 1 to 11, "
                f"got {table.deal_packet_size}",
                rule="MAYI-5.2",
            )
        schedule = self.schedule()
        rules = self.meld_rules()
        for number, deal in enumerate(schedule, start=1):
            if deal.hand_size % table.deal_packet_size:
                raise ConfigError(
                    f"deal {number}: hand size {deal.hand_size} is not a multiple of "
                    f"deal_packet_size {table.deal_packet_size}"
                )
            short = short_shoe(
                (fewest, most), table.decks, table.jokers, deal.hand_size, table.initial_upcard
            )
            if short is not None:
                players, dealt, shoe = short
                raise ConfigError(
                    f"deal {number}: {players} hands of {deal.hand_size} need {dealt} "
                    f"cards, but the shoe holds {shoe} (player_count_range "
                    f"{fewest}-{most}; decks, jokers)"
                )
            if deal.whole_hand and not self.contract_all_at_once:
                raise ConfigError(
                    f"deal {number} is laid down whole (whole_hand), which needs "
                    "contract_all_at_once=True"
                )
            for item in deal.contract.requirements:
                _check_fits(item.kind, item.size_for(rules), rules, number, deal.contract, self)
        self.table_options()  # the engine's own checks (each deal's options, meetable)

    def schedule(self) -> ContractSchedule:
        """The contract schedule as played: ``contract_schedule`` with this game's
        ``discard_out_forbidden_deals`` and ``deal_hand_size`` where they are given."""
        base = schedule_value(self.contract_schedule, schedules=SCHEDULES)
        if self.discard_out_forbidden_deals is not None:
            try:
                base = base.with_discard_out_forbidden(self.discard_out_forbidden_deals)
            except ConfigError as error:
                raise ConfigError(f"discard_out_forbidden_deals: {error.reason}") from None
        if self.deal_hand_size is not None:
            hand = self.deal_hand_size
            base = attrs.evolve(
                base, deals=tuple(attrs.evolve(deal, hand_size=hand) for deal in base)
            )
        return base

    def meld_rules(self) -> MeldRules:
        """MAYI-10 with these options (jokers as POSSO-11, MAYI-2.2)."""
        jokers, decks = self.table.jokers.most, self.table.decks.most
        return attrs.evolve(
            MAY_I_MELDS,
            ace=self.ace_policy(),
            jokers_allowed=bool(jokers or self.wild_ranks),
            wild_ranks=frozenset(self.wild_ranks),
            wild_as_natural=self.wild_as_natural,
            max_jokers_per_meld=self.max_wilds_per_meld,
            wild_limit=WildLimit.NONE
            if self.max_wilds_per_meld is not None
            else WildLimit.AT_MOST_NATURALS,
            run_min=self.min_run_length,
            group_distinct_suits=self.set_distinct_suits,
            group_max=4 if self.set_distinct_suits else 4 * decks + (1 if jokers else 0),
        )

    def ace_policy(self) -> AcePolicy:
        """The ace policy in force: ``ace``, else ``wraparound_runs`` (MAYI-10.4)."""
        if self.ace is not None:
            return self.ace
        return AcePolicy.LOW_OR_HIGH if self.wraparound_runs is False else AcePolicy.WRAP

    def card_values(self) -> CardValues:
        """MAYI-3 (or ``rank_values``), with ``joker_value``."""
        ranks = self.rank_values or (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
        return CardValues(ranks=ranks, joker=self.joker_value)

    def table_options(self) -> TableOptions:
        """The engine's options: :attr:`~rummykit.engine.table.TableRules.table`,
        with the card values (MAYI-3), meld rules (MAYI-10) and schedule (MAYI-17)
        these rules make."""
        return attrs.evolve(
            self.table,
            card_values=self.card_values(),
            meld_rules=self.meld_rules(),
            schedule=self.schedule(),
            buy_limit=self.max_buys_per_deal,
        )

    def contract(self, deal: int) -> Contract:
        """The contract of deal ``deal`` (1-based)."""
        return self.schedule()[deal].contract


def _check_fits(
    kind: MeldKind, need: int, rules: MeldRules, deal: int, contract: Contract, options: MayIRules
) -> None:
    """A contract line must be possible under the meld rules the options make."""
    if kind is MeldKind.GROUP:
        most = rules.group_max
        if most is not None and need > most:
            why = (
                "set_distinct_suits=True allows groups of at most 4 cards"
                if options.set_distinct_suits
                else f"groups hold at most {most} cards ({options.table.decks.most} decks"
                + (" and a joker)" if options.table.jokers.most else ")")
            )
            raise ConfigError(
                f"{why}, but deal {deal}'s contract {contract.notation} needs a group of {need}"
            )
    elif need > rules.run_max:
        raise ConfigError(
            f"runs hold at most {rules.run_max} cards, but deal {deal}'s contract "
            f"{contract.notation} needs a run of {need}"
        )
