"""A game's options as players see them: each option's name, default, clause, text and
allowed values (:class:`OptionInfo`), and the values a rules object holds by those names.

``rummykit rules``, ``--option NAME=VALUE``, ``game(name, **options)``
(:func:`~rummykit.kit.options.build_rules`) and records read a rules class through
:func:`option_infos` and :func:`option_values`: a plain attrs rules class (Possession's,
a user's) by its fields and the docstrings under them; a contract game's
:class:`~rummykit.engine.table.TableRules` by its own ``option_infos()`` and
``option_values()`` (its own options, then the engine's its spec lets players set).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from rummykit.kit.citations import cited_clause, field_docs


@attrs.frozen
class OptionInfo:
    """One option of a game's rules as players see it: what ``rummykit rules`` lists,
    what ``--option NAME=VALUE`` and ``game(name, **options)`` take
    (:func:`option_infos`).

    >>> from rummykit.games.may_i.rules import MayIRules
    >>> info = {info.name: info for info in option_infos(MayIRules)}["tie_break"]
    >>> info.default, info.clause, info.allowed
    ('shared', 'MAYI-16.4', ('shared', 'fewest_penalty_points', 'most_times_out'))
    """

    name: str
    """The name players give (``jokers``, ``claim_order``)."""
    default: Any
    """The game's default."""
    doc: str
    """What it means, its clause first (``"MAYI-2.2: jokers in the shoe ..."``)."""
    clause: str | None
    """The clause of the game's rules it follows, if one is cited."""
    allowed: Any = None
    """The values it takes where they are few (a choice's, true and false), else the
    type's text, else ``None``."""


def allowed_values(field: attrs.Attribute[Any], default: Any) -> Any:
    """The values an option field takes where they are few (a
    :class:`~rummykit.kit.options.Choice`'s, true and false), else its declared type's
    text, else ``None``.

    >>> from rummykit.games.possession.rules import PossessionRules
    >>> fields = attrs.fields_dict(PossessionRules)
    >>> allowed_values(fields["suit_change"], "same_rank"), allowed_values(fields["hand_size"], 9)
    (('same_rank', 'none'), 'int')
    """
    for candidate in (field.converter, type(default)):
        if isinstance(candidate, type) and issubclass(candidate, enum.Enum):
            return tuple(member.value for member in candidate)
    if isinstance(default, bool):
        return (True, False)
    return field.type if isinstance(field.type, str) else None


def field_options(rules_type: type[Any]) -> tuple[OptionInfo, ...]:
    """The options of a plain rules class: its init fields, their defaults, and the
    docstrings under them (whose first clause is the option's).

    >>> from rummykit.games.possession.rules import PossessionRules
    >>> first = field_options(PossessionRules)[0]
    >>> first.name, first.default, first.clause
    ('player_count_range', (2, 4), 'PSSN-1.1')
    """
    docs = field_docs(rules_type)
    infos = []
    for field in attrs.fields(rules_type):
        if not field.init:
            continue
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = None if default.takes_self else default.factory()
        doc = docs.get(field.name, "")
        infos.append(
            OptionInfo(
                name=field.alias or field.name,
                default=default,
                doc=doc,
                clause=cited_clause(doc),
                allowed=allowed_values(field, default),
            )
        )
    return tuple(infos)


def option_infos(rules_type: type[Any]) -> tuple[OptionInfo, ...]:
    """Every option a rules class takes by name: its own ``option_infos()`` where it
    has one (:class:`~rummykit.engine.table.TableRules`: its own options and the
    engine's it lets players set), else :func:`field_options`.

    >>> from rummykit.games.posso.rules import PossoRules
    >>> names = [info.name for info in option_infos(PossoRules)]
    >>> names[:2], "tie_break" in names, "single_card_rule" in names
    (['joker_count', 'joker_value'], True, False)
    """
    own = getattr(rules_type, "option_infos", None)
    if callable(own):
        infos: tuple[OptionInfo, ...] = own()
        return infos
    return field_options(rules_type)


def option_values(rules: Any) -> dict[str, Any]:
    """Every option of a rules object by the name players give it: its own
    ``option_values()`` where it has one, else its init fields.

    >>> from rummykit import game
    >>> values = option_values(game("may-i", jokers={3: 2, 5: 4}).rules)
    >>> values["jokers"], values["claim_order"]
    ({'3': 2, '5': 4}, 'requests_first')
    """
    own = getattr(rules, "option_values", None)
    if callable(own):
        values: dict[str, Any] = own()
        return values
    return {
        field.alias or field.name: getattr(rules, field.name)
        for field in attrs.fields(type(rules))
        if field.init
    }
