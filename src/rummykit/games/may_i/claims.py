"""May I?'s claim window (MAYI-9): requests, consent by seat order, buys and refusals.

The window is sequenced as single-seat decisions: requests from P2 onwards, then the
consent round from P1, then the buy (or refusal take) with its stock cards. Its state is
a :class:`ClaimWindow` kept in the deal (``deal.claim``) while the window is open.
"""

from __future__ import annotations

from functools import cache

import attrs

from rummykit.cards import Card
from rummykit.engine import pile
from rummykit.engine.core import ContractRummyMatch
from rummykit.engine.hooks import ClaimProtocol, Refusal
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

__all__ = ["BUY", "CONSENT", "FIRST_REFUSAL", "REQUEST", "ClaimWindow", "MayIClaims"]

FIRST_REFUSAL = Question("first_refusal", "MAYI-9.3", stake=Stake.TAKE, decline=Pass())
"""``claim_order=next_player_first``: P1 says whether he takes the discard."""
REQUEST = Question("request", "MAYI-9.3", stake=Stake.BUY, decline=Pass())
"""A seat says whether it asks "May I?" for the disputed card."""
CONSENT = Question("consent", "MAYI-9.6", stake=Stake.REFUSE, decline=Allow())
"""The consent round: a seat allows or refuses the request."""
BUY = Phase("buy", "MAYI-9.8")
"""A buyer (or refuser) takes the disputed card and maybe cards under it."""


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


class MayIClaims(ClaimProtocol):
    """MAYI-9: who may ask, in which order, who must consent, and what a buy costs,
    under ``rules`` (the rules of the game whose matches these hooks serve)."""

    phases = (FIRST_REFUSAL, REQUEST, CONSENT, BUY)

    def __init__(self, rules: MayIRules) -> None:
        self.rules = rules

    # -- opening and closing ---------------------------------------------------------------

    def after_discard(self, match: ContractRummyMatch, seat: int) -> None:
        """A window opens for the discard just made."""
        self.open_window(match, seat)

    def after_turn_without_discard(self, match: ContractRummyMatch, seat: int) -> None:
        """MAYI-9.10: the next turn, or a window for the pile's top card."""
        following = self.next_seat(match, seat)
        match.deal.claim = None
        if self.rules.claim_window_after_buy and len(match.deal.pile):
            self.open_window(match, seat, resume=following, protect=True)
            return
        match.start_regular_turn(following)

    def next_seat(self, match: ContractRummyMatch, seat: int) -> int:
        """MAYI-9.8: after a buy, the buyer's left neighbour (or the normal order)."""
        claim = self.window(match)
        if (
            match.deal.step.kind in ("buy", "forced")
            and claim is not None
            and self.rules.turn_after_buy == "resume_normal"
        ):
            return match.left(claim.p0)
        return match.left(seat)

    def window(self, match: ContractRummyMatch) -> ClaimWindow | None:
        """The open window, if any."""
        claim = match.deal.claim
        return claim if isinstance(claim, ClaimWindow) else None

    def _open(self, match: ContractRummyMatch) -> ClaimWindow:
        return match.deal.claim  # type: ignore[return-value]  # a window is open in its phases

    def open_window(
        self,
        match: ContractRummyMatch,
        p0: int,
        *,
        resume: int | None = None,
        protect: bool = False,
    ) -> None:
        """Open a window for the pile's top card, P0 being ``p0``."""
        top = match.deal.pile.top
        assert top is not None
        if type(match).left is ContractRummyMatch.left:  # the seats in order to the left
            order = _order(p0, match.players)
        else:  # a house match's own seating
            order = tuple(match.left(p0, k) for k in range(1, match.players))
        match.deal.claim = ClaimWindow(
            card=top.card,
            p0=p0,
            order=order,
            resume=order[0] if resume is None else resume,
            discarder=top.discarder,
            protect=protect,
        )
        if self.rules.claim_order == "next_player_first":
            match.set_turn(FIRST_REFUSAL, order[0])
            return
        self.ask_next(match)

    def actor_consistent(self, match: ContractRummyMatch, seat: int) -> bool:
        """P1 answers first (MAYI-9.4), the others are asked in order from P2, consent
        comes from a seat between P0 and the requester (MAYI-9.6), and the buyer is the
        turn's seat (MAYI-9.8)."""
        claim, phase = match.deal.claim, match.state.phase
        if not isinstance(claim, ClaimWindow):
            return False
        order = claim.order
        if phase is FIRST_REFUSAL:
            return seat == order[0]
        if phase is REQUEST:
            return 1 + claim.asked < len(order) and seat == order[1 + claim.asked]
        if phase is CONSENT:
            requester = claim.requester
            return requester in order and seat in order[: order.index(requester)]
        return seat == match.deal.step.seat

    def close_window(self, match: ContractRummyMatch) -> None:
        """Nobody takes the card: the next regular turn."""
        resume = self._open(match).resume
        match.deal.claim = None
        match.start_regular_turn(resume)

    def ask_next(self, match: ContractRummyMatch) -> None:
        """The next seat from P2 on is asked, or the requests are resolved."""
        claim = match.deal.claim
        assert isinstance(claim, ClaimWindow)  # a window is open in its phases
        index = 1 + claim.asked
        if index < len(claim.order):
            match.set_turn(REQUEST, claim.order[index])
            return
        self.resolve_requests(match)

    # -- who may do what -------------------------------------------------------------------

    def limit(self, match: ContractRummyMatch, kind: str | None) -> int | None:
        """MAYI-9.7c: a forced buyer takes the disputed card alone unless
        ``refuser_may_take_extra``."""
        return 1 if kind == "forced" and not self.rules.refuser_may_take_extra else None

    def max_take(self, match: ContractRummyMatch, seat: int, kind: str | None) -> int:
        """How many pile cards ``seat`` may take for a take of ``kind``."""
        return pile.max_take(
            match, seat, kind=kind, protect_top=True, limit=self.limit(match, kind)
        )

    def may_ask(self, match: ContractRummyMatch, seat: int) -> bool:
        """MAYI-9.2, 9.11, 8.4: below the buy limit, not his own card, able to pay."""
        limit = self.rules.max_buys_per_deal
        if limit is not None and match.deal.buys[seat] >= limit:
            return False
        claim = match.deal.claim
        assert isinstance(claim, ClaimWindow)
        if claim.discarder == seat:
            return False
        return self.max_take(match, seat, "buy") > 0

    def may_refuse(self, match: ContractRummyMatch, seat: int) -> bool:
        """A refusal by P2 or later is a forced buy, so it needs what a buy needs."""
        claim = self._open(match)
        if seat == claim.order[0]:
            return claim.discarder != seat
        return self.may_ask(match, seat)

    def take_kind(self, match: ContractRummyMatch) -> str | None:
        """The kind of the take in progress."""
        claim = self.window(match)
        return None if claim is None else claim.kind

    def legal(self, match: ContractRummyMatch, seat: int) -> tuple[Action, ...]:
        """The legal actions of the window's phases."""
        phase = match.state.phase
        if phase is REQUEST:
            return _ASK_OR_PASS if self.may_ask(match, seat) else _PASS
        claim = match.deal.claim
        assert isinstance(claim, ClaimWindow)
        if phase is FIRST_REFUSAL:
            return _TAKE_OR_PASS if claim.discarder != seat else _PASS
        if phase is CONSENT:
            return _ALLOW_OR_REFUSE if self.may_refuse(match, seat) else _ALLOW
        most = self.max_take(match, seat, claim.kind)
        if match.options.multi_take_mode == "any":
            return Take.up_to(1)
        return Take.up_to(most)

    def why_not(
        self, match: ContractRummyMatch, seat: int | None, action: Action
    ) -> Refusal | None:
        """Clause-specific refusals in the window."""
        claim = self._open(match)
        who = match.who(seat)
        phase = match.state.phase
        if isinstance(action, Take) and seat is not None and claim.discarder == seat:
            return "MAYI-8.4", f"{who} cannot take {claim.card}, his own discard"
        if isinstance(action, Take) and phase is BUY and seat is not None:
            run = pile.pile_run(match, seat, protect_top=True)
            entries = match.deal.pile.entries
            if len(run) < action.count and len(run) < len(entries):
                stop = entries[len(entries) - 1 - len(run)]
                if stop.discarder == seat:
                    return (
                        "MAYI-8.4",
                        f"{who} cannot take {action.count} pile cards: {stop.card}, "
                        f"card {len(run) + 1} from the top, is his own discard",
                    )
            return "MAYI-9.8", f"{who} cannot take {action.count} pile cards here"
        if isinstance(action, Ask) and phase is REQUEST:
            return "MAYI-9.2", f"{who} may not ask for {claim.card}"
        if isinstance(action, Refuse) and phase is CONSENT:
            return "MAYI-9.11", f"{who} may not refuse: he could not buy the card"
        return None

    # -- decisions -------------------------------------------------------------------------

    def perform(self, match: ContractRummyMatch, seat: int, action: Action) -> None:
        """Apply a decision in the window."""
        phase = match.state.phase
        claim = match.deal.claim
        assert isinstance(claim, ClaimWindow)
        if phase is FIRST_REFUSAL:
            if isinstance(action, Take):
                self.p1_takes_as_draw(match, seat)
            else:
                match.emit(_passed(seat))
                self.ask_next(match)
        elif phase is REQUEST:
            if isinstance(action, Ask):
                claim.requests.append(seat)
                match.emit(_asked(seat, claim.card))
            else:
                match.emit(_passed(seat))
            claim.asked += 1
            self.ask_next(match)
        elif phase is CONSENT:
            self.consent(match, seat, action)
        else:
            assert isinstance(action, Take)
            self.buy(match, seat, action.count)

    def p1_takes_as_draw(self, match: ContractRummyMatch, seat: int) -> None:
        """P1 uses the disputed card as the draw of a regular turn (MAYI-9.3, 9.9 alt.)."""
        if not match.count_turn():
            return
        taken = pile.take_from_pile(match, seat, 1, protect_top=True)
        match.deal.claim = None
        match.deal.step = turn_step(seat, True, taken[0])
        match.set_turn(MELD, seat)

    def resolve_requests(self, match: ContractRummyMatch) -> None:
        """MAYI-9.5: the requester nearest P0's left; then consent, or a buy at once."""
        claim = match.deal.claim
        assert isinstance(claim, ClaimWindow)  # a window is open in its phases
        if not claim.requests:
            self.close_window(match)
            return
        requester = min(claim.requests, key=claim.order.index)
        claim.requester = requester
        if self.rules.turn_after_buy == "resume_normal":
            self.start_buy(match, requester, "buy")
            return
        match.set_turn(CONSENT, claim.order[0])

    def consent(self, match: ContractRummyMatch, seat: int, action: Action) -> None:
        """MAYI-9.6, 9.7: allowed, or refused (P1's refusal take, or a forced buy)."""
        claim = self._open(match)
        assert claim.requester is not None
        order = claim.order
        if isinstance(action, Refuse):
            match.emit(_refused(seat, claim.requester))
            if seat == order[0]:
                if self.rules.next_player_refusal == "normal_turn":
                    self.p1_takes_as_draw(match, seat)
                else:
                    self.start_buy(match, seat, "refusal")
            else:
                self.start_buy(match, seat, "forced")
            return
        match.emit(_allowed(seat, claim.requester))
        index = order.index(seat) + 1
        if index < order.index(claim.requester):
            match.set_turn(CONSENT, order[index])
            return
        self.start_buy(match, claim.requester, "buy")

    def start_buy(self, match: ContractRummyMatch, seat: int, kind: str) -> None:
        """``seat`` takes the disputed card in a turn of ``kind`` (no discard)."""
        if not match.count_turn():
            return
        claim = self._open(match)
        claim.kind = kind
        claim.protect = True
        match.deal.step = turn_step(seat, False, None, kind)
        match.set_turn(BUY, seat)

    def buy(self, match: ContractRummyMatch, seat: int, count: int) -> None:
        """MAYI-9.8: take ``count`` pile cards (or, under ``multi_take_mode="any"``, the
        top card and then a choice of others), pay for them, then meld or end."""
        claim = self._open(match)
        pile.take_from_pile(match, seat, count, protect_top=True)
        if match.options.multi_take_mode == "any" and self.limit(match, claim.kind) is None:
            match.start_pick(seat, claim.kind or "buy")
            return
        self.pay(match, seat, count)

    def after_take(self, match: ContractRummyMatch, seat: int) -> None:
        """The picked cards are paid for (by the engine): go on with the turn."""
        self.settle(match, seat, match.deal.step.picked, paid=True)

    def pay(self, match: ContractRummyMatch, seat: int, count: int) -> None:
        """Draw the stock cards owed for ``count`` pile cards, then go on."""
        self.settle(match, seat, count, paid=False)

    def settle(self, match: ContractRummyMatch, seat: int, count: int, *, paid: bool) -> None:
        """Count the buy and go on with the buy turn (MAYI-9.8 step 4)."""
        claim = self._open(match)
        kind = claim.kind or "buy"
        owed = pile.price(match, kind, count)
        if not paid:
            pile.draw_stock(match, seat, owed, penalty=True)
        if kind == "refusal":
            match.emit(TookOnRefusal(seat, claim.card, count, owed))
        else:
            match.deal.buys[seat] += 1
            match.state.total_buys += 1
            match.emit(Bought(seat, kind, count, owed))
        if match.deal.dead:
            match.end_dead_deal(DealEnd.REFILL_CAP)
            return
        if self.rules.buy_turn_allows_melding:
            match.set_turn(MELD, seat)
        else:
            match.hooks.claims.after_turn_without_discard(match, seat)


@cache
def _order(p0: int, players: int) -> tuple[int, ...]:
    """P1, P2, … from the left of ``p0`` (``match.left(p0, k)``), made once per seat."""
    return tuple([(p0 + k) % players for k in range(1, players)])


# The answers in a window, made once each (effects are values): a window asks every seat.
_passed = cache(Passed)
_asked = cache(Asked)
_allowed = cache(Allowed)
_refused = cache(Refused)
