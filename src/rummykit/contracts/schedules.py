"""Contract schedules: the contract, hand size and going-out rule of every deal.

A schedule is one line (the last deal bans going out by discarding by default):

>>> from rummykit import ContractSchedule
>>> seven = ContractSchedule.of("2G", "G+R", "2R", "3G", "2G+R", "G+2R", "3R", hand_size=12)
>>> len(seven), seven[7].contract.notation, seven[7].hand_size
(7, '3R', 12)
>>> seven[7].discard_out, seven[6].discard_out
(False, True)

A game names its own schedules (see :mod:`rummykit.presets`); a schedule also loads
from TOML (:meth:`ContractSchedule.loads_toml`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any

import attrs

from rummykit.contracts import Contract, SameSuitRuns
from rummykit.errors import ConfigError, ContractError, shorten, shown


def _hand_size(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 60:
        raise ConfigError(f"hand_size must be a whole number from 1 to 60, got {value!r}")


def _flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"{attribute.name} must be true or false, got {value!r}")


def _frozen_value(value: Any) -> Any:
    """A deal option's value as a hashable value: lists become tuples, mappings
    sorted (name, value) pairs."""
    if isinstance(value, Mapping):
        return tuple(sorted((str(key), _frozen_value(item)) for key, item in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen_value(item) for item in value)
    return value


def _deal_options(
    value: Mapping[str, Any] | Iterable[tuple[str, Any]],
) -> tuple[tuple[str, Any], ...]:
    pairs = value.items() if isinstance(value, Mapping) else value
    result = []
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise ConfigError(f"a deal's options are a mapping of option names, got {value!r}")
        name, item = pair
        result.append((name, item if attrs.has(type(item)) else _frozen_value(item)))
    return tuple(sorted(result, key=lambda pair: pair[0]))


def _json_value(value: Any) -> Any:
    if (
        isinstance(value, tuple)
        and all(
            isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)
            for item in value
        )
        and value
    ):
        return {name: _json_value(item) for name, item in value}
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    return value


@attrs.frozen(kw_only=True)
class DealSpec:
    """One deal of a schedule: its contract, how many cards each player gets,
    whether a player may go out by discarding their last card, whether the go-down
    must take the whole hand, and any other deal-level engine option the deal sets.

    >>> deal = DealSpec(contract=Contract.parse("R13"), hand_size=13,
    ...                 options={"meld_rules": {"jokers_allowed": False}, "buy_limit": 0})
    >>> deal.options
    (('buy_limit', 0), ('meld_rules', (('jokers_allowed', False),)))
    >>> deal.option_values()
    {'buy_limit': 0, 'meld_rules': {'jokers_allowed': False}}
    """

    contract: Contract
    hand_size: int = attrs.field(default=10, validator=_hand_size)
    discard_out: bool = True
    whole_hand: bool = attrs.field(default=False, validator=_flag)
    """The contract goes down with every card in hand, so the player who goes down goes
    out at once, without a discard ("all out": every card used in the go-down)."""
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_deal_options)
    """Deal-level engine options this deal sets over the table's, as sorted (name,
    value) pairs (given as a mapping): ``opening_points``, ``buy_limit``,
    ``pile_take``... and ``meld_rules``, a whole ``MeldRules`` or a mapping of the
    fields it changes (``{"jokers_allowed": False}``: no wild cards in this deal). The
    engine checks the names and values against the table (a schedule holds no
    engine option's type: :func:`rummykit.engine.deal_rules.check_deal_options`)."""

    def option_values(self) -> dict[str, Any]:
        """:attr:`options` as a mapping, in the JSON and TOML shape (nested mappings
        for ``meld_rules`` changes)."""
        return {name: _json_value(value) for name, value in self.options}


def resolve_deal_list(items: Iterable[int | str], deal_count: int) -> frozenset[int]:
    """Deal numbers from a list like ``["first", "last", 3]`` (rules README, ``all`` too).

    >>> sorted(resolve_deal_list(["first", "last"], 5))
    [1, 5]
    """
    deals: set[int] = set()
    for item in items:
        if item == "first":
            deals.add(1)
        elif item == "last":
            deals.add(deal_count)
        elif item == "all":
            deals.update(range(1, deal_count + 1))
        elif isinstance(item, int) and not isinstance(item, bool) and 1 <= item <= deal_count:
            deals.add(item)
        else:
            raise ConfigError(
                f"deal {item!r} is not 'first', 'last', 'all' or a deal from 1 to {deal_count}"
            )
    return frozenset(deals)


MAX_DEALS = 1000
"""The most deals a schedule holds, however it is given (TOML, a record's or snapshot's
JSON, Python): real schedules have a handful."""


def _deals(value: Iterable[DealSpec]) -> tuple[DealSpec, ...]:
    deals = tuple(value)
    if not deals:
        raise ConfigError("a schedule needs at least one deal")
    if len(deals) > MAX_DEALS:
        raise ConfigError(f"a schedule holds at most {MAX_DEALS} deals, got {len(deals)}")
    if not all(isinstance(deal, DealSpec) for deal in deals):
        raise ConfigError("a schedule's deals must be DealSpec values")
    return deals


@attrs.frozen(kw_only=True)
class ContractSchedule:
    """The deals of a game in order; ``schedule[n]`` is deal ``n`` (the first is 1)."""

    deals: tuple[DealSpec, ...] = attrs.field(converter=_deals)
    name: str = "custom"

    def __len__(self) -> int:
        return len(self.deals)

    def __iter__(self) -> Iterator[DealSpec]:
        return iter(self.deals)

    def __getitem__(self, deal: int) -> DealSpec:
        """Deal ``deal``'s spec, counting from 1 (a :class:`~rummykit.errors.ConfigError` for
        anything but a deal number of the schedule)."""
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= len(self.deals):
            raise ConfigError(
                f"deal {deal!r} is not in a schedule of {len(self.deals)} deals "
                f"(deals are numbered 1 to {len(self.deals)})"
            )
        return self.deals[deal - 1]

    @classmethod
    def of(
        cls,
        *contracts: str | Contract,
        hand_size: int = 10,
        discard_out_forbidden: Sequence[int | str] = ("last",),
        like: Contract | None = None,
        name: str = "custom",
    ) -> ContractSchedule:
        """A schedule from contracts in notation, one deal each.

        Flags of contracts given as text come from ``like`` (exact contracts of distinct
        melds by default); ``discard_out_forbidden`` lists the deals that ban going
        out by discarding, as the option ``discard_out_forbidden_deals`` does.
        """
        parsed = [
            item if isinstance(item, Contract) else Contract.parse(item, like=like)
            for item in contracts
        ]
        banned = resolve_deal_list(discard_out_forbidden, len(parsed))
        return cls(
            deals=tuple(
                DealSpec(contract=contract, hand_size=hand_size, discard_out=number not in banned)
                for number, contract in enumerate(parsed, start=1)
            ),
            name=name,
        )

    def with_discard_out_forbidden(self, deals: Sequence[int | str]) -> ContractSchedule:
        """The same schedule with going out by discarding banned in exactly ``deals``."""
        banned = resolve_deal_list(deals, len(self.deals))
        return attrs.evolve(
            self,
            deals=tuple(
                attrs.evolve(deal, discard_out=number not in banned)
                for number, deal in enumerate(self.deals, start=1)
            ),
        )

    @classmethod
    def from_toml(cls, path: str | PathLike[str]) -> ContractSchedule:
        """Load a schedule from a TOML file (format in the docs' how-to on contracts).

        Call it from trusted code only: it opens the file it is given. Its errors name the
        file, the line and the key, but quote nothing the file holds (so a wrong path
        shows no secret), and a file over
        :data:`~rummykit.contracts.schedules.MAX_TOML_CHARS` characters is refused (no
        more of it is read).
        """
        source = Path(path)
        try:
            with source.open(encoding="utf-8") as stream:
                text = stream.read(MAX_TOML_CHARS + 1)
        except OSError as error:
            reason = f"cannot read the schedule: {error.strerror}"
            raise ConfigError(reason, source=shorten(str(path))) from None
        except UnicodeDecodeError:
            raise ConfigError("not UTF-8 text", source=shorten(str(path))) from None
        except ValueError:  # a NUL byte in the path
            raise ConfigError("not a file name", source=shorten(str(path))) from None
        return _load(cls, text, shorten(str(path)), quote=False)

    @classmethod
    def loads_toml(cls, text: str, *, source: str | PathLike[str] = "<string>") -> ContractSchedule:
        """Read a schedule from TOML text; errors name ``source`` (text or a path, where the
        text came from), the line and the reason.

        >>> ContractSchedule.loads_toml('''
        ... name = "short"
        ... [[deal]]
        ... contract = "2G"
        ... [[deal]]
        ... contract = "2R"
        ... hand_size = 12
        ... whole_hand = true
        ... options = { opening_points = 30 }
        ... ''')[2]
        DealSpec(contract=Contract.parse('2R'), hand_size=12, discard_out=False, whole_hand=True,
                 options=(('opening_points', 30),))

        ``whole_hand = true`` makes a deal's go-down take every card in hand (and so
        go out at once, without a discard); ``options`` sets deal-level engine options
        for the deal (:attr:`DealSpec.options`), checked when the table is made.

        Text over :data:`~rummykit.contracts.schedules.MAX_TOML_CHARS` characters is
        refused before it is read.
        """
        if isinstance(source, PathLike):
            source = str(source)
        if not isinstance(source, str):
            raise ConfigError(f"source must be text naming the schedule, got {shown(source)}")
        if not isinstance(text, str):
            raise ConfigError(f"a schedule is TOML text, got {type(text).__name__}", source=source)
        return _load(cls, text, source, quote=True)


_TOP_KEYS = {
    "name",
    "hand_size",
    "exact",
    "distinct_ranks",
    "same_suit_runs",
    "runs_apart",
    "discard_out_forbidden",
    "deal",
}
_DEAL_KEYS = {"contract", "hand_size", "discard_out", "exact", "whole_hand", "options"}
MAX_TOML_CHARS = 100_000
"""The longest schedule text (or file) :meth:`.ContractSchedule.loads_toml` and
:meth:`.ContractSchedule.from_toml` read: a schedule is a few lines per deal."""
_UNQUOTED = {
    "hand_size": "hand_size must be a whole number from 1 to 60",
    "runs_apart": "runs_apart must be a whole number",
    "discard_out_forbidden": "discard_out_forbidden must list deals of the schedule",
}
_UNQUOTED["options"] = (
    "options must be a table of deal-level options, such as { opening_points = 51 }"
)
_BAD_CONTRACT = 'contract must be contract notation like "2G+1R" (at most 20 melds)'


def _load(cls: type[ContractSchedule], text: str, source: str, *, quote: bool) -> ContractSchedule:
    """Read schedule TOML; with ``quote`` false (a file), messages quote nothing from it."""
    if len(text) > MAX_TOML_CHARS:
        raise ConfigError(f"a schedule is at most {MAX_TOML_CHARS} characters", source=source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        where = f"{source}:{match.group(1)}" if match else source
        raise ConfigError(f"not valid TOML: {error}", source=where) from None
    except RecursionError:
        raise ConfigError("not valid TOML: nested too deeply", source=source) from None
    except ValueError:  # a number too long for int() (over 4,300 digits)
        raise ConfigError("not valid TOML: a number too long", source=source) from None
    deal_lines = [
        number
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip().replace(" ", "") == "[[deal]]"
    ]

    lines = text.splitlines()

    def line_of(key: str, deal: int | None) -> int | None:
        """The line that sets ``key`` in deal ``deal``'s table (``None``: at the top)."""
        if deal is None:
            start, end = 0, (deal_lines[0] - 1 if deal_lines else len(lines))
        else:
            start = deal_lines[deal] if deal < len(deal_lines) else 0
            end = deal_lines[deal + 1] - 1 if deal + 1 < len(deal_lines) else len(lines)
        for number in range(start, end):
            if re.match(rf"\s*{re.escape(key)}\s*=", lines[number]):
                return number + 1
        return None

    def fail(reason: str, deal: int | None = None, key: str | None = None) -> ConfigError:
        line = None
        if key is not None:
            line = (line_of(key, deal) if deal is not None else None) or line_of(key, None)
        if line is None:
            line = deal_lines[deal] if deal is not None and deal < len(deal_lines) else 1
        return ConfigError(reason, source=f"{source}:{line}")

    def named(key: str) -> str:
        return f"unknown key {key!r}" if quote else "unknown key"

    unknown = set(data) - _TOP_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise fail(f"{named(key)} (known: {', '.join(sorted(_TOP_KEYS))})", key=key)
    deals = data.get("deal")
    if not isinstance(deals, list) or not deals:
        raise fail("a schedule needs at least one [[deal]] table")
    if "name" in data and not isinstance(data["name"], str):
        raise fail("name must be text", key="name")
    like_flags: dict[str, Any] = {}
    for key in ("exact", "distinct_ranks"):
        if key in data:
            if not isinstance(data[key], bool):
                got = f", got {shown(data[key])}" if quote else ""
                raise fail(f"{key} must be true or false{got}", key=key)
            like_flags[key] = data[key]
    if "same_suit_runs" in data:
        try:
            like_flags["same_suit_runs"] = SameSuitRuns(data["same_suit_runs"])
        except ValueError:
            options = ", ".join(item.value for item in SameSuitRuns)
            raise fail(f"same_suit_runs must be one of {options}", key="same_suit_runs") from None
    if "runs_apart" in data:
        like_flags["runs_apart"] = data["runs_apart"]
    default_hand = data.get("hand_size", 10)
    specs = []
    for index, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise fail("deal must be [[deal]] tables, each with a contract", key="deal")
        unknown = set(deal) - _DEAL_KEYS
        if unknown:
            key = sorted(unknown)[0]
            known = ", ".join(sorted(_DEAL_KEYS))
            raise fail(f"deal {index + 1}: {named(key)} (known: {known})", index, key)
        if "contract" not in deal or not isinstance(deal["contract"], str):
            raise fail(f'deal {index + 1}: contract must be text like "2G+1R"', index)
        for flag in ("exact", "whole_hand"):
            if flag in deal and not isinstance(deal[flag], bool):
                got = f", got {shown(deal[flag])}" if quote else ""
                raise fail(f"deal {index + 1}: {flag} must be true or false{got}", index, flag)
        try:
            like = Contract.parse("G", **like_flags)
            contract = Contract.parse(deal["contract"], like=like)
            if "exact" in deal:
                contract = attrs.evolve(contract, exact=deal["exact"])
            spec = DealSpec(
                contract=contract,
                hand_size=deal.get("hand_size", default_hand),
                discard_out=deal.get("discard_out", True),
                whole_hand=deal.get("whole_hand", False),
                options=_toml_options(deal.get("options", {})),
            )
        except (ContractError, ConfigError) as error:
            culprit = next((k for k in (*deal, *data) if k in error.reason), None)
            reason = error.reason if quote else _UNQUOTED.get(str(culprit), _BAD_CONTRACT)
            raise fail(f"deal {index + 1}: {reason}", index, culprit) from None
        if not isinstance(spec.discard_out, bool):
            raise fail(f"deal {index + 1}: discard_out must be true or false", index, "discard_out")
        specs.append(spec)
    schedule = cls(deals=tuple(specs), name=str(data.get("name", "custom")))
    if "discard_out_forbidden" in data:
        items = data["discard_out_forbidden"]
        line = next(
            (
                number
                for number, text_line in enumerate(text.splitlines(), start=1)
                if text_line.strip().startswith("discard_out_forbidden")
            ),
            1,
        )
        if not isinstance(items, list):
            raise ConfigError(
                'discard_out_forbidden must be a list like ["last"]', source=f"{source}:{line}"
            )
        try:
            schedule = schedule.with_discard_out_forbidden(items)
        except ConfigError as error:
            reason = error.reason if quote else _UNQUOTED["discard_out_forbidden"]
            raise ConfigError(reason, source=f"{source}:{line}") from None
    elif not any("discard_out" in deal for deal in deals):
        schedule = schedule.with_discard_out_forbidden(["last"])
    return schedule


def _toml_options(value: Any) -> dict[str, Any]:
    """A deal's ``options`` table (``options = { opening_points = 51 }``, or an
    ``[deal.options]`` table): option names with their values."""
    if not isinstance(value, dict):
        raise ConfigError(
            "options must be a table of deal-level options, such as { opening_points = 51 }"
        )
    return value
