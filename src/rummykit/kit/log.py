"""A match's log kept compact: three list entries an event, made into events when read.

A live match keeps every event it logged (:attr:`~rummykit.kit.match.Match.events`
replays it), and a server keeps thousands of matches, so the log is what a match's
memory grows with. An :class:`~rummykit.kit.protocol.Event` with its step number and
its tuple of effects costs about 170 bytes; the log keeps instead, per event, three
references in one flat list:

- the deal, seat and phase, as one tuple shared by every event with the same three
  (made once per process: there are a few deals, seats and phases);
- the action (a listed action is a value the listing shares);
- the effects: the one effect itself when there is one (most events), else their tuple.

The step is the place in the list. :func:`event_at` and :func:`events_of` make the
public values when they are read, equal to the ones :meth:`~rummykit.kit.match.Match.apply`
returned (the same action and effect values, in the same order).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from rummykit._memo import BoundedMemo
from rummykit.kit.effects import Effect
from rummykit.kit.protocol import Event, Phase, made_event

WIDTH: Final = 3
"""List entries an event takes in the log."""

Meta = tuple[int, int | None, Phase]
"""An event's deal, seat and phase."""

METAS: Final = BoundedMemo[Meta, Meta]("event deal, seat and phase", entries=4096)
"""The shared tuples by themselves (``Match.apply`` looks them up without a call)."""


def meta(deal: int, seat: int | None, phase: Phase) -> Meta:
    """The shared tuple of ``deal``, ``seat`` and ``phase``."""
    key = (deal, seat, phase)
    return METAS.get(key) or METAS.put(key, key)


def packed(effects: Sequence[Effect]) -> Any:
    """``effects`` as the log keeps them: the effect alone if there is one, else a tuple."""
    return effects[0] if len(effects) == 1 else tuple(effects)


def unpacked(entry: Any) -> tuple[Effect, ...]:
    """The effects tuple of a log entry made by :func:`packed`."""
    return entry if type(entry) is tuple else (entry,)


def event_at(log: Sequence[Any], first_step: int, index: int) -> Event:
    """The event ``index`` of ``log`` (its step is ``first_step + index``)."""
    at = index * WIDTH
    deal, seat, phase = log[at]
    return made_event(first_step + index, deal, seat, phase, log[at + 1], unpacked(log[at + 2]))


def events_of(log: Sequence[Any], first_step: int) -> tuple[Event, ...]:
    """Every event of ``log``, in order."""
    return tuple(event_at(log, first_step, index) for index in range(len(log) // WIDTH))


def encoded(events: Iterable[Event]) -> list[Any]:
    """The log of ``events`` (from step ``events[0].step`` on)."""
    log: list[Any] = []
    for event in events:
        log += (meta(event.deal, event.seat, event.phase), event.action, packed(event.effects))
    return log
