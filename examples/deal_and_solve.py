"""Deal the five deals of a May I? game and race the players to go down.

For every deal of the schedule (MAYI-4.2) the hands are dealt from a seeded shuffle of
two decks (MAYI-5.3). The players then draw in turn, from the stock or the discard pile
(MAYI-7.3; no buying here). After each draw the solver checks whether the hand meets
the deal's contract (exactly, no two groups of one rank or runs of one suit); if it
does, the player goes down with the melds that leave the fewest points in hand.
Otherwise the player discards the card with the fewest neighbours for this contract.

Run: python examples/deal_and_solve.py [--seed 7] [--players 4]
"""

from __future__ import annotations

import argparse
import random

from rummykit import (
    Card,
    Contract,
    DeckSpec,
    DiscardPile,
    MeldKind,
    Stock,
    best_arrangement,
    deal,
    format_cards,
    presets,
)
from rummykit.games.may_i.data import MAY_I_VALUES


def worst_card(hand: list[Card], contract: Contract) -> Card:
    """The card with the fewest useful neighbours for this contract (ties: the higher)."""
    groups, runs = contract.count(MeldKind.GROUP), contract.count(MeldKind.RUN)

    def links(card: Card) -> int:
        same_rank = sum(1 for other in hand if other is not card and other.rank is card.rank)
        near = sum(
            1
            for other in hand
            if other.suit is card.suit
            and other.rank is not None
            and card.rank is not None
            and 0 < min(abs(other.rank - card.rank), 13 - abs(other.rank - card.rank)) <= 2
        )
        return groups * same_rank + runs * near

    return min(hand, key=lambda card: (links(card), -MAY_I_VALUES.value(card), card))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=4, choices=range(3, 6))
    args = parser.parse_args()

    rng = random.Random(args.seed)
    rules = presets.meld_rules("may-i")
    schedule = presets.schedule("may-i")
    seats = "ABCDE"[: args.players]
    dealer = rng.randrange(args.players)
    for number, spec in enumerate(schedule, start=1):
        dealt = deal(
            DeckSpec(decks=2).shuffled(rng),
            players=args.players,
            hand_size=spec.hand_size,
            dealer=dealer,
        )
        hands = [list(hand) for hand in dealt.hands]
        stock, pile = Stock(dealt.rest), DiscardPile()
        print(f"Deal {number}: contract {spec.contract}, dealer {seats[dealer]}")
        seat, turns = (dealer + 1) % args.players, 0
        while len(stock):
            hand = hands[seat]
            turns += 1
            top = pile.top
            # Take the discard when it helps more than the card we would throw away.
            if top is not None and top.discarder != seat:
                trial = [*hand, top.card]
                if worst_card(trial, spec.contract) is not top.card:
                    hand.append(pile.take()[0])
                else:
                    hand.append(stock.draw())
            else:
                hand.append(stock.draw())
            best = best_arrangement(hand, spec.contract, rules, values=MAY_I_VALUES)
            if best is not None:
                melds = " + ".join(str(meld) for meld in best.melds)
                print(f"  turn {turns}: {seats[seat]} goes down with {melds}")
                print(
                    f"  {seats[seat]} keeps {format_cards(best.left) or 'nothing'} "
                    f"({best.left_value} points)"
                )
                break
            thrown = worst_card(hand, spec.contract)
            hand.remove(thrown)
            pile.push(thrown, seat)
            seat = (seat + 1) % args.players
        else:
            print("  the stock ran out before anyone could go down")
        for other, hand in enumerate(hands):
            print(f"    {seats[other]}: {format_cards(sorted(hand), unicode=True)}")
        dealer = (dealer + 1) % args.players  # MAYI-4.4: the deal passes to the left


if __name__ == "__main__":
    main()
