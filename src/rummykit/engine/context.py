"""What a hook sees of a contract-rummy match, and what it may do to it.

Every hook method (:mod:`rummykit.engine.hooks`) receives a :class:`TurnContext`, never
the match: the deal's fields read-only (:class:`DealView`), the rules and the engine's
options, and a few verbs that move cards, report effects and set the turn. The match
keeps the rest private, so a hook written against this page keeps working when the
engine's insides change, in the pure and the compiled build alike.

>>> from rummykit.games.may_i import MayI
>>> match = MayI().new_match(players=4, seed=7)
>>> ctx = TurnContext.of(match)
>>> ctx.players, ctx.phase, ctx.to_act, len(ctx.deal.hands[3])
(4, Phase('draw'), 3, 10)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, NoReturn, Protocol, TypeVar, final
from weakref import ref

from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.deck import PileCard
from rummykit.engine import pile
from rummykit.engine.moves import LayoffMemos, grown_meld
from rummykit.engine.options import SingleCardRule
from rummykit.engine.state import TurnStep
from rummykit.errors import ConfigError, IllegalActionError
from rummykit.kit.actions import Action
from rummykit.kit.effects import DealEnd, Effect, GoingOut, TookFromPile
from rummykit.kit.protocol import Phase
from rummykit.melds import End, Meld, MeldRules
from rummykit.messages import Message
from rummykit.scoring import CardValues

if TYPE_CHECKING:
    from collections import Counter

    from rummykit.engine.core import ContractRummyMatch
    from rummykit.engine.hooks import Hooks, TakeKind
    from rummykit.engine.options import TableOptions
    from rummykit.engine.state import ContractDeal, ContractMatchState
    from rummykit.melds.meld import Role

S = TypeVar("S")


class PileView(Protocol):
    """The discard pile as a hook reads it."""

    @property
    def entries(self) -> Sequence[PileCard]:
        """Every card with its discarder, bottom first."""

    @property
    def top(self) -> PileCard | None:
        """The top card with its discarder (``None``: the pile is empty)."""

    def __len__(self) -> int: ...


class DealView(Protocol):
    """The deal in progress as a hook reads it: the same fields as the engine's deal
    state, read-only (change them through the :class:`TurnContext`'s verbs)."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """Every seat's hand."""

    @property
    def pile(self) -> PileView:
        """The discard pile."""

    @property
    def table(self) -> Sequence[Meld]:
        """The melds on the table, by number (each with its owner)."""

    @property
    def down(self) -> Sequence[bool]:
        """Whether each seat has its contract (or opening) down."""

    @property
    def down_turn(self) -> Sequence[int]:
        """The turn in which each seat went down (-1: not yet)."""

    @property
    def laid(self) -> Sequence[Sequence[Meld]]:
        """The melds each seat laid down from its hand, as laid."""

    @property
    def known(self) -> Sequence[Counter[Card]]:
        """The cards each seat is known to hold (taken from the pile in view of all)."""

    @property
    def buys(self) -> Sequence[int]:
        """Buys each seat made this deal."""

    @property
    def contract(self) -> Contract | None:
        """The deal's contract (or opening requirement)."""

    @property
    def discard_out(self) -> bool:
        """Whether going out by discarding is allowed in this deal."""

    @property
    def step(self) -> TurnStep:
        """The turn in progress."""

    @property
    def turns(self) -> int:
        """Turns started this deal."""

    @property
    def dead(self) -> bool:
        """Set while an action ends the deal dead (the refill cap)."""


_SERVING: dict[int, TurnContext[Any]] = {}
"""The context each live match's hooks receive, by the match's ``id`` (a context enters
itself when made and leaves when its match is collected: :meth:`TurnContext.of`)."""


def _serve(context: TurnContext[Any], match: object) -> None:
    """``context`` is the one ``match``'s hooks receive from now on (it replaces the one
    before: a rebound match), until ``match`` is collected."""
    key = id(match)
    _SERVING[key] = context
    object.__setattr__(context, "_ref", ref(match, partial(_SERVING.pop, key)))


_LISTING: set[int] = set()
"""The contexts whose :meth:`TurnContext.legal_actions` is running (by ``id``)."""

_SLOTS = (
    "_contracts",
    "_memos",
    "_ref",
    "_state",
    "claim",
    "deal",
    "emit",
    "game",
    "hooks",
    "known_changes",
    "meld_rules",
    "options",
    "players",
    "rules",
    "values",
    "whole_hand",
)


@final
class TurnContext(Generic[S]):
    """A hook's view of one match and its verbs (``S``: the claim protocol's state).

    The match makes one context for itself (a copy of the match gets its own); the
    engine passes it to every hook call. Read the deal through :attr:`deal`; change it
    only through the verbs below, so that every change is one the engine knows (the
    cards are conserved, the effects logged, the legal actions listed anew).
    """

    __slots__ = _SLOTS

    _state: ContractMatchState
    """The match's state (phase, seat to act, deal number, …): the match's own object,
    read in place (the context is bound afresh whenever the match puts another one)."""
    _contracts: tuple[Contract | None, ...]
    """Each seat's contract in the deal in progress (:meth:`contract_of`)."""
    _memos: LayoffMemos
    """The match's lay-off memos for the deal in progress (:meth:`grown_meld`'s)."""
    _ref: Callable[[], ContractRummyMatch]
    """A weak reference to the match, called (typed as the match it gives while the
    match is alive, the only time its hooks run): the match holds its context, and a
    match in no reference cycle is freed as soon as it is dropped."""

    players: int
    """How many seats play."""
    rules: Any
    """The game's rules value (its definition's ``rules``)."""
    options: TableOptions
    """The engine's options for the deal in progress (the table's, with those its
    schedule deal sets)."""
    meld_rules: MeldRules
    """What a meld is in the deal in progress."""
    values: CardValues
    """What each card counts in the deal in progress."""
    hooks: Hooks
    """The game's hooks (a hook may ask another: Posso?'s forced play asks the
    lay-off gate)."""
    game: str
    """The game's registry name (for messages)."""
    deal: DealView
    """The deal in progress, read-only (change it through the verbs below)."""
    claim: S | None
    """The claim protocol's state (``None``: none kept now): the deal's, kept here too
    (:meth:`set_claim` sets both)."""
    whole_hand: bool
    """Whether the deal in progress is laid down whole (the schedule's ``whole_hand``)."""
    known_changes: list[int]
    """How many times the engine changed the cards each seat is known to hold
    (:attr:`DealView.known`) since this context was made, per seat: a change signal for
    readers that keep a copy of them (the RL observation). While :attr:`deal` is the
    same object and a seat's number is the same, its known cards are as they were. The
    engine's list, counted where it changes them (the verbs count their own): read it,
    never change it (a count with no change would cost a reader a comparison, no more)."""
    emit: Callable[[Effect], None]
    """``ctx.emit(effect)``: report an effect of the action being applied (it goes into
    its event). The ``append`` of the match's list of the action's effects itself: hooks
    report an effect most decisions, and a call of it runs no Python."""

    @staticmethod
    def of(match: ContractRummyMatch) -> TurnContext[Any]:
        """The context ``match``'s hooks receive (the same object for every hook call):
        for a hook's own tests, which ask it about a position. A driver uses the match
        protocol, never the context's verbs.

        >>> from rummykit import game
        >>> match = game("may-i").new_match(players=4, seed=7)
        >>> TurnContext.of(match) is TurnContext.of(match), TurnContext.of(match).players
        (True, 4)
        """
        context = _SERVING.get(id(match))
        if context is None or context._ref() is not match:
            raise ConfigError(f"{type(match).__name__} is not a match of the contract engine")
        return context

    def __init__(
        self, match: ContractRummyMatch, hooks: Hooks, emit: Callable[[Effect], None]
    ) -> None:
        # Read-only attributes, not properties: a hook reads them tens of thousands of
        # times a second, and a plain attribute costs a seventh of a property's call.
        put = object.__setattr__
        put(self, "players", match.players)
        put(self, "rules", match.rules)
        put(self, "options", match.options)
        put(self, "meld_rules", match.meld_rules)
        put(self, "values", match.options.card_values)
        put(self, "hooks", hooks)
        put(self, "game", match.definition.name)
        put(self, "emit", emit)  # the append of the match's list of the action's effects
        put(self, "known_changes", [0] * match.players)
        _serve(self, match)  # weak: the match holds its context (no cycle)
        state = getattr(match, "state", None)  # None: the match is being made
        if state is not None:
            put(self, "_state", state)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"TurnContext.{name} is read-only: change the match through its verbs")

    def __getstate__(self) -> tuple[None, dict[str, object]]:
        """The slots, the match itself in place of the weak reference to it."""
        slots = {name: getattr(self, name) for name in _SLOTS if hasattr(self, name)}
        slots["_ref"] = self._ref()
        return None, slots

    def __setstate__(self, state: tuple[None, dict[str, object]]) -> None:
        """An unpickled context (its match's copy): the slots as they were pickled."""
        for name, value in state[1].items():
            if name == "_ref":
                _serve(self, value)
            else:
                object.__setattr__(self, name, value)

    def _show_deal(
        self,
        deal: ContractDeal,
        memos: LayoffMemos,
        whole_hand: bool,
        contracts: tuple[Contract | None, ...],
    ) -> None:
        """The match's deal is now ``deal`` (a new deal, a restored one), played under
        the match's options, meld rules and card values for that deal (a schedule's deal
        may change them), with its lay-off memos, whether it is laid down whole and each
        seat's contract: the engine's call, never a hook's."""
        match = self._ref()
        put = object.__setattr__
        put(self, "_state", match.state)
        put(self, "_memos", memos)
        put(self, "deal", deal)
        put(self, "claim", deal.claim)
        put(self, "options", match.options)
        put(self, "meld_rules", match.meld_rules)
        put(self, "values", match.options.card_values)
        put(self, "whole_hand", whole_hand)
        put(self, "_contracts", contracts)

    # -- what a hook reads -------------------------------------------------------------------

    if TYPE_CHECKING:

        @property
        def phase(self) -> Phase:
            """The current phase."""

        @property
        def to_act(self) -> int | None:
            """The seat whose decision it is."""

        @property
        def deal_number(self) -> int:
            """The deal in progress, from 1."""

    else:  # read by a getter made in C: a hook reads the phase once or more a decision
        phase = property(attrgetter("_state.phase"), doc="The current phase.")
        to_act = property(attrgetter("_state.to_act"), doc="The seat whose decision it is.")
        deal_number = property(
            attrgetter("_state.deal_number"), doc="The deal in progress, from 1."
        )

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return len(self._ref().deal.stock)

    def contract_of(self, seat: int) -> Contract | None:
        """``seat``'s contract in this deal: the deal's, or under
        ``per_player_contracts`` the one of the seat's own stage."""
        return self._contracts[seat]

    def buys_left(self, seat: int) -> int | None:
        """Buys ``seat`` may still make this deal under the deal's ``buy_limit`` (with
        any carried over under ``buys_carry_over``); ``None``: no limit."""
        limit = self.options.buy_limit
        if limit is None:
            return None
        carried = self._state.carried_buys
        return limit + (carried[seat] if carried else 0) - self.deal.buys[seat]

    @property
    def sender_known(self) -> bool:
        """Whether the action being verified was sent by the seat to act: only then may a
        refusal name that seat's cards or legal actions."""
        return self._ref()._sender_known

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action now (the match's listing).

        Not from a hook the listing itself calls (a gate, a filter, a listing hook): the
        listing would ask that hook again, for ever. Such a call is refused with a
        :class:`~rummykit.errors.ConfigError`; a gate decides from the action it is given.
        """
        key = id(self)
        if key in _LISTING:
            raise ConfigError(
                "a hook called ctx.legal_actions() while the engine was listing the legal "
                "actions, which asks that hook again: a gate, filter or listing hook "
                "decides from the action it is given"
            )
        _LISTING.add(key)
        try:
            return self._ref().legal_actions()
        finally:
            _LISTING.discard(key)

    def left(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places to the left of ``seat``."""
        return (seat + steps) % self.players

    def who(self, seat: int | None) -> str:
        """``player A`` or ``the table``, for messages."""
        return self._ref()._who(seat)

    def lacks(self, cards: object) -> str:
        """``does not hold 9S`` for a refusal, naming the cards only to a known sender."""
        return self._ref()._lacks(cards)

    def clause(self, key: str) -> str:
        """The game's clause for refusals of kind ``key`` (``""``: none)."""
        return self._ref()._clause(key)

    def refuse(self, rule: str, reason: Message | str) -> NoReturn:
        """Refuse the action being verified: raise
        :class:`~rummykit.errors.IllegalActionError` citing ``rule``, for ``reason`` (a
        :class:`~rummykit.Message`, or text)."""
        raise IllegalActionError(reason, rule=rule or None)

    # -- what a hook asks the turn rules ----------------------------------------------------

    def leaves_ok(
        self,
        seat: int,
        remaining: Sequence[Card],
        *,
        down_after: bool,
        table_after: Sequence[Meld] | None = None,
        going_down: bool = False,
    ) -> bool:
        """May a meld action leave ``remaining`` in ``seat``'s hand (MAYI-13.3, 13.5)?

        Emptying the hand needs the contract on the table. Keeping exactly one card in a
        turn that ends with a discard is allowed where that card may then be discarded
        (going out by discarding), or laid off next (so the player goes out by melding,
        MAYI-W37), or under ``single_card_rule=end_turn_without_discard``. In a deal laid
        down whole (the schedule's ``whole_hand``) a go-down that completes the contract
        keeps no card.
        """
        if not remaining:
            return down_after
        if going_down and down_after and self.whole_hand:
            return False
        deal = self.deal
        step = deal.step
        if len(remaining) > 1 or not step.discard_step:
            return True
        if deal.discard_out and down_after:
            return True
        if self.options.single_card_rule is SingleCardRule.END_TURN_WITHOUT_DISCARD:
            return True
        if not down_after:
            return False  # laying off the last card would go out without the contract
        gate = self.hooks.layoff_gate
        if (going_down or step.went_down) and not gate.after_going_down(self):
            return False
        last = remaining[0]
        existing = len(deal.table)
        per_meld = gate.depends_on_target
        for index, meld in enumerate(deal.table if table_after is None else table_after):
            # A gate that depends on the meld is asked about the melds on the table now
            # (once the seat is down); melds laid in this action are the seat's own.
            if (
                per_meld
                and index < existing
                and (not deal.down[seat] or gate.refusal(self, seat, index) is not None)
            ):
                continue
            if self.grown_meld(meld, last) is not None:
                return True
        return False

    def grown_meld(
        self, meld: Meld, card: Card, end: End | None = None, role: Role | None = None
    ) -> Meld | None:
        """``meld`` with ``card`` laid off (at ``end``, standing for ``role``), or
        ``None`` if it does not fit (remembered for the match)."""
        return grown_meld(self._memos[0], self.meld_rules, meld, card, end, role)

    def pile_run(self, seat: int, *, protect_top: bool) -> int:
        """How many pile cards from the top ``seat`` may take (stopping before one of their
        own discards unless the options allow it)."""
        return len(pile.pile_run(self._ref(), seat, protect_top=protect_top))

    def max_take(
        self, seat: int, take: TakeKind | None, *, protect_top: bool, limit: int | None = None
    ) -> int:
        """How many pile cards ``seat`` may take now for ``take`` (``None``: a regular
        turn's), at most ``limit``, able to pay for them."""
        return pile.max_take(self._ref(), seat, kind=take, protect_top=protect_top, limit=limit)

    def price(self, take: TakeKind | None, count: int) -> int:
        """The stock cards owed for ``count`` pile cards taken as ``take``."""
        return pile.price(self._ref(), take, count)

    # -- verbs -------------------------------------------------------------------------------

    def set_turn(self, phase: Phase, seat: int | None) -> None:
        """Make it ``seat``'s decision in ``phase``."""
        state = self._state  # the match's _set_turn, without a second call
        state.phase, state.to_act = phase, seat
        self._ref()._legal = None

    def set_step(self, step: TurnStep) -> None:
        """The turn in progress is now ``step``."""
        deal: ContractDeal = self.deal  # type: ignore[assignment]  # the engine's, writable
        deal.step = step

    def set_claim(self, state: S | None) -> None:
        """Keep ``state`` as the claim protocol's state (``None``: none)."""
        deal: ContractDeal = self.deal  # type: ignore[assignment]  # the engine's, writable
        deal.claim = state  # type: ignore[assignment]  # the protocol's own state
        object.__setattr__(self, "claim", state)

    def count_turn(self) -> bool:
        """Count a new turn; ``False`` if the turn cap ended the deal instead."""
        return self._ref()._count_turn()

    def start_turn(self, seat: int) -> None:
        """``seat``'s regular turn starts (unless the deal ends dead first)."""
        self._ref()._start_regular_turn(seat)

    def end_turn(self, seat: int) -> None:
        """``seat``'s turn ends without a discard (the claim protocol says who is next)."""
        self.hooks.claims.after_turn_without_discard(self, seat)

    def start_pick(self, seat: int, take: TakeKind) -> None:
        """After ``seat`` took the top pile card as ``take`` under
        ``multi_take_mode="any"``: let them pick more pile cards one at a time."""
        self._ref()._start_pick(seat, take.name)

    def take_from_pile(self, seat: int, count: int, *, protect_top: bool) -> list[Card]:
        """Move the top ``count`` takeable pile cards into ``seat``'s hand, in view of all."""
        self.known_changes[seat] += 1
        return pile.take_from_pile(self._ref(), self, seat, count, protect_top=protect_top)

    def take_top(self, seat: int) -> Card:
        """Move the top pile card into ``seat``'s hand, in view of all (whoever discarded it)."""
        deal = self._ref().deal
        (card,) = deal.pile.take(1)
        deal.hands[seat].append(card)
        known = deal.known[seat]
        known[card] = known.get(card, 0) + 1
        self.known_changes[seat] += 1
        self.emit(TookFromPile(seat, (card,)))
        return card

    def place_top(self, target: int, meld: Meld) -> Card:
        """Take the top pile card onto the table: meld ``target`` becomes ``meld`` (which
        holds it). Returns the card."""
        deal = self._ref().deal
        (card,) = deal.pile.take(1)
        deal.table[target] = meld
        return card

    def place_top_on_table(self, melds: Sequence[Meld]) -> Card:
        """Take the top pile card onto the table: the table becomes ``melds`` (as many
        as before, one of them holding the card; a correction that exchanges a joker
        moves it too). Returns the card."""
        deal = self._ref().deal
        assert len(melds) == len(deal.table)
        (card,) = deal.pile.take(1)
        deal.table[:] = list(melds)
        return card

    def draw_stock(self, seat: int, count: int, *, penalty: bool = False) -> list[Card]:
        """Draw ``count`` stock cards for ``seat`` (refilling the stock as the options
        say); at the refill cap the deal is marked dead (:attr:`DealView.dead`)."""
        return pile.draw_stock(self._ref(), self, seat, count, penalty=penalty)

    def lay_down(
        self, seat: int, melds: Sequence[Meld], *, down_after: bool
    ) -> tuple[tuple[int, ...], bool]:
        """Move ``melds`` from ``seat``'s hand to the table as theirs; the seat is down after them
        where ``down_after``. Returns their places and whether the seat went down now."""
        return self._ref()._lay_down(seat, list(melds), down_after=down_after)

    def show(self, seat: int, cards: Iterable[Card]) -> None:
        """``cards`` were shown in ``seat``'s hand: they are known to be there."""
        known = self._ref().deal.known[seat]
        shown: dict[Card, int] = {}
        for card in cards:
            shown[card] = shown.get(card, 0) + 1
        for card, count in shown.items():
            if count > known.get(card, 0):
                known[card] = count
                self.known_changes[seat] += 1

    def count_buy(self, seat: int) -> None:
        """``seat`` bought a card: count it for the deal (buy limits) and the match."""
        deal: ContractDeal = self.deal  # type: ignore[assignment]  # the engine's, writable
        deal.buys[seat] += 1
        self._state.total_buys += 1

    def went_out(self, seat: int, how: GoingOut) -> None:
        """``seat`` went out; the deal is scored."""
        self._ref()._went_out(seat, how)

    def end_dead_deal(self, reason: DealEnd) -> None:
        """Nobody went out: the deal ends and is scored as dead."""
        self._ref()._end_dead_deal(reason)
