"""Possession ("Владение", Guy Quang Tran, 1998): the shedding game (rules/possession.md).

>>> from rummykit.games.possession import Possession
>>> match = Possession().new_match(players=2, seed=4)
>>> match.phase.value, len(match.view(0).hand), match.view(0).stock_size
('play', 9, 33)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from rummykit.actions import Action, Done, Draw, NextDeal, Pass, Play
from rummykit.cards import Card, to_cards
from rummykit.deck import DeckSpec, DiscardPile, Stock, deal_in_rounds, refill_stock
from rummykit.errors import ConfigError, IllegalActionError
from rummykit.games.possession_moves import FirstPlayer, first_player, plays
from rummykit.games.possession_rules import PossessionRules
from rummykit.match import DealScore, Event, Match, Outcome, Phase, PlayerView

__all__ = ["Possession", "PossessionMatch", "possession_outcome"]

_NAMES = "ABCDEFGH"


@attrs.frozen
class Possession:
    """The Possession game definition; :meth:`new_match` makes a match."""

    rules: PossessionRules = attrs.field(factory=PossessionRules)
    name: str = "possession"

    def new_match(
        self,
        *,
        players: int = 2,
        seed: int | random.Random = 0,
        deck_order: Sequence[Card] | str | None = None,
        first_dealer: int | None = None,
        auto_deal: bool = True,
    ) -> PossessionMatch:
        """A new match. ``deck_order`` stacks the first deal: the pack is then dealt as it
        lies, without the shuffles between rounds, and the next card is the upcard."""
        return PossessionMatch(
            self.rules,
            players=players,
            seed=seed,
            deck_order=None if deck_order is None else to_cards(deck_order),
            first_dealer=first_dealer,
            auto_deal=auto_deal,
        )


class PossessionMatch(Match):
    """One game of Possession: deals until someone reaches the loss threshold (PSSN-9)."""

    game_name = "possession"
    rules: PossessionRules

    def __init__(
        self,
        rules: PossessionRules,
        *,
        players: int,
        seed: int | random.Random,
        deck_order: Sequence[Card] | None,
        first_dealer: int | None,
        auto_deal: bool,
    ) -> None:
        self._setup(
            rules,
            players=players,
            seed=seed,
            spec=DeckSpec(decks=rules.decks_for(players)),
            deck_order=deck_order,
            first_dealer=first_dealer,
            auto_deal=auto_deal,
            clause="PSSN-1.1",
        )
        if players * rules.hand_size + 1 > self.spec.size:
            raise ConfigError(
                f"{players} hands of {rules.hand_size} do not fit {self.spec.size} cards"
            )
        choice = rules.first_dealer if first_dealer is None else first_dealer
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < players:
                raise ConfigError(f"first dealer must be a seat from 0 to {players - 1}")
            self.dealer = choice
        else:
            self.dealer = self.rng.randrange(players)
        self.totals = [0] * players
        self.deal_number = 0
        self._result: Outcome | None = None
        self._start_deal()

    # -- deals ----------------------------------------------------------------------------

    def _start_deal(self) -> None:
        self._legal: tuple[Action, ...] | None = None
        """PSSN-3: three shuffled rounds of three, an upcard; PSSN-4: the first player."""
        self.deal_number += 1
        stacked = self.deal_number == 1 and self.deck_order is not None
        pack = list(self.deck_order) if stacked and self.deck_order else list(self.spec.shoe())
        dealt = deal_in_rounds(
            pack,
            players=self.players,
            hand_size=self.rules.hand_size,
            rounds=3,
            packet_size=self.rules.deal_packet_size,
            dealer=self.dealer,
            rng=None if stacked else self.rng,
        )
        self.hands = [list(hand) for hand in dealt.hands]
        self.stock = Stock(dealt.rest)
        self.pile = DiscardPile()
        self.pile.push(self.stock.draw(), None)
        self.turns = 0
        self.recycles = 0
        self.passes = 0
        self.drew_this_turn = False
        top = self.pile.top
        assert top is not None
        self.first: FirstPlayer = first_player(
            self.hands, top.card, dealer=self.dealer, rules=self.rules, rng=self.rng
        )
        self._phase = Phase.PLAY
        self._to_act = None
        self._start_turn(self.first.seat)

    def _start_turn(self, seat: int) -> None:
        if self.turns >= self.rules.max_turns_per_deal:
            self._note.append("turn cap reached (PSSN-6.5)")
            self._end_deal(None)
            return
        self.turns += 1
        self.drew_this_turn = False
        self._phase, self._to_act = Phase.PLAY, seat

    @property
    def top(self) -> Card:
        """The card in play (the top of the pile)."""
        top = self.pile.top
        assert top is not None
        return top.card

    # -- the protocol ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.MATCH_OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    @property
    def outcome(self) -> Outcome | None:
        return self._result

    def _can_draw(self) -> bool:
        return bool(len(self.stock)) or len(self.pile) > 1

    def legal_actions(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = self._list_legal()
        return self._legal

    def _list_legal(self) -> tuple[Action, ...]:
        if self._phase is Phase.MATCH_OVER:
            return ()
        if self._phase is Phase.DEAL_OVER:
            return (NextDeal(),)
        seat = self._to_act
        assert seat is not None
        moves: list[Action] = list(plays(self.hands[seat], self.top, self.rules))
        if self.drew_this_turn:  # play_after_draw
            return (*moves, Done())
        if not moves or self.rules.voluntary_draw:
            if self._can_draw():
                moves.append(Draw())
            elif not moves:
                moves.append(Pass())
        return tuple(moves)

    def verify(self, action: Action) -> None:
        if action in self.legal_actions():
            return
        seat = self._to_act
        who = "the table" if seat is None else f"player {_NAMES[seat]}"
        if self._phase is Phase.MATCH_OVER:
            raise IllegalActionError("the game is over", action=action, rule="PSSN-9.1")
        if isinstance(action, Draw):
            raise IllegalActionError(
                f"{who} has a card to play and may not draw", action=action, rule="PSSN-5.3"
            )
        if isinstance(action, Pass):
            raise IllegalActionError(
                f"{who} may pass only when he can neither play nor draw",
                action=action,
                rule="PSSN-5.4",
            )
        if isinstance(action, Play) and seat is not None:
            if Counter(action.cards) - Counter(self.hands[seat]):
                raise IllegalActionError(
                    f"{who} does not hold {action}", action=action, rule="PSSN-5"
                )
            rule = "PSSN-5.2" if len(action.cards) > 1 else "PSSN-5.1"
            raise IllegalActionError(
                f"{who} cannot {action} on {self.top}", action=action, rule=rule
            )
        raise IllegalActionError(f"{who} cannot {action} now", action=action, rule="PSSN-5")

    def _apply(self, action: Action) -> Event:
        self._legal = None
        seat, phase, deal_number = self._to_act, self._phase, self.deal_number
        self._note = []
        received: tuple[Card, ...] = ()
        if isinstance(action, NextDeal):
            self._next_deal()
        elif isinstance(action, Play):
            assert seat is not None
            self._play(seat, action)
        elif isinstance(action, Draw):
            assert seat is not None
            received = self._draw(seat)
        elif isinstance(action, Pass):
            assert seat is not None
            self._pass(seat)
        elif isinstance(action, Done):
            assert seat is not None
            self._start_turn((seat + 1) % self.players)
        event = Event(
            step=len(self._events),
            deal=deal_number,
            seat=seat,
            phase=phase,
            action=action,
            received=received,
            note="; ".join(self._note),
        )
        self._events.append(event)
        return event

    def _play(self, seat: int, action: Play) -> None:
        hand = self.hands[seat]
        for card in action.cards:
            hand.remove(card)
            self.pile.push(card, seat)
        self.passes = 0
        if not hand:
            self._note.append(f"{_NAMES[seat]} goes out (PSSN-7.1)")
            self._end_deal(seat)
            return
        self._start_turn((seat + 1) % self.players)

    def _recycle(self) -> bool:
        """PSSN-6.1, 6.4: turn the pile (but its top card) into the stock, within the cap."""
        if self.recycles >= self.rules.max_recycles:
            return False
        refill_stock(self.stock, self.pile, rng=self.rng if self.rules.recycle_shuffle else None)
        self.recycles += 1
        self._note.append(f"pile recycled ({self.recycles})")
        return True

    def _draw(self, seat: int) -> tuple[Card, ...]:
        if not len(self.stock) and not self._recycle():
            self._note.append("recycle cap reached (PSSN-6.4)")
            self._end_deal(None)
            return ()
        card = self.stock.draw()
        self.hands[seat].append(card)
        self.passes = 0
        if not len(self.stock) and self.rules.recycle_timing == "immediate" and len(self.pile) > 1:
            self._recycle()
        if self.rules.play_after_draw:
            self.drew_this_turn = True
        else:
            self._start_turn((seat + 1) % self.players)
        return (card,)

    def _pass(self, seat: int) -> None:
        self.passes += 1
        if self.passes >= self.players:  # PSSN-6.3 (a guard: cannot arise in play)
            self._note.append("every player passed: blocked deal (PSSN-6.3)")
            if self.rules.blocked_deal == "void":
                self.deal_number -= 1
                self._start_deal()
                return
            self._end_deal(None)
            return
        self._start_turn((seat + 1) % self.players)

    def _end_deal(self, went_out: int | None) -> None:
        """PSSN-8: a point per card left; PSSN-9: the game ends at the threshold."""
        scores = tuple(
            DealScore(0, 0 if seat == went_out else len(self.hands[seat]))
            for seat in range(self.players)
        )
        self.deal_scores.append(scores)
        for seat, score in enumerate(scores):
            self.totals[seat] += score.penalty
        self._note.append(
            f"deal {self.deal_number} scored: "
            + " ".join(f"{_NAMES[s]}+{x.penalty}" for s, x in enumerate(scores))
        )
        if max(self.totals) >= self.rules.loss_threshold:
            self._result = possession_outcome(self.rules, self.totals)
            self._phase, self._to_act = Phase.MATCH_OVER, None
            return
        if self.auto_deal:
            self._next_deal()
        else:
            self._phase, self._to_act = Phase.DEAL_OVER, None

    def _next_deal(self) -> None:
        self.dealer = (self.dealer + 1) % self.players  # PSSN-2.2
        self._start_deal()

    # -- views and copies ------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"there is no seat {seat}")
        return PlayerView(
            seat=seat,
            deal=self.deal_number,
            phase=self._phase,
            to_act=self._to_act,
            hand=tuple(sorted(self.hands[seat], key=lambda card: card.code)),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            known=tuple(() for _ in range(self.players)),
            pile=tuple((entry.card, entry.discarder) for entry in self.pile.entries),
            stock_size=len(self.stock),
            melds=(),
            down=(False,) * self.players,
            scores=self.scores,
            legal=self.legal_actions() if self._to_act == seat else (),
        )

    def clone(self) -> PossessionMatch:
        twin = object.__new__(PossessionMatch)
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.hands = [list(hand) for hand in self.hands]
        twin.stock = self.stock.copy()
        twin.pile = self.pile.copy()
        twin.totals = list(self.totals)
        twin.deal_scores = list(self.deal_scores)
        twin._events = list(self._events)
        return twin

    def snapshot(self) -> Any:
        return (
            self.deal_number,
            self.dealer,
            self._phase,
            self._to_act,
            tuple(tuple(hand) for hand in self.hands),
            self.stock.cards,
            self.pile.entries,
            self.turns,
            self.recycles,
            self.passes,
            self.drew_this_turn,
            tuple(self.totals),
            tuple(self.deal_scores),
            len(self._events),
            self.rng.getstate(),
        )


def possession_outcome(rules: PossessionRules, totals: Sequence[int]) -> Outcome:
    """PSSN-9.2, 9.3: the losers and the winners once a total reaches the threshold."""
    players = len(totals)
    threshold = rules.loss_threshold
    reached = [seat for seat in range(players) if totals[seat] >= threshold]
    highest = max(totals)
    standings = tuple(
        (seat, totals[seat]) for seat in sorted(range(players), key=lambda s: (totals[s], s))
    )
    if len(reached) == players:  # everyone at the threshold: only the highest lose
        if min(totals) == highest:
            return Outcome((), standings, ())  # drawn
        losers = [seat for seat in range(players) if totals[seat] == highest]
    elif rules.loser_rule == "highest_only":
        top = max(totals[seat] for seat in reached)
        losers = [seat for seat in reached if totals[seat] == top]
    else:
        losers = reached
    others = [seat for seat in range(players) if seat not in losers]
    if players == 2 or rules.winner_rule == "all_non_losers":
        below = [seat for seat in others if totals[seat] < threshold]
        winners = others if players == 2 or not below else below
    else:
        lowest = min(totals[seat] for seat in others)
        winners = [seat for seat in others if totals[seat] == lowest]
    return Outcome(tuple(winners), standings, tuple(losers))
