"""May I?'s pile takes and its "May I?" claim window (MAYI-8.4, MAYI-9, MAYI-14.3).

The claim window is sequenced as single-seat decisions: requests from P2 onwards,
then the consent round from P1, then the buy (or refusal take) with its stock cards.
The functions here act on a :class:`~rummykit.games.may_i.MayIMatch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.actions import Allow, Ask, Pass, Refuse, Take
from rummykit.cards import Card
from rummykit.deck import DiscardPile, refill_stock
from rummykit.games.may_i_moves import MeldStep
from rummykit.match import Phase

if TYPE_CHECKING:
    from rummykit.games.may_i import MayIMatch

__all__ = [
    "ask_next",
    "buy",
    "close_window",
    "consent",
    "could_draw",
    "draw_stock",
    "first_refusal",
    "max_take",
    "may_ask",
    "may_refuse",
    "open_window",
    "p1_takes_as_draw",
    "pile_run",
    "price",
    "request",
    "resolve_requests",
    "start_buy",
    "take_from_pile",
]


def pile_run(match: MayIMatch, seat: int, *, protect_top: bool) -> list[int]:
    """Indexes (from the top, 0 = top) of the pile cards ``seat`` may take in order."""
    entries = match.pile.entries
    own_ok = match.rules.may_take_own_discard
    allowed: list[int] = []
    for depth, entry in enumerate(reversed(entries)):
        own = entry.discarder == seat
        if own and (not own_ok or (depth == 0 and protect_top)):
            if match.rules.multi_take_mode == "any" and depth > 0:
                continue  # skipped, not a stop
            break
        allowed.append(depth)
    return allowed


def take_from_pile(match: MayIMatch, seat: int, count: int, *, protect_top: bool) -> list[Card]:
    depths = pile_run(match, seat, protect_top=protect_top)[:count]
    entries = list(match.pile.entries)
    size = len(entries)
    chosen = sorted((size - 1 - depth for depth in depths), reverse=True)
    taken = []
    for index in chosen:
        taken.append(entries[index].card)
        del entries[index]
    match.pile = DiscardPile(entries)
    match.hands[seat] += taken
    match.known[seat].update(taken)
    match._received += taken
    match._from_pile = len(taken)
    return taken


def draw_stock(match: MayIMatch, count: int) -> list[Card]:
    """Stock draws, refilling from the pile as MAYI-14.1, 14.3 and 14.4 say."""
    drawn: list[Card] = []
    seat = match._to_act
    assert seat is not None
    for _ in range(count):
        if not len(match.stock):
            if match.rules.stock_exhaustion == "end_deal" or len(match.pile) <= 1:
                match._note.append("stock draw skipped (MAYI-14.3)")
                continue
            if match.refills >= match.rules.max_stock_refills:
                match._note.append("refill cap reached: dead deal (MAYI-14.4)")
                match.dead = True
                break
            refill_stock(match.stock, match.pile, rng=match.rng)
            match.refills += 1
            match._note.append(f"stock refilled ({match.refills})")
        card = match.stock.draw()
        drawn.append(card)
    match.hands[seat] += drawn
    return drawn


def max_take(match: MayIMatch, seat: int, *, buy: bool, kind: str | None = None) -> int:
    """How many pile cards ``seat`` may take now (0: none); ``kind`` is the buy's."""
    if not len(match.pile):
        return 0
    run = pile_run(match, seat, protect_top=buy or match.claim.get("protect", False))
    if not run or run[0] != 0:
        return 0
    kind = (match.claim.get("kind") if kind is None else kind) if buy else None
    most = len(run)
    if kind == "forced" and not match.rules.refuser_may_take_extra:
        most = 1
    if match.rules.penalty_draw_shortfall == "limit_take":  # MAYI-14.3 alternative
        while most > 0 and price(match, kind, most) > could_draw(match, most):
            most -= 1
    return most


def could_draw(match: MayIMatch, taken: int) -> int:
    """Stock cards that could be drawn after ``taken`` pile cards leave the pile."""
    refill = 0
    if match.rules.stock_exhaustion == "reshuffle" and (
        match.refills < match.rules.max_stock_refills
    ):
        refill = max(0, len(match.pile) - taken - 1)
    return len(match.stock) + refill


def price(match: MayIMatch, kind: str | None, taken: int) -> int:
    """Stock cards paid for ``taken`` pile cards (MAYI-9.13)."""
    b = match.rules.buy_penalty_per_card
    return b * taken if kind in ("buy", "forced") else b * (taken - 1)


# -- claims: MAYI-9 ------------------------------------------------------------------


def open_window(
    match: MayIMatch, card: Card, p0: int, *, resume: int | None = None, protect: bool = False
) -> None:
    order = [match._left(p0, k) for k in range(1, match.players)]
    top = match.pile.top
    match.claim = {
        "card": card,
        "p0": p0,
        "order": order,
        "requests": [],
        "asked": 0,
        "resume": match._left(p0) if resume is None else resume,
        "discarder": None if top is None else top.discarder,
        "protect": protect,
    }
    if match.rules.claim_order == "next_player_first":
        match._phase, match._to_act = Phase.FIRST_REFUSAL, order[0]
        return
    ask_next(
        match,
    )


def ask_next(match: MayIMatch) -> None:
    order = match.claim["order"]
    index = 1 + match.claim["asked"]
    if index < len(order):
        match._phase, match._to_act = Phase.REQUEST, order[index]
        return
    resolve_requests(
        match,
    )


def may_ask(match: MayIMatch, seat: int) -> bool:
    """MAYI-9.2, 9.11, 8.4: below the buy limit, not his own card, able to pay."""
    limit = match.rules.max_buys_per_deal
    if limit is not None and match.buys[seat] >= limit:
        return False
    if match.claim.get("discarder") == seat:
        return False
    return max_take(match, seat, buy=True, kind="buy") > 0


def may_refuse(match: MayIMatch, seat: int) -> bool:
    """A refusal by P2 or later is a forced buy, so it needs what a buy needs."""
    if seat == match.claim["order"][0]:
        return match.claim.get("discarder") != seat
    return may_ask(match, seat)


def first_refusal(match: MayIMatch, seat: int, action: Take | Pass) -> None:
    if isinstance(action, Take):
        p1_takes_as_draw(match, seat)
        return
    ask_next(
        match,
    )


def p1_takes_as_draw(match: MayIMatch, seat: int) -> None:
    """P1 uses the disputed card as the draw of a regular turn (MAYI-9.3, 9.9 alt.)."""
    if match.turns >= match.rules.max_turns_per_deal:
        match._note.append("turn cap reached: dead deal (MAYI-14.5)")
        match._end_deal(None)
        return
    match.turns += 1
    taken = take_from_pile(match, seat, 1, protect_top=True)
    match.claim = {}
    match.step = MeldStep(seat=seat, discard_step=True, taken=taken[0])
    match._phase, match._to_act = Phase.MELD, seat


def request(match: MayIMatch, seat: int, action: Ask | Pass) -> None:
    if isinstance(action, Ask):
        match.claim["requests"].append(seat)
    match.claim["asked"] += 1
    ask_next(
        match,
    )


def resolve_requests(match: MayIMatch) -> None:
    order, requests = match.claim["order"], match.claim["requests"]
    if not requests:
        close_window(
            match,
        )
        return
    requester = min(requests, key=order.index)  # MAYI-9.5: seat priority
    match.claim["requester"] = requester
    if match.rules.turn_after_buy == "resume_normal":
        start_buy(match, requester, "buy")
        return
    match.claim["consenting"] = 0
    match._phase, match._to_act = Phase.CONSENT, order[0]


def consent(match: MayIMatch, seat: int, action: Allow | Refuse) -> None:
    order = match.claim["order"]
    k = order.index(match.claim["requester"])
    if isinstance(action, Refuse):
        if seat == order[0]:
            if match.rules.next_player_refusal == "normal_turn":
                p1_takes_as_draw(match, seat)
            else:
                start_buy(match, seat, "refusal")
        else:
            start_buy(match, seat, "forced")
        return
    index = order.index(seat) + 1
    if index < k:
        match._to_act = order[index]
        return
    start_buy(match, match.claim["requester"], "buy")


def start_buy(match: MayIMatch, seat: int, kind: str) -> None:
    if match.turns >= match.rules.max_turns_per_deal:
        match._note.append("turn cap reached: dead deal (MAYI-14.5)")
        match._end_deal(None)
        return
    match.turns += 1
    match.claim["kind"] = kind
    match.claim["protect"] = True
    match._phase, match._to_act = Phase.BUY, seat
    match.step = MeldStep(seat=seat, discard_step=False, kind=kind)


def buy(match: MayIMatch, seat: int, action: Take) -> None:
    kind = match.claim["kind"]
    take_from_pile(match, seat, action.count, protect_top=True)
    match._received += draw_stock(match, price(match, kind, action.count))
    if kind in ("buy", "forced"):
        match.buys[seat] += 1
        match.total_buys += 1
    if match.dead:
        match._end_deal(None)
        return
    if match.rules.buy_turn_allows_melding:
        match._phase, match._to_act = Phase.MELD, seat
    else:
        match._end_turn_without_discard(seat)


def close_window(match: MayIMatch) -> None:
    resume = match.claim["resume"]
    match.claim = {}
    match._start_regular_turn(resume)
