"""Posso?'s rules data: card values (POSSO-3), meld rules (POSSO-10, 11) and the three
opening requirements (POSSO-12.2).

>>> POSSO_OPENINGS["run_and_set"]
Contract.parse('1G+1R', exact=False)
>>> POSSO_MELDS.accepts("QS KS AS 2S")
False
"""

from __future__ import annotations

from rummykit.contracts import Contract
from rummykit.melds import AcePolicy, MeldRules
from rummykit.scoring import CardValues

__all__ = ["POSSO_MELDS", "POSSO_OPENINGS", "POSSO_VALUES"]

POSSO_VALUES = CardValues(ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20)
"""POSSO-3: ace 15 (by default, POSSO-3.1), 10-K 10, 2-9 face value, a joker 20."""

POSSO_MELDS = MeldRules(group_max=9, ace=AcePolicy.LOW_OR_HIGH, max_jokers_per_meld=1)
"""POSSO-10, 11: no wrap-around, a group of up to 8 naturals and a joker, one joker per
meld. The game's options adjust it
(:meth:`~rummykit.games.posso.rules.PossoRules.meld_rules`)."""

POSSO_OPENINGS: dict[str, Contract] = {
    # POSSO-12.2: a minimum, not an exact contract (POSSO-12.3).
    "run": Contract.parse("1R", exact=False),
    "run_and_set": Contract.parse("1G+1R", exact=False),
    "two_sets": Contract.parse("2G", exact=False),
}
"""Posso?'s three opening requirements (POSSO-12.2), by the ``opening_requirement``
option's value (the rules' own words: a *set* is a group)."""
