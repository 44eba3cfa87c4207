"""The values of the match protocol: phases, events, per-deal scores, outcomes and what
a seat may see. :mod:`rummykit.kit.match` builds matches on them.
"""

from __future__ import annotations

import operator
from typing import Any

import attrs

from rummykit.cards import Card
from rummykit.kit.actions import Action, format_action
from rummykit.kit.effects import Drew, Effect, TookFromPile, seat_name
from rummykit.melds import Meld


@attrs.frozen(eq=False)
class Phase:
    """Where a match is: which kind of decision is due. Games declare their own phases
    as module constants (``rummykit.engine.phases.DRAW``); a phase is compared by
    identity, so compare with the constant (``match.phase is DRAW``) or its ``value``.

    >>> CONSENT = Phase("consent", "MAYI-9.6")
    >>> CONSENT, CONSENT.value, CONSENT.clause
    (Phase('consent'), 'consent', 'MAYI-9.6')
    """

    value: str
    clause: str = ""
    """The clause that governs decisions in this phase (for error messages)."""

    def __attrs_post_init__(self) -> None:
        _PHASES.setdefault(self._key(), self)

    def _key(self) -> tuple[Any, ...]:
        return (type(self), *(getattr(self, field.name) for field in attrs.fields(type(self))))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its fields, read back as the phase first made with them
        (the module constant), so a copied match's phase is still the constant."""
        return (_canonical_phase, self._key())

    def to_dict(self) -> Any:
        """The phase as JSON: its value (see :mod:`rummykit.kit.codec`)."""
        return self.value

    def __repr__(self) -> str:
        return f"Phase({self.value!r})"


_PHASES: dict[tuple[Any, ...], Phase] = {}
"""Every phase by (class, fields), the first one made with them: the canonical value."""


def _canonical_phase(cls: type[Phase], *fields: Any) -> Phase:
    found = _PHASES.get((cls, *fields))
    if found is not None:
        return found
    names = [field.alias for field in attrs.fields(cls)]
    return cls(**dict(zip(names, fields, strict=True)))


DEAL_OVER = Phase("deal_over")
"""The deal is scored; the next one starts with ``next`` (when dealing is not automatic)."""
MATCH_OVER = Phase("match_over")
"""Every deal is scored."""


@attrs.frozen
class DealScore:
    """One seat's result in one deal: the bonus, the penalty and the net (MAYI-15.5)."""

    bonus: int
    penalty: int

    @property
    def net(self) -> int:
        """Bonus minus penalty."""
        return self.bonus - self.penalty

    def to_dict(self) -> dict[str, Any]:
        """The score as JSON (see :mod:`rummykit.kit.codec`)."""
        from rummykit.kit.codec import to_json

        data: dict[str, Any] = to_json(self)
        return data


@attrs.frozen(weakref_slot=False)
class Event:
    """What one action did: the log entry that replays and explains a match.

    ``effects`` are typed values (see :mod:`rummykit.kit.effects`); :meth:`seen_by` hides
    what a seat may not know (another seat's stock draws).
    """

    step: int
    deal: int
    seat: int | None
    phase: Phase
    action: Action
    effects: tuple[Effect, ...] = ()

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may know it: the event itself where every effect is
        shown to ``seat`` whole (most are), else a copy with the effects as ``seat`` sees
        them."""
        effects = self.effects
        seen = tuple([effect.seen_by(seat) for effect in effects])
        if all(map(operator.is_, seen, effects)):
            return self
        return made_event(self.step, self.deal, self.seat, self.phase, self.action, seen)

    @property
    def received(self) -> tuple[Card, ...]:
        """The cards the acting seat took into its hand (pile cards, then stock cards)."""
        cards: list[Card] = []
        for effect in self.effects:
            if isinstance(effect, TookFromPile | Drew) and effect.seat == self.seat:
                cards += effect.cards
        return tuple(cards)

    @property
    def text(self) -> str:
        """The effects in words, separated by semicolons."""
        return "; ".join(effect.text for effect in self.effects)

    def __str__(self) -> str:
        return self.describe()

    def describe(self, *, locale: str | None = None) -> str:
        """The event in words in ``locale`` (English, exactly ``str(event)``, without): the
        step, the seat, the action in notation and what its effects did that the action
        does not say, each effect in ``locale`` (:meth:`Effect.describe
        <rummykit.kit.effects.Effect.describe>`)."""
        said = [e.describe(locale=locale) for e in self.effects if not e.echoes_action]
        note = f" ({'; '.join(said)})" if said else ""
        return f"{self.step}: {seat_name(self.seat)} {format_action(self.action)}{note}"

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON (see :mod:`rummykit.kit.codec`), every effect whole: send a
        seat ``event.seen_by(seat).to_dict()``."""
        from rummykit.kit.codec import to_json

        data: dict[str, Any] = to_json(self)
        return data


class _Unfinished:
    """An event being made by :func:`made_event`: :class:`Event`'s very slots (the same
    layout), written by plain stores."""

    __slots__ = tuple(field.name for field in attrs.fields(Event))

    step: int
    deal: int
    seat: int | None
    phase: Phase
    action: Action
    effects: tuple[Effect, ...]


_new_unfinished = object.__new__


def made_event(
    step: int,
    deal: int,
    seat: int | None,
    phase: Phase,
    action: Action,
    effects: tuple[Effect, ...],
) -> Event:
    """``Event(step, deal, seat, phase, action, effects)``, made at a third of the cost:
    the match makes one an action. A frozen class's ``__init__`` sets each field through
    ``object.__setattr__``, six calls that cost more than the rest of
    :meth:`~rummykit.kit.match.Match.apply`; here the fields are stored in an
    object of the same slots, which then becomes the :class:`Event` (equal, hashed,
    compared and frozen like one made by its class).

    >>> from rummykit.kit.actions import Draw
    >>> made = made_event(0, 1, 2, DEAL_OVER, Draw(), ())
    >>> type(made) is Event, made == Event(0, 1, 2, DEAL_OVER, Draw(), ())
    (True, True)
    """
    made = _new_unfinished(_Unfinished)
    made.step, made.deal, made.seat = step, deal, seat  # (three at once make no tuple)
    made.phase, made.action, made.effects = phase, action, effects
    made.__class__ = Event  # type: ignore[assignment]
    return made  # type: ignore[return-value]


@attrs.frozen
class Outcome:
    """The end of a match: the winners and the standings, best first (MAYI-16)."""

    winners: tuple[int, ...]
    standings: tuple[tuple[int, int], ...]
    """(seat, total) pairs, best first."""
    losers: tuple[int, ...] = ()
    """Games with losers (Possession, PSSN-9.2) name them here."""

    def to_dict(self) -> dict[str, Any]:
        """The outcome as JSON (see :mod:`rummykit.kit.codec`)."""
        from rummykit.kit.codec import to_json

        data: dict[str, Any] = to_json(self)
        return data


@attrs.frozen
class PlayerView:
    """What one seat may know (DESIGN: it follows who holds or has seen each card).

    ``known[s]`` are cards seat ``s`` is known to hold because it took them from the pile
    in view of everyone (or showed them, as in a Posso? claim); ``pile`` is (card,
    discarder) bottom first, or only the top card when the pile is not kept spread.
    """

    seat: int
    deal: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    pile: tuple[tuple[Card, int | None], ...]
    stock_size: int
    melds: tuple[Meld, ...]
    down: tuple[bool, ...]
    scores: tuple[int, ...]
    legal: tuple[Action, ...]
    """The seat's legal actions while its answer is open (``match.deciding``), else none."""
    contract: Any = None
    """The deal's contract or opening requirement, where the game has one."""

    def _repr_svg_(self) -> str:
        """The view as a picture (hand, table, pile, other hands' sizes), for notebooks."""
        from rummykit import svg  # the picture layer loads only when a notebook asks

        return svg.view(self)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON (see :mod:`rummykit.kit.codec`)."""
        from rummykit.kit.codec import to_json

        data: dict[str, Any] = to_json(self)
        return data
