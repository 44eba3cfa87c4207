"""Possession ("Владение", Guy Quang Tran, 1998): the shedding game (PSSN).

Possession shares the :class:`~rummykit.kit.match.Match` base with the contract games (state,
events, end of deal, views, copies) but not the contract-rummy engine.

>>> from rummykit.games.possession import Possession
>>> match = Possession().new_match(players=2, seed=4)
>>> match.phase.value, len(match.view(0).hand), match.view(0).stock_size
('play', 9, 33)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar, Final

import attrs

from rummykit._memo import BoundedMemo
from rummykit.cards import Card
from rummykit.deck import DeckSpec, DiscardPile, PileCard, Stock, deal_in_rounds, refill_stock
from rummykit.errors import ConfigError
from rummykit.games.possession.actions import Play
from rummykit.games.possession.bot import PossessionAgent
from rummykit.games.possession.effects import Played
from rummykit.games.possession.moves import FirstPlayer, first_player, legal_moves
from rummykit.games.possession.rules import PossessionRules
from rummykit.kit.actions import Action, Done, Draw, NextDeal, Pass
from rummykit.kit.definition import GameDefinition
from rummykit.kit.effects import (
    DealEnd,
    DealStarted,
    Dealt,
    Drew,
    GoingOut,
    Passed,
    StockRefilled,
    WentOut,
)
from rummykit.kit.match import Match
from rummykit.kit.position import Position
from rummykit.kit.protocol import DEAL_OVER, MATCH_OVER, DealScore, Outcome, Phase
from rummykit.kit.state import DealState, MatchState
from rummykit.messages import Message


@cache
def _drew(seat: int, card: Card) -> Drew:
    """``seat`` drew ``card``, made once (effects are values)."""
    return Drew(seat, (card,))


_PLAYED: Final = BoundedMemo[tuple[int, tuple[Card, ...]], Played]("plays", entries=4096)
"""The plays met lately, made once each (a seat plays the same few sequences again)."""


def _played(seat: int, cards: tuple[Card, ...]) -> Played:
    found = _PLAYED.get((seat, cards))
    if found is None:
        found = _PLAYED.put((seat, cards), Played(seat, cards))
    return found


PLAY = Phase("play", "PSSN-5")
"""A turn's move (PSSN-5): play, draw or pass."""


@attrs.define
class PossessionDeal(DealState):
    """One deal of Possession."""

    first: FirstPlayer | None = None
    """Who played first, and the step of PSSN-4.2 that decided it."""
    recycles: int = 0
    """Times the pile was turned into the stock (PSSN-6.4)."""
    passes: int = 0
    """Passes in a row (PSSN-6.3)."""
    drew_this_turn: bool = False
    """The seat to act has drawn this turn (``play_after_draw``)."""


@attrs.define
class PossessionState(MatchState):
    """A Possession match: the shared fields plus the outcome once decided."""

    result: Outcome | None = None


class PossessionMatch(Match[PossessionState, PossessionDeal]):
    """One game of Possession: deals until someone reaches the loss threshold (PSSN-9)."""

    _plain_view: ClassVar[bool] = True
    """Its view is the shipped one, with no extras (the RL observation reads its state)."""

    _clause_prefix = "PSSN"
    _players_clause = "PSSN-1.1"
    rules: PossessionRules

    def _deck_spec(self) -> DeckSpec:
        """PSSN-1.2: one deck for 2-3 players, two for 4 (or ``deck_count``)."""
        spec = DeckSpec(decks=self.rules.decks_for(self.players))
        if self.players * self.rules.hand_size + 1 > spec.size:
            raise ConfigError(
                f"{self.players} hands of {self.rules.hand_size} do not fit {spec.size} cards"
            )
        return spec

    def _new_state(self) -> PossessionState:
        """No deals yet."""
        return PossessionState()

    def _is_last_deal(self) -> bool:
        """PSSN-9.1: the game ends when a total reaches the loss threshold."""
        return self.state.result is not None

    def _next_dealer(self) -> int:
        """PSSN-2.2: the deal passes to the left."""
        return (self.state.dealer + 1) % self.players

    # -- deals ----------------------------------------------------------------------------

    def _start_deal(self, pack: list[Card] | None) -> None:
        """PSSN-3: three shuffled rounds of three, an upcard; PSSN-4: the first player."""
        stacked = pack is not None
        dealt = deal_in_rounds(
            pack if pack is not None else list(self.spec.shoe()),
            players=self.players,
            hand_size=self.rules.hand_size,
            rounds=3,
            packet_size=self.rules.deal_packet_size,
            dealer=self.state.dealer,
            rng=None if stacked else self.rng,
        )
        self.deal = PossessionDeal(
            hands=[list(hand) for hand in dealt.hands], stock=Stock(dealt.rest), pile=DiscardPile()
        )
        upcard = self.deal.stock.draw()
        self.deal.pile.push(upcard, None)
        self._emit(DealStarted(self.state.deal_number, self.state.dealer, upcard))
        for seat, hand in enumerate(self.deal.hands):
            self._emit(Dealt(seat, tuple(sorted(hand))))
        self.deal.first = first_player(
            self.deal.hands, upcard, dealer=self.state.dealer, rules=self.rules, rng=self.rng
        )
        self._start_turn(self.deal.first.seat)

    def _load_position(self, position: Position) -> None:
        """Start from ``position`` (its pile must not be empty: the top is in play)."""
        if position.table or position.down:
            raise ConfigError("position: Possession has no melds on the table")
        if not position.pile:
            raise ConfigError("position: Possession needs a card in play on the pile")
        self.state.deal_number = position.deal
        self.state.dealer = position.dealer
        self.deal = PossessionDeal(
            hands=[list(hand) for hand in position.hands],
            stock=Stock(position.stock),
            pile=DiscardPile([PileCard(card, seat) for card, seat in position.pile]),
        )
        seat = (position.dealer + 1) % self.players if position.to_act is None else position.to_act
        self._start_turn(seat)

    def _start_turn(self, seat: int) -> None:
        """A turn starts, unless the turn cap ends the deal (PSSN-6.5)."""
        if self.deal.turns >= self.rules.max_turns_per_deal:
            self._end_possession_deal(DealEnd.TURN_CAP, None)
            return
        self.deal.turns += 1
        self.deal.drew_this_turn = False
        self._set_turn(PLAY, seat)

    @property
    def top(self) -> Card:
        """The card in play (the top of the pile)."""
        top = self.deal.pile.top
        assert top is not None
        return top.card

    @property
    def recycles(self) -> int:
        """Recycles made this deal."""
        return self.deal.recycles

    @property
    def first(self) -> FirstPlayer | None:
        """Who played first in this deal, and why."""
        return self.deal.first

    # -- the protocol ---------------------------------------------------------------------

    def _final_outcome(self) -> Outcome:
        """PSSN-9.2, 9.3."""
        assert self.state.result is not None
        return self.state.result

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's points (cards left at the end of each deal)."""
        return self.penalties()

    def _can_draw(self) -> bool:
        """There is a stock card, or a pile to recycle."""
        return bool(len(self.deal.stock)) or len(self.deal.pile) > 1

    def _list_legal(self) -> tuple[Action, ...]:
        seat = self.state.to_act
        assert seat is not None
        deal = self.deal
        top = deal.pile.top
        assert top is not None
        return legal_moves(
            deal.hands[seat],
            top.card,
            self.rules,
            drew=deal.drew_this_turn,
            can_draw=self._can_draw(),
        )

    def _why_not(self, action: Action) -> tuple[str, Message | str]:
        seat = self.state.to_act
        if self.is_over:
            return "PSSN-9.1", Message("match.game_over")
        if isinstance(action, Draw) and seat is not None:
            if not self._can_draw():
                return "PSSN-5.4", Message("draw.nothing", {"seat": seat})
            if self.deal.drew_this_turn:
                return "PSSN-5.3", Message("draw.again", {"seat": seat})
            return "PSSN-5.3", Message("draw.can_play", {"seat": seat})
        if isinstance(action, Pass):
            return "PSSN-5.4", Message("pass.not_stuck", {"seat": seat})
        if isinstance(action, Play) and seat is not None:
            # hidden codes: which cards they hold is theirs to know (an unknown sender is
            # told hand.not_playable, citing PSSN-5)
            missing = Counter(action.cards) - Counter(self.deal.hands[seat])
            if missing:
                cards = tuple(sorted(missing.elements()))
                return "PSSN-5", Message("hand.lacks", {"seat": seat, "cards": cards})
            rule = "PSSN-5.2" if len(action.cards) > 1 else "PSSN-5.1"
            return rule, Message("play.no_fit", {"seat": seat, "action": action, "top": self.top})
        return super()._why_not(action)

    def _neutral_rule(self) -> str | None:
        return "PSSN-5"

    def _perform(self, seat: int | None, action: Action) -> None:
        assert seat is not None
        if isinstance(action, Play):
            self._play(seat, action)
        elif isinstance(action, Draw):
            self._draw(seat)
        elif isinstance(action, Pass):
            self._pass_turn(seat)
        elif isinstance(action, Done):
            self._start_turn((seat + 1) % self.players)

    def _play(self, seat: int, action: Play) -> None:
        """PSSN-5.1, 5.2: cards go onto the pile; an empty hand goes out (PSSN-7.1)."""
        hand = self.deal.hands[seat]
        for card in action.cards:
            hand.remove(card)
            self.deal.pile.push(card, seat)
        self.deal.passes = 0
        self._emit(_played(seat, action.cards))
        if not hand:
            self._emit(WentOut(seat, GoingOut.PLAYING))
            self._end_possession_deal(DealEnd.WENT_OUT, seat)
            return
        self._start_turn((seat + 1) % self.players)

    def _recycle(self) -> bool:
        """PSSN-6.1, 6.4: turn the pile (but its top card) into the stock, within the cap."""
        if self.deal.recycles >= self.rules.max_recycles:
            return False
        shuffle = bool(self.rules.recycle_shuffle)
        moved = refill_stock(self.deal.stock, self.deal.pile, rng=self.rng if shuffle else None)
        self.deal.recycles += 1
        self._emit(StockRefilled(self.deal.recycles, moved, shuffled=shuffle))
        return True

    def _draw(self, seat: int) -> None:
        """PSSN-5.3: draw a card (recycling the pile first if needed)."""
        deal = self.deal
        if not len(deal.stock) and not self._recycle():
            self._end_possession_deal(DealEnd.RECYCLE_CAP, None)
            return
        card = deal.stock.draw()
        deal.hands[seat].append(card)
        deal.passes = 0
        self._emit(_drew(seat, card))
        if not len(deal.stock) and self.rules.recycle_timing == "immediate" and len(deal.pile) > 1:
            self._recycle()
        if self.rules.play_after_draw:
            deal.drew_this_turn = True
        else:
            self._start_turn((seat + 1) % self.players)

    def _pass_turn(self, seat: int) -> None:
        """PSSN-5.4, 6.3: a pass; when everyone has passed the deal is blocked."""
        self.deal.passes += 1
        self._emit(Passed(seat))
        if self.deal.passes >= self.players:  # PSSN-6.3 (a guard: cannot arise in play)
            if self.rules.blocked_deal == "void":
                self.state.deal_number -= 1
                self._next_deal(rotate=False)
                return
            self._end_possession_deal(DealEnd.BLOCKED, None)
            return
        self._start_turn((seat + 1) % self.players)

    def _end_possession_deal(self, reason: DealEnd, went_out: int | None) -> None:
        """PSSN-8: a point per card left; PSSN-9: the game ends at the threshold. Only
        the number of cards counts, and it is public: the hands are not shown."""
        scores = [
            DealScore(0, 0 if seat == went_out else len(self.deal.hands[seat]))
            for seat in range(self.players)
        ]
        totals = [
            total + score.penalty for total, score in zip(self.penalties(), scores, strict=True)
        ]
        if max(totals) >= self.rules.loss_threshold:
            self.state.result = possession_outcome(self.rules, totals)
        self._end_deal(reason, went_out, scores)


@attrs.frozen
class Possession(GameDefinition[PossessionRules, PossessionMatch]):
    """The Possession game definition; :meth:`~rummykit.kit.definition.GameDefinition.new_match`
    makes a match. A stacked ``deck_order`` is dealt as it lies, without the shuffles
    between rounds, and the next card is the upcard."""

    name: ClassVar[str] = "possession"
    title: ClassVar[str] = "Possession"
    rules_type: ClassVar[type[PossessionRules]] = PossessionRules
    match_type: ClassVar[type[PossessionMatch]] = PossessionMatch
    actions: ClassVar[tuple[type[Action], ...]] = (Play, Draw, Pass, Done, NextDeal)
    phases: ClassVar[tuple[Phase, ...]] = (PLAY, DEAL_OVER, MATCH_OVER)
    default_players: ClassVar[int] = 2
    heuristic: ClassVar[type[Any] | None] = PossessionAgent

    rules: PossessionRules = attrs.field(factory=PossessionRules)


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
