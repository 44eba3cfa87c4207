"""Whether a contract or a schedule can be met at all, before a deal is played.

A contract names kinds and sizes; the game's meld rules say which kinds exist and how
small they may be; the deal says how many cards a hand holds. What no hand of the deal
can meet is refused with a :class:`~rummykit.errors.ContractError` saying why:

>>> from rummykit import Contract, MeldRules
>>> from rummykit.contracts import check_meetable
>>> check_meetable(  # doctest: +ELLIPSIS
...     Contract.parse("3R5"), MeldRules(), hand_size=7, extra_cards=1)
Traceback (most recent call last):
...
rummykit.errors.ContractError: contract 3R5 needs at least 15 cards, but a hand holds at most 8 ...

``extra_cards`` is how many cards beyond the deal's hand size a hand can hold when it goes
down (the card drawn that turn, bought cards and their penalty cards, several pile cards
taken at once); ``None`` means no bound is known, and only the kinds and sizes are checked.
"""

from __future__ import annotations

from collections.abc import Iterable

from rummykit.contracts.contract import Contract
from rummykit.errors import ContractError
from rummykit.melds import MeldRules
from rummykit.messages import Message


def check_meetable(
    contract: Contract,
    rules: MeldRules,
    *,
    hand_size: int,
    extra_cards: int | None = 1,
    deal: int | None = None,
) -> None:
    """Refuse a ``contract`` no hand of ``hand_size`` cards (plus at most ``extra_cards``)
    can meet under ``rules``: a kind the rules lack, a size below a kind's minimum or
    above its maximum (:meth:`.Contract.check_rules`), or more cards than a hand holds.
    ``deal`` (1-based) is named in the message."""
    try:
        contract.check_rules(rules)
    except ContractError as error:
        if deal is None:
            raise
        said = Message("contract.in_deal", {"deal": deal, "detail": error.message})
        raise ContractError(said, contract=contract) from None
    if extra_cards is None:
        return
    needed = contract.min_cards(rules)
    most = hand_size + extra_cards
    if needed > most:
        params: dict[str, object] = {"contract": contract.notation, "needed": needed, "most": most}
        params |= {"dealt": hand_size, "extra": extra_cards}
        said = Message("contract.too_many_cards", params)
        if deal is not None:
            said = Message("contract.in_deal", {"deal": deal, "detail": said})
        raise ContractError(said, contract=contract)


def check_schedule(
    deals: Iterable[tuple[Contract, int]], rules: MeldRules, *, extra_cards: int | None = 1
) -> None:
    """:func:`check_meetable` for each deal, given as (contract, hand size) in order."""
    for number, (contract, hand_size) in enumerate(deals, start=1):
        check_meetable(contract, rules, hand_size=hand_size, extra_cards=extra_cards, deal=number)
