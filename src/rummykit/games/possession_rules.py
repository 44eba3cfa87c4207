"""Every option of Possession (PSSN-12) as one frozen rules object.

>>> from rummykit.games.possession_rules import PossessionRules
>>> rules = PossessionRules()
>>> rules.suit_change, rules.max_recycles, rules.decks_for(4)
('same_rank', 100, 2)
"""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.errors import ConfigError
from rummykit.games._options import choice, player_range, whole

__all__ = ["PossessionRules"]


def _players(value: Any) -> tuple[int, int]:
    return player_range(2, 6)(value)  # type: ignore[no-any-return]


@attrs.frozen(kw_only=True)
class PossessionRules:
    """The options of PSSN-12; each field's docstring names its clause."""

    player_count_range: tuple[int, int] = attrs.field(default=(2, 4), converter=_players)
    """PSSN-1.1: two to four players."""
    deck_count: int | None = attrs.field(default=None, validator=whole(1, 3, optional=True))
    """PSSN-1.2: decks; ``None`` is one for 2-3 players and two for 4."""
    first_dealer: str | int = "random"
    """PSSN-2.1: ``random`` or a fixed seat."""
    deal_packet_size: int = attrs.field(default=3, validator=whole(1, 9))
    """PSSN-3.1: cards per packet in each round."""
    hand_size: int = attrs.field(default=9, validator=whole(3, 30))
    """PSSN-3.3: cards each, dealt in three rounds."""
    first_player_distance: str = attrs.field(
        default="linear", validator=choice("linear", "circular")
    )
    """PSSN-4.1: the plain rank difference, or round the circle (A next to K)."""
    first_player_count: str = attrs.field(default="distance", validator=choice("distance", "rank"))
    """PSSN-4.2 step 3: count every card at the closest distance, or one rank's cards."""
    first_player_colour: str = attrs.field(default="count", validator=choice("count", "any"))
    """PSSN-4.2 step 4: more matching-colour cards win, or any one does."""
    first_player_fallback: str = attrs.field(
        default="dealer_left_order", validator=choice("dealer_left_order", "random")
    )
    """PSSN-4.2 step 6: the first tied player from the dealer's left, or a random one."""
    sequence_direction: str = attrs.field(default="both", validator=choice("both", "up_only"))
    """PSSN-5.2: sequences may go down as well as up."""
    sequence_must_touch_top: bool = True
    """PSSN-5.2: a sequence starts next to the top card."""
    min_sequence_move: int = attrs.field(default=2, validator=whole(2, 13))
    """PSSN-5.2: the shortest sequence."""
    voluntary_draw: bool = False
    """PSSN-5.3: may a player draw while he could play."""
    play_after_draw: bool = False
    """PSSN-5.3: may a player play after drawing, in the same turn."""
    suit_change: str = attrs.field(default="same_rank", validator=choice("same_rank", "none"))
    """PSSN-5.8: a card of the top card's rank in another suit changes the suit."""
    recycle_shuffle: bool = False
    """PSSN-6.1: shuffle the recycled pile (otherwise it is turned over)."""
    recycle_timing: str = attrs.field(
        default="on_demand", validator=choice("on_demand", "immediate")
    )
    """PSSN-6.1: recycle when a draw needs it, or as soon as the stock runs out."""
    blocked_deal: str = attrs.field(default="score", validator=choice("score", "void"))
    """PSSN-6.3: a blocked deal is scored, or redealt (cannot arise in play)."""
    max_recycles: int = attrs.field(default=100, validator=whole(0))
    """PSSN-6.4: recycles a deal may make before it ends."""
    max_turns_per_deal: int = attrs.field(default=10_000, validator=whole(0))
    """PSSN-6.5: turns a deal may take before it ends."""
    loss_threshold: int = attrs.field(default=8, validator=whole(1))
    """PSSN-9.1: the total that ends the game."""
    loser_rule: str = attrs.field(
        default="all_at_threshold", validator=choice("all_at_threshold", "highest_only")
    )
    """PSSN-9.2: everyone at the threshold loses, or only the highest."""
    winner_rule: str = attrs.field(
        default="lowest_total", validator=choice("lowest_total", "all_non_losers")
    )
    """PSSN-9.3: with 3-4 players, the lowest total wins, or every non-loser."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.first_dealer, int) and self.first_dealer != "random":
            raise ConfigError(f"first_dealer must be 'random' or a seat, got {self.first_dealer!r}")
        if self.hand_size % 3 or (self.hand_size // 3) % self.deal_packet_size:
            raise ConfigError(
                f"hand_size {self.hand_size} must be three rounds of whole packets of "
                f"{self.deal_packet_size} (PSSN-3)"
            )

    def decks_for(self, players: int) -> int:
        """PSSN-1.2: the number of decks for ``players``."""
        if self.deck_count is not None:
            return self.deck_count
        return 2 if players >= 4 else 1
