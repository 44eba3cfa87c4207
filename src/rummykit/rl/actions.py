"""A fixed-size action space with a stable index for every action of a game.

Each action type a game declares (``definition.actions``) gets a *block* of indices,
in the order the game declares them; an :class:`ActionCodec` maps an action of that
type to an index inside its block. Most indices mean one action forever (``discard
7H`` is always the same number); a go-down is offered by its place in the legal list
(at most ``max_downs`` of them, in the order the engine lists them — the solver's
canonical order), because the arrangements of a hand cannot be numbered in advance, and
so are joker exchanges and the lay-offs that say what a wild card stands for (at most
``max_placings``): numbered in advance, they would make the action space, and every
mask, 90 times as wide for actions a few positions offer.

>>> from rummykit import game
>>> from rummykit.rl import ActionEncoding
>>> encoding = ActionEncoding.for_game(game("may-i"), players=4)
>>> encoding.size
2713
>>> [(block.name, block.size) for block in encoding.blocks][:4]
[('draw', 1), ('take', 8), ('take_card', 53), ('ask', 1)]
>>> match = game("may-i").new_match(players=4, seed=7)
>>> legal = encoding.legal(match.legal_actions())
>>> legal.indices, legal.action(0)
((0,), Draw())
>>> encoding.describe(0), encoding.describe(encoding.offset("discard") + 6)
('draw', 'discard 7S')

No table names a game's actions: an action type's codec follows from its shape (its
attrs fields, :func:`codec_for`), so a shipped game's actions and a user's are encoded
alike — a field-less action gets one index, one that names a ``card`` 53, a ``count``
of pile cards ``max_take``, ``melds`` to lay down ``max_downs`` places (like go-downs),
a meld ``target`` ``max_melds`` (14 times that with the ``role`` a placed card stands
for), played ``cards`` a first and a last card, a lay-off its card, meld and end (and
``max_placings`` places for the wild cards laid with a meaning), a joker exchange
``max_placings`` places. Any other
shape is registered with :func:`register_action` (or passed as ``codecs=``), and an
action type with no codec is an :class:`EncodingError`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, final

import attrs

from rummykit.cards import CARDS, Card, Rank
from rummykit.errors import ConfigError, RummyError, shown
from rummykit.kit.actions import Action
from rummykit.melds import End
from rummykit.rl.legal import Encoder, encode_actions

CARD_COUNT = len(CARDS)
"""53: the 52 naturals and the joker, indexed by :attr:`~rummykit.cards.Card.code`."""
_ENDS: tuple[End | None, ...] = (None, End.LOW, End.HIGH)
_END_INDEX = {end: index for index, end in enumerate(_ENDS)}


class EncodingError(RummyError):
    """An action or a game the encoding cannot represent (an action type with no codec,
    two legal actions on one index, a mask with no legal action)."""


@attrs.frozen
class Limits:
    """The bounds that make the action space fixed-size (a value out of range is a
    :class:`~rummykit.errors.ConfigError`).

    ``max_melds``: meld numbers a lay-off or joker exchange may name (0 to
    ``max_melds - 1``); ``max_take``: the most pile cards one ``take N`` takes;
    ``max_downs``: how many go-down arrangements are offered (the first ones listed);
    ``max_placings``: how many of the lay-offs that say what a wild card stands for, and
    of the joker exchanges, are offered (by their place among the legal actions of
    their type: the first ones listed).
    A legal action beyond a limit is left out of the mask and counted in
    :attr:`.LegalActions.dropped`.
    """

    max_melds: int = 16
    max_take: int = 8
    max_downs: int = 16
    max_placings: int = 32

    def __attrs_post_init__(self) -> None:
        for name in ("max_melds", "max_take", "max_downs", "max_placings"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LIMIT:
                raise ConfigError(
                    f"{name} must be a whole number from 1 to {LIMIT}, got {shown(value)}"
                )


LIMIT = 1024
"""The largest of each :class:`Limits` field: a wider block makes every mask larger
without offering anything a match can list (a table holds far fewer melds)."""


class ActionCodec(ABC):
    """Maps actions of one type to indices ``0 .. size - 1`` of its block."""

    size: int

    @abstractmethod
    def encode(self, action: Any, rank: int) -> int | None:
        """The index of ``action``, the ``rank``-th legal action of its type now (from 0);
        ``None`` when it is beyond the codec's limits. Raises :class:`EncodingError` when
        the action does not have the shape the codec reads."""

    @abstractmethod
    def describe(self, index: int) -> str:
        """What ``index`` stands for, in words (``discard 7H``, ``down #2``)."""


class FlagCodec(ActionCodec):
    """One index: an action with no fields (``draw``, ``pass``, a game's ``knock``)."""

    def __init__(self, verb: str) -> None:
        self.size = 1
        self.verb = verb

    def encode(self, action: Any, rank: int) -> int:
        return 0

    def describe(self, index: int) -> str:
        return self.verb


class CardCodec(ActionCodec):
    """53 indices, by card code: an action naming one card (``discard 7H``)."""

    def __init__(self, verb: str) -> None:
        self.size = CARD_COUNT
        self.verb = verb

    def encode(self, action: Any, rank: int) -> int:
        card = getattr(action, "card", None)
        if not isinstance(card, Card):
            raise EncodingError(f"{type(action).__name__} has no card to encode: {action}")
        return card.code

    def describe(self, index: int) -> str:
        return f"{self.verb} {CARDS[index]}"


class CountCodec(ActionCodec):
    """``limit`` indices for ``take 1`` to ``take limit``."""

    def __init__(self, verb: str, limit: int) -> None:
        self.size = limit
        self.verb = verb

    def encode(self, action: Any, rank: int) -> int | None:
        count = int(action.count)
        return count - 1 if 1 <= count <= self.size else None

    def describe(self, index: int) -> str:
        return f"{self.verb} {index + 1}"


class PositionalCodec(ActionCodec):
    """``limit`` indices by place in the legal list: the ``k``-th legal action of the
    type now (go-downs: the arrangements in the order the engine lists them)."""

    def __init__(self, verb: str, limit: int) -> None:
        self.size = limit
        self.verb = verb

    def encode(self, action: Any, rank: int) -> int | None:
        return rank if rank < self.size else None

    def describe(self, index: int) -> str:
        return f"{self.verb} #{index}"


class TargetCodec(ActionCodec):
    """``max_melds`` indices by the meld number in field ``field`` (Posso?'s
    ``correct 2``)."""

    def __init__(self, verb: str, limit: int, field: str = "target") -> None:
        self.size = limit
        self.verb = verb
        self.field = field

    def encode(self, action: Any, rank: int) -> int | None:
        target = int(getattr(action, self.field))
        return target if 0 <= target < self.size else None

    def describe(self, index: int) -> str:
        return f"{self.verb} {index}"


class MeaningTargetCodec(ActionCodec):
    """``max_melds × 14``: the meld number and what the placed card stands for (none, or
    the rank of its meaning), for an ``action_type`` with the fields ``target`` and
    ``role`` (Posso?'s ``correct 2 (4H)``)."""

    def __init__(self, action_type: type[Action], limit: int) -> None:
        self.action_type: Callable[..., Action] = action_type
        self.melds = limit
        self.size = limit * 14

    def encode(self, action: Any, rank: int) -> int | None:
        target = int(action.target)
        if not 0 <= target < self.melds:
            return None
        role = action.role
        meaning = 0 if role is None else int(role if isinstance(role, Rank) else role.rank)
        return meaning * self.melds + target

    def describe(self, index: int) -> str:
        meaning, target = divmod(index, self.melds)
        role = None if not meaning else Rank(meaning)
        return str(self.action_type(target=target, role=role))


class LayOffCodec(ActionCodec):
    """``53 × max_melds × 3 + positions``, for an ``action_type`` with the fields ``card``,
    ``target``, ``end`` and ``role`` (a lay-off): a card laid as itself has the index of
    its card, meld number and end (none, low, high); one that says what a wild card
    stands for (``role``) is offered by its place among the legal lay-offs now (the
    first ``positions``), as go-downs are: the meanings of a few wild cards would
    otherwise multiply the block, and the mask every step reads, by five."""

    def __init__(self, action_type: type[Action], max_melds: int, positions: int = 32) -> None:
        self.action_type: Callable[..., Action] = action_type
        self.verb = action_type.verb
        self.melds = max_melds
        self.placed = CARD_COUNT * max_melds * len(_ENDS)
        self.size = self.placed + positions

    def encode(self, action: Any, rank: int) -> int | None:
        if action.role is not None:
            return self.placed + rank if self.placed + rank < self.size else None
        target = int(action.target)
        if not 0 <= target < self.melds:
            return None
        return (int(action.card.code) * self.melds + target) * len(_ENDS) + _END_INDEX[action.end]

    def describe(self, index: int) -> str:
        if index >= self.placed:
            return f"{self.verb} #{index - self.placed} (a wild card's meaning)"
        rest, end = divmod(index, len(_ENDS))
        code, target = divmod(rest, self.melds)
        return str(self.action_type(card=CARDS[code], target=target, end=_ENDS[end], role=None))


class ExchangeCodec(PositionalCodec):
    """``positions`` indices by place in the legal list, for an action type with the
    fields ``card``, ``target``, ``joker_to``, ``end`` and ``role`` (a joker exchange:
    the natural card put in, the meld whose joker it frees, where the joker goes and
    what it stands for there): card, meld, destination and meaning would number
    226,304 indices, for an action a few positions offer."""

    def encode(self, action: Any, rank: int) -> int | None:
        if action.card.code >= 52:
            raise EncodingError(f"a joker cannot be exchanged for a joker: {action}")
        return super().encode(action, rank)


class PlayCodec(ActionCodec):
    """``53 × 53``: the first and the last card of a played card or same-suit sequence
    (Possession's Move S and Move Q, up or down)."""

    def __init__(self, verb: str = "play") -> None:
        self.size = CARD_COUNT * CARD_COUNT
        self.verb = verb

    def encode(self, action: Any, rank: int) -> int:
        cards: tuple[Card, ...] = action.cards
        first, last = cards[0], cards[-1]
        if len(cards) > 1:
            step = 1 if last.code > first.code else -1
            codes = [card.code for card in cards]
            if (
                first.suit is None
                or last.suit is not first.suit
                or codes != list(range(first.code, last.code + step, step))
            ):
                raise EncodingError(
                    f"PlayCodec encodes a card or a same-suit sequence, not {action}; "
                    "register another codec for this game's plays"
                )
        return first.code * CARD_COUNT + last.code

    def describe(self, index: int) -> str:
        first, last = divmod(index, CARD_COUNT)
        if first == last:
            return f"{self.verb} {CARDS[first]}"
        return f"{self.verb} {CARDS[first]} .. {CARDS[last]}"


_HOW: dict[type[ActionCodec], int] = {FlagCodec: 0, CardCodec: 1}
"""The codecs (exactly these classes, not subclasses) whose index
:meth:`ActionEncoding.legal` finds without calling them."""

CodecFactory = Any
"""An :class:`ActionCodec`, or a callable ``(limits) -> ActionCodec``."""

_SHAPES: dict[tuple[str, ...], Callable[[type[Action], Limits], ActionCodec]] = {
    (): lambda kind, limits: FlagCodec(kind.verb),
    ("card",): lambda kind, limits: CardCodec(kind.verb),
    ("count",): lambda kind, limits: CountCodec(kind.verb, limits.max_take),
    ("melds",): lambda kind, limits: PositionalCodec(kind.verb, limits.max_downs),
    ("target",): lambda kind, limits: TargetCodec(kind.verb, limits.max_melds),
    ("target", "role"): lambda kind, limits: MeaningTargetCodec(kind, limits.max_melds),
    ("cards",): lambda kind, limits: PlayCodec(kind.verb),
    ("card", "target", "end", "role"): (
        lambda kind, limits: LayOffCodec(kind, limits.max_melds, limits.max_placings)
    ),
    ("card", "target", "joker_to", "end", "role"): (
        lambda kind, limits: ExchangeCodec(kind.verb, limits.max_placings)
    ),
}
"""The codec of an action type by its fields, in order: draw and pass; discard; take
``N``; a go-down or a claim with its melds; a meld number; a correction onto a meld,
saying what the card stands for; a play of cards; a lay-off; a joker exchange."""
_REGISTERED: dict[type[Action], Any] = {}


def register_action(action_type: type[Action], codec: CodecFactory) -> None:
    """Encode a game's own ``action_type`` with ``codec`` (an :class:`ActionCodec`, or a
    callable that takes the :class:`Limits` and returns one) in every environment.

    >>> import attrs
    >>> from typing import ClassVar
    >>> from rummykit.kit import Action
    >>> @attrs.frozen
    ... class Signal(Action):
    ...     verb: ClassVar[str] = "signal"
    ...     level: int
    >>> register_action(Signal, PositionalCodec("signal", 4))
    >>> codec_for(Signal, Limits()).size
    4
    """
    if not (isinstance(action_type, type) and issubclass(action_type, Action)):
        raise EncodingError(f"not an Action type: {action_type!r}")
    _REGISTERED[action_type] = codec


def unregister_action(action_type: type[Action]) -> bool:
    """Forget the codec :func:`register_action` gave ``action_type`` (the built-in codecs
    stay); True if there was one. Environments made afterwards no longer encode it."""
    if not (isinstance(action_type, type) and issubclass(action_type, Action)):
        raise EncodingError(f"not an Action type: {action_type!r}")
    return _REGISTERED.pop(action_type, None) is not None


def _fields(action_type: type[Action]) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(action_type))


def codec_for(
    action_type: type[Action], limits: Limits, codecs: Mapping[type[Action], Any] | None = None
) -> ActionCodec:
    """The codec of ``action_type``: from ``codecs``, then :func:`register_action`, then
    by its shape, the names of its attrs fields (see the module).

    >>> from rummykit import game
    >>> [type(codec_for(kind, Limits())).__name__ for kind in game("posso").actions][:5]
    ['FlagCodec', 'CountCodec', 'PositionalCodec', 'MeaningTargetCodec', 'FlagCodec']
    """
    for table in (codecs or {}, _REGISTERED):
        if action_type in table:
            found = table[action_type]
            codec = found if isinstance(found, ActionCodec) else found(limits)
            if not isinstance(codec, ActionCodec):
                raise EncodingError(f"the codec for {action_type.__name__} is not an ActionCodec")
            return codec
    fields = _fields(action_type)
    by_shape = _SHAPES.get(fields)
    if by_shape is not None:
        return by_shape(action_type, limits)
    raise EncodingError(
        f"no action codec for {action_type.__name__} (fields: {', '.join(fields)}); "
        f"register one: rummykit.rl.register_action({action_type.__name__}, "
        "PositionalCodec(verb, limit)) or pass codecs={...}"
    )


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


@attrs.frozen
class Block:
    """The indices ``offset .. offset + size - 1`` of one action type."""

    name: str
    action_type: type[Action]
    offset: int
    codec: ActionCodec = attrs.field(eq=False)

    @property
    def size(self) -> int:
        """How many indices the block has."""
        return self.codec.size


@attrs.frozen
class LegalActions:
    """The legal actions now, encoded: their ``indices`` (in the legal order) and each
    index's action; ``dropped`` counts legal actions beyond the :class:`Limits`."""

    indices: tuple[int, ...]
    actions: Mapping[int, Action]
    dropped: int = 0
    """How many legal actions lie beyond the :class:`Limits` and have no index."""

    def action(self, index: int) -> Action:
        """The legal action at ``index`` (a :class:`KeyError` when it is not legal)."""
        return self.actions[index]


@final
class ActionEncoding:
    """The action space of one game: a block of indices per declared action type.

    Build it with :meth:`for_game`; :meth:`legal` encodes the legal actions of a
    position (and so decodes an index back to its action), :meth:`encode` one action.
    A game encodes an action type its own way with a codec (``codecs=``), not a
    subclass.
    """

    def __init__(self, action_types: Sequence[type[Action]], blocks: Sequence[Block]) -> None:
        self.action_types = tuple(action_types)
        self.blocks = tuple(blocks)
        self.size = sum(block.size for block in blocks)
        self._by_type = {block.action_type: block for block in blocks}
        self._by_name = {block.name: block for block in blocks}
        self._encoders: dict[type[Any], Encoder] = {}
        """Each action type's first index, how its index is found (0: the block's one
        index, a :class:`FlagCodec`'s; 1: its card's code, a :class:`CardCodec`'s; 2: its
        codec's ``encode``) and that ``encode``: what :meth:`encode` does, without its
        calls where they are sure, for :meth:`legal`."""
        for block in blocks:
            how = _HOW.get(type(block.codec), 2)
            self._encoders[block.action_type] = (block.offset, how, block.codec.encode)

    @classmethod
    def for_game(
        cls,
        definition: Any,
        *,
        players: int | None = None,
        limits: Limits | None = None,
        codecs: Mapping[type[Action], Any] | None = None,
    ) -> ActionEncoding:
        """The encoding of ``definition``'s actions (``players`` is accepted for
        symmetry with :class:`~rummykit.rl.ObservationEncoding`; the layout does not
        depend on it)."""
        return cls.from_types(definition.actions, limits=limits, codecs=codecs)

    @classmethod
    def from_types(
        cls,
        action_types: Iterable[type[Action]],
        *,
        limits: Limits | None = None,
        codecs: Mapping[type[Action], Any] | None = None,
    ) -> ActionEncoding:
        """The encoding of these action types, in this order."""
        if limits is None:
            limits = Limits()
        elif not isinstance(limits, Limits):
            raise ConfigError(f"limits is a rummykit.rl.Limits or None, got {shown(limits)}")
        if codecs is not None and not isinstance(codecs, Mapping):
            raise ConfigError(
                "codecs is None or a mapping of action types to an ActionCodec (or a "
                f"function of the Limits making one), got {shown(codecs)}"
            )
        types = tuple(dict.fromkeys(action_types))
        if not types:
            raise EncodingError("a game with no action types cannot be encoded")
        blocks: list[Block] = []
        offset = 0
        names: set[str] = set()
        for action_type in types:
            codec = codec_for(action_type, limits, codecs)
            name = _snake(action_type.__name__)
            if name in names:
                name = f"{action_type.__module__}.{action_type.__qualname__}"
            names.add(name)
            blocks.append(Block(name, action_type, offset, codec))
            offset += codec.size
        return cls(types, blocks)

    def offset(self, name: str) -> int:
        """The first index of the block called ``name`` (``discard``, ``lay_off``; the
        names are those of ``blocks``)."""
        block = self._by_name.get(name) if isinstance(name, str) else None
        if block is None:
            known = ", ".join(block.name for block in self.blocks)
            raise EncodingError(f"no action block called {shown(name)} (blocks: {known})")
        return block.offset

    def block_of(self, index: int) -> Block:
        """The block that holds ``index``."""
        if not 0 <= index < self.size:
            raise EncodingError(f"action index {index} is outside 0..{self.size - 1}")
        for block in self.blocks:
            if index < block.offset + block.size:
                return block
        raise AssertionError("unreachable")  # pragma: no cover

    def describe(self, index: int) -> str:
        """What ``index`` stands for."""
        block = self.block_of(index)
        return block.codec.describe(index - block.offset)

    def _block(self, action: Action) -> Block:
        block = self._by_type.get(type(action))
        if block is None:
            known = ", ".join(kind.__name__ for kind in self.action_types)
            raise EncodingError(
                f"{type(action).__name__} ({action}) is not one of this game's action "
                f"types ({known})"
            )
        return block

    def encode(self, action: Action, rank: int = 0) -> int | None:
        """The index of ``action`` (``rank``: its place among the legal actions of its
        type, for positional blocks); ``None`` when it is beyond the limits."""
        block = self._block(action)
        local = block.codec.encode(action, rank)
        return None if local is None else block.offset + local

    def legal(self, actions: Sequence[Action]) -> LegalActions:
        """Encode the legal ``actions`` of a position; two on one index is an error."""
        return LegalActions(*self.legal_parts(actions))

    def legal_parts(
        self, actions: Sequence[Action]
    ) -> tuple[tuple[int, ...], dict[int, Action], int]:
        """What :meth:`legal` holds, without making the frozen value: the indices in
        the legal order, each index's action, how many were dropped (the same checks
        and errors). The environments' every step reads these."""
        indices, table, dropped, clash = encode_actions(actions, self._encoders, self.encode)
        if clash is not None:
            index, action = clash
            raise EncodingError(
                f"{table[index]} and {action} share action index {index}; "
                f"the codec of {type(action).__name__} cannot tell them apart"
            )
        if actions and not indices:
            raise EncodingError(
                f"every legal action is beyond the limits ({dropped} dropped); "
                "raise max_melds, max_take or max_downs"
            )
        return tuple(indices), table, dropped
