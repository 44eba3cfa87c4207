"""The package's memos: one bounded type, one registry, one set of limits.

Everything rummykit remembers between calls (solver tables, validator windows, lay-off
fits, distances, listing books, effects made once, …) is a :class:`BoundedMemo`. A memo
keyed by rules values holds ``rules`` times :attr:`MemoLimits.rules` entries; a memo keyed
by hands, melds or positions holds its own ``entries`` but never more than
:attr:`MemoLimits.cache`. :func:`set_memo_limits` changes both caps for every memo at
once (the memos over a lowered cap shrink at once), :func:`clear_memos` empties them all
and :func:`memo_sizes` shows them.

The memos are shared by every thread: a read, an insert and emptying the memo are each
one dictionary operation (atomic), so clearing or capping while other threads read and
insert is safe. A full memo starts afresh (threads inserting at once may each add one
entry past its limit first); so did the hand-rolled caches it replaces, and emptying is
what costs least (a memo of 32 hands, say, fills and empties often).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Final, NoReturn, TypeVar, cast, final

import attrs

from rummykit._boundary import checked
from rummykit._compiled import subclass_refused
from rummykit._sealed import Sealed
from rummykit.errors import ConfigError

__compiled__ = True  # compiled in the opt-in build (hatch_build.py): its classes are final

K = TypeVar("K")
V = TypeVar("V")

_UNSET: Final = object()
"""No pair asked yet (a key is never this object)."""

CACHE_LIMIT: Final = 200_000
"""Most entries any memo keyed by hands, melds or positions holds (the default of
:attr:`MemoLimits.cache`)."""
RULES_LIMIT: Final = 64
"""Most rules (and card values) whose tables are kept at once; then the oldest go (the
default of :attr:`MemoLimits.rules`)."""


@final
@attrs.frozen
class MemoLimits(Sealed):
    """How much the package's memos keep between calls (see :func:`set_memo_limits`)."""

    rules: int = RULES_LIMIT
    """Most rules values (with card values, contracts, …) each memo keyed by them keeps:
    the solver's search contexts and tables, the validator's windows, the listing books;
    the solver keeps plans for four times as many (contract, rules) pairs."""
    cache: int = CACHE_LIMIT
    """Most entries any other memo holds (each also has its own, often smaller, size)."""


_LIMITS: Final[list[MemoLimits]] = [MemoLimits()]
_GENERATION: Final[list[int]] = [0]
"""How many times the limits changed: a memo reads the limit again when this moves."""


def memo_limits() -> MemoLimits:
    """The limits the package's memos keep to now."""
    return _LIMITS[0]


@final
class BoundedMemo(dict[K, V]):
    """A dictionary that remembers at most :attr:`limit` entries: full, it starts afresh.

    Read it as a dictionary (``memo.get(key)``); insert with :meth:`put` only.
    Give ``rules`` (a memo keyed by rules values: ``rules`` times
    :attr:`MemoLimits.rules` entries) or ``entries`` (any other: that many, never more
    than :attr:`MemoLimits.cache`). A ``shared`` memo (a module's) joins the registry
    that :func:`set_memo_limits`, :func:`clear_memos` and :func:`memo_sizes` walk; one
    owned by an object (``shared=False``) reads the limits again at its first insert
    after they change, and goes with its owner.

    >>> memo: BoundedMemo[int, str] = BoundedMemo("doctest", entries=4, shared=False)
    >>> for key in range(6):
    ...     _ = memo.put(key, str(key))
    >>> sorted(memo), memo.get(5)
    ([4, 5], '5')
    """

    def __init__(self, name: str, *, rules: int = 0, entries: int = 0, shared: bool = True) -> None:
        super().__init__()
        if (rules > 0) == (entries > 0):
            raise ConfigError(f"memo {name!r}: give rules or entries (one of them, >= 1)")
        self.name = name
        self.rules = rules
        self.entries = entries
        self.generation = _GENERATION[0]
        self.cap = self.limit
        """The limit as last read (read again once :func:`set_memo_limits` has run)."""
        self._last: tuple[object, object, object] = (_UNSET, _UNSET, None)
        """The pair and the value :meth:`pair` last gave (forgotten with the rest)."""
        if shared:
            with _REGISTRY_LOCK:
                _MEMOS.append(self)

    @classmethod
    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        raise subclass_refused(cls)

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy or a pickle is an empty memo of the same name and size, owned by the
        copy of its owner: what a memo holds is never state."""
        return (_empty, (self.name, self.rules, self.entries))

    @property
    def limit(self) -> int:
        """The most entries kept now."""
        limits = _LIMITS[0]
        if self.rules:
            return self.rules * limits.rules
        return min(self.entries, limits.cache)

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` under ``key`` (emptying the memo first if full); returns
        ``value``."""
        if len(self) >= self.cap or self.generation != _GENERATION[0]:
            self.trim()
        self[key] = value
        return value

    def pair(self, first: object, second: object, make: Callable[[Any, Any], V]) -> V:
        """The value under the key ``(first, second)``, made by ``make(first, second)``
        and remembered when missing. The pair last asked for is matched by identity
        first, as one tuple a thread reads and replaces whole: callers repeat it, and
        equal rules values compare slowly.

        >>> memo: BoundedMemo[tuple[int, int], int] = BoundedMemo("sums", rules=1, shared=False)
        >>> memo.pair(2, 3, lambda a, b: a + b), memo.pair(2, 3, max), len(memo)
        (5, 5, 1)
        """
        last_first, last_second, last = self._last
        if first is last_first and second is last_second:
            return last  # type: ignore[return-value]  # (no cast call on the hot path)
        key = cast(K, (first, second))
        found = self.get(key)
        if found is None:
            found = self.put(key, make(first, second))
        self._last = (first, second, found)
        return found

    def trim(self) -> None:
        """Read the limit in force, and empty the memo if it holds that many entries or
        more (after the limit was lowered, say)."""
        self.generation = _GENERATION[0]  # before the limit: a change after is seen next
        self.cap = self.limit
        if len(self) >= self.cap:
            self.forget()

    def forget(self) -> None:
        """Forget every entry."""
        self._last = (_UNSET, _UNSET, None)
        self.clear()


def _empty(name: str, rules: int, entries: int) -> BoundedMemo[Any, Any]:
    return BoundedMemo(name, rules=rules, entries=entries, shared=False)


_MEMOS: Final[list[BoundedMemo[Any, Any]]] = []
"""Every shared memo, in the order made."""
_REGISTRY_LOCK: Final = threading.Lock()


def _shared() -> list[BoundedMemo[Any, Any]]:
    with _REGISTRY_LOCK:
        return list(_MEMOS)


def clear_memos() -> None:
    """Forget everything the package keeps between calls (solver contexts, plans and
    tables, validator windows, distances, effects made once, …): the memory goes back,
    and the next calls rebuild what they need. Safe while other threads play or solve: a
    search under way keeps the context it holds."""
    for memo in _shared():
        memo.forget()


def memo_sizes() -> dict[str, int]:
    """How many entries each shared memo holds now, by its name.

    >>> from rummykit.solver import best_arrangement
    >>> from rummykit import Contract, MeldRules, parse_cards
    >>> _ = best_arrangement(parse_cards("7S 7H 7D"), Contract.parse("1G"), MeldRules())
    >>> memo_sizes()["solver contexts"] >= 1
    True
    """
    return {memo.name: len(memo) for memo in _shared()}


def _limit(name: str, value: object) -> None:
    """A memo cap: a whole number >= 1, or ``None`` (keep the cap in force)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ConfigError(f"{name} must be a whole number >= 1, got {value!r}")


@checked(rules=_limit, cache=_limit)
def set_memo_limits(*, rules: int | None = None, cache: int | None = None) -> MemoLimits:
    """Cap what every memo of the package keeps between calls: ``rules`` values per memo
    keyed by rules (solver contexts and tables, validator windows, …), ``cache`` entries
    per memo keyed by hands, melds or positions. Memos already over a lowered cap shrink
    now. Returns the limits in force.

    >>> from rummykit.solver import memo_limits, set_memo_limits
    >>> before = memo_limits()
    >>> set_memo_limits(rules=8, cache=10_000)
    MemoLimits(rules=8, cache=10000)
    >>> set_memo_limits(rules=before.rules, cache=before.cache) == before
    True
    """
    old = _LIMITS[0]
    new = MemoLimits(
        rules=old.rules if rules is None else rules, cache=old.cache if cache is None else cache
    )
    _LIMITS[0] = new
    _GENERATION[0] += 1
    for memo in _shared():
        memo.trim()
    return new
