"""The declared state of a contract-rummy match and of its deal in progress."""

from __future__ import annotations

from collections import Counter
from functools import cache

import attrs

from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.kit.state import DealState, MatchState, State
from rummykit.melds import Meld


@attrs.frozen
class TurnStep:
    """The turn in progress: whose, whether it ends with a discard, what was taken."""

    seat: int
    discard_step: bool
    taken: Card | None = None
    """The card taken from the pile as the draw, which may not be discarded at once
    (MAYI-7.5c)."""
    kind: str = "regular"
    """``regular``, or the claim protocol's name for a turn it started (May I?'s
    ``buy``, ``forced`` and ``refusal``; a free claim's ``claim``)."""
    went_down: bool = False
    """The seat laid its contract (or opening) down in this turn."""
    picked: int = 0
    """Pile cards taken so far in a ``pick`` phase (``multi_take_mode="any"``)."""
    priced: bool = True
    """``False`` while picked pile cards are still to be paid for with stock cards."""


@cache
def turn_step(
    seat: int, discard_step: bool, taken: Card | None = None, kind: str = "regular"
) -> TurnStep:
    """``TurnStep(seat, discard_step, taken, kind)``, made once (steps are values, and
    every turn starts one)."""
    return TurnStep(seat, discard_step, taken, kind)


@attrs.define
class ContractDeal(DealState):
    """One deal of a contract-rummy game."""

    contract: Contract | None = attrs.field(kw_only=True)
    """The deal's contract (or opening requirement); ``None`` in a game without
    contracts."""
    discard_out: bool = attrs.field(kw_only=True)
    """Whether going out by discarding is allowed in this deal."""
    table: list[Meld] = attrs.Factory(list)
    """The melds on the table, in the order they were laid (their numbers)."""
    down: list[bool] = attrs.Factory(list)
    """Whether each seat has its contract (or opening) down."""
    down_turn: list[int] = attrs.Factory(list)
    """The turn in which each seat went down (-1: not yet)."""
    laid: list[list[Meld]] = attrs.Factory(list)
    """The melds each seat laid down as its contract, as laid."""
    known: list[Counter[Card]] = attrs.Factory(list)
    """Cards each seat is known to hold (taken from the pile in view of everyone)."""
    buys: list[int] = attrs.Factory(list)
    """Buys each seat made this deal (MAYI-9.11)."""
    refills: int = 0
    """Stock refills made this deal (MAYI-14.4)."""
    step: TurnStep = attrs.field(factory=lambda: TurnStep(seat=0, discard_step=True))
    claim: State | None = None
    """The claim protocol's state while it keeps one (May I?'s open window; Posso?'s
    table, for the whole deal)."""
    dead: bool = False
    """Set while an action ends the deal dead (the refill cap)."""
    melded: list[int] = attrs.Factory(list)
    """The points of the cards each seat melded this deal (``score_melded``; empty
    without it)."""
    deepest: Card | None = None
    """The deepest card of a ``pile_take="meld_deepest"`` take, which its taker must
    meld before they discard (``None``: none owed)."""


@attrs.define
class ContractMatchState(MatchState):
    """A contract-rummy match: the shared fields plus going-out and buy counts."""

    times_out: list[int] = attrs.Factory(list)
    """How often each seat went out (MAYI-16.4 ``most_times_out``)."""
    total_buys: int = 0
    """Buys and forced buys in the whole match (MAYI-9.8); refusal takes are not buys."""
    stages: list[int] = attrs.Factory(list)
    """Under ``per_player_contracts``, the contracts each seat has completed (the next
    is its contract); empty without it."""
    carried_buys: list[int] = attrs.Factory(list)
    """Under ``buys_carry_over``, the buys each seat carries into this deal beside the
    deal's ``buy_limit``; empty without it."""
