"""A seat's view as far as the observation encoding reads it, straight from the match's
declared state (:func:`quick_view`): no sorting, no legal actions, no frozen value, for
the environments' every step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, cast, final

from rummykit._compiled import Native
from rummykit.cards import Card
from rummykit.deck import PileCard
from rummykit.engine.context import TurnContext
from rummykit.engine.core import ContractRummyMatch
from rummykit.kit.match import Match, reads_plain
from rummykit.kit.protocol import Phase
from rummykit.melds import Meld

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


@final
class QuickView(Native):
    """The fields of a :class:`~rummykit.kit.protocol.PlayerView` that the encoding reads,
    taken straight from the declared state of a match whose ``view`` is the shipped one
    (no sorting, no legal actions, no frozen value): see
    :func:`quick_view`."""

    __slots__ = (
        "contract",
        "deal",
        "down",
        "hand",
        "hand_sizes",
        "known_changes",
        "known_counts",
        "known_deal",
        "melds",
        "phase",
        "pile",
        "scores",
        "seat",
        "stock_size",
        "to_act",
    )
    contract: Any
    deal: int
    down: list[bool]
    hand: Sequence[Card]
    hand_sizes: list[int]
    known_counts: Sequence[Counter[Card]]
    """The cards each seat is known to hold, as the state counts them."""
    known_deal: object
    """The deal whose counters ``known_counts`` are (``None``: no deal's)."""
    known_changes: list[int] | None
    """The engine's counts of changes to each seat's known cards
    (:attr:`~rummykit.engine.TurnContext.known_changes`, the engine's list; ``None``: not
    counted): while the deal is the same object and a seat's count the same, so are its
    known cards."""
    melds: Sequence[Meld]
    phase: Phase
    pile: Sequence[PileCard]
    scores: tuple[int, ...]
    seat: int
    stock_size: int
    to_act: int | None


def quick_view(match: Match[Any, Any], seat: int, scores: tuple[int, ...]) -> Any:
    """What ``match.view(seat)`` shows, as far as the encoding reads it, or ``None``
    when the match's view is not the shipped one (then use :meth:`.Match.view`).

    The tests check that both give the same vector in every registered game."""
    kind = type(match)
    how = _KINDS.get(kind)
    if how is None:
        how = _KINDS[kind] = _kind(kind)
    if not how:
        return None
    deal, state = match.deal, match.state
    view = QuickView()
    view.seat = seat
    view.deal = state.deal_number
    view.phase = state.phase
    view.to_act = state.to_act
    hands = deal.hands
    view.hand = hands[seat]
    view.hand_sizes = [len(hand) for hand in hands]
    view.stock_size = len(deal.stock)
    view.scores = scores
    entries = deal.pile.entries
    if how == 2:  # a ContractRummyMatch (its extras are)
        engine = cast(ContractRummyMatch, match)
        options = engine.options
        if options.discard_pile_visible == "top_only" and entries:
            entries = entries[-1:]
        view.known_counts = deal.known
        view.melds = deal.table
        view.down = deal.down
        context = _CONTEXTS.get(id(match))
        if context is None or context.deal is not deal:  # not met, or bound anew
            if len(_CONTEXTS) >= _MANY_CONTEXTS:
                _CONTEXTS.clear()
            context = _CONTEXTS[id(match)] = TurnContext.of(engine)
        view.known_deal = deal
        view.known_changes = context.known_changes
        view.contract = (  # per_player_contracts: the seat's own, as match.view gives it
            context.contract_of(seat) if options.per_player_contracts else deal.contract
        )
    else:
        view.known_counts = (_NOBODY,) * match.players
        view.known_deal = None
        view.known_changes = None
        view.melds = ()
        view.down = [False] * match.players
        view.contract = None
    view.pile = entries
    return view


def _kind(kind: type[Any]) -> int:
    """How :func:`quick_view` reads a match of class ``kind``: 2, the contract engine's
    match (its melds, down and known cards); 1, a match whose class declares the shipped
    view with no extras (its class attribute ``_plain_view``); 0, not at all."""
    if kind is ContractRummyMatch:
        return 2
    return 1 if reads_plain(kind) else 0


_KINDS: dict[type[Any], int] = {}
""":func:`_kind` of each match class met (read once, not at every step)."""
_CONTEXTS: dict[int, TurnContext[Any]] = {}
"""The hooks' context of each engine match met, by the match's ``id``, read again when
it does not show the match's deal (another match with the same ``id``, or the match
bound a new context: an undone ``apply_all``), so that a step asks
:meth:`TurnContext.of` only then."""
_MANY_CONTEXTS = 64
"""How many contexts :data:`_CONTEXTS` keeps before it forgets them all."""
_NOBODY: Counter[Card] = Counter()
"""No known cards (read, never changed)."""


def contract_values(contract: Any) -> list[float]:
    """Groups and runs required, their least sizes, exact: zeros without a contract
    (another kind counts as a group when its cards share a rank, else as a run)."""
    values = [0.0] * 5
    requirements = getattr(contract, "requirements", None)
    if requirements:
        for requirement in requirements:
            kind = 0 if requirement.kind.shares_rank else 1  # a pair as a group, a flush as a run
            values[kind] += requirement.count
            values[kind + 2] = max(values[kind + 2], requirement.min_size or 0)
        values[4] = float(bool(getattr(contract, "exact", False)))
    return values
