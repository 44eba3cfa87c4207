"""Typed effects: what an action did, as values code can read (never parse event text).

Every :class:`~rummykit.kit.protocol.Event` carries a tuple of effects. An effect that names
cards only one seat may see (a stock draw, penalty cards) hides them in what other seats
see: :meth:`Effect.seen_by` returns the version a seat may know.

>>> from rummykit.kit import Drew
>>> from rummykit import parse_cards
>>> drew = Drew(seat=1, cards=parse_cards("7H 2D"))
>>> drew.seen_by(1).cards, drew.seen_by(0).cards, drew.seen_by(0).count
((7H, 2D), (), 2)

A deal starts with :class:`DealStarted` and a :class:`Dealt` per seat (each hand reaches
its owner only); where the rules count the hands left at its end, they are shown to
everyone (:class:`HandsShown`) before :class:`DealEnded`.

Every game's effects build on a few bases: an effect of one seat's doing is a
:class:`SeatEffect` (its text is the seat's name and its :attr:`~SeatEffect.deed`), about
one card a :class:`CardEffect`, about public cards a :class:`CardsEffect`, about cards
only the seat may see a :class:`HiddenCards`; one that only repeats its action (a
discard, a play) is also an :class:`Echo`.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Self

import attrs

from rummykit.cards import Card
from rummykit.messages import Message

_NAMES = "ABCDEFGH"


def seat_name(seat: int | None) -> str:
    """``A``, ``B``, … for seats 0, 1, …; ``table`` for ``None``."""
    return "table" if seat is None else _NAMES[seat] if seat < len(_NAMES) else f"#{seat}"


@attrs.frozen
class Effect:
    """The base of every effect. :attr:`message` says it as a code and parameters (see
    :mod:`rummykit.messages`), ``text`` in English words for logs and people, made from
    the message only when read."""

    message_code: ClassVar[str] = ""
    """The code of the effect's :attr:`~rummykit.kit.Effect.message`, one the
    game registers (:func:`rummykit.kit.register_message`); empty: ``effect.named``."""
    message_fields: ClassVar[tuple[str, ...] | None] = None
    """The fields that are the message's parameters, in order (``None``: every field)."""

    def seen_by(self, seat: int | None) -> Self:
        """What ``seat`` may know of this effect (``None``: a spectator)."""
        return self

    @property
    def message(self) -> Message:
        """The effect as a message code and its parameters: a game's effect says itself
        by declaring its :attr:`~rummykit.kit.Effect.message_code` (and
        :attr:`~rummykit.kit.Effect.message_fields` where the message names
        fewer than all its fields), or by overriding this where the code
        depends on its values; one that overrides only :attr:`~rummykit.kit.Effect.text`
        keeps its text, and the code ``effect.named`` (its class name) for a client."""
        code = self.message_code
        if not code:
            return Message("effect.named", {"type": type(self).__name__})
        names = self.message_fields
        if names is None:
            names = tuple(field.name for field in attrs.fields(type(self)))
        return Message(code, {name: getattr(self, name) for name in names})

    @property
    def text(self) -> str:
        """The effect in words (made from :attr:`~rummykit.kit.Effect.message`)."""
        return self.message.text()

    def describe(self, *, locale: str | None = None) -> str:
        """The effect in words in ``locale`` (``pt-BR``, ``ru``; English, exactly
        :attr:`text`, without): see :mod:`rummykit.i18n`. An effect of a user's game that
        words only its :attr:`text` says it as written."""
        if locale is None:
            return self.text
        from rummykit.i18n import message_text
        from rummykit.i18n.catalogs import resolve_locale

        message = self.message
        if message.code == "effect.named" or resolve_locale(locale) == "en":
            return self.text
        return message_text(message, locale=locale)

    def to_dict(self) -> dict[str, Any]:
        """The effect as JSON: ``{"type": class name, ...fields, "text": words}`` (see
        :mod:`rummykit.kit.codec`); every effect class, of any game, inherits it.

        >>> from rummykit import parse_cards
        >>> data = Drew(seat=1, cards=parse_cards("7H")).seen_by(0).to_dict()
        >>> data["type"], data["cards"], data["count"], data["text"]
        ('Drew', [], 1, 'B draws 1 card')
        >>> data["code"], data["params"]
        ('effect.drew', {'seat': 1, 'count': 1, 'cards': []})
        """
        from rummykit.kit.codec import to_json

        data: dict[str, Any] = to_json(self)
        return data

    echoes: ClassVar[bool] = False
    """The effect only repeats what its action says (a discard, a play)."""

    @property
    def echoes_action(self) -> bool:
        """Whether an event's one-line form leaves this effect out (see ``echoes``)."""
        return self.echoes


class DealEnd(enum.StrEnum):
    """Why a deal ended."""

    WENT_OUT = "went_out"
    """A player went out."""
    DEAD_STOCK = "dead_stock"
    """No stock and nothing to refill it."""
    TURN_CAP = "turn_cap"
    """``max_turns_per_deal`` turns were played."""
    REFILL_CAP = "refill_cap"
    """``max_stock_refills`` refills were made."""
    RECYCLE_CAP = "recycle_cap"
    """``max_recycles`` recycles were made."""
    BLOCKED = "blocked"
    """Every player passed."""


class GoingOut(enum.StrEnum):
    """How a player emptied their hand."""

    DISCARDING = "discarding"
    MELDING = "melding"
    PLAYING = "playing"
    KNOCKING = "knocking"
    """Ended the deal with cards still in hand (gin rummy's knock)."""


@attrs.frozen
class DealStarted(Effect):
    """Deal ``deal`` was dealt by ``dealer``; ``upcard`` starts the pile, if any."""

    deal: int
    dealer: int
    upcard: Card | None = None

    @property
    def message(self) -> Message:
        if self.upcard is None:
            return Message("effect.deal_started", {"deal": self.deal, "dealer": self.dealer})
        params = {"deal": self.deal, "dealer": self.dealer, "upcard": self.upcard}
        return Message("effect.deal_started_upcard", params)


@attrs.frozen
class Echo(Effect):
    """The base of an effect that only repeats what its action says (a discard, a play),
    so an event's one-line form leaves it out."""

    echoes: ClassVar[bool] = True


@attrs.frozen
class SeatEffect(Effect):
    """The base of an effect of ``seat``'s doing: the shipped ones say themselves by
    :attr:`message`; a game's own may instead give :attr:`deed`, and its text is then
    the seat's name and the deed (code ``effect.seat_deed``)."""

    seat: int

    @property
    def deed(self) -> str:
        """What the seat did, in the words after its name."""
        return type(self).__name__

    @property
    def message(self) -> Message:
        """The declared :attr:`~rummykit.kit.Effect.message_code`'s message,
        else the seat's name and its :attr:`~rummykit.kit.SeatEffect.deed`
        (``effect.seat_deed``)."""
        if self.message_code:
            return super().message
        return Message("effect.seat_deed", {"seat": self.seat, "deed": self.deed})


@attrs.frozen
class CardEffect(SeatEffect):
    """The base of an effect of ``seat``'s about one ``card``, seen by every seat."""

    card: Card


@attrs.frozen
class CardsEffect(SeatEffect):
    """The base of an effect of ``seat``'s about ``cards``, seen by every seat."""

    cards: tuple[Card, ...]


@attrs.frozen
class HiddenCards(SeatEffect):
    """The base of an effect that gives ``seat`` ``cards`` only that seat may see: the other
    seats see their ``count``."""

    cards: tuple[Card, ...] = ()
    count: int = attrs.field()

    @count.default
    def _count(self) -> int:
        return len(self.cards)

    def seen_by(self, seat: int | None) -> Self:
        return self if seat == self.seat else attrs.evolve(self, cards=())

    def counted(self, code: str) -> Message:
        """The message ``code`` with the seat, the ``count`` and the ``cards``; the code
        with ``_seen`` added (``effect.dealt_seen``) where the cards are seen."""
        params = {"seat": self.seat, "count": self.count, "cards": self.cards}
        return Message(f"{code}_seen" if self.cards else code, params)


@attrs.frozen
class Dealt(HiddenCards):
    """``seat`` was dealt ``cards`` (in card order), hidden from the other seats, who
    see only their ``count``.

    >>> from rummykit import parse_cards
    >>> dealt = Dealt(seat=0, cards=parse_cards("KS 2D 9H"))
    >>> dealt.text, dealt.seen_by(1).text
    ('A is dealt 3 cards (KS 2D 9H)', 'A is dealt 3 cards')
    """

    @property
    def message(self) -> Message:
        return self.counted("effect.dealt")


@attrs.frozen
class Drew(HiddenCards):
    """``seat`` drew ``count`` stock cards (``cards`` hidden from the other seats);
    ``penalty`` marks stock cards drawn as a penalty (paid for pile cards, say)."""

    penalty: bool = False

    @property
    def echoes_action(self) -> bool:
        """A draw echoes its action; penalty cards do not."""
        return not self.penalty

    @property
    def message(self) -> Message:
        return self.counted("effect.drew_penalty" if self.penalty else "effect.drew")


@attrs.frozen
class TookFromPile(CardsEffect, Echo):
    """``seat`` took ``cards`` from the discard pile, in view of everyone."""

    message_code: ClassVar[str] = "effect.took"


@attrs.frozen
class Discarded(CardEffect, Echo):
    """``seat`` discarded ``card``."""

    message_code: ClassVar[str] = "effect.discarded"


@attrs.frozen
class Passed(SeatEffect, Echo):
    """``seat`` passed: declined the decision the event's phase put to them (a claim or a
    request out of turn), or, in a shedding game, could neither play nor draw."""

    message_code: ClassVar[str] = "effect.passed"


@attrs.frozen
class StockRefilled(Effect):
    """The stock was refilled from the pile (``number``-th time this deal) with
    ``size`` cards; ``shuffled`` or turned over."""

    number: int
    size: int
    shuffled: bool = True

    message_code: ClassVar[str] = "effect.refilled"
    message_fields: ClassVar[tuple[str, ...] | None] = ("number", "size")


@attrs.frozen
class WentOut(SeatEffect):
    """``seat`` emptied their hand, ``how``."""

    how: GoingOut

    @property
    def message(self) -> Message:
        return Message(f"effect.went_out_{self.how.value}", {"seat": self.seat})


@attrs.frozen
class HandsShown(Effect):
    """The hands left when a deal ended, shown to everyone because the rules count them
    (as May I?'s and Posso?'s do, MAYI-15.2, POSSO-17.2): ``hands[seat]`` in card order,
    empty for a seat that went out. Emitted before :class:`DealEnded`, and only when the
    hands are counted (not in a deal scored void, nor where only the number of cards
    counts).

    >>> from rummykit import parse_cards
    >>> HandsShown(hands=((), parse_cards("AS KD"), parse_cards("2C"))).text
    'hands shown: A -, B AS KD, C 2C'
    """

    hands: tuple[tuple[Card, ...], ...]

    message_code: ClassVar[str] = "effect.hands_shown"


@attrs.frozen
class DealEnded(Effect):
    """Deal ``deal`` ended for ``reason``; ``went_out`` is the seat that went out, if
    any; ``bonuses`` and ``penalties`` are each seat's points for the deal."""

    deal: int
    reason: DealEnd
    went_out: int | None
    bonuses: tuple[int, ...]
    penalties: tuple[int, ...]

    @property
    def nets(self) -> tuple[int, ...]:
        """Each seat's bonus minus penalty."""
        return tuple(b - p for b, p in zip(self.bonuses, self.penalties, strict=True))

    @property
    def dead(self) -> bool:
        """Nobody went out (a dead or blocked deal)."""
        return self.went_out is None

    @property
    def message(self) -> Message:
        params = {"deal": self.deal, "reason": self.reason, "nets": self.nets}
        return Message(f"effect.deal_ended_{self.reason.value}", params)
