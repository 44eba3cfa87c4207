"""Contracts and schedules: the melds a player must lay down to go down, deal by deal.

A :class:`Contract` is a tuple of requirements with flags (``2G+1R``); a
:class:`ContractSchedule` gives each deal its contract, hand size and going-out rule, from
Python or from a TOML file.
"""

from rummykit.contracts.contract import Contract, Requirement, SameSuitRuns, conflict, run_gap
from rummykit.contracts.schedules import ContractSchedule, DealSpec, resolve_deal_list

__all__ = [
    "Contract",
    "ContractSchedule",
    "DealSpec",
    "Requirement",
    "SameSuitRuns",
    "conflict",
    "resolve_deal_list",
    "run_gap",
]
