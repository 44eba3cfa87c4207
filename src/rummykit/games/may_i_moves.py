"""May I? meld-step moves: every legal go-down and lay-off, and their checks.

Go-downs are every distinct arrangement of the hand that meets the deal's contract (the
solver provides them); lay-offs are one card at a time (MAYI-11, MAYI-12, MAYI-13.3).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import attrs

from rummykit.actions import Down, LayOff
from rummykit.cards import Card, Rank
from rummykit.contracts import Contract, conflict
from rummykit.errors import ContractError, IllegalActionError, InvalidMeldError
from rummykit.melds import End, Meld, MeldKind
from rummykit.solver import arrangement_parts, arrangements

if TYPE_CHECKING:
    from rummykit.games.may_i import MayIMatch

__all__ = ["MeldStep", "check_down", "check_layoff", "laydowns", "layoffs"]


@attrs.frozen
class MeldStep:
    """The turn in progress: whose, whether it ends with a discard, what was taken."""

    seat: int
    discard_step: bool
    taken: Card | None = None
    """The card taken with option (b), which may not be discarded at once (MAYI-7.5c)."""
    kind: str = "regular"
    """``regular``, ``buy``, ``forced`` (a refuser's buy) or ``refusal`` (P1's take)."""
    went_down: bool = False


def _roles(meld: Meld) -> tuple[Card | Rank | None, ...]:
    return tuple(meld.role(i) if meld.is_wild_at(i) else None for i in range(len(meld)))


def _to_down(melds: tuple[Meld, ...]) -> Down:
    return Down(tuple((meld.cards, _roles(meld)) for meld in melds))


def _may_meld(match: MayIMatch, seat: int) -> bool:
    return not match.down[seat]


def laydowns(match: MayIMatch, seat: int) -> list[Down]:
    """Every legal go-down now, in the solver's canonical order."""
    if not _may_meld(match, seat):
        return []
    hand = match.hands[seat]
    rules = match.meld_rules
    found: list[Down] = []
    if match.rules.contract_all_at_once and match.contract.exact:
        for parts, left in arrangement_parts(hand, match.contract, rules):
            if len(left) == 1 and match.step.discard_step:  # the lookahead needs the melds
                melds = [rules.validate(cards, roles=roles) for cards, roles in parts]
                if not match.leaves_ok(
                    seat, left, down_after=True, table_after=[*match.table, *melds]
                ):
                    continue
            found.append(Down(parts))
        return found
    if match.rules.contract_all_at_once:
        for arrangement in arrangements(hand, match.contract, rules, values=match.values):
            table_after = [*match.table, *arrangement.melds]
            if match.leaves_ok(seat, arrangement.left, down_after=True, table_after=table_after):
                found.append(_to_down(arrangement.melds))
        return found
    for kind, size in _still_needed(match, seat):
        single = Contract(
            requirements=(attrs.evolve(match.contract_slots[0], kind=kind, min_size=size),)
        )
        down_after = len(match.laid[seat]) + 1 >= len(match.contract_slots)
        for arrangement in arrangements(hand, single, rules, values=match.values):
            meld = arrangement.melds[0]
            if _conflicts(match, seat, meld):
                continue
            table_after = [*match.table, meld]
            if match.leaves_ok(
                seat, arrangement.left, down_after=down_after, table_after=table_after
            ):
                found.append(_to_down(arrangement.melds))
    return found


def _still_needed(match: MayIMatch, seat: int) -> list[tuple[MeldKind, int | None]]:
    """The contract's slots not yet filled by ``seat``'s partial laydowns (MAYI-11.3)."""
    slots = list(match.contract_slots)
    for meld in match.laid[seat]:
        for index, slot in enumerate(slots):
            if slot.kind is meld.kind and len(meld) >= slot.size_for(match.meld_rules):
                del slots[index]
                break
    kinds: list[tuple[MeldKind, int | None]] = []
    for slot in slots:
        if (slot.kind, slot.min_size) not in kinds:
            kinds.append((slot.kind, slot.min_size))
    return kinds


def _conflicts(match: MayIMatch, seat: int, meld: Meld) -> bool:
    """Would ``meld`` clash with ``seat``'s earlier contract melds (MAYI-11.4)?"""
    laid = [m for m in (*match.laid[seat], meld) if m.kind is meld.kind]
    return conflict(match.contract, laid, meld.kind, match.meld_rules) is not None


def _may_lay_off(match: MayIMatch, seat: int) -> bool:
    if match.rules.layoff_requires_contract and not match.down[seat]:
        return False
    return match.rules.layoff_same_turn_as_contract or not match.step.went_down


def layoffs(match: MayIMatch, seat: int) -> list[LayOff]:
    """Every legal single-card lay-off now: card order, then meld, then end."""
    if not _may_lay_off(match, seat) or not match.table:
        return []
    hand = match.hands[seat]
    rules = match.meld_rules
    held = set(hand)
    wilds = [card for card in held if card.rank is None]
    by_rank: dict[Rank, list[Card]] = {}
    for card in held:
        if card.rank is not None:
            by_rank.setdefault(card.rank, []).append(card)
    found: list[LayOff] = []
    for index, meld in enumerate(match.table):
        # Only the cards that could fit: the group's rank, the run's two end cards, wilds.
        fits: list[tuple[Card, End | None]]
        if meld.kind is MeldKind.GROUP:
            fits = [(card, None) for card in (*by_rank.get(meld.rank, ()), *wilds)]
        else:
            assert meld.suit is not None
            below = Card(Rank((meld.low - 2) % 13 + 1), meld.suit)
            above = Card(Rank(meld.high % 13 + 1), meld.suit)
            fits = [(card, end) for card in wilds for end in (End.LOW, End.HIGH)]
            if below in held:
                fits.append((below, End.LOW))
            if above in held:
                fits.append((above, End.HIGH))
        for card, end in fits:
            try:
                grown = meld.lay_off(card, rules, end=end)
            except InvalidMeldError:
                continue
            if _leaves_ok_after_layoff(match, seat, card, index, grown):
                found.append(LayOff(card, index, end))
    found.sort(key=lambda action: (action.card.code, action.target))
    return found


def _code(card: Card) -> int:
    return card.code


def _leaves_ok_after_layoff(
    match: MayIMatch, seat: int, card: Card, index: int, grown: Meld
) -> bool:
    if len(match.hands[seat]) > 2:
        return True  # two or more cards stay: nothing to check (MAYI-13.3)
    remaining = list(match.hands[seat])
    remaining.remove(card)
    table_after = list(match.table)
    table_after[index] = grown
    return match.leaves_ok(seat, remaining, down_after=match.down[seat], table_after=table_after)


def check_down(match: MayIMatch, seat: int, action: Down) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is a legal go-down now."""
    who = f"player {'ABCDEFGH'[seat]}"
    if not _may_meld(match, seat):
        raise IllegalActionError(
            f"{who} has his contract down: no new melds this deal", rule="MAYI-11.2"
        )
    needed = Counter(card for cards, _ in action.melds for card in cards)
    if needed - Counter(match.hands[seat]):
        raise IllegalActionError(f"{who} does not hold those cards", rule="MAYI-11.6")
    try:
        melds = [match.meld_rules.validate(cards, roles=roles) for cards, roles in action.melds]
    except InvalidMeldError as error:
        raise IllegalActionError(f"{who} cannot go down: {error.reason}", rule="MAYI-10") from None
    if match.rules.contract_all_at_once:
        try:
            match.contract.check(melds, match.meld_rules)
        except ContractError as error:
            raise IllegalActionError(
                f"{who} cannot go down: {error.reason}", rule="MAYI-11"
            ) from None
        down_after = True
    else:
        if len(melds) != 1:
            raise IllegalActionError(
                f"{who} lays down one contract meld at a time", rule="MAYI-11.3"
            )
        needed_kinds = _still_needed(match, seat)
        meld = melds[0]
        fits = any(kind is meld.kind and len(meld) >= (size or 0) for kind, size in needed_kinds)
        if not fits or _conflicts(match, seat, meld):
            raise IllegalActionError(
                f"{who}: {meld} is not part of contract {match.contract}", rule="MAYI-11.2"
            )
        down_after = len(match.laid[seat]) + 1 >= len(match.contract_slots)
    left = list((Counter(match.hands[seat]) - needed).elements())
    table_after = [*match.table, *melds]
    if not match.leaves_ok(seat, left, down_after=down_after, table_after=table_after):
        raise IllegalActionError(f"{who} may not keep exactly one card here", rule="MAYI-13.3")


def check_layoff(match: MayIMatch, seat: int, action: LayOff) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is a legal lay-off now."""
    who = f"player {'ABCDEFGH'[seat]}"
    if match.rules.layoff_requires_contract and not match.down[seat]:
        raise IllegalActionError(f"{who} has not laid his contract down", rule="MAYI-12.1")
    if not match.rules.layoff_same_turn_as_contract and match.step.went_down:
        raise IllegalActionError(f"{who} lays off from his next turn on", rule="MAYI-12.1")
    if action.card not in match.hands[seat]:
        raise IllegalActionError(f"{who} does not hold {action.card}", rule="MAYI-12")
    if not 0 <= action.target < len(match.table):
        raise IllegalActionError(f"there is no meld {action.target} on the table", rule="MAYI-12.2")
    try:
        grown = match.table[action.target].lay_off(action.card, match.meld_rules, end=action.end)
    except InvalidMeldError as error:
        raise IllegalActionError(
            f"{who} cannot lay off: {error.reason}", rule="MAYI-12.3"
        ) from None
    if not _leaves_ok_after_layoff(match, seat, action.card, action.target, grown):
        raise IllegalActionError(
            f"{who} may not keep exactly one card he cannot play", rule="MAYI-13.3"
        )
