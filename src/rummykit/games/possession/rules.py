"""Every option of Possession (PSSN-12) as one frozen rules object.

>>> from rummykit.games import PossessionRules
>>> from rummykit.games.possession.rules import SuitChange
>>> rules = PossessionRules()
>>> rules.suit_change, rules.max_recycles, rules.decks_for(4)
('same_rank', 100, 2)
>>> rules.suit_change is SuitChange.SAME_RANK
True

Options that cannot work together are refused with the reason:

>>> PossessionRules(hand_size=18)
Traceback (most recent call last):
...
rummykit.errors.ConfigError: 3 hands of 18 and the upcard need 55 cards, but 1 deck holds 52
(player_count_range 2-4, deck_count None)
"""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.errors import ConfigError
from rummykit.kit.options import (
    Choice,
    FirstDealer,
    boolean,
    check_dealer_seat,
    first_dealer,
    player_range,
    whole,
)

__all__ = [
    "BlockedDeal",
    "FirstPlayerColour",
    "FirstPlayerCount",
    "FirstPlayerDistance",
    "FirstPlayerFallback",
    "LoserRule",
    "RecycleTiming",
    "SequenceDirection",
    "SuitChange",
    "WinnerRule",
]


class FirstPlayerDistance(Choice):
    """PSSN-4.1: how far one rank is from another."""

    LINEAR = "linear"
    CIRCULAR = "circular"


class FirstPlayerCount(Choice):
    """PSSN-4.2 step 3: which cards at the closest distance count."""

    DISTANCE = "distance"
    RANK = "rank"


class FirstPlayerColour(Choice):
    """PSSN-4.2 step 4: how colour breaks a tie."""

    COUNT = "count"
    ANY = "any"


class FirstPlayerFallback(Choice):
    """PSSN-4.2 step 6: who starts when still tied."""

    DEALER_LEFT_ORDER = "dealer_left_order"
    RANDOM = "random"


class SequenceDirection(Choice):
    """PSSN-5.2: which way sequences go."""

    BOTH = "both"
    UP_ONLY = "up_only"


class SuitChange(Choice):
    """PSSN-5.8: whether the pile may change suit."""

    SAME_RANK = "same_rank"
    NONE = "none"


class RecycleTiming(Choice):
    """PSSN-6.1: when the pile becomes the stock."""

    ON_DEMAND = "on_demand"
    IMMEDIATE = "immediate"


class BlockedDeal(Choice):
    """PSSN-6.3: what a blocked deal does (cannot arise in play)."""

    SCORE = "score"
    VOID = "void"


class LoserRule(Choice):
    """PSSN-9.2: who loses when several reach the threshold."""

    ALL_AT_THRESHOLD = "all_at_threshold"
    HIGHEST_ONLY = "highest_only"


class WinnerRule(Choice):
    """PSSN-9.3: who wins with 3-4 players."""

    LOWEST_TOTAL = "lowest_total"
    ALL_NON_LOSERS = "all_non_losers"


DECK_CARDS = 52


def _players(value: Any) -> tuple[int, int]:
    return player_range(2, 6)(value)


def _first_dealer(value: str | int) -> FirstDealer | int:
    return first_dealer(FirstDealer.RANDOM)(value)


@attrs.frozen(kw_only=True)
class PossessionRules:
    """The options of PSSN-12; each field's docstring names its clause."""

    player_count_range: tuple[int, int] = attrs.field(default=(2, 4), converter=_players)
    """PSSN-1.1: two to four players."""
    deck_count: int | None = attrs.field(default=None, validator=whole(1, 3, optional=True))
    """PSSN-1.2: decks; ``None`` is one for 2-3 players and two for 4 or more."""
    first_dealer: FirstDealer | int = attrs.field(
        default=FirstDealer.RANDOM, converter=_first_dealer
    )
    """PSSN-2.1: ``random`` or a fixed seat (below the most players)."""
    deal_packet_size: int = attrs.field(default=3, validator=whole(1, 9))
    """PSSN-3.1: cards per packet in each round."""
    hand_size: int = attrs.field(default=9, validator=whole(3, 30))
    """PSSN-3.3: cards each, dealt in three rounds of whole packets."""
    first_player_distance: FirstPlayerDistance = attrs.field(
        default=FirstPlayerDistance.LINEAR, converter=FirstPlayerDistance
    )
    """PSSN-4.1: the plain rank difference, or round the circle (A next to K)."""
    first_player_count: FirstPlayerCount = attrs.field(
        default=FirstPlayerCount.DISTANCE, converter=FirstPlayerCount
    )
    """PSSN-4.2 step 3: count every card at the closest distance, or one rank's cards."""
    first_player_colour: FirstPlayerColour = attrs.field(
        default=FirstPlayerColour.COUNT, converter=FirstPlayerColour
    )
    """PSSN-4.2 step 4: more matching-colour cards win, or any one does."""
    first_player_fallback: FirstPlayerFallback = attrs.field(
        default=FirstPlayerFallback.DEALER_LEFT_ORDER, converter=FirstPlayerFallback
    )
    """PSSN-4.2 step 6: the first tied player from the dealer's left, or a random one."""
    sequence_direction: SequenceDirection = attrs.field(
        default=SequenceDirection.BOTH, converter=SequenceDirection
    )
    """PSSN-5.2: sequences may go down as well as up."""
    sequence_must_touch_top: bool = attrs.field(default=True, validator=boolean)
    """PSSN-5.2: a sequence starts next to the top card."""
    min_sequence_move: int = attrs.field(default=2, validator=whole(2, 13))
    """PSSN-5.2: the shortest sequence."""
    voluntary_draw: bool = attrs.field(default=False, validator=boolean)
    """PSSN-5.3: may a player draw while they could play."""
    play_after_draw: bool = attrs.field(default=False, validator=boolean)
    """PSSN-5.3: may a player play after drawing, in the same turn."""
    suit_change: SuitChange = attrs.field(default=SuitChange.SAME_RANK, converter=SuitChange)
    """PSSN-5.8: a card of the top card's rank in another suit changes the suit."""
    recycle_shuffle: bool = attrs.field(default=False, validator=boolean)
    """PSSN-6.1: shuffle the recycled pile (otherwise it is turned over)."""
    recycle_timing: RecycleTiming = attrs.field(
        default=RecycleTiming.ON_DEMAND, converter=RecycleTiming
    )
    """PSSN-6.1: recycle when a draw needs it, or as soon as the stock runs out."""
    blocked_deal: BlockedDeal = attrs.field(default=BlockedDeal.SCORE, converter=BlockedDeal)
    """PSSN-6.3: a blocked deal is scored, or redealt (cannot arise in play)."""
    max_recycles: int = attrs.field(default=100, validator=whole(0))
    """PSSN-6.4: recycles a deal may make before it ends."""
    max_turns_per_deal: int = attrs.field(default=10_000, validator=whole(1))
    """PSSN-6.5: turns a deal may take before it ends."""
    loss_threshold: int = attrs.field(default=8, validator=whole(1))
    """PSSN-9.1: the total that ends the game."""
    loser_rule: LoserRule = attrs.field(default=LoserRule.ALL_AT_THRESHOLD, converter=LoserRule)
    """PSSN-9.2: everyone at the threshold loses, or only the highest."""
    winner_rule: WinnerRule = attrs.field(default=WinnerRule.LOWEST_TOTAL, converter=WinnerRule)
    """PSSN-9.3: with 3-4 players, the lowest total wins, or every non-loser."""

    def __attrs_post_init__(self) -> None:
        check_dealer_seat(self.first_dealer, self.player_count_range)
        fewest, most = self.player_count_range
        if self.hand_size % 3 or (self.hand_size // 3) % self.deal_packet_size:
            raise ConfigError(
                f"hand_size {self.hand_size} must be three rounds of whole packets of "
                f"{self.deal_packet_size} (PSSN-3)"
            )
        for players in range(fewest, most + 1):
            decks = self.decks_for(players)
            needed = players * self.hand_size + 1
            if needed > decks * DECK_CARDS:
                held = f"{decks} deck{'s' if decks > 1 else ''} hold{'' if decks > 1 else 's'}"
                raise ConfigError(
                    f"{players} hands of {self.hand_size} and the upcard need {needed} cards, "
                    f"but {held} {decks * DECK_CARDS} (player_count_range {fewest}-{most}, "
                    f"deck_count {self.deck_count})"
                )

    def decks_for(self, players: int) -> int:
        """PSSN-1.2: the number of decks for ``players``."""
        if self.deck_count is not None:
            return self.deck_count
        return 2 if players >= 4 else 1
