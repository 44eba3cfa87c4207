"""rummykit.svg: every picture is well-formed standalone SVG and shows what it should."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from rummykit import CARDS, Match, Meld, game, parse_card, parse_cards, presets, svg
from rummykit.kit import names

NS = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    assert float(root.attrib["width"]) > 0 and float(root.attrib["height"]) > 0
    return root


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{NS}text")]


def titles(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{NS}title")]


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card(card: Any) -> None:
    root = parse(svg.card(card))
    shown = texts(root)
    if card.is_joker:
        assert "JK" in shown
    else:
        assert card.rank.symbol in shown and card.suit.symbol in shown
    assert card.notation in titles(root)


def test_red_and_black() -> None:
    assert "#c62828" in svg.card(parse_card("QH")) and "#c62828" not in svg.card(parse_card("QS"))


def test_hand_keeps_order_and_counts() -> None:
    hand = parse_cards("KS 2H 2H JK 10D")
    root = parse(svg.cards(hand))
    assert titles(root)[1:] == [card.notation for card in hand]
    assert parse(svg.cards(())) is not None


def test_a_joker_shows_what_it_stands_for() -> None:
    run = Meld.parse("9C 10C JK QC", presets.meld_rules("posso"))
    assert "= J♣" in texts(parse(svg.meld(run)))
    group = Meld.parse("7S 7H JK")
    shown = texts(parse(svg.meld(group)))
    assert any(text.startswith("= 7") for text in shown)


def test_text_is_escaped() -> None:
    picture = svg.view(game("may-i").new_match(players=3, seed=1).view(0), title="<&> 'x'")
    assert "&lt;&amp;&gt;" in picture
    parse(picture)


def random_match(name: str, steps: int, seed: int) -> Match[Any, Any]:
    match: Match[Any, Any] = game(name).new_match(
        players=4 if name != "possession" else 2, seed=seed
    )
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("name", names())
def test_views_positions_and_strips(name: str) -> None:
    for steps in (0, 150, 600):
        match = random_match(name, steps, 4)
        for seat in range(match.players):
            view = match.view(seat)
            root = parse(svg.view(view))
            assert len(root.findall(f".//{NS}g")) >= len(view.hand) + sum(
                len(meld) for meld in view.melds
            )
        root = parse(svg.position(match))
        faces = [title for title in titles(root)[1:] if title]
        expected = sum(len(hand) for hand in match.hands)
        assert len(faces) >= expected
        parse(svg.deal_strip(match))
        parse(svg.deal_strip(match, seat=0))


def test_a_view_hides_other_hands() -> None:
    match = random_match("may-i", 40, 2)
    root = parse(svg.view(match.view(0)))
    shown = titles(root)
    for seat in range(1, match.players):
        hidden = [card for card in match.hands[seat] if card not in match.view(0).known[seat]]
        for card in hidden:
            assert shown.count(card.notation) <= (
                sum(1 for other in match.hands[0] if other is card)
                + sum(1 for entry in match.pile.entries if entry.card is card)
                + sum(1 for meld in match.view(0).melds for c in meld.cards if c is card)
                + sum(1 for known in match.view(0).known for c in known if c is card)
            )


def test_notebooks_show_pictures() -> None:
    picture = svg.card(parse_card("AS"))
    assert isinstance(picture, str) and picture._repr_svg_() == str(picture)


def test_values_show_as_pictures_in_notebooks() -> None:
    """Cards, melds, views and matches have ``_repr_svg_``: the same pictures as the
    module's functions."""
    match = game("may-i").new_match(players=4, seed=3)
    card = parse_card("10H")
    meld = Meld.parse("JK 9C 10C JC")
    view = match.view(1)
    assert card._repr_svg_() == svg.card(card)
    assert meld._repr_svg_() == svg.meld(meld)
    assert view._repr_svg_() == svg.view(view)
    assert match._repr_svg_() == svg.position(match)
    for picture in (card._repr_svg_(), meld._repr_svg_(), view._repr_svg_(), match._repr_svg_()):
        parse(picture)


def test_captions_of_views_and_positions_are_in_the_locale_asked() -> None:
    """A view's and a position's captions come in ``locale`` (the cards are the same
    picture); English without, exactly as before."""
    match = random_match("may-i", 60, 5)
    english = texts(parse(svg.position(match)))
    russian = texts(parse(svg.position(match, locale="ru")))
    portuguese = texts(parse(svg.view(match.view(1), locale="pt-BR")))
    assert match.to_act is not None
    seat = "ABCD"[match.to_act]
    assert f"may-i · deal 1 · {match.phase.value} · player {seat} to act" in english
    assert any(text.startswith("may-i · сдача 1 · ") for text in russian)
    assert any(text.startswith("игрок A: ") and " карт" in text for text in russian)
    assert any(text.startswith("jogador B (você): ") for text in portuguese)
    assert any(text.startswith("monte ") for text in portuguese)
    assert not any("player" in text for text in russian + portuguese)
    assert len(english) == len(russian)
    assert svg.view(match.view(1)) == svg.view(match.view(1), locale="en")
