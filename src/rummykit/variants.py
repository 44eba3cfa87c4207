"""Variants: a named game in one TOML file — its base game, its name, its options and its
schedule — that the registry, the command line and records accept like a shipped game.

A variant file holds its name, its base game (a registered game's name), a title and the
published source of its rules at the top; an ``[options]`` table of the base game's rules
options; and, for a contract game, a ``[schedule]`` table with one ``[[schedule.deal]]``
table per deal (the keys of a schedule file, see the how-to on contracts)::

    name = "liverpool"
    base = "may-i"
    title = "Liverpool rummy"
    source = "Wikipedia, Liverpool rummy"

    [options]
    max_buys_per_deal = 3

    [schedule]
    hand_size = 10

    [[schedule.deal]]
    contract = "2G"

>>> variant = Variant.loads('''
... name = "two-deals"
... base = "may-i"
... [options]
... max_buys_per_deal = 1
... [schedule]
... hand_size = 11
... [[schedule.deal]]
... contract = "2G"
... [[schedule.deal]]
... contract = "2R"
... ''')
>>> definition = variant.game()
>>> definition.name, definition.rules.max_buys_per_deal, len(definition.rules.schedule())
('two-deals', 1, 2)
>>> definition.new_match(players=3, seed=1).definition == definition
True

:func:`load_variant` reads a file, :func:`register_variant` makes a variant known by its
name (``rummykit.game("two-deals")``), and a record of a variant's match carries the
variant itself, so it replays where the variant was never registered.
"""

from __future__ import annotations

import enum
import re
import tomllib
import typing
from collections.abc import Mapping
from os import PathLike
from pathlib import Path
from typing import Any

import attrs

from rummykit.contracts.schedules import ContractSchedule
from rummykit.errors import MESSAGE_LIMIT, ConfigError, RecordError, shorten, shown
from rummykit.kit.definition import GameDefinition
from rummykit.kit.option_table import option_infos
from rummykit.kit.registry import get, register, rules_options

__all__ = ["Variant", "load_variant", "register_variant"]

MAX_VARIANT_CHARS = 100_000
"""The longest variant file (or text) read: a variant is a few dozen lines."""

_TOP_KEYS = ("name", "base", "title", "source", "options", "schedule")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,63}")
_SCHEDULE_OPTIONS = ("contract_schedule", "schedule")
"""The rules options that take a contract schedule, in the order they are looked for."""


def _text(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or len(value) > 2000:
        raise ConfigError(f"a variant's {attribute.name} is text, got {shown(value)}")


def _name(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise ConfigError(
            f"a variant's {attribute.name} is a game's name: letters, digits and -_.+, "
            f"up to 64 characters, got {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class Variant:
    """A named game: a base game (``base``, a registered name) with its rules set
    (``rules``, the base game's rules object: options and schedule), known as ``name``;
    ``title`` is the name people use, ``source`` the published rules it follows.

    A variant is a value: equal variants make the same game, and a match's record keeps
    the variant (:meth:`to_json`) so the match replays from the record alone.
    """

    name: str = attrs.field(validator=_name)
    base: str = attrs.field(validator=_name)
    rules: Any
    title: str = attrs.field(default="", validator=_text)
    source: str = attrs.field(default="", validator=_text)

    def __attrs_post_init__(self) -> None:
        if self.name == self.base:
            raise ConfigError(f"a variant's name must differ from its base game's ({self.name!r})")
        rules_type = get(self.base).rules_type
        if type(self.rules) is not rules_type:
            raise ConfigError(
                f"a variant of {self.base} holds {rules_type.__name__} rules, "
                f"got {type(self.rules).__name__}"
            )

    @classmethod
    def of(
        cls,
        name: str,
        base: str,
        *,
        title: str = "",
        source: str = "",
        **options: Any,
    ) -> Variant:
        """The variant ``name`` of the game ``base`` with its rules ``options``.

        >>> Variant.of("three-buys", "may-i", max_buys_per_deal=3).game().rules.max_buys_per_deal
        3
        """
        base_type = _base_type(base)
        return cls(
            name=name,
            base=base,
            rules=base_type.from_options(**options).rules,
            title=title,
            source=source,
        )

    @classmethod
    def loads(cls, text: str, *, source: str | PathLike[str] = "<string>") -> Variant:
        """Read a variant from TOML ``text``; errors are
        :class:`~rummykit.errors.ConfigError` naming ``source`` (where the text came
        from), the line and the key."""
        where = str(source)
        if not isinstance(text, str):
            raise ConfigError(f"a variant is TOML text, got {type(text).__name__}", source=where)
        if len(text) > MAX_VARIANT_CHARS:
            raise ConfigError(f"a variant is at most {MAX_VARIANT_CHARS} characters", source=where)
        return _parse(text, where)

    @property
    def options(self) -> Mapping[str, Any]:
        """The variant's rules options that differ from its base game's defaults."""
        return rules_options(self.rules)

    def game(self, **options: Any) -> GameDefinition[Any, Any]:
        """The variant as a game definition (named as the variant), with ``options`` changed
        from the variant's (a house rule on a house rule)."""
        return variant_type(self).from_options(**options)

    def to_json(self) -> dict[str, Any]:
        """The variant as JSON (what a record keeps of it)."""
        from rummykit.kit.codec import rules_to_json

        return {
            "name": self.name,
            "base": self.base,
            "title": self.title,
            "source": self.source,
            "rules": rules_to_json(self.rules),
        }

    @classmethod
    def from_json(cls, data: Any) -> Variant:
        """The variant :meth:`to_json` wrote; anything else is a
        :class:`~rummykit.errors.RecordError` naming what is wrong."""
        from rummykit.kit.codec import rules_from_json
        from rummykit.kit.registry import names

        if not isinstance(data, dict):
            raise RecordError(f"variant must be an object, got {shown(data)}")
        unknown = sorted(set(data) - {"name", "base", "title", "source", "rules"})
        if unknown:
            raise RecordError(f"unknown variant fields: {shorten(', '.join(map(str, unknown)))}")
        base = data.get("base")
        if not isinstance(base, str) or base not in names():
            raise RecordError(f"variant: unknown base game {shown(base)}")
        rules = rules_from_json(data.get("rules", {}), base, path="variant rules")
        try:
            return cls(
                name=data.get("name"),  # type: ignore[arg-type]  # checked by the validator
                base=base,
                rules=rules,
                title=data.get("title", ""),
                source=data.get("source", ""),
            )
        except ConfigError as error:
            raise RecordError(f"variant: {error.reason}") from None


def load_variant(path: str | PathLike[str]) -> Variant:
    """Read the variant file at ``path`` (trusted code only: it opens the file). Errors
    are :class:`~rummykit.errors.ConfigError` naming the file, the line and the key."""
    named = str(path)  # a long path keeps its end, the file's name
    where = named if len(named) <= MESSAGE_LIMIT else "…" + named[1 - MESSAGE_LIMIT :]
    try:
        with Path(path).open(encoding="utf-8") as stream:
            text = stream.read(MAX_VARIANT_CHARS + 1)
    except OSError as error:
        raise ConfigError(f"cannot read the variant: {error.strerror}", source=where) from None
    except UnicodeDecodeError:
        raise ConfigError("not UTF-8 text", source=where) from None
    except ValueError:  # a NUL byte in the path
        raise ConfigError("not a file name", source=where) from None
    if len(text) > MAX_VARIANT_CHARS:
        raise ConfigError(f"a variant is at most {MAX_VARIANT_CHARS} characters", source=where)
    return _parse(text, where)


def register_variant(
    variant: Variant | str | PathLike[str], *, replace: bool = False
) -> GameDefinition[Any, Any]:
    """Make ``variant`` (a :class:`Variant`, or the path of its file) known by its name,
    as :func:`~rummykit.kit.register` does a game, and return its definition: then
    ``rummykit.game(name)``, the command line and the simulator play it by name. A name
    taken by another game is refused unless ``replace``."""
    if not isinstance(variant, Variant):
        variant = load_variant(variant)
    register(variant_type(variant), replace=replace)
    return variant.game()


_TYPES: dict[Variant, type[GameDefinition[Any, Any]]] = {}


def variant_type(variant: Variant) -> type[GameDefinition[Any, Any]]:
    """The definition class of ``variant``: its base game's class under the variant's
    name, whose default rules are the variant's (one class for equal variants, so
    definitions of equal variants with equal rules are equal)."""
    found = _TYPES.get(variant)
    if found is None:
        base = get(variant.base)

        def from_options(cls: type[GameDefinition[Any, Any]], /, **options: Any) -> Any:
            if not options:
                return cls(variant.rules)
            from rummykit.kit.options import build_rules

            merged = {**rules_options(variant.rules), **options}
            return cls(build_rules(cls.rules_type, merged, game=variant.name))

        def reduce(self: GameDefinition[Any, Any]) -> tuple[Any, ...]:
            return (_definition, (variant, self.rules))

        namespace = {
            "name": variant.name,
            "title": variant.title or variant.name,
            "variant": variant,
            "from_options": classmethod(from_options),
            "__reduce__": reduce,
            "__module__": __name__,
            "__doc__": f"The variant {variant.name!r} of {variant.base}.",
        }
        made = type(f"Variant[{variant.name}]", (base,), namespace)
        found = _TYPES[variant] = attrs.frozen(made)
    return found


def variant_of(definition: GameDefinition[Any, Any]) -> Variant | None:
    """The variant ``definition`` plays, if it is a variant's."""
    found = getattr(type(definition), "variant", None)
    return found if isinstance(found, Variant) else None


def _definition(variant: Variant, rules: Any) -> GameDefinition[Any, Any]:
    """A variant's definition with ``rules`` (how a pickled one is made again)."""
    return variant_type(variant)(rules)


def _base_type(base: Any) -> type[GameDefinition[Any, Any]]:
    if not isinstance(base, str):
        raise ConfigError(f"a variant's base is a game's name, got {shown(base)}")
    return get(base)


def _value(name: str, default: Any, value: Any) -> Any:
    """An option's TOML ``value``: a table for an option whose default is a frozen value
    (``meld_rules = {run_min = 3, ace = "low"}``, ``card_values = {ranks = [...]}``)
    is that default with those fields changed, enum fields read by their value, lists
    as tuples and ``"none"`` as ``None`` where the field may be ``None``."""
    if not isinstance(value, dict) or not _fields_of(default, value):
        return value
    hints = typing.get_type_hints(type(default))
    changes: dict[str, Any] = {}
    for field, given in value.items():
        kind = hints.get(field)
        try:
            if isinstance(kind, type) and issubclass(kind, enum.Enum) and isinstance(given, str):
                given = kind(given)
            elif given == "none" and type(None) in typing.get_args(kind):
                given = None
            elif isinstance(given, list):
                given = tuple(given)
        except ValueError:
            allowed = ", ".join(str(item.value) for item in kind)  # type: ignore[union-attr]
            raise ConfigError(f"{name}.{field} is one of {allowed}, got {shown(given)}") from None
        changes[field] = given
    try:
        return attrs.evolve(default, **changes)
    except TypeError:
        known = ", ".join(field.name for field in attrs.fields(type(default)))
        raise ConfigError(
            f"{name} has no field among {', '.join(sorted(value))} (its fields: {known})"
        ) from None


def _fields_of(default: Any, value: dict[str, Any]) -> bool:
    """Whether ``value`` names fields of ``default``'s frozen class (a table of changes),
    not the option's own mapping (``decks = {3 = 2, 5 = 3}``)."""
    if not attrs.has(type(default)):
        return False
    names = {field.name for field in attrs.fields(type(default))}
    return any(key in names for key in value)


def _rules(base_type: type[GameDefinition[Any, Any]], options: dict[str, Any]) -> Any:
    """The base game's rules with ``options``. TOML has no null: an option the rules
    refuse as the text ``"none"`` is tried as ``None`` (no limit) before it is refused."""
    defaults = {info.name: info.default for info in option_infos(base_type.rules_type)}
    options = {name: _value(name, defaults.get(name), value) for name, value in options.items()}
    try:
        return base_type.from_options(**options).rules
    except ConfigError:
        nulls = {name: None for name, value in options.items() if value == "none"}
        if not nulls:
            raise
        try:
            return base_type.from_options(**{**options, **nulls}).rules
        except ConfigError:
            pass
        raise


def _line_of(lines: list[str], key: str, section: str | None) -> int | None:
    """The line that sets ``key`` at the top of the file (``section`` None) or in the
    ``[section]`` table."""
    current: str | None = None
    for number, line in enumerate(lines, start=1):
        header = _HEADER.match(line)
        if header:
            current = header.group(2).strip()
            if section is None and current == key:  # the key is a table: its header
                return number
            continue
        if current == section and re.match(rf"\s*{re.escape(key)}\s*=", line):
            return number
    return None


_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def _schedule_text(lines: list[str]) -> str:
    """The file's ``[schedule]`` part as the text of a schedule file, each line where it
    was (so a schedule's errors name the file's own lines): ``[schedule]``'s keys at the
    top, ``[[schedule.deal]]`` as ``[[deal]]``, every other line blank."""
    kept: list[str] = []
    inside = False
    for line in lines:
        header = _HEADER.match(line)
        if header:
            path = header.group(2).strip()
            if path == "schedule":
                inside = True
                kept.append("")
                continue
            inside = path.startswith("schedule.")
            if inside:
                line = line.replace("schedule.", "", 1)
        kept.append(line if inside else "")
    return "\n".join(kept)


def _parse(text: str, where: str) -> Variant:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"line (\d+)", str(error))
        raise ConfigError(
            f"not valid TOML: {error}", source=f"{where}:{line.group(1)}" if line else where
        ) from None
    except (RecursionError, ValueError):
        raise ConfigError(
            "not valid TOML: nested too deeply or a number too long", source=where
        ) from None
    lines = text.splitlines()

    def fail(reason: str, key: str | None = None, section: str | None = None) -> ConfigError:
        line = _line_of(lines, key, section) if key is not None else None
        return ConfigError(reason, source=f"{where}:{line}" if line else where)

    unknown = sorted(set(data) - set(_TOP_KEYS))
    if unknown:
        raise fail(f"unknown key {unknown[0]!r} (known: {', '.join(_TOP_KEYS)})", unknown[0])
    for key in ("name", "base"):
        if key not in data:
            raise fail(f"a variant needs a {key} (a game's name)")
    try:
        base_type = _base_type(data["base"])
    except ConfigError as error:
        raise fail(f"base: {error.reason}", "base") from None
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise fail("options must be a table ([options])", "options")
    options = dict(options)
    if "schedule" in data:
        schedule = data["schedule"]
        if not isinstance(schedule, dict):
            raise fail("schedule must be a table ([schedule] and [[schedule.deal]])", "schedule")
        names = {info.name for info in option_infos(base_type.rules_type)}
        option = next((name for name in _SCHEDULE_OPTIONS if name in names), None)
        if option is None:
            raise fail(f"{data['base']} takes no contract schedule ([schedule])", "schedule")
        if option in options:
            raise fail(f"give the schedule as [schedule] or options.{option}, not both", option)
        schedule_text = _schedule_text(lines)
        if tomllib.loads(schedule_text) != schedule:
            raise ConfigError(
                "the [schedule] table must come before its [[schedule.deal]] tables, "
                "each as its own table (no dotted schedule.* keys elsewhere)",
                source=where,
            )
        parsed = ContractSchedule.loads_toml(schedule_text, source=where)
        if "name" not in schedule:
            parsed = attrs.evolve(parsed, name=str(data["name"]))
        options[option] = parsed
    try:
        rules = _rules(base_type, options)
    except ConfigError as error:
        culprit = next((name for name in options if name in error.reason), None)
        raise fail(f"[options]: {error}", culprit, "options") from None
    try:
        return Variant(
            name=data["name"],
            base=data["base"],
            rules=rules,
            title=data.get("title", ""),
            source=data.get("source", ""),
        )
    except ConfigError as error:
        field = next((k for k in ("name", "base", "title", "source") if k in error.reason), None)
        raise fail(error.reason, field) from None
