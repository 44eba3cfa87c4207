"""A table's clock: how long each seat whose answer is open has left.

The library holds no clock; a server does. Each person's seat whose answer is open gets
``seconds`` from the moment it opens; a seat keeps its deadline while its answer stays
open (others answering the same question do not reset it) and gets a fresh one after it
acts. When a deadline passes the server plays that seat's default
(:func:`rummy_server.live.default_for`). Times are :func:`time.monotonic` seconds,
passed in, so the clock itself is plain arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable

DEFAULT_SECONDS = 60.0
"""A person's time for one decision, unless the server is started with another."""


class Clock:
    """The deadlines of a table's open seats."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadlines: dict[int, float] = {}

    def update(self, open_seats: Iterable[int], now: float, *, acted: int | None = None) -> None:
        """After a change: ``acted`` (the seat that just acted, if any) starts afresh,
        seats no longer open are dropped, newly open seats get ``seconds`` from ``now``."""
        if acted is not None:
            self.deadlines.pop(acted, None)
        waiting = set(open_seats)
        for seat in list(self.deadlines):
            if seat not in waiting:
                del self.deadlines[seat]
        for seat in sorted(waiting):
            self.deadlines.setdefault(seat, now + self.seconds)

    def expired(self, now: float) -> list[int]:
        """The seats whose time has run out, in seat order."""
        return sorted(seat for seat, deadline in self.deadlines.items() if deadline <= now)

    def left(self, now: float) -> dict[int, float]:
        """Each open seat's seconds left (never below zero)."""
        return {seat: max(0.0, deadline - now) for seat, deadline in self.deadlines.items()}

    def next_deadline(self) -> float | None:
        """The earliest deadline, if a seat is waited for."""
        return min(self.deadlines.values(), default=None)
