"""The hooks that make one contract-rummy engine play different games.

Each hook answers one question the engine asks; a game definition chooses them
(:class:`Hooks`). May I? uses :class:`~rummykit.engine.contract.ContractOpening`,
:class:`~rummykit.engine.contract.ContractLayOffGate`, its own claim window and no action
filter; another game swaps any of them.

Every hook method receives a :class:`~rummykit.engine.context.TurnContext` (``ctx``):
the deal read-only and the verbs that change it, never the match. The shipped hooks are
final classes: a house rule writes its own hook on the base classes here, and may hold a
shipped hook to delegate to (composition, not inheritance).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, final

import attrs

from rummykit.engine.actions import Down
from rummykit.engine.phases import DRAW, MELD
from rummykit.kit.actions import Action
from rummykit.kit.protocol import Phase
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext
    from rummykit.melds import Meld

S = TypeVar("S")


Refusal = tuple[str, Message | str]
"""Why an action is refused: (clause, reason), the reason a
:class:`~rummykit.Message` (a code of the catalog and its parameters) or, for a
game without codes of its own, text."""


@attrs.frozen
class TakeKind:
    """A kind of out-of-turn pile take, owned by the claim protocol that makes it
    (May I?'s ``buy``, ``forced`` and ``refusal``): its name (kept in the turn's
    :class:`~rummykit.engine.state.TurnStep`) and how it is paid."""

    name: str
    """The take's name (``buy``); ``regular`` is the draw step's."""
    first_card_paid: bool
    """Whether the first pile card costs a stock card too (a buy: one per card), or only
    the cards under it (``multi_take_mode``'s deeper takes)."""

    def __attrs_post_init__(self) -> None:
        _TAKES.setdefault(self.name, self)

    @staticmethod
    def named(name: str) -> TakeKind | None:
        """The first take kind made with ``name`` (the name a turn's step keeps), so the
        engine prices a take even when a wrapping protocol does not forward
        :meth:`ClaimProtocol.take_kind`."""
        return _TAKES.get(name)


_TAKES: dict[str, TakeKind] = {}


class Opening(ABC):
    """Which melds a seat may lay down from its hand, and when (the contract or an
    opening minimum, and whether new melds follow it)."""

    @abstractmethod
    def go_downs(self, ctx: TurnContext[Any], seat: int) -> list[Down]:
        """Every legal laydown for ``seat`` now, in a deterministic order."""

    @abstractmethod
    def check(self, ctx: TurnContext[Any], seat: int, action: Down) -> tuple[list[Meld], bool]:
        """Validate ``action``: the melds it lays, and whether the seat is down after it.
        Raise :class:`~rummykit.errors.IllegalActionError` (citing a clause) if illegal."""


class LayOffGate(ABC):
    """Who may lay off, and when."""

    depends_on_target: ClassVar[bool] = True
    """Whether :meth:`refusal` depends on the meld (``False`` lets the engine ask once
    per meld step rather than once per meld)."""

    @abstractmethod
    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        """Why ``seat`` may not lay off (onto meld ``target``; ``None``: onto any meld)
        now, or ``None`` if it may."""

    def after_going_down(self, ctx: TurnContext[Any]) -> bool:
        """May a seat lay off in the meld step in which it went down?"""
        return True

    def permits(self, ctx: TurnContext[Any], seat: int) -> bool:
        """Whether ``seat`` may lay off onto some meld now: :meth:`refusal` for any meld
        is ``None`` (a gate may answer without writing the refusal, as the listing of
        every meld step asks)."""
        return self.refusal(ctx, seat, None) is None


class ExchangeGate(ABC):
    """Whether and how jokers on the table may be exchanged (POSSO-11.6)."""

    to_hand: bool = False
    """The freed joker may go into the exchanger's hand."""

    @abstractmethod
    def refusal(self, ctx: TurnContext[Any], seat: int, target: int | None) -> Refusal | None:
        """Why ``seat`` may not exchange a joker of meld ``target`` now, or ``None``."""


class ActionFilter(ABC):
    """Removes legal actions a game forbids on top of the turn rules (forced play)."""

    @abstractmethod
    def refusal(self, ctx: TurnContext[Any], seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is forbidden although the turn rules allow it, or ``None``."""

    def filter(
        self, ctx: TurnContext[Any], seat: int, actions: Sequence[Action]
    ) -> tuple[Action, ...]:
        """The actions this filter allows, in order."""
        return tuple(a for a in actions if self.refusal(ctx, seat, a) is None)


@final
class NoFilter(ActionFilter):
    """Forbids nothing."""

    def refusal(self, ctx: TurnContext[Any], seat: int, action: Action) -> Refusal | None:
        """Nothing is refused."""
        return None

    def filter(
        self, ctx: TurnContext[Any], seat: int, actions: Sequence[Action]
    ) -> tuple[Action, ...]:
        """Every action."""
        return tuple(actions)


class ClaimProtocol(ABC, Generic[S]):
    """What happens to a discard before the next regular turn: nothing, a "May I?"
    window with consent and a buy, or a free claim.

    ``S`` is the protocol's own state, kept in the deal while the protocol needs it
    (:attr:`~rummykit.engine.context.TurnContext.claim`,
    :meth:`~rummykit.engine.context.TurnContext.set_claim`): an attrs class on
    :class:`~rummykit.kit.state.State`, so snapshots, clones and equality carry it (a
    snapshot finds the class by its name among the loaded ``State`` classes: give it a
    name of its own).

    A house rule that wraps a shipped protocol forwards every method it does not change
    (the engine asks the outer protocol alone)."""

    phases: tuple[Phase, ...] = ()
    """The phases in which this protocol decides the legal actions."""

    def actor_consistent(self, ctx: TurnContext[S], seat: int) -> bool:
        """Whether the protocol's state lets ``seat`` act now in the match's phase (one
        of :attr:`phases`): a restored snapshot's check. True unless the protocol knows."""
        return True

    def open_seats(self, ctx: TurnContext[S]) -> tuple[int, ...]:
        """The seats that may answer the question of the phase now (one of
        :attr:`phases`) at once, in priority order, the seat to act first: where the
        rules let several seats answer the same question (May I?'s requests, its consent
        round, Posso?'s claims), a live table opens it to all of them
        (:attr:`~rummykit.kit.match.Match.deciding`). Each seat after the first must have
        the legal answers :meth:`legal` gives it now when the one-at-a-time order reaches
        it, whatever the seats before it answer (their answers are held until then).
        The seat to act alone unless the protocol says more."""
        seat = ctx.to_act
        return () if seat is None else (seat,)

    def start_turn(self, ctx: TurnContext[S], seat: int) -> None:
        """``seat``'s regular turn starts (its step is set): its draw step, unless the
        protocol puts a decision first (Posso?'s correction claim)."""
        ctx.set_turn(DRAW, seat)

    def draw_actions(
        self, ctx: TurnContext[S], seat: int, actions: tuple[Action, ...]
    ) -> tuple[Action, ...]:
        """The draw-step actions the turn rules allow, as this protocol restricts them
        (a claimant's next draw from the stock only)."""
        return actions

    def draw_refusal(self, ctx: TurnContext[S], seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is refused in ``seat``'s draw step because of this protocol
        (the restriction :meth:`draw_actions` makes), or ``None``."""
        return None

    def after_stock_draw(self, ctx: TurnContext[S], seat: int) -> None:
        """``seat`` drew from the stock in their draw step: their meld step (or a claim
        window first)."""
        ctx.set_turn(MELD, seat)

    @abstractmethod
    def after_discard(self, ctx: TurnContext[S], seat: int) -> None:
        """``seat`` has discarded (the pile's top card): open a window or start the
        next regular turn."""

    def after_turn_without_discard(self, ctx: TurnContext[S], seat: int) -> None:
        """A turn with no discard ended: start the next regular turn."""
        ctx.start_turn(self.next_seat(ctx, seat))

    def next_seat(self, ctx: TurnContext[S], seat: int) -> int:
        """Who plays after ``seat``'s turn without a discard."""
        return ctx.left(seat)

    def legal(self, ctx: TurnContext[S], seat: int) -> tuple[Action, ...]:
        """The legal actions in one of :attr:`phases`."""
        return ()

    def accepts(self, ctx: TurnContext[S], seat: int, action: Action) -> bool:
        """Whether ``action``, not itself among the listed legal actions, is accepted in
        one of :attr:`phases` as another way of writing a listed one (Posso?'s claims, in
        any order of melds and cards). False unless the protocol knows better."""
        return False

    def perform(self, ctx: TurnContext[S], seat: int, action: Action) -> None:
        """Apply a verified action in one of :attr:`phases`."""
        raise NotImplementedError

    def why_not(self, ctx: TurnContext[S], seat: int | None, action: Action) -> Refusal | None:
        """The clause and reason for an illegal action in one of :attr:`phases`."""
        return None

    def after_take(self, ctx: TurnContext[S], seat: int) -> None:
        """An out-of-turn take picked under ``multi_take_mode="any"`` is paid for:
        go on with the turn it started."""
        raise NotImplementedError

    def take_kind(self, ctx: TurnContext[S]) -> TakeKind | None:
        """The kind of the out-of-turn take in progress (priced by its
        :attr:`TakeKind.first_card_paid`), if any."""
        return None


class ClaimWrapper(ClaimProtocol[S]):
    """A claim protocol that asks another (``inner``) for everything: the base of a
    house rule that changes one question of a shipped protocol. Subclass it and override
    only what the house changes; every other question, and the phases, are the inner
    protocol's.

    >>> from rummykit.games.may_i.claims import MayIClaims
    >>> from rummykit.games import MayIRules
    >>> class Quiet(ClaimWrapper[Any]):
    ...     def legal(self, ctx, seat):
    ...         return tuple(a for a in self.inner.legal(ctx, seat) if str(a) != "ask")
    >>> Quiet(MayIClaims(MayIRules())).phases == MayIClaims(MayIRules()).phases
    True
    """

    def __init__(self, inner: ClaimProtocol[S]) -> None:
        self.inner = inner
        self.phases = inner.phases

    def actor_consistent(self, ctx: TurnContext[S], seat: int) -> bool:
        return self.inner.actor_consistent(ctx, seat)

    def open_seats(self, ctx: TurnContext[S]) -> tuple[int, ...]:
        return self.inner.open_seats(ctx)

    def start_turn(self, ctx: TurnContext[S], seat: int) -> None:
        self.inner.start_turn(ctx, seat)

    def draw_actions(
        self, ctx: TurnContext[S], seat: int, actions: tuple[Action, ...]
    ) -> tuple[Action, ...]:
        return self.inner.draw_actions(ctx, seat, actions)

    def draw_refusal(self, ctx: TurnContext[S], seat: int, action: Action) -> Refusal | None:
        return self.inner.draw_refusal(ctx, seat, action)

    def after_stock_draw(self, ctx: TurnContext[S], seat: int) -> None:
        self.inner.after_stock_draw(ctx, seat)

    def after_discard(self, ctx: TurnContext[S], seat: int) -> None:
        self.inner.after_discard(ctx, seat)

    def after_turn_without_discard(self, ctx: TurnContext[S], seat: int) -> None:
        self.inner.after_turn_without_discard(ctx, seat)

    def next_seat(self, ctx: TurnContext[S], seat: int) -> int:
        return self.inner.next_seat(ctx, seat)

    def legal(self, ctx: TurnContext[S], seat: int) -> tuple[Action, ...]:
        return self.inner.legal(ctx, seat)

    def accepts(self, ctx: TurnContext[S], seat: int, action: Action) -> bool:
        return self.inner.accepts(ctx, seat, action)

    def perform(self, ctx: TurnContext[S], seat: int, action: Action) -> None:
        self.inner.perform(ctx, seat, action)

    def why_not(self, ctx: TurnContext[S], seat: int | None, action: Action) -> Refusal | None:
        return self.inner.why_not(ctx, seat, action)

    def after_take(self, ctx: TurnContext[S], seat: int) -> None:
        self.inner.after_take(ctx, seat)

    def take_kind(self, ctx: TurnContext[S]) -> TakeKind | None:
        return self.inner.take_kind(ctx)


@final
class NoClaims(ClaimProtocol[None]):
    """A discard is only ever taken by the next player in their turn."""

    def after_discard(self, ctx: TurnContext[None], seat: int) -> None:
        """The next regular turn starts."""
        ctx.start_turn(ctx.left(seat))


@attrs.frozen
class Hooks:
    """The hooks of one game (see the engine page of the docs)."""

    opening: Opening
    layoff_gate: LayOffGate
    claims: ClaimProtocol[Any] = attrs.field(factory=NoClaims)
    action_filter: ActionFilter = attrs.field(factory=NoFilter)
    exchange: ExchangeGate | None = None
    """``None``: jokers on the table are never exchanged."""
