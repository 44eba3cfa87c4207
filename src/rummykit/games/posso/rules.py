"""Every option of Posso? (POSSO-19) as one frozen rules object, defaults from the spec.

The engine's options are one field, ``table``, declared with Posso?'s defaults and
clauses in :data:`POSSO_TABLE` (the ones players set, the six Posso? fixes, and those its
rules make); Posso?'s own options are the other fields. Both are named flat:
``PossoRules.of(buy_penalty_per_card=1, joker_count="players_minus_one")``.

>>> from rummykit.games import PossoRules
>>> rules = PossoRules()
>>> rules.opening_requirement, rules.table.deal_packet_size, rules.table.initial_upcard
('run_and_set', 2, True)
>>> rules.opening()
Contract.parse('1G+1R', exact=False)
>>> [str(deal.contract) for deal in rules.schedule(players=4)]
['1G+1R', '1G+1R', '1G+1R', '1G+1R']
>>> PossoRules(joker_count="players_minus_one").jokers_for(players=4)
3
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from rummykit.contracts import Contract
from rummykit.contracts.schedules import ContractSchedule, DealSpec, resolve_deal_list
from rummykit.engine.options import PerPlayers, TableOptions
from rummykit.engine.table import TableRules, TableSpec
from rummykit.errors import ConfigError
from rummykit.games.posso.data import POSSO_MELDS, POSSO_OPENINGS
from rummykit.kit.options import Choice, boolean, check_dealer_seat, deal_list, whole
from rummykit.melds import AcePolicy, MeldRules
from rummykit.scoring import CardValues

__all__ = [
    "POSSO_TABLE",
    "ClaimantNextDraw",
    "ForcedPlayEnforcement",
    "OpeningRequirement",
    "PlayableScope",
]


class OpeningRequirement(Choice):
    """POSSO-12.2: the melds a first laydown must include."""

    RUN = "run"
    RUN_AND_SET = "run_and_set"
    TWO_SETS = "two_sets"


class ClaimantNextDraw(Choice):
    """POSSO-9.6: where a claimant's next regular draw comes from."""

    ANY = "any"
    STOCK = "stock"


class PlayableScope(Choice):
    """POSSO-14.3: the melds that make a card in hand playable."""

    DISCARDER_LEGAL = "discarder_legal"
    ANY_MELD = "any_meld"


class ForcedPlayEnforcement(Choice):
    """POSSO-14.4: what happens to the discard of a playable card."""

    CLAIM = "claim"
    STRICT = "strict"


def _jokers(value: Any) -> int | str:
    if value == "players_minus_one":
        return "players_minus_one"
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
        raise ConfigError(
            f"joker_count must be 'players_minus_one' or a whole number from 0 to 4, got {value!r}"
        )
    return value


_convert_deals = deal_list("discard_out_forbidden_deals")


def _deals(value: Any) -> tuple[int | str, ...]:
    return _convert_deals(value) or ()


POSSO_TABLE = TableSpec(
    settable={
        "player_count_range": (
            (3, 5),
            "POSSO-1.1",
            "three to five players (two with the range widened), within 2-5.",
        ),
        "first_dealer": ("high_card_draw", "POSSO-5.1", "high_card_draw, random or a fixed seat."),
        "dealer_rotation": ("left", "POSSO-5.2"),
        "deal_packet_size": (
            2,
            "POSSO-6.2",
            "cards dealt at a time (10 must be a multiple of it).",
        ),
        "initial_upcard": (True, "POSSO-6.4"),
        "may_discard_taken_card": (False, "POSSO-8.6"),
        "buy_penalty_per_card": (
            0,
            "POSSO-9.6",
            "stock cards a claimant draws for each card they claim.",
        ),
        "stock_exhaustion": ("reshuffle", "POSSO-16.1"),
        "max_stock_refills": (10, "POSSO-16.2"),
        "max_turns_per_deal": (1000, "POSSO-16.3"),
        "going_out_bonus": (20, "POSSO-17.1"),
        "dead_deal_scoring": ("penalties", "POSSO-17.3"),
        "winner_metric": ("net", "POSSO-18.2"),
        "tie_break": ("shared", "POSSO-18.3"),
    },
    fixed={
        "decks": (2, "POSSO-2.1"),
        "discard_pile_visible": ("all", "POSSO-8.2"),
        "may_take_own_discard": (True, "POSSO-8.2, 14.5"),
        "multi_take_mode": ("contiguous", "POSSO-8.2"),
        "single_card_rule": ("end_turn_without_discard", "POSSO-15.3"),
        "penalty_draw_shortfall": ("skip", "POSSO-9.6"),
        "pile_take": ("penalty", "POSSO-8.2"),
        "opening_points": (0, "POSSO-12"),
        "score_melded": (False, "POSSO-17"),
        "buy_limit": (None, "POSSO-9.6"),
        "buys_carry_over": (False, "POSSO-9.6"),
        "per_player_contracts": (False, "POSSO-4.3"),
        "score_limit": (0, "POSSO-18"),
        "target_score": (0, "POSSO-18"),
        "max_deals": (100, "POSSO-18"),
    },
    derived={
        "jokers": "joker_count",
        "card_values": "ace_value, joker_value",
        "meld_rules": "wraparound_runs, set_distinct_suits, set_max_size, max_jokers_per_meld, "
        "joker_at_run_end, joker_count",
        "schedule": "opening_requirement, opening_exact, opening_distinct_melds, deals, "
        "discard_out_forbidden_deals",
        "deal_count": "deals",
        "hand_size": "the schedule (POSSO-6)",
        "discard_out": "discard_out_forbidden_deals",
    },
)
"""Posso?'s engine options: those players set, with Posso?'s defaults and clauses; those
Posso? fixes (one pile card only, whoever discarded it — a correction, POSSO-14.5, can
uncover the player's own earlier discard; one card left where discarding it is banned
ends the turn, POSSO-15.3; two decks); and those its rules make."""


@attrs.frozen(kw_only=True)
class PossoRules(TableRules):
    """The options of POSSO-19: the engine's in
    :attr:`~rummykit.engine.table.TableRules.table` (declared with their defaults and
    clauses by :data:`POSSO_TABLE`), Posso?'s own as the fields below, each docstring
    naming its clause."""

    table_spec: ClassVar[TableSpec] = POSSO_TABLE

    joker_count: int | str = attrs.field(default=0, converter=_jokers)
    """POSSO-2.2: jokers in the shoe: 0 (the default), ``"players_minus_one"`` (as agreed
    in the source), or a fixed number up to 4."""
    joker_value: int = attrs.field(default=20, validator=whole(0))
    """POSSO-3: what a joker left in hand costs."""
    ace_value: int = attrs.field(default=15, validator=whole(0))
    """POSSO-3.1: what an ace left in hand costs (20 is the literal reading)."""
    opening_requirement: OpeningRequirement = attrs.field(
        default=OpeningRequirement.RUN_AND_SET, converter=OpeningRequirement
    )
    """POSSO-4.2, 12.2: ``run``, ``run_and_set`` or ``two_sets``."""
    deals: int | None = attrs.field(default=None, validator=whole(1, 50, optional=True))
    """POSSO-4.3, 18.1: deals in the game; ``None``: each player deals once (the
engine's ``deal_count`` follows)."""
    pile_take_requires_meld: bool = attrs.field(default=False, validator=boolean)
    """POSSO-8.2: a pile card taken as the draw must be melded in the same turn."""
    discarder_may_claim: bool = attrs.field(default=False, validator=boolean)
    """POSSO-9.2: may the discarder claim their own discard."""
    claim_requires_new_meld: bool = attrs.field(default=True, validator=boolean)
    """POSSO-9.5: a claimed card goes straight into a new meld (false: into the hand)."""
    claim_may_open: bool = attrs.field(default=True, validator=boolean)
    """POSSO-9.5: a player who has not opened may claim, opening with the claimed card."""
    claim_counts_as_draw: bool = attrs.field(default=False, validator=boolean)
    """POSSO-9.6, 9.8: a claim takes the place of the claimant's next draw."""
    claimant_next_draw: ClaimantNextDraw = attrs.field(
        default=ClaimantNextDraw.ANY, converter=ClaimantNextDraw
    )
    """POSSO-9.6: a claimant's next regular draw from either pile, or the stock only."""
    wraparound_runs: bool = attrs.field(default=False, validator=boolean)
    """POSSO-10.2: runs may turn the corner K-A-2."""
    set_distinct_suits: bool = attrs.field(default=False, validator=boolean)
    """POSSO-10.3: a set may not hold two equal cards."""
    set_max_size: int = attrs.field(default=9, validator=whole(3, 9))
    """POSSO-10.3: the largest set, a joker included."""
    max_jokers_per_meld: int = attrs.field(default=1, validator=whole(1, 4))
    """POSSO-11.3: jokers one meld may hold."""
    joker_at_run_end: bool = attrs.field(default=True, validator=boolean)
    """POSSO-11.4: a joker may stand at the end of a run."""
    joker_swap_to_hand: bool = attrs.field(default=False, validator=boolean)
    """POSSO-11.6: a joker freed by an exchange may go into the exchanger's hand."""
    opening_exact: bool = attrs.field(default=False, validator=boolean)
    """POSSO-12.3: the opening is exactly the requirement (no extra melds)."""
    opening_distinct_melds: bool = attrs.field(default=True, validator=boolean)
    """POSSO-12.4: the two sets of ``two_sets`` have different ranks."""
    layoff_same_turn_as_contract: bool = attrs.field(default=True, validator=boolean)
    """POSSO-13.2: lay-offs in the meld step in which the player opened."""
    playable_scope: PlayableScope = attrs.field(
        default=PlayableScope.DISCARDER_LEGAL, converter=PlayableScope
    )
    """POSSO-14.3: melds the discarder may lay off on, or any meld."""
    swap_counts_as_playable: bool = attrs.field(default=False, validator=boolean)
    """POSSO-14.3: a card that could exchange a joker counts as playable."""
    forced_play_enforcement: ForcedPlayEnforcement = attrs.field(
        default=ForcedPlayEnforcement.CLAIM, converter=ForcedPlayEnforcement
    )
    """POSSO-14.4: a playable discard is flagged for a correction claim, or refused."""
    discard_out_forbidden_deals: tuple[int | str, ...] = attrs.field(default=(), converter=_deals)
    """POSSO-15.2: deals in which going out by discarding is banned."""

    def __attrs_post_init__(self) -> None:
        table = self.table
        fewest, most = table.player_count_range
        if fewest < 2 or most > 5:
            raise ConfigError(
                f"player_count_range must lie within 2-5, got {table.player_count_range}"
            )
        check_dealer_seat(table.first_dealer, table.player_count_range)
        if 10 % table.deal_packet_size:
            raise ConfigError(
                f"deal_packet_size {table.deal_packet_size} does not divide the hand of 10"
            )
        if self.set_distinct_suits and self.set_max_size > 5:
            raise ConfigError(
                f"set_distinct_suits=True allows sets of at most 5 cards (4 suits and a "
                f"joker), but set_max_size is {self.set_max_size}"
            )
        resolve_deal_list(self.discard_out_forbidden_deals, self.deals or most)

    def table_options(self, *, players: int | None = None) -> TableOptions:
        """The engine's options: :attr:`~rummykit.engine.table.TableRules.table`
        (with the values Posso? fixes), and the jokers (POSSO-2.2), card values
        (POSSO-3), meld rules (POSSO-10, 11) and schedule these rules make. The schedule
        is for ``players`` (the most players when not told; a match makes its own,
        :meth:`schedule`)."""
        fewest, most = self.table.player_count_range
        return attrs.evolve(
            self.table,
            jokers=PerPlayers.of(
                {count: self.jokers_for(players=count) for count in range(fewest, most + 1)}
            ),
            card_values=self.card_values(),
            meld_rules=self.meld_rules(),
            schedule=self.schedule(players=players),
        )

    def jokers_for(self, *, players: int) -> int:
        """POSSO-2.2: jokers in the shoe for ``players``."""
        if self.joker_count == "players_minus_one":
            return players - 1
        return int(self.joker_count)

    def deals_for(self, *, players: int) -> int:
        """POSSO-18.1: deals in the game."""
        return self.deals or players

    def opening(self) -> Contract:
        """POSSO-12.2-12.4: the opening requirement as a (minimum) contract."""
        base = POSSO_OPENINGS[self.opening_requirement.value]
        return attrs.evolve(
            base,
            exact=self.opening_exact,
            distinct_ranks=self.opening_distinct_melds,
        )

    def schedule(self, *, players: int | None = None) -> ContractSchedule:
        """The opening requirement for every deal (POSSO-4.3), with the discard bans."""
        count = self.deals_for(players=players or self.table.player_count_range[1])
        banned = resolve_deal_list(self.discard_out_forbidden_deals, count)
        opening = self.opening()
        return ContractSchedule(
            deals=tuple(
                DealSpec(contract=opening, hand_size=10, discard_out=number not in banned)
                for number in range(1, count + 1)
            ),
            name="posso",
        )

    def meld_rules(self) -> MeldRules:
        """POSSO-10, 11 with these options."""
        naturals = 4 if self.set_distinct_suits else 8
        return attrs.evolve(
            POSSO_MELDS,
            ace=AcePolicy.WRAP if self.wraparound_runs else AcePolicy.LOW_OR_HIGH,
            group_distinct_suits=self.set_distinct_suits,
            group_max=min(self.set_max_size, naturals + self.max_jokers_per_meld),
            max_jokers_per_meld=self.max_jokers_per_meld,
            joker_at_run_end=self.joker_at_run_end,
            jokers_allowed=self.joker_count != 0,
        )

    def card_values(self) -> CardValues:
        """POSSO-3: face values, court cards 10, the ace ``ace_value``, a joker
        ``joker_value``."""
        return CardValues(
            ranks=(self.ace_value, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
            joker=self.joker_value,
        )
