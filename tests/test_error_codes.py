"""InvalidMeldError, ContractError and NotationError carry a stable code and parameters,
as an illegal action does (issue 35): each reason's code is documented, its parameters
make its text (also read back from JSON), and a refusal that wraps one of these errors
is said wholly in the refusal's language, its detail included.

Each case below makes one error through the public API; together they meet every code of
the three errors but the few listed in ``_UNREACHED`` (with why).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rummykit import (
    AcePolicy,
    ContractError,
    InvalidMeldError,
    Meld,
    MeldRules,
    Message,
    NotationError,
    Rank,
    game,
    parse_card,
    parse_cards,
)
from rummykit.contracts import Contract, Requirement, check_meetable
from rummykit.engine.actions import Down
from rummykit.errors import RummyError
from rummykit.i18n import message_text
from rummykit.kit import ActionGrammar
from rummykit.kit.actions import action_from_dict
from rummykit.kit.codec import action_from_fields
from rummykit.melds import End, MeldKind, WildLimit, joker_exchanges, lay_off
from rummykit.melds.meld import parse_role
from rummykit.messages import CATALOG

GROUP, RUN = MeldKind.GROUP, MeldKind.RUN
JOKERS_OFF = MeldRules(jokers_allowed=False)
KINDS = MeldRules(kinds=("group", "run", "flush", "colour", "pair"))


PLAIN = MeldRules()


def _meld(text: str, rules: MeldRules = PLAIN) -> Callable[[], object]:
    return lambda: rules.validate(text)


def _roles(
    text: str,
    roles: list[str | None],
    kind: MeldKind | None = None,
    rules: MeldRules = PLAIN,
) -> Callable[[], object]:
    read = [None if role is None else parse_role(role) for role in roles]
    return lambda: rules.validate(parse_cards(text), kind, roles=read)


def _layoff(meld: str, card: str, rules: MeldRules = PLAIN, **kw: Any) -> Any:
    return lambda: lay_off(MeldRules().validate(meld), parse_card(card), rules, **kw)


CASES: list[Callable[[], object]] = [
    # meld validation
    _meld(""),
    lambda: MeldRules().validate(parse_cards("5S 6S 7S 8S"), roles=[None]),
    lambda: MeldRules().validate(
        parse_cards("5S 6S 7S 8S"), roles=[parse_card("4S"), None, None, None]
    ),
    _meld("5S 9H KD"),
    _meld("5S 5H 6D"),
    lambda: MeldRules().validate("5S 5H 6D", GROUP),
    lambda: MeldRules().validate("5S 6S 7H 8S", RUN),
    _meld("JK JK JK"),
    lambda: MeldRules().validate("JK JK JK JK", RUN),
    _roles("5S JK 7S 8S", [None, "6H", None, None]),
    _meld("5S 5H"),
    _meld("5S 5H 5D 5C 5S", MeldRules(group_max=4)),
    _meld("5S 5H JK", MeldRules(group_min_naturals=3)),
    _meld("5S 5S 5H", MeldRules(group_distinct_suits=True)),
    _meld("5S 6S 7S"),
    _meld("5S 6S 7S 8S 9S", MeldRules(run_max=4)),
    _meld("5S 6S JK JK", MeldRules(run_min_naturals=3)),
    _meld("5S 6S 6S 7S 8S"),
    _roles("5S JK 6S 7S", [None, "5S", None, None], RUN),
    lambda: MeldRules().validate(parse_cards("8S 5S 6S 7S"), RUN, ordered=True),
    _meld("5S 6S 7S JK", MeldRules(joker_at_run_end=False)),
    _meld("QS KS AS 2S", MeldRules(ace=AcePolicy.HIGH)),
    _meld("AS 2S 3S 4S", MeldRules(ace=AcePolicy.HIGH)),
    _meld("JS QS KS AS", MeldRules(ace=AcePolicy.LOW)),
    _meld("KS AS 2S 3S"),
    _meld("5S 7S 8S 9S"),
    _meld("5S 8S 9S 10S"),
    _meld("5S JK 8S 10S"),
    _meld("4S JK 8S 10S"),
    _meld("5S 5H JK", JOKERS_OFF),
    _meld("5S 5H JK JK", MeldRules(max_jokers_per_meld=1)),
    _meld("5S JK JK", MeldRules(wild_limit=WildLimit.AT_MOST_NATURALS)),
    _meld("5S 5H JK JK", MeldRules(wild_limit=WildLimit.FEWER_THAN_NATURALS)),
    lambda: MeldRules().validate("5S 5H 5D", MeldKind.FLUSH),
    lambda: KINDS.validate("5S 6S", MeldKind.FLUSH),
    lambda: MeldRules(kinds=("group", "run", "pair")).validate("5S 5H 5D", MeldKind.PAIR),
    _roles("5S JK 9S", [None, "7", None], MeldKind.FLUSH, KINDS),
    lambda: KINDS.validate("5S 6H", MeldKind.PAIR),
    lambda: KINDS.validate("JK JK JK", MeldKind.FLUSH),
    lambda: KINDS.validate("5S 6S 7H", MeldKind.FLUSH),
    lambda: MeldRules(kinds=("group", "run", "flush"), group_min_naturals=2).validate(
        "5S JK JK", MeldKind.FLUSH
    ),
    _roles("JK 5S 5H", ["KS", None, None], MeldKind.PAIR, KINDS),
    _roles("5S JK", [None, "5S"], MeldKind.PAIR, KINDS),
    _roles("5S JK 5H", [None, "6", None], GROUP),
    _roles("JK JK 7S", ["5S", "6H", None], RUN),
    lambda: MeldRules(wild_ranks=frozenset({Rank.TWO}), wild_as_natural=False).validate(
        "AS 2S 3S 4S"
    ),
    # lay-offs and joker exchanges
    _layoff("5S 6S 7S 8S", "9S", role=parse_card("10S")),
    _layoff("5S 5H 5D", "JK", role=parse_card("6S")),
    _layoff("5S 5H 5D", "6S"),
    _layoff("5S 6S 7S 8S", "9S", MeldRules(run_max=4)),
    _layoff("5S 6S 7S 8S", "9H"),
    _layoff("5S 6S 7S 8S", "10S"),
    _layoff("5S 6S 7S 8S", "6S"),
    _layoff("5S 6S 7S 8S", "QS"),
    _layoff("5S 6S 7S 8S", "9S", end=End.LOW),
    _layoff("5S 6S 7S 8S", "JK", role=parse_card("QS")),
    _layoff("5S 6S 7S 8S", "JK", role=parse_card("9S"), end=End.LOW),
    _layoff("5S 6S 7S 8S", "JK", MeldRules(joker_at_run_end=False), end=End.HIGH),
    lambda: lay_off(KINDS.validate("5S 6S 7S", MeldKind.FLUSH), parse_card("5H"), KINDS),
    lambda: joker_exchanges(
        (MeldRules().validate("5S JK 7S 8S"),), 3, parse_card("6S"), MeldRules()
    ),
    lambda: joker_exchanges(
        (MeldRules().validate("5S JK 7S 8S"),), 0, parse_card("JK"), MeldRules()
    ),
    lambda: joker_exchanges(
        (MeldRules().validate("5S 5H JK"),), 0, parse_card("5D"), MeldRules(), from_groups=False
    ),
    lambda: joker_exchanges(
        (MeldRules().validate("5S JK 7S 8S"),), 0, parse_card("9S"), MeldRules()
    ),
    lambda: joker_exchanges(
        (MeldRules().validate("5S 5H JK"),), 0, parse_card("5D"), MeldRules(group_max=3)
    ),
    # contracts
    lambda: Contract.parse("2G").check(["5S 5H 5D", "5C 5S 5H"], MeldRules()),
    lambda: Contract.parse("1G+1R").check(["5S 5H 5D", "5C 6C 7C"], MeldRules()),
    lambda: Contract.parse("2G").check(["5S 5H 5D", "6C 7C 8C 9C"], MeldRules()),
    lambda: Contract.parse("2G").check(["5S 5H 5D"], MeldRules()),
    lambda: Contract.parse("1G+1R", exact=False).check(["5S 5H 5D"], MeldRules()),
    lambda: Contract.parse("2R").check(["5S 6S 7S 8S", "10S JS QS KS"], MeldRules()),
    lambda: Contract.parse("2R", same_suit_runs="apart").check(
        ["5S 6S 7S 8S", "10S JS QS KS"], MeldRules()
    ),
    lambda: Contract.parse("G4").check(["5S 5H 5D"], MeldRules()),
    lambda: Contract.parse("G3=").check(["5S 5H 5D 5C"], MeldRules()),
    lambda: Contract.parse("G4", exact=False).check(["5S 5H 5D"], MeldRules()),
    lambda: Contract.parse("1F4").check_rules(MeldRules()),
    lambda: Contract.parse("G2").check_rules(MeldRules()),
    lambda: Contract.parse("G5").check_rules(MeldRules(group_max=4)),
    lambda: check_meetable(Contract.parse("4R"), MeldRules(), hand_size=11, deal=2),
    lambda: check_meetable(Contract.parse("G2"), MeldRules(), hand_size=11, deal=1),
    lambda: Requirement("group", 0),
    lambda: Requirement("nonsense"),
    lambda: Requirement("group", 1, 4, max_size=3),
    lambda: Contract(requirements=()),
    lambda: Contract(requirements=("2G",)),  # type: ignore[arg-type]
    lambda: Contract(requirements=(Requirement("group", 21),)),
    lambda: Contract(requirements=(Requirement("group"),), exact="yes"),  # type: ignore[arg-type]
    lambda: Contract(requirements=(Requirement("group"),), same_suit_runs="never"),
    lambda: Contract.parse("2G", hidden=True),
    lambda: Contract.parse(""),
    lambda: Contract.parse("2G+2?"),
    lambda: Contract.parse("2X"),
    lambda: Contract.parse("G=" if False else "2G+1R-5"),
    lambda: Contract.parse("0G"),
    lambda: Contract.parse("1G+1R", exact=False).check(["5S 5H"], MeldRules()),
    lambda: Contract.parse("1F").check(["5S 5H 5D"], KINDS),
    lambda: Contract.parse("1R").check(["5S 5H 5D"], MeldRules()),
    lambda: Contract.parse("2F").check(["5S 6S 7S"], KINDS),
    lambda: Contract.parse("1F+1G", exact=False).check(["5S 5H 5D"], KINDS),
    lambda: Down([]),
    # notation
    lambda: parse_cards("AS 1H"),
    lambda: parse_cards("AS X"),
    lambda: parse_cards("AS 5Z"),
    lambda: parse_cards(5),  # type: ignore[arg-type]
    lambda: parse_card("AS KS"),
    lambda: Meld.parse("5S JK(JK) 7S 8S"),
    lambda: Meld.parse("5S JK(ZZ) 7S 8S"),
]
"""Each makes one error (refusals made by a match are in :data:`MATCH_CASES`)."""

MATCH_CASES: list[tuple[str, str]] = [
    ("may-i", ""),
    ("may-i", "jump"),
    ("may-i", "drwa"),
    ("may-i", "draw 2"),
    ("may-i", "take 0"),
    ("may-i", "discard"),
    ("may-i", "down 5S 6S / "),
    ("may-i", "layoff 5S 2"),
    ("may-i", "layoff (4H) -> 2"),
    ("may-i", "layoff 5S -> x"),
    ("may-i", "layoff 5S -> 2 middle"),
    ("may-i", "layoff 5S(4H)(3H) -> 2"),
    ("may-i", "layoff 5S 6S -> 2"),
    ("posso", "exchange 5S 2"),
    ("posso", "correct x"),
    ("posso", "correct 2 4H"),
    ("possession", "play"),
]
"""(game, action text) pairs whose refusal wraps a notation error."""

_UNREACHED = {
    "meld.not_run": "a fallback no mask reaches (every set of ranks fits 13)",
    "meld.cards": "a fallback no group or run reaches (two cards always differ)",
    "meld.run_gap_wilds": "the joker fills one gap first",
    "meld.role_suit": "a role of another suit is refused first as run_suits (roles count)",
    "meld.kind_misfit": "cards of another key are refused first as kind_alike",
    "meld.kind_repeats": "no shipped kind asks for distinct cards",
    "meld.no_place": "the freed joker's own meld is always tried, so a reason is given",
    "meld.kind_role_key": "a pair's role is its rank, refused before as kind_alike",
    "notation.correct_hand": "a correction's joker target is checked when the action is built",
    "notation.token_at": "a blank token is never split out of text",
    "notation.play_none": "Play's own converter: parse refuses an empty play first",
    "notation.number": "made when an action is built with a bad number (test_hardening_input)",
    "notation.action_card": "made when an action is built with a non-card (test_hardening_input)",
    "notation.not_a_card": "to_cards with a list holding a non-card (made below)",
    "notation.not_cards": "to_cards with a non-iterable (made below)",
    "notation.action_object": "action_from_dict with no text (made below)",
    "notation.type_mismatch": "action_from_dict with a disagreeing type (made below)",
    "notation.field_mismatch": "action_from_dict with a disagreeing field (made below)",
    "notation.action_json": "action_from_fields with no type (made below)",
    "notation.action_named": "action_from_fields with a bad field (made below)",
}


def _error_codes() -> set[str]:
    """The codes of the three errors' reasons (``meld.bad`` is a refusal's)."""
    return {
        code
        for code in CATALOG
        if code.startswith(("contract.", "notation.", "meld.")) and code != "meld.bad"
    }


def _codes_in(message: Message) -> set[str]:
    found = {message.code}
    for value in message.params.values():
        for item in value if isinstance(value, tuple | list) else (value,):
            if isinstance(item, Message):
                found |= _codes_in(item)
    return found


def _check(error: RummyError, seen: set[str]) -> None:
    message = error.message  # type: ignore[attr-defined]
    assert isinstance(message, Message)
    assert error.code in CATALOG, error.code  # type: ignore[attr-defined]
    assert Message(message.code, message.params).text() == error.reason
    data = json.loads(json.dumps(error.to_dict()))
    assert data["code"] == message.code and data["reason"] == error.reason
    assert Message.from_dict(data).text() == error.reason
    for locale in ("pt-BR", "ru"):  # the error in words: made from the code, not English
        said = error.describe(locale=locale)  # type: ignore[attr-defined]
        assert said == message_text(error.said(), locale=locale)  # type: ignore[attr-defined]
    seen |= _codes_in(error.said())  # type: ignore[attr-defined]


def _made(case: Callable[[], object]) -> RummyError:
    with pytest.raises((InvalidMeldError, ContractError, NotationError)) as caught:
        case()
    return caught.value


def _extra_cases() -> list[Callable[[], object]]:
    from rummykit.cards import to_cards
    from rummykit.kit.actions import Discard, Take

    grammar = ActionGrammar(Discard, Take)
    return [
        lambda: to_cards([parse_card("AS"), 5]),  # type: ignore[list-item]
        lambda: to_cards(5),  # type: ignore[arg-type]
        lambda: action_from_dict({"type": "draw"}, grammar),
        lambda: action_from_dict({"text": 5}, grammar),
        lambda: action_from_dict({"type": "take", "text": "discard QS"}, grammar),
        lambda: action_from_dict({"text": "discard QS", "card": "KS"}, grammar),
        lambda: action_from_fields({"card": "QS"}, grammar),
        lambda: action_from_fields({"type": "discard", "card": "QZ"}, grammar),
        lambda: Take(0),
        lambda: Discard("QS"),
    ]


def test_every_reason_of_the_three_errors_has_a_documented_code_that_makes_its_text() -> None:
    seen: set[str] = set()
    for case in [*CASES, *_extra_cases()]:
        _check(_made(case), seen)
    for name, text in MATCH_CASES:
        definition = game(name)
        match = definition.new_match(players=3 if name == "possession" else 4, seed=1)
        with pytest.raises(RummyError) as caught:
            match.verify(text, seat=match.to_act)
        refusal = caught.value
        assert refusal.code == "action.unreadable", (text, refusal)  # type: ignore[attr-defined]
        detail = refusal.message.params["detail"]  # type: ignore[attr-defined]
        assert isinstance(detail, Message)
        seen |= _codes_in(detail)
    named = Contract.parse("1F").violation([MeldRules().validate("5S 5H 5D")], MeldRules())
    assert named is not None and named.code == "contract.named"
    seen |= _codes_in(named)
    missed = _error_codes() - seen - set(_UNREACHED)
    assert not missed, sorted(missed)


def test_a_refusal_wrapping_an_invalid_meld_is_said_wholly_in_its_language() -> None:
    match = game("may-i").new_match(players=4, seed=3)
    match.apply("draw")
    seat = match.to_act
    assert seat is not None
    hand = " ".join(str(card) for card in match.view(seat).hand[:3])
    with pytest.raises(RummyError) as caught:
        match.verify(f"down {hand}", seat=seat)
    refusal = caught.value
    assert refusal.code == "down.bad_meld"  # type: ignore[attr-defined]
    detail = refusal.message.params["detail"]  # type: ignore[attr-defined]
    assert isinstance(detail, Message) and detail.code.startswith("meld.")
    english = message_text(detail)
    for locale in ("pt-BR", "ru"):
        said = refusal.text(locale=locale)  # type: ignore[attr-defined]
        assert english not in said  # the detail is said in the language, not in English
        assert message_text(detail, locale=locale) in said
    data = refusal.to_dict()
    assert data["params"]["detail"]["code"] == detail.code


def test_a_notation_error_says_its_token_and_place_in_the_language() -> None:
    error = _made(lambda: parse_cards("AS 1H"))
    assert str(error) == "card 1H at index 1: unknown rank '1' (expected A, 2-10, T, J, Q, K)"
    assert error.reason == "unknown rank '1' (expected A, 2-10, T, J, Q, K)"
    assert (error.code, error.params) == ("notation.unknown_rank", {"rank": "'1'"})  # type: ignore[attr-defined]
    assert error.describe(locale="ru") == (  # type: ignore[attr-defined]
        "карта 1H на позиции 1: неизвестное достоинство '1' (ожидалось A, 2-10, T, J, Q, K)"
    )
    assert error.describe(locale="pt-BR").startswith("carta 1H na posição 1: valor")  # type: ignore[attr-defined]


def test_the_errors_pickle_with_their_codes() -> None:
    import pickle

    for case in CASES[:5] + CASES[-3:]:
        error = _made(case)
        back = pickle.loads(pickle.dumps(error))
        assert (type(back), str(back), back.code) == (type(error), str(error), error.code)  # type: ignore[attr-defined]
