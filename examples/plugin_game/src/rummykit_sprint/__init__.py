"""Sprint rummy and the lowball bot: a rummykit plugin in its own package.

The package's ``pyproject.toml`` declares :class:`Sprint` in the entry point group
``rummykit.games`` and :func:`lowball_agent` in ``rummykit.agents``; installed beside
rummykit, ``rummykit simulate sprint --bots lowball`` and the rest just work. No game or bot is
registered on import: rummykit loads what the entry points name when it is asked for
them. The rules are in README.md (SPRINT-1 to SPRINT-6).

Its texts are its own: on import it adds its catalogs (``locale/<locale>/LC_MESSAGES/
rummykit_sprint.po``, Brazilian Portuguese and Russian: its clauses' titles and its
options' descriptions) to rummykit's, and the titles of its clauses, so that
``rummykit rules sprint --lang ru`` and ``rummykit play sprint --lang ru`` say them in
Russian; its refusals use rummykit's codes, which rummykit's catalogs translate (see the
how-to *Play in Portuguese or Russian*).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

import attrs

from rummykit import (
    Card,
    ConfigError,
    DeckSpec,
    DiscardPile,
    Match,
    MeldRules,
    Message,
    Stock,
    deal,
    min_deadwood_value,
)
from rummykit.agents import Agent, check_options
from rummykit.agents.options import whole as agent_whole
from rummykit.i18n import add_catalog
from rummykit.i18n.clauses import add_clause_titles
from rummykit.i18n.text import NC_
from rummykit.kit import (
    DEAL_OVER,
    MATCH_OVER,
    Action,
    DealEnd,
    DealScore,
    DealStarted,
    DealState,
    Discard,
    Discarded,
    Draw,
    Drew,
    FirstDealer,
    GameDefinition,
    GoingOut,
    MatchState,
    NextDeal,
    Outcome,
    Phase,
    PlayerView,
    Take,
    TookFromPile,
    WentOut,
    first_dealer,
    player_range,
    require_definition,
    whole,
)
from rummykit.presets import GIN_MELDS, GIN_VALUES

__all__ = ["LowballAgent", "Sprint", "SprintMatch", "SprintRules", "lowball_agent"]

MELDS = GIN_MELDS  # groups of 3-4, runs of 3+, ace low, no jokers
HAND = 7
DRAW = Phase("draw", "SPRINT-2")
DISCARD = Phase("discard", "SPRINT-3")

add_catalog(Path(__file__).resolve().parent / "locale", domain="rummykit_sprint")
add_clause_titles(
    {
        "SPRINT-1": NC_("SPRINT-1", "Dealing"),
        "SPRINT-2": NC_("SPRINT-2", "Drawing"),
        "SPRINT-3": NC_("SPRINT-3", "Discarding and going out"),
        "SPRINT-4": NC_("SPRINT-4", "Scoring"),
        "SPRINT-5": NC_("SPRINT-5", "Dead deals"),
        "SPRINT-6": NC_("SPRINT-6", "The end of the match"),
    }
)


def two_to_four(value: Any) -> tuple[int, int]:
    """SPRINT-1: two to four players (a named converter, for mypy's attrs plugin)."""
    return player_range(2, 4)(value)


def seat_or_random(value: Any) -> FirstDealer | int:
    """``"random"`` or a fixed seat."""
    return first_dealer(FirstDealer.RANDOM)(value)


@attrs.frozen(kw_only=True)
class SprintRules:
    """The options of Sprint rummy; ``game("sprint", target=30)`` sets one."""

    player_count_range: tuple[int, int] = attrs.field(default=(2, 4), converter=two_to_four)
    """SPRINT-1: the fewest and most players."""
    first_dealer: FirstDealer | int = attrs.field(
        default=FirstDealer.RANDOM, converter=seat_or_random
    )
    """The first dealer: random, or a seat."""
    target: int = attrs.field(default=50, validator=whole(1))
    """SPRINT-6: the points that end the match."""
    max_deals: int = attrs.field(default=10, validator=whole(1))
    """SPRINT-6: the most deals a match has."""
    max_turns_per_deal: int = attrs.field(default=200, validator=whole(1))
    """SPRINT-5: turns after which a deal is dead."""


@attrs.define
class SprintDeal(DealState):
    """A deal: hands, stock, pile and turns (the base) and the card just taken (SPRINT-3)."""

    taken: Card | None = None


def deadwood(cards: list[Card]) -> int:
    """The points of ``cards`` left over by their best melds (SPRINT-4)."""
    return min_deadwood_value(cards, MELDS, values=GIN_VALUES)


class SprintMatch(Match[MatchState, SprintDeal]):
    """One match of Sprint rummy, deal after deal until SPRINT-6 ends it."""

    _clause_prefix = "SPRINT"
    _players_clause = "SPRINT-1"
    rules: SprintRules

    def _deck_spec(self) -> DeckSpec:
        return DeckSpec(decks=1)

    def _new_state(self) -> MatchState:
        return MatchState()

    def _is_last_deal(self) -> bool:
        """SPRINT-6."""
        return max(self.scores) >= self.rules.target or self.deal_number >= self.rules.max_deals

    def _start_deal(self, pack: list[Card] | None) -> None:
        """SPRINT-1: a stacked ``pack`` is dealt as it lies, else the shoe is shuffled."""
        cards = list(self.spec.shuffled(self.rng)) if pack is None else pack
        dealt = deal(cards, players=self.players, hand_size=HAND, dealer=self.dealer)
        stock = Stock(dealt.rest)
        upcard = stock.draw()
        self.deal = SprintDeal([list(hand) for hand in dealt.hands], stock, DiscardPile())
        self.deal.pile.push(upcard, None)
        self._emit(DealStarted(self.deal_number, self.dealer, upcard))
        self._set_turn(DRAW, (self.dealer + 1) % self.players)

    def _list_legal(self) -> tuple[Action, ...]:
        if self.phase is DRAW:  # SPRINT-2
            return (Draw(), Take()) if len(self.deal.pile) else (Draw(),)
        assert self.to_act is not None  # every decision is one seat's
        hand = self.deal.hands[self.to_act]
        return tuple(Discard(card) for card in sorted(hand) if card is not self.deal.taken)

    def _why_not(self, action: Action) -> tuple[str, Message | str]:
        """Say which rule an illegal discard breaks, with the library's message codes
        (:mod:`rummykit.messages`; both are hidden: told only to the seat to act)."""
        seat = self.to_act
        if isinstance(action, Discard) and seat is not None and self.phase is DISCARD:
            if action.card is self.deal.taken:
                return "SPRINT-3", Message("discard.taken", {"seat": seat, "card": action.card})
            return "SPRINT-3", Message("hand.lacks", {"seat": seat, "cards": (action.card,)})
        return super()._why_not(action)

    def _perform(self, seat: int | None, action: Action) -> None:
        assert seat is not None
        hand = self.deal.hands[seat]
        if isinstance(action, Draw):  # SPRINT-2
            card, self.deal.taken = self.deal.stock.draw(), None
            hand.append(card)
            self._emit(Drew(seat, (card,)))
            self._set_turn(DISCARD, seat)
            return
        if isinstance(action, Take):
            card = self.deal.taken = self.deal.pile.take()[0]
            hand.append(card)
            self._emit(TookFromPile(seat, (card,)))
            self._set_turn(DISCARD, seat)
            return
        assert isinstance(action, Discard)  # SPRINT-3
        hand.remove(action.card)
        self.deal.pile.push(action.card, seat)
        self._emit(Discarded(seat, action.card))
        self.deal.turns += 1
        if deadwood(hand) == 0:  # SPRINT-3, SPRINT-4
            self._emit(WentOut(seat, GoingOut.DISCARDING))
            points = sum(deadwood(other) for other in self.deal.hands)
            scores = [DealScore(points if s == seat else 0, 0) for s in range(self.players)]
            self._end_deal(DealEnd.WENT_OUT, seat, scores)
        elif not len(self.deal.stock):  # SPRINT-5
            self._end_deal(DealEnd.DEAD_STOCK, None, [DealScore(0, 0)] * self.players)
        elif self.deal.turns >= self.rules.max_turns_per_deal:
            self._end_deal(DealEnd.TURN_CAP, None, [DealScore(0, 0)] * self.players)
        else:
            self._set_turn(DRAW, (seat + 1) % self.players)

    def _final_outcome(self) -> Outcome:
        """SPRINT-6: the highest total wins (all of them, if tied)."""
        totals = self.scores
        standings = tuple(sorted(enumerate(totals), key=lambda pair: (-pair[1], pair[0])))
        winners = tuple(seat for seat, total in standings if total == standings[0][1])
        losers = tuple(s for s in range(self.players) if s not in winners)
        return Outcome(winners, standings, losers)


@attrs.frozen
class Sprint(GameDefinition[SprintRules, SprintMatch]):
    """Sprint rummy: ``game("sprint").new_match(players=3, seed=7)``."""

    name: ClassVar[str] = "sprint"
    title: ClassVar[str] = "Sprint rummy"
    rules_type: ClassVar[type[SprintRules]] = SprintRules
    match_type: ClassVar[type[SprintMatch]] = SprintMatch
    actions: ClassVar[tuple[type[Action], ...]] = (Draw, Take, Discard, NextDeal)
    phases: ClassVar[tuple[Phase, ...]] = (DRAW, DISCARD, DEAL_OVER, MATCH_OVER)
    default_players: ClassVar[int] = 3

    rules: SprintRules = attrs.field(factory=SprintRules)

    def meld_rules(self) -> MeldRules:
        """What a meld is in Sprint rummy (bots such as ``lowball`` ask the definition)."""
        return MELDS


# -- the bot ----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class LowballAgent:
    """Keeps its deadwood low in any game with melds: takes the pile's top card when that
    lowers its deadwood by ``take_gain`` points or more, else draws; discards the card
    that leaves the least deadwood (the costliest, on a tie); anything else at random."""

    melds: MeldRules
    """The game's meld rules (set from the game by :func:`lowball_agent`)."""
    take_gain: int = attrs.field(default=3, validator=agent_whole(1))
    """How many points of deadwood taking the pile's top card must save."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """The lowball choice among ``view.legal``."""
        legal, hand = view.legal, list(view.hand)
        takes = [action for action in legal if isinstance(action, Take)]
        if Draw() in legal and takes and view.pile:
            now = min_deadwood_value(hand, self.melds, values=GIN_VALUES)
            top = view.pile[-1][0]
            after = min_deadwood_value([*hand, top], self.melds, values=GIN_VALUES, discard=True)
            return takes[0] if now - after >= self.take_gain else Draw()
        discards = [action for action in legal if type(action) is Discard]
        if discards:

            def left(action: Discard) -> tuple[int, int]:
                rest = list(hand)
                rest.remove(action.card)
                value = min_deadwood_value(rest, self.melds, values=GIN_VALUES)
                return value, -GIN_VALUES.value(action.card)

            return min(discards, key=left)
        return Draw() if Draw() in legal else rng.choice(legal)


def lowball_agent(definition: Any, **options: Any) -> Agent:
    """The ``lowball`` bot for ``definition``, a game with melds (the factory the entry
    point names); ``options``: ``take_gain``."""
    require_definition(definition)
    check_options(LowballAgent, options, set_by_game=("melds",))
    melds = definition.meld_rules()
    if melds is None:
        raise ConfigError(f"lowball plays games with melds; {definition.name} has none")
    return LowballAgent(melds=melds, **options)
