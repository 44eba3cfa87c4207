"""Posso?'s claims (POSSO-9, 14.5): a free "Posso?" for the top discard after a stock
draw, straight into a new meld, and the correction claim of a playable discard.

The window is sequenced as single-seat decisions: every eligible player from the left of
the player in turn says ``claim …`` (naming the melds) or ``pass``; the first claimant
in that order wins (POSSO-9.4). A live table opens the window to every eligible seat at
once (:meth:`PossoClaims.open_seats`). Its state and the claimants' draw restrictions live in a
:class:`PossoTable`, the protocol's state for the whole deal (``ctx.claim``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any, ClassVar, final

import attrs

from rummykit.cards import Card
from rummykit.engine.context import TurnContext
from rummykit.engine.contract import down_action
from rummykit.engine.hooks import ClaimProtocol, Refusal
from rummykit.engine.phases import DRAW, MELD
from rummykit.errors import ContractError, InvalidMeldError
from rummykit.games.posso.correction import SwapCorrect, swap_corrections, swap_outcome
from rummykit.games.posso.effects import ClaimDeclared, Claimed, Corrected, Flagged
from rummykit.games.posso.listing import is_playable, laydowns_with, playable_targets
from rummykit.games.posso.rules import PossoRules
from rummykit.kit import actions as notation
from rummykit.kit.actions import Action, Draw, MeldText, Pass, Take
from rummykit.kit.definition import Question, Stake
from rummykit.kit.effects import GoingOut, Passed
from rummykit.kit.state import State
from rummykit.melds import End, Meld, MeldKind
from rummykit.melds.meld import Role
from rummykit.messages import Message

__all__ = [
    "CLAIM",
    "CORRECTION",
    "SECOND_CLAIM",
    "Claim",
    "Correct",
    "PossoClaims",
    "PossoTable",
]

CLAIM = Question("claim", "POSSO-9.3", stake=Stake.MELD, decline=Pass())
"""A seat says whether it claims the top discard ("Posso?") and with which melds."""
CORRECTION = Question("correction", "POSSO-14.5", stake=Stake.MELD, decline=Pass())
"""The next player may put a flagged playable discard on a meld it fits."""
SECOND_CLAIM = Question("second_claim", "POSSO-14.5", stake=Stake.MELD, decline=Pass())
"""After a correction, the same player may claim the card now on top of the pile."""


@attrs.frozen
class Claim(Action):
    """Claim the disputed card and lay it down at once in ``melds`` (POSSO-9.5), written
    ``claim 7H 7S 7C`` or ``claim 7H 7S 7C / 2D 3D 4D 5D``; a bare ``claim`` takes it into
    the hand (``claim_requires_new_meld=False``)."""

    verb: ClassVar[str] = "claim"
    melds: tuple[MeldText, ...] = ()

    @classmethod
    def parse(cls, rest: str, text: str) -> Claim:
        """``claim`` or ``claim MELD / MELD``."""
        return cls(notation.parse_melds(rest, text) if rest else ())

    def __str__(self) -> str:
        return f"claim {notation.format_melds(self.melds)}" if self.melds else "claim"


@attrs.frozen
class Correct(Action):
    """Put the flagged discard on meld ``target`` (POSSO-14.5 step 1): ``correct 2``; a
    card that can go on that meld in more than one way says what it stands for there
    (POSSO-11.4), in brackets after the meld as in an exchange: ``correct 2 (4H)``."""

    verb: ClassVar[str] = "correct"
    target: int = attrs.field(validator=notation.whole_field(0))
    role: Role | None = None

    @classmethod
    def parse(cls, rest: str, text: str) -> Correct:
        """``correct N`` or ``correct N (MEANING)``."""
        words = rest.split()
        target = notation.parse_number(words[0]) if 1 <= len(words) <= 2 else None
        if target is None:
            raise notation.notation_error(text, Message("notation.correct_number"), rest, 1)
        if len(words) == 1:
            return cls(target)
        card, role = notation.parse_meaning(words[1], text)
        if card is not None or role is None:
            raise notation.notation_error(text, Message("notation.correct_meaning"))
        return cls(target, role)

    def __str__(self) -> str:
        meaning = "" if self.role is None else f" {notation.format_meaning(None, self.role)}"
        return f"correct {self.target}{meaning}"


@attrs.define
class PossoTable(State):
    """Posso?'s claim state for a deal: the open window, a flagged discard, and what
    each seat's next draw may be."""

    stock_only: list[str | None]
    """The clause that makes the seat's next regular draw come from the stock:
    ``POSSO-9.8`` after a correction claim's second card, ``POSSO-9.6`` after a claim
    under ``claimant_next_draw="stock"``; ``None``: either pile."""
    skip_draw: list[bool]
    """POSSO-9.6 ``claim_counts_as_draw``: the seat's next regular turn has no draw."""
    flagged: int | None = None
    """The seat whose playable discard is on top of the pile (POSSO-14.4)."""
    taker: int | None = None
    """The player in turn while a window is open."""
    order: tuple[int, ...] = ()
    """The eligible seats, in the order they are asked (POSSO-9.3)."""
    asked: int = 0
    claims: list[tuple[int, Claim]] = attrs.Factory(list)
    """The claims declared so far, in priority order."""


Ctx = TurnContext[PossoTable]
"""The context Posso?'s claim hooks receive."""


@final
class PossoClaims(ClaimProtocol[PossoTable]):
    """POSSO-9 and 14.5 on the contract-rummy engine."""

    phases = (CLAIM, CORRECTION, SECOND_CLAIM)

    @staticmethod
    def table(ctx: Ctx) -> PossoTable:
        """The deal's claim state (made on first use)."""
        claim = ctx.claim
        if claim is None:
            players = ctx.players
            claim = PossoTable([None] * players, [False] * players)
            ctx.set_claim(claim)
        return claim

    # -- the regular turn --------------------------------------------------------------------

    def actor_consistent(self, ctx: Ctx, seat: int) -> bool:
        """The claims are asked in order (POSSO-9.3); a correction or a second claim is
        the turn's seat's (POSSO-8.1)."""
        if ctx.phase is CLAIM:
            table = self.table(ctx)
            return table.asked < len(table.order) and seat == table.order[table.asked]
        return seat == ctx.deal.step.seat

    def open_seats(self, ctx: Ctx) -> tuple[int, ...]:
        """POSSO-9.3: every eligible seat not asked yet declares at once (priority goes
        by seat, POSSO-9.4); a correction or a second claim is one seat's."""
        seat = ctx.to_act
        if seat is None:
            return ()
        if ctx.phase is CLAIM:
            table = self.table(ctx)
            return table.order[table.asked :]
        return (seat,)

    def start_turn(self, ctx: Ctx, seat: int) -> None:
        """POSSO-8.1: a correction claim first, when the top discard is flagged and a
        meld takes it by a lay-off, or (``swap_counts_as_playable``, POSSO-14.5 step 5)
        in a joker's place."""
        table = self.table(ctx)
        flagged = table.flagged
        if flagged is not None:
            if ctx.left(flagged) == seat:
                top = ctx.deal.pile.top
                if (
                    top is not None
                    and top.discarder == flagged
                    and (
                        self.correct_targets(ctx, flagged, top.card)
                        or swap_corrections(ctx, flagged, top.card)
                    )
                ):
                    ctx.set_turn(CORRECTION, seat)
                    return
            table.flagged = None
        self.to_draw(ctx, seat)  # a method: a house rule may change the draw step

    def to_draw(self, ctx: Ctx, seat: int) -> None:
        """The draw step, or none with ``claim_counts_as_draw`` after a claim."""
        table = self.table(ctx)
        if table.skip_draw[seat]:
            table.skip_draw[seat] = False
            ctx.set_turn(MELD, seat)
            return
        ctx.set_turn(DRAW, seat)

    def draw_actions(self, ctx: Ctx, seat: int, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """POSSO-8.2: the stock or the top pile card; the stock only after a claim with
        ``claimant_next_draw="stock"`` or a correction claim's second card."""
        table = self.table(ctx)
        if table.stock_only[seat]:
            return _DRAW_ONLY
        # Posso? fixes multi_take_mode="contiguous", so the engine lists draw, then
        # take 1, take 2, … up the pile: the first two, or draw alone.
        return actions[:2]

    def draw_refusal(self, ctx: Ctx, seat: int, action: Action) -> Refusal | None:
        """Why ``seat`` may not take from the pile in their draw step after a claim
        (POSSO-9.6 ``claimant_next_draw="stock"``, POSSO-9.8), or ``None``."""
        clause = self.table(ctx).stock_only[seat]
        if clause is None or not isinstance(action, Take):
            return None
        if clause == "POSSO-9.8":
            return clause, Message("draw.stock_after_correction", {"seat": seat})
        return clause, Message("draw.stock_after_claim", {"seat": seat})

    def after_stock_draw(self, ctx: Ctx, seat: int) -> None:
        """POSSO-9.1: a window for the top discard opens before the meld step."""
        table = self.table(ctx)
        table.stock_only[seat] = None
        top = ctx.deal.pile.top
        if top is None:
            ctx.set_turn(MELD, seat)
            return
        rules = _rules(ctx)
        barred = None if rules.discarder_may_claim else top.discarder
        order = _claim_order(ctx, seat, barred)
        if not order:
            ctx.set_turn(MELD, seat)
            return
        table.taker, table.order, table.asked, table.claims = seat, order, 0, []
        ctx.set_turn(CLAIM, order[0])

    def after_discard(self, ctx: Ctx, seat: int) -> None:
        """POSSO-14.4 ``claim``: a playable discard is flagged; the next turn starts."""
        top = ctx.deal.pile.top
        assert top is not None
        table = self.table(ctx)
        table.flagged = None
        rules = _rules(ctx)
        if rules.forced_play_enforcement == "claim" and is_playable(ctx, seat, top.card):
            table.flagged = seat
            ctx.emit(Flagged(seat, top.card))
        ctx.start_turn(ctx.left(seat))

    # -- claims ----------------------------------------------------------------------------

    def options(self, ctx: Ctx, seat: int, card: Card) -> list[Claim]:
        """Every claim ``seat`` may make for ``card`` (POSSO-9.5)."""
        rules = _rules(ctx)
        opened = ctx.deal.down[seat]
        if not opened and not rules.claim_may_open:
            return []
        if not rules.claim_requires_new_meld:
            return [Claim()]
        claims = []
        for melds in laydowns_with(ctx, seat, card):  # none, most often: no comprehension
            claims.append(Claim(down_action(melds).melds))
        return claims

    def legal(self, ctx: Ctx, seat: int) -> tuple[Action, ...]:
        """The window's and the correction's choices."""
        phase = ctx.phase
        top = ctx.deal.pile.top
        assert top is not None
        if phase is CORRECTION:
            flagged = self.table(ctx).flagged
            assert flagged is not None
            return (*self.corrections(ctx, flagged, top.card), _PASS)
        options = self.options(ctx, seat, top.card)
        return (*options, _PASS) if options else _PASS_ONLY

    def correct_targets(self, ctx: Ctx, discarder: int, card: Card) -> list[int]:
        """Melds that made ``card`` playable and take it by a lay-off (POSSO-14.5)."""
        table = ctx.deal.table
        return [
            index
            for index in playable_targets(ctx, discarder, card)
            if ctx.grown_meld(table[index], card, None) is not None
        ]

    def corrections(self, ctx: Ctx, discarder: int, card: Card) -> list[Correct | SwapCorrect]:
        """POSSO-14.5 step 1: one correction per meld and per card the discard can stand
        for there (POSSO-11.4: a joker on ``5H 6H 7H 8H`` is ``4H`` or ``9H``); a wild
        card at a run's end always says it, a natural card that fits one way never."""
        found: list[Correct | SwapCorrect] = []
        for index in self.correct_targets(ctx, discarder, card):
            roles = _meanings(ctx, ctx.deal.table[index], card)
            if len(roles) > 1 or any(role != card for role in roles):
                found += [Correct(index, role) for role in roles]
            else:
                found.append(Correct(index))
        return found + swap_corrections(ctx, discarder, card)  # POSSO-14.5 step 5

    def correction_refusal(self, ctx: Ctx, seat: int, action: Correct) -> Refusal:
        """Why ``seat`` may not make the correction ``action`` (POSSO-14.5, 11.4)."""
        top = ctx.deal.pile.top
        flagged = self.table(ctx).flagged
        if top is None or flagged is None or ctx.phase is not CORRECTION:
            return "POSSO-14.5", Message("correct.nothing", {"seat": seat})
        params: dict[str, Any] = {"seat": seat, "card": top.card, "target": action.target}
        if action.target not in self.correct_targets(ctx, flagged, top.card):
            return "POSSO-14.5", Message("correct.no_target", params)
        meld = ctx.deal.table[action.target]
        if action.role is None:
            ways = tuple(
                f"'correct {action.target} {notation.format_meaning(None, role)}'"
                for role in _meanings(ctx, meld, top.card)
            )
            params = {"seat": seat, "card": top.card, "meld": meld, "ways": ways}
            return "POSSO-11.4", Message("correct.say_role", params)
        try:
            meld.lay_off(top.card, ctx.meld_rules, role=action.role)
        except InvalidMeldError as error:
            return "POSSO-11.4", Message("correct.bad_role", {**params, "detail": error.message})
        return "POSSO-14.5", Message("correct.that_way", params)

    def why_not(self, ctx: Ctx, seat: int | None, action: Action) -> Refusal | None:
        """Clause-specific refusals in the claim phases."""
        top = ctx.deal.pile.top
        if isinstance(action, Claim) and top is not None:
            if ctx.phase is CORRECTION:
                return "POSSO-14.5", Message("claim.correct_first", {"seat": seat})
            if not ctx.deal.down[seat or 0] and not _rules(ctx).claim_may_open:
                return "POSSO-9.5", Message("claim.not_opened", {"seat": seat})
            return self.claim_refusal(ctx, seat or 0, top.card, action)
        if isinstance(action, Correct):
            return self.correction_refusal(ctx, seat or 0, action)
        if isinstance(action, SwapCorrect):
            params = {
                "seat": seat,
                "card": action.card,
                "target": action.target,
                "joker_to": action.joker_to,
            }
            return "POSSO-14.5", Message("correct.swap_that_way", params)
        return None

    def claim_refusal(self, ctx: Ctx, seat: int, card: Card, claim: Claim) -> Refusal:
        """What is wrong with ``seat``'s ``claim`` of ``card`` (POSSO-9.5, 10, 12.2): what
        the claim and the table show first, then what the hand holds (hidden codes)."""
        rules = _rules(ctx)
        if not claim.melds:
            return "POSSO-9.5", Message("claim.no_meld", {"seat": seat, "card": card})
        if not rules.claim_requires_new_meld:
            return "POSSO-9.5", Message("claim.bare")
        named = Counter(laid for cards, _ in claim.melds for laid in cards)
        if not named[card]:
            return "POSSO-9.5", Message("claim.without_card", {"card": card})
        melds = []
        for cards, roles in claim.melds:
            try:
                melds.append(ctx.meld_rules.validate(cards, roles=roles))
            except InvalidMeldError as error:
                params = {"seat": seat, "cards": tuple(cards), "detail": error.message}
                return "POSSO-9.5", Message("claim.bad_meld", params)
        opening = ctx.deal.contract
        if not ctx.deal.down[seat] and opening is not None:
            try:
                opening.check(melds, ctx.meld_rules)
            except ContractError as error:
                params = {"seat": seat, "detail": error.message}
                return "POSSO-9.5", Message("claim.not_opening", params)
        elif len(melds) > 1:
            return "POSSO-9.5", Message("claim.one_meld", {"seat": seat})
        missing = named - Counter([*ctx.deal.hands[seat], card])
        if missing:
            held = tuple(sorted(missing.elements(), key=_code))
            return "POSSO-9.5", Message("hand.lacks", {"seat": seat, "cards": held})
        return "POSSO-9.5", Message("claim.that_way", {"seat": seat, "card": card})

    def perform(self, ctx: Ctx, seat: int, action: Action) -> None:
        """Apply a claim-phase decision."""
        phase = ctx.phase
        table = self.table(ctx)
        if phase is CLAIM:
            if isinstance(action, Claim):
                table.claims.append((seat, action))
                self.show(ctx, seat, action)
                melds = tuple(cards for cards, _ in action.melds)
                ctx.emit(ClaimDeclared(seat, ctx.deal.pile.entries[-1].card, melds))
            else:
                ctx.emit(_passed(seat))
            table.asked += 1
            if table.asked < len(table.order):
                ctx.set_turn(CLAIM, table.order[table.asked])
                return
            self.resolve(ctx)
        elif phase is CORRECTION:
            table.flagged = None
            if isinstance(action, Correct | SwapCorrect):
                self.correct(ctx, seat, action)
                return
            ctx.emit(Passed(seat))
            self.to_draw(ctx, seat)
        else:
            if isinstance(action, Claim):
                if not self.lay_claim(ctx, seat, action):
                    return
                if _rules(ctx).claim_counts_as_draw:
                    ctx.set_turn(MELD, seat)
                    return
                table.stock_only[seat] = "POSSO-9.8"
            else:
                ctx.emit(Passed(seat))
            self.to_draw(ctx, seat)

    def show(self, ctx: Ctx, seat: int, claim: Claim) -> None:
        """POSSO-9.3: a declared claim is public at once, so the cards it names from
        ``seat``'s hand are known to be there, whether or not the claim wins."""
        top = ctx.deal.pile.top
        assert top is not None
        named = [card for cards, _ in claim.melds for card in cards]
        if top.card in named:  # the claimed card is not theirs (a bare claim names none)
            named.remove(top.card)
        ctx.show(seat, named)

    def resolve(self, ctx: Ctx) -> None:
        """POSSO-9.4: the first claimant wins; the player in turn goes on melding."""
        table = self.table(ctx)
        taker = table.taker
        assert taker is not None
        claims, table.claims, table.order, table.taker = table.claims, [], (), None
        if claims:
            seat, claim = claims[0]
            if not self.lay_claim(ctx, seat, claim):
                return
            rules = _rules(ctx)
            if rules.claim_counts_as_draw:
                table.skip_draw[seat] = True
            elif rules.claimant_next_draw == "stock":
                table.stock_only[seat] = "POSSO-9.6"
        ctx.set_turn(MELD, taker)

    def lay_claim(self, ctx: Ctx, seat: int, claim: Claim) -> bool:
        """Take the top card and lay ``claim`` down; ``False`` if the claimant went out."""
        deal = ctx.deal
        card = ctx.take_top(seat)  # in view of everyone
        melds = [ctx.meld_rules.validate(cards, roles=roles) for cards, roles in claim.melds]
        targets, opened = ctx.lay_down(seat, melds, down_after=bool(melds))
        ctx.emit(Claimed(seat, card, tuple(deal.table[i] for i in targets), targets, opened))
        penalty = ctx.options.buy_penalty_per_card
        if penalty:
            ctx.draw_stock(seat, penalty, penalty=True)
        if not deal.hands[seat]:
            ctx.went_out(seat, GoingOut.MELDING)
            return False
        return True

    def correct(self, ctx: Ctx, seat: int, action: Correct | SwapCorrect) -> None:
        """POSSO-14.5 steps 1-2: the flagged card onto its meld, standing for what the
        correction says (POSSO-11.4), then maybe a second claim."""
        deal = ctx.deal
        top = deal.pile.top
        assert top is not None
        card, target = top.card, action.target
        if isinstance(action, SwapCorrect):  # POSSO-14.5 step 5: in the joker's place
            outcome = swap_outcome(ctx, action)
            assert outcome is not None  # verified
            ctx.place_top_on_table(outcome.melds)
            grown = outcome.melds[target]
        else:
            grown = deal.table[target].lay_off(card, ctx.meld_rules, role=action.role)
            ctx.place_top(target, grown)
        ctx.emit(Corrected(seat, card, target, grown))
        if self.second_claim_allowed(ctx, seat):
            ctx.set_turn(SECOND_CLAIM, seat)
            return
        self.to_draw(ctx, seat)

    def second_claim_allowed(self, ctx: Ctx, seat: int) -> bool:
        """POSSO-14.5 step 2: whether the corrector is asked about the card now on top.

        Only public facts decide (there is a card, they did not discard it or
        ``discarder_may_claim``, they have opened or ``claim_may_open``): the step is
        offered, with ``pass``, whatever their hand holds, so that whether it comes
        reveals nothing about their cards.
        """
        rules = _rules(ctx)
        top = ctx.deal.pile.top
        if top is None or (top.discarder == seat and not rules.discarder_may_claim):
            return False
        return bool(ctx.deal.down[seat]) or rules.claim_may_open

    def accepts(self, ctx: Ctx, seat: int, action: Action) -> bool:
        """A claim is accepted however its melds are written (POSSO-9.3): in any order
        of melds and of cards, when a listed claim lays the same melds."""
        if not isinstance(action, Claim) or ctx.phase not in (CLAIM, SECOND_CLAIM):
            return False
        key = self.canonical(ctx, action)
        return key is not None and any(
            isinstance(legal, Claim) and self.canonical(ctx, legal) == key
            for legal in ctx.legal_actions()
        )

    def canonical(self, ctx: Ctx, claim: Claim) -> object:
        """A claim's melds as a comparable value (any order of melds and of cards)."""
        try:
            melds = [ctx.meld_rules.validate(cards, roles=roles) for cards, roles in claim.melds]
        except InvalidMeldError:
            return None
        return sorted(_meld_key(meld) for meld in melds)


def _claim_order(ctx: Ctx, taker: int, barred: int | None) -> tuple[int, ...]:
    """The seats asked in a window, from the left of ``taker`` round to their right, but
    ``barred`` (POSSO-9.3; remembered, as windows open at most turns)."""
    key = (ctx.players, taker, barred)
    order = _ORDERS.get(key)
    if order is None:
        seats = (ctx.left(taker, k) for k in range(1, ctx.players))
        order = _ORDERS[key] = tuple(other for other in seats if other != barred)
    return order


_PASS = Pass()
_PASS_ONLY: tuple[Action, ...] = (_PASS,)
"""A claim window's most frequent listing, made once."""
_DRAW_ONLY: tuple[Action, ...] = (Draw(),)
"""The draw step after a claim that bars the pile, made once."""
_passed = cache(Passed)
"""Each seat's pass, made once (effects are values)."""

_ORDERS: dict[tuple[int, int, int | None], tuple[int, ...]] = {}
"""The orders of the claim windows met so far (a few per number of players)."""


def _code(card: Card) -> int:
    return card.code


def _meanings(ctx: Ctx, meld: Meld, card: Card) -> list[Role]:
    """What ``card`` may play on run ``meld``, itself included (each meaning once, the
    low end's first; empty for a group, where a wild card has one meaning)."""
    if meld.kind is not MeldKind.RUN:
        return []
    roles: list[Role] = []
    for end in End:
        grown = ctx.grown_meld(meld, card, end)
        if grown is not None:
            role = grown.role(0 if end is End.LOW else len(grown) - 1)
            if role not in roles:
                roles.append(role)
    return roles


def _meld_key(meld: Meld) -> tuple[object, ...]:
    cards = tuple(sorted(card.code for card in meld.cards))
    return (meld.kind.value, cards, tuple(sorted(meld.stand_ins().items())))


def _rules(ctx: TurnContext[Any]) -> PossoRules:
    """The match's rules: this game's (its hooks serve only its matches)."""
    rules = ctx.rules
    assert isinstance(rules, PossoRules)
    return rules
