"""The table options the contract-rummy engine reads, as one typed frozen value.

:class:`TableOptions` is every option the engine's turn, shoe, scoring and end of match
read. A game's rules hold them as one typed field: a
:class:`~rummykit.engine.table.TableRules` subclass declares, in one
:class:`~rummykit.engine.table.TableSpec`, which of them players set (with the game's
default and clause), which the game fixes and which its rules make from options of their
own; its own options are its fields, never named as an engine option
(:mod:`rummykit.engine.table`). A game with no options of its own may use
:class:`TableOptions` itself as its rules. The engine reads nothing else from a game's
rules: ``table_options()``.

>>> from rummykit.engine import TableOptions
>>> options = TableOptions(decks={3: 2, 5: 3}, jokers=2, hand_size=11)
>>> options.decks.at(4), options.decks.at(6), options.jokers.at(6)
(2, 3, 2)
>>> options.schedule is None, options.deal_count
(True, 1)
>>> TableOptions(tie_break="coin")
Traceback (most recent call last):
...
rummykit.errors.ConfigError: tie_break must be one of 'shared', 'fewest_penalty_points',
'most_times_out', got 'coin'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import attrs

from rummykit.contracts.meetable import check_meetable
from rummykit.contracts.schedules import ContractSchedule
from rummykit.errors import ConfigError
from rummykit.kit.options import (
    Choice,
    FirstDealer,
    boolean,
    first_dealer,
    player_range,
    whole,
)
from rummykit.melds import MeldRules
from rummykit.scoring import FACE_VALUES, CardValues


class DealerRotation(Choice):
    """Which way the deal passes (MAYI-4.4, POSSO-5.2)."""

    LEFT = "left"
    RIGHT = "right"


class DiscardPileVisible(Choice):
    """How much of the discard pile is public (MAYI-8.2)."""

    ALL = "all"
    TOP_ONLY = "top_only"


class MultiTakeMode(Choice):
    """Extra pile cards stop before one's own discard, or skip it (MAYI-9.8)."""

    CONTIGUOUS = "contiguous"
    ANY = "any"


class SingleCardRule(Choice):
    """How a player avoids discarding their last card where that is banned (MAYI-13.3)."""

    KEEP_TWO = "keep_two"
    END_TURN_WITHOUT_DISCARD = "end_turn_without_discard"


class StockExhaustion(Choice):
    """What an empty stock does (MAYI-14.1-14.2, POSSO-16.1)."""

    RESHUFFLE = "reshuffle"
    END_DEAL = "end_deal"


class PenaltyDrawShortfall(Choice):
    """A stock draw that cannot be made (MAYI-14.3)."""

    SKIP = "skip"
    LIMIT_TAKE = "limit_take"


class DeadDealScoring(Choice):
    """How a deal nobody went out of scores (MAYI-15.4, POSSO-17.3)."""

    PENALTIES = "penalties"
    VOID = "void"


class WinnerMetric(Choice):
    """What decides the winner (MAYI-16.3, POSSO-18.2)."""

    NET = "net"
    PENALTIES_ONLY = "penalties_only"


class TieBreak(Choice):
    """How a tie for the win is settled (MAYI-16.4, POSSO-18.3)."""

    SHARED = "shared"
    FEWEST_PENALTY_POINTS = "fewest_penalty_points"
    MOST_TIMES_OUT = "most_times_out"


class PileTake(Choice):
    """Whether a regular turn may take several pile cards, and at what price (MAYI-9.8
    for May I?; 500 Rum's deep take)."""

    OFF = "off"
    """Only the top card (or the stock): ``take 2`` and more are not offered, in a turn
    or in a claim (a May I? buy takes the disputed card alone)."""
    PENALTY = "penalty"
    """Several cards, paid with stock penalty cards; the turn then ends without a
    discard (MAYI-9.8, 13.4)."""
    MELD_DEEPEST = "meld_deepest"
    """Several cards, no penalty; the turn goes on to a discard as usual, and the
    deepest card taken must be melded (laid down or off) before that discard (500 Rum)."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class PerPlayers:
    """A count that may depend on the number of players: ``steps`` are (from this many
    players on, this count) pairs, fewest players first.

    >>> decks = PerPlayers.of({3: 2, 5: 3})
    >>> decks, decks.at(3), decks.at(5), decks.at(2)
    (PerPlayers.of({3: 2, 5: 3}), 2, 3, 2)
    >>> PerPlayers.of(1).at(7)
    1
    """

    steps: tuple[tuple[int, int], ...]

    @classmethod
    def of(
        cls, value: int | Mapping[Any, int] | PerPlayers, *, option: str = "count"
    ) -> PerPlayers:
        """A whole number (for every player count), a mapping {players: count}, or a
        :class:`PerPlayers`; anything else is a :class:`~rummykit.errors.ConfigError`
        naming ``option``."""
        if isinstance(value, PerPlayers):
            return value
        if _whole(value):
            assert isinstance(value, int)
            pairs = {0: value}
        elif isinstance(value, Mapping) and value:
            pairs = {}
            for key, count in value.items():
                text = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 4
                players = int(key) if text else key
                if not _whole(players) or not _whole(count):
                    pairs = {}
                    break
                pairs[players] = count
        else:
            pairs = {}
        if not pairs or any(count < 0 or players < 0 for players, count in pairs.items()):
            raise ConfigError(
                f"{option} must be a whole number or a mapping {{players: {option}}} of "
                f"whole numbers such as {{3: 2, 5: 3}}, got {value!r}"
            )
        return cls(tuple(sorted(pairs.items())))

    def json_value(self) -> int | dict[str, int]:
        """How a record or a snapshot writes it: the number, or ``{"3": 2, "5": 3}``
        (what :meth:`of` reads back).

        >>> PerPlayers.of(2).json_value(), PerPlayers.of({3: 2, 5: 3}).json_value()
        (2, {'3': 2, '5': 3})
        """
        if len(self.steps) == 1 and self.steps[0][0] == 0:
            return self.steps[0][1]
        return {str(players): count for players, count in self.steps}

    def at(self, players: int) -> int:
        """The count for ``players`` (the first step's below it)."""
        count = self.steps[0][1]
        for fewest, value in self.steps:
            if players >= fewest:
                count = value
        return count

    def check_players(self, fewest: int, most: int, *, option: str) -> None:
        """Refuse, with a :class:`~rummykit.errors.ConfigError` naming ``option``, a
        count by player count that does not fit a game of ``fewest`` to ``most``
        players: a player count outside that range (its count would never apply), or
        none for ``fewest`` (a count for some player count the game allows would be
        a guess). A plain number, the same for every player count, always fits.

        >>> PerPlayers.of({3: 2, 5: 3}).check_players(3, 5, option="decks")
        >>> PerPlayers.of({4: 3}).check_players(3, 5, option="decks")
        Traceback (most recent call last):
        ...
        rummykit.errors.ConfigError: decks {4: 3} gives no count for 3 players (the game
        takes 3-5): give one from 3 players on, such as {3: ..., 4: 3}
        """
        if self.steps[0][0] == 0 and len(self.steps) == 1:
            return
        given = dict(self.steps)
        outside = [players for players in given if not fewest <= players <= most]
        if outside:
            raise ConfigError(
                f"{option} {given!r} gives a count for {outside[0]} "
                f"player{'' if outside[0] == 1 else 's'}, but the game takes {fewest}-{most}"
            )
        if self.steps[0][0] != fewest:
            example = ", ".join(f"{players}: {count}" for players, count in self.steps)
            raise ConfigError(
                f"{option} {given!r} gives no count for {fewest} players (the game takes "
                f"{fewest}-{most}): give one from {fewest} players on, such as "
                f"{{{fewest}: ..., {example}}}"
            )

    @property
    def most(self) -> int:
        """The largest count for any number of players."""
        return max(count for _, count in self.steps)

    def __repr__(self) -> str:
        if len(self.steps) == 1 and self.steps[0][0] == 0:
            return f"PerPlayers.of({self.steps[0][1]})"
        return f"PerPlayers.of({dict(self.steps)})"


def short_shoe(
    player_count_range: tuple[int, int],
    decks: PerPlayers,
    jokers: PerPlayers,
    hand_size: int,
    upcard: bool,
) -> tuple[int, int, int] | None:
    """The largest player count whose hands of ``hand_size`` (and the ``upcard``) need
    more cards than its shoe of 52-card ``decks`` and ``jokers`` holds, with the cards
    needed and held; ``None`` when every count can be dealt (the shoe may grow with the
    players, so each count is checked).

    >>> short_shoe((3, 6), PerPlayers.of({3: 1, 6: 2}), PerPlayers.of(0), 11, True)
    (5, 56, 52)
    """
    fewest, most = player_count_range
    for players in range(most, fewest - 1, -1):
        shoe = 52 * decks.at(players) + jokers.at(players)
        dealt = players * hand_size + (1 if upcard else 0)
        if dealt > shoe:
            return players, dealt, shoe
    return None


def _decks(value: int | Mapping[Any, int] | PerPlayers) -> PerPlayers:
    converted = PerPlayers.of(value, option="decks")
    if not all(count >= 1 for _, count in converted.steps):
        raise ConfigError(f"decks must be 1 or more for every player count, got {value!r}")
    return converted


def _jokers(value: int | Mapping[Any, int] | PerPlayers) -> PerPlayers:
    return PerPlayers.of(value, option="jokers")


def _players(value: Any) -> tuple[int, int]:
    return player_range(2, 8)(value)


def _first_dealer(value: Any) -> FirstDealer | int:
    return first_dealer(FirstDealer.RANDOM, FirstDealer.HIGH_CARD_DRAW)(value)


def _instance(kind: type[Any], *, optional: bool = False) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if not isinstance(value, kind):
            allowed = f"a {kind.__name__}" + (" (or None)" if optional else "")
            raise ConfigError(f"{attribute.name} must be {allowed}, got {value!r}")

    return check


@attrs.frozen(kw_only=True)
class TableOptions:
    """The options the contract-rummy engine reads; defaults are the reference May I?
    table's where it has one.

    Without a ``schedule`` the game has no contracts: it has ``deal_count`` deals of
    ``hand_size`` cards each, and its opening hook says what a first laydown is
    (:class:`~rummykit.engine.free.FreeOpening`: any valid melds).

    A game's rules hold these as one field (:class:`~rummykit.engine.table.TableRules`,
    the game's defaults and clauses in its :class:`~rummykit.engine.table.TableSpec`); a
    game with no options of its own may use :class:`TableOptions` itself as its rules.
    """

    player_count_range: tuple[int, int] = attrs.field(default=(3, 5), converter=_players)
    """How many may play (fewest, most), within 2-8."""
    first_dealer: FirstDealer | int = attrs.field(
        default=FirstDealer.RANDOM, converter=_first_dealer
    )
    """``random``, ``high_card_draw`` (the highest card of a cut deals) or a fixed seat."""
    dealer_rotation: DealerRotation = attrs.field(
        default=DealerRotation.LEFT, converter=DealerRotation
    )
    """The deal passes to the left or the right."""
    decks: PerPlayers = attrs.field(default=PerPlayers.of(2), converter=_decks)
    """52-card decks in the shoe: a number, or by player count (``{3: 2, 5: 3}``: two
    decks from three players, three from five)."""
    jokers: PerPlayers = attrs.field(default=PerPlayers.of(0), converter=_jokers)
    """Jokers in the shoe: a number, or by player count as ``decks``."""
    card_values: CardValues = attrs.field(default=FACE_VALUES, validator=_instance(CardValues))
    """What each card left in hand costs."""
    meld_rules: MeldRules = attrs.field(factory=MeldRules, validator=_instance(MeldRules))
    """What a meld is."""
    schedule: ContractSchedule | None = attrs.field(
        default=None, validator=_instance(ContractSchedule, optional=True)
    )
    """The contract, hand size and going-out rule of each deal; ``None``: no contracts
    (``deal_count``, ``hand_size`` and ``discard_out`` say the deals)."""
    deal_count: int = attrs.field(default=1, validator=whole(1, 100))
    """Deals in a match without a schedule."""
    hand_size: int = attrs.field(default=10, validator=whole(1, 30))
    """Cards dealt to each player in a match without a schedule."""
    discard_out: bool = attrs.field(default=True, validator=boolean)
    """Going out by discarding is allowed (a match without a schedule)."""
    deal_packet_size: int = attrs.field(default=1, validator=whole(1, 30))
    """Cards dealt at a time."""
    initial_upcard: bool = attrs.field(default=False, validator=boolean)
    """Turn the top stock card up to start the discard pile."""
    may_discard_taken_card: bool = attrs.field(default=False, validator=boolean)
    """A card just taken from the pile may be discarded at once."""
    discard_pile_visible: DiscardPileVisible = attrs.field(
        default=DiscardPileVisible.ALL, converter=DiscardPileVisible
    )
    """The whole pile is public, or only its top card."""
    may_take_own_discard: bool = attrs.field(default=False, validator=boolean)
    """Only the disputed card is protected from its discarder."""
    multi_take_mode: MultiTakeMode = attrs.field(
        default=MultiTakeMode.CONTIGUOUS, converter=MultiTakeMode
    )
    """Extra pile cards come from the top down, stopping before one's own discard; with
    ``any`` one's own discards are skipped instead."""
    buy_penalty_per_card: int = attrs.field(default=1, validator=whole(0, 10))
    """Stock cards paid per pile card taken beyond the first (per card in a buy)."""
    single_card_rule: SingleCardRule = attrs.field(
        default=SingleCardRule.KEEP_TWO, converter=SingleCardRule
    )
    """How a player avoids discarding their last card where that is banned."""
    penalty_draw_shortfall: PenaltyDrawShortfall = attrs.field(
        default=PenaltyDrawShortfall.SKIP, converter=PenaltyDrawShortfall
    )
    """A stock draw that cannot be made is skipped, or the take is limited."""
    stock_exhaustion: StockExhaustion = attrs.field(
        default=StockExhaustion.RESHUFFLE, converter=StockExhaustion
    )
    """Refill the stock from the pile, or end the deal."""
    max_stock_refills: int = attrs.field(default=10, validator=whole(0))
    """Refills a deal may make before it ends as a dead deal."""
    max_turns_per_deal: int = attrs.field(default=1000, validator=whole(1))
    """Turns a deal may take before it ends as a dead deal."""
    going_out_bonus: int = attrs.field(default=20, validator=whole(0))
    """What going out scores."""
    dead_deal_scoring: DeadDealScoring = attrs.field(
        default=DeadDealScoring.PENALTIES, converter=DeadDealScoring
    )
    """A dead deal scores minus each hand, or nothing."""
    winner_metric: WinnerMetric = attrs.field(default=WinnerMetric.NET, converter=WinnerMetric)
    """The highest net total wins, or the fewest penalty points."""
    tie_break: TieBreak = attrs.field(default=TieBreak.SHARED, converter=TieBreak)
    """How a tie for the win is settled."""
    pile_take: PileTake = attrs.field(default=PileTake.PENALTY, converter=PileTake)
    """Several pile cards in one take: ``off``; ``penalty`` (stock penalty cards, no
    discard); ``meld_deepest`` (no penalty, a discard after it, the deepest card taken
    must be melded in the same turn)."""
    opening_points: int = attrs.field(default=0, validator=whole(0, 1000))
    """A seat's first go-down of a deal must be worth at least this many points by the
    card values, each wild card counted as the card it stands for (0: no minimum)."""
    score_melded: bool = attrs.field(default=False, validator=boolean)
    """Each seat also scores the cards it melded in the deal (laid down, laid off or
    placed in an exchange), at their card values, beside the cards left in hand."""
    buy_limit: int | None = attrs.field(default=None, validator=whole(0, 1000, optional=True))
    """Buys a seat may make in a deal (``None``: no limit), for a game whose claim
    protocol buys; a schedule's deal may set its own."""
    buys_carry_over: bool = attrs.field(default=False, validator=boolean)
    """The buys a seat leaves unused under ``buy_limit`` in a deal are added to its
    allowance in the next (Shanghai)."""
    per_player_contracts: bool = attrs.field(default=False, validator=boolean)
    """Each seat works through the schedule at its own pace: it starts on the first
    contract and moves to the next after a deal in which it went down (Phase-10
    style). Every deal is dealt as the schedule's first; the match ends after the deal
    in which a seat completes the last contract (or at ``max_deals``), the furthest on
    winning."""
    score_limit: int = attrs.field(default=0, validator=whole(0, 100_000))
    """The match ends after the deal in which a seat's penalty points reach this many,
    the fewest penalty points winning (0: no such end)."""
    target_score: int = attrs.field(default=0, validator=whole(0, 100_000))
    """The match ends after the deal in which a seat's net total reaches this many, the
    highest winning ("first to 500"; 0: no such end)."""
    max_deals: int = attrs.field(default=100, validator=whole(1, 1000))
    """The most deals of a match that ends by ``per_player_contracts``, ``score_limit``
    or ``target_score`` (its fixed deal count where none of these ends it first)."""

    def __attrs_post_init__(self) -> None:
        fewest, most = self.player_count_range
        self.decks.check_players(fewest, most, option="decks")
        self.jokers.check_players(fewest, most, option="jokers")
        sizes = [self.hand_size] if self.schedule is None else [d.hand_size for d in self.schedule]
        short = short_shoe(
            self.player_count_range, self.decks, self.jokers, max(sizes), self.initial_upcard
        )
        if short is not None:
            players, dealt, shoe = short
            raise ConfigError(
                f"{players} hands of {max(sizes)} cards need {dealt} cards, but the shoe "
                f"for {players} players holds {shoe} (decks, jokers, player_count_range)"
            )
        if self.pile_take is PileTake.MELD_DEEPEST and self.multi_take_mode is MultiTakeMode.ANY:
            raise ConfigError(
                "pile_take meld_deepest takes the pile down to its deepest card: it needs "
                "multi_take_mode contiguous"
            )
        if self.score_limit and self.target_score:
            raise ConfigError(
                "give score_limit (fewest penalty points win) or target_score (highest "
                "total wins), not both"
            )
        if self.schedule is not None:
            # the options each deal sets (deal_rules), then each deal's contract under
            # its own meld rules: kinds the rules lack, sizes below a minimum.
            # A hand bound only where it holds: one card more than dealt when a turn
            # takes one card and nobody buys (pile_take off, buy_limit 0); else several
            # pile cards or bought cards may come in, so no bound.
            from rummykit.engine.deal_rules import check_deal_options, deal_changes, deal_meld_rules

            check_deal_options(self, self.schedule)
            for number, deal in enumerate(self.schedule, start=1):
                changes = deal_changes(self, deal, number)
                pile_take = changes.get("pile_take", self.pile_take)
                single = pile_take is PileTake.OFF and changes.get("buy_limit", self.buy_limit) == 0
                check_meetable(
                    deal.contract,
                    deal_meld_rules(self, deal, number),
                    hand_size=deal.hand_size,
                    extra_cards=1 if single else None,
                    deal=number,
                )

    def table_options(self) -> TableOptions:
        """These options (a game whose rules are :class:`TableOptions` itself gives them
        to the engine as they are)."""
        return self


class ContractRules(Protocol):
    """What the engine needs of a game's rules: the match base's player count and
    first dealer, and the engine's :class:`TableOptions`."""

    @property
    def player_count_range(self) -> tuple[int, int]:
        """How many may play (fewest, most)."""

    @property
    def first_dealer(self) -> FirstDealer | int:
        """How the first dealer is chosen."""

    def table_options(self) -> TableOptions:
        """The engine's options for these rules."""
