"""Contracts and schedules: the melds a player must lay down to go down, deal by deal.

A :class:`Contract` is a tuple of requirements with flags (``2G+1R``); a
:class:`ContractSchedule` gives each deal its contract, hand size and going-out rule, from
Python or from a TOML file.
"""

from rummykit.contracts.contract import (
    Contract as Contract,
)
from rummykit.contracts.contract import (
    Requirement as Requirement,
)
from rummykit.contracts.contract import (
    SameSuitRuns as SameSuitRuns,
)
from rummykit.contracts.contract import (
    conflict as conflict,
)
from rummykit.contracts.contract import (
    run_gap as run_gap,
)
from rummykit.contracts.meetable import (
    check_meetable as check_meetable,
)
from rummykit.contracts.meetable import (
    check_schedule as check_schedule,
)
from rummykit.contracts.schedules import (
    ContractSchedule as ContractSchedule,
)
from rummykit.contracts.schedules import (
    DealSpec as DealSpec,
)
from rummykit.contracts.schedules import (
    resolve_deal_list as resolve_deal_list,
)
