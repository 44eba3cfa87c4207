"""Every option of May I? (MAYI-18) as one frozen rules object, defaults from the spec.

>>> from rummykit.games import MayIRules
>>> from rummykit.games.may_i.rules import TurnAfterBuy
>>> rules = MayIRules()
>>> rules.turn_after_buy, rules.buy_penalty_per_card, rules.meld_rules().ace
('buyer_left', 1, <AcePolicy.WRAP: 'wrap'>)
>>> rules.turn_after_buy is TurnAfterBuy.BUYER_LEFT
True
>>> us = MayIRules(joker_count=2, wild_ranks=["2"], ace="high", max_buys_per_deal=3)
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
``discard_out_forbidden_deals`` or ``hand_size`` is given (then that option applies to
every deal):

>>> mine = ContractSchedule.of("2G", "3R", discard_out_forbidden=[])
>>> [deal.discard_out for deal in MayIRules(contract_schedule=mine).schedule()]
[True, True]
>>> ruled = MayIRules(contract_schedule=mine, discard_out_forbidden_deals=["last"])
>>> [deal.discard_out for deal in ruled.schedule()]
[True, False]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from os import PathLike
from typing import Any, ClassVar

import attrs

from rummykit.cards import Rank
from rummykit.contracts import Contract
from rummykit.contracts.schedules import ContractSchedule
from rummykit.engine.options import (
    DealEndOptions,
    DealerRotation,
    DiscardPileVisible,
    MultiTakeMode,
    PenaltyDrawShortfall,
    PerPlayers,
    SingleCardRule,
    TableOptions,
    short_shoe,
)
from rummykit.errors import ConfigError, shown
from rummykit.games.may_i.data import MAY_I_MELDS, SCHEDULES
from rummykit.kit.options import (
    Choice,
    FirstDealer,
    boolean,
    check_dealer_seat,
    deal_list,
    first_dealer,
    player_range,
    schedule_option,
    schedule_value,
    whole,
)
from rummykit.melds import AcePolicy, MeldKind, MeldRules, WildLimit
from rummykit.scoring import CardValues

__all__ = ["ClaimOrder", "NextPlayerRefusal", "PerPlayerCount", "TurnAfterBuy"]


class ClaimOrder(Choice):
    """MAYI-9.3: collect "May I?" requests first, or let P1 take the card first."""

    REQUESTS_FIRST = "requests_first"
    NEXT_PLAYER_FIRST = "next_player_first"


class TurnAfterBuy(Choice):
    """MAYI-9.8: who plays after a buy."""

    BUYER_LEFT = "buyer_left"
    RESUME_NORMAL = "resume_normal"


class NextPlayerRefusal(Choice):
    """MAYI-9.9: what P1's refusal gives him."""

    TAKE_NO_DISCARD = "take_no_discard"
    NORMAL_TURN = "normal_turn"


PerPlayerCount = int | tuple[tuple[int, int], ...]
"""A count that may depend on the number of players, as a rules option holds it: one
whole number, or (from this many players on, this count) pairs, fewest players first."""


def per_player_count(option: str, low: int, high: int) -> Any:
    """An attrs converter for ``decks`` and ``joker_count``: a whole number, a mapping
    ``{players: count}`` (keys may be digit strings, as in JSON) or a list of
    ``[players, count]`` pairs, each count within ``low``-``high``; a number is kept
    as a number, a mapping as sorted pairs (so it survives a record, and the rules
    check its player counts against ``player_count_range``).

    >>> decks = per_player_count("decks", 1, 8)
    >>> decks(2), decks({"3": 2, "5": 3}), decks([[3, 2], [5, 3]])
    (2, ((3, 2), (5, 3)), ((3, 2), (5, 3)))
    >>> decks({3: 0})
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: decks must be from 1 to 8 for every player count, got {3: 0}
    """

    def convert(value: Any) -> PerPlayerCount:
        given = value
        if isinstance(value, list | tuple) and all(
            isinstance(pair, list | tuple) and len(pair) == 2 for pair in value
        ):
            value = dict(value) if len({pair[0] for pair in value}) == len(value) else None
        try:
            steps = PerPlayers.of(value, option=option).steps
        except (ConfigError, TypeError):
            raise ConfigError(
                f"{option} must be a whole number or a mapping {{players: {option}}} such as "
                f"{{3: 2, 5: 3}}, got {shown(given)}"
            ) from None
        if not all(low <= count <= high for _, count in steps):
            raise ConfigError(
                f"{option} must be from {low} to {high} for every player count, got {shown(given)}"
            )
        if len(steps) == 1 and steps[0][0] == 0:  # a plain number
            return steps[0][1]
        return steps

    return convert


def by_players(value: PerPlayerCount) -> PerPlayers:
    """A converted ``decks`` or ``joker_count`` value as the engine's
    :class:`~rummykit.engine.options.PerPlayers`."""
    return PerPlayers(value) if isinstance(value, tuple) else PerPlayers.of(value)


def _decks(value: Any) -> PerPlayerCount:
    return per_player_count("decks", 1, 8)(value)  # type: ignore[no-any-return]


def _jokers(value: Any) -> PerPlayerCount:
    return per_player_count("joker_count", 0, 24)(value)  # type: ignore[no-any-return]


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


def _players(value: Any) -> tuple[int, int]:
    return player_range(2, 8)(value)


def _first_dealer(value: str | int) -> FirstDealer | int:
    return first_dealer(FirstDealer.RANDOM, FirstDealer.HIGH_CARD_DRAW)(value)


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


def optional_boolean(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    """true, false or ``None``."""
    if value is not None:
        boolean(instance, attribute, value)


_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank} | {"T": Rank.TEN}


@attrs.frozen(kw_only=True)
class MayIRules(DealEndOptions):
    """The options of MAYI-18; each field's docstring names its clause. The deal's end and
    scoring options are the engine's (:class:`~rummykit.engine.options.DealEndOptions`),
    their clauses in :attr:`option_clauses`."""

    option_clauses: ClassVar[Mapping[str, str]] = {
        "stock_exhaustion": "MAYI-14.1-14.2",
        "max_stock_refills": "MAYI-14.4",
        "max_turns_per_deal": "MAYI-14.5",
        "going_out_bonus": "MAYI-15.1",
        "dead_deal_scoring": "MAYI-15.4",
        "winner_metric": "MAYI-16.3",
        "tie_break": "MAYI-16.4",
    }
    """The clauses of the options shared with the engine (how a deal ends, scoring)."""

    player_count_range: tuple[int, int] = attrs.field(default=(3, 5), converter=_players)
    """MAYI-1.1: how many players (3-5; 002's data line allows 2-5)."""
    decks: PerPlayerCount = attrs.field(default=2, converter=_decks)
    """MAYI-2.1 (house rules): 52-card decks in the shoe (two in the reference game): a
    number, or by player count, e.g. ``{3: 2, 5: 3}`` (two decks from three players,
    three from five)."""
    joker_count: PerPlayerCount = attrs.field(default=0, converter=_jokers)
    """MAYI-2.2: jokers in the shoe (none in the reference game): a number, or by
    player count as ``decks`` (``{3: 4, 5: 6}``)."""
    joker_value: int = attrs.field(default=20, validator=whole(0))
    """MAYI-2.2: what a joker left in hand costs."""
    rank_values: tuple[int, ...] | None = attrs.field(default=None, converter=_rank_values)
    """MAYI-3 (house rules): what each rank left in hand costs, 13 numbers from the ace
    to the king; ``None``: MAYI-3's (ace 15, 2-9 their number, 10-K 10)."""
    first_dealer: FirstDealer | int = attrs.field(
        default=FirstDealer.RANDOM, converter=_first_dealer
    )
    """MAYI-4.3: ``random``, ``high_card_draw`` or a fixed seat (below the most players)."""
    dealer_rotation: DealerRotation = attrs.field(
        default=DealerRotation.LEFT, converter=DealerRotation
    )
    """MAYI-4.4: the deal passes to the left or the right."""
    deal_packet_size: int = attrs.field(default=1, validator=whole(1, 11))
    """MAYI-5.2: cards dealt at a time; every hand size must be a multiple of it."""
    hand_size: int | None = attrs.field(default=None, validator=whole(1, 30, optional=True))
    """MAYI-5.2, 17.2: cards each in every deal; ``None`` takes the schedule's (10, or 11
    in six deals)."""
    initial_upcard: bool = attrs.field(default=False, validator=boolean)
    """MAYI-5.5: turn the top stock card up to start the pile."""
    contract_schedule: str | ContractSchedule = attrs.field(
        default="standard_five", converter=_schedule
    )
    """MAYI-4.2, 17: ``standard_five`` (or ``may-i``), ``six_deal`` (or ``may-i-six``),
    any :class:`~rummykit.ContractSchedule`, or a path to a TOML schedule (loaded at once)."""
    may_discard_taken_card: bool = attrs.field(default=False, validator=boolean)
    """MAYI-7.5c: may a card just taken from the pile be discarded at once."""
    discard_pile_visible: DiscardPileVisible = attrs.field(
        default=DiscardPileVisible.ALL, converter=DiscardPileVisible
    )
    """MAYI-8.2: the whole pile is public, or only its top card."""
    may_take_own_discard: bool = attrs.field(default=False, validator=boolean)
    """MAYI-8.4: with true only the disputed card is protected from its discarder."""
    claim_order: ClaimOrder = attrs.field(default=ClaimOrder.REQUESTS_FIRST, converter=ClaimOrder)
    """MAYI-9.3: collect requests first, or let P1 take the card as his draw first."""
    multi_take_mode: MultiTakeMode = attrs.field(
        default=MultiTakeMode.CONTIGUOUS, converter=MultiTakeMode
    )
    """MAYI-9.8: extra pile cards come from the top down, stopping before one's own
    discard; with ``any`` one's own discards are skipped instead."""
    buy_penalty_per_card: int = attrs.field(default=1, validator=whole(0, 10))
    """MAYI-7.3c, 9.8, 9.9: stock cards paid per pile card."""
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
    """MAYI-9.9: P1's refusal take, or an ordinary turn with the card as his draw."""
    claim_window_after_buy: bool = attrs.field(default=False, validator=boolean)
    """MAYI-9.10: a window opens after a turn with no discard."""
    max_buys_per_deal: int | None = attrs.field(default=None, validator=whole(0, optional=True))
    """MAYI-9.11: buys a player may make in a deal (``None``: no limit)."""
    set_distinct_suits: bool = attrs.field(default=False, validator=boolean)
    """MAYI-10.2: a group may not hold two equal cards (so it has at most 4)."""
    wraparound_runs: bool | None = attrs.field(default=None, validator=optional_boolean)
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
    single_card_rule: SingleCardRule = attrs.field(
        default=SingleCardRule.KEEP_TWO, converter=SingleCardRule
    )
    """MAYI-13.3: how a player avoids discarding his last card where that is banned."""
    penalty_draw_shortfall: PenaltyDrawShortfall = attrs.field(
        default=PenaltyDrawShortfall.SKIP, converter=PenaltyDrawShortfall
    )
    """MAYI-14.3: a stock draw that cannot be made is skipped, or the take is limited."""

    def __attrs_post_init__(self) -> None:
        wrap = self.wraparound_runs
        if self.ace is not None and wrap is not None and (self.ace is AcePolicy.WRAP) != wrap:
            raise ConfigError(
                f"ace={self.ace.value!r} and wraparound_runs={self.wraparound_runs} "
                "contradict each other (MAYI-10.4): give one of them"
            )
        check_dealer_seat(self.first_dealer, self.player_count_range)
        fewest, most = self.player_count_range
        schedule = self.schedule()
        rules = self.meld_rules()
        decks, jokers = by_players(self.decks), by_players(self.joker_count)
        decks.check_players(fewest, most, option="decks")
        jokers.check_players(fewest, most, option="joker_count")
        for number, deal in enumerate(schedule, start=1):
            if deal.hand_size % self.deal_packet_size:
                raise ConfigError(
                    f"deal {number}: hand size {deal.hand_size} is not a multiple of "
                    f"deal_packet_size {self.deal_packet_size}"
                )
            short = short_shoe((fewest, most), decks, jokers, deal.hand_size, self.initial_upcard)
            if short is not None:
                players, dealt, shoe = short
                raise ConfigError(
                    f"deal {number}: {players} hands of {deal.hand_size} need {dealt} "
                    f"cards, but the shoe holds {shoe} (player_count_range "
                    f"{fewest}-{most}; decks, joker_count)"
                )
            if deal.whole_hand and not self.contract_all_at_once:
                raise ConfigError(
                    f"deal {number} is laid down whole (whole_hand), which needs "
                    "contract_all_at_once=True"
                )
            for item in deal.contract.requirements:
                _check_fits(item.kind, item.size_for(rules), rules, number, deal.contract, self)

    def schedule(self) -> ContractSchedule:
        """The contract schedule as played: ``contract_schedule`` with this game's
        ``discard_out_forbidden_deals`` and ``hand_size`` where they are given."""
        base = schedule_value(self.contract_schedule, schedules=SCHEDULES)
        if self.discard_out_forbidden_deals is not None:
            try:
                base = base.with_discard_out_forbidden(self.discard_out_forbidden_deals)
            except ConfigError as error:
                raise ConfigError(f"discard_out_forbidden_deals: {error.reason}") from None
        if self.hand_size is not None:
            base = attrs.evolve(
                base, deals=tuple(attrs.evolve(deal, hand_size=self.hand_size) for deal in base)
            )
        return base

    def meld_rules(self) -> MeldRules:
        """MAYI-10 with these options (jokers as POSSO-11, MAYI-2.2)."""
        return attrs.evolve(
            MAY_I_MELDS,
            ace=self.ace_policy(),
            jokers_allowed=bool(by_players(self.joker_count).most or self.wild_ranks),
            wild_ranks=frozenset(self.wild_ranks),
            wild_as_natural=self.wild_as_natural,
            max_jokers_per_meld=self.max_wilds_per_meld,
            wild_limit=WildLimit.NONE
            if self.max_wilds_per_meld is not None
            else WildLimit.AT_MOST_NATURALS,
            run_min=self.min_run_length,
            group_distinct_suits=self.set_distinct_suits,
            group_max=4
            if self.set_distinct_suits
            else 4 * by_players(self.decks).most + (1 if by_players(self.joker_count).most else 0),
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
        """The engine's options: these rules' table options, the shoe (MAYI-2.1: two
        decks unless ``decks`` says otherwise), card values (MAYI-3), meld rules and
        schedule."""
        return TableOptions.from_rules(
            self,
            decks=by_players(self.decks),
            jokers=by_players(self.joker_count),
            card_values=self.card_values(),
            meld_rules=self.meld_rules(),
            schedule=self.schedule(),
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
                else f"groups hold at most {most} cards ({by_players(options.decks).most} decks"
                + (" and a joker)" if options.joker_count else ")")
            )
            raise ConfigError(
                f"{why}, but deal {deal}'s contract {contract.notation} needs a group of {need}"
            )
    elif need > rules.run_max:
        raise ConfigError(
            f"runs hold at most {rules.run_max} cards, but deal {deal}'s contract "
            f"{contract.notation} needs a run of {need}"
        )
