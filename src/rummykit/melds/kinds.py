"""The vocabularies of melds: kinds (open), ace policies, wild limits, run ends.

A :class:`MeldKind` names what a meld is. Group and run are two registered kinds among
others; flush, colour and pair ship beside them, and a user registers their own with
:func:`register_kind` (its behaviour is a :class:`~rummykit.melds.shapes.MeldShape`: data
such as :class:`~rummykit.melds.shapes.SetShape`, or a small class of their own):

>>> from rummykit import MeldKind
>>> [(kind.value, kind.letter) for kind in MeldKind.registered()[:5]]
[('group', 'G'), ('run', 'R'), ('flush', 'F'), ('colour', 'C'), ('pair', 'P')]
>>> MeldKind.named("flush") is MeldKind.FLUSH, MeldKind.named("F") is MeldKind.FLUSH
(True, True)
"""

from __future__ import annotations

import enum
import threading
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rummykit.errors import ConfigError

if TYPE_CHECKING:
    from rummykit.melds.shapes import MeldShape


class MeldKind:
    """What a meld is: ``group``, ``run``, ``flush``, ``colour``, ``pair`` or a user's own.

    Kinds are interned (one object per name; compare them with ``is``), pickle by name,
    and carry the letter of contract notation (``G``, ``R``, ``F``, ``C``, ``P``). Group
    and run are judged by the validator's own fast code (their ``shape`` is ``None``);
    every other kind by its ``shape``.
    """

    __slots__ = ("letter", "shape", "value")

    GROUP: ClassVar[MeldKind]
    """3+ cards of one rank (the sizes come from :class:`~rummykit.MeldRules`)."""
    RUN: ClassVar[MeldKind]
    """4+ cards of one suit in sequence (the sizes come from :class:`~rummykit.MeldRules`)."""
    FLUSH: ClassVar[MeldKind]
    """3+ cards of one suit, any ranks."""
    COLOUR: ClassVar[MeldKind]
    """3+ cards of one colour (red or black), any ranks."""
    PAIR: ClassVar[MeldKind]
    """Exactly 2 cards of one rank."""

    value: str
    """The kind's name (``"run"``), as an enum member's value was."""
    letter: str
    """Its letter in contract notation (``"R"``)."""
    shape: MeldShape | None
    """How a meld of the kind is judged; ``None`` for group and run, which the
    validator's own code judges."""

    def __init__(self, value: str, letter: str, shape: MeldShape | None) -> None:
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "letter", letter)
        object.__setattr__(self, "shape", shape)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a MeldKind is immutable (cannot set {name})")

    @property
    def name(self) -> str:
        """The kind's name in capitals (``RUN``), as an enum member's name was."""
        return self.value.upper()

    def __repr__(self) -> str:
        if getattr(MeldKind, self.name, None) is self:
            return f"MeldKind.{self.name}"
        return f"MeldKind.named({self.value!r})"

    def __str__(self) -> str:
        return f"MeldKind.{self.name}"

    def json_value(self) -> str:
        """The kind in JSON: its name (read back by :meth:`named`)."""
        return self.value

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (MeldKind.named, (self.value,))

    def __copy__(self) -> MeldKind:
        return self

    def __deepcopy__(self, memo: Any) -> MeldKind:
        return self

    @property
    def builtin_shape(self) -> bool:
        """Whether the validator's own code judges this kind (group and run)."""
        return self.shape is None

    @property
    def shares_rank(self) -> bool:
        """Whether its melds are cards of one rank (group, pair): what encodings with a
        group/run flag (the RL observation) and bots read of a kind."""
        if self.shape is None:
            return self is MeldKind.GROUP
        return self.shape.shares_rank

    def min_size(self, rules: Any) -> int:
        """The fewest cards a meld of this kind holds under ``rules`` (a
        :class:`~rummykit.MeldRules`): its group or run minimum, or its shape's."""
        if self is MeldKind.GROUP:
            return int(rules.group_min)
        if self is MeldKind.RUN:
            return int(rules.run_min)
        assert self.shape is not None
        return self.shape.min_size

    def max_size(self, rules: Any) -> int | None:
        """The most cards a meld of this kind holds under ``rules`` (``None``: no limit)."""
        if self is MeldKind.GROUP:
            return rules.group_max  # type: ignore[no-any-return]
        if self is MeldKind.RUN:
            return int(rules.run_max)
        assert self.shape is not None
        return self.shape.max_size

    @staticmethod
    def named(name: str) -> MeldKind:
        """The registered kind called ``name`` or written with letter ``name`` (any case);
        :class:`~rummykit.errors.ConfigError` naming the registered kinds otherwise."""
        if isinstance(name, MeldKind):
            return name
        if isinstance(name, str):
            key = name.strip().lower()
            if key == "s":
                key = "group"
            with _LOCK:
                found = _BY_NAME.get(key) or _BY_LETTER.get(key)
            if found is not None:
                return found
        known = ", ".join(f"{kind.value} ({kind.letter})" for kind in MeldKind.registered())
        raise ConfigError(f"no meld kind {name!r} is registered (registered: {known})")

    @staticmethod
    def registered() -> tuple[MeldKind, ...]:
        """Every registered kind, in the order registered (the shipped five first)."""
        with _LOCK:
            return tuple(_BY_NAME.values())


_LOCK: Final = threading.Lock()
_BY_NAME: dict[str, MeldKind] = {}
_BY_LETTER: dict[str, MeldKind] = {}
_RESERVED: Final = frozenset({"s"})
"""``S`` (a set) is reserved: contract notation reads it as a group."""


def register_kind(name: str, letter: str, shape: MeldShape, *, replace: bool = False) -> MeldKind:
    """Register a kind of meld called ``name``, written ``letter`` in contracts, judged by
    ``shape``; return it (the same object for the same name, as long as it lives).

    ``letter`` is one ASCII letter not taken by another kind (``G``, ``R``, ``S``, ``F``,
    ``C``, ``P`` are taken). A game allows a kind by listing it in
    :attr:`MeldRules.kinds <rummykit.MeldRules.kinds>`.

    >>> from rummykit.melds.shapes import Alike, SetShape
    >>> trio = register_kind("trio", "T", SetShape(Alike.RANK, min_size=3, max_size=3))
    >>> trio, trio.letter
    (MeldKind.named('trio'), 'T')
    >>> unregister_kind("trio")
    """
    from rummykit.melds.shapes import MeldShape

    if not isinstance(name, str) or not name.isidentifier() or not name.islower():
        raise ConfigError(f"a kind's name is a lower-case word, got {name!r}")
    if (
        not isinstance(letter, str)
        or len(letter) != 1
        or not letter.isascii()
        or not letter.isalpha()
    ):
        raise ConfigError(f"a kind's letter is one ASCII letter, got {letter!r}")
    if not isinstance(shape, MeldShape):
        raise ConfigError(f"a kind's shape is a MeldShape, got {type(shape).__name__}")
    with _LOCK:
        old = _BY_NAME.get(name)
        if old is not None and old.shape is None:
            raise ConfigError(f"the kind {name!r} is built in and cannot be replaced")
        taken = _BY_LETTER.get(letter.lower())
        if letter.lower() in _RESERVED or (taken is not None and taken.value != name):
            raise ConfigError(f"the letter {letter!r} is taken by another kind")
        if old is not None:
            if old.shape == shape and old.letter == letter.upper():
                return old
            if not replace:
                raise ConfigError(f"a kind called {name!r} is registered already (replace=True)")
            del _BY_LETTER[old.letter.lower()]
        kind = MeldKind(name, letter.upper(), shape)
        _BY_NAME[name] = kind
        _BY_LETTER[letter.lower()] = kind
    return kind


def unregister_kind(name: str) -> None:
    """Forget the kind called ``name`` (a test's or a plugin's); the shipped five stay.
    Melds and rules that hold it keep working; it is no longer found by name or letter."""
    with _LOCK:
        kind = _BY_NAME.get(name)
        if kind is None:
            raise ConfigError(f"no meld kind {name!r} is registered")
        if kind.shape is None or kind.value in {"flush", "colour", "pair"}:
            raise ConfigError(f"the kind {name!r} is built in and stays registered")
        del _BY_NAME[name]
        del _BY_LETTER[kind.letter.lower()]


def _builtin(name: str, letter: str) -> MeldKind:
    kind = MeldKind(name, letter, None)
    _BY_NAME[name] = kind
    _BY_LETTER[letter.lower()] = kind
    return kind


MeldKind.GROUP = _builtin("group", "G")
MeldKind.RUN = _builtin("run", "R")


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
