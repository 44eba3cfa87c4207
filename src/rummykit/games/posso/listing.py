"""What Posso?'s hooks ask of a position, as functions: the laydowns a hand holds
(POSSO-12, 13.1), whether it holds a ready meld (POSSO-14.1), which cards are playable
and on which melds (POSSO-13, 14.3), and what forced play refuses (POSSO-8.2, 14).

The hook classes (:mod:`rummykit.games.posso.hooks`) ask these. They live apart so that
this module can be compiled in the compiled build while the classes stay interpreted:
a house rule may subclass a hook class in either build.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final, final

from rummykit._compiled import Native
from rummykit._memo import BoundedMemo
from rummykit.cards import Card
from rummykit.contracts import Contract
from rummykit.engine.actions import Down
from rummykit.engine.contract import (
    allowed_go_downs,
)
from rummykit.engine.hooks import Refusal
from rummykit.errors import InvalidMeldError
from rummykit.games.posso.reach import Reach, count_cards
from rummykit.games.posso.rules import PossoRules
from rummykit.kit.actions import Action, Discard, Take
from rummykit.melds import Meld, MeldRules, joker_exchanges
from rummykit.melds.exchange import wild_replacements
from rummykit.messages import Message
from rummykit.solver import Arrangement, arrangements, can_meet

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


_ONE_GROUP = Contract.parse("1G")
_ONE_RUN = Contract.parse("1R")


def new_meld_options(ctx: TurnContext[Any], cards: Sequence[Card]) -> list[tuple[Meld, ...]]:
    """Every single new meld ``cards`` hold (POSSO-13.1), groups then runs."""
    return [arrangement.melds for arrangement in _new_meld_arrangements(ctx, cards)]


def _new_meld_arrangements(ctx: TurnContext[Any], cards: Sequence[Card]) -> Iterator[Arrangement]:
    """Each single new meld ``cards`` hold with the cards it leaves, groups then runs."""
    for contract in (_ONE_GROUP, _ONE_RUN):
        yield from arrangements(cards, contract, ctx.meld_rules, values=ctx.values)


def laydowns(ctx: TurnContext[Any], seat: int, cards: Sequence[Card]) -> Iterable[tuple[Meld, ...]]:
    """What ``seat`` may lay down from ``cards``: an opening (every arrangement that
    meets the requirement, POSSO-12) before it has opened, one new meld after."""
    for arrangement in _laydown_arrangements(ctx, seat, cards):
        yield arrangement.melds


def _laydown_arrangements(
    ctx: TurnContext[Any], seat: int, cards: Sequence[Card]
) -> Iterator[Arrangement]:
    """:func:`laydowns` with the cards each one leaves."""
    if ctx.deal.down[seat]:
        return _new_meld_arrangements(ctx, cards)
    opening = _opening(ctx)
    return arrangements(cards, opening, ctx.meld_rules, values=ctx.values)


def ready_meld(ctx: TurnContext[Any], seat: int) -> bool:
    """POSSO-14.1: ``seat``'s hand holds a meld it could lay down now (an opening
    before it has opened).

    Counting answers most hands (:class:`~rummykit.games.posso.reach.Reach`); the rest
    are remembered by hand, and the meld step's go-down listing, which runs first on
    the same hand, has usually answered already."""
    hand = ctx.deal.hands[seat]
    rules = ctx.meld_rules
    opened = bool(ctx.deal.down[seat])
    book = _book(ctx)
    cards = tuple(hand)
    answer = book.ready.get((cards, opened))
    if answer is None:
        if not _may_lay(ctx, opened, book.reach(cards)):
            book.remember(cards, opened, False)
            return False
        if opened:
            answer = can_meet(hand, _ONE_GROUP, rules) or can_meet(hand, _ONE_RUN, rules)
        else:
            answer = can_meet(hand, _opening(ctx), rules)
        book.remember(cards, opened, answer)
    return answer


def laydowns_with(ctx: TurnContext[Any], seat: int, card: Card) -> Iterator[tuple[Meld, ...]]:
    """The :func:`laydowns` of ``seat``'s hand and ``card`` that use ``card`` (a claim,
    POSSO-9.5, or a pile card melded this turn, POSSO-8.2), lazily; none without a
    solver call where counting shows ``card`` fits no meld (or the whole no opening)."""
    hand = ctx.deal.hands[seat]
    reach = _book(ctx).reach(tuple(hand))
    if not reach.fits(card):
        return iter(())
    if not ctx.deal.down[seat] and not reach.may_meet_with(card, _opening(ctx)):
        return iter(())
    return _using(card, laydowns(ctx, seat, [*hand, card]))


def _using(card: Card, found: Iterable[tuple[Meld, ...]]) -> Iterator[tuple[Meld, ...]]:
    """The laydowns of ``found`` that use ``card``."""
    for melds in found:
        if any(card in meld.cards for meld in melds):
            yield melds


@final
class _Book(Native):
    """What counting and the solver showed about hands under one opening and one set of
    meld rules, by the hand's cards in order: facts about the cards alone, so never
    stale (bounded: emptied when full).

    A claim window asks about the same hands window after window, and the meld step's
    go-down listing and its ready-meld check ask about the same hand in turn."""

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self.reaches = BoundedMemo[tuple[Card, ...], Reach](
            "posso reaches", entries=_BOOK_MAX, shared=False
        )
        self.ready = BoundedMemo[tuple[tuple[Card, ...], bool], bool](
            "posso ready melds", entries=_BOOK_MAX, shared=False
        )
        """Whether a hand holds a ready meld, by the hand and whether its seat has opened."""

    def reach(self, cards: tuple[Card, ...]) -> Reach:
        """The :class:`~rummykit.games.posso.reach.Reach` of ``cards`` (from that of
        all but the last card where it is known: a hand after a draw)."""
        reaches = self.reaches
        reach = reaches.get(cards)
        if reach is None:
            before = reaches.get(cards[:-1]) if cards else None
            reach = count_cards(cards, self.rules) if before is None else before.plus(cards[-1])
            reaches.put(cards, reach)
        return reach

    def remember(self, cards: tuple[Card, ...], opened: bool, ready: bool) -> None:
        """Whether ``cards`` hold a ready meld (``opened``: a single new meld)."""
        self.ready.put((cards, opened), ready)


_BOOK_MAX = 32
"""Small: the hands asked about again are the seats' present ones and those before their
last draw, a dozen at most, and every object kept costs the garbage collector time (32
hands: 1.8 % fewer instructions a decision than 256 in the seeded matches of the
benchmark, 12: 0.5 % more than 32)."""
_BOOKS: Final = BoundedMemo[tuple[Contract | None, MeldRules], _Book]("posso books", rules=1)
"""The books by opening and meld rules (asked by pair)."""


def _book(ctx: TurnContext[Any]) -> _Book:
    """The :class:`_Book` of the deal's opening and the match's meld rules (the last
    pair asked found by identity, as equal rules compare slowly)."""
    return _BOOKS.pair(ctx.deal.contract, ctx.meld_rules, _new_book)


def _new_book(opening: Contract | None, rules: MeldRules) -> _Book:
    """An empty book of ``rules`` (each opening has its own)."""
    return _Book(rules)


def _may_lay(ctx: TurnContext[Any], opened: bool, reach: Reach) -> bool:
    """False where counting shows the cards of ``reach`` hold no laydown: no meld once
    opened, no opening before."""
    return reach.any_meld() if opened else reach.may_meet(_opening(ctx))


def screened_go_downs(ctx: TurnContext[Any], seat: int) -> Iterator[Down] | None:
    """``seat``'s legal laydowns now, lazily; ``None`` where counting shows there is none
    (remembered as no ready meld)."""
    deal = ctx.deal
    hand = deal.hands[seat]
    opened = bool(deal.down[seat])
    book = _book(ctx)
    cards = tuple(hand)
    reach = book.reach(cards)
    if not _may_lay(ctx, opened, reach):
        book.remember(cards, opened, False)
        return None
    found = _noting(_laydown_arrangements(ctx, seat, hand), book, cards, opened)
    return allowed_go_downs(ctx, seat, found, going_down=not opened)


def _noting(
    found: Iterator[Arrangement], book: _Book, cards: tuple[Card, ...], opened: bool
) -> Iterator[Arrangement]:
    """``found`` (the arrangements of ``cards``), remembering in ``book`` whether they
    hold a ready meld: yes at the first, no once none came (nothing on a budget error)."""
    none = True
    for arrangement in found:
        if none:
            none = False
            book.remember(cards, opened, True)
        yield arrangement
    if none:
        book.remember(cards, opened, False)


def may_lay_off_on(ctx: TurnContext[Any], seat: int, target: int) -> bool:
    """POSSO-13.2, 13.3: on their own melds once opened; on anyone's once all opened."""
    deal = ctx.deal
    if not deal.down[seat]:
        return False
    return deal.table[target].owner == seat or all(deal.down)


def playable_targets(ctx: TurnContext[Any], seat: int, card: Card) -> list[int]:
    """POSSO-14.3: the melds that make ``card`` playable for ``seat``."""
    return [index for index in _scope(ctx, seat) if _plays_on(ctx, index, card)]


def is_playable(ctx: TurnContext[Any], seat: int, card: Card) -> bool:
    """POSSO-14.3: whether some meld makes ``card`` playable for ``seat`` (the truth
    of :func:`playable_targets`, stopping at the first meld)."""
    for index in _scope(ctx, seat):  # noqa: SIM110 (any() of a generator costs more)
        if _plays_on(ctx, index, card):
            return True
    return False


def _scope(ctx: TurnContext[Any], seat: int) -> range | list[int]:
    """The melds that may make a card playable for ``seat`` (``playable_scope``): with
    ``discarder_legal``, those they may lay off on right now (POSSO-13.2, 13.3, so none
    in the step in which they opened under ``layoff_same_turn_as_contract=False``)."""
    indexes = range(len(ctx.deal.table))
    rules = _rules(ctx)
    if rules.playable_scope != "discarder_legal":
        return indexes
    if not ctx.deal.down[seat]:
        return []  # no meld to lay off on (may_lay_off_on), whatever the gate says
    if not ctx.hooks.layoff_gate.permits(ctx, seat):
        return []
    if all(ctx.deal.down):  # on every meld (may_lay_off_on)
        return indexes
    table = ctx.deal.table
    return [index for index in indexes if table[index].owner == seat]


def _plays_on(ctx: TurnContext[Any], index: int, card: Card) -> bool:
    """Whether ``card`` is laid off on meld ``index``, or (``swap_counts_as_playable``)
    exchanged for one of its wild cards."""
    meld = ctx.deal.table[index]
    rank = card.rank
    # A natural card goes only on a group of its rank or a run of its suit (at an end,
    # or in place of a wild card standing for it): the rest are refused at no cost.
    natural = rank is not None and rank not in ctx.meld_rules.wild_ranks
    if natural and (meld.ranks[0] is not rank if meld.suit is None else meld.suit is not card.suit):
        return False
    if ctx.grown_meld(meld, card, None) is not None:
        return True
    if not _rules(ctx).swap_counts_as_playable or card.rank is None:
        return False
    if not wild_replacements(meld, card):
        return False  # no wild card for it to replace
    try:
        joker_exchanges(ctx.deal.table, index, card, ctx.meld_rules)
    except InvalidMeldError:
        return False
    return True


def others_melds_refusal(ctx: TurnContext[Any], seat: int) -> Refusal:
    """POSSO-13.3: ``seat`` may not lay off on others' melds yet (each seat's refusal
    made once: every meld step of an opened seat meets it on each meld not theirs)."""
    refusal = _OTHERS_MELDS.get(seat)
    if refusal is None:
        refusal = "POSSO-13.3", Message("layoff.others_melds", {"seat": seat})
        _OTHERS_MELDS[seat] = refusal
    return refusal


_OTHERS_MELDS: dict[int, Refusal] = {}
"""The POSSO-13.3 refusal of each seat."""


def forced_filter(
    ctx: TurnContext[Any], seat: int, actions: Sequence[Action]
) -> tuple[Action, ...]:
    """The ``actions`` forced play allows ``seat`` now (the filter of
    :class:`~rummykit.games.posso.hooks.ForcedPlay`; each check about the position
    made once)."""
    discards = takes = False
    for action in actions:  # a loop: any() of a generator costs more
        if isinstance(action, Discard):
            discards = True
            break
    rules = _rules(ctx)
    if rules.pile_take_requires_meld:
        takes = any(isinstance(a, Take) for a in actions)
    elif not discards:
        return tuple(actions)
    ready = discards and ready_meld(ctx, seat)
    if not rules.pile_take_requires_meld and rules.forced_play_enforcement != "strict":
        # Nothing else to refuse (see _plain_refusal): only a ready meld's discards.
        if not ready:
            return tuple(actions)
        return tuple(action for action in actions if not isinstance(action, Discard))
    if not discards and not takes:
        return tuple(actions)
    position = _Position(ctx, seat)
    kept = []
    for action in actions:
        if isinstance(action, Discard) and ready:
            continue
        if isinstance(action, Discard | Take) and _plain_refusal(position, action):
            continue
        kept.append(action)
    return tuple(kept)


@final
class _Position(Native):
    """What forced play asks about ``seat`` in the match's present position, each
    answer worked out once (the position must not change while this is in use)."""

    def __init__(self, ctx: TurnContext[Any], seat: int) -> None:
        self.ctx = ctx
        self.seat = seat
        self._playable: dict[Card, bool] = {}

    def playable(self, card: Card) -> bool:
        """:func:`is_playable` for the seat."""
        answer = self._playable.get(card)
        if answer is None:
            answer = self._playable[card] = is_playable(self.ctx, self.seat, card)
        return answer

    @cached_property
    def top_usable(self) -> bool:
        """Could the seat meld the pile's top card this turn (see :func:`_usable`)?"""
        top = self.ctx.deal.pile.top
        return top is None or _usable(self.ctx, self.seat, top.card)

    @cached_property
    def keeps_taken(self) -> bool:
        """Whether the seat still holds the card it took from the pile, and another."""
        hand = self.ctx.deal.hands[self.seat]
        taken = self.ctx.deal.step.taken
        return taken is not None and taken in hand and len(hand) > 1

    @cached_property
    def all_playable(self) -> bool:
        """Whether every card the seat may discard is playable (the card just taken,
        held once, aside)."""
        hand = self.ctx.deal.hands[self.seat]
        taken = self.ctx.deal.step.taken
        others = [c for c in set(hand) if c is not taken or hand.count(c) > 1]
        return all(self.playable(c) for c in others)


def plain_refusal(ctx: TurnContext[Any], seat: int, action: Action) -> Refusal | None:
    """Why forced play forbids ``seat`` the ``action`` now, the ready-meld check aside
    (POSSO-8.2, 14.4)."""
    return _plain_refusal(_Position(ctx, seat), action)


def _plain_refusal(position: _Position, action: Action) -> Refusal | None:
    """:func:`plain_refusal` with the answers about ``position`` shared."""
    ctx, seat = position.ctx, position.seat
    rules = _rules(ctx)
    if isinstance(action, Take) and rules.pile_take_requires_meld:
        if not position.top_usable:
            top = ctx.deal.pile.top
            assert top is not None
            return "POSSO-8.2", Message("take.could_not_meld", {"seat": seat, "card": top.card})
        return None
    if not isinstance(action, Discard):
        return None
    if rules.pile_take_requires_meld and position.keeps_taken:
        taken = ctx.deal.step.taken
        return "POSSO-8.2", Message("forced.meld_taken", {"seat": seat, "card": taken})
    # POSSO-14.4 strict: no exception for the last card, which is then laid off.
    strict = rules.forced_play_enforcement == "strict"
    if strict and position.playable(action.card):
        every = rules.playable_scope == "any_meld" and position.all_playable
        if not every:
            params = {"seat": seat, "card": action.card}
            return "POSSO-14.4", Message("forced.playable", params)
    return None


def _usable(ctx: TurnContext[Any], seat: int, card: Card) -> bool:
    """Could ``seat`` meld ``card`` this turn (lay it down or off)?"""
    if next(laydowns_with(ctx, seat, card), None) is not None:
        return True
    if ctx.deal.down[seat]:
        for index, meld in enumerate(ctx.deal.table):
            if may_lay_off_on(ctx, seat, index) and ctx.grown_meld(meld, card, None) is not None:
                return True
    return False


def _rules(ctx: TurnContext[Any]) -> PossoRules:
    """The match's rules: this game's (its hooks serve only its matches)."""
    rules = ctx.rules
    assert isinstance(rules, PossoRules)
    return rules


def _opening(ctx: TurnContext[Any]) -> Contract:
    """The deal's opening requirement (every Posso? deal has one, POSSO-12)."""
    opening = ctx.deal.contract
    assert opening is not None
    return opening
