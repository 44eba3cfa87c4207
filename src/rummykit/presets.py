"""Named rule presets: the meld rules, card values and contract conventions of a game.

The command line and the documentation reach the shipped games' rules by these names.

>>> from rummykit.presets import game_preset
>>> preset = game_preset("posso")
>>> preset.contract_conventions.exact, preset.meld_rules.max_jokers_per_meld
(False, 1)
"""

from __future__ import annotations

import attrs

from rummykit.contracts import Contract, SameSuitRuns
from rummykit.errors import ConfigError
from rummykit.melds import MeldRules
from rummykit.scoring import GIN_VALUES, MAY_I_VALUES, POSSO_VALUES, CardValues

__all__ = ["GAME_PRESETS", "GamePreset", "game_preset"]


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

GAME_PRESETS: dict[str, GamePreset] = {
    preset.name: preset
    for preset in (
        GamePreset(
            name="may-i",
            meld_rules=MeldRules.preset("may-i"),
            card_values=MAY_I_VALUES,
            contract_conventions=Contract.parse("G"),
        ),
        GamePreset(
            name="posso",
            meld_rules=MeldRules.preset("posso"),
            card_values=POSSO_VALUES,
            contract_conventions=Contract.parse("G", exact=False),
        ),
        GamePreset(
            name="gin",
            meld_rules=MeldRules.preset("gin"),
            card_values=GIN_VALUES,
            contract_conventions=Contract.parse(
                "G", exact=False, distinct_ranks=False, same_suit_runs=SameSuitRuns.ALLOWED
            ),
        ),
        GamePreset(
            name="mayi-house",
            meld_rules=MeldRules.preset("mayi-house"),
            card_values=_MAYI_HOUSE_VALUES,
            contract_conventions=Contract.parse(
                "G", distinct_ranks=False, same_suit_runs=SameSuitRuns.APART, runs_apart=2
            ),
        ),
        GamePreset(
            name="cts",
            meld_rules=MeldRules.preset("cts"),
            card_values=_PEER_VALUES,
            contract_conventions=Contract.parse("G"),
        ),
        GamePreset(
            name="cgu",
            meld_rules=MeldRules.preset("cgu"),
            card_values=GIN_VALUES,
            contract_conventions=Contract.parse(
                "G", exact=False, distinct_ranks=False, same_suit_runs=SameSuitRuns.ALLOWED
            ),
        ),
    )
}


def game_preset(name: str) -> GamePreset:
    """The preset called ``name`` (the names of :meth:`.MeldRules.preset`)."""
    try:
        return GAME_PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(GAME_PRESETS))
        raise ConfigError(f"no game preset {name!r} (known: {known})") from None
