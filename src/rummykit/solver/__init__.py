"""Finding melds in a hand: contracts, best arrangements and the least deadwood.

What a bot asks many times a turn, answered on integers (a count per card, a rank
bitmask per suit, the wild cards at hand): only the results become
:class:`~rummykit.Meld` values, and every one of them validates.

- :func:`~rummykit.can_meet`: can this hand meet a contract?
- :func:`~rummykit.best_arrangement`: the melds meeting it that leave the fewest points;
  :func:`~rummykit.arrangements`: every distinct way, lazily;
  :func:`arrangement_parts`: the same ways as plain parts, for an engine listing
  go-down actions.
- :func:`~rummykit.min_deadwood` and :func:`~rummykit.min_deadwood_value`: no contract,
  the disjoint melds that leave the fewest points, optionally after one discard.
- Points come from ``values`` (:data:`FACE_VALUES` unless a game passes its own table).
- Every call does bounded work: ``budget=`` nodes of search (:data:`DEFAULT_BUDGET`
  unless told; ``None``: no bound), past which it raises
  :class:`~rummykit.errors.SolverBudgetError`; making the candidate melds counts too,
  so the default bounds time (under 2 s measured on the worst inputs) and memory.
- The solver keeps memos between calls, shared by all threads and bounded, as does the
  rest of the package (:func:`memo_limits`, defaults :data:`RULES_LIMIT` and
  :data:`CACHE_LIMIT`); :func:`memo_sizes` shows every one, :func:`set_memo_limits`
  caps them all and :func:`clear_memos` empties them all.

>>> from rummykit import AcePolicy, Contract, MeldRules, parse_cards
>>> from rummykit import best_arrangement, can_meet
>>> hand = parse_cards("7S 7H 7D KS KC KD 2C 9H 4D QS")
>>> rules = MeldRules(ace=AcePolicy.WRAP, max_jokers_per_meld=1)
>>> can_meet(hand, Contract.parse("2G"), rules)
True
>>> best = best_arrangement(hand, Contract.parse("2G"), rules)
>>> best.melds, best.left, best.left_value
((Meld.parse('7S 7H 7D'), Meld.parse('KS KD KC')), (QS, 9H, 4D, 2C), 25)

With deuces wild, a 2 fills in for any card (and, unless ``wild_as_natural`` is off,
may also play as itself); each returned meld says what its wild cards stand for:

>>> from rummykit import Rank
>>> deuces = MeldRules(ace=AcePolicy.HIGH, wild_ranks={Rank.TWO}, wild_as_natural=False)
>>> best = best_arrangement(parse_cards("9H 10H 2C QH 5S 5D 5C"), Contract.parse("1G+1R"),
...                         deuces)
>>> [str(meld) for meld in best.melds]
['5S 5D 5C', '9H 10H 2C(JH) QH']

Ties between arrangements that leave the same points in hand go to the first one in
the solver's canonical order: required melds in the contract's order (groups by rank,
runs by suit and low end), larger melds first.
"""

from rummykit._memo import (
    CACHE_LIMIT as CACHE_LIMIT,
)
from rummykit._memo import (
    RULES_LIMIT as RULES_LIMIT,
)
from rummykit._memo import (
    MemoLimits as MemoLimits,
)
from rummykit._memo import (
    clear_memos as clear_memos,
)
from rummykit._memo import (
    memo_limits as memo_limits,
)
from rummykit._memo import (
    memo_sizes as memo_sizes,
)
from rummykit._memo import (
    set_memo_limits as set_memo_limits,
)
from rummykit.scoring import FACE_VALUES as FACE_VALUES
from rummykit.solver._build import Arrangement as Arrangement
from rummykit.solver._build import MeldParts
from rummykit.solver._entry import (
    arrangement_parts,
)
from rummykit.solver._entry import (
    arrangements as arrangements,
)
from rummykit.solver._entry import (
    best_arrangement as best_arrangement,
)
from rummykit.solver._entry import (
    can_meet as can_meet,
)
from rummykit.solver._entry import (
    min_deadwood as min_deadwood,
)
from rummykit.solver._entry import (
    min_deadwood_value as min_deadwood_value,
)
from rummykit.solver._search import DEFAULT_BUDGET

__all__ = [
    "CACHE_LIMIT",
    "DEFAULT_BUDGET",
    "RULES_LIMIT",
    "MeldParts",
    "MemoLimits",
    "arrangement_parts",
    "clear_memos",
    "memo_limits",
    "memo_sizes",
    "set_memo_limits",
]
