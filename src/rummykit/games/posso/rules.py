"""Every option of Posso? (POSSO-19) as one frozen rules object, defaults from the spec.

Options that mean what a May I? option means carry its name (``joker_count``,
``may_discard_taken_card``, ``stock_exhaustion``, ``max_stock_refills`` …).

>>> from rummykit.games import PossoRules
>>> rules = PossoRules()
>>> rules.opening_requirement, rules.deal_packet_size, rules.initial_upcard
('run_and_set', 2, True)
>>> rules.opening()
Contract.parse('1G+1R', exact=False)
>>> [str(deal.contract) for deal in rules.schedule(players=4)]
['1G+1R', '1G+1R', '1G+1R', '1G+1R']
>>> PossoRules(joker_count="players_minus_one").jokers_for(players=4)
3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from rummykit.contracts import Contract
from rummykit.contracts.schedules import ContractSchedule, DealSpec, resolve_deal_list
from rummykit.engine.options import (
    DealEndOptions,
    DealerRotation,
    DiscardPileVisible,
    MultiTakeMode,
    PenaltyDrawShortfall,
    PerPlayers,
    SingleCardRule,
    TableOptions,
)
from rummykit.errors import ConfigError
from rummykit.games.posso.data import POSSO_MELDS, POSSO_OPENINGS
from rummykit.kit.options import (
    Choice,
    FirstDealer,
    boolean,
    check_dealer_seat,
    deal_list,
    first_dealer,
    player_range,
    whole,
)
from rummykit.melds import AcePolicy, MeldRules
from rummykit.scoring import CardValues

__all__ = ["ClaimantNextDraw", "ForcedPlayEnforcement", "OpeningRequirement", "PlayableScope"]


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


def _players(value: Any) -> tuple[int, int]:
    return player_range(2, 5)(value)


def _jokers(value: Any) -> int | str:
    if value == "players_minus_one":
        return "players_minus_one"
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
        raise ConfigError(
            f"joker_count must be 'players_minus_one' or a whole number from 0 to 4, got {value!r}"
        )
    return value


_convert_first_dealer = first_dealer(FirstDealer.HIGH_CARD_DRAW, FirstDealer.RANDOM)
_convert_deals = deal_list("discard_out_forbidden_deals")


def _first_dealer(value: Any) -> FirstDealer | int:
    return _convert_first_dealer(value)


def _deals(value: Any) -> tuple[int | str, ...]:
    return _convert_deals(value) or ()


@attrs.frozen(kw_only=True)
class PossoRules(DealEndOptions):
    """The options of POSSO-19; each field's docstring names its clause. The deal's end and
    scoring options are the engine's (:class:`~rummykit.engine.options.DealEndOptions`),
    their clauses in :attr:`option_clauses`."""

    option_clauses: ClassVar[Mapping[str, str]] = {
        "stock_exhaustion": "POSSO-16.1",
        "max_stock_refills": "POSSO-16.2",
        "max_turns_per_deal": "POSSO-16.3",
        "going_out_bonus": "POSSO-17.1",
        "dead_deal_scoring": "POSSO-17.3",
        "winner_metric": "POSSO-18.2",
        "tie_break": "POSSO-18.3",
    }
    """The clauses of the options shared with the engine (how a deal ends, scoring)."""

    player_count_range: tuple[int, int] = attrs.field(default=(3, 5), converter=_players)
    """POSSO-1.1: three to five players (two with the range widened)."""
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
    deal_count: int | None = attrs.field(default=None, validator=whole(1, 50, optional=True))
    """POSSO-4.3, 18.1: deals in the game; ``None``: each player deals once."""
    first_dealer: FirstDealer | int = attrs.field(
        default=FirstDealer.HIGH_CARD_DRAW, converter=_first_dealer
    )
    """POSSO-5.1: ``high_card_draw``, ``random`` or a fixed seat."""
    dealer_rotation: DealerRotation = attrs.field(
        default=DealerRotation.LEFT, converter=DealerRotation
    )
    """POSSO-5.2: the deal passes to the left or the right."""
    deal_packet_size: int = attrs.field(default=2, validator=whole(1, 10))
    """POSSO-6.2: cards dealt at a time (10 must be a multiple of it)."""
    initial_upcard: bool = attrs.field(default=True, validator=boolean)
    """POSSO-6.4: the top stock card is turned up to start the pile."""
    pile_take_requires_meld: bool = attrs.field(default=False, validator=boolean)
    """POSSO-8.2: a pile card taken as the draw must be melded in the same turn."""
    may_discard_taken_card: bool = attrs.field(default=False, validator=boolean)
    """POSSO-8.6: may the card taken from the pile be discarded in the same turn."""
    discarder_may_claim: bool = attrs.field(default=False, validator=boolean)
    """POSSO-9.2: may the discarder claim his own discard."""
    claim_requires_new_meld: bool = attrs.field(default=True, validator=boolean)
    """POSSO-9.5: a claimed card goes straight into a new meld (false: into the hand)."""
    claim_may_open: bool = attrs.field(default=True, validator=boolean)
    """POSSO-9.5: a player who has not opened may claim, opening with the claimed card."""
    buy_penalty_per_card: int = attrs.field(default=0, validator=whole(0, 10))
    """POSSO-9.6: stock cards a claimant draws for each card he claims."""
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
        check_dealer_seat(self.first_dealer, self.player_count_range)
        if 10 % self.deal_packet_size:
            raise ConfigError(
                f"deal_packet_size {self.deal_packet_size} does not divide the hand of 10"
            )
        if self.set_distinct_suits and self.set_max_size > 5:
            raise ConfigError(
                f"set_distinct_suits=True allows sets of at most 5 cards (4 suits and a "
                f"joker), but set_max_size is {self.set_max_size}"
            )
        resolve_deal_list(
            self.discard_out_forbidden_deals, self.deal_count or self.player_count_range[1]
        )

    def table_options(self, *, players: int | None = None) -> TableOptions:
        """The engine's options: these rules' values, and those Posso? fixes —
        POSSO-8.2: one pile card only (``multi_take_mode="contiguous"``), whoever
        discarded it (a correction, POSSO-14.5, can uncover the player's own earlier
        discard); POSSO-15.3: one card left where
        discarding it is banned ends the turn (``single_card_rule``); POSSO-2: two
        decks. The schedule is for ``players`` (the most players when not told; a
        match makes its own, :meth:`schedule`)."""
        fewest, most = self.player_count_range
        return TableOptions.from_rules(
            self,
            decks=2,
            jokers=PerPlayers.of(
                {count: self.jokers_for(players=count) for count in range(fewest, most + 1)}
            ),
            card_values=self.card_values(),
            meld_rules=self.meld_rules(),
            schedule=self.schedule(players=players),
            discard_pile_visible=DiscardPileVisible.ALL,
            may_take_own_discard=True,
            multi_take_mode=MultiTakeMode.CONTIGUOUS,
            single_card_rule=SingleCardRule.END_TURN_WITHOUT_DISCARD,
            penalty_draw_shortfall=PenaltyDrawShortfall.SKIP,
        )

    def jokers_for(self, *, players: int) -> int:
        """POSSO-2.2: jokers in the shoe for ``players``."""
        if self.joker_count == "players_minus_one":
            return players - 1
        return int(self.joker_count)

    def deals_for(self, *, players: int) -> int:
        """POSSO-18.1: deals in the game."""
        return self.deal_count or players

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
        count = self.deals_for(players=players or self.player_count_range[1])
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
