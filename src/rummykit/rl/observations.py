"""Observation tensors: what a seat may know (:meth:`~rummykit.kit.match.Match.view`) as one
flat ``float32`` vector with a documented layout.

Seats are *relative*: row 0 is the observing seat, row 1 the seat after it, and so on.
Card rows have 53 columns indexed by :attr:`~rummykit.cards.Card.code` (spades A-K,
hearts, diamonds, clubs, then the joker) and hold counts (two decks give two equal cards).

>>> from rummykit import game
>>> from rummykit.rl import ObservationEncoding
>>> encoding = ObservationEncoding.for_game(game("may-i"), players=4)
>>> [(field.name, field.shape) for field in encoding.fields][:5]  # doctest: +NORMALIZE_WHITESPACE
[('hand', (53,)), ('pile_top', (53,)), ('pile', (53,)),
 ('pile_by_discarder', (5, 53)), ('known', (4, 53))]
>>> match = game("may-i").new_match(players=4, seed=7)
>>> vector = encoding.encode(match.view(3))
>>> vector.shape == (encoding.size,), int(encoding.part(vector, "hand").sum())
(True, 10)
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final, cast, final

import numpy as np
import numpy.typing as npt

from rummykit._compiled import Native
from rummykit.cards import Card
from rummykit.deck import PileCard
from rummykit.errors import ConfigError, shown
from rummykit.kit.match import Match
from rummykit.kit.protocol import PlayerView
from rummykit.melds import Meld
from rummykit.rl._seat import SeatVector, holds_the_same, move_one, same_counts, seat_rows
from rummykit.rl.actions import CARD_COUNT, LIMIT, EncodingError
from rummykit.rl.layout import Field, layout
from rummykit.rl.views import QuickView, contract_values, quick_view

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


C: Final = CARD_COUNT
_PILE_CARD: Final = PileCard
"""The pile entry class, held in a constant (read without a module-dictionary look-up
in the compiled build)."""
_INF = float("inf")


@final
class ObservationEncoding(Native):
    """The observation layout of one game and number of players.

    ``fields`` lists the parts in order; :meth:`encode` turns a
    :class:`~rummykit.kit.protocol.PlayerView` into the vector and :meth:`part` reads one field
    back out of a vector (in its shape). Melds beyond ``max_melds`` are left out.
    """

    def __init__(self, players: Any, phases: Sequence[Any], max_melds: Any = 16) -> None:
        # ``players`` and ``max_melds`` are Any so that the compiled build, too, reaches
        # the checks below (it would refuse a str for an int with a bare TypeError).
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise ConfigError(f"players must be a whole number >= 1, got {shown(players)}")
        if (
            isinstance(max_melds, bool)
            or not isinstance(max_melds, int)
            or not 0 <= max_melds <= LIMIT
        ):
            raise ConfigError(
                f"max_melds must be a whole number from 0 to {LIMIT}, got {shown(max_melds)}"
            )
        self.players: int = players
        self.max_melds: int = max_melds
        self.phases = tuple(phases)
        self._phase_index = {phase.value: index for index, phase in enumerate(self.phases)}
        offset = 0
        fields = []
        for name, shape, low, doc in layout(players, max_melds, max(1, len(self.phases))):
            field = Field(name, shape, offset, low, _INF, doc)
            fields.append(field)
            offset += field.size
        self.fields = tuple(fields)
        self.size = offset
        self._by_name = {field.name: field for field in fields}
        self.low = np.zeros(self.size, dtype=np.float32)
        for field in fields:
            self.low[field.slice] = field.low
        self.high = np.full(self.size, np.inf, dtype=np.float32)
        self._o = {field.name: field.offset for field in fields}
        # Each field's offset read natively (no dictionary lookup at every step).
        self._o_hand, self._o_top = self._o["hand"], self._o["pile_top"]
        self._o_pile, self._o_by = self._o["pile"], self._o["pile_by_discarder"]
        self._o_known, self._o_table = self._o["known"], self._o["table_by_owner"]
        self._o_melds, self._o_phase = self._o["melds"], self._o["phase"]
        self._o_to_act = self._o["to_act"]
        self._meld_shapes: dict[int, tuple[Meld, list[int], int, int, list[int]]] = {}
        """What each meld met counts whichever seat observes it (see :meth:`_meld_shape`),
        by the meld's ``id`` (its entry holds the meld: an id is not reused while it
        is there); emptied when it holds ``_MELD_SHAPES`` of them."""
        self._meld_width = self._by_name["melds"].shape[1]
        self._scalars = self._by_name["pile_size"].offset
        self._scalar_struct = struct.Struct(f"={self.size - self._scalars}f")
        """The scalar fields, the vector's last ones, written straight into its buffer."""
        self._seats: dict[int, SeatVector] = {}
        pile_field, by_field = self._by_name["pile"], self._by_name["pile_by_discarder"]
        self._pile_span = (pile_field.offset, by_field.offset + by_field.size)
        table_field, melds_field = self._by_name["table_by_owner"], self._by_name["melds"]
        self._table_span = (table_field.offset, melds_field.offset + melds_field.size)
        self._table_delta = [0] * (self._table_span[1] - self._table_span[0])
        """Scratch for :meth:`_update_table`: each table position's change in count
        while a change is tallied (all zeros between calls)."""
        self._known_rows: dict[int, KnownRow] = {}
        """Each seat's known cards as last copied from the state, by seat, shared by the
        observing seats' vectors (see :meth:`_update_known`)."""
        self._orders = [[(row + me) % players for row in range(players)] for me in range(players)]
        """Per observing seat: the absolute seat of each relative row."""

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle is made anew from the layout's arguments (its struct and
        getters cannot be pickled), then given each seat's last vector (the compiled
        build's classes are copied the same way)."""
        return (type(self), (self.players, self.phases, self.max_melds), self._seats)

    def __setstate__(self, seats: dict[int, SeatVector]) -> None:
        self._seats = seats

    @classmethod
    def for_game(
        cls, definition: Any, *, players: Any = None, max_melds: Any = 16
    ) -> ObservationEncoding:
        """The layout for ``definition`` with ``players`` seats (the game's default)."""
        count = definition.default_players if players is None else players
        return cls(count, definition.phases, max_melds)

    def field(self, name: Any) -> Field:
        """The field called ``name``."""
        field = self._by_name.get(name) if isinstance(name, str) else None
        if field is None:
            known = ", ".join(self._by_name)
            raise EncodingError(f"no observation field {shown(name)} (fields: {known})")
        return field

    def part(self, vector: npt.NDArray[np.float32], name: Any) -> npt.NDArray[np.float32]:
        """Field ``name`` of ``vector``, in its shape."""
        field = self.field(name)
        return vector[field.slice].reshape(field.shape)

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The vector of ``view``, made afresh (a new array)."""
        return self._fill(self._new_seat(), view)

    def encode_match(self, match: Match[Any, Any], seat: int) -> npt.NDArray[np.float32]:
        """The vector of ``match.view(seat)``, read faster from the match's state when
        its view is the shipped one, and updated from the last vector this encoding made
        for ``seat`` where only some fields changed (the same numbers as :meth:`encode`)."""
        quick = quick_view(match, seat, match.scores)
        if quick is None:
            return self.encode(match.view(seat))
        return self.update(quick).copy()

    def update(self, view: Any) -> npt.NDArray[np.float32]:
        """The vector of ``view`` (a :class:`~rummykit.kit.protocol.PlayerView` or what
        :func:`~rummykit.rl.views.quick_view` returns), made by changing the last
        vector made for the same seat only where the view differs: the hand, the pile, the
        known cards and the table are compared with what that vector counted (by identity
        where the state keeps its objects) and recounted only when they changed; the
        one-hot fields move their 1 only when their position changed, and the scalars are
        written only when one of them changed. The result equals :meth:`encode`'s; it is
        this encoding's own array, changed by the next call for the seat: copy it to keep it.
        """
        seat = self._seats.get(view.seat)
        if seat is None:
            seat = self._new_seat()
            vector = self._fill(seat, view)  # checked before the seat is remembered
            self._seats[view.seat] = seat
            return vector
        return self._fill(seat, view)

    def _new_seat(self) -> SeatVector:
        """A seat's vector before it counted anything."""
        pile_start, pile_end = self._pile_span
        table_start, table_end = self._table_span
        return SeatVector(self.size, pile_end - pile_start, table_end - table_start)

    def _fill(self, seat: SeatVector, view: Any) -> npt.NDArray[np.float32]:
        """Make ``seat``'s vector show ``view``, changing only what differs from what it
        counted (everything, for a new :class:`SeatVector`)."""
        players = self.players
        known_counts: Any = None
        known_deal: object = None
        known_changes: list[int] | None = None
        quick_rows: QuickView | None = None
        # Sequences, not the quick view's lists: a PlayerView's are tuples, and a local
        # typed as a list would refuse them in the compiled build.
        sizes: Sequence[int]
        down: Sequence[bool]
        scores: Sequence[int]
        if isinstance(view, QuickView):  # its fields read natively in the compiled build
            quick: QuickView = view
            me, sizes, down, scores = quick.seat, quick.hand_sizes, quick.down, quick.scores
            hand, pile, melds = quick.hand, quick.pile, quick.melds
            known_counts = quick.known_counts
            known_deal, known_changes = quick.known_deal, quick.known_changes
            quick_rows = quick
            phase_value, to_act, contract = quick.phase.value, quick.to_act, quick.contract
            stock_size, deal = quick.stock_size, quick.deal
        else:
            me, sizes, down, scores = view.seat, view.hand_sizes, view.down, view.scores
            hand, pile, melds = view.hand, view.pile, view.melds
            phase_value, to_act, contract = view.phase.value, view.to_act, view.contract
            stock_size, deal = view.stock_size, view.deal
            known_counts = getattr(view, "known_counts", None)
        if len(sizes) != players:
            raise EncodingError(f"a view of {len(sizes)} seats, encoding {players}")
        vector, values = seat.vector, seat.values
        if not holds_the_same(hand, seat.hand):  # most steps leave a seat's hand as it was
            self._update_hand(seat, tuple(hand))
        top = -1
        if pile:
            last = pile[-1]
            top = self._o_top + (last.card if isinstance(last, _PILE_CARD) else last[0]).code
        seat.top = move_one(values, seat.top, top)
        self._update_pile(seat, pile, me)
        if known_counts is None:
            known = tuple(tuple(cards) for cards in view.known)
            if known != seat.known:
                self._count_known(seat, known, me)
                seat.known = known
        elif (
            known_changes is None
            or known_deal is not seat.known_deal
            or not same_counts(known_changes, seat.known_changes)
        ):  # the state's counters, changed since (compared where the engine counted a
            # change, or everywhere: another deal, or no count)
            same = known_deal is not None and known_deal is seat.known_deal
            since = seat.known_changes if same else None
            self._update_known(seat, known_counts, me, since, known_changes, known_deal)
            seat.known_deal = known_deal
            seat.known_changes = None if known_changes is None else tuple(known_changes)
        if not holds_the_same(melds, seat.melds):  # a lay-off makes a new meld: no Meld.__eq__
            self._update_table(seat, tuple(melds), me)
        phase = self._phase_index.get(phase_value)
        phase = -1 if phase is None else self._o_phase + phase
        seat.phase = move_one(values, seat.phase, phase)
        to_act = self._o_to_act + (players if to_act is None else (to_act - me) % players)
        seat.to_act = move_one(values, seat.to_act, to_act)
        if contract is not seat.contract:
            seat.contract, seat.contract_values = contract, contract_values(contract)
        scalars: list[Any] = [len(pile), stock_size]
        if (
            quick_rows is not None
            and 0 <= me < players
            and seat_rows(
                scalars, quick_rows.hand_sizes, quick_rows.down, quick_rows.scores, self._orders[me]
            )
        ):  # the quick view's lists, read natively
            pass
        elif 0 <= me < players and len(down) == players == len(scores):  # rows from me on
            scalars += sizes[me:]
            scalars += sizes[:me]
            scalars += down[me:]
            scalars += down[:me]
            scalars += scores[me:]
            scalars += scores[:me]
        else:  # not a match's view: read row by row (as many as there are seats)
            order = self._orders[me]
            for column in (sizes, down, scores):
                scalars.extend(column[row] for row in order)
        scalars.append(deal)
        scalars.extend(seat.contract_values)
        old = seat.scalars
        if len(old) != len(scalars):  # the first time: all of them, in one call
            self._scalar_struct.pack_into(cast(Any, vector), self._scalars * 4, *scalars)
        elif scalars != old:  # a claim window's answers leave them as they were
            base = self._scalars
            for place in range(len(scalars)):  # a step changes a few: only those
                value, before = scalars[place], old[place]
                if value is not before and value != before:  # most are the same object
                    values[base + place] = float(value)
        seat.scalars = scalars
        return vector

    def _update_hand(self, seat: SeatVector, hand: tuple[Card, ...]) -> None:
        """Set the hand's card counts that differ from those the seat's vector holds (a
        draw or a discard changes one): the cards outside the longest run both hands
        share at their start and at their end (compared by identity: cards are
        interned) are the only ones whose counts may differ, and each is counted again
        in the new hand."""
        old, counts, values, base = seat.hand, seat.hand_counts, seat.values, self._o_hand
        size, before = len(hand), len(old)
        shortest = min(size, before)
        start = 0
        while start < shortest and hand[start] is old[start]:
            start += 1
        end = 0
        while end < shortest - start and hand[size - 1 - end] is old[before - 1 - end]:
            end += 1
        for card in (*hand[start : size - end], *old[start : before - end]):
            code = card.code
            number = 0
            for held in hand:  # by identity: ``tuple.count`` would call Card's ``==``
                if held is card:
                    number += 1
            if number != counts[code]:
                counts[code] = number
                values[base + code] = float(number)
        seat.hand = hand

    def _update_known(
        self,
        seat: SeatVector,
        counts: Sequence[Counter[Card]],
        me: int,
        since: tuple[int, ...] | None = None,
        now: list[int] | None = None,
        deal: object = None,
    ) -> None:
        """Set the known-card counts that differ from those the seat's vector holds
        (a take from the pile changes a card or two of one seat's row): a copy of each
        seat's counter as a plain dictionary is compared whole with the copy last
        counted (in C: ``Counter``'s own ``==`` is written in Python; compared item by
        item in place, or through ``dict.__eq__``, it costs more in the compiled build),
        and only a changed one is gone through. ``since``: the engine's change counts
        (:attr:`~rummykit.engine.TurnContext.known_changes`) of ``deal`` when the seat's
        vector last counted them, and ``now`` those counts now: a seat whose count is
        the same is skipped. With ``now``, each row's copy and its changes from the copy
        before are made once for every observing seat (:class:`KnownRow`)."""
        stored = seat.known_counts
        values = seat.values
        base = self._o_known
        if len(stored) != len(counts):  # counted from card lists, or never
            seat.vector[base : base + self.players * C] = 0.0
            stored = seat.known_counts = [{} for _ in counts]
            seat.known, since = None, None
        shared = self._known_rows
        for other, count in enumerate(counts):
            if since is not None and now is not None and since[other] == now[other]:
                continue
            old = stored[other]
            if not count and not old:
                continue
            row = base + ((other - me) % self.players) * C
            last = shared.get(other) if now is not None else None
            if (
                last is not None
                and last.deal is deal
                and now is not None
                and (last.version == now[other])
            ):  # another seat's vector copied this count of the row
                copy = last.copy
                if copy is old:
                    continue
                changes = last.changes if last.before is old else _changes(old, copy)
            else:
                copy = dict(count)
                if copy == old:
                    continue
                changes = _changes(old, copy)
                if now is not None:
                    shared[other] = KnownRow(deal, now[other], copy, old, changes)
            for code, number in changes:
                values[row + code] = number
            stored[other] = copy

    def _count_known(self, seat: SeatVector, known: Sequence[Sequence[Card]], me: int) -> None:
        """Count the cards each seat is known to hold again (and forget what the seat's
        vector counted them from: the caller records it)."""
        players = self.players
        index: list[int] = []
        for other, cards in enumerate(known):
            if cards:
                row = ((other - me) % players) * C
                index += [row + card.code for card in cards]
        base = self._o_known
        seat.vector[base : base + players * C] = np.bincount(index, minlength=players * C)
        seat.known, seat.known_counts, seat.known_deal = None, [], None

    def _update_table(self, seat: SeatVector, melds: tuple[Meld, ...], me: int) -> None:
        """Take the counted positions of the melds that changed (or left) out of the
        seat's vector and put those of the new ones in (a lay-off changes one meld, a
        go-down adds a few); when many changed (a view that makes its melds anew), count
        the table again whole. Each meld's positions are kept for the next change."""
        old, positions = seat.melds, seat.meld_positions  # one list of positions per meld
        kept, count = len(old), len(melds)
        changed = [n for n in range(count) if n >= kept or old[n] is not melds[n]]
        start, end = self._table_span
        counts = seat.table_counts
        if len(changed) + max(0, kept - count) > _FEW_MELDS:
            for number in changed:
                found = self._meld_indices(melds[number], number, me)
                if number < kept:
                    positions[number] = found
                else:
                    positions.append(found)
            del positions[count:]
            index = [position - start for found in positions for position in found]
            seat.vector[start:end] = np.bincount(index, minlength=end - start)
            counts = seat.table_counts = [0] * (end - start)
            for place in index:
                counts[place] += 1
        else:
            founds = [self._meld_indices(melds[number], number, me) for number in changed]
            delta = self._table_delta  # zeros between calls (nothing above raises then)
            touched: list[int] = []  # the positions counted once less or once more
            for number, found in zip(changed, founds, strict=True):
                if number < kept:
                    gone = positions[number]
                    for position in gone:
                        delta[position - start] -= 1
                    touched += gone
                    positions[number] = found
                else:
                    positions.append(found)
                for position in found:
                    delta[position - start] += 1
                touched += found
            for number in range(count, kept):
                gone = positions[number]
                for position in gone:
                    delta[position - start] -= 1
                touched += gone
            del positions[count:]
            values = seat.values
            for position in touched:  # only the counts that changed are written
                place = position - start
                change = delta[place]
                if change:
                    delta[place] = 0
                    number = counts[place] + change
                    counts[place] = number
                    values[position] = float(number)
        seat.melds = melds

    def _update_pile(self, seat: SeatVector, pile: Sequence[Any], me: int) -> None:
        """Change the seat's pile counts from the entries it counted to ``pile``'s: both
        share the entries below the uppermost entry that is the same object at the same
        depth in both, so only the entries above it are taken out and put in. That is
        right because a pile changes only at its top (discards push entries, takes and
        buys pop them) or loses everything but its top card (a stock refill, after which
        no entry keeps its depth and all are counted again; a pile of a few entries, as a
        view of the top card alone, is taken out entry by entry). Views without the pile's
        own entries are counted again whole."""
        counted = seat.pile
        count, seen = len(pile), len(counted)
        shared = 0
        if count and seen and isinstance(pile[-1], _PILE_CARD):
            for depth in range(min(count, seen) - 1, -1, -1):
                if pile[depth] is counted[depth]:
                    shared = depth + 1
                    break
        vector = seat.vector
        start, end = self._pile_span
        if shared == 0 and seen > _FEW_ENTRIES:  # a refill: zeros, not many -1s
            vector[start:end] = 0.0
            seat.pile_counts = [0] * (end - start)
        elif shared < seen:
            self._count_pile(seat, counted[shared:], me, -1)
        if shared < count:
            self._count_pile(seat, pile[shared:], me)
        if shared != count or count != seen:  # unchanged: the counted entries are kept
            seat.pile = tuple(pile)

    def _count_pile(self, seat: SeatVector, pile: Sequence[Any], me: int, sign: int = 1) -> None:
        """Add (``sign`` 1) or take out (-1) the counts of the pile entries ``pile`` in
        the seat's vector."""
        players = self.players
        base, by = self._o_pile, self._o_by
        index: list[int] = []
        for entry in pile:
            card, discarder = (
                (entry.card, entry.discarder) if isinstance(entry, _PILE_CARD) else entry
            )
            code: int = card.code
            row = players
            if discarder is not None:
                who: int = discarder
                row = (who - me) % players
            index.append(base + code)
            index.append(by + row * C + code)
        start = self._pile_span[0]
        counts = seat.pile_counts  # what the vector holds, as whole numbers
        for position in index:
            counts[position - start] += sign
        if len(index) <= 16:  # a few cards more: cheaper one by one
            values = seat.values
            for position in index:
                values[position] = float(counts[position - start])
        else:
            added = np.bincount(np.array(index, dtype=np.intp), minlength=self.size)
            seat.vector += added if sign > 0 else -added

    def _meld_indices(self, meld: Meld, number: int, me: int) -> list[int]:
        """The counted positions of meld ``number`` seen from seat ``me``."""
        players, width = self.players, self._meld_width
        shape = self._meld_shapes.get(id(meld))
        if shape is None or shape[0] is not meld:
            shape = self._meld_shape(meld)
        _, codes, kind, suit, ranks = shape
        owner = players if meld.owner is None else (meld.owner - me) % players
        base = self._o_table + owner * C
        found = [base + code for code in codes]
        if number >= self.max_melds:
            return found
        slot = self._o_melds + number * width
        found += (slot, slot + kind, slot + 3 + owner)
        cursor = slot + 4 + players
        if suit >= 0:
            found.append(cursor + suit)
        cursor += 4
        found += [cursor + rank for rank in ranks]
        cursor += 13
        found += [cursor + code for code in codes]
        return found

    def _meld_shape(self, meld: Meld) -> tuple[Meld, list[int], int, int, list[int]]:
        """What ``meld`` counts whoever observes it: its cards' codes, its kind's place
        in its row (1, a group; 2, a run), its suit's index (-1: none) and the ranks its
        cards play (from 0), remembered for the other seats' vectors."""
        shapes = self._meld_shapes
        if len(shapes) >= _MELD_SHAPES:
            shapes.clear()
        # Group and run as ever; another kind by whether its cards share a rank (a pair
        # as a group) or not (a flush, a colour meld as a run), the layout unchanged.
        suit = -1 if meld.suit is None else meld.suit.index
        shape = (
            meld,
            [card.code for card in meld.cards],
            1 if meld.kind.shares_rank else 2,
            suit,
            [int(rank) - 1 for rank in meld.ranks],
        )
        shapes[id(meld)] = shape
        return shape


@final
class KnownRow(Native):
    """One seat's known cards as copied from the state at the engine's change count
    ``version`` of ``deal``, with the copy before it and the changes between them
    (each changed card's code and its count): every observing seat's vector that
    counted ``before`` takes ``changes`` without comparing the rows again."""

    __slots__ = ("before", "changes", "copy", "deal", "version")

    def __init__(
        self,
        deal: object,
        version: int,
        copy: dict[Card, int],
        before: dict[Card, int],
        changes: list[tuple[int, float]],
    ) -> None:
        self.deal = deal
        self.version = version
        self.copy = copy
        self.before = before
        self.changes = changes


def _changes(old: dict[Card, int], new: dict[Card, int]) -> list[tuple[int, float]]:
    """Each card whose count differs from ``old`` to ``new``: its code and new count."""
    changes: list[tuple[int, float]] = []
    for card, number in new.items():
        if old.get(card) != number:
            changes.append((card.code, float(number)))
    for card in old:
        if card not in new:
            changes.append((card.code, 0.0))
    return changes


_FEW_ENTRIES: Final = 16
"""Up to this many pile entries, the counts of a pile seen anew are taken out one by
one; beyond it the pile's part of the vector is set to zeros."""

_MELD_SHAPES: Final = 256
"""How many melds' shapes an encoding remembers before it forgets them all (a deal
lays a few dozen)."""

_FEW_MELDS: Final = 4
"""Up to this many changed melds, the table's counts are changed position by position;
beyond it they are counted again whole."""
