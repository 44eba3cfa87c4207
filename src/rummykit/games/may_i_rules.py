"""Every option of May I? (MAYI-18) as one frozen rules object, defaults from the spec.

>>> from rummykit.games.may_i_rules import MayIRules
>>> rules = MayIRules()
>>> rules.turn_after_buy, rules.buy_penalty_per_card, rules.wraparound_runs
('buyer_left', 1, True)
>>> us = MayIRules(turn_after_buy="resume_normal", max_buys_per_deal=3, joker_count=4)
>>> us.meld_rules().max_jokers_per_meld
1
"""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.contracts import Contract
from rummykit.errors import ConfigError
from rummykit.games._options import choice, player_range, whole
from rummykit.melds import AcePolicy, MeldRules
from rummykit.schedules import ContractSchedule, resolve_deal_list
from rummykit.scoring import CardValues

__all__ = ["MayIRules"]


def _players(value: Any) -> tuple[int, int]:
    return player_range(2, 8)(value)  # type: ignore[no-any-return]


def _deals(value: Any) -> tuple[int | str, ...]:
    if isinstance(value, str):
        value = [value]
    try:
        return tuple(value)
    except TypeError:
        raise ConfigError(f"discard_out_forbidden_deals must be a list, got {value!r}") from None


@attrs.frozen(kw_only=True)
class MayIRules:
    """The options of MAYI-18; each field's docstring names its clause."""

    player_count_range: tuple[int, int] = attrs.field(default=(3, 5), converter=_players)
    """MAYI-1.1: how many players (3-5; 002's data line allows 2-5)."""
    joker_count: int = attrs.field(default=0, validator=whole(0, 16))
    """MAYI-2.2: jokers in the shoe (none in the reference game)."""
    joker_value: int = attrs.field(default=20, validator=whole(0))
    """MAYI-2.2: what a joker left in hand costs."""
    first_dealer: str | int = attrs.field(default="random")
    """MAYI-4.3: ``random``, ``high_card_draw`` or a fixed seat."""
    dealer_rotation: str = attrs.field(default="left", validator=choice("left", "right"))
    """MAYI-4.4: the deal passes to the left or the right."""
    deal_packet_size: int = attrs.field(default=1, validator=whole(1, 11))
    """MAYI-5.2: cards dealt at a time."""
    hand_size: int | None = attrs.field(default=None, validator=whole(1, 30, optional=True))
    """MAYI-5.2, 17.2: cards each; ``None`` takes the schedule's (10, or 11 in six deals)."""
    initial_upcard: bool = False
    """MAYI-5.5: turn the top stock card up to start the pile."""
    contract_schedule: str | ContractSchedule = attrs.field(default="standard_five")
    """MAYI-4.2, 17: ``standard_five``, ``six_deal`` or any :class:`ContractSchedule`."""
    may_discard_taken_card: bool = False
    """MAYI-7.5c: may a card just taken from the pile be discarded at once."""
    discard_pile_visible: str = attrs.field(default="all", validator=choice("all", "top_only"))
    """MAYI-8.2: the whole pile is public, or only its top card."""
    may_take_own_discard: bool = False
    """MAYI-8.4: with true only the disputed card is protected from its discarder."""
    claim_order: str = attrs.field(
        default="requests_first", validator=choice("requests_first", "next_player_first")
    )
    """MAYI-9.3: collect requests first, or let P1 take the card as his draw first."""
    multi_take_mode: str = attrs.field(default="contiguous", validator=choice("contiguous", "any"))
    """MAYI-9.8: extra pile cards come from the top down, stopping before one's own
    discard; with ``any`` one's own discards are skipped instead."""
    buy_penalty_per_card: int = attrs.field(default=1, validator=whole(0, 10))
    """MAYI-7.3c, 9.8, 9.9: stock cards paid per pile card."""
    buy_turn_allows_melding: bool = True
    """MAYI-9.8 step 4: a buy turn (and a refusal take) has a meld step."""
    turn_after_buy: str = attrs.field(
        default="buyer_left", validator=choice("buyer_left", "resume_normal")
    )
    """MAYI-9.8: the buyer's left neighbour plays next, or the turn order is unchanged."""
    refuser_may_take_extra: bool = True
    """MAYI-9.7c: a forced buyer may take cards under the disputed one."""
    next_player_refusal: str = attrs.field(
        default="take_no_discard", validator=choice("take_no_discard", "normal_turn")
    )
    """MAYI-9.9: P1's refusal take, or an ordinary turn with the card as his draw."""
    claim_window_after_buy: bool = False
    """MAYI-9.10: a window opens after a turn with no discard."""
    max_buys_per_deal: int | None = attrs.field(default=None, validator=whole(0, optional=True))
    """MAYI-9.11: buys a player may make in a deal (``None``: no limit)."""
    set_distinct_suits: bool = False
    """MAYI-10.2: a group may not hold two equal cards."""
    wraparound_runs: bool = True
    """MAYI-10.4: runs may turn the corner K-A-2."""
    min_run_length: int = attrs.field(default=4, validator=whole(2, 13))
    """MAYI-10.3: the shortest run."""
    contract_all_at_once: bool = True
    """MAYI-11.3: the contract goes down in one meld step."""
    layoff_requires_contract: bool = True
    """MAYI-12.1: only a player whose contract is down lays off."""
    layoff_same_turn_as_contract: bool = True
    """MAYI-12.1: ... including the meld step in which it goes down."""
    discard_out_forbidden_deals: tuple[int | str, ...] = attrs.field(
        default=("last",), converter=_deals
    )
    """MAYI-13.2, 17.4: deals in which going out by discarding is banned."""
    single_card_rule: str = attrs.field(
        default="keep_two", validator=choice("keep_two", "end_turn_without_discard")
    )
    """MAYI-13.3: how a player avoids discarding his last card where that is banned."""
    stock_exhaustion: str = attrs.field(
        default="reshuffle", validator=choice("reshuffle", "end_deal")
    )
    """MAYI-14.1-14.2: refill the stock from the pile, or end the deal."""
    penalty_draw_shortfall: str = attrs.field(
        default="skip", validator=choice("skip", "limit_take")
    )
    """MAYI-14.3: a stock draw that cannot be made is skipped, or the take is limited."""
    max_stock_refills: int = attrs.field(default=10, validator=whole(0))
    """MAYI-14.4: refills a deal may make before it ends as a dead deal."""
    max_turns_per_deal: int = attrs.field(default=1000, validator=whole(0))
    """MAYI-14.5: turns a deal may take before it ends as a dead deal."""
    going_out_bonus: int = attrs.field(default=20, validator=whole(0))
    """MAYI-15.1: what going out scores."""
    dead_deal_scoring: str = attrs.field(default="penalties", validator=choice("penalties", "void"))
    """MAYI-15.4: a dead deal scores minus each hand, or nothing."""
    winner_metric: str = attrs.field(default="net", validator=choice("net", "penalties_only"))
    """MAYI-16.3: the highest net total wins, or the fewest penalty points."""
    tie_break: str = attrs.field(
        default="shared", validator=choice("shared", "fewest_penalty_points", "most_times_out")
    )
    """MAYI-16.4: how a tie for the win is settled."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.first_dealer, int) and self.first_dealer not in (
            "random",
            "high_card_draw",
        ):
            raise ConfigError(
                f"first_dealer must be 'random', 'high_card_draw' or a seat, "
                f"got {self.first_dealer!r}"
            )
        schedule = self.schedule()
        resolve_deal_list(self.discard_out_forbidden_deals, len(schedule))

    def schedule(self) -> ContractSchedule:
        """The contract schedule, with this game's discard bans and hand size."""
        if isinstance(self.contract_schedule, ContractSchedule):
            base = self.contract_schedule
        elif self.contract_schedule == "standard_five":
            base = ContractSchedule.builtin("may-i")
        elif self.contract_schedule == "six_deal":
            base = ContractSchedule.builtin("may-i-six")
        else:
            raise ConfigError(
                "contract_schedule must be 'standard_five', 'six_deal' or a ContractSchedule, "
                f"got {self.contract_schedule!r}"
            )
        schedule = base.with_discard_out_forbidden(self.discard_out_forbidden_deals)
        if self.hand_size is not None:
            schedule = attrs.evolve(
                schedule,
                deals=tuple(attrs.evolve(deal, hand_size=self.hand_size) for deal in schedule),
            )
        for number, deal in enumerate(schedule, start=1):
            if deal.hand_size % self.deal_packet_size:
                raise ConfigError(
                    f"deal {number}: hand size {deal.hand_size} is not a multiple of "
                    f"deal_packet_size {self.deal_packet_size}"
                )
        return schedule

    def meld_rules(self) -> MeldRules:
        """MAYI-10 with these options (jokers as POSSO-11, MAYI-2.2)."""
        return attrs.evolve(
            MeldRules.preset("may-i"),
            ace=AcePolicy.WRAP if self.wraparound_runs else AcePolicy.LOW_OR_HIGH,
            run_min=self.min_run_length,
            set_distinct_suits=self.set_distinct_suits,
            group_max=4 if self.set_distinct_suits else 8 + (1 if self.joker_count else 0),
        )

    def card_values(self) -> CardValues:
        """MAYI-3, with ``joker_value``."""
        return CardValues(
            ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=self.joker_value
        )

    def contract(self, deal: int) -> Contract:
        """The contract of deal ``deal`` (1-based)."""
        return self.schedule()[deal].contract
