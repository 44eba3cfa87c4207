"""Melds: what a group and a run are, validation with jokers, lay-offs and joker exchange."""

from rummykit.melds.kinds import AcePolicy, End, MeldKind, WildLimit
from rummykit.melds.layoff import (
    Extension,
    JokerExchange,
    extensions,
    fit_lay_off,
    joker_exchanges,
    lay_off,
    replacing_cards,
    try_lay_off,
    wild_replacements,
)
from rummykit.melds.meld import Meld, Role
from rummykit.melds.rules import MeldRules

__all__ = [
    "AcePolicy",
    "End",
    "Extension",
    "JokerExchange",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Role",
    "WildLimit",
    "extensions",
    "fit_lay_off",
    "joker_exchanges",
    "lay_off",
    "replacing_cards",
    "try_lay_off",
    "wild_replacements",
]
