"""Options that refuse nonsense: the building blocks of a game's rules object.

A game's rules are one frozen attrs class with a keyword-only field per option. The
helpers here check each field as it is set, so a bad value is a
:class:`~rummykit.errors.ConfigError` that names the option, the value and what it takes,
never a silent fallback. The shipped games use them, and so can yours:

>>> import attrs
>>> from rummykit.kit import Choice, boolean, build_rules, whole
>>> class Scoring(Choice):
...     PLUS = "plus"
...     MINUS = "minus"
>>> @attrs.frozen(kw_only=True)
... class HouseRules:
...     scoring: Scoring = attrs.field(default=Scoring.PLUS, converter=Scoring)
...     bonus: int = attrs.field(default=10, validator=whole(0))
...     jokers: bool = attrs.field(default=False, validator=boolean)
>>> build_rules(HouseRules, {"scoring": "minus", "bonus": 5}, game="house")
HouseRules(scoring='minus', bonus=5, jokers=False)
>>> build_rules(HouseRules, {"jokers": "yes"}, game="house")
Traceback (most recent call last):
...
rummykit.errors.ConfigError: jokers must be true or false, got 'yes'
>>> build_rules(HouseRules, {"bonsu": 5}, game="house")
Traceback (most recent call last):
...
rummykit.errors.ConfigError: house has no option 'bonsu' (did you mean 'bonus'?);
its options: bonus, jokers, scoring
"""

from __future__ import annotations

import difflib
import enum
import math
import re
from collections.abc import Callable, Iterable, Mapping
from os import PathLike
from pathlib import Path
from typing import Any, TypeVar

import attrs

from rummykit.contracts.schedules import ContractSchedule
from rummykit.errors import ConfigError, shown
from rummykit.kit.option_table import OptionInfo, option_infos

WHOLE_LIMIT = 1_000_000
"""The largest value :func:`whole` takes when it is given no ``high``: a bound on every
count, score and limit, so a huge option value is refused when the rules are built, not
when a message or a record later writes it."""

R = TypeVar("R", bound=attrs.AttrsInstance)


class Choice(enum.StrEnum):
    """The base of a closed-choice option: a :class:`enum.StrEnum`, one per option.

    Use the subclass itself as the field's converter: the option then takes the members
    or their strings, and any other value is a :class:`~rummykit.errors.ConfigError` that names
    the option (the class name in snake case, or :meth:`option_name`), the value and the
    allowed values. Members compare equal to their strings, and their ``repr`` is the
    string, so a rules object's ``repr`` can be pasted back into its constructor.

    >>> class TieBreak(Choice):
    ...     SHARED = "shared"
    ...     MOST_TIMES_OUT = "most_times_out"
    >>> TieBreak("shared") is TieBreak.SHARED, TieBreak.SHARED == "shared"
    (True, True)
    >>> TieBreak.values()
    ('shared', 'most_times_out')
    >>> TieBreak("coin")
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: tie_break must be one of 'shared', 'most_times_out', got 'coin'
    """

    @classmethod
    def option_name(cls) -> str:
        """The option this choice belongs to, for messages: ``TieBreak`` -> ``tie_break``.

        Override it (as a classmethod) when the class is named otherwise.
        """
        return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()

    @classmethod
    def values(cls) -> tuple[str, ...]:
        """The allowed strings, in declaration order."""
        return tuple(member.value for member in cls)

    @classmethod
    def _missing_(cls, value: object) -> Any:
        allowed = ", ".join(repr(item) for item in cls.values())
        raise ConfigError(f"{cls.option_name()} must be one of {allowed}, got {shown(value)}")

    def __repr__(self) -> str:
        return repr(self.value)


class FirstDealer(Choice):
    """How the first dealer is chosen when no seat is fixed (MAYI-4.3, POSSO-5.1, PSSN-2.1).

    A ``first_dealer`` option takes some of these (see
    :func:`~rummykit.kit.options.first_dealer`) or a seat:

    >>> FirstDealer("high_card_draw") is FirstDealer.HIGH_CARD_DRAW
    True
    """

    RANDOM = "random"
    """A seat drawn by the match's random source."""
    HIGH_CARD_DRAW = "high_card_draw"
    """Everyone draws a card; the highest deals, ace high, ties draw again."""


def choice(*values: object) -> Any:
    """An attrs validator: the value must be one of ``values`` (for open-ended or mixed
    values; a closed choice of strings is better a :class:`Choice`).

    >>> import attrs
    >>> @attrs.frozen
    ... class Rules:
    ...     decks: int = attrs.field(default=1, validator=choice(1, 2))
    >>> Rules(decks=3)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: decks must be one of 1, 2, got 3
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in values:
            options = ", ".join(repr(item) for item in values)
            raise ConfigError(f"{attribute.name} must be one of {options}, got {shown(value)}")

    return check


def boolean(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: the value must be a real ``True`` or ``False``.

    Strings such as ``"no"`` and numbers are refused rather than read by truthiness.

    >>> import attrs
    >>> @attrs.frozen
    ... class Rules:
    ...     wraparound_runs: bool = attrs.field(default=True, validator=boolean)
    >>> Rules(wraparound_runs="no")
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: wraparound_runs must be true or false, got 'no'
    """
    if not isinstance(value, bool):
        raise ConfigError(f"{attribute.name} must be true or false, got {shown(value)}")


def whole(low: int, high: int | None = None, *, optional: bool = False, owner: bool = False) -> Any:
    """An attrs validator: a whole number from ``low`` to ``high`` (by default
    :data:`WHOLE_LIMIT`); ``None`` if optional. With ``owner`` the message names the class
    too (an agent's options: "SearchAgent's simulations ..."). Booleans are not numbers here.

    >>> import attrs
    >>> @attrs.frozen
    ... class Rules:
    ...     max_buys: int | None = attrs.field(default=None, validator=whole(0, optional=True))
    >>> Rules(max_buys=3).max_buys, Rules().max_buys
    (3, None)
    >>> Rules(max_buys=-1)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: max_buys must be a whole number 0 or more (or None), got -1
    >>> Rules(max_buys=10**9)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: max_buys must be a whole number from 0 to 1000000 (or None),
    got 1000000000
    """
    top = WHOLE_LIMIT if high is None else high

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is None and optional:
            return
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
        if not ok or value > top:
            # Below ``low`` or not a number: the message keeps the plain "N or more".
            span = f"from {low} to {top}" if high is not None or ok else f"{low} or more"
            name = f"{type(instance).__name__}'s {attribute.name}" if owner else attribute.name
            allowed = " (or None)" if optional else ""
            raise ConfigError(f"{name} must be a whole number {span}{allowed}, got {shown(value)}")

    return check


def number(
    low: float = -math.inf, *, above: bool = False, optional: bool = False, owner: bool = False
) -> Any:
    """An attrs validator: a finite number of at least ``low`` (above it when ``above``;
    ``None`` if optional); ``owner`` as for :func:`whole`. Booleans are not numbers here.

    >>> import attrs
    >>> @attrs.frozen
    ... class Weights:
    ...     shed: float = attrs.field(default=10, validator=number(0))
    >>> Weights(shed=float("nan"))
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: shed must be a finite number 0 or more, got nan
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if optional and value is None:
            return
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or value < low
            or (above and value == low)
        ):
            bound = "" if low == -math.inf else f" more than {low}" if above else f" {low} or more"
            name = f"{type(instance).__name__}'s {attribute.name}" if owner else attribute.name
            allowed = " (or None)" if optional else ""
            raise ConfigError(f"{name} must be a finite number{bound}{allowed}, got {value!r}")

    return check


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def player_range(low: int, high: int) -> Callable[[Any], tuple[int, int]]:
    """An attrs converter: a (fewest, most) pair of player counts within ``low``-``high``.

    Wrap it in a named function for the field (mypy's attrs plugin needs a name).

    >>> players = player_range(2, 6)
    >>> players([3, 5])
    (3, 5)
    >>> players((1, 9))
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: player_count_range must lie within 2-6, got (1, 9)
    """

    def convert(value: Any) -> tuple[int, int]:
        try:
            fewest, most = value
        except (TypeError, ValueError):
            raise ConfigError(
                f"player_count_range must be (low, high), got {shown(value)}"
            ) from None
        if not (_is_whole(fewest) and _is_whole(most)):
            raise ConfigError(f"player_count_range must be two whole numbers, got {shown(value)}")
        if not low <= fewest <= most <= high:
            if fewest > most:
                raise ConfigError(
                    "player_count_range is (fewest, most): "
                    f"{shown(fewest)} is more than {shown(most)}"
                )
            raise ConfigError(
                f"player_count_range must lie within {low}-{high}, got {shown(value)}"
            )
        return (fewest, most)

    return convert


def first_dealer(*allowed: FirstDealer) -> Callable[[Any], FirstDealer | int]:
    """An attrs converter for ``first_dealer``: one of ``allowed`` (or its string), or a
    fixed seat (a whole number from 0). Whether the seat exists is the rules' check
    (:func:`check_dealer_seat`).

    >>> convert = first_dealer(FirstDealer.RANDOM)
    >>> convert("random"), convert(2)
    ('random', 2)
    >>> convert("high_card_draw")
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: first_dealer must be 'random' or a seat (0, 1, ...),
    got 'high_card_draw'
    """
    words = " or ".join(", ".join(repr(item.value) for item in allowed).rsplit(", ", 1))

    def convert(value: Any) -> FirstDealer | int:
        if _is_whole(value) and value >= 0:
            return int(value)
        if isinstance(value, str) and value in {item.value for item in allowed}:
            return FirstDealer(value)
        raise ConfigError(f"first_dealer must be {words} or a seat (0, 1, ...), got {shown(value)}")

    return convert


def check_dealer_seat(value: FirstDealer | int, player_count_range: tuple[int, int]) -> None:
    """Refuse a first dealer a game of ``player_count_range`` (fewest, most) players may
    not have: anything but a :class:`FirstDealer` or a seat below the most players (the
    rules' check after :func:`first_dealer`, which cannot know the players, converts it).

    >>> check_dealer_seat(FirstDealer.RANDOM, (3, 5)), check_dealer_seat(4, (3, 5))
    (None, None)
    >>> check_dealer_seat(5, (3, 5))
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: first_dealer seat 5 does not exist with player_count_range
    3-5 (seats are 0 to 4)
    """
    if (
        not isinstance(player_count_range, tuple)
        or len(player_count_range) != 2
        or not all(type(count) is int for count in player_count_range)
    ):
        raise ConfigError(
            f"player_count_range must be a pair of whole numbers, got {shown(player_count_range)}"
        )
    if isinstance(value, FirstDealer):
        return
    fewest, most = player_count_range
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        names = ", ".join(dealer.value for dealer in FirstDealer)
        raise ConfigError(f"first_dealer must be one of {names} or a seat, got {shown(value)}")
    if value >= most:
        raise ConfigError(
            f"first_dealer seat {value} does not exist with "
            f"player_count_range {fewest}-{most} (seats are 0 to {most - 1})"
        )


_DEAL_WORDS = ("first", "last", "all")


def deal_list(option: str) -> Callable[[Any], tuple[int | str, ...] | None]:
    """An attrs converter for a list of deals such as ``discard_out_forbidden_deals``.

    Items are deal numbers (1 is the first deal) or the words ``first``, ``last`` and
    ``all`` (rules README); a single word may stand alone. ``None`` stays ``None`` (the
    rules object decides what it means). Whether the numbers exist is checked against
    the schedule by the rules object (:func:`rummykit.contracts.schedules.resolve_deal_list`).

    >>> deals = deal_list("discard_out_forbidden_deals")
    >>> deals(["first", 3]), deals("last"), deals(None)
    (('first', 3), ('last',), None)
    >>> deals([0])
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: discard_out_forbidden_deals: 0 is not a deal number (1, 2, ...)
    or 'first', 'last', 'all'
    """

    def convert(value: Any) -> tuple[int | str, ...] | None:
        if value is None:
            return None
        if isinstance(value, str):
            value = [value]
        if isinstance(value, Mapping) or not isinstance(value, Iterable):
            raise ConfigError(f"{option} must be a list of deals, got {shown(value)}")
        items = tuple(value)
        for item in items:
            if not ((_is_whole(item) and item >= 1) or item in _DEAL_WORDS):
                raise ConfigError(
                    f"{option}: {shown(item)} is not a deal number (1, 2, ...) or "
                    + ", ".join(repr(word) for word in _DEAL_WORDS)
                )
        return tuple(str(item) if isinstance(item, str) else int(item) for item in items)

    return convert


def _load(
    path: PathLike[str], option: str, schedules: Mapping[str, ContractSchedule]
) -> ContractSchedule:
    try:
        found = Path(path).is_file()
    except (OSError, ValueError):  # a name too long, a NUL byte: no such file either
        found = False
    if not found:
        known = ", ".join(repr(name) for name in schedules)
        raise ConfigError(
            f"{option}: no schedule file {shown(str(path))} (or a built-in name: {known})"
        )
    return ContractSchedule.from_toml(path)


def schedule_option(
    value: str | PathLike[str] | ContractSchedule,
    *,
    schedules: Mapping[str, ContractSchedule] | None = None,
    option: str = "contract_schedule",
) -> str | ContractSchedule:
    """The body of a ``contract_schedule`` converter: a name, inline TOML, a file or a schedule.

    * a :class:`~rummykit.ContractSchedule` is kept as it is;
    * one of the game's named ``schedules`` (name -> schedule) is kept as text, spelled
      as the first name given for that schedule (so two names of one schedule make
      equal rules);
    * text holding a ``[[deal]]`` table is a schedule written inline in TOML
      (:meth:`.ContractSchedule.loads_toml`);
    * a :class:`os.PathLike` (a ``pathlib.Path``) is a file, loaded at once
      (:meth:`.ContractSchedule.from_toml`), so the rules hold the schedule, not the path;
      a missing file, or a mistake in it, is a :class:`~rummykit.errors.ConfigError` naming it.

    Text never names a file: options arrive from players, records and JSON, and those
    must not make a server read its files. Only trusted code passes a path (or calls
    :meth:`.ContractSchedule.from_toml` itself). Anything else is a
    :class:`~rummykit.errors.ConfigError` listing the known names, touching no file.

    >>> short = ContractSchedule.of("2G", "2R", name="short")
    >>> named = {"short": short, "two_deal": short}
    >>> schedule_option("two_deal", schedules=named)
    'short'
    >>> schedule_option('[[deal]]\\ncontract = "2G"').deals[0].contract.notation
    '2G'
    >>> schedule_option("seven", schedules=named)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: contract_schedule must be one of 'short', 'two_deal',
    inline TOML, a ContractSchedule or a pathlib.Path of a TOML file, got 'seven'
    >>> schedule_option("../../app/secrets.toml", schedules=named)
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: contract_schedule must be one of 'short', 'two_deal', inline
    TOML, a ContractSchedule or a pathlib.Path of a TOML file, got '../../app/secrets.toml'
    (text is never read as a file name: trusted code passes a pathlib.Path)
    """
    schedules = schedules or {}
    if isinstance(value, ContractSchedule):
        return value
    hint = ""
    if isinstance(value, str):
        if value in schedules:
            chosen = schedules[value]
            return next(name for name, schedule in schedules.items() if schedule == chosen)
        if "[[deal]]" in value.replace(" ", ""):
            return ContractSchedule.loads_toml(value, source=option)
        if value.lower().endswith(".toml"):
            hint = " (text is never read as a file name: trusted code passes a pathlib.Path)"
    elif isinstance(value, PathLike):
        return _load(value, option, schedules)
    known = ", ".join(repr(name) for name in schedules)
    raise ConfigError(
        f"{option} must be one of {known}, inline TOML, a ContractSchedule or a pathlib.Path"
        f" of a TOML file, got {shown(value)}{hint}"
    )


def schedule_value(
    value: str | ContractSchedule, *, schedules: Mapping[str, ContractSchedule] | None = None
) -> ContractSchedule:
    """The schedule a converted ``contract_schedule`` value stands for: ``value`` itself,
    or the one ``schedules`` names so.

    >>> short = ContractSchedule.of("2G", "2R", name="short")
    >>> len(schedule_value("short", schedules={"short": short}))
    2
    """
    if isinstance(value, ContractSchedule):
        return value
    try:
        return (schedules or {})[value]
    except KeyError:
        known = ", ".join(repr(name) for name in schedules or {})
        raise ConfigError(f"no schedule named {value!r} (known: {known})") from None


def _make(rules_type: type[R], options: Mapping[str, Any], game: str) -> R:
    maker = getattr(rules_type, "of", None)
    if callable(maker):
        made: R = maker(**options)
        return made
    return rules_type(**options)


def build_rules(rules_type: type[R], options: Mapping[str, Any], *, game: str) -> R:
    """A rules object of ``rules_type`` (a keyword-only attrs class, or a
    :class:`~rummykit.engine.table.TableRules` whose ``of`` takes the engine's options
    by name too) from ``options``.

    Every failure is a :class:`~rummykit.errors.ConfigError`: an unknown option name lists the
    game's options and suggests the closest, and a value the fields' converters reject
    with a plain :class:`TypeError` or :class:`ValueError` is reported as the option's
    error. ``game`` names the game in the messages.

    >>> from rummykit.games import MayIRules
    >>> build_rules(MayIRules, {"turn_after_buy": "resume_normal"}, game="may-i").turn_after_buy
    'resume_normal'
    >>> build_rules(MayIRules, {"jokers": 2}, game="may-i").table.jokers
    PerPlayers.of(2)
    >>> build_rules(MayIRules, {"wraparound_run": False}, game="may-i")
    Traceback (most recent call last):
    ...
    rummykit.errors.ConfigError: may-i has no option 'wraparound_run'
    (did you mean 'wraparound_runs'?); its options: ...
    """
    # the options' table, read only to check names given (none: a game's defaults)
    infos = {info.name: info for info in option_infos(rules_type)} if options else {}
    known = sorted(infos)
    for name in options:
        if name not in infos:
            refuse = getattr(getattr(rules_type, "table_spec", None), "refuse", None)
            if callable(refuse) and isinstance(name, str):
                refuse(name, game=game)  # an engine option the game fixes or makes
            close = difflib.get_close_matches(str(name), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise ConfigError(
                f"{game} has no option {shown(name)}{hint}; its options: {', '.join(known)}"
            )
    try:
        return _make(rules_type, options, game)
    except ConfigError as error:
        if error.rule is not None:
            raise
        clause = _culprit_clause(rules_type, options, game, infos)
        if clause is None:
            raise
        raise ConfigError(error.reason, source=error.source, rule=clause) from None
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{game}: {_culprit(rules_type, options, game)}: {error}") from None
    except RecursionError:  # a value nested too deeply for a converter to look at
        raise ConfigError(
            f"{game}: {_culprit(rules_type, options, game)}: nested too deeply"
        ) from None


def _failing(rules_type: type[Any], options: Mapping[str, Any], game: str) -> str | None:
    """The name of the first option that fails on its own, if one does."""
    for name, value in options.items():
        try:
            _make(rules_type, {name: value}, game)
        except (TypeError, ValueError, RecursionError):
            return name
    return None


def _culprit_clause(
    rules_type: type[Any], options: Mapping[str, Any], game: str, infos: Mapping[str, OptionInfo]
) -> str | None:
    """The clause the failing option cites, if any."""
    name = _failing(rules_type, options, game)
    return None if name is None else infos[name].clause


def _culprit(rules_type: type[Any], options: Mapping[str, Any], game: str) -> str:
    """The first option that fails on its own, else the names of them all."""
    name = _failing(rules_type, options, game)
    if name is None:
        return "options " + ", ".join(options)
    return f"option {name}={shown(options[name])}"
