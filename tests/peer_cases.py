"""Judge the peer engines' cases (tests/data/peer_cases) with rummykit's presets.

Each case is translated to rummykit's API under the preset that matches its rule set
(``mayi-house``, ``cts``, ``cgu``) and judged ``agree``, ``disagree`` (with what rummykit
gave) or ``out of scope`` (the case asks about something that is not a rule: a peer's
list positions, physical card identity, a table "meld" of wild cards alone, its
declare bookkeeping).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

from rummykit import (
    JOKER,
    ConfigError,
    Contract,
    ContractError,
    End,
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldRules,
    Rank,
    best_arrangement,
    can_meet,
    joker_exchanges,
    lay_off,
    parse_card,
    parse_cards,
    presets,
)
from rummykit.presets import game_preset

DATA = Path(__file__).parent / "data" / "peer_cases"
FILES = ("mayi.jsonl", "cards-ts.jsonl", "card-games-utils.jsonl")
PRESET = {"mayi-house": "mayi-house", "cts-can-i-have-that": "cts", "cgu-rummy": "cgu"}

AGREE, DISAGREE, OUT = "agree", "disagree", "out of scope"


def cases() -> Iterator[dict[str, Any]]:
    for name in FILES:
        with (DATA / name).open(encoding="utf-8") as handle:
            for line in handle:
                yield json.loads(line)


def _rules(case: dict[str, Any]) -> MeldRules:
    rules = game_preset(PRESET[case["rules"]]).meld_rules
    if case["rules"] == "cgu-rummy":
        config = case.get("config", {})
        wild = case.get("wild_rank")
        if wild and config.get("isWildAllowed", True):
            rules = attrs.evolve(rules, wild_ranks={Rank(_rank(wild))})
        if not config.get("isJokerAllowed", True):
            rules = attrs.evolve(rules, jokers_allowed=False)
    return rules


def _rank(symbol: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(symbol, 0) or int(symbol)


def _kind(letter: str) -> MeldKind:
    return MeldKind.GROUP if letter == "G" else MeldKind.RUN


def _accepts(rules: MeldRules, cards: list[str], kind: MeldKind, ordered: bool) -> bool:
    return rules.accepts(parse_cards(" ".join(cards)), kind, ordered=ordered)


def _table_meld(rules: MeldRules, case: dict[str, Any]) -> tuple[Meld, MeldRules]:
    """The meld on the table, read in its order; peers' illegal 3-card runs are allowed."""
    if case.get("meld_is_legal") is False:
        rules = attrs.evolve(rules, run_min=3)
    cards = parse_cards(" ".join(case["meld"]))
    kind = _kind(case["meld_type"])
    return rules.validate(cards, kind, ordered=kind is MeldKind.RUN), rules


def _ends(meld: Meld, card_text: str, rules: MeldRules) -> list[End | None]:
    card = parse_card(card_text)
    sides: tuple[End | None, ...] = (None,) if meld.kind is MeldKind.GROUP else (End.HIGH, End.LOW)
    fits = []
    for side in sides:
        try:
            lay_off(meld, card, rules, end=side)
        except InvalidMeldError:
            continue
        fits.append(side)
    return fits


def _wild_count(rules: MeldRules, cards: list[str]) -> int:
    return sum(
        1
        for card in parse_cards(" ".join(cards))
        if card.rank is None or card.rank in rules.wild_ranks
    )


def _high_value(rank: Rank) -> int:
    """Rank values as the peers number them (an ace above the king is 14)."""
    return 14 if rank is Rank.ACE else int(rank)


# -- the checks ---------------------------------------------------------------------------


def _swap_fallback(meld: Meld, card: str, rules: MeldRules) -> bool:
    """cards-ts: a natural may take a wild's slot in a run, the wild moving to an end."""
    natural = parse_card(card)
    if natural.rank is None or natural.rank in rules.wild_ranks:
        return False
    try:
        return any(o.target == 0 for o in joker_exchanges([meld], 0, natural, rules))
    except InvalidMeldError:
        return False


def _meld_check(case: dict[str, Any], rules: MeldRules) -> tuple[str, str]:
    check = case["check"]
    if check in ("is_valid_set", "is_set"):
        got = _accepts(rules, case["cards"], MeldKind.GROUP, False)
    elif check in ("is_valid_run_ordered",):
        got = _accepts(rules, case["cards"], MeldKind.RUN, True)
    elif check in ("run_arrangement", "is_sequence"):
        got = _accepts(rules, case["cards"], MeldKind.RUN, bool(case.get("ordered")))
    elif check == "is_pure_sequence":
        pure = attrs.evolve(rules, jokers_allowed=False, wild_ranks=frozenset())
        got = _accepts(pure, case["cards"], MeldKind.RUN, False)
    elif check == "run_bounds":
        try:
            meld = rules.validate(parse_cards(" ".join(case["cards"])), MeldKind.RUN, ordered=True)
        except InvalidMeldError:
            if case["expected"] is None:
                return AGREE, ""
            return OUT, "the peer gives bounds for cards that are no run (a single card)"
        got_bounds: dict[str, object] = {"low": int(meld.low), "high": _high_value(meld.high)}
        if "suit" in case["expected"]:
            got_bounds["suit"] = meld.suit.value if meld.suit else None
        return (AGREE, "") if got_bounds == case["expected"] else (DISAGREE, f"bounds {got_bounds}")
    elif check == "wild_assignment":
        if case.get("meld_type") == "G":
            return OUT, "peer reports no assignment for groups"
        try:
            meld = rules.validate(parse_cards(" ".join(case["cards"])), MeldKind.RUN, ordered=True)
        except InvalidMeldError:
            return (AGREE, "") if case["expected"] == [] else (DISAGREE, "not a run here")
        got_roles = [
            {
                "index": index,
                "acts_as": meld.role(index).notation,  # type: ignore[union-attr]
                "swappable": meld.cards[index] is JOKER,
            }
            for index in meld.wild_positions
        ]
        return (AGREE, "") if got_roles == case["expected"] else (DISAGREE, f"roles {got_roles}")
    elif check == "all_melds_valid":
        got = all(
            _accepts(rules, meld["cards"], _kind(meld["type"]), bool(case.get("ordered_runs")))
            for meld in case["melds"]
        )
    elif check in ("wilds_not_outnumbered", "wilds_outnumber_naturals", "count_wilds_naturals"):
        groups = case.get("melds") or [{"cards": case["cards"]}]
        counts = [(_wild_count(rules, m["cards"]), len(m["cards"])) for m in groups]
        if check == "count_wilds_naturals":
            wilds, size = counts[0]
            got_counts = {"wilds": wilds, "naturals": size - wilds}
            return (AGREE, "") if got_counts == case["expected"] else (DISAGREE, str(got_counts))
        if check == "wilds_not_outnumbered":
            got = all(wilds <= size - wilds for wilds, size in counts)
        else:
            got = any(wilds > size - wilds for wilds, size in counts)
    else:
        return OUT, f"no translation for {check}"
    return (AGREE, "") if got == case["expected"] else (DISAGREE, f"{check} gave {got}")


def _layoff_check(case: dict[str, Any], rules: MeldRules) -> tuple[str, str]:
    check = case["check"]
    if check in ("open_spots", "find_spot_for", "add_position"):
        return OUT, "positions in the peer's card list, not a rules verdict"
    try:
        meld, rules = _table_meld(rules, case)
    except InvalidMeldError as error:
        return OUT, f"the table meld is no meld, even under the peer's rules: {error.reason}"
    card: str = case.get("card", "")
    if check == "live_cards" or (check == "is_live" and meld.kind is MeldKind.RUN):
        got: object = bool(_ends(meld, card, rules)) or _swap_fallback(meld, card, rules)
    elif check in ("can_lay_off", "can_extend", "is_live"):
        got = bool(_ends(meld, card, rules))
    elif check == "lay_off":
        requested = {"start": End.LOW, "end": End.HIGH, None: None}[case.get("requested_position")]
        fits = _ends(meld, card, rules)
        natural = parse_card(card).rank not in (None, *rules.wild_ranks)
        got = bool(fits) if requested is None or natural else requested in fits
    elif check == "insert_position":
        fits = _ends(meld, card, rules)
        got = None if not fits else ("high" if End.HIGH in fits else "low")
    elif check == "needs_position_choice":
        got = len(_ends(meld, card, rules)) == 2
    elif check == "resolve_position":
        fits = _ends(meld, card, rules)
        requested = {"start": End.LOW, "end": End.HIGH, None: None}[case["requested_position"]]
        natural = parse_card(card).rank not in (None, *rules.wild_ranks)
        if natural or requested is None:
            side = End.HIGH if End.HIGH in fits else (End.LOW if fits else None)
        else:
            side = requested if requested in fits else None
        got = None if side is None else ("end" if side is End.HIGH else "start")
    else:
        return OUT, f"no translation for {check}"
    if got == case["expected"]:
        return AGREE, ""
    return DISAGREE, f"{check} gave {got!r}"


def _swap_check(case: dict[str, Any], rules: MeldRules) -> tuple[str, str]:
    meld, rules = _table_meld(rules, case)
    index = case["wild_index"]
    wild = meld.cards[index] if 0 <= index < len(meld) else None
    card = parse_card(case["card"])
    try:  # mayi-house: jokers only, out of runs only, into the hand
        outcomes = joker_exchanges(
            [meld], 0, card, rules, to_hand=True, from_groups=False, jokers_only=True
        )
        got = any(o.target is None and o.joker is wild for o in outcomes)
    except InvalidMeldError:
        got = False
    return (AGREE, "") if got == case["expected"] else (DISAGREE, f"swap gave {got}")


def _laydown(case: dict[str, Any], rules: MeldRules, conventions: Contract) -> bool:
    ordered = bool(case.get("ordered_runs"))
    melds = []
    for item in case["melds"]:
        try:
            melds.append(
                rules.validate(
                    parse_cards(" ".join(item["cards"])), _kind(item["type"]), ordered=ordered
                )
            )
        except InvalidMeldError:
            return False
    contract = Contract.parse(case["contract"], like=conventions)
    try:
        contract.check(melds, rules)
    except ContractError:
        return False
    if "hand" in case:
        used = Counter(card for meld in melds for card in meld.cards)
        if used - Counter(parse_cards(" ".join(case["hand"]))):
            return False
    return True


def _contract_check(case: dict[str, Any], rules: MeldRules) -> tuple[str, str]:
    check = case["check"]
    preset = game_preset(PRESET[case["rules"]])
    if check == "schedule":
        try:
            contract = presets.schedule("may-i-six")[case["round"]].contract
        except (ConfigError, TypeError):
            got: object = None
        else:
            got = {"sets": contract.count(MeldKind.GROUP), "runs": contract.count(MeldKind.RUN)}
    elif check == "min_cards":
        got = Contract.parse(case["contract"]).min_cards(rules)
    elif check in ("contract_melds", "can_lay_down", "lay_down"):
        if case.get("same_card"):
            return OUT, "the same physical card used twice (identity, not a rule)"
        got = _laydown(case, rules, preset.contract_conventions)
        if check == "lay_down" and case.get("round") == 6 and not case.get("goes_out"):
            got = False  # mayi-house: in round 6 the laydown must go out
    elif check == "find":
        hand = parse_cards(" ".join(case["hand"]))
        contract = Contract.parse(case["contract"], like=preset.contract_conventions)
        met = can_meet(hand, contract, rules)
        if (case["expected"]["missing"] == 0) != met:
            return DISAGREE, f"can_meet gave {met}"
        if not met:
            return AGREE, ""
        best = best_arrangement(hand, contract, rules, values=preset.card_values)
        assert best is not None
        value = best.left_value
        if value != case["expected"]["unused_value"]:
            return DISAGREE, f"left value {value}"
        return AGREE, ""
    elif check == "is_ready_to_declare":
        return OUT, "card-games-utils' declare flags and group bookkeeping are not a contract"
    else:
        return OUT, f"no translation for {check}"
    return (AGREE, "") if got == case["expected"] else (DISAGREE, f"{check} gave {got!r}")


JUDGES: dict[str, Callable[[dict[str, Any], MeldRules], tuple[str, str]]] = {
    "meld": _meld_check,
    "layoff": _layoff_check,
    "swap": _swap_check,
    "contract": _contract_check,
}


def judge(case: dict[str, Any]) -> tuple[str, str]:
    """``(verdict, reason)`` for one case."""
    expected = case.get("expected")
    if isinstance(expected, dict) and "valid" in expected:
        case = {**case, "expected": expected["valid"]}
    return JUDGES[case["kind"]](case, _rules(case))


def summary() -> dict[tuple[str, str], Counter[str]]:
    """Verdict counts by (peer rule set, case kind)."""
    table: dict[tuple[str, str], Counter[str]] = {}
    for case in cases():
        verdict, _ = judge(case)
        table.setdefault((case["rules"], case["kind"]), Counter())[verdict] += 1
    return table
