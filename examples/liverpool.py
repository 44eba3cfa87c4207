"""Liverpool rummy as May I? house rules: a five-player match of heuristic bots,
recorded and replayed.

Nothing here subclasses or hooks the engine: the variant file ``examples/liverpool.toml``
names the game, its base (May I?), the shoe by player count, the card values, the meld
rules and the buys (May I?'s options) and the seven deals (the last laid down whole, so
its player goes out without a discard). ``LIVERPOOL`` below spells the same options out
in Python. See docs/howto/liverpool.md.

Run: python examples/liverpool.py [--seed 3]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from rummykit import game
from rummykit.agents import Agent, make_agent
from rummykit.kit import DealEnd, DealEnded
from rummykit.records import dumps, loads
from rummykit.simulate import play
from rummykit.variants import load_variant

VARIANT = Path(__file__).with_name("liverpool.toml")

LIVERPOOL: dict[str, Any] = {
    "contract_schedule": load_variant(VARIANT).rules.schedule(),  # the last goes down whole
    "player_count_range": (3, 8),
    "decks": {3: 2, 5: 3},  # two decks for 3-4 players, three for 5-8
    "jokers": {3: 4, 5: 6},  # with their jokers: two a deck
    "joker_value": 15,
    "rank_values": (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10),  # A, 2-9, 10-K
    "ace": "low_or_high",  # A-2-3-4 or J-Q-K-A, never K-A-2
    "max_wilds_per_meld": None,  # jokers never outnumber a meld's natural cards
    "max_buys_per_deal": 3,  # each buy with one penalty card (buy_penalty_per_card)
    "initial_upcard": True,
    "going_out_bonus": 0,
    "winner_metric": "penalties_only",  # the fewest points win
}
"""Liverpool rummy's rules, as May I?'s options (the variant file's, in Python)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    definition = load_variant(VARIANT).game()  # the game named "liverpool"
    assert definition.rules == game("may-i", **LIVERPOOL).rules
    match = definition.new_match(players=5, seed=args.seed)
    agents: list[Agent] = [make_agent("heuristic", definition) for _ in range(5)]
    play(match, agents, rng=random.Random(args.seed))

    # The record holds the variant, its options (the schedule too), the seed and every
    # action; loading it replays the actions and rebuilds the identical match.
    replayed = loads(dumps(match))
    assert replayed.snapshot() == match.snapshot()
    assert replayed.scores == match.scores

    ends = [
        effect
        for event in match.events
        for effect in event.effects
        if isinstance(effect, DealEnded)
    ]
    for end, deal in zip(ends, match.schedule, strict=True):
        how = (
            f"seat {'ABCDE'[end.went_out]} went out"
            if end.reason is DealEnd.WENT_OUT and end.went_out is not None
            else f"dead ({end.reason.value})"
        )
        whole = ", laid down whole" if deal.whole_hand else ""
        print(f"deal {end.deal}: {deal.contract} with {deal.hand_size} cards{whole}: {how}")
    gone_out = sum(end.reason is DealEnd.WENT_OUT for end in ends)
    print(f"{gone_out} of {len(ends)} deals ended by going out; {match.state.total_buys} buys")
    assert match.outcome is not None
    print("penalty points:", match.penalties(), "winner(s):", match.outcome.winners)
    print(f"recorded and replayed: {len(match.events)} events")


if __name__ == "__main__":
    main()
