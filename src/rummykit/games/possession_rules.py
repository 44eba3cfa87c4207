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

__all__ = ["PossessionRules"]


def _choice(*values: object) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in values:
            options = ", ".join(repr(item) for item in values)
            raise ConfigError(f"{attribute.name} must be one of {options}, got {value!r}")

    return check


def _whole(low: int, high: int | None = None, *, optional: bool = False) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None and optional:
            return
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
        if not ok or (high is not None and value > high):
            top = "" if high is None else f" to {high}"
            raise ConfigError(
                f"{attribute.name} must be a whole number from {low}{top}, got {value!r}"
            )

    return check


def _range(value: Any) -> tuple[int, int]:
    try:
        low, high = (int(item) for item in value)
    except (TypeError, ValueError):
        raise ConfigError(f"player_count_range must be (low, high), got {value!r}") from None
    if not 2 <= low <= high <= 6:
        raise ConfigError(f"player_count_range must lie within 2-6, got {value!r}")
    return (low, high)


@attrs.frozen(kw_only=True)
class PossessionRules:
    """The options of PSSN-12; each field's docstring names its clause."""

    player_count_range: tuple[int, int] = attrs.field(default=(2, 4), converter=_range)
    """PSSN-1.1: two to four players."""
    deck_count: int | None = attrs.field(default=None, validator=_whole(1, 3, optional=True))
    """PSSN-1.2: decks; ``None`` is one for 2-3 players and two for 4."""
    first_dealer: str | int = "random"
    """PSSN-2.1: ``random`` or a fixed seat."""
    deal_packet_size: int = attrs.field(default=3, validator=_whole(1, 9))
    """PSSN-3.1: cards per packet in each round."""
    hand_size: int = attrs.field(default=9, validator=_whole(3, 30))
    """PSSN-3.3: cards each, dealt in three rounds."""
    first_player_distance: str = attrs.field(
        default="linear", validator=_choice("linear", "circular")
    )
    """PSSN-4.1: the plain rank difference, or round the circle (A next to K)."""
    first_player_count: str = attrs.field(default="distance", validator=_choice("distance", "rank"))
    """PSSN-4.2 step 3: count every card at the closest distance, or one rank's cards."""
    first_player_colour: str = attrs.field(default="count", validator=_choice("count", "any"))
    """PSSN-4.2 step 4: more matching-colour cards win, or any one does."""
    first_player_fallback: str = attrs.field(
        default="dealer_left_order", validator=_choice("dealer_left_order", "random")
    )
    """PSSN-4.2 step 6: the first tied player from the dealer's left, or a random one."""
    sequence_direction: str = attrs.field(default="both", validator=_choice("both", "up_only"))
    """PSSN-5.2: sequences may go down as well as up."""
    sequence_must_touch_top: bool = True
    """PSSN-5.2: a sequence starts next to the top card."""
    min_sequence_move: int = attrs.field(default=2, validator=_whole(2, 13))
    """PSSN-5.2: the shortest sequence."""
    voluntary_draw: bool = False
    """PSSN-5.3: may a player draw while he could play."""
    play_after_draw: bool = False
    """PSSN-5.3: may a player play after drawing, in the same turn."""
    suit_change: str = attrs.field(default="same_rank", validator=_choice("same_rank", "none"))
    """PSSN-5.8: a card of the top card's rank in another suit changes the suit."""
    recycle_shuffle: bool = False
    """PSSN-6.1: shuffle the recycled pile (otherwise it is turned over)."""
    recycle_timing: str = attrs.field(
        default="on_demand", validator=_choice("on_demand", "immediate")
    )
    """PSSN-6.1: recycle when a draw needs it, or as soon as the stock runs out."""
    blocked_deal: str = attrs.field(default="score", validator=_choice("score", "void"))
    """PSSN-6.3: a blocked deal is scored, or redealt (cannot arise in play)."""
    max_recycles: int = attrs.field(default=100, validator=_whole(0))
    """PSSN-6.4: recycles a deal may make before it ends."""
    max_turns_per_deal: int = attrs.field(default=10_000, validator=_whole(0))
    """PSSN-6.5: turns a deal may take before it ends."""
    loss_threshold: int = attrs.field(default=8, validator=_whole(1))
    """PSSN-9.1: the total that ends the game."""
    loser_rule: str = attrs.field(
        default="all_at_threshold", validator=_choice("all_at_threshold", "highest_only")
    )
    """PSSN-9.2: everyone at the threshold loses, or only the highest."""
    winner_rule: str = attrs.field(
        default="lowest_total", validator=_choice("lowest_total", "all_non_losers")
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
