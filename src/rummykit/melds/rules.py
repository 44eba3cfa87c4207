"""What a meld is, as data: sizes, the ace, jokers and wild ranks.

:class:`MeldRules` is a frozen value; every field has a plain default, and a game sets
the ones where its rules differ (each game keeps its own, see :mod:`rummykit.presets`):

>>> from rummykit import AcePolicy, MeldRules
>>> rules = MeldRules(group_max=8, ace=AcePolicy.WRAP, max_jokers_per_meld=1)
>>> rules.accepts("QS KS AS 2S"), MeldRules().accepts("QS KS AS 2S")
(True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummykit._boundary import flag
from rummykit.cards import CARDS, Card, CardsLike, Rank, parse_cards, to_cards
from rummykit.errors import ConfigError, InvalidMeldError
from rummykit.melds.kinds import AcePolicy, MeldKind, WildLimit
from rummykit.melds.meld import Meld, Role
from rummykit.melds.validate import natural_accepts, validate
from rummykit.messages import Message


def _positive(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None and attribute.name in {"group_max", "max_jokers_per_meld"}:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"{attribute.name} must be a whole number >= 0, got {value!r}")


_GROUP_RUN: Final = (MeldKind.GROUP, MeldKind.RUN)
"""The default kinds (the converter hands this very tuple back for equal input)."""


def _kinds(value: Any) -> tuple[MeldKind, ...]:
    if isinstance(value, (str, MeldKind)):
        value = (value,)
    try:
        kinds = tuple(dict.fromkeys(MeldKind.named(item) for item in value))
    except TypeError:
        raise ConfigError(f"kinds must be meld kinds or their names, got {value!r}") from None
    if not kinds:
        raise ConfigError("kinds must name at least one kind of meld")
    return _GROUP_RUN if kinds == _GROUP_RUN else kinds


def _wild_ranks(value: Any) -> frozenset[Rank]:
    try:
        return frozenset(Rank(rank) for rank in value)
    except (TypeError, ValueError):
        raise ConfigError(f"wild_ranks must be ranks, got {value!r}") from None


@attrs.frozen(kw_only=True, cache_hash=True)
class MeldRules:
    """The rules of melds for one game or house.

    Every field has a plain default (groups of 3+, runs of 4-13, ace low or high, any
    number of jokers); each game gives its own values.
    """

    group_min: int = attrs.field(default=3, validator=_positive)
    """Fewest cards in a group."""
    group_max: int | None = attrs.field(default=None, validator=_positive)
    """Most cards in a group, jokers included; ``None`` for no limit."""
    run_min: int = attrs.field(default=4, validator=_positive)
    """Fewest cards in a run."""
    run_max: int = attrs.field(default=13, validator=_positive)
    """Most cards in a run, jokers included (never more than 13)."""
    ace: AcePolicy = AcePolicy.LOW_OR_HIGH
    """Where an ace may sit in a run."""
    group_distinct_suits: bool = False
    """True: a group may not hold two natural cards of one suit (one-deck groups)."""
    jokers_allowed: bool = True
    """False: no wild card may be used in a meld."""
    max_jokers_per_meld: int | None = attrs.field(default=None, validator=_positive)
    """Most wild cards in one meld; ``None`` for no limit."""
    joker_at_run_end: bool = True
    """False: a wild card may only fill a gap inside a run, never sit at its ends."""
    wild_limit: WildLimit = WildLimit.NONE
    """How many wilds a meld may hold against its naturals."""
    wild_limit_on_layoff: bool = True
    """False: :attr:`wild_limit` is checked when a meld is laid down but not on lay-offs."""
    group_min_naturals: int = attrs.field(default=1, validator=_positive)
    """Fewest natural cards in a group."""
    run_min_naturals: int = attrs.field(default=1, validator=_positive)
    """Fewest natural cards in a run."""
    wild_ranks: frozenset[Rank] = attrs.field(default=frozenset(), converter=_wild_ranks)
    """Ranks whose cards are wild too (deuces wild: ``{Rank.TWO}``)."""
    wild_as_natural: bool = True
    """True: a wild-rank card may also count as itself where it fits. False: it is only
    ever wild, and its rank has no place of its own in a run (so with deuces wild and
    aces high, runs span 3 to A)."""
    kinds: tuple[MeldKind, ...] = attrs.field(default=_GROUP_RUN, converter=_kinds)
    """The kinds of meld the game allows, in the order a meld of no stated kind is
    tried (group and run by default; names or letters read too: ``("group", "flush")``)."""

    def __attrs_post_init__(self) -> None:
        if self.run_max > 13:
            raise ConfigError(f"run_max must be at most 13, got {self.run_max}")
        if self.run_min < 2 or self.run_min > self.run_max:
            raise ConfigError(
                f"run_min must be from 2 to run_max ({self.run_max}), got {self.run_min}"
            )
        if self.group_min < 2:
            raise ConfigError(f"group_min must be at least 2, got {self.group_min}")
        if self.group_max is not None and self.group_max < self.group_min:
            raise ConfigError(
                f"group_max ({self.group_max}) is smaller than group_min ({self.group_min})"
            )

    @property
    def wild_possible(self) -> bool:
        """Whether any wild card can appear in a meld under these rules."""
        return self.jokers_allowed

    def validate(
        self,
        cards: CardsLike,
        kind: MeldKind | None = None,
        *,
        ordered: bool = False,
        roles: Sequence[Role | None] | None = None,
    ) -> Meld:
        """The meld ``cards`` make, or :class:`~rummykit.errors.InvalidMeldError` saying why.

        The order of natural cards does not matter. Where wild cards make the
        meaning ambiguous, ``roles`` (what each wild card stands for) or the order given
        decides, as :mod:`rummykit.melds.validate` documents; ``ordered=True`` reads the
        cards as a run written from its low end, every wild card playing its slot.

        >>> rules = MeldRules(group_max=8, ace=AcePolicy.WRAP, max_jokers_per_meld=1)
        >>> rules.validate("3S 2S AS KS")
        Meld.parse('KS AS 2S 3S')
        >>> rules.validate("9C 10C JC KC")
        Traceback (most recent call last):
        ...
        rummykit.errors.InvalidMeldError: 9C 10C JC KC: QC is missing
        """
        flag("ordered", ordered)  # before the compiled validate's own bare TypeError
        cards = to_cards(cards)
        if (kind is None or kind.shape is None) and (
            self.kinds is _GROUP_RUN or self.kinds == _GROUP_RUN
        ):  # groups and runs only: the validator's own code, as before kinds were open
            return validate(self, cards, kind, ordered=ordered, roles=roles)
        return validate_kind(self, cards, kind, ordered=ordered, roles=roles)

    def accepts(
        self, cards: CardsLike, kind: MeldKind | None = None, *, ordered: bool = False
    ) -> bool:
        """Whether ``cards`` form a meld (of ``kind``, if given); never raises for bad melds.

        >>> MeldRules(ace=AcePolicy.LOW_OR_HIGH).accepts("QS KS AS 2S")
        False
        """
        flag("ordered", ordered)
        if isinstance(cards, str):
            cards = parse_cards(cards)
        try:
            codes = [card.code for card in cards]
        except (AttributeError, TypeError):
            cards = to_cards(cards)  # raises the notation error naming the stray item
            raise  # pragma: no cover - to_cards always raises here
        if not codes:
            return False
        other_kinds = self.kinds is not _GROUP_RUN and self.kinds != _GROUP_RUN  # unpickled
        if other_kinds or (kind is not None and kind.shape is not None):
            try:
                validate_kind(self, tuple(CARDS[code] for code in codes), kind, ordered=ordered)
            except InvalidMeldError:
                return False
            return True
        if (
            not ordered
            and 52 not in codes
            and not (self.wild_ranks and any(CARDS[code].rank in self.wild_ranks for code in codes))
        ):
            return natural_accepts(self, codes, kind)
        cards = tuple(CARDS[code] for code in codes)
        try:
            validate(self, cards, kind, ordered=ordered)
        except InvalidMeldError:
            return False
        return True


def validate_kind(
    rules: MeldRules,
    cards: Sequence[Card],
    kind: MeldKind | None,
    *,
    ordered: bool = False,
    roles: Sequence[Role | None] | None = None,
) -> Meld:
    """:meth:`MeldRules.validate` for any kind: a kind the rules do not list is refused;
    with no kind, group and run are tried together (as the validator does), then each
    other kind of the rules in turn; the first that makes a meld wins."""
    if kind is not None:
        if kind not in rules.kinds:
            allowed = ", ".join(item.value for item in rules.kinds)
            params: dict[str, object] = {"kind": kind.value, "kinds": allowed}
            raise InvalidMeldError(Message("meld.kind_absent", params), cards=cards)
        if kind.shape is None:
            return validate(rules, cards, kind, ordered=ordered, roles=roles)
        return _judge(rules, cards, kind, roles)
    if not cards:
        raise InvalidMeldError(Message("meld.no_cards"), cards=())
    first: InvalidMeldError | None = None
    builtin = [item for item in rules.kinds if item.shape is None]
    if builtin:
        try:
            return validate(
                rules,
                cards,
                None if len(builtin) == 2 else builtin[0],
                ordered=ordered,
                roles=roles,
            )
        except InvalidMeldError as error:
            first = error
    for item in rules.kinds:
        if item.shape is None:
            continue
        try:
            return _judge(rules, cards, item, roles)
        except InvalidMeldError as error:
            first = first or error
    assert first is not None
    raise first


def _judge(
    rules: MeldRules, cards: Sequence[Card], kind: MeldKind, roles: Sequence[Role | None] | None
) -> Meld:
    assert kind.shape is not None
    if roles is not None and len(roles) != len(cards):
        params: dict[str, object] = {"roles": len(roles), "count": len(cards)}
        raise InvalidMeldError(Message("meld.roles_count", params), cards=cards)
    if not cards:
        raise InvalidMeldError(Message("meld.no_cards"), cards=())
    return kind.shape.judge(kind, cards, rules, (None,) * len(cards) if roles is None else roles)


@functools.cache
def reading_rules() -> MeldRules:
    """The rules :meth:`Meld.parse <rummykit.Meld.parse>` reads a meld with when given
    none: groups of 3-8, runs of 4-13 that may turn the corner (K-A-2), one wild card per
    meld, so that a meld's ``repr`` reads back.

    >>> reading_rules().validate("QS KS AS 2S")
    Meld.parse('QS KS AS 2S')
    """
    return MeldRules(group_max=8, ace=AcePolicy.WRAP, max_jokers_per_meld=1)
