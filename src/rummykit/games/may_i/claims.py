"""May I?'s claim window (MAYI-9): requests, consent by seat order, buys and refusals.

The window is sequenced as single-seat decisions: requests from P2 onwards, then the
consent round from P1, then the buy (or refusal take) with its stock cards. A live table
opens the requests, and then the consent round, to all their seats at once
(:meth:`MayIClaims.open_seats`). Its state is
a :class:`ClaimWindow`, the protocol's state (``ctx.claim``) while the window is open.
"""

from __future__ import annotations

from functools import cache
from typing import final

import attrs

from rummykit.cards import Card
from rummykit.engine.context import TurnContext
from rummykit.engine.hooks import ClaimProtocol, Refusal, TakeKind
from rummykit.engine.phases import MELD
from rummykit.engine.state import turn_step
from rummykit.games.may_i.actions import Allow, Ask, Refuse
from rummykit.games.may_i.effects import Allowed, Asked, Bought, Refused, TookOnRefusal
from rummykit.games.may_i.rules import MayIRules
from rummykit.kit.actions import Action, Pass, Take
from rummykit.kit.definition import Question, Stake
from rummykit.kit.effects import DealEnd, Passed
from rummykit.kit.protocol import Phase
from rummykit.kit.state import State
from rummykit.messages import Message

__all__ = [
    "BUY",
    "BUY_TAKE",
    "CONSENT",
    "FIRST_REFUSAL",
    "FORCED_TAKE",
    "REFUSAL_TAKE",
    "REQUEST",
    "ClaimWindow",
    "MayIClaims",
]

FIRST_REFUSAL = Question("first_refusal", "MAYI-9.3", stake=Stake.TAKE, decline=Pass())
"""``claim_order=next_player_first``: P1 says whether they take the discard."""
REQUEST = Question("request", "MAYI-9.3", stake=Stake.BUY, decline=Pass())
"""A seat says whether it asks "May I?" for the disputed card."""
CONSENT = Question("consent", "MAYI-9.6", stake=Stake.REFUSE, decline=Allow())
"""The consent round: a seat allows or refuses the request."""
BUY = Phase("buy", "MAYI-9.8")
"""A buyer (or refuser) takes the disputed card and maybe cards under it."""

BUY_TAKE = TakeKind("buy", first_card_paid=True)
"""A buy asked for and allowed (MAYI-9.7a): every pile card costs a stock card."""
FORCED_TAKE = TakeKind("forced", first_card_paid=True)
"""A refusal by P2 or later: a forced buy, paid like one (MAYI-9.7c)."""
REFUSAL_TAKE = TakeKind("refusal", first_card_paid=False)
"""P1's refusal take (MAYI-9.7b, 9.9): the disputed card is free, like a draw."""
_TAKES = {take.name: take for take in (BUY_TAKE, FORCED_TAKE, REFUSAL_TAKE)}


_PASS: tuple[Action, ...] = (Pass(),)
_TAKE_OR_PASS: tuple[Action, ...] = (Take(), *_PASS)
_ASK_OR_PASS: tuple[Action, ...] = (Ask(), *_PASS)
_ALLOW: tuple[Action, ...] = (Allow(),)
_ALLOW_OR_REFUSE: tuple[Action, ...] = (*_ALLOW, Refuse())
"""The window's fixed choices, made once (actions are values)."""


@attrs.define
class ClaimWindow(State):
    """An open "May I?" window for the disputed card."""

    card: Card
    p0: int
    """The seat whose discard (or turn without one) opened the window."""
    order: tuple[int, ...]
    """P1, P2, … from the left of P0."""
    resume: int
    """The seat whose regular turn follows if nobody takes the card."""
    discarder: int | None
    protect: bool = False
    """The disputed card is out of its discarder's reach (MAYI-8.4)."""
    requests: list[int] = attrs.Factory(list)
    asked: int = 0
    """How many seats from P2 on have answered."""
    requester: int | None = None
    kind: str | None = None
    """``buy``, ``forced`` or ``refusal`` once someone takes the card."""


Ctx = TurnContext[ClaimWindow]
"""The context May I?'s claim hooks receive."""


@final
class MayIClaims(ClaimProtocol[ClaimWindow]):
    """MAYI-9: who may ask, in which order, who must consent, and what a buy costs,
    under ``rules`` (the rules of the game whose matches these hooks serve)."""

    phases = (FIRST_REFUSAL, REQUEST, CONSENT, BUY)

    def __init__(self, rules: MayIRules) -> None:
        self.rules = rules

    # -- opening and closing ---------------------------------------------------------------

    def after_discard(self, ctx: Ctx, seat: int) -> None:
        """A window opens for the discard just made."""
        self.open_window(ctx, seat)

    def after_turn_without_discard(self, ctx: Ctx, seat: int) -> None:
        """MAYI-9.10: the next turn, or a window for the pile's top card."""
        following = self.next_seat(ctx, seat)
        ctx.set_claim(None)
        if self.rules.claim_window_after_buy and len(ctx.deal.pile):
            self.open_window(ctx, seat, resume=following, protect=True)
            return
        ctx.start_turn(following)

    def next_seat(self, ctx: Ctx, seat: int) -> int:
        """MAYI-9.8: after a buy, the buyer's left neighbour (or the normal order)."""
        claim = ctx.claim
        if (
            claim is not None
            and ctx.deal.step.kind in _PAID
            and self.rules.turn_after_buy == "resume_normal"
        ):
            return ctx.left(claim.p0)
        return ctx.left(seat)

    def open_window(
        self, ctx: Ctx, p0: int, *, resume: int | None = None, protect: bool = False
    ) -> None:
        """Open a window for the pile's top card, P0 being ``p0``."""
        top = ctx.deal.pile.top
        assert top is not None
        order = _order(p0, ctx.players)
        ctx.set_claim(
            ClaimWindow(
                card=top.card,
                p0=p0,
                order=order,
                resume=order[0] if resume is None else resume,
                discarder=top.discarder,
                protect=protect,
            )
        )
        if self.rules.claim_order == "next_player_first":
            ctx.set_turn(FIRST_REFUSAL, order[0])
            return
        self.ask_next(ctx)

    def actor_consistent(self, ctx: Ctx, seat: int) -> bool:
        """P1 answers first (MAYI-9.4), the others are asked in order from P2, consent
        comes from a seat between P0 and the requester (MAYI-9.6), and the buyer is the
        turn's seat (MAYI-9.8)."""
        claim, phase = ctx.claim, ctx.phase
        if claim is None:
            return False
        order = claim.order
        if phase is FIRST_REFUSAL:
            return seat == order[0]
        if phase is REQUEST:
            return 1 + claim.asked < len(order) and seat == order[1 + claim.asked]
        if phase is CONSENT:
            requester = claim.requester
            return requester in order and seat in order[: order.index(requester)]
        return seat == ctx.deal.step.seat

    def open_seats(self, ctx: Ctx) -> tuple[int, ...]:
        """MAYI-9.3: every seat from P2 not asked yet answers its request at once;
        MAYI-9.6: every seat from the one asked up to the requester answers the consent
        round at once (the first refusal in seat order decides, MAYI-9.7). P1's first
        refusal and a buy are one seat's."""
        claim, phase, seat = ctx.claim, ctx.phase, ctx.to_act
        if seat is None or claim is None:
            return () if seat is None else (seat,)
        order = claim.order
        if phase is REQUEST:
            return order[1 + claim.asked :]
        if phase is CONSENT and claim.requester in order:
            return order[order.index(seat) : order.index(claim.requester)]
        return (seat,)

    def close_window(self, ctx: Ctx) -> None:
        """Nobody takes the card: the next regular turn."""
        resume = _open(ctx).resume
        ctx.set_claim(None)
        ctx.start_turn(resume)

    def ask_next(self, ctx: Ctx) -> None:
        """The next seat from P2 on is asked, or the requests are resolved."""
        claim = _open(ctx)
        index = 1 + claim.asked
        if index < len(claim.order):
            ctx.set_turn(REQUEST, claim.order[index])
            return
        self.resolve_requests(ctx)

    # -- who may do what -------------------------------------------------------------------

    def limit(self, take: TakeKind | None) -> int | None:
        """MAYI-9.7c: a forced buyer takes the disputed card alone unless
        ``refuser_may_take_extra``."""
        return 1 if take is FORCED_TAKE and not self.rules.refuser_may_take_extra else None

    def max_take(self, ctx: Ctx, seat: int, take: TakeKind | None) -> int:
        """How many pile cards ``seat`` may take for ``take``."""
        return ctx.max_take(seat, take, protect_top=True, limit=self.limit(take))

    def may_ask(self, ctx: Ctx, seat: int) -> bool:
        """MAYI-9.2, 9.11, 8.4: below the buy limit, not their own card, able to pay."""
        left = ctx.buys_left(seat)  # max_buys_per_deal, a deal's buy_limit, carried buys
        if left is not None and left <= 0:
            return False
        if _open(ctx).discarder == seat:
            return False
        return self.max_take(ctx, seat, BUY_TAKE) > 0

    def may_refuse(self, ctx: Ctx, seat: int) -> bool:
        """A refusal by P2 or later is a forced buy, so it needs what a buy needs."""
        claim = _open(ctx)
        if seat == claim.order[0]:
            return claim.discarder != seat
        return self.may_ask(ctx, seat)

    def take_kind(self, ctx: Ctx) -> TakeKind | None:
        """The kind of the take in progress."""
        claim = ctx.claim
        return None if claim is None or claim.kind is None else _TAKES[claim.kind]

    def legal(self, ctx: Ctx, seat: int) -> tuple[Action, ...]:
        """The legal actions of the window's phases."""
        phase = ctx.phase
        if phase is REQUEST:
            return _ASK_OR_PASS if self.may_ask(ctx, seat) else _PASS
        claim = _open(ctx)
        if phase is FIRST_REFUSAL:
            return _TAKE_OR_PASS if claim.discarder != seat else _PASS
        if phase is CONSENT:
            return _ALLOW_OR_REFUSE if self.may_refuse(ctx, seat) else _ALLOW
        most = self.max_take(ctx, seat, self.take_kind(ctx))
        if ctx.options.multi_take_mode == "any":
            return Take.up_to(1)
        return Take.up_to(most)

    def why_not(self, ctx: Ctx, seat: int | None, action: Action) -> Refusal | None:
        """Clause-specific refusals in the window."""
        claim = _open(ctx)
        phase = ctx.phase
        if isinstance(action, Take) and seat is not None and claim.discarder == seat:
            return "MAYI-8.4", Message("take.own_discard", {"seat": seat, "card": claim.card})
        if isinstance(action, Take) and phase is BUY and seat is not None:
            run = ctx.pile_run(seat, protect_top=True)
            entries = ctx.deal.pile.entries
            if run < action.count and run < len(entries):
                stop = entries[len(entries) - 1 - run]
                if stop.discarder == seat:
                    params = {"seat": seat, "count": action.count, "card": stop.card}
                    params["place"] = run + 1
                    return "MAYI-8.4", Message("take.own_in_run", params)
            return "MAYI-9.8", Message("take.too_many", {"seat": seat, "count": action.count})
        if isinstance(action, Ask) and phase is REQUEST:
            return "MAYI-9.2", Message("ask.not_allowed", {"seat": seat, "card": claim.card})
        if isinstance(action, Refuse) and phase is CONSENT:
            return "MAYI-9.11", Message("refuse.cannot_buy", {"seat": seat})
        return None

    # -- decisions -------------------------------------------------------------------------

    def perform(self, ctx: Ctx, seat: int, action: Action) -> None:
        """Apply a decision in the window."""
        phase = ctx.phase
        claim = _open(ctx)
        if phase is FIRST_REFUSAL:
            if isinstance(action, Take):
                self.p1_takes_as_draw(ctx, seat)
            else:
                ctx.emit(_passed(seat))
                self.ask_next(ctx)
        elif phase is REQUEST:
            if isinstance(action, Ask):
                claim.requests.append(seat)
                ctx.emit(_asked(seat, claim.card))
            else:
                ctx.emit(_passed(seat))
            claim.asked += 1
            self.ask_next(ctx)
        elif phase is CONSENT:
            self.consent(ctx, seat, action)
        else:
            assert isinstance(action, Take)
            self.buy(ctx, seat, action.count)

    def p1_takes_as_draw(self, ctx: Ctx, seat: int) -> None:
        """P1 uses the disputed card as the draw of a regular turn (MAYI-9.3, 9.9 alt.)."""
        if not ctx.count_turn():
            return
        taken = ctx.take_from_pile(seat, 1, protect_top=True)
        ctx.set_claim(None)
        ctx.set_step(turn_step(seat, True, taken[0]))
        ctx.set_turn(MELD, seat)

    def resolve_requests(self, ctx: Ctx) -> None:
        """MAYI-9.5: the requester nearest P0's left; then consent, or a buy at once."""
        claim = _open(ctx)
        if not claim.requests:
            self.close_window(ctx)
            return
        requester = min(claim.requests, key=claim.order.index)
        claim.requester = requester
        if self.rules.turn_after_buy == "resume_normal":
            self.start_buy(ctx, requester, BUY_TAKE)
            return
        ctx.set_turn(CONSENT, claim.order[0])

    def consent(self, ctx: Ctx, seat: int, action: Action) -> None:
        """MAYI-9.6, 9.7: allowed, or refused (P1's refusal take, or a forced buy)."""
        claim = _open(ctx)
        assert claim.requester is not None
        order = claim.order
        if isinstance(action, Refuse):
            ctx.emit(_refused(seat, claim.requester))
            if seat == order[0]:
                if self.rules.next_player_refusal == "normal_turn":
                    self.p1_takes_as_draw(ctx, seat)
                else:
                    self.start_buy(ctx, seat, REFUSAL_TAKE)
            else:
                self.start_buy(ctx, seat, FORCED_TAKE)
            return
        ctx.emit(_allowed(seat, claim.requester))
        index = order.index(seat) + 1
        if index < order.index(claim.requester):
            ctx.set_turn(CONSENT, order[index])
            return
        self.start_buy(ctx, claim.requester, BUY_TAKE)

    def start_buy(self, ctx: Ctx, seat: int, take: TakeKind) -> None:
        """``seat`` takes the disputed card in a turn of kind ``take`` (no discard)."""
        if not ctx.count_turn():
            return
        claim = _open(ctx)
        claim.kind = take.name
        claim.protect = True
        ctx.set_step(turn_step(seat, False, None, take.name))
        ctx.set_turn(BUY, seat)

    def buy(self, ctx: Ctx, seat: int, count: int) -> None:
        """MAYI-9.8: take ``count`` pile cards (or, under ``multi_take_mode="any"``, the
        top card and then a choice of others), pay for them, then meld or end."""
        take = self.take_kind(ctx) or BUY_TAKE
        ctx.take_from_pile(seat, count, protect_top=True)
        if ctx.options.multi_take_mode == "any" and self.limit(take) is None:
            ctx.start_pick(seat, take)
            return
        self.settle(ctx, seat, count, paid=False)

    def after_take(self, ctx: Ctx, seat: int) -> None:
        """The picked cards are paid for (by the engine): go on with the turn."""
        self.settle(ctx, seat, ctx.deal.step.picked, paid=True)

    def settle(self, ctx: Ctx, seat: int, count: int, *, paid: bool) -> None:
        """Pay for ``count`` pile cards (unless ``paid``), count the buy and go on with
        the buy turn (MAYI-9.8 step 4)."""
        claim = _open(ctx)
        take = self.take_kind(ctx) or BUY_TAKE
        owed = ctx.price(take, count)
        if not paid:
            ctx.draw_stock(seat, owed, penalty=True)
        if take is REFUSAL_TAKE:
            ctx.emit(TookOnRefusal(seat, claim.card, count, owed))
        else:
            ctx.count_buy(seat)
            ctx.emit(Bought(seat, take.name, count, owed))
        if ctx.deal.dead:
            ctx.end_dead_deal(DealEnd.REFILL_CAP)
            return
        if self.rules.buy_turn_allows_melding:
            ctx.set_turn(MELD, seat)
        else:
            ctx.end_turn(seat)


_PAID = frozenset(take.name for take in (BUY_TAKE, FORCED_TAKE))


def _open(ctx: Ctx) -> ClaimWindow:
    """The open window (a window is open in the protocol's phases)."""
    claim = ctx.claim
    assert claim is not None
    return claim


@cache
def _order(p0: int, players: int) -> tuple[int, ...]:
    """P1, P2, … from the left of ``p0`` (``ctx.left(p0, k)``), made once per seat."""
    return tuple([(p0 + k) % players for k in range(1, players)])


# The answers in a window, made once each (effects are values): a window asks every seat.
_passed = cache(Passed)
_asked = cache(Asked)
_allowed = cache(Allowed)
_refused = cache(Refused)
