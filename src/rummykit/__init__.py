"""rummykit: typed rules of the rummy family.

Cards and notation, decks and dealing, meld rules and validation with jokers and
wrap-around runs, lay-offs and joker exchange, contracts and schedules, and a solver
that finds melds in a hand.

``rummykit.compiled`` is true when the opt-in compiled build (the hot modules compiled
with mypyc: ``RUMMYKIT_COMPILE=1 python -m pip install .``) is the one running, false for
the pure-Python package:

>>> isinstance(compiled, bool)
True
"""

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
from rummykit.contracts import Contract, Requirement, SameSuitRuns
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
)
from rummykit.melds import (
    AcePolicy,
    End,
    Extension,
    JokerExchange,
    Meld,
    MeldKind,
    MeldRules,
    WildLimit,
    extensions,
    joker_exchanges,
    lay_off,
)
from rummykit.scoring import CardValues
from rummykit.solver import (
    Arrangement,
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
    "Extension",
    "IllegalActionError",
    "InvalidMeldError",
    "JokerExchange",
    "Meld",
    "MeldKind",
    "MeldRules",
    "NotationError",
    "PileCard",
    "Rank",
    "RankOrder",
    "RecordError",
    "Requirement",
    "RummyError",
    "SameSuitRuns",
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
