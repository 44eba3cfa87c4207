"""Possession's moves and its first-player algorithm, as pure functions (PSSN-4, PSSN-5).

>>> from rummykit import parse_card, parse_cards
>>> from rummykit.games.possession.moves import plays
>>> from rummykit.games.possession.rules import PossessionRules
>>> [str(p) for p in plays(parse_cards("9C 10C JC 7C 8D 3S"), parse_card("8C"), PossessionRules())]
['play 8D', 'play 7C', 'play 9C', 'play 9C 10C', 'play 9C 10C JC']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, final

import attrs

from rummykit._memo import BoundedMemo
from rummykit._sealed import Sealed
from rummykit.cards import CARDS, Card
from rummykit.games.possession.actions import Play
from rummykit.games.possession.rules import PossessionRules
from rummykit.kit.actions import Action, Done, Draw, Pass

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final

__all__ = ["FirstPlayer", "first_player", "legal_moves", "plays"]


def plays(hand: Sequence[Card], top: Card, rules: PossessionRules) -> list[Play]:
    """Every legal Move S and Move Q on ``top`` from ``hand`` (PSSN-5.1, 5.2, 5.8).

    Singles first (card order), then sequences (shortest first, up before down).
    """
    code = top.code
    assert code < _JOKER_CODE  # a natural card is in play
    held = set(hand)
    same_rank, directions, least, touch = _flags(rules)
    # Only a few cards can be played on ``top``: its neighbours in its suit and, under
    # a suit change by rank, its rank in the other suits, listed once per card in play
    # in card order (PSSN-5.1, 5.8).
    found = [play for card, play in _SINGLE_CANDIDATES[same_rank][code] if card in held]
    rank, base = code % 13 + 1, code - code % 13
    if touch:
        # One run each way from the card next to the top, walked by card code: no
        # per-rank table as below (measured: plays 1.36x faster than the shared walk).
        up: list[Play] = []
        down: list[Play] = []
        for step in directions:
            listed = up if step == 1 else down
            run: list[Card] = []
            current = rank + step
            while 1 <= current <= 13:
                card = CARDS[base + current - 1]
                if card not in held:
                    break
                run.append(card)
                if len(run) >= least:
                    listed.append(_sequence(tuple(run)))
                current += step
        if down:  # shortest first, up before down at each length (a stable merge)
            up += down
            up.sort(key=_length)
        return found + up if up else found
    return found + _loose_sequences(held, top, rank, directions, least)


def legal_moves(
    hand: Sequence[Card], top: Card, rules: PossessionRules, *, drew: bool, can_draw: bool
) -> tuple[Action, ...]:
    """A turn's legal actions (PSSN-5): the :func:`plays` on ``top`` from ``hand``, then
    ``done`` once the seat ``drew`` this turn (``play_after_draw``), else a draw where
    there is no play or drawing is voluntary and ``can_draw``, else a pass where there
    is nothing else to do."""
    moves: list[Action] = list(plays(hand, top, rules))
    if drew:
        moves.append(_DONE)
    elif not moves or rules.voluntary_draw:
        if can_draw:
            moves.append(_DRAW)
        elif not moves:
            moves.append(_PASS)
    return tuple(moves)


_DONE: Final = Done()
_DRAW: Final = Draw()
_PASS: Final = Pass()
"""The field-less actions, made once (actions are values)."""


def _loose_sequences(
    held: set[Card], top: Card, rank: int, directions: tuple[int, ...], least: int
) -> list[Play]:
    """The sequences on ``top`` (of ``rank``) under ``sequence_must_touch_top=False``:
    from every card of its suit above (or below) it, shortest first (a function of its
    own, so that the common case above makes no closure)."""
    suit = top.suit
    sequences: list[Play] = []
    by_rank = {int(card.rank): card for card in held if card.suit is suit and card.rank}
    for step in directions:
        starts = [r for r in by_rank if (r - rank) * step > 0]
        starts.sort(key=lambda r: abs(r - rank))
        for start in starts:
            run = []
            current = start
            while 1 <= current <= 13 and current in by_rank:
                run.append(by_rank[current])
                if len(run) >= least:
                    sequences.append(_sequence(tuple(run)))
                current += step
    sequences.sort(key=_length)
    return sequences


def _length(play: Play) -> int:
    return len(play.cards)


_JOKER_CODE: Final = 52

_Flags = tuple[bool, tuple[int, ...], int, bool]


def _flags(rules: PossessionRules) -> _Flags:
    """What :func:`plays` reads of ``rules``: a suit change by rank, the directions of a
    sequence, its least length, and whether it starts next to the top; remembered by
    the rules' identity (the entry holds the rules, so the identity is theirs)."""
    known = _FLAGS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    flags: _Flags = (
        rules.suit_change == "same_rank",
        (1, -1) if rules.sequence_direction == "both" else (1,),
        rules.min_sequence_move,
        rules.sequence_must_touch_top,
    )
    _FLAGS.put(id(rules), (rules, flags))
    return flags


_FLAGS: Final = BoundedMemo[int, tuple[PossessionRules, _Flags]]("possession flags", rules=16)


_SINGLES: Final = tuple(Play((card,)) for card in CARDS)
"""The play of each single card, made once (actions are values)."""


def _single_candidates(code: int, same_rank: bool) -> tuple[tuple[Card, Play], ...]:
    """The cards that may be played alone on the card of ``code``, in card order: its
    neighbours in its suit (the ace is next to the 2 only) and, with ``same_rank``, its
    rank in the other suits."""
    rank, mine = code % 13 + 1, code // 13
    codes: list[int] = []
    for index in range(4):
        if index == mine:
            codes += [mine * 13 + near - 1 for near in (rank - 1, rank + 1) if 1 <= near <= 13]
        elif same_rank:
            codes.append(index * 13 + rank - 1)
    return tuple((CARDS[c], _SINGLES[c]) for c in codes)


_SINGLE_CANDIDATES: Final = tuple(
    tuple(_single_candidates(code, same_rank) for code in range(52)) for same_rank in (False, True)
)
"""The candidates of :func:`_single_candidates` for each card in play, made once."""

_SEQUENCES: Final[dict[tuple[Card, ...], Play]] = {}
"""The plays of the sequences listed so far (runs of one suit: at most about 1,300)."""


def _sequence(cards: tuple[Card, ...]) -> Play:
    """The play of ``cards``, made once."""
    play = _SEQUENCES.get(cards)
    if play is None:
        play = _SEQUENCES[cards] = Play(cards)
    return play


def is_play(cards: Sequence[Card], hand: Sequence[Card], top: Card, rules: PossessionRules) -> bool:
    """Whether playing ``cards`` (in that order) on ``top`` from ``hand`` is legal."""
    return Play(tuple(cards)) in plays(hand, top, rules)


@final
@attrs.frozen
class FirstPlayer(Sealed):
    """Who plays first in a deal, and the step of PSSN-4.2 that decided it."""

    seat: int
    step: int
    """2 closeness, 3 quantity, 4 colour, 6 the fallback (step 5 loops back to 2)."""
    reason: str


def first_player(
    hands: Sequence[Sequence[Card]],
    upcard: Card,
    *,
    dealer: int,
    rules: PossessionRules,
    rng: random.Random | None = None,
) -> FirstPlayer:
    """PSSN-4.2: the first player, by closeness, quantity, colour, next-nearest cards.

    >>> from rummykit import parse_card, parse_cards
    >>> hands = [parse_cards("7S 2C 3C 4D KH KS QC JD AS"),
    ...          parse_cards("7D 2H 3H 4S KD QD JC JS AC")]
    >>> first_player(hands, parse_card("7H"), dealer=1, rules=PossessionRules())
    FirstPlayer(seat=1, step=4, reason='more cards of the upcard colour at distance 0')
    """
    assert upcard.rank is not None and upcard.suit is not None
    target = int(upcard.rank)
    colour = upcard.suit.colour

    def distance(card: Card) -> int:
        assert card.rank is not None
        gap = abs(int(card.rank) - target)
        return min(gap, 13 - gap) if rules.first_player_distance == "circular" else gap

    pools = {
        seat: [card for card in hand if card.rank is not None] for seat, hand in enumerate(hands)
    }
    contenders = list(range(len(hands)))
    while True:
        alive = [seat for seat in contenders if pools[seat]]
        if not alive:
            break
        contenders = alive
        nearest = {seat: min(distance(card) for card in pools[seat]) for seat in contenders}
        best = min(nearest.values())
        contenders = [seat for seat in contenders if nearest[seat] == best]
        if len(contenders) == 1:
            return FirstPlayer(contenders[0], 2, f"the closest card, at distance {best}")
        closest = {
            seat: [card for card in pools[seat] if distance(card) == best] for seat in contenders
        }
        if rules.first_player_count == "distance":
            counts = {seat: len(cards) for seat, cards in closest.items()}
        else:
            counts = {
                seat: max(sum(1 for c in cards if c.rank is r) for r in {c.rank for c in cards})
                for seat, cards in closest.items()
            }
        most = max(counts.values())
        contenders = [seat for seat in contenders if counts[seat] == most]
        if len(contenders) == 1:
            return FirstPlayer(contenders[0], 3, f"more cards at distance {best}")
        coloured = {
            seat: sum(
                1 for card in closest[seat] if card.suit is not None and card.suit.colour is colour
            )
            for seat in contenders
        }
        if rules.first_player_colour == "any":
            coloured = {seat: min(value, 1) for seat, value in coloured.items()}
        most = max(coloured.values())
        contenders = [seat for seat in contenders if coloured[seat] == most]
        if len(contenders) == 1:
            return FirstPlayer(
                contenders[0], 4, f"more cards of the upcard colour at distance {best}"
            )
        for seat in contenders:  # step 5: the next-nearest cards
            pools[seat] = [card for card in pools[seat] if distance(card) != best]
    if rules.first_player_fallback == "random" and rng is not None:
        return FirstPlayer(rng.choice(contenders), 6, "still tied: chosen at random")
    players = len(hands)
    order = [(dealer + k) % players for k in range(1, players + 1)]
    seat = min(contenders, key=order.index)
    return FirstPlayer(seat, 6, "still tied: the first from the dealer's left")
