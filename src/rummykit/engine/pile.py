"""Pile takes and stock draws of contract rummy (MAYI-7.3, 8.4, 9.8, 9.13, 14.1-14.4).

Functions over a :class:`~rummykit.engine.core.ContractRummyMatch` that every claim
protocol and the regular turn share: which pile cards a seat may take, taking them, the
stock cards owed for them, and drawing with refills and the refill cap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rummykit._memo import BoundedMemo
from rummykit.cards import Card
from rummykit.deck import DiscardPile, refill_stock
from rummykit.engine.effects import DrawSkipped
from rummykit.kit.effects import Drew, StockRefilled, TookFromPile

if TYPE_CHECKING:
    from rummykit.engine.checks import CheckedMatch
    from rummykit.engine.context import TurnContext
    from rummykit.engine.hooks import TakeKind

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


def pile_run(match: CheckedMatch, seat: int, *, protect_top: bool) -> list[int]:
    """Depths (0 = top) of the pile cards ``seat`` may take from the top down, stopping
    before one of their own discards (MAYI-8.4, 9.8 step 2)."""
    return list(range(_run_length(match, seat, protect_top)))


def _run_length(match: CheckedMatch, seat: int, protect_top: bool) -> int:
    """How many pile cards from the top ``seat`` may take (:func:`pile_run`'s length)."""
    pile = match.deal.pile
    if match.options.may_take_own_discard:  # all of them, unless the top is protected
        top = pile.top
        return 0 if top is None or (protect_top and top.discarder == seat) else len(pile)
    depth = -1
    for depth, entry in enumerate(pile.from_top()):
        if entry.discarder == seat:
            return depth
    return depth + 1


def take_from_pile(
    match: CheckedMatch, ctx: TurnContext[Any], seat: int, count: int, *, protect_top: bool
) -> list[Card]:
    """Move the top ``count`` takeable pile cards into ``seat``'s hand, in view of all
    (``ctx``: the match's context, whose verbs report the effects).

    The takeable cards run down from the top (:func:`pile_run`), so they are the pile's
    top cards, taken top first (a deal's copy has its own pile: it changes in place)."""
    most = min(count, _run_length(match, seat, protect_top))
    taken = list(match.deal.pile.take(most)) if most > 0 else []
    _receive(match, ctx, seat, taken)
    return taken


def take_card(match: CheckedMatch, ctx: TurnContext[Any], seat: int, card: Card) -> None:
    """Move the uppermost copy of ``card`` that ``seat`` may take into their hand."""
    entries = list(match.deal.pile.entries)
    own_ok = match.options.may_take_own_discard
    for index in range(len(entries) - 1, -1, -1):
        if entries[index].card is card and (own_ok or entries[index].discarder != seat):
            del entries[index]
            break
    match.deal.pile = DiscardPile(entries)
    _receive(match, ctx, seat, [card])


def _receive(match: CheckedMatch, ctx: TurnContext[Any], seat: int, taken: list[Card]) -> None:
    match.deal.hands[seat] += taken
    known = match.deal.known[seat]
    for card in taken:  # not Counter.update, an interpreted method
        known[card] = known.get(card, 0) + 1
    ctx.emit(_took(seat, tuple(taken)))


def draw_stock(
    match: CheckedMatch, ctx: TurnContext[Any], seat: int, count: int, *, penalty: bool = False
) -> list[Card]:
    """Draw ``count`` stock cards, refilling from the pile as MAYI-14.1, 14.3 and 14.4
    say; at the refill cap the deal is marked dead (``deal.dead``); ``ctx`` reports the
    effects."""
    deal = match.deal
    options = match.options
    drawn: list[Card] = []
    skipped = 0
    for _ in range(count):
        if not len(deal.stock):
            if options.stock_exhaustion == "end_deal" or len(deal.pile) <= 1:
                skipped += 1
                continue
            if deal.refills >= options.max_stock_refills:
                deal.dead = True
                break
            moved = refill_stock(deal.stock, deal.pile, rng=match.rng)
            deal.refills += 1
            ctx.emit(StockRefilled(deal.refills, moved))
        drawn.append(deal.stock.draw())
    deal.hands[seat] += drawn
    if drawn:
        ctx.emit(_drew(seat, tuple(drawn), penalty=penalty))
    if skipped:
        ctx.emit(DrawSkipped(seat, skipped))
    return drawn


def max_take(
    match: CheckedMatch,
    seat: int,
    *,
    kind: TakeKind | None,
    protect_top: bool,
    limit: int | None = None,
) -> int:
    """How many pile cards ``seat`` may take from the top now (0: none), at most
    ``limit``. ``kind`` is an out-of-turn take's kind (May I?'s buy), ``None`` in a
    regular turn; it sets the price (:func:`price`)."""
    most = _run_length(match, seat, protect_top)
    if not most:
        return 0
    if match.options.pile_take == "off":  # the top card alone, in a turn or a claim
        limit = 1
    if limit is not None:
        most = min(most, limit)
    if match.options.penalty_draw_shortfall == "limit_take":  # MAYI-14.3 alternative
        while most > 0 and price(match, kind, most) > could_draw(match, most):
            most -= 1
    return most


def could_draw(match: CheckedMatch, taken: int) -> int:
    """Stock cards that could be drawn after ``taken`` pile cards leave the pile."""
    refill = 0
    if match.options.stock_exhaustion == "reshuffle" and (
        match.deal.refills < match.options.max_stock_refills
    ):
        refill = max(0, len(match.deal.pile) - taken - 1)
    return len(match.deal.stock) + refill


def price(match: CheckedMatch, kind: TakeKind | None, taken: int) -> int:
    """Stock cards paid for ``taken`` pile cards (MAYI-9.13): one per card for a take
    whose first card is paid (a buy), one per card after the first otherwise."""
    per_card: int = match.options.buy_penalty_per_card
    if kind is None and match.options.pile_take == "meld_deepest":
        return 0  # 500 Rum's deep take: no penalty, the deepest card melded instead
    if kind is not None and kind.first_card_paid:
        return per_card * taken
    return per_card * (taken - 1)


_TOOK: Final = BoundedMemo[tuple[int, tuple[Card, ...]], TookFromPile]("takes", entries=4096)
_DREW: Final = BoundedMemo[tuple[int, tuple[Card, ...], bool], Drew]("draws", entries=4096)
"""The effects of the takes and draws met lately, made once each (effects are values; a
seat draws and takes the same few cards again and again)."""


def _took(seat: int, cards: tuple[Card, ...]) -> TookFromPile:
    found = _TOOK.get((seat, cards))
    if found is None:
        found = _TOOK.put((seat, cards), TookFromPile(seat, cards))
    return found


def _drew(seat: int, cards: tuple[Card, ...], *, penalty: bool) -> Drew:
    found = _DREW.get((seat, cards, penalty))
    if found is None:
        found = _DREW.put((seat, cards, penalty), Drew(seat, cards, penalty=penalty))
    return found
