"""Points on the table: an opening by points (``opening_points``), the cards a seat
melded (``score_melded``), and whether a deep pile take's last card can be melded
(``pile_take="meld_deepest"``).

A meld is worth its cards as they play: each wild card counts as the card it stands for
(Kalooki's 51: a joker in 7-8-9 counts 8).

>>> from rummykit import Meld, MeldRules
>>> from rummykit.scoring import FACE_VALUES
>>> run = Meld.parse("7H JK 9H", MeldRules(run_min=3))
>>> meld_points([run], FACE_VALUES), FACE_VALUES.hand_value(run.cards)
(24, 41)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.engine.actions import Down
from rummykit.engine.contract import down_action
from rummykit.errors import IllegalActionError, SolverBudgetError
from rummykit.melds import Meld
from rummykit.scoring import CardValues
from rummykit.solver import arrangements, min_deadwood

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext

_SINGLE_MELDS = (Contract.parse("1G"), Contract.parse("1R"))


def meld_points(melds: Iterable[Meld], values: CardValues) -> int:
    """What ``melds`` are worth for an opening: every card at the value of the rank it
    plays (a wild card as the card it stands for)."""
    return sum(values.of_rank(rank) for meld in melds for rank in meld.ranks)


def opening_short(
    ctx: TurnContext[object], seat: int, melds: Sequence[Meld]
) -> tuple[int, int] | None:
    """``(worth, needed)`` where ``melds`` would open ``seat``'s deal below the
    ``opening_points`` of the deal; ``None`` where they may (no minimum, the seat has
    laid melds down already this deal, or they are worth enough)."""
    needed = ctx.options.opening_points
    if not needed or ctx.deal.down[seat] or ctx.deal.laid[seat]:
        return None
    worth = meld_points(melds, ctx.values)
    return None if worth >= needed else (worth, needed)


def deepest_meldable(ctx: TurnContext[object], seat: int, count: int) -> bool:
    """Whether the deepest of the top ``count`` pile cards could be melded at once by
    ``seat`` after taking them: laid off on a meld on the table, or in a meld of the
    seat's hand with the cards taken (``pile_take="meld_deepest"`` lists only such
    takes; the turn's other rules still apply when it is melded)."""
    entries = ctx.deal.pile.entries
    if count > len(entries):
        return False
    taken = [entry.card for entry in entries[len(entries) - count :]]
    deepest = taken[0]
    if any(ctx.grown_meld(meld, deepest) is not None for meld in ctx.deal.table):
        return True
    cards: list[Card] = [*ctx.deal.hands[seat], *taken]
    for contract in _SINGLE_MELDS:
        for arrangement in arrangements(cards, contract, ctx.meld_rules, values=ctx.values):
            if deepest in arrangement.melds[0].cards:
                return True
    return False


def opening_downs(ctx: TurnContext[object], seat: int, downs: Sequence[Down]) -> list[Down]:
    """The go-downs the opening hook listed (``downs``) that are worth the deal's
    ``opening_points``, and the go-down of the hand's least deadwood (most points
    melded, a card kept for the discard) where it is worth them and the opening hook
    accepts it: an opening of several melds, which a hook that lists one meld at a time
    would not offer."""
    needed = ctx.options.opening_points
    rules, values = ctx.meld_rules, ctx.values
    kept = []
    for down in downs:
        melds = [rules.validate(cards, roles=roles) for cards, roles in down.melds]
        if meld_points(melds, values) >= needed:
            kept.append(down)
    hand = ctx.deal.hands[seat]
    try:
        best = min_deadwood(hand, rules, values=values, discard=ctx.deal.step.discard_step)
    except SolverBudgetError:
        return kept
    if best.melds and meld_points(best.melds, values) >= needed:
        down = down_action(best.melds)
        if down not in kept:
            try:
                ctx.hooks.opening.check(ctx, seat, down)
            except IllegalActionError:
                return kept
            kept.append(down)
    return kept
