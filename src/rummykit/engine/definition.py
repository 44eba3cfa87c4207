"""The definition of a contract-rummy game: its rules, its table options, the hooks
its matches use and the clauses its refusals cite, checked when the game is registered.
Every game on the engine plays with one match class,
:class:`~rummykit.engine.core.ContractRummyMatch`."""

from __future__ import annotations

import difflib
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Final, TypeVar

import attrs

from rummykit._memo import BoundedMemo
from rummykit.contracts.schedules import ContractSchedule
from rummykit.engine.actions import Down, LayOff
from rummykit.engine.checks import CLAUSE_KEYS
from rummykit.engine.core import ContractRummyMatch
from rummykit.engine.hooks import Hooks
from rummykit.engine.options import ContractRules, TableOptions
from rummykit.engine.phases import DRAW, MELD, PICK
from rummykit.engine.table import ENGINE_OPTIONS, TableRules
from rummykit.errors import ConfigError, shown
from rummykit.kit.actions import Action, Discard, Done, Draw, NextDeal, Take
from rummykit.kit.definition import GameDefinition
from rummykit.kit.protocol import Phase
from rummykit.melds import MeldRules
from rummykit.scoring import CardValues

R = TypeVar("R", bound=ContractRules)

_OPTIONS: Final = BoundedMemo[tuple[ContractRules, None], TableOptions]("table options", rules=1)
"""The engine's options of each rules value (:meth:`ContractRummy.table_options`)."""


def _table_options(rules: ContractRules, _: None) -> TableOptions:
    made = rules.table_options()
    if not isinstance(made, TableOptions):
        raise ConfigError(
            f"{type(rules).__name__}.table_options() must return TableOptions, "
            f"got {type(made).__name__}"
        )
    return made


def turn_actions(
    *,
    claims: tuple[type[Action], ...] = (),
    table: tuple[type[Action], ...] = (LayOff,),
    last: tuple[type[Action], ...] = (),
) -> tuple[type[Action], ...]:
    """The action types of a contract game (its :attr:`ContractRummy.actions`) in the
    engine's order: the draw step's (``Draw``, ``Take``), the claim protocol's
    ``claims``, ``Down``, the ``table`` actions (lay-offs; joker exchanges where the
    game has them), ``Discard``, ``Done`` and ``NextDeal``, then any the game adds
    ``last`` (the order its grammar lists them in and its RL encoding numbers them).

    >>> from rummykit.engine import ExchangeJoker
    >>> [kind.verb for kind in turn_actions(table=(LayOff, ExchangeJoker))]
    ['draw', 'take', 'down', 'layoff', 'exchange', 'discard', 'done', 'next']
    """
    return (Draw, Take, *claims, Down, *table, Discard, Done, NextDeal, *last)


@attrs.frozen
class ContractRummy(GameDefinition[R, ContractRummyMatch]):
    """The base of a contract-rummy game definition: its rules give the engine its
    :class:`~rummykit.engine.options.TableOptions` (the rules are a
    :class:`~rummykit.engine.table.TableRules`, holding them as one field declared by
    a :class:`~rummykit.engine.table.TableSpec`, or
    :class:`~rummykit.engine.options.TableOptions` itself), :meth:`hooks` says which
    hooks it uses, and :attr:`refusal_clauses` which clause of the game's rules each
    refusal cites."""

    match_type: ClassVar[type[Any]] = ContractRummyMatch

    clause_prefix: ClassVar[str] = ""
    """The prefix of the clauses the game's errors cite (``MAYI``)."""

    refusal_clauses: ClassVar[Mapping[str, str]] = {}
    """The clause of the game each kind of refusal cites, by key (``draw``, ``meld``,
    ``pick``, ``discard``, ``taken_card``, ``own_discard``, ``empty_pile``,
    ``multi_take``, ``no_discard``, ``going_out``, ``single_card``, ``layoff``,
    ``layoff_target``, ``layoff_fit``, ``layoff_gate``, ``exchange``, ``match_over``,
    ``players``, and the opening's ``down``, ``no_new_melds``, ``one_at_a_time``,
    ``hold``, ``melds``: :data:`~rummykit.engine.checks.CLAUSE_KEYS`). The engine cites
    none of its own: a refusal whose key the game does not set cites none."""

    @classmethod
    def check_definition(cls) -> None:
        """Also refuse rules that cannot give the engine its options: a rules class
        that is neither a :class:`~rummykit.engine.table.TableRules` nor
        :class:`~rummykit.engine.options.TableOptions`; a rules class that declares an
        engine option as a field of its own (named: its default and clause belong in
        the class's :class:`~rummykit.engine.table.TableSpec`); ``table_options()``
        that does not return table options; a
        match class that is not a :class:`~rummykit.engine.core.ContractRummyMatch`; a
        clause map with a kind of refusal the engine does not know (a typo would
        silently cite nothing) or a clause that is not text
        (:data:`~rummykit.engine.checks.CLAUSE_KEYS`). The rules are tried with their
        defaults."""
        super().check_definition()
        game = cls.name or cls.__name__
        if cls.match_type is not ContractRummyMatch:
            raise ConfigError(
                f"game {game!r}: a contract game plays with ContractRummyMatch (a game "
                "changes the engine through its options and hooks, not a match class)"
            )
        for key, clause in cls.refusal_clauses.items():
            if key not in CLAUSE_KEYS:
                close = difflib.get_close_matches(str(key), CLAUSE_KEYS, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise ConfigError(
                    f"game {game!r}: refusal_clauses has no kind of refusal {shown(key)}{hint}; "
                    f"the kinds are {', '.join(sorted(CLAUSE_KEYS))}"
                )
            if not isinstance(clause, str) or not clause.strip():
                raise ConfigError(
                    f"game {game!r}: the clause for {key!r} must be text, got {shown(clause)}"
                )
        rules_type = cls.rules_type
        if rules_type is not TableOptions and not (
            isinstance(rules_type, type) and issubclass(rules_type, TableRules)
        ):
            raise ConfigError(
                f"game {game!r}: rules class {getattr(rules_type, '__name__', rules_type)} "
                "must be a rummykit.engine.TableRules (the engine's options as its table "
                "field, declared by a TableSpec) or TableOptions itself"
            )
        if rules_type is not TableOptions:
            own = set(rules_type.own_options())
            clash = sorted(own & set(ENGINE_OPTIONS))
            if clash:
                raise ConfigError(
                    f"game {game!r}: rules class {rules_type.__name__} declares the engine "
                    f"options {', '.join(clash)}: give them in its table_spec instead"
                )
        try:
            options = cls(rules_type()).table_options()
        except ConfigError as error:
            raise ConfigError(f"game {game!r}: {error.reason}") from None
        if not isinstance(options, TableOptions):
            raise ConfigError(
                f"game {game!r}: {rules_type.__name__}.table_options() must return "
                f"TableOptions, got {type(options).__name__}"
            )

    def table_options(self) -> TableOptions:
        """The engine's options for these rules (the rules' ``table_options()``), made
        once for equal rules: rules are frozen values, and making the options checks
        every deal of the schedule again (each match, each bot asking for the meld
        rules or card values)."""
        rules = self.rules
        try:
            return _OPTIONS.pair(rules, None, _table_options)
        except TypeError:
            try:
                hash(rules)
            except TypeError:  # rules holding a list or dict: made each time
                return _table_options(rules, None)
            raise

    def deal_schedule(self, players: int, options: TableOptions) -> ContractSchedule | None:
        """The contract, hand size and going-out rule of each deal for ``players``
        seats, given the match's table ``options``: their ``schedule`` (a game whose
        schedule depends on the number of players, as Posso?'s does, overrides this)."""
        return options.schedule

    def meld_rules(self) -> MeldRules:
        """The table options' ``meld_rules``."""
        return self.table_options().meld_rules

    def known_phases(self) -> tuple[Phase, ...]:
        """The engine's turn phases, the claim protocol's and the game's own."""
        claims = self.hooks().claims.phases
        return tuple(dict.fromkeys((DRAW, MELD, PICK, *claims, *self.phases)))

    def card_values(self) -> CardValues:
        """What each card counts in this game: the engine options' ``card_values``
        (:meth:`table_options`), for every game on the engine alike, whether its rules
        are :class:`~rummykit.engine.options.TableOptions` (an attribute there), a
        :class:`~rummykit.engine.table.TableRules` that fixes or lets players set it, or
        rules that make it from options of their own (May I?'s ``joker_value``)."""
        return self.table_options().card_values

    @abstractmethod
    def hooks(self) -> Hooks:
        """The hooks this game's matches use, chosen from its rules."""
