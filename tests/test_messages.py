"""Every refusal and every effect description has a documented code, and its parameters
make its text (issue 35, item 1).

The walk plays seeded matches of each game (with the options that reach its rarer
refusals) and sends, at each step, every kind of action of its notation: the legal
ones, the same with their cards replaced, and the plain verbs; each refusal, told to the
seat to act and to an unknown sender, must carry a code of the catalog whose English
template, given the refusal's parameters (and the same read back from JSON), makes the
refusal's very text. Every refusal code of the catalog must be met, or be listed here
with the test that makes it.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from rummykit import CARDS, IllegalActionError, Message, game
from rummykit.agents import heuristic_agent
from rummykit.deck import DiscardPile, Stock, refill_stock
from rummykit.kit import register_message
from rummykit.kit.codec import json_schema
from rummykit.kit.effects import DealEnd, GoingOut
from rummykit.kit.match import Match
from rummykit.messages import CATALOG

DOCS = Path(__file__).resolve().parents[1] / "docs" / "concepts" / "messages.md"

_CARD = re.compile(r"(?<![\w])(?:10|[2-9AJQKT])[CDHS](?![\w])|\bJK\b")
_NAMES = [str(card) for card in CARDS]
_PLAIN = ["draw", "take 1", "take 2", "take 5", "done", "pass", "ask", "allow", "refuse",
          "claim", "next", "correct 0", "correct 2", "play", "knock", "exchange JK -> 0",
          "layoff 9H -> 9", "down", "discard"]  # fmt: skip

_WALKS: list[tuple[str, int, dict[str, Any]]] = [
    ("may-i", 4, {}),
    ("may-i", 3, {"max_buys_per_deal": 1}),
    ("posso", 4, {}),
    ("posso", 3, {"pile_take_requires_meld": True, "forced_play_enforcement": "strict"}),
    ("posso", 4, {"claim_may_open": False, "forced_play_enforcement": "claim"}),
    ("possession", 3, {}),
]

_MADE_ELSEWHERE = {
    "other": "test_plain_text_is_the_code_other",
    "seat.unknown": "test_the_kit_refusals_have_codes",
    "turn.not_yours": "test_the_kit_refusals_have_codes",
    "turn.nobody": "test_the_kit_refusals_have_codes",
    "action.not_action": "test_the_kit_refusals_have_codes",
    "batch.not_list": "test_the_kit_refusals_have_codes",
    "batch.refused": "test_the_kit_refusals_have_codes",
    "match.over": "test_the_kit_refusals_have_codes",
    "match.game_over": "test_the_kit_refusals_have_codes",
    "stock.empty": "test_the_deck_refusals_have_codes",
    "stock.not_empty": "test_the_deck_refusals_have_codes",
    "pile.short": "test_the_deck_refusals_have_codes",
    "seat.no_decision": "tests/test_agents.py (search agents)",
    "turn.answered": "tests/test_live.py (a second early answer)",
    "seat.no_open_decision": "tests/test_live.py (default_action)",
    **{
        f"rl.{name}": "tests/test_rl.py"
        for name in (
            "not_legal",
            "not_index",
            "episode_over",
            "none_for_live",
            "no_agent_left",
            "agent_done",
        )
    },
}
"""Refusal codes made outside the game walk, and where they are made."""

_RARE = {
    "claim.bare", "claim.correct_first", "claim.not_opening", "claim.one_meld",
    "claim.that_way", "correct.bad_role", "correct.no_target", "correct.say_role",
    "correct.that_way", "discard.last_card", "down.empty", "down.not_contract",
    "down.not_in_contract", "down.one_at_a_time", "down.single_card", "down.whole_hand",
    "draw.again", "draw.nothing", "draw.stock_after_claim", "draw.stock_after_correction",
    "exchange.no_fit", "exchange.no_target", "exchange.none", "exchange.not_on_meld",
    "hand.single_card", "layoff.next_turn", "note.legal_none", "note.stands_for",
    "open.not_met", "refuse.cannot_buy", "take.own_discard", "forced.meld_taken",
    "layoff.others_melds", "take.one_at_most", "take.deepest_unmeldable",
    "discard.meld_deepest", "down.opening_points", "correct.swap_that_way",
}  # fmt: skip
"""Refusal codes the seeded walks do not meet (rules options, schedules or positions
they do not reach): each is made by a literal the source scan checks
(:func:`test_every_code_the_library_names_is_in_the_catalog_and_every_code_is_used`)."""

_SRC = Path(__file__).resolve().parents[1] / "src" / "rummykit"
_LITERAL = re.compile(r'"([a-z]+\.[a-z_]+)"')
_MAKES = re.compile(r'Message\(|\bcode\b|"effect\.')
"""A line that makes a message: the codes named on it are the catalog's."""


def _shipped() -> set[str]:
    """The library's codes (the examples' games, loaded by other tests, add their own)."""
    return {code for code in CATALOG if not code.startswith(("gin.", "test."))}


def _checked(error: IllegalActionError, seen: set[str]) -> None:
    """The refusal's code is documented and its parameters make its text, also as
    read back from its JSON."""
    assert error.code in CATALOG, error.code
    assert Message(error.code, error.message.params).text() == error.reason
    data = json.loads(json.dumps(error.to_dict()))
    assert data["code"] == error.code and data["reason"] == error.reason
    assert Message.from_dict(data).text() == error.reason
    seen.add(error.code)
    for value in error.message.params.values():
        if isinstance(value, Message):
            seen.add(value.code)


def _mutated(text: str, rng: random.Random) -> str:
    return _CARD.sub(lambda m: rng.choice(_NAMES) if rng.random() < 0.5 else m.group(), text)


def _walk(name: str, players: int, options: dict[str, Any], seen: set[str]) -> None:
    definition = game(name, **options)
    bot = heuristic_agent(definition)
    for seed in range(1):
        match = definition.new_match(players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if match.is_over:
                break
            if step % 2 == 0:
                legal = [str(action) for action in match.legal_actions()]
                texts = [*legal, *(_mutated(text, rng) for text in legal), *_PLAIN]
                cards = " ".join(rng.sample(_NAMES, 3))
                texts += [f"discard {rng.choice(_NAMES)}", f"play {rng.choice(_NAMES)}"]
                texts += [f"down {cards}", f"claim {cards}", f"layoff {cards[:2]} -> 0"]
                for text in texts:
                    for seat in (None, match.to_act):
                        try:
                            match.verify(text, seat=seat)
                        except IllegalActionError as error:
                            _checked(error, seen)
            seat = match.to_act
            if seat is None or rng.random() < 0.2:
                event = match.apply(rng.choice(match.legal_actions()))
            else:  # mostly as the game's bot plays: claims, go-downs, going out
                event = match.apply(bot.choose(match.view(seat), rng))
            for effect in event.effects:
                for seat in (None, 0):
                    _check_effect(effect.seen_by(seat), seen)


def _check_effect(effect: Any, seen: set[str]) -> None:
    message = effect.message
    assert message.code in CATALOG, message.code
    assert message.text() == effect.text
    data = json.loads(json.dumps(effect.to_dict()))
    assert data["code"] == message.code and data["text"] == effect.text
    assert Message.from_dict(data).text() == effect.text
    seen.add(message.code)


_WALKED: set[int] = set()
"""The walks this process has made into :func:`seen` (by their place in ``_WALKS``):
with several workers the coverage test makes those another worker made."""


@pytest.fixture(scope="module")
def seen() -> set[str]:
    """The codes met by every walk (filled by the walk tests, read by the coverage)."""
    return set()


@pytest.mark.parametrize(("index", "walk"), list(enumerate(_WALKS)))
def test_every_refusal_and_effect_of_a_game_has_a_documented_code_that_makes_its_text(
    index: int, walk: tuple[str, int, dict[str, Any]], seen: set[str]
) -> None:
    _walk(*walk, seen)
    _WALKED.add(index)


def test_the_walks_meet_every_refusal_code_of_the_games(seen: set[str]) -> None:
    for index, walk in enumerate(_WALKS):
        if index not in _WALKED:
            _walk(*walk, seen)
            _WALKED.add(index)
    refusal_codes = {code for code in _shipped() if not code.startswith("effect.")}
    # the reasons of invalid melds, contracts and notation: tests/test_error_codes.py
    refusal_codes -= {
        code for code in refusal_codes if code.startswith(("contract.", "notation.", "meld."))
    } - {"meld.bad"}
    missed = refusal_codes - seen - set(_MADE_ELSEWHERE) - _RARE - {"hand.not_playable"}
    assert not missed
    assert "hand.not_playable" in seen and "hand.lacks" in seen


def test_every_code_the_library_names_is_in_the_catalog_and_every_code_is_used() -> None:
    namespaces = {code.split(".")[0] for code in _shipped()}
    named: set[str] = set()
    for path in _SRC.rglob("*.py"):
        if path.name == "messages.py":
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if _MAKES.search(line):
                named |= {
                    code for code in _LITERAL.findall(line) if code.split(".")[0] in namespaces
                }
    assert named - set(CATALOG) == set()
    # codes made by a pattern: a deal's end, a way out, cards seen by their owner
    made = {f"effect.deal_ended_{end.value}" for end in DealEnd}
    made |= {f"effect.went_out_{how.value}" for how in GoingOut}
    made |= {f"{code}_seen" for code in ("effect.dealt", "effect.drew", "effect.drew_penalty")}
    assert made <= set(CATALOG)
    assert _shipped() - named - made - {"other", "effect.named", "effect.seat_deed"} == set()


def test_the_kit_refusals_have_codes() -> None:
    match = game("may-i").new_match(players=4, seed=1)
    seen: set[str] = set()
    cases: list[tuple[Any, dict[str, Any]]] = [
        ("draw", {"seat": 9}),
        ("draw", {"seat": (match.to_act or 0) + 1}),
        (42, {}),
    ]
    for action, keywords in cases:
        with pytest.raises(IllegalActionError) as caught:
            match.verify(action, **keywords)
        _checked(caught.value, seen)
    for actions in ("draw", [match.legal_actions()[0], "discard KS", "discard KS"]):
        with pytest.raises(IllegalActionError) as caught:
            match.apply_all(actions)  # type: ignore[arg-type]
        _checked(caught.value, seen)
    assert {"seat.unknown", "turn.not_yours", "action.not_action", "batch.not_list",
            "batch.refused"} <= seen  # fmt: skip
    for name, players in (("may-i", 3), ("possession", 2)):
        over = _finished(game(name).new_match(players=players, seed=2))
        with pytest.raises(IllegalActionError) as caught:
            over.verify("draw")
        _checked(caught.value, seen)
    assert {"match.over", "match.game_over"} <= seen
    table = _to_deal_over(game("may-i").new_match(players=3, seed=2, auto_deal=False))
    with pytest.raises(IllegalActionError) as caught:
        table.verify("draw")
    _checked(caught.value, seen)
    assert caught.value.code == "turn.nobody"


def _finished(match: Match[Any, Any]) -> Match[Any, Any]:
    rng = random.Random(0)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def _to_deal_over(match: Match[Any, Any]) -> Match[Any, Any]:
    rng = random.Random(0)
    while match.to_act is not None:
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_the_deck_refusals_have_codes() -> None:
    seen: set[str] = set()
    with pytest.raises(IllegalActionError) as caught:
        Stock([]).draw()
    _checked(caught.value, seen)
    pile = DiscardPile()
    with pytest.raises(IllegalActionError) as caught:
        pile.take(2)
    _checked(caught.value, seen)
    with pytest.raises(IllegalActionError) as caught:
        refill_stock(Stock(list(CARDS[:3])), pile, rng=None)
    _checked(caught.value, seen)
    assert seen == {"stock.empty", "pile.short", "stock.not_empty"}


def test_plain_text_is_the_code_other() -> None:
    error = IllegalActionError("no such thing", rule="X-1")
    assert (error.code, error.params, str(error)) == (
        "other",
        {"text": "no such thing"},
        "X-1: no such thing",
    )
    assert error.to_dict()["code"] == "other"


def test_a_refusal_pickles_with_its_code() -> None:
    import pickle

    error = IllegalActionError(Message("turn.not_yours", {"seat": 1}), action="draw", rule="R")
    back = pickle.loads(pickle.dumps(error))
    assert (back.code, back.params, str(back), back.action) == (
        error.code, error.params, str(error), "draw"
    )  # fmt: skip


def test_a_game_registers_its_own_codes_and_codes_are_stable() -> None:
    register_message("test.mine", "player {seat:seat} is mine", "A test's own code.")
    try:
        assert Message("test.mine", {"seat": 0}).text() == "player A is mine"
        register_message(
            "test.mine", "player {seat:seat} is mine", "A test's own code."
        )  # again: same
        with pytest.raises(ValueError, match="registered already"):
            register_message("test.mine", "other words", "A test's own code.")
    finally:
        del CATALOG["test.mine"]


def test_the_schema_documents_codes_and_params() -> None:
    error = json_schema("error")["$defs"]["error"]
    assert {"code", "params"} <= set(error["properties"])
    effect = json_schema("effect")["$defs"]["effect"]
    assert {"code", "params"} <= set(effect["properties"])
    assert set(error["properties"]["code"]["examples"]) >= {"hand.lacks", "turn.not_now"}


def test_the_docs_page_lists_every_code_with_its_template() -> None:
    page = DOCS.read_text(encoding="utf-8")
    for code in _shipped():
        entry = CATALOG[code]
        assert f"`{code}`" in page, code
        assert entry.template.replace("|", "\\|") in page, code
