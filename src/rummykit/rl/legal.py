"""The loop that encodes a position's legal actions (:meth:`.ActionEncoding.legal`),
in a module of plain functions so that the compiled build compiles it (the classes of
:mod:`rummykit.rl.actions` stay interpreted: a user's codec subclasses them)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Final

from rummykit.cards import Card

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final


_CARD: Final = Card
"""The card class, held in a constant: the compiled build reads a constant without the
module-dictionary lookup of a global name."""

Encoder = tuple[int, int, Callable[[Any, int], object]]
"""An action type's first index, how its index is found (0: the block's one index; 1:
the offset plus its card's code; 2: the codec's ``encode``) and that ``encode``."""


def encode_actions(
    actions: Sequence[Any],
    encoders: dict[type[Any], Encoder],
    encode: Callable[[Any, int], object],
) -> tuple[list[int], dict[int, Any], int, tuple[int, Any] | None]:
    """The indices of ``actions`` in their order, each index's action, how many have no
    index (beyond the limits), and the first index two actions fall on with the second
    of them (``None`` when none is shared; the caller raises). ``encoders`` gives each action
    type's :data:`Encoder`; ``encode(action, rank)`` encodes any other type (or says
    why it cannot). ``rank`` is an action's place among the legal actions of its type."""
    indices: list[int] = []
    table: dict[int, Any] = {}
    ranks: dict[type[Any], int] = {}
    dropped = 0
    for action in actions:
        kind = type(action)
        found = encoders.get(kind)
        index: int | None
        local: Any  # a codec may answer a numpy integer: operator.index takes it
        if found is not None and found[1] < 2:  # a flag's index, or a card's
            offset, how, codec = found
            if how == 0:
                index = offset
            else:
                card = getattr(action, "card", None)
                if type(card) is _CARD:
                    index = offset + card.code
                else:  # the codec says what is wrong with it
                    local = codec(action, 0)
                    index = None if local is None else offset + operator.index(local)
        else:
            rank = ranks.get(kind, 0)
            ranks[kind] = rank + 1
            if found is None:  # not this game's (an error), or a subclass's own encode
                local = encode(action, rank)
                index = None if local is None else operator.index(local)
            else:
                local = found[2](action, rank)
                index = None if local is None else found[0] + operator.index(local)
        if index is None:
            dropped += 1
            continue
        size = len(table)
        table.setdefault(index, action)  # one lookup: a taken index keeps its first action
        if len(table) == size:
            return indices, table, dropped, (index, action)
        indices.append(index)
    return indices, table, dropped, None


def remark(values: Any, old: Sequence[int], new: Sequence[int]) -> None:
    """Move a mask's ones from the indices ``old`` to the indices ``new``, in place in
    its buffer ``values`` (a memoryview of the ``int8`` array): a decision's mask is
    the last one changed at a few dozen places, not a new array filled whole."""
    for index in old:
        values[index] = 0
    for index in new:
        values[index] = 1
