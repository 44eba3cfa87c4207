"""The contract hooks: going down with the deal's contract and laying off once it is
down, for any game on the engine whose deals each have a contract (May I?'s way).

:class:`ContractOpening` lays the deal's contract down (all at once, or one meld at a
time), after which the seat lays down no new melds. :class:`ContractLayOffGate` lets a
seat lay off once its contract is down, maybe not in the meld step in which it went
down. Their refusals cite the game's clauses (the match's ``clauses``: ``down``,
``no_new_melds``, ``one_at_a_time``, ``hold``, ``melds``, ``single_card``,
``layoff_gate``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, ClassVar, final

import attrs

from rummykit.cards import Card
from rummykit.contracts import Contract, Requirement, conflict
from rummykit.engine.actions import Down
from rummykit.engine.hooks import LayOffGate, Opening, Refusal
from rummykit.errors import (
    ConfigError,
    ContractError,
    IllegalActionError,
    InvalidMeldError,
    SolverBudgetError,
)
from rummykit.melds import Meld, MeldKind, MeldRules
from rummykit.messages import Message
from rummykit.solver import Arrangement, arrangement_parts, arrangements

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext

MAX_LISTED_GO_DOWNS = 5000
"""The most go-downs ``legal_actions()`` lists in one meld step, the first in the
solver's order. Hands of real play have a few hundred at most (264 in the seeded matches
of the fingerprint test); a hand built to hurt (31 cards and eight jokers under
``max_wilds_per_meld=None``) has over 500,000. Any other
valid go-down is still accepted when submitted: a go-down is verified on its own, never
looked up in the list."""


def bounded_go_downs(downs: Iterator[Down]) -> list[Down]:
    """The first :data:`MAX_LISTED_GO_DOWNS` of ``downs``, and no more work: listing stops
    there, or when the solver's budget
    (:data:`~rummykit.solver.DEFAULT_BUDGET`) is spent, with what was found so far."""
    found: list[Down] = []
    try:
        found.extend(islice(downs, MAX_LISTED_GO_DOWNS))
    except SolverBudgetError:  # extend keeps the go-downs it appended before the error
        return found  # the listing's cost is bounded too: the go-downs found are offered
    return found


def down_action(melds: tuple[Meld, ...]) -> Down:
    """The :class:`~rummykit.engine.actions.Down` that lays ``melds``, wild cards' roles
    declared."""
    return Down(
        tuple(
            (
                meld.cards,
                tuple(meld.role(i) if meld.is_wild_at(i) else None for i in range(len(meld))),
            )
            for meld in melds
        )
    )


def allowed_go_downs(
    ctx: TurnContext[Any],
    seat: int,
    found: Iterable[Arrangement],
    *,
    down_after: bool = True,
    going_down: bool,
) -> Iterator[Down]:
    """The go-downs of the arrangements ``found`` (of ``seat``'s hand) that leave a hand
    the turn rules allow, lazily: the listing every opening hook shares."""
    for arrangement in found:
        if ctx.leaves_ok(
            seat,
            arrangement.left,
            down_after=down_after,
            table_after=[*ctx.deal.table, *arrangement.melds],
            going_down=going_down,
        ):
            yield down_action(arrangement.melds)


def valid_melds(
    ctx: TurnContext[Any], seat: int, action: Down, *, code: str, melds: str
) -> list[Meld]:
    """The melds of ``action``, each validated (what the action alone says, checked
    before the hand): refused where one is not valid, with the message ``code``
    (``down.bad_meld``, ``meld.bad``) citing ``melds``."""
    try:
        valid = [ctx.meld_rules.validate(cards, roles=roles) for cards, roles in action.melds]
    except InvalidMeldError as error:
        message = Message(code, {"seat": seat, "detail": error.message})
        raise IllegalActionError(message, rule=melds) from None
    contract = ctx.contract_of(seat)
    if contract is not None and not ctx.deal.down[seat]:  # a run's cards may be its flush
        valid = list(contract.reading(valid, ctx.meld_rules))
    return valid


def cards_left(ctx: TurnContext[Any], seat: int, action: Down, *, hold: str) -> list[Card]:
    """The cards ``seat`` keeps after laying down the melds of ``action``; refused,
    citing ``hold``, where the seat does not hold them all (``hand.lacks``, a hidden code:
    told to the seat to act alone)."""
    hand = Counter(ctx.deal.hands[seat])
    needed = Counter(card for cards, _ in action.melds for card in cards)
    missing = needed - hand
    if missing:
        message = Message("hand.lacks", {"seat": seat, "cards": tuple(sorted(missing.elements()))})
        raise IllegalActionError(message, rule=hold)
    return list((hand - needed).elements())


def held_melds(
    ctx: TurnContext[Any], seat: int, action: Down, *, code: str, hold: str, melds: str
) -> tuple[list[Meld], list[Card]]:
    """:func:`valid_melds` and :func:`cards_left`, in that order: the first checks of an
    opening hook that checks nothing else of the melds."""
    valid = valid_melds(ctx, seat, action, code=code, melds=melds)
    return valid, cards_left(ctx, seat, action, hold=hold)


def cards_kept(ctx: TurnContext[Any], seat: int, action: Down) -> int:
    """How many cards ``seat`` would keep after ``action`` if they hold its cards (what
    the table shows: their hand's size)."""
    return len(ctx.deal.hands[seat]) - sum(len(cards) for cards, _ in action.melds)


def check_hand_left(
    ctx: TurnContext[Any],
    seat: int,
    left: list[Card],
    melds: list[Meld],
    *,
    down_after: bool,
    going_down: bool,
    rule: str,
) -> None:
    """Refuse, citing ``rule``, a laydown of ``melds`` that leaves ``left`` in ``seat``'s
    hand where the turn rules forbid it (one card that may not be kept)."""
    if not ctx.leaves_ok(
        seat,
        left,
        down_after=down_after,
        table_after=[*ctx.deal.table, *melds],
        going_down=going_down,
    ):
        raise IllegalActionError(Message("down.single_card", {"seat": seat}), rule=rule)


@final
@attrs.frozen
class ContractOpening(Opening):
    """Go down with the deal's contract, then lay down no new melds.

    ``all_at_once``: the whole contract in one meld step; otherwise one contract meld
    at a time. The game needs a schedule (every deal has a contract).
    """

    all_at_once: bool = True

    def go_downs(self, ctx: TurnContext[Any], seat: int) -> list[Down]:
        """The legal go-downs now, in the solver's canonical order, at most
        :data:`MAX_LISTED_GO_DOWNS` of them."""
        if ctx.deal.down[seat]:
            return []
        return bounded_go_downs(self.each_go_down(ctx, seat))

    def each_go_down(self, ctx: TurnContext[Any], seat: int) -> Iterator[Down]:
        """Every legal go-down now, lazily, in the solver's canonical order."""
        deal = ctx.deal
        hand = deal.hands[seat]
        rules = ctx.meld_rules
        contract = _contract(ctx, seat)
        if self.all_at_once and contract.exact:
            whole_hand = ctx.whole_hand  # the go-down takes the whole hand
            lookahead = deal.step.discard_step  # one card kept: the lookahead needs the melds
            for parts, left in arrangement_parts(hand, contract, rules):
                if left and whole_hand:
                    continue
                if lookahead and len(left) == 1:
                    melds = [rules.validate(cards, roles=roles) for cards, roles in parts]
                    melds = list(contract.reading(melds, rules))
                    if not ctx.leaves_ok(
                        seat,
                        left,
                        down_after=True,
                        table_after=[*deal.table, *melds],
                        going_down=True,
                    ):
                        continue
                yield Down(parts)
            return
        if self.all_at_once:
            found = arrangements(hand, contract, rules, values=ctx.values)
            yield from allowed_go_downs(ctx, seat, found, going_down=True)
            return
        slots = contract.slots
        down_after = len(deal.laid[seat]) + 1 >= len(slots)
        for slot in self.open_slots(ctx, seat):
            single = Contract(requirements=(slot,))
            fitting = (
                arrangement
                for arrangement in arrangements(hand, single, rules, values=ctx.values)
                if not self.conflicts(ctx, seat, arrangement.melds[0])
            )
            yield from allowed_go_downs(ctx, seat, fitting, down_after=down_after, going_down=True)

    def still_needed(self, ctx: TurnContext[Any], seat: int) -> list[tuple[MeldKind, int | None]]:
        """The contract's slots not yet filled by ``seat``'s partial laydowns, as (kind,
        least size) once each (:meth:`open_slots` has their size bounds too)."""
        kinds: list[tuple[MeldKind, int | None]] = []
        for slot in self.open_slots(ctx, seat):
            if (slot.kind, slot.min_size) not in kinds:
                kinds.append((slot.kind, slot.min_size))
        return kinds

    def open_slots(self, ctx: TurnContext[Any], seat: int) -> list[Requirement]:
        """The contract's slots not yet filled by ``seat``'s partial laydowns, each once
        (a slot of count 1 with its kind and size bounds)."""
        slots = list(_contract(ctx, seat).slots)
        for meld in ctx.deal.laid[seat]:
            for index, slot in enumerate(slots):
                if slot.takes(meld, ctx.meld_rules):
                    del slots[index]
                    break
        distinct: list[Requirement] = []
        for slot in slots:
            if slot not in distinct:
                distinct.append(slot)
        return distinct

    def conflicts(self, ctx: TurnContext[Any], seat: int, meld: Meld) -> bool:
        """Would ``meld`` clash with ``seat``'s earlier contract melds?"""
        laid = [m for m in (*ctx.deal.laid[seat], meld) if m.kind is meld.kind]
        return conflict(_contract(ctx, seat), laid, meld.kind, ctx.meld_rules) is not None

    def check(self, ctx: TurnContext[Any], seat: int, action: Down) -> tuple[list[Meld], bool]:
        """Raise :class:`~rummykit.errors.IllegalActionError` unless ``action`` is a legal
        go-down now; return its melds and whether the contract is then down."""
        clause = ctx.clause
        deal = ctx.deal
        if deal.down[seat]:
            message = Message("down.has_contract", {"seat": seat})
            raise IllegalActionError(message, rule=clause("no_new_melds"))
        melds = valid_melds(ctx, seat, action, code="down.bad_meld", melds=clause("melds"))
        contract = _contract(ctx, seat)
        if self.all_at_once:
            try:
                contract.check(melds, ctx.meld_rules)
            except ContractError as error:
                message = Message("down.not_contract", {"seat": seat, "detail": error.message})
                raise IllegalActionError(message, rule=clause("down")) from None
            down_after = True
        else:
            if len(melds) != 1:
                message = Message("down.one_at_a_time", {"seat": seat})
                raise IllegalActionError(message, rule=clause("one_at_a_time"))
            meld = melds[0]
            open_slots = self.open_slots(ctx, seat)
            fits = any(slot.takes(meld, ctx.meld_rules) for slot in open_slots)
            if not fits:  # the cards may make another kind the contract still asks for
                for slot in open_slots:
                    other = _read_as(meld, slot, ctx.meld_rules)
                    if other is not None and not self.conflicts(ctx, seat, other):
                        meld, melds[0], fits = other, other, True
                        break
            if not fits or self.conflicts(ctx, seat, meld):
                params = {"seat": seat, "meld": meld, "contract": contract}
                message = Message("down.not_in_contract", params)
                raise IllegalActionError(message, rule=clause("no_new_melds"))
            down_after = len(deal.laid[seat]) + 1 >= len(contract.slots)
        kept = cards_kept(ctx, seat, action)
        if down_after and kept > 0 and ctx.whole_hand:
            message = Message("down.whole_hand", {"seat": seat, "count": kept})
            raise IllegalActionError(message, rule=clause("down"))
        left = cards_left(ctx, seat, action, hold=clause("hold"))
        check_hand_left(
            ctx,
            seat,
            left,
            melds,
            down_after=down_after,
            going_down=True,
            rule=clause("single_card"),
        )
        return melds, down_after


@final
@attrs.frozen
class ContractLayOffGate(LayOffGate):
    """Lay off once the contract is down (``requires_contract``), and maybe not in the
    meld step in which it went down (``same_turn``); refusals cite the game's
    ``layoff_gate`` clause."""

    requires_contract: bool = True
    same_turn: bool = True
    depends_on_target: ClassVar[bool] = False

    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        """Refused before the contract is down, or in the turn it went down."""
        if self.requires_contract and not ctx.deal.down[seat]:
            return ctx.clause("layoff_gate"), Message("layoff.no_contract", {"seat": seat})
        if not self.same_turn and ctx.deal.step.went_down:
            return ctx.clause("layoff_gate"), Message("layoff.next_turn", {"seat": seat})
        return None

    def after_going_down(self, ctx: TurnContext[Any]) -> bool:
        """``same_turn``."""
        return self.same_turn

    def permits(self, ctx: TurnContext[Any], seat: int) -> bool:
        """:meth:`refusal` is ``None``, without writing the refusal."""
        deal = ctx.deal
        return (not self.requires_contract or deal.down[seat]) and (
            self.same_turn or not deal.step.went_down
        )


def _read_as(meld: Meld, slot: Requirement, rules: MeldRules) -> Meld | None:
    """``meld``'s cards read as ``slot``'s kind, when that fills the slot (a run's cards
    as a flush), else ``None``."""
    if slot.kind is meld.kind or slot.kind not in rules.kinds:
        return None
    try:
        other = rules.validate(meld.cards, slot.kind)
    except InvalidMeldError:
        return None
    return other if slot.takes(other, rules) else None


def _contract(ctx: TurnContext[Any], seat: int) -> Contract:
    contract = ctx.contract_of(seat)
    if contract is None:
        raise ConfigError(
            f"{ctx.game}: ContractOpening needs a contract in every deal "
            "(a schedule); a game without contracts opens with FreeOpening"
        )
    return contract
