"""The table moves of a meld step: every legal lay-off and joker exchange.

Lay-offs are one card at a time; only cards that could fit are tried (a group's rank, a
run's two end cards, wild cards), and the lay-off gate decides who may lay off. A wild
card at a run's end says what it stands for (POSSO-11.4, 11.7): each meaning is its own
action (``layoff JK(4H) -> 2``, ``layoff JK(9H) -> 2``), and so is each place of a freed
joker (``exchange 8C -> 1 joker -> 2 (4H)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from rummykit._memo import BoundedMemo
from rummykit.cards import CARDS, Card, Rank, Suit
from rummykit.engine.actions import ExchangeJoker, LayOff
from rummykit.errors import InvalidMeldError
from rummykit.kit.actions import format_meaning
from rummykit.melds import End, JokerExchange, Meld, MeldKind, MeldRules, joker_exchanges
from rummykit.melds.exchange import replacing_cards
from rummykit.melds.layoff import fit_lay_off
from rummykit.melds.meld import Role
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.engine.context import TurnContext

MEMO_ENTRIES: Final = 50_000
"""The size of the per-match lay-off memos and of the shared lay-off memo."""

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final

_Results = BoundedMemo[tuple[int, Card, int, Any], tuple[Meld, Meld | None]]

LayoffMemos = tuple[_Results, BoundedMemo[tuple[int, int], Any]]
"""A match's lay-off memos (:func:`layoff_memos`): the lay-off results by (the meld's
identity, card, end's place, role), each with its meld (:func:`grown_meld`), and the
cards that fit each meld at each place on the table, with their lay-offs, by the meld's
identity and place (:func:`layoffs`). A cache the match hands to these functions and
shares with its clones, not state."""


def layoff_memos() -> LayoffMemos:
    """Empty lay-off memos for a match (a new one, or new meld rules)."""
    results: _Results = BoundedMemo("lay-off results", entries=MEMO_ENTRIES, shared=False)
    return results, BoundedMemo("lay-off fits", entries=MEMO_ENTRIES, shared=False)


def layoffs(ctx: TurnContext[Any], seat: int, memos: LayoffMemos) -> list[LayOff]:
    """Every legal single-card lay-off now: card order, then meld, then end; a wild card
    at a run's end once per meaning (:func:`placements`); ``ctx`` is the match's
    context, for the lay-off gate."""
    deal = ctx.deal
    gate = ctx.hooks.layoff_gate
    if not deal.table or not gate.permits(ctx, seat):
        return []
    per_meld = gate.depends_on_target
    hand = deal.hands[seat]
    held = set(hand)
    few_cards = len(hand) <= 2
    results, memo = memos
    found: list[tuple[int, LayOff]] = []  # (listing order, action)
    for index, meld in enumerate(deal.table):
        if per_meld and gate.refusal(ctx, seat, index) is not None:
            continue
        fits: _Fits | None = memo.get((id(meld), index))
        if fits is None or fits[0] is not meld:
            fits = _fits(ctx.meld_rules, memo, meld, index)
        _, ways, listed = fits
        for card in ways:  # a few cards: each looked up in the hand (the order is sorted below)
            if card not in held:
                continue
            if few_cards:  # the hand kept may forbid some
                found += _card_layoffs(ctx, results, meld, index, card, ways[card], seat)
                continue
            known = listed.get(card)
            if known is None:
                known = _card_layoffs(ctx, results, meld, index, card, ways[card], None)
                listed[card] = known
            found += known
    found.sort()  # the orders differ: the actions are never compared
    return list(map(_second, found))


_AT_RUN_END = 3
"""A way a card may fit a meld (beside 0: in a group, 1 and 2: a natural card at a run's
low and high end): a wild card at a run's end, a lay-off per meaning."""
_END_OF = (None, End.LOW, End.HIGH)

_Fits = tuple[Meld, dict[Card, tuple[int, ...]], dict[Card, list[tuple[int, LayOff]]]]
"""A meld, the cards that may fit it and the ways they may (:data:`_AT_RUN_END`), and
the lay-offs of those looked at so far, with their listing orders (card code, meld, end).
Remembered by the meld's identity and place (a meld's own hash is an interpreted
function that hashes its cards): the entry holds the meld, so while it is remembered no
other object has its identity, and a hit is checked to be the very meld."""


def _fits(
    rules: MeldRules, memo: BoundedMemo[tuple[int, int], Any], meld: Meld, index: int
) -> _Fits:
    """The cards that may fit ``meld``, meld ``index`` on the table, whoever holds them:
    worked out once per meld and place, as the table changes seldom and a meld step
    lists its lay-offs turn after turn (remembered per match, a bounded cache, not
    state)."""
    wild_ranks = rules.wild_ranks
    wilds = _WILD_CARDS.get(wild_ranks) or _wild_cards(wild_ranks)
    ways: dict[Card, tuple[int, ...]]
    shape = meld.kind.shape
    if shape is not None:  # another kind: any card has one meaning, its shape judges
        ways = dict.fromkeys((*shape.fitting_cards(meld), *wilds), (0,))
    elif meld.kind is MeldKind.GROUP:  # any card in a group has one meaning
        ways = dict.fromkeys((*_SAME_RANK[meld.rank], *wilds), (0,))
    else:
        assert meld.suit is not None
        base = meld.suit.index * 13
        ways = dict.fromkeys(wilds, (_AT_RUN_END,))
        below = CARDS[base + (meld.low - 2) % 13]
        above = CARDS[base + meld.high % 13]
        if below not in wilds:
            ways[below] = (1,)
        if above not in wilds:  # the same card as below under a 12-card run: both ends
            ways[above] = (*ways.get(above, ()), 2)
    fits: _Fits = (meld, ways, {})
    memo.put((id(meld), index), fits)
    return fits


def _card_layoffs(
    ctx: TurnContext[Any],
    results: _Results,
    meld: Meld,
    index: int,
    card: Card,
    ways: tuple[int, ...],
    seat: int | None,
) -> list[tuple[int, LayOff]]:
    """The lay-offs of ``card`` on ``meld`` (meld ``index``), with their listing orders:
    whatever hand they leave (``seat`` ``None``), or only those that leave a hand
    ``seat`` may keep (one card or none: the turn rules decide)."""
    found = []
    for way in ways:
        if way == _AT_RUN_END:
            return _run_end_layoffs(ctx, results, meld, index, card, seat)
        end = _END_OF[way]
        grown = grown_meld(results, ctx.meld_rules, meld, card, end)
        if grown is not None and (
            seat is None or leaves_ok_after_layoff(ctx, seat, card, index, grown)
        ):
            found.append(_plain_layoff(card, index, end, way))
    return found


def _plain_layoff(card: Card, index: int, end: End | None, way: int) -> tuple[int, LayOff]:
    """A lay-off without a declared meaning and its listing order, made once."""
    order = (card.code << 32) | (index << 2) | way
    layoff = _LAYOFFS.get(order)
    if layoff is None:
        layoff = _LAYOFFS.put(order, LayOff(card, index, end))
    return order, layoff


def _run_end_layoffs(
    ctx: TurnContext[Any], results: _Results, meld: Meld, index: int, card: Card, seat: int | None
) -> list[tuple[int, LayOff]]:
    """The lay-offs of wild ``card`` at the ends of run ``meld`` (meld ``index``), a
    meaning per end it fits (:func:`placements`), with their listing orders; with
    ``seat``, only the ends where the hand ``seat`` keeps is allowed."""
    grown_at: list[tuple[End | None, Meld]] = []
    for end in _ENDS:
        grown = grown_meld(results, ctx.meld_rules, meld, card, end)
        if grown is not None and (
            seat is None or leaves_ok_after_layoff(ctx, seat, card, index, grown)
        ):
            grown_at.append((end, grown))
    place = (card.code << 32) | (index << 2)
    return [
        (place | (1 if at is End.LOW else 2), LayOff(card, index, end, role))
        for (at, _), (end, role) in zip(grown_at, placements(grown_at), strict=True)
    ]


def _wild_cards(wild_ranks: frozenset[Rank]) -> frozenset[Card]:
    """The joker and every card of ``wild_ranks``."""
    return _WILD_CARDS.put(
        wild_ranks,
        frozenset(card for card in CARDS if card.rank is None or card.rank in wild_ranks),
    )


_WILD_CARDS: Final = BoundedMemo[frozenset[Rank], frozenset[Card]]("wild cards", rules=1)
"""The wild cards of each set of wild ranks met so far."""


_ENDS = (End.LOW, End.HIGH)
_second = itemgetter(1)
_SAME_RANK = {rank: tuple(Card(rank, suit) for suit in Suit) for rank in Rank}
"""The four natural cards of each rank."""

_LAYOFFS: Final = BoundedMemo[int, LayOff]("lay-offs", entries=MEMO_ENTRIES)
"""The lay-offs without a declared meaning listed so far, by their listing order (card
code, meld, end): shared, as they are values and a meld step lists the same ones turn
after turn."""


def placements(grown: Sequence[tuple[End | None, Meld]]) -> list[tuple[End | None, Role | None]]:
    """The fields ``(end, role)`` of the actions that place one card on one meld, from the
    meld it makes at each ``end`` it fits: a wild card at a run's end says what it stands
    for (POSSO-11.4) and then needs no end; a natural card, any card in a group (a
    group's wild card has one meaning), or a wild card that stands for the same card at
    both ends (a 12-card wrap-around run) names its end instead.

    >>> from rummykit import MeldRules, parse_card
    >>> run, joker = Meld.parse("5H 6H 7H 8H"), parse_card("JK")
    >>> grown = [(end, run.lay_off(joker, MeldRules(), end=end)) for end in End]
    >>> placements(grown)
    [(None, 4H), (None, 9H)]
    """
    roles: list[Role | None] = []
    for end, meld in grown:
        at = 0 if end is End.LOW else len(meld) - 1
        wild = meld.kind is MeldKind.RUN and meld.is_wild_at(at)
        roles.append(meld.role(at) if wild else None)
    return [
        (end, None) if role is None or roles.count(role) > 1 else (None, role)
        for (end, _), role in zip(grown, roles, strict=True)
    ]


def grown_meld(
    memo: _Results,
    rules: MeldRules,
    meld: Meld,
    card: Card,
    end: End | None,
    role: Role | None = None,
) -> Meld | None:
    """``meld`` with ``card`` laid off at ``end`` (standing for ``role``) under
    ``rules``, or ``None`` if it does not fit; remembered in ``memo`` (a match's lay-off
    results, :data:`LayoffMemos`)."""
    key = (id(meld), card, _END_OF.index(end), role)  # End's hash is interpreted
    known = memo.get(key)
    if known is not None and known[0] is meld:  # by identity, as the fits above
        return known[1]
    grown = fit_lay_off(meld, card, rules, end, role)  # end, role: checked
    memo.put(key, (meld, grown))
    return grown


def exchanges(ctx: TurnContext[Any], seat: int) -> list[ExchangeJoker]:
    """Every legal joker exchange now (none unless the game has an exchange gate);
    ``ctx`` is the match's context, for the gate."""
    gate = ctx.hooks.exchange
    deal = ctx.deal
    if gate is None or not deal.table:
        return []
    found: list[ExchangeJoker] = []
    held = set(deal.hands[seat])
    for index, meld in enumerate(deal.table):
        # The cards that replace a wild card (wild_replacements): none, most often.
        replacing = _replacing(meld)
        if not replacing:  # no wild card: most melds
            continue
        cards = held.intersection(replacing)
        if not cards or gate.refusal(ctx, seat, index) is not None:
            continue
        for card in sorted(cards, key=_code):
            outcomes = _outcomes(ctx, card, index, to_hand=gate.to_hand)
            if outcomes is None:
                continue
            for action in _exchange_actions(card, index, outcomes):
                if action.joker_to is not None and gate.refusal(ctx, seat, action.joker_to):
                    continue
                if exchange_among(ctx, seat, action, outcomes) is not None:
                    found.append(action)
    return found


def _outcomes(
    ctx: TurnContext[Any], card: Card, index: int, *, to_hand: bool
) -> Sequence[JokerExchange] | None:
    """:func:`exchange_outcomes` of ``card`` on meld ``index``, ``None`` where there is none: a
    fact about the table, the card and the rules, remembered (bounded), as a player
    holding the card is offered the same exchanges at each meld step until the table
    changes (``to_hand``: the exchange gate's)."""
    key = (tuple(ctx.deal.table), index, card, ctx.meld_rules, to_hand)
    try:
        return _OUTCOMES[key]
    except KeyError:
        pass
    try:
        found: Sequence[JokerExchange] | None = exchange_outcomes(ctx, card, index)
    except InvalidMeldError:
        found = None
    return _OUTCOMES.put(key, found)


def exchange_outcomes(ctx: TurnContext[Any], card: Card, target: int) -> Sequence[JokerExchange]:
    """Every legal placement of the joker freed by ``card`` from meld ``target`` (the
    game's exchange gate says whether it may go to the hand); raises
    :class:`~rummykit.errors.InvalidMeldError` where ``card`` frees no joker there."""
    gate = ctx.hooks.exchange
    assert gate is not None
    return joker_exchanges(ctx.deal.table, target, card, ctx.meld_rules, to_hand=gate.to_hand)


def exchange_among(
    ctx: TurnContext[Any], seat: int, action: ExchangeJoker, outcomes: Sequence[JokerExchange]
) -> JokerExchange | None:
    """The placement among ``outcomes`` (:func:`exchange_outcomes`) that ``action``
    names, if the hand it leaves ``seat`` is one the turn rules allow (else ``None``)."""
    deal = ctx.deal
    for outcome in outcomes:
        if exchange_matches(action, outcome):
            remaining = list(deal.hands[seat])
            remaining.remove(action.card)
            if outcome.target is None:
                remaining.append(outcome.joker)
            down = deal.down[seat]
            if ctx.leaves_ok(seat, remaining, down_after=down, table_after=outcome.melds):
                return outcome
    return None


def leaves_ok_after_layoff(
    ctx: TurnContext[Any], seat: int, card: Card, index: int, grown: Meld
) -> bool:
    """May ``seat`` lay ``card`` off on meld ``index`` (which becomes ``grown``)?"""
    deal = ctx.deal
    hand = deal.hands[seat]
    if len(hand) > 2:
        return True  # two or more cards stay: nothing to check (MAYI-13.3)
    remaining = list(hand)
    remaining.remove(card)
    table_after = list(deal.table)
    table_after[index] = grown
    return ctx.leaves_ok(seat, remaining, down_after=deal.down[seat], table_after=table_after)


_SMALL_MEMO: Final = 512
"""The size of the memos that keep melds alive (every object they hold costs the garbage
collector time at each full pass): the table's melds are all that recur."""

_OUTCOMES: Final = BoundedMemo[tuple[object, ...], Sequence[JokerExchange] | None](
    "joker exchanges", entries=_SMALL_MEMO
)
"""The joker exchanges found so far (:func:`_outcomes`)."""


def _replacing(meld: Meld) -> frozenset[Card]:
    """:func:`~rummykit.melds.exchange.replacing_cards` of ``meld``, remembered (bounded) by
    the meld's identity: a meld hashes in Python."""
    known = _REPLACING.get(id(meld))
    if known is not None and known[0] is meld:
        return known[1]
    cards = replacing_cards(meld)
    _REPLACING.put(id(meld), (meld, cards))
    return cards


_REPLACING: Final = BoundedMemo[int, tuple[Meld, frozenset[Card]]](
    "wild-card replacements", entries=_SMALL_MEMO
)
"""The cards that replace a wild card of each meld met so far (:func:`_replacing`), by
the meld's identity (the meld kept, so that its identity is not reused)."""


def _exchange_actions(
    card: Card, index: int, outcomes: Sequence[JokerExchange]
) -> list[ExchangeJoker]:
    """One action per place of the freed joker, saying what it stands for there as a
    lay-off does (see :func:`placements`)."""
    by_target: dict[int | None, list[JokerExchange]] = {}
    for outcome in outcomes:
        by_target.setdefault(outcome.target, []).append(outcome)
    actions = []
    for target, placed in by_target.items():
        if target is None:
            actions += [ExchangeJoker(card, index, None) for _ in placed]
            continue
        fields = placements([(o.end, o.melds[target]) for o in placed])
        actions += [ExchangeJoker(card, index, target, end, role) for end, role in fields]
    order = {outcome.target: rank for rank, outcome in reversed(list(enumerate(outcomes)))}
    actions.sort(key=lambda action: order[action.joker_to])
    return actions


def exchange_matches(action: ExchangeJoker, outcome: JokerExchange) -> bool:
    """Whether ``outcome`` is the place ``action`` puts the freed joker: the same meld,
    the meaning it declares (if any), and the end it names (if any; without a meaning
    a run's end must be named, as before meanings were declared)."""
    if outcome.target != action.joker_to:
        return False
    if action.role is not None and action.role != outcome.role:
        return False
    if action.end is not None or action.role is None:
        return outcome.end == action.end
    return True


def exchange_meanings(ctx: TurnContext[Any], action: ExchangeJoker) -> Message | str:
    """For a refused exchange: what the freed joker may stand for on meld
    ``action.joker_to`` (a ``note.stands_for`` message; ``""`` when it has no choice of
    meaning there)."""
    try:
        outcomes = exchange_outcomes(ctx, action.card, action.target)
    except InvalidMeldError:
        return ""
    roles = [
        format_meaning(None, role)
        for end, role in placements(
            [(o.end, o.melds[o.target]) for o in outcomes if o.target == action.joker_to]
            if action.joker_to is not None
            else []
        )
        if role is not None and end is None
    ]
    if not roles:
        return ""
    return Message("note.stands_for", {"target": action.joker_to, "roles": tuple(roles)})


def _code(card: Card) -> int:
    return card.code
