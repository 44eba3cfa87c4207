"""The closed vocabularies of melds: kinds, ace policies, wild limits, run ends."""

from __future__ import annotations

import enum


class MeldKind(enum.Enum):
    """The two kinds of meld: a group (one rank) and a run (one suit, consecutive)."""

    GROUP = "group"
    RUN = "run"

    @property
    def letter(self) -> str:
        """``G`` or ``R``, as in contract notation."""
        return "G" if self is MeldKind.GROUP else "R"


class AcePolicy(enum.Enum):
    """Where the ace may sit in a run."""

    LOW = "low"
    """Only below the 2: A-2-3-4."""
    HIGH = "high"
    """Only above the king: J-Q-K-A."""
    LOW_OR_HIGH = "low_or_high"
    """At either end, never through: A-2-3-4 and J-Q-K-A, not K-A-2."""
    WRAP = "wrap"
    """Anywhere on the circle, K-A-2 included."""


class WildLimit(enum.Enum):
    """How many wild cards a meld may hold compared with its natural cards."""

    NONE = "none"
    """No limit beyond the minimum number of naturals."""
    AT_MOST_NATURALS = "at_most_naturals"
    """Wilds may equal the naturals but not outnumber them."""
    FEWER_THAN_NATURALS = "fewer_than_naturals"
    """Naturals must outnumber the wilds."""


class End(enum.Enum):
    """An end of a run, where a lay-off or a freed joker goes."""

    LOW = "low"
    HIGH = "high"
