"""Contracts: the melds a player must lay down to go down, as data with a notation.

A :class:`Contract` is a tuple of :class:`Requirement` lines plus flags:

>>> from rummykit import Contract
>>> contract = Contract.parse("2G+1R")
>>> [(item.kind.value, item.count) for item in contract.requirements]
[('group', 2), ('run', 1)]
>>> contract, contract.exact, contract.distinct_ranks
(Contract.parse('2G+1R'), True, True)
>>> Contract.parse("G3+R5").notation
'G3+R5'

Besides ``G`` (group) and ``R`` (run), every registered kind has its letter: ``F``
(flush), ``C`` (colour), ``P`` (pair) ship. A size may be exact (``G3=``: a group of
exactly 3 cards) or a range (``R4-5``):

>>> [(item.kind.value, item.count, item.min_size, item.max_size)
...  for item in Contract.parse("2G3=+1F4-5+P").requirements]
[('group', 2, 3, 3), ('flush', 1, 4, 5), ('pair', 1, None, None)]
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, product
from typing import Any, Final

import attrs

from rummykit._memo import BoundedMemo
from rummykit.cards import CardsLike, Suit
from rummykit.errors import ConfigError, ContractError, InvalidMeldError, shorten
from rummykit.melds import AcePolicy, Meld, MeldKind, MeldRules
from rummykit.messages import Message, text_message


class SameSuitRuns(enum.Enum):
    """How two runs of one suit in one contract are treated."""

    FORBIDDEN = "forbidden"
    """Never."""
    ALLOWED = "allowed"
    """Always."""
    APART = "apart"
    """Only with at least :attr:`.Contract.runs_apart` missing ranks between them."""


def _whole(low: int) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is None and attribute.name in {"min_size", "max_size"}:
            return
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            params: dict[str, object] = {"name": attribute.name, "least": low, "value": repr(value)}
            raise ContractError(Message("contract.whole", params))

    return check


def _kind(value: Any) -> MeldKind:
    try:
        return MeldKind.named(value)
    except ConfigError as error:
        said = Message("contract.unknown_kind", {"detail": text_message(str(error))})
        raise ContractError(said) from None


@attrs.frozen(cache_hash=True)
class Requirement:
    """One line of a contract: ``count`` melds of ``kind``, each of ``min_size`` to
    ``max_size`` cards when it goes down.

    ``kind`` is a :class:`~rummykit.MeldKind` or its name or letter (``"flush"``,
    ``"F"``); an unknown one is a :class:`~rummykit.errors.ContractError`.
    ``min_size=None`` means the meld rules' own minimum for the kind, ``max_size=None``
    no bound but theirs. A size below the kind's minimum is refused where the contract
    meets its rules (:meth:`Contract.check_rules`), never read as the minimum. The sizes
    bind the melds that go down; lay-offs may grow them afterwards.
    """

    kind: MeldKind = attrs.field(converter=_kind)
    count: int = attrs.field(default=1, validator=_whole(1))
    min_size: int | None = attrs.field(default=None, validator=_whole(2))
    max_size: int | None = attrs.field(default=None, kw_only=True, validator=_whole(2))

    def __attrs_post_init__(self) -> None:
        if self.max_size is not None and self.max_size < (self.min_size or 2):
            params: dict[str, object] = {
                "requirement": self.notation,
                "most": self.max_size,
                "least": self.min_size,
            }
            raise ContractError(Message("contract.max_below_min", params))

    @property
    def notation(self) -> str:
        """``2G``, ``R5``, ``2G4``, ``G3=`` (exactly 3), ``R4-5`` (4 to 5 cards): the count
        is left out when it is 1 and a size is given."""
        sized = self.min_size is not None or self.max_size is not None
        count = "" if self.count == 1 and sized else str(self.count)
        size = "" if self.min_size is None else str(self.min_size)
        if self.max_size is not None:
            size += "=" if self.max_size == self.min_size else f"-{self.max_size}"
        return f"{count}{self.kind.letter}{size}"

    def size_for(self, rules: MeldRules) -> int:
        """The fewest cards a meld of this line needs under ``rules``."""
        return max(self.kind.min_size(rules), self.min_size or 0)

    def max_for(self, rules: MeldRules) -> int | None:
        """The most cards a meld of this line may hold when it goes down under ``rules``."""
        theirs = self.kind.max_size(rules)
        if self.max_size is None:
            return theirs
        return self.max_size if theirs is None else min(theirs, self.max_size)

    def takes(self, meld: Meld, rules: MeldRules) -> bool:
        """Whether ``meld`` fills this line: its kind, and a size within the line's."""
        if meld.kind is not self.kind or len(meld) < self.size_for(rules):
            return False
        most = self.max_size
        return most is None or len(meld) <= most

    def size_problem(self, rules: MeldRules) -> Message | None:
        """Why no meld of ``rules`` can fill this line (a kind the rules lack, a size
        below the kind's minimum or above its maximum), or ``None``."""
        if self.kind not in rules.kinds:
            allowed = ", ".join(kind.value for kind in rules.kinds)
            params: dict[str, object] = {
                "requirement": self.notation,
                "kind": self.kind.value,
                "kinds": allowed,
            }
            return Message("contract.kind_absent", params)
        floor, ceiling = self.kind.min_size(rules), self.kind.max_size(rules)
        if self.min_size is not None and self.min_size < floor:
            params = {"requirement": self.notation, "kind": self.kind.value}
            return Message("contract.size_below", params | {"size": self.min_size, "least": floor})
        if ceiling is not None and self.size_for(rules) > ceiling:
            params = {"requirement": self.notation, "kind": self.kind.value}
            params |= {"size": self.size_for(rules), "most": ceiling}
            return Message("contract.size_above", params)
        return None


# One term: an optional count, the kind's letter, an optional size; each number in ASCII
# digits and short (a bare \d would take "²", which int() refuses).
_TERM = re.compile(r"^([0-9]{0,3})\s*([A-Z])\s*([0-9]{0,3})\s*(=|-\s*[0-9]{1,3})?$", re.IGNORECASE)


def _requirements(value: Iterable[Requirement]) -> tuple[Requirement, ...]:
    result = tuple(value)
    if not result:
        raise ContractError(Message("contract.no_requirement"))
    if not all(isinstance(item, Requirement) for item in result):
        raise ContractError(Message("contract.not_requirements", {"value": repr(result)}))
    if sum(item.count for item in result) > 20:
        raise ContractError(Message("contract.too_many_melds", {"most": 20}))
    return result


def _flag(instance: object, attribute: Any, value: object) -> None:
    if not isinstance(value, bool):
        params: dict[str, object] = {"name": attribute.name, "value": repr(value)}
        raise ContractError(Message("contract.flag_bool", params))


def _same_suit_runs(value: Any) -> SameSuitRuns:
    try:
        return SameSuitRuns(value)
    except ValueError:
        known = ", ".join(repr(item.value) for item in SameSuitRuns)
        params: dict[str, object] = {"known": known, "value": repr(value)}
        raise ContractError(Message("contract.same_suit_runs", params)) from None


@attrs.frozen(kw_only=True, cache_hash=True)
class Contract:
    """The melds a player must lay down, with the rules that bind them together.

    ``exact``: no more and no fewer melds than required; otherwise the requirements are
    a minimum and further melds may go down with them.
    ``distinct_ranks``: two required groups may not share a rank.
    ``same_suit_runs``: whether two runs may share a suit (forbidden by default).
    """

    requirements: tuple[Requirement, ...] = attrs.field(converter=_requirements)
    exact: bool = attrs.field(default=True, validator=_flag)
    distinct_ranks: bool = attrs.field(default=True, validator=_flag)
    same_suit_runs: SameSuitRuns = attrs.field(
        default=SameSuitRuns.FORBIDDEN, converter=_same_suit_runs
    )
    runs_apart: int = attrs.field(default=2, validator=_whole(0))
    """Fewest missing ranks between two runs of one suit under :attr:`SameSuitRuns.APART`."""

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        like: Contract | None = None,
        rules: MeldRules | None = None,
        **flags: Any,
    ) -> Contract:
        """Read ``2G+1R``, ``3G``, ``G+R``, ``G3+R5`` (``S`` reads as ``G``), any
        registered kind's letter (``2F4``, ``1C7``, ``3P``), exact sizes (``G3=``) and
        ranges (``R4-6``).

        The flags come from ``like`` (a game's conventions) or the defaults (exact, distinct), and
        then from keywords (``exact=False``). With ``rules``, the contract is also checked
        against them (:meth:`check_rules`).

        >>> Contract.parse("G+R", exact=False)
        Contract.parse('1G+1R', exact=False)
        >>> from rummykit import MeldRules
        >>> Contract.parse("G5+G2", rules=MeldRules())
        Traceback (most recent call last):
        ...
        rummykit.errors.ContractError: G2 asks for a group of 2 cards, but a group needs at least 3
        """
        contract = _parse(cls, text, like)
        try:
            contract = attrs.evolve(contract, **flags) if flags else contract
        except TypeError as error:
            said = Message("contract.unknown_flag", {"detail": text_message(str(error))})
            raise ContractError(said) from None
        if rules is not None:
            contract.check_rules(rules)
        return contract

    def check_rules(self, rules: MeldRules) -> None:
        """Refuse, with a :class:`~rummykit.errors.ContractError` saying why, a contract
        no laydown under ``rules`` can meet line by line: a kind the rules do not allow
        (``Requirement(kind="flush")`` in a game of groups and runs), a size below the
        kind's minimum (``G2`` where groups need 3) or above its maximum.

        >>> from rummykit import MeldRules
        >>> Contract.parse("1F4").check_rules(MeldRules())  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummykit.errors.ContractError: F4 asks for flush melds, which these meld rules lack ...
        """
        for item in self.requirements:
            reason = item.size_problem(rules)
            if reason is not None:
                raise ContractError(reason, contract=self)

    @property
    def notation(self) -> str:
        """The requirements in notation, e.g. ``2G+1R``."""
        return "+".join(requirement.notation for requirement in self.requirements)

    def __repr__(self) -> str:
        flags = [
            f"{name}={getattr(self, name)!r}"
            for name in ("exact", "distinct_ranks")
            if getattr(self, name) is not True
        ]
        if self.same_suit_runs is not SameSuitRuns.FORBIDDEN:
            flags.append(f"same_suit_runs={self.same_suit_runs}")
            if self.same_suit_runs is SameSuitRuns.APART:
                flags.append(f"runs_apart={self.runs_apart}")
        return f"Contract.parse({self.notation!r}{''.join(', ' + flag for flag in flags)})"

    def __str__(self) -> str:
        return self.notation

    @property
    def kinds(self) -> tuple[MeldKind, ...]:
        """The kinds the contract asks for, in the order of its requirements."""
        return tuple(dict.fromkeys(item.kind for item in self.requirements))

    def count(self, kind: MeldKind) -> int:
        """How many melds of ``kind`` the contract asks for."""
        return sum(item.count for item in self.requirements if item.kind is kind)

    @property
    def slots(self) -> tuple[Requirement, ...]:
        """One requirement of count 1 per required meld: groups first, then runs, then the
        other kinds in the order registered, larger sizes first."""
        slots = _SLOTS.get(self)
        if slots is None:
            items = [
                attrs.evolve(item, count=1) for item in self.requirements for _ in range(item.count)
            ]
            order = {kind: index for index, kind in enumerate(MeldKind.registered())}
            items.sort(key=lambda item: (order.get(item.kind, len(order)), -(item.min_size or 0)))
            slots = _SLOTS.put(self, tuple(items))
        return slots

    def min_cards(self, rules: MeldRules) -> int:
        """The fewest cards that can meet the contract."""
        return sum(item.size_for(rules) * item.count for item in self.requirements)

    def check(self, melds: Sequence[Meld | CardsLike], rules: MeldRules) -> tuple[Meld, ...]:
        """Validate a laydown; return its melds or raise
        :class:`~rummykit.errors.ContractError` saying why.

        Card lists are validated as melds first (in the kind their cards make).

        >>> from rummykit import MeldRules
        >>> rules = MeldRules(group_max=8)
        >>> Contract.parse("2G").check(["JS JH JD", "JC JC JH"], rules)
        Traceback (most recent call last):
        ...
        rummykit.errors.ContractError: two groups of the same rank (J)
        """
        self.check_rules(rules)
        built = []
        for index, item in enumerate(melds):
            if isinstance(item, Meld):
                built.append(item)
                continue
            try:
                built.append(rules.validate(item))
            except InvalidMeldError as error:
                params: dict[str, object] = {"number": index + 1, "detail": error.message}
                raise ContractError(Message("contract.bad_meld", params), contract=self) from None
        built = list(self.reading(built, rules))
        reason = self.violation(built, rules)
        if reason is not None:
            raise ContractError(reason, contract=self)
        return tuple(built)

    def reading(self, melds: Sequence[Meld], rules: MeldRules) -> tuple[Meld, ...]:
        """``melds`` read as the kinds this contract asks for, where their cards allow:
        cards of one suit in sequence are a run and a flush too, two of a rank a group
        and a pair. The first reading (each meld as validated first) that meets the
        contract wins; where none does, the melds as given.

        >>> from rummykit import MeldRules
        >>> rules = MeldRules(kinds=("group", "run", "flush"))
        >>> run = rules.validate("5S 6S 7S 8S")
        >>> Contract.parse("1F4").reading([run], rules)[0].kind
        MeldKind.FLUSH
        """
        if rules.kinds == (MeldKind.GROUP, MeldKind.RUN) or self.violation(melds, rules) is None:
            return tuple(melds)
        options: list[list[Meld]] = []
        for meld in melds:
            found = [meld]
            roles = [meld.role(i) if meld.is_wild_at(i) else None for i in range(len(meld))]
            for kind in self.kinds:
                if kind is meld.kind or kind not in rules.kinds:
                    continue
                for given in (roles, None):
                    try:
                        found.append(rules.validate(meld.cards, kind, roles=given))
                        break
                    except InvalidMeldError:
                        continue
            options.append(found)
        for reading in product(*options):
            if self.violation(reading, rules) is None:
                return tuple(reading)
        return tuple(melds)

    def meets(self, melds: Sequence[Meld | CardsLike], rules: MeldRules) -> bool:
        """Whether :meth:`check` accepts the laydown."""
        try:
            self.check(melds, rules)
        except ContractError:
            return False
        return True

    def violation(self, melds: Sequence[Meld], rules: MeldRules) -> Message | None:
        """The first rule the (valid) melds break, or ``None`` when they meet the contract.

        ``exact`` counts melds: no more and no fewer of each kind than asked; the sizes
        come from each requirement (``min_size``, ``max_size``).
        """
        for item in self.requirements:
            reason = item.size_problem(rules)
            if reason is not None:
                return Message("contract.named", {"contract": self.notation, "detail": reason})
        by_kind: dict[MeldKind, list[Meld]] = {}
        for meld in melds:
            by_kind.setdefault(meld.kind, []).append(meld)
        wanted = {kind: self.count(kind) for kind in self.kinds}
        if self.exact:
            for kind, have in by_kind.items():
                if have and kind not in wanted:
                    asked = tuple(_kinds(item) for item in wanted)
                    params: dict[str, object] = {
                        "contract": self.notation,
                        "asked": asked,
                        "kind": kind.value,
                    }
                    return Message("contract.only", params)
            for kind, want in wanted.items():
                have_count = len(by_kind.get(kind, ()))
                if have_count != want:
                    params = {"contract": self.notation, "asked": _melds(want, kind)}
                    return Message("contract.exactly", params | {"got": have_count})
        else:
            short = [kind for kind, want in wanted.items() if len(by_kind.get(kind, ())) < want]
            if short:
                asked = tuple(_melds(want, kind) for kind, want in wanted.items())
                got = tuple(len(by_kind.get(kind, ())) for kind in wanted)
                params = {"contract": self.notation, "asked": asked, "got": got}
                return Message("contract.at_least", params)
        for kind in wanted:
            reason = _choose(self, by_kind.get(kind, []), kind, rules)
            if reason is not None:
                return reason
        return None


_SLOTS: Final = BoundedMemo[Contract, tuple[Requirement, ...]]("contract slots", entries=4096)


def _melds(count: int, kind: MeldKind) -> Message:
    """``2 groups``, ``1 run``, ``3 flushes`` as a message."""
    if kind is MeldKind.GROUP:
        return Message("contract.n_groups", {"count": count})
    if kind is MeldKind.RUN:
        return Message("contract.n_runs", {"count": count})
    if count == 1:
        return Message("contract.one_kind", {"count": count, "kind": kind.value})
    return Message("contract.n_kinds", {"count": count, "kind": kind.value})


def _kinds(kind: MeldKind) -> Message:
    """``groups``, ``runs``, ``flushs`` (a kind named in the plural) as a message."""
    if kind is MeldKind.GROUP:
        return Message("contract.groups")
    if kind is MeldKind.RUN:
        return Message("contract.runs")
    return Message("contract.kinds", {"kind": kind.value})


def _fits(slots: Sequence[Requirement], melds: Sequence[Meld], rules: MeldRules) -> bool:
    """Whether the melds can be matched one to one to slots whose sizes they have."""
    if all(slot.max_size is None for slot in slots):  # sizes are minimums: sort and compare
        sizes = sorted((len(meld) for meld in melds), reverse=True)
        needs = sorted((slot.size_for(rules) for slot in slots), reverse=True)
        return all(size >= need for size, need in zip(sizes, needs, strict=True))
    return _matching(list(slots), [len(meld) for meld in melds], rules)


def _matching(slots: list[Requirement], sizes: list[int], rules: MeldRules) -> bool:
    """Whether each size can take a slot of its own that admits it (a few slots: search)."""
    if not sizes:
        return True
    size, rest = sizes[0], sizes[1:]
    tried: set[tuple[int, int | None]] = set()
    for index, slot in enumerate(slots):
        bounds = (slot.size_for(rules), slot.max_size)
        if bounds in tried:
            continue
        tried.add(bounds)
        admits = size >= bounds[0] and (bounds[1] is None or size <= bounds[1])
        if admits and _matching(slots[:index] + slots[index + 1 :], rest, rules):
            return True
    return False


def conflict(
    contract: Contract, melds: Sequence[Meld], kind: MeldKind, rules: MeldRules
) -> Message | None:
    """Why melds of ``kind`` clash under the contract's rules (same rank, same suit), or
    ``None``: the part of :meth:`.Contract.violation` that also binds partial laydowns."""
    if kind is MeldKind.GROUP:
        if contract.distinct_ranks:
            for first, second in combinations(melds, 2):
                if first.rank is second.rank:
                    return Message("contract.same_rank", {"rank": first.rank.symbol})
        return None
    if kind is not MeldKind.RUN or contract.same_suit_runs is SameSuitRuns.ALLOWED:
        return None  # the other kinds bind nothing across melds
    for first, second in combinations(melds, 2):
        if first.suit is not second.suit:
            continue
        assert first.suit is not None
        suit = _SUIT_NAMES[first.suit]
        if contract.same_suit_runs is SameSuitRuns.FORBIDDEN:
            return Message("contract.same_suit", {"key": suit})
        gap = run_gap(first, second, circular=rules.ace is AcePolicy.WRAP)
        if gap < contract.runs_apart:
            params: dict[str, object] = {"key": suit, "least": contract.runs_apart, "gap": gap}
            return Message("contract.runs_apart", params)
    return None


_SUIT_NAMES = {suit: suit.name.lower() for suit in Suit}


def run_gap(first: Meld, second: Meld, *, circular: bool = False) -> int:
    """How many ranks lie strictly between two runs of one suit (0 if they touch or overlap).

    A run spans ``low`` to ``low + len - 1`` going up from its low end (J-Q-K-A is 11-14,
    K-A-2-3 is 13-16); with ``circular`` (wrap-around runs) the shorter way round counts.
    """
    a_low, b_low = int(first.low), int(second.low)
    a_high, b_high = a_low + len(first) - 1, b_low + len(second) - 1
    shifts = (-13, 0, 13) if circular else (0,)
    return max(0, min(max(b_low + shift - a_high, a_low - b_high - shift) - 1 for shift in shifts))


def _choose(
    contract: Contract, melds: Sequence[Meld], kind: MeldKind, rules: MeldRules
) -> Message | None:
    """Check the melds of one kind against the required slots of that kind."""
    slots = [slot for slot in contract.slots if slot.kind is kind]
    if not slots:
        return None
    if contract.exact:
        if not _fits(slots, melds, rules):
            if any(slot.max_size is not None for slot in slots):
                sizes = tuple(slot.notation for slot in slots)
                got = tuple(len(meld) for meld in melds)
                params: dict[str, object] = {"contract": contract.notation, "kinds": _kinds(kind)}
                return Message("contract.sized", params | {"sizes": sizes, "got": got})
            need = max(slot.size_for(rules) for slot in slots)
            params = {"contract": contract.notation, "kind": kind.value, "least": need}
            return Message("contract.kind_least", params)
        return conflict(contract, melds, kind, rules)
    # A minimum: some choice of len(slots) melds must fit the slots without conflict.
    first_reason: Message | None = None
    for chosen in combinations(melds, len(slots)):
        if not _fits(slots, chosen, rules):
            params = {"contract": contract.notation, "kinds": _kinds(kind)}
            first_reason = first_reason or Message("contract.larger", params)
            continue
        reason = conflict(contract, chosen, kind, rules)
        if reason is None:
            return None
        first_reason = first_reason or reason
    return first_reason


def _parse(cls: type[Contract], text: str, like: Contract | None) -> Contract:
    if not isinstance(text, str) or not text.strip():
        shown = shorten(text) if isinstance(text, str) else text
        raise ContractError(Message("contract.written", {"value": repr(shown)}))
    requirements = []
    for position, term in enumerate(text.split("+")):
        match = _TERM.match(term.strip())
        if match is None:
            params: dict[str, object] = {"term": repr(shorten(term.strip())), "position": position}
            raise ContractError(
                Message("contract.bad_term", params | {"text": repr(shorten(text))})
            )
        count_text, letter, size_text, most_text = match.groups()
        try:
            kind = MeldKind.named(letter)
        except ConfigError:
            known = ", ".join(f"{item.letter} ({item.value})" for item in MeldKind.registered())
            params = {"term": repr(shorten(term.strip())), "text": repr(shorten(text))}
            params |= {"letter": repr(letter.upper()), "kinds": known}
            raise ContractError(Message("contract.no_kind_letter", params)) from None
        count = int(count_text) if count_text else 1
        size = int(size_text) if size_text else None
        most: int | None = None
        if most_text:
            if size is None:
                params = {"term": repr(term.strip()), "text": repr(shorten(text))}
                raise ContractError(Message("contract.bound_after_size", params))
            most = size if most_text == "=" else int(most_text.lstrip("-").strip())
        if count < 1:
            params = {"term": repr(term.strip()), "text": repr(shorten(text))}
            raise ContractError(Message("contract.no_melds", params))
        requirements.append(Requirement(kind, count, size, max_size=most))
    if like is None:
        return cls(requirements=tuple(requirements))
    return attrs.evolve(like, requirements=tuple(requirements))
