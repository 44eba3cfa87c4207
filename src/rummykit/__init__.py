"""rummykit: typed rules of the rummy family.

Cards and notation, decks and dealing, meld rules and validation with jokers and
wrap-around runs, lay-offs and joker exchange, contracts and schedules, a solver that
finds melds in a hand, the errors, and the games: :func:`game` makes a registered game by
name, whose matches are :class:`Match` es that answer each action with an :class:`Event`.

>>> from rummykit import Event, Match, game
>>> match = game("may-i").new_match(players=4, seed=1)
>>> isinstance(match, Match), isinstance(match.apply(match.legal_actions()[0]), Event)
(True, True)

This package is one of three facades, each name has one home: ``rummykit`` (these),
:mod:`rummykit.kit` (what a game author builds a game from) and :mod:`rummykit.engine`
(the contract-rummy engine and its hooks); the other public modules (``agents``,
``records``, ``simulate``, ``rl``, ...) list their own names.

``rummykit.compiled`` is true when the opt-in compiled build (the hot modules compiled
with mypyc: ``RUMMYKIT_COMPILE=1 python -m pip install .``) is the one running, false for
the pure-Python package:

>>> isinstance(compiled, bool)
True
"""

import importlib
from typing import TYPE_CHECKING, Any

from rummykit._compiled import compiled
from rummykit._version import __version__
from rummykit.cards import (
    CARDS,
    JOKER,
    NATURALS,
    Card,
    CardsLike,
    Colour,
    Rank,
    RankOrder,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    to_cards,
)
from rummykit.contracts.contract import Contract, Requirement, SameSuitRuns
from rummykit.contracts.schedules import ContractSchedule, DealSpec
from rummykit.deck import (
    Deal,
    DeckSpec,
    DiscardPile,
    PileCard,
    Stock,
    deal,
    deal_in_rounds,
    make_rng,
    refill_stock,
)
from rummykit.errors import (
    ConfigError,
    ContractError,
    IllegalActionError,
    InvalidMeldError,
    NotationError,
    RecordError,
    RummyError,
    SolverBudgetError,
)
from rummykit.melds.exchange import JokerExchange, joker_exchanges
from rummykit.melds.kinds import AcePolicy, End, MeldKind, WildLimit
from rummykit.melds.layoff import Extension, extensions, lay_off
from rummykit.melds.meld import Meld
from rummykit.melds.rules import MeldRules
from rummykit.messages import Message
from rummykit.scoring import CardValues
from rummykit.solver._build import Arrangement
from rummykit.solver._entry import (
    arrangements,
    best_arrangement,
    can_meet,
    min_deadwood,
    min_deadwood_value,
)

__all__ = [
    "CARDS",
    "JOKER",
    "NATURALS",
    "AcePolicy",
    "Arrangement",
    "Card",
    "CardValues",
    "CardsLike",
    "Colour",
    "ConfigError",
    "Contract",
    "ContractError",
    "ContractSchedule",
    "Deal",
    "DealSpec",
    "DeckSpec",
    "DiscardPile",
    "End",
    "Event",
    "Extension",
    "IllegalActionError",
    "InvalidMeldError",
    "JokerExchange",
    "Match",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Message",
    "NotationError",
    "PileCard",
    "Rank",
    "RankOrder",
    "RecordError",
    "Requirement",
    "RummyError",
    "SameSuitRuns",
    "SolverBudgetError",
    "Stock",
    "Suit",
    "WildLimit",
    "__version__",
    "arrangements",
    "best_arrangement",
    "can_meet",
    "compiled",
    "deal",
    "deal_in_rounds",
    "extensions",
    "format_cards",
    "game",
    "joker_exchanges",
    "lay_off",
    "make_rng",
    "min_deadwood",
    "min_deadwood_value",
    "parse_card",
    "parse_cards",
    "refill_stock",
    "to_cards",
]

if TYPE_CHECKING:
    from rummykit.kit.match import Match
    from rummykit.kit.protocol import Event
    from rummykit.kit.registry import game

# The match layer loads on first use, so ``import rummykit`` stays the rules layer.
_LAZY = {
    "Event": "rummykit.kit.protocol",
    "Match": "rummykit.kit.match",
    "game": "rummykit.kit.registry",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rummykit' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


# What this module itself imports to work, not what it offers.
_OWN_TOOLS = frozenset({"Any", "TYPE_CHECKING", "importlib"})


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY} - _OWN_TOOLS)
