"""The legal actions as a pointing interface reads them: which hand cards each uses,
which meld on the table it points at, and its words.

A person never types notation. The page shows the hand and the melds; the person selects
cards (and a meld), and the page enables each button whose action uses exactly the
selected cards (and points at the selected meld). What an action uses is read from its
JSON (``card``, ``cards``, ``melds``; ``target``), so a user's game whose actions carry
those fields works without a line here: a claim's melds hold the disputed card, which is
not the person's to select (it is the top of the pile), and a card taken from the pile
(``take 3D``) is pointed at in the pile, not the hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rummykit import Match
from rummykit.i18n import translate
from rummykit.kit import Action, Question

SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
WORDS = {
    "draw": "Draw",
    "take": "Take the discard",
    "discard": "Discard",
    "down": "Go down",
    "layoff": "Lay off",
    "exchange": "Exchange joker",
    "ask": "May I?",
    "pass": "Pass",
    "allow": "Allow",
    "refuse": "Refuse (take it)",
    "done": "Done",
    "play": "Play",
    "claim": "Posso?",
    "correct": "Correct",
    "next": "Next deal",
}
"""A button's words for each verb (a verb not here shows itself)."""


def pretty(code: str) -> str:
    """A card with its suit's symbol: ``10H`` is ``10♥``; a joker ``JK``."""
    if code and code[-1] in SUITS:
        return code[:-1] + SUITS[code[-1]]
    return code


def _cards_of(data: dict[str, Any]) -> list[str]:
    """Every card an action's JSON names (its ``card``, ``cards`` and melds' cards)."""
    cards: list[str] = []
    if isinstance(data.get("card"), str):
        cards.append(data["card"])
    cards += [card for card in data.get("cards", ()) if isinstance(card, str)]
    for meld in data.get("melds", ()):
        cards += list(meld[0])
    return cards


def _meaning(role: Any, locale: str | None) -> str:
    return (
        "" if role is None else " " + translate("as {role}", locale=locale, role=pretty(str(role)))
    )


def _end(data: dict[str, Any], locale: str | None) -> str:
    end = data.get("end")
    if end in ("low", "high"):
        return ", " + translate(f"{end} end", locale=locale)
    return f", {end}" if end else ""


def _melds_text(melds: list[Any]) -> str:
    return " | ".join(" ".join(pretty(card) for card in meld[0]) for meld in melds)


def detail(data: dict[str, Any], locale: str | None = None) -> str:
    """What tells this action from the others of its verb that use the same cards: the
    melds it makes, where a laid-off card goes, where a freed joker goes (in ``locale``;
    English without)."""
    verb = data["type"]
    if data.get("melds"):
        return _melds_text(data["melds"])
    if verb == "exchange":
        joker_to = data.get("joker_to")
        to = (
            translate("hand", locale=locale)
            if joker_to is None
            else translate("meld {number}", locale=locale, number=joker_to + 1)
        )
        said = translate(
            "{card} for the joker; joker to {to}", locale=locale, card=pretty(data["card"]), to=to
        )
        return said + _meaning(data.get("role"), locale) + _end(data, locale)
    if verb == "layoff":
        said = translate(
            "{card} on meld {number}",
            locale=locale,
            card=pretty(data["card"]),
            number=data["target"] + 1,
        )
        return said + _meaning(data.get("role"), locale) + _end(data, locale)
    if "count" in data and data["count"] != 1:
        return translate("cards: {count}", locale=locale, count=data["count"])
    if isinstance(data.get("card"), str):
        return pretty(data["card"])
    if isinstance(data.get("target"), int):
        meld = translate("meld {number}", locale=locale, number=data["target"] + 1)
        return meld + _meaning(data.get("role"), locale)
    return ""


def choice(
    action: Action,
    match: Match[Any, Any],
    hand: list[str],
    top: str | None,
    locale: str | None = None,
) -> dict[str, Any]:
    """One legal action for the page: its ``text`` (sent back as is), ``verb``, the hand
    cards it ``uses`` (what must be selected), the meld it points at (``target``), its
    button's ``label``, a ``detail`` that tells it from its siblings, and whether it is a
    ``call`` (an answer out of turn that takes the disputed card); the words in
    ``locale`` (English without)."""
    data = action.to_dict()
    verb = data["type"]
    phase = match.phase
    question = isinstance(phase, Question)
    cards = Counter(_cards_of(data))
    if question and top is not None and cards[top] > 0:
        cards[top] -= 1  # the disputed card: the pile's, not the hand's
    uses = list(cards.elements()) if cards <= Counter(hand) and verb != "take" else []
    target = data.get("target")
    return {
        "text": data["text"],
        "verb": verb,
        "uses": uses,
        "target": target if isinstance(target, int) else None,
        "label": translate(WORDS[verb], locale=locale) if verb in WORDS else verb,
        "detail": detail(data, locale),
        "call": question and action != phase.decline,  # type: ignore[attr-defined]
    }


def choices(
    actions: tuple[Action, ...], match: Match[Any, Any], seat: int, locale: str | None = None
) -> list[dict[str, Any]]:
    """Every legal action of ``seat`` for the page, its words in ``locale`` (see
    :func:`choice`)."""
    if not actions:
        return []
    view = match.view(seat).to_dict()
    top = view["pile"][-1][0] if view["pile"] else None
    return [choice(action, match, view["hand"], top, locale) for action in actions]
