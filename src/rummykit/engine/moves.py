"""The table moves of a meld step: every legal lay-off and joker exchange.

Lay-offs are one card at a time; only cards that could fit are tried (a group's rank, a
run's two end cards, wild cards), and the lay-off gate decides who may lay off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.cards import CARDS, Card, Rank
from rummykit.engine.actions import ExchangeJoker, LayOff
from rummykit.errors import InvalidMeldError
from rummykit.melds import End, Meld, MeldKind
from rummykit.melds.layoff import try_lay_off, wild_replacements

if TYPE_CHECKING:
    from rummykit.engine.core import ContractRummyMatch

__all__ = ["exchanges", "grown_meld", "layoffs"]


def layoffs(match: ContractRummyMatch, seat: int) -> list[LayOff]:
    """Every legal single-card lay-off now: card order, then meld, then end."""
    deal = match.deal
    gate = match.hooks.layoff_gate
    if not deal.table or gate.refusal(match, seat, None) is not None:
        return []
    per_meld = gate.depends_on_target
    wild_ranks = match.meld_rules.wild_ranks
    held = set(deal.hands[seat])
    wilds = [card for card in held if card.rank is None or card.rank in wild_ranks]
    by_rank: dict[Rank, list[Card]] = {}
    for card in held:
        if card.rank is not None:
            by_rank.setdefault(card.rank, []).append(card)
    few_cards = len(deal.hands[seat]) <= 2
    found: list[LayOff] = []
    for index, meld in enumerate(deal.table):
        if per_meld and gate.refusal(match, seat, index) is not None:
            continue
        fits: list[tuple[Card, End | None]]
        if meld.kind is MeldKind.GROUP:
            fits = [(card, None) for card in {*by_rank.get(meld.rank, ()), *wilds}]
        else:
            assert meld.suit is not None
            base = meld.suit.index * 13
            below = CARDS[base + (meld.low - 2) % 13]
            above = CARDS[base + meld.high % 13]
            fits = [(card, end) for card in wilds for end in (End.LOW, End.HIGH)]
            if below in held and below not in wilds:
                fits.append((below, End.LOW))
            if above in held and above not in wilds:
                fits.append((above, End.HIGH))
        for card, end in fits:
            grown = grown_meld(match, meld, card, end)
            if grown is not None and (
                not few_cards or match.leaves_ok_after_layoff(seat, card, index, grown)
            ):
                found.append(LayOff(card, index, end))
    found.sort(key=lambda action: (action.card.code, action.target, _end_order(action.end)))
    return found


_MEMO_LIMIT = 50_000


def grown_meld(match: ContractRummyMatch, meld: Meld, card: Card, end: End | None) -> Meld | None:
    """``meld`` with ``card`` laid off at ``end`` under the match's meld rules, or
    ``None`` if it does not fit; remembered per match (a bounded cache, not state)."""
    memo = match.layoff_memo
    key = (meld, card, end)
    try:
        return memo[key]
    except KeyError:
        pass
    grown = try_lay_off(meld, card, match.meld_rules, end=end)
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = grown
    return grown


def _end_order(end: End | None) -> int:
    return 0 if end is None else 1 if end is End.LOW else 2


def exchanges(match: ContractRummyMatch, seat: int) -> list[ExchangeJoker]:
    """Every legal joker exchange now (none unless the game has an exchange gate)."""
    gate = match.hooks.exchange
    deal = match.deal
    if gate is None or not deal.table:
        return []
    found: list[ExchangeJoker] = []
    naturals = sorted({card for card in deal.hands[seat] if card.rank is not None}, key=_code)
    for index, meld in enumerate(deal.table):
        if not meld.wild_positions or gate.refusal(match, seat, index) is not None:
            continue
        for card in naturals:
            if not wild_replacements(meld, card):
                continue  # no wild card for it to replace: no exchange
            try:
                outcomes = match.exchange_outcomes(seat, card, index)
            except InvalidMeldError:
                continue
            for outcome in outcomes:
                action = ExchangeJoker(card, index, outcome.target, outcome.end)
                if outcome.target is not None and gate.refusal(match, seat, outcome.target):
                    continue
                if match.exchange_among(seat, action, outcomes) is not None:
                    found.append(action)
    return found


def _code(card: Card) -> int:
    return card.code
