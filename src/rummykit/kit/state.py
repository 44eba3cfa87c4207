"""Declared match state: mutable attrs classes whose fields are the whole state.

A game keeps everything that shapes the future of a match in :class:`State` subclasses
(one for the match, one for the deal in progress, and any a hook needs). Copies for
search (:meth:`State.copy`) and comparable pictures (:meth:`State.snapshot`) derive from
the declared fields, so a new field can never be forgotten by either.

>>> import attrs
>>> from rummykit.kit import State
>>> @attrs.define
... class Tally(State):
...     counts: list[int]
>>> one = Tally([1, 2])
>>> two = one.copy()
>>> two.counts.append(3)
>>> one.counts, one.snapshot()
([1, 2], (('counts', (1, 2)),))
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol, Self

import attrs

from rummykit.cards import Card
from rummykit.deck import DiscardPile, Stock
from rummykit.kit.actions import Action
from rummykit.kit.options import FirstDealer
from rummykit.kit.protocol import DEAL_OVER, DealScore, Phase

_IMMUTABLE = (int, str, bool, float, type(None), tuple, frozenset)


def copy_value(value: Any) -> Any:
    """An independent copy of a state field's value: lists, dicts, counters, stocks,
    piles and nested states are copied; immutable values (frozen attrs, cards, tuples)
    are shared."""
    kind = type(value)
    if kind is list:
        if value and not isinstance(value[0], _IMMUTABLE) and _mutable(value[0]):
            return [copy_value(item) for item in value]
        return list(value)
    if kind is Counter:
        return Counter(value)
    if kind is dict:
        return {key: copy_value(item) for key, item in value.items()}
    if isinstance(value, Stock | DiscardPile):
        return value.copy()
    if isinstance(value, State):
        return value.copy()
    return value


def _mutable(value: Any) -> bool:
    return isinstance(value, list | dict | Counter | Stock | DiscardPile | State)


def freeze_value(value: Any) -> Any:
    """A hashable, comparable picture of a state field's value."""
    if isinstance(value, State):
        return value.snapshot()
    if isinstance(value, Counter):
        return tuple(sorted(((key, count) for key, count in value.items() if count), key=repr))
    if isinstance(value, dict):
        return tuple((key, freeze_value(item)) for key, item in value.items())
    if isinstance(value, list):
        return tuple(freeze_value(item) for item in value)
    if isinstance(value, Stock):
        return ("stock", value.cards)
    if isinstance(value, DiscardPile):
        return ("pile", value.entries)
    return value


class State:
    """The base of declared state: subclass it with ``@attrs.define``."""

    def copy(self) -> Self:
        """An independent copy: no mutable field is shared with the original."""
        cls = type(self)
        twin = cls.__new__(cls)
        for field in attrs.fields(cls):  # type: ignore[arg-type]
            object.__setattr__(twin, field.name, copy_value(getattr(self, field.name)))
        return twin

    def snapshot(self) -> tuple[tuple[str, Any], ...]:
        """Every field as (name, frozen value): equal snapshots, equal futures."""
        return tuple(
            (field.name, freeze_value(getattr(self, field.name)))
            for field in attrs.fields(type(self))  # type: ignore[arg-type]
        )


class MatchRules(Protocol):
    """What the match base reads of every game's rules: how many may play and how the
    first dealer is chosen (a game's rules class has these two options)."""

    @property
    def player_count_range(self) -> tuple[int, int]:
        """How many may play (fewest, most)."""

    @property
    def first_dealer(self) -> FirstDealer | int:
        """``random`` (or another :class:`~rummykit.kit.options.FirstDealer` the game
        handles) or a fixed seat."""


@attrs.define
class MatchState(State):
    """What every match keeps across deals; games subclass it to add their own."""

    deal_number: int = 0
    dealer: int = 0
    phase: Phase = DEAL_OVER
    to_act: int | None = None
    deal_scores: list[tuple[DealScore, ...]] = attrs.Factory(list)
    """Each finished deal's scores, per seat."""
    totals: tuple[int, ...] = ()
    """Each seat's net total over the finished deals (kept as they end)."""
    penalty_totals: tuple[int, ...] = ()
    """Each seat's penalty points over the finished deals."""
    held: tuple[tuple[int, Action], ...] = ()
    """Answers given early, in arrival order: (seat, answer) of open seats after the
    seat to act (:attr:`~rummykit.kit.match.Match.deciding`), applied when the
    one-at-a-time order reaches them."""


@attrs.define
class DealState(State):
    """What every deal keeps: hands, stock, pile and the turns played."""

    hands: list[list[Card]]
    stock: Stock
    pile: DiscardPile
    turns: int = 0
