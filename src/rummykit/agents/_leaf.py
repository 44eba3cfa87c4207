"""The search's leaf value ``"expected"``: what the rest of a deal is expected to cost
each seat, from how near its hand is to the contract and how late the deal is.

A rollout that stops before the deal ends must say what the deal in progress will cost
each seat. Counting the points in every hand as if the deal ended at the horizon (the
leaf ``"points"``) overrates points and underrates contract progress: measured over
heuristic play, a seat not yet down pays in the end about 0.3 of the points it holds
mid-deal, but every card it lacks for its contract costs it 8 points early in the deal and
more than 20 late; a seat already down mostly goes out (its bonus) or pays a few points,
and what counts is how many cards it still has to shed.

:class:`LeafModel` is a linear estimate of a seat's final cost for the deal (penalty minus
bonus) from the position at the horizon, fitted by least squares to 104,080 seat positions
(every seat at every seventh decision) of 200 May I? matches of four heuristics (``R^2``
0.12 for seats not down, 0.25 for seats down: a deal's end is mostly luck; each fitted on
one half of the data, the larger coefficients agree with the other half's within about
a fifth). The features:

- ``missing``: cards the hand lacks for the contract
  (:func:`~rummykit.agents.distance.contract_distance`);
- ``points``: the hand's value, ``cards``: its size;
- ``late``: how much of the stock is gone, ``1 - stock / full_stock`` (at least 0);
- ``down_seats``: how many seats have their contract down (the deal ends sooner).

>>> model = LeafModel()
>>> near = model.cost(points=80, cards=11, missing=1, late=0.5, down_seats=1)
>>> far = model.cost(points=80, cards=11, missing=5, late=0.5, down_seats=1)
>>> near < far
True
>>> model.cost(points=10, cards=1, missing=None, late=0.5, down_seats=1) < 0  # goes out
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rummykit.agents.distance import contract_distance
from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.melds import MeldRules
from rummykit.scoring import CardValues


@attrs.frozen(kw_only=True)
class LeafModel:
    """A seat's expected cost for the rest of a deal (see the module); the defaults are
    the fit to May I? played by four heuristics."""

    base: float = -18.35
    """Not down: the constant."""
    per_point: float = 0.27
    """Not down: per point in hand."""
    per_missing: float = 8.28
    """Not down: per card missing for the contract, at the deal's start."""
    per_missing_late: float = 15.31
    """Not down: per card missing, times ``late`` (a missing card costs more late)."""
    late: float = 1.32
    """Not down: times ``late``."""
    per_down_seat: float = -5.38
    """Not down: per seat down."""
    per_point_down_seat: float = 0.17
    """Not down: per point in hand, times the seats down."""
    per_missing_down_seat: float = 1.81
    """Not down: per card missing, times the seats down."""
    down_base: float = -20.75
    """Down: the constant (the bonus of going out, likely for a seat down)."""
    down_per_card: float = 3.01
    """Down: per card in hand (cards to shed before going out)."""
    down_late: float = 4.44
    """Down: times ``late``."""
    down_per_down_seat: float = 1.79
    """Down: per seat down (more seats racing to go out)."""
    down_per_point_down_seat: float = 0.13
    """Down: per point in hand, times the seats down."""
    full_stock: float = 60.0
    """The stock's size at a deal's start, about (``late`` is the share of it gone)."""

    def cost(
        self, *, points: float, cards: int, missing: int | None, late: float, down_seats: int
    ) -> float:
        """The expected cost to a seat of the rest of the deal: its penalty minus its
        bonus (``missing`` is ``None`` for a seat whose contract is down)."""
        if missing is None:
            return (
                self.down_base
                + self.down_per_card * cards
                + self.down_late * late
                + down_seats * (self.down_per_down_seat + self.down_per_point_down_seat * points)
            )
        return (
            self.base
            + self.per_point * points
            + missing * (self.per_missing + self.per_missing_late * late)
            + self.late * late
            + down_seats
            * (
                self.per_down_seat
                + self.per_point_down_seat * points
                + self.per_missing_down_seat * missing
            )
        )

    def lateness(self, stock: int) -> float:
        """``late`` for a stock of ``stock`` cards: the share of ``full_stock`` gone."""
        return max(0.0, 1.0 - stock / self.full_stock)


DEFAULT_MODEL = LeafModel()
"""The fit to May I? (the :class:`LeafModel` defaults)."""


def expected_costs(
    hands: Sequence[Sequence[Card]],
    down: Sequence[Any],
    contract: Contract,
    rules: MeldRules,
    values: CardValues | None,
    *,
    stock: int,
    model: LeafModel = DEFAULT_MODEL,
) -> list[float]:
    """Each seat's expected cost for the rest of the deal (:meth:`LeafModel.cost`):
    ``hands`` and ``down`` (truthy for a seat whose contract is on the table) by seat,
    ``stock`` the cards left in the stock; without ``values`` a card counts one point."""
    late = model.lateness(stock)
    down_seats = sum(1 for seat in down if seat)
    costs = []
    for hand, is_down in zip(hands, down, strict=True):
        points = values.hand_value(list(hand)) if values is not None else len(hand)
        missing = None if is_down else contract_distance(hand, contract, rules)
        costs.append(
            model.cost(
                points=points, cards=len(hand), missing=missing, late=late, down_seats=down_seats
            )
        )
    return costs
