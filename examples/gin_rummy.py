"""Gin rummy written on rummykit's public API: a user's game, as first class as the shipped ones.

The rules played here (two players, one deck, no jokers):

* GIN-1  Ten cards each; the next card starts the discard pile; the non-dealer plays first
  and the deal alternates.
* GIN-2  A turn: draw the top stock card or take the top discard (``draw``, ``take``) ...
* GIN-3  ... then discard (``discard 7H``); a card just taken from the pile may not be
  discarded in the same turn.
* GIN-4  Instead of discarding, knock (``knock 7H``: discard 7H and knock) when the hand's
  deadwood after that discard is at most ``knock_limit`` (10). Melds are groups of 3-4 and
  runs of 3+ (ace low); the solver finds the arrangement with the least deadwood.
* GIN-5  Both hands are shown. The defender lays off their deadwood on the knocker's melds,
  unless the knocker has gin. Lay-offs are automatic: the defender keeps the solver's best
  melds and lays off every card left that fits a knocker's meld (again and again, so a run
  may grow by two).
* GIN-6  Knock: the knocker scores the difference of deadwood. Gin (no deadwood): the
  defender's deadwood plus ``gin_bonus`` (25). Big gin (all 11 cards meld after a draw,
  no discard; it is declared at once, as nobody would decline it): plus ``big_gin_bonus``
  (31). Undercut (the defender's deadwood is no more than the knocker's): the defender
  scores the difference plus ``undercut_bonus`` (25).
* GIN-7  A deal is dead, unscored, when a turn ends with ``dead_stock`` (2) stock cards
  left, or after ``max_turns_per_deal`` turns (bots may take discards for ever).
* GIN-8  The match ends when a player reaches ``target`` (100) points, or after
  ``max_deals`` deals; the highest total wins.

Run: python examples/gin_rummy.py
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from rummykit import (
    AcePolicy,
    Card,
    CardValues,
    DeckSpec,
    DiscardPile,
    InvalidMeldError,
    Match,
    Meld,
    MeldRules,
    Message,
    Stock,
    deal,
    format_cards,
    min_deadwood,
    min_deadwood_value,
    parse_card,
)
from rummykit.agents import Agent, GreedyAgent, RandomAgent
from rummykit.kit import (
    DEAL_OVER,
    MATCH_OVER,
    Action,
    DealEnd,
    DealScore,
    DealStarted,
    DealState,
    Dealt,
    Discard,
    Discarded,
    Draw,
    Drew,
    Effect,
    FirstDealer,
    GameDefinition,
    GoingOut,
    HandsShown,
    MatchState,
    NextDeal,
    Outcome,
    Phase,
    Take,
    TookFromPile,
    WentOut,
    first_dealer,
    notation_error,
    player_range,
    register,
    register_message,
    whole,
)
from rummykit.records import dumps, loads
from rummykit.simulate import play, simulate

MELDS = MeldRules(  # groups of 3-4, runs of 3+, ace low, no jokers
    group_max=4, run_min=3, ace=AcePolicy.LOW, group_distinct_suits=True, jokers_allowed=False
)
VALUES = CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0)  # deadwood
DRAW = Phase("draw", "GIN-2")
DISCARD = Phase("discard", "GIN-3")


# -- rules: one frozen attrs class, every option validated as it is set -------------------


def two_players(value: Any) -> tuple[int, int]:
    """Gin is a two-player game (a named converter, for mypy's attrs plugin)."""
    return player_range(2, 2)(value)


def seat_or_random(value: Any) -> FirstDealer | int:
    """``"random"`` or a fixed seat."""
    return first_dealer(FirstDealer.RANDOM)(value)


@attrs.frozen(kw_only=True)
class GinRules:
    """The options of gin rummy; ``game("gin", knock_limit=5)`` sets one."""

    player_count_range: tuple[int, int] = attrs.field(default=(2, 2), converter=two_players)
    first_dealer: FirstDealer | int = attrs.field(
        default=FirstDealer.RANDOM, converter=seat_or_random
    )
    knock_limit: int = attrs.field(default=10, validator=whole(0, 10))
    gin_bonus: int = attrs.field(default=25, validator=whole(0))
    big_gin_bonus: int = attrs.field(default=31, validator=whole(0))
    undercut_bonus: int = attrs.field(default=25, validator=whole(0))
    target: int = attrs.field(default=100, validator=whole(1))
    dead_stock: int = attrs.field(default=2, validator=whole(0, 20))
    max_turns_per_deal: int = attrs.field(default=100, validator=whole(1))
    max_deals: int = attrs.field(default=50, validator=whole(1))


# -- a new action and a new effect ---------------------------------------------------------


@attrs.frozen
class Knock(Discard):
    """Discard ``card`` and knock (GIN-4). A :class:`Discard` subclass, so a bot that
    weighs discards (``GreedyAgent``) weighs knocks too; it is listed before the plain
    discard of the same card, so such a bot knocks whenever its chosen discard allows."""

    verb: ClassVar[str] = "knock"

    @classmethod
    def parse(cls, rest: str, text: str) -> Knock:
        """``knock 7H``."""
        if not rest:
            raise notation_error(text, "knock discarding which card?")
        return cls(parse_card(rest))

    def __str__(self) -> str:
        return f"knock {self.card}"


@attrs.frozen
class Knocked(Effect):
    """The showdown of a knock (GIN-5, GIN-6): ``kind`` is knock, gin, big gin or undercut."""

    seat: int
    kind: str
    melds: tuple[Meld, ...]
    deadwood: int
    laid_off: tuple[Card, ...]
    defender_deadwood: int

    @property
    def text(self) -> str:
        off = f", lays off {format_cards(self.laid_off)}" if self.laid_off else ""
        return f"{self.kind}: deadwood {self.deadwood} against {self.defender_deadwood}{off}"


# -- state: only what the base does not keep ----------------------------------------------


@attrs.define
class GinDeal(DealState):
    """A deal: hands, stock, pile and turns (the base) and the card just taken (GIN-3)."""

    taken: Card | None = None


# -- the match -------------------------------------------------------------------------------


class GinMatch(Match[MatchState, GinDeal]):
    """One game of gin rummy, deal after deal until GIN-8 ends it."""

    _plain_view: ClassVar[bool] = True
    """Its view is the shipped one, with no extras (fast readers read its state)."""

    _clause_prefix = "GIN"
    _players_clause = "GIN-1"
    rules: GinRules

    def _deck_spec(self) -> DeckSpec:
        return DeckSpec(decks=1)

    def _new_state(self) -> MatchState:
        return MatchState()  # the base's fields (deal number, dealer, phase, scores) suffice

    def _is_last_deal(self) -> bool:
        """GIN-8."""
        return max(self.scores) >= self.rules.target or self.deal_number >= self.rules.max_deals

    def _start_deal(self, pack: list[Card] | None) -> None:
        """GIN-1: a stacked ``pack`` is dealt as it lies, else the shoe is shuffled."""
        cards = list(self.spec.shuffled(self.rng)) if pack is None else pack
        dealt = deal(cards, players=2, hand_size=10, dealer=self.dealer)
        stock = Stock(dealt.rest)
        upcard = stock.draw()
        self.deal = GinDeal([list(hand) for hand in dealt.hands], stock, DiscardPile())
        self.deal.pile.push(upcard, None)
        self._emit(DealStarted(self.deal_number, self.dealer, upcard))
        for seat, hand in enumerate(self.deal.hands):
            self._emit(Dealt(seat, tuple(sorted(hand))))  # each hand seen by its owner only
        self._set_turn(DRAW, 1 - self.dealer)

    def deadwood(self, cards: list[Card]) -> int:
        return min_deadwood_value(cards, MELDS, values=VALUES)

    def _list_legal(self) -> tuple[Action, ...]:
        if self.phase is DRAW:
            return (Draw(), Take()) if len(self.deal.pile) else (Draw(),)
        assert self.to_act is not None  # every decision in gin is one seat's
        hand = self.deal.hands[self.to_act]
        limit = self.rules.knock_limit
        may_knock = min_deadwood_value(hand, MELDS, values=VALUES, discard=True) <= limit
        legal: list[Action] = []
        for card in sorted(hand):
            if card is self.deal.taken:
                continue  # GIN-3
            rest = [other for other in hand if other is not card]
            if may_knock and self.deadwood(rest) <= limit:  # one solver call when it cannot
                legal.append(Knock(card))  # GIN-4
            legal.append(Discard(card))
        return tuple(legal)

    def _why_not(self, action: Action) -> tuple[str, Message | str]:
        """Say which rule an illegal action breaks, as a message code and parameters:
        what everyone saw first (the card taken from the pile), then what the hand holds
        (hidden codes, told only to a sender known to be the seat to act)."""
        seat, deal_ = self.to_act, self.deal
        if isinstance(action, Discard) and seat is not None and self.phase is DISCARD:
            if action.card is deal_.taken:
                return "GIN-3", Message("gin.just_taken", {"card": action.card})
            if action.card not in deal_.hands[seat]:
                return "GIN-3", Message("hand.lacks", {"seat": seat, "cards": (action.card,)})
            rest = [card for card in deal_.hands[seat] if card is not action.card]
            params = {"deadwood": self.deadwood(rest), "limit": self.rules.knock_limit}
            return "GIN-4", Message("gin.over_limit", params)
        return super()._why_not(action)

    def _perform(self, seat: int | None, action: Action) -> None:
        assert seat is not None
        hand = self.deal.hands[seat]
        if isinstance(action, Draw | Take):  # GIN-2
            if isinstance(action, Draw):
                card, self.deal.taken = self.deal.stock.draw(), None
                self._emit(Drew(seat, (card,)))
            else:
                card = self.deal.taken = self.deal.pile.take()[0]
                self._emit(TookFromPile(seat, (card,)))
            hand.append(card)
            if self.deadwood(hand) == 0:
                self.showdown(seat, big=True)  # big gin: every card melds, no discard
            else:
                self._set_turn(DISCARD, seat)
            return
        assert isinstance(action, Discard)  # a plain discard or a knock
        hand.remove(action.card)
        self.deal.pile.push(action.card, seat)
        self._emit(Discarded(seat, action.card))
        self.deal.turns += 1
        if isinstance(action, Knock):
            self.showdown(seat, big=False)
        elif len(self.deal.stock) <= self.rules.dead_stock:  # GIN-7
            self._end_deal(DealEnd.DEAD_STOCK, None, [DealScore(0, 0)] * 2)
        elif self.deal.turns >= self.rules.max_turns_per_deal:
            self._end_deal(DealEnd.TURN_CAP, None, [DealScore(0, 0)] * 2)
        else:
            self._set_turn(DRAW, 1 - seat)

    def showdown(self, knocker: int, *, big: bool) -> None:
        """GIN-5, GIN-6: lay off, compare deadwood, score and end the deal."""
        defender, rules = 1 - knocker, self.rules
        mine = min_deadwood(self.deal.hands[knocker], MELDS, values=VALUES)
        left = list(min_deadwood(self.deal.hands[defender], MELDS, values=VALUES).left)
        table, laid_off = list(mine.melds), []
        while mine.left_value and (fits := self.lay_off_one(table, left)) is not None:
            left.remove(fits)
            laid_off.append(fits)
        knock, defend = mine.left_value, VALUES.hand_value(left)
        if knock == 0:
            kind, winner = ("big gin", knocker) if big else ("gin", knocker)
            points = defend + (rules.big_gin_bonus if big else rules.gin_bonus)
        elif defend <= knock:
            kind, winner, points = "undercut", defender, knock - defend + rules.undercut_bonus
        else:
            kind, winner, points = "knock", knocker, defend - knock
        self._emit(Knocked(knocker, kind, mine.melds, knock, tuple(laid_off), defend))
        self._emit(WentOut(knocker, GoingOut.MELDING if big else GoingOut.DISCARDING))
        self._emit(HandsShown(tuple(tuple(sorted(hand)) for hand in self.deal.hands)))
        scores = [DealScore(points if seat == winner else 0, 0) for seat in range(2)]
        self._end_deal(DealEnd.WENT_OUT, knocker, scores)

    @staticmethod
    def lay_off_one(table: list[Meld], cards: list[Card]) -> Card | None:
        """Lay the first card of ``cards`` that fits a meld of ``table`` on it."""
        for card in cards:
            for index, meld in enumerate(table):
                try:
                    table[index] = meld.lay_off(card, MELDS)
                except InvalidMeldError:
                    continue
                return card
        return None

    def _final_outcome(self) -> Outcome:
        """GIN-8: the highest total wins (both, if tied)."""
        totals = self.scores
        standings = tuple(sorted(enumerate(totals), key=lambda pair: (-pair[1], pair[0])))
        winners = tuple(seat for seat, total in standings if total == standings[0][1])
        return Outcome(winners, standings, tuple(s for s in range(2) if s not in winners))


# -- the definition, registered by name ------------------------------------------------------


@attrs.frozen
class Gin(GameDefinition[GinRules, GinMatch]):
    """Gin rummy: ``Gin().new_match(seed=7)`` or ``game("gin", target=50).new_match()``."""

    name: ClassVar[str] = "gin"
    title: ClassVar[str] = "Gin rummy"
    rules_type: ClassVar[type[GinRules]] = GinRules
    match_type: ClassVar[type[GinMatch]] = GinMatch
    actions: ClassVar[tuple[type[Action], ...]] = (Draw, Take, Discard, Knock, NextDeal)
    phases: ClassVar[tuple[Phase, ...]] = (DRAW, DISCARD, DEAL_OVER, MATCH_OVER)
    default_players: ClassVar[int] = 2

    rules: GinRules = attrs.field(factory=GinRules)

    def meld_rules(self) -> MeldRules:
        """What a meld is in gin (tools such as ``heuristic_agent`` ask the definition)."""
        return MELDS


register(Gin, replace=True)  # replace: running the file and importing it make two classes
# The game's own refusals: a code each, with its English words (hidden: depends on the hand).
register_message("gin.just_taken", "{card} was just taken from the pile", "GIN-3.")
register_message(
    "gin.over_limit",
    "deadwood {deadwood} is over the knock limit {limit}",
    "GIN-4: a knock with too much deadwood.",
    hidden=True,
)


def main() -> None:
    """A bot match, its record replayed, and a small simulation."""
    agents: list[Agent] = [GreedyAgent(VALUES), RandomAgent()]
    match = play(Gin().new_match(seed=7), agents, rng=random.Random(7))
    assert match.outcome is not None
    print(f"{len(match.deal_scores)} deals, scores {match.scores}, winners {match.outcome.winners}")
    for event in match.events[-3:]:
        print(" ", event)
    again = loads(dumps(match))
    assert again == match, "the record replays to the same match"
    print(f"record: {len(match.events)} actions replayed to an equal match")
    summary = simulate("gin", matches=10, seed=1, players=2, bots="greedy")
    print(f"simulate: {summary.matches} matches, wins {summary.wins}, {summary.deals} deals")


if __name__ == "__main__":
    main()
