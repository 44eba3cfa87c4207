"""May I?'s rules data: card values (MAYI-3), meld rules (MAYI-10) and the contract
schedules (MAYI-4.2, MAYI-17) its ``contract_schedule`` option names.

>>> from rummykit import parse_cards
>>> MAY_I_VALUES.hand_value(parse_cards("AS KD 10C 3H"))  # MAYI-3.1
38
>>> [deal.contract.notation for deal in MAY_I_SCHEDULE]
['2G', '1G+1R', '2R', '3G', '2G+1R']
>>> MAY_I_SCHEDULE[5].discard_out, MAY_I_SCHEDULE[4].discard_out
(False, True)
>>> SCHEDULES["six_deal"] == MAY_I_SIX_SCHEDULE
True
"""

from __future__ import annotations

from rummykit.contracts import ContractSchedule
from rummykit.melds import AcePolicy, MeldRules
from rummykit.scoring import CardValues

__all__ = ["MAY_I_MELDS", "MAY_I_SCHEDULE", "MAY_I_SIX_SCHEDULE", "MAY_I_VALUES", "SCHEDULES"]

MAY_I_VALUES = CardValues(ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=20)
"""MAYI-3: ace 15, 10-K 10, 2-9 face value; a configured joker 20 (MAYI-2.2)."""

MAY_I_MELDS = MeldRules(group_max=8, ace=AcePolicy.WRAP, max_jokers_per_meld=1)
"""MAYI-10: groups of 3-8 (two decks), runs of 4-13 round the corner; jokers, when
configured, as in POSSO-11 (MAYI-2.2): one per meld, at a run's end too. The game's
options adjust it (:meth:`~rummykit.games.may_i.rules.MayIRules.meld_rules`)."""

MAY_I_SCHEDULE = ContractSchedule.of("2G", "1G+1R", "2R", "3G", "2G+1R", name="may-i")
"""MAYI-4.2: five deals of ten cards; going out by discarding banned in the last."""

MAY_I_SIX_SCHEDULE = ContractSchedule.of(
    "2G", "1G+1R", "2R", "3G", "2G+1R", "1G+2R", hand_size=11, name="may-i-six"
)
"""MAYI-17: six deals of eleven cards; deal 6 is two runs and a group."""

SCHEDULES: dict[str, ContractSchedule] = {
    "standard_five": MAY_I_SCHEDULE,
    "six_deal": MAY_I_SIX_SCHEDULE,
    "may-i": MAY_I_SCHEDULE,
    "may-i-six": MAY_I_SIX_SCHEDULE,
}
"""The names the ``contract_schedule`` option takes: the rules' spellings first (a
schedule given by any of its names is kept as the first), then the schedules' own."""
