"""Named rule presets: the shipped games' rules data, and house and peer rules, by name.

The rules layer (cards, melds, contracts, the solver) names no game; each game keeps its
own data (``rummykit.games.may_i.data``, ``rummykit.games.posso.data``). This module
gathers them under names, with the rules of gin rummy and of three other programs'
"May I?" houses, for the command line, the documentation and comparisons:

* ``may-i``, ``posso``: the shipped games' meld rules and card values;
* ``gin``: gin rummy (one deck, groups of 3-4, runs of 3+, ace low, no wild cards);
* ``mayi-house``: DroopyTersen/mayi's house rules (deuces and jokers wild, ace high);
* ``cts``: johnameyer/cards-ts "Can I Have That";
* ``cgu``: mazimez/card-games-utils rummy.

>>> from rummykit import parse_cards, presets
>>> preset = presets.game_preset("posso")
>>> preset.contract_conventions.exact, preset.meld_rules.max_jokers_per_meld
(False, 1)
>>> presets.meld_rules("may-i").ace
<AcePolicy.WRAP: 'wrap'>
>>> presets.card_values("gin").hand_value(parse_cards("AS KD 10C"))
21
>>> [deal.hand_size for deal in presets.schedule("may-i-six")]
[11, 11, 11, 11, 11, 11]
>>> presets.preset_names()
('may-i', 'posso', 'gin', 'mayi-house', 'cts', 'cgu')
"""

from __future__ import annotations

import attrs

from rummykit.cards import Rank
from rummykit.contracts import Contract, ContractSchedule, SameSuitRuns
from rummykit.errors import ConfigError
from rummykit.games.may_i.data import MAY_I_MELDS, MAY_I_VALUES, SCHEDULES
from rummykit.games.posso.data import POSSO_MELDS, POSSO_VALUES
from rummykit.melds import AcePolicy, MeldRules, WildLimit
from rummykit.scoring import CardValues

__all__ = [
    "GAME_PRESETS",
    "GIN_MELDS",
    "GIN_VALUES",
    "GamePreset",
    "card_values",
    "game_preset",
    "meld_rules",
    "preset_names",
    "schedule",
    "schedule_names",
]

GIN_VALUES = CardValues(ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0)
"""Gin rummy deadwood: ace 1, 2-10 face value, J Q K 10."""

GIN_MELDS = MeldRules(
    group_max=4, run_min=3, ace=AcePolicy.LOW, group_distinct_suits=True, jokers_allowed=False
)
"""Gin rummy: one deck, groups of 3-4, runs of 3+, ace low, no wild cards."""


@attrs.frozen(kw_only=True)
class GamePreset:
    """The rules data of one game or house, under one name."""

    name: str
    meld_rules: MeldRules
    card_values: CardValues
    contract_conventions: Contract
    """A contract whose flags (exact, distinct, same-suit runs) the game's contracts share."""


_PEER_VALUES = CardValues(ranks=(15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), joker=50)
_MAYI_HOUSE_VALUES = CardValues(ranks=(15, 20, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=50)

# DroopyTersen/mayi house rules (peer_cases/rules.md): deuces and jokers wild, never
# natural; ace high only; wilds <= naturals at lay-down only.
_MAYI_HOUSE_MELDS = MeldRules(
    ace=AcePolicy.HIGH,
    wild_ranks=frozenset({Rank.TWO}),
    wild_as_natural=False,
    wild_limit=WildLimit.AT_MOST_NATURALS,
    wild_limit_on_layoff=False,
)
# johnameyer/cards-ts "Can I Have That": as mayi-house, the wild limit on lay-offs too.
_CTS_MELDS = attrs.evolve(_MAYI_HOUSE_MELDS, wild_limit_on_layoff=True)
# mazimez/card-games-utils rummy: one-deck groups of 3-4, sequences of 3+ with two
# naturals; its A-K "skip" is closest to wrap-around.
_CGU_MELDS = MeldRules(
    group_max=4, run_min=3, ace=AcePolicy.WRAP, group_distinct_suits=True, run_min_naturals=2
)

# The contract flags the presets share: May I?'s exact contracts, and gin's free melds
# (any extra melds, ranks repeated, same-suit runs anywhere).
_EXACT = Contract.parse("G")
_FREE = Contract.parse("G", exact=False, distinct_ranks=False, same_suit_runs=SameSuitRuns.ALLOWED)
_MAYI_HOUSE_CONTRACTS = Contract.parse(
    "G", distinct_ranks=False, same_suit_runs=SameSuitRuns.APART, runs_apart=2
)

GAME_PRESETS: dict[str, GamePreset] = {
    name: GamePreset(
        name=name, meld_rules=melds, card_values=values, contract_conventions=conventions
    )
    for name, melds, values, conventions in (
        ("may-i", MAY_I_MELDS, MAY_I_VALUES, _EXACT),
        ("posso", POSSO_MELDS, POSSO_VALUES, Contract.parse("G", exact=False)),
        ("gin", GIN_MELDS, GIN_VALUES, _FREE),
        ("mayi-house", _MAYI_HOUSE_MELDS, _MAYI_HOUSE_VALUES, _MAYI_HOUSE_CONTRACTS),
        ("cts", _CTS_MELDS, _PEER_VALUES, _EXACT),
        ("cgu", _CGU_MELDS, GIN_VALUES, _FREE),
    )
}
"""Every preset, by name, in the order of :func:`preset_names`."""

_SCHEDULES = {schedule.name: schedule for schedule in SCHEDULES.values()}


def preset_names() -> tuple[str, ...]:
    """The preset names :func:`game_preset`, :func:`meld_rules` and :func:`card_values` take."""
    return tuple(GAME_PRESETS)


def game_preset(name: str) -> GamePreset:
    """The preset called ``name`` (one of :func:`preset_names`)."""
    try:
        return GAME_PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(GAME_PRESETS))
        raise ConfigError(f"no game preset {name!r} (known: {known})") from None


def meld_rules(name: str) -> MeldRules:
    """The meld rules of preset ``name``.

    >>> meld_rules("cts").wild_ranks
    frozenset({<Rank.TWO: 2>})
    """
    return game_preset(name).meld_rules


def card_values(name: str) -> CardValues:
    """The card values of preset ``name``."""
    return game_preset(name).card_values


def schedule_names() -> tuple[str, ...]:
    """The names :func:`schedule` takes."""
    return tuple(_SCHEDULES)


def schedule(name: str) -> ContractSchedule:
    """The shipped contract schedule called ``name``: ``may-i`` (MAYI-4.2) or
    ``may-i-six`` (MAYI-17).

    >>> schedule("may-i")[2].contract.notation
    '1G+1R'
    """
    try:
        return _SCHEDULES[name]
    except KeyError:
        known = ", ".join(sorted(_SCHEDULES))
        raise ConfigError(f"no schedule {name!r} (known: {known})") from None
