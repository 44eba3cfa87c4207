"""The table options the contract-rummy engine reads, as one typed frozen value.

:class:`TableOptions` is every option the engine's turn, shoe, scoring and end of match
read. A game's rules hold them as one typed field: a :class:`TableRules` subclass
declares, in one :class:`TableSpec`, which of them players set (with the game's default
and clause), which the game fixes and which its rules make from options of their own;
its own options are its fields, never named as an engine option. (A game with no options
of its own may use :class:`TableOptions` itself as its rules.) The engine reads nothing
else from a game's rules: ``table_options()``.

>>> from rummykit.engine.options import TableOptions
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

import difflib
import inspect
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, Self

import attrs

from rummykit.contracts.schedules import ContractSchedule
from rummykit.errors import ConfigError, shown
from rummykit.kit.citations import field_docs
from rummykit.kit.options import (
    Choice,
    FirstDealer,
    OptionInfo,
    allowed_values,
    boolean,
    field_options,
    first_dealer,
    player_range,
    whole,
)
from rummykit.melds import MeldRules
from rummykit.scoring import FACE_VALUES, CardValues

__all__ = [
    "ENGINE_OPTIONS",
    "ContractRules",
    "DeadDealScoring",
    "DealerRotation",
    "DiscardPileVisible",
    "MultiTakeMode",
    "PenaltyDrawShortfall",
    "PerPlayers",
    "Setting",
    "SingleCardRule",
    "StockExhaustion",
    "TableOptions",
    "TableRules",
    "TableSpec",
    "TieBreak",
    "WinnerMetric",
    "short_shoe",
]


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
    """How a player avoids discarding his last card where that is banned (MAYI-13.3)."""

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

    A game's rules hold these as one field (:class:`TableRules`, the game's defaults and
    clauses in its :class:`TableSpec`); a game with no options of its own may use
    :class:`TableOptions` itself as its rules.
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
    """How a player avoids discarding his last card where that is banned."""
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
    max_turns_per_deal: int = attrs.field(default=1000, validator=whole(0))
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

    def table_options(self) -> TableOptions:
        """These options (a game whose rules are :class:`TableOptions` itself gives them
        to the engine as they are)."""
        return self


ENGINE_OPTIONS: tuple[str, ...] = tuple(field.name for field in attrs.fields(TableOptions))
"""The names of the engine's options (:class:`TableOptions`' fields), in order."""

_ENGINE_DEFAULTS = TableOptions()


@attrs.frozen
class Setting:
    """An engine option's value in one game and the clause of that game's rules it
    follows: an entry of a :class:`TableSpec`.

    >>> Setting(0, "HOUSE-2.2")
    Setting(value=0, clause='HOUSE-2.2', note='')
    """

    value: Any
    """The game's value: the default players may change, or the value the game fixes."""
    clause: str
    """The clause of the game's rules (``"HOUSE-2.2"``); ``rummykit rules`` shows it."""
    note: str = ""
    """What the option means in this game, where the engine's text is not enough (a
    narrower range the game's rules check); ``rummykit rules`` shows it instead."""


def _settings(value: Mapping[str, Setting | tuple[Any, ...]]) -> dict[str, Setting]:
    return {
        name: item if isinstance(item, Setting) else Setting(*item) for name, item in value.items()
    }


def _sources(value: Mapping[str, str]) -> dict[str, str]:
    return dict(value)


@attrs.frozen(kw_only=True)
class TableSpec:
    """One game's engine options, declared once: which :class:`TableOptions` its
    players may set (``settable``: the game's default and clause for each, and a note
    where the game narrows the engine's meaning), which it
    fixes (``fixed``: the value and the clause that fixes it), and which its rules make
    from options of their own (``derived``: the engine option and the game's options it
    is made from, which the rules' ``table_options()`` fills in). An engine option it
    does not name keeps the engine's default and cannot be set.

    From it come the game's :attr:`defaults`, the names ``--option`` and ``game(name,
    **options)`` take for the engine's options, their clauses in ``rummykit rules``, and
    the refusal of an option the game does not let players set.

    >>> spec = TableSpec(
    ...     settable={"jokers": (0, "HOUSE-2"), "tie_break": ("most_times_out", "HOUSE-9")},
    ...     fixed={"decks": (1, "HOUSE-1")},
    ...     derived={"card_values": "joker_value"},
    ... )
    >>> spec.defaults.jokers, spec.defaults.decks, spec.defaults.tie_break
    (PerPlayers.of(0), PerPlayers.of(1), 'most_times_out')
    >>> spec.make({"jokers": 2}, game="house").jokers
    PerPlayers.of(2)
    >>> spec.make({"decks": 2}, game="house")
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: house fixes decks at 1 (HOUSE-1): it is not an option
    >>> TableSpec(settable={"joker": (0, "HOUSE-2")})
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: a TableSpec names no engine option 'joker' (did you mean
    'jokers'?)
    """

    settable: Mapping[str, Setting] = attrs.field(factory=dict, converter=_settings)
    """The engine options players may set, each with the game's default and clause."""
    fixed: Mapping[str, Setting] = attrs.field(factory=dict, converter=_settings)
    """The engine options the game fixes, each with its value and clause."""
    derived: Mapping[str, str] = attrs.field(factory=dict, converter=_sources)
    """The engine options the game's rules make from options of their own, each with
    the names of those options (``"meld_rules": "ace, wild_ranks"``)."""
    defaults: TableOptions = attrs.field(init=False, eq=False, repr=False)
    """The engine's options with the game's defaults and fixed values (a derived option
    holds the engine's default, a derived ``hand_size`` 1, until the rules'
    ``table_options()`` makes it)."""

    def __attrs_post_init__(self) -> None:
        seen: dict[str, str] = {}
        for part in ("settable", "fixed", "derived"):
            for name in getattr(self, part):
                if name not in ENGINE_OPTIONS:
                    raise ConfigError(
                        f"a TableSpec names no engine option {shown(name)}{_hint(name)}"
                    )
                if name in seen:
                    raise ConfigError(f"a TableSpec names {name} as {seen[name]} and as {part}")
                seen[name] = part
        values = {name: item.value for name, item in {**self.settable, **self.fixed}.items()}
        if "hand_size" in self.derived:
            # the rules make the hands (a schedule): the table's own check of the shoe
            # must not refuse a hand smaller than the engine's default of 10
            values["hand_size"] = 1
        object.__setattr__(self, "defaults", TableOptions(**values))

    def __repr__(self) -> str:
        parts = (f"{part}={list(getattr(self, part))}" for part in ("settable", "fixed", "derived"))
        return f"TableSpec({', '.join(parts)})"

    def make(self, options: Mapping[str, Any], *, game: str) -> TableOptions:
        """The engine's options with the game's defaults and ``options`` (engine option
        names the game lets players set) over them; any other engine option is a
        :class:`~rummykit.errors.ConfigError` saying why it is not an option."""
        for name in options:
            self.refuse(name, game=game)
            if name not in ENGINE_OPTIONS:
                raise ConfigError(f"{game} has no engine option {shown(name)}{_hint(name)}")
        return attrs.evolve(self.defaults, **options) if options else self.defaults

    def refuse(self, name: str, *, game: str) -> None:
        """Refuse engine option ``name`` unless players may set it: one the game fixes,
        makes from its own options or keeps at the engine's default (a name that is no
        engine option is the caller's to refuse)."""
        if name in self.settable:
            return
        if name in self.fixed:
            fixed = self.fixed[name]
            raise ConfigError(
                f"{game} fixes {name} at {_shown_value(fixed.value)} ({fixed.clause}): "
                "it is not an option"
            )
        if name in self.derived:
            raise ConfigError(f"{game} makes {name} from its options {self.derived[name]}")
        if name in ENGINE_OPTIONS:
            raise ConfigError(f"{game} keeps the engine's {name}: it is not an option")

    def check(self, table: TableOptions, *, game: str) -> None:
        """Refuse table options that change what the game does not let players set."""
        if not isinstance(table, TableOptions):
            raise ConfigError(f"{game}'s table must be TableOptions, got {shown(table)}")
        if table is self.defaults:
            return
        for name in ENGINE_OPTIONS:
            if name not in self.settable and getattr(table, name) != getattr(self.defaults, name):
                self.refuse(name, game=game)

    def option_infos(self) -> tuple[OptionInfo, ...]:
        """The settable engine options as ``rummykit rules`` lists them: the game's
        default, its clause before the engine's text."""
        docs = field_docs(TableOptions)
        fields = attrs.fields_dict(TableOptions)
        infos = []
        for name, item in self.settable.items():
            text = item.note or docs.get(name, "")
            default = getattr(self.defaults, name)
            infos.append(
                OptionInfo(
                    name=name,
                    default=default,
                    doc=f"{item.clause}: {text[:1].lower()}{text[1:]}" if text else item.clause,
                    clause=item.clause,
                    allowed=allowed_values(fields[name], default),
                )
            )
        return tuple(infos)


def _hint(name: object) -> str:
    close = difflib.get_close_matches(str(name), ENGINE_OPTIONS, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _shown_value(value: Any) -> str:
    json_value = getattr(value, "json_value", None)
    return shown(json_value() if callable(json_value) else value)


def _short_repr(table: TableOptions) -> str:
    """Table options by the fields that differ from the engine's defaults (a rules
    object's ``repr`` stays readable)."""
    changed = (
        f"{field.name}={getattr(table, field.name)!r}"
        for field in attrs.fields(TableOptions)
        if getattr(table, field.name) != getattr(_ENGINE_DEFAULTS, field.name)
    )
    return f"TableOptions({', '.join(changed)})"


def _game_table(rules: TableRules) -> TableOptions:
    return type(rules).table_spec.defaults


def _check_table(rules: TableRules, attribute: attrs.Attribute[Any], value: Any) -> None:
    type(rules).table_spec.check(value, game=type(rules).__name__)


@attrs.frozen(kw_only=True)
class TableRules:
    """The base of a contract game's rules: the engine's options as one typed field,
    :attr:`table`, declared by the class's :attr:`table_spec` (the game's defaults and
    clauses), beside the game's own options (the subclass's fields, none named as an
    engine option).

    Players name both kinds flat: ``game("may-i", jokers=2, claim_order=...)``,
    ``--option jokers=2``, :meth:`of` and :meth:`with_options`; ``rummykit rules``
    lists both. The rules give the engine ``table`` through :meth:`table_options`,
    which a game overrides to fill in the options it makes from its own
    (``attrs.evolve(self.table, card_values=self.card_values())``).

    >>> @attrs.frozen(kw_only=True)
    ... class HouseRules(TableRules):
    ...     table_spec: ClassVar[TableSpec] = TableSpec(
    ...         settable={"jokers": (0, "HOUSE-2"), "tie_break": ("shared", "HOUSE-9")}
    ...     )
    ...     bonus: int = 10
    ...     '''HOUSE-5: what a clean hand scores.'''
    >>> rules = HouseRules.of(jokers=2, bonus=5)
    >>> changed = rules.with_options(tie_break="most_times_out")
    >>> rules.table.jokers, rules.bonus, changed.table.tie_break
    (PerPlayers.of(2), 5, 'most_times_out')
    >>> rules.option_values()
    {'bonus': 5, 'jokers': 2, 'tie_break': 'shared'}
    >>> HouseRules.of(joker=2)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: HouseRules has no option 'joker' (did you mean 'jokers'?);
    its options: bonus, jokers, tie_break
    >>> HouseRules.of(decks=3)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: HouseRules keeps the engine's decks: it is not an option
    """

    table_spec: ClassVar[TableSpec] = TableSpec()
    """The game's engine options: which players set (default, clause), which the game
    fixes, which its rules make."""

    table: TableOptions = attrs.field(
        default=attrs.Factory(_game_table, takes_self=True),
        validator=_check_table,
        repr=_short_repr,
    )
    """The engine's options in this game (the options it makes from its own hold the
    engine's defaults: :meth:`table_options` fills them in)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        annotations = inspect.get_annotations(cls)
        for name, annotation in annotations.items():
            if name in ENGINE_OPTIONS and "ClassVar" not in str(annotation):
                raise ConfigError(
                    f"{cls.__name__} declares the engine option {name}: give the game's "
                    "default and clause in its table_spec (TableSpec.settable) instead"
                )

    @property
    def player_count_range(self) -> tuple[int, int]:
        """How many may play (fewest, most): the table's."""
        return self.table.player_count_range

    @property
    def first_dealer(self) -> FirstDealer | int:
        """How the first dealer is chosen: the table's."""
        return self.table.first_dealer

    def table_options(self) -> TableOptions:
        """The engine's options: :attr:`table` (a game that makes options from its own
        fills them in here)."""
        return self.table

    @classmethod
    def own_options(cls) -> tuple[str, ...]:
        """The names of the game's own options (its fields but ``table``), as declared."""
        return tuple(
            field.alias or field.name
            for field in attrs.fields(cls)
            if field.init and field.name != "table"
        )

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Every option players name: the game's own, then the engine's it lets them
        set."""
        return (*cls.own_options(), *cls.table_spec.settable)

    @classmethod
    def _split(
        cls, options: Mapping[str, Any], *, game: str
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        own_names = set(cls.own_options())
        own, engine = {}, {}
        for name, value in options.items():
            if name in own_names:
                own[name] = value
            elif name in cls.table_spec.settable:
                engine[name] = value
            else:
                cls.table_spec.refuse(name, game=game)
                known = sorted(cls.option_names())
                close = difflib.get_close_matches(str(name), known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise ConfigError(
                    f"{game} has no option {shown(name)}{hint}; its options: {', '.join(known)}"
                )
        return own, engine

    @classmethod
    def of(cls, **options: Any) -> Self:
        """The rules with ``options``, the game's own and the engine's alike by name, the
        rest the game's defaults: what ``game(name, **options)`` and ``--option`` make.

        Every mistake is a :class:`~rummykit.errors.ConfigError`: an unknown name
        suggests the closest, an engine option the game fixes or makes says so."""
        name = cls.__name__
        own, engine = cls._split(options, game=name)
        return cls(table=cls.table_spec.make(engine, game=name), **own)

    def with_options(self, **options: Any) -> Self:
        """These rules with ``options`` changed (own and engine options alike by name)."""
        own, engine = type(self)._split(options, game=type(self).__name__)
        table = attrs.evolve(self.table, **engine) if engine else self.table
        return attrs.evolve(self, table=table, **own)

    def option_values(self) -> dict[str, Any]:
        """Every option by the name players give it: the game's own, then the engine's
        they may set (a count by player count as a number or ``{players: count}``)."""
        values = {name: getattr(self, name) for name in type(self).own_options()}
        for name in type(self).table_spec.settable:
            value = getattr(self.table, name)
            json_value = getattr(value, "json_value", None)
            values[name] = json_value() if callable(json_value) else value
        return values

    @classmethod
    def option_infos(cls) -> tuple[OptionInfo, ...]:
        """Every option as ``rummykit rules`` lists it: the game's own (read from its
        fields and their docstrings), then the engine's it lets players set."""
        own = set(cls.own_options())
        return (
            *(info for info in field_options(cls) if info.name in own),
            *cls.table_spec.option_infos(),
        )


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
