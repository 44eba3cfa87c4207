"""The rules of a contract game hold the engine's options as one typed field, declared
once.

A game's rules class is a :class:`TableRules`: its :attr:`~TableRules.table` field holds
the engine's :class:`~rummykit.engine.options.TableOptions`, and its :class:`TableSpec`
says, for each engine option, whether players may set it (the game's default and clause),
whether the game fixes it (its value and clause), or whether the rules make it from
options of their own. The game's own options are the class's other fields; none may be
named as an engine option, so nothing is declared twice or copied by name. Players name
both kinds flat (:meth:`TableRules.of`, :meth:`TableRules.with_options`,
``game(name, **options)``, ``--option NAME=VALUE``), and ``rummykit rules`` lists both,
from the class's :meth:`TableRules.option_infos`.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Mapping
from typing import Any, ClassVar, Self

import attrs

from rummykit.engine.options import TableOptions
from rummykit.errors import ConfigError, shown
from rummykit.kit.citations import field_docs
from rummykit.kit.option_table import OptionInfo, allowed_values, field_options
from rummykit.kit.options import FirstDealer

ENGINE_OPTIONS: tuple[str, ...] = tuple(field.name for field in attrs.fields(TableOptions))
"""The names of the engine's options (the fields of
:class:`~rummykit.engine.options.TableOptions`), in order."""

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
    """One game's engine options, declared once: which
    :class:`~rummykit.engine.options.TableOptions` its players may set (``settable``: the
    game's default and clause for each, and a note where the game narrows the engine's
    meaning), which it fixes (``fixed``: the value and the clause that fixes it), and
    which its rules make from options of their own (``derived``: the engine option and
    the game's options it is made from, which the rules' ``table_options()`` fills in).
    An engine option it does not name keeps the engine's default and cannot be set.

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
