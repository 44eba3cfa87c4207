"""Melds: what a group, a run and the other kinds are, validation with jokers, lay-offs
and joker exchange."""

from rummykit.melds.exchange import (
    JokerExchange as JokerExchange,
)
from rummykit.melds.exchange import (
    joker_exchanges as joker_exchanges,
)
from rummykit.melds.exchange import replacing_cards, wild_replacements
from rummykit.melds.kinds import (
    AcePolicy as AcePolicy,
)
from rummykit.melds.kinds import (
    End as End,
)
from rummykit.melds.kinds import (
    MeldKind as MeldKind,
)
from rummykit.melds.kinds import (
    WildLimit as WildLimit,
)
from rummykit.melds.kinds import register_kind as register_kind
from rummykit.melds.kinds import unregister_kind as unregister_kind
from rummykit.melds.layoff import (
    Extension as Extension,
)
from rummykit.melds.layoff import (
    extensions as extensions,
)
from rummykit.melds.layoff import fit_lay_off, try_lay_off
from rummykit.melds.layoff import (
    lay_off as lay_off,
)
from rummykit.melds.meld import Meld as Meld
from rummykit.melds.meld import Role
from rummykit.melds.rules import MeldRules as MeldRules
from rummykit.melds.shapes import Alike as Alike
from rummykit.melds.shapes import MeldShape as MeldShape
from rummykit.melds.shapes import SetShape as SetShape

__all__ = ["Role", "fit_lay_off", "replacing_cards", "try_lay_off", "wild_replacements"]
