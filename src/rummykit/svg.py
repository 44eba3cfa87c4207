"""SVG pictures of cards, hands, melds, a seat's view and a whole position.

Every function returns an :class:`Svg`: a ``str`` holding one standalone ``<svg>``
document (no dependency, no external font or image), which a notebook displays as a
picture (it has ``_repr_svg_``) and a script writes to a file.

>>> from rummykit import parse_card, parse_cards
>>> from rummykit import svg
>>> picture = svg.card(parse_card("10H"))
>>> picture.startswith("<svg") and "10" in picture and "♥" in picture
True
>>> import xml.etree.ElementTree as ET
>>> ET.fromstring(svg.cards(parse_cards("AS 7D JK"))).tag
'{http://www.w3.org/2000/svg}svg'

A joker in a meld shows what it stands for:

>>> from rummykit import Meld
>>> "= 8♣" in svg.meld(Meld.parse("JK 9C 10C JC"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from rummykit.cards import Card, Rank, Suit
from rummykit.i18n.text import N_
from rummykit.kit.effects import DealEnded, DealStarted, Dealt, HandsShown, seat_name
from rummykit.kit.match import Match
from rummykit.kit.protocol import Event, PlayerView
from rummykit.melds import Meld

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "Svg",
    "card",
    "cards",
    "deal_strip",
    "meld",
    "position",
    "view",
]

CARD_WIDTH = 50
"""The width of a card picture, in pixels (SVG user units)."""
CARD_HEIGHT = 70
"""The height of a card picture."""
_STEP = 32  # how far apart the cards of a row are
_GAP = 14
_RED = "#c62828"
_BLACK = "#1b1b1b"
_FONT = "font-family='DejaVu Sans, Segoe UI Symbol, sans-serif'"
_SUIT_COLOUR = {Suit.SPADES: _BLACK, Suit.CLUBS: _BLACK, Suit.HEARTS: _RED, Suit.DIAMONDS: _RED}


class Svg(str):
    """An SVG document as a string; notebooks show it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def _document(width: float, height: float, body: str, title: str) -> Svg:
    return Svg(
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{height:g}' "
        f"viewBox='0 0 {width:g} {height:g}' {_FONT}>"
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def _text(x: float, y: float, text: str, size: int = 12, **attributes: str) -> str:
    extra = "".join(
        f" {name.replace('_', '-')}={quoteattr(value)}" for name, value in attributes.items()
    )
    return f"<text x='{x:g}' y='{y:g}' font-size='{size}'{extra}>{escape(text)}</text>"


def _role_text(role: Any) -> str:
    if isinstance(role, Card):
        return role.unicode
    if isinstance(role, Rank):
        return role.symbol
    return str(role)


def _card(x: float, y: float, value: Card, role: Any = None) -> str:
    """One card at (x, y): a white face with the rank and suit, a joker with its role."""
    title = f"<title>{escape(value.notation)}</title>"
    if value.rank is None or value.suit is None:
        body = (
            f"<rect width='{CARD_WIDTH}' height='{CARD_HEIGHT}' rx='5' fill='#fff8e1' "
            "stroke='#8d6e63'/>"
            + _text(4, 14, "JK", 11, fill="#6a1b9a", font_weight="bold")
            + _text(16, 45, "★", 22, fill="#6a1b9a", text_anchor="middle")
        )
    else:
        colour = _SUIT_COLOUR[value.suit]
        rank, symbol = value.rank.symbol, value.suit.symbol
        body = (
            f"<rect width='{CARD_WIDTH}' height='{CARD_HEIGHT}' rx='5' fill='white' "
            "stroke='#555'/>"
            + _text(4, 14, rank, 12, fill=colour, font_weight="bold")
            + _text(4, 27, symbol, 12, fill=colour)
            + _text(CARD_WIDTH / 2 + 6, 52, symbol, 24, fill=colour, text_anchor="middle")
        )
    if role is not None:  # in the corner a row's next card leaves visible
        body += (
            f"<rect x='2' y='{CARD_HEIGHT - 19}' width='{_STEP - 4}' height='16' rx='3' "
            "fill='#ede7f6' stroke='#6a1b9a' stroke-dasharray='2 2'/>"
            + _text(4, CARD_HEIGHT - 7, f"= {_role_text(role)}", 10, fill="#4a148c")
        )
    return f"<g transform='translate({x:g},{y:g})'>{title}{body}</g>"


def _back(x: float, y: float, label: str = "") -> str:
    """A face-down card, with ``label`` (a count) on it."""
    body = (
        f"<rect width='{CARD_WIDTH}' height='{CARD_HEIGHT}' rx='5' fill='#1e4f91' "
        "stroke='#0d2c57'/>"
        f"<rect x='5' y='5' width='{CARD_WIDTH - 10}' height='{CARD_HEIGHT - 10}' rx='3' "
        "fill='none' stroke='#8fb3e6' stroke-dasharray='3 2'/>"
    )
    if label:
        body += _text(
            CARD_WIDTH / 2,
            CARD_HEIGHT / 2 + 5,
            label,
            14,
            fill="white",
            text_anchor="middle",
            font_weight="bold",
        )
    return f"<g transform='translate({x:g},{y:g})'>{body}</g>"


def _row(
    x: float, y: float, values: Sequence[Card], roles: Sequence[Any] = ()
) -> tuple[str, float]:
    """Cards side by side, overlapping; the markup and the row's width."""
    parts = [
        _card(x + index * _STEP, y, value, roles[index] if index < len(roles) else None)
        for index, value in enumerate(values)
    ]
    width = CARD_WIDTH + _STEP * (len(values) - 1) if values else 0
    return "".join(parts), width


def card(value: Card, *, role: Any = None) -> Svg:
    """A picture of one card; ``role`` (a card or rank) is what a wild card stands for."""
    return _document(CARD_WIDTH + 2, CARD_HEIGHT + 2, _card(1, 1, value, role), value.notation)


def cards(values: Iterable[Card]) -> Svg:
    """A picture of a row of cards (a hand, a pile), in the order given."""
    listed = tuple(values)
    body, width = _row(1, 1, listed)
    title = " ".join(value.notation for value in listed) or "no cards"
    return _document(max(width, 1) + 2, CARD_HEIGHT + 2, body, title)


def _meld_roles(value: Meld) -> list[Any]:
    wild = set(value.wild_positions)
    return [value.role(index) if index in wild else None for index in range(len(value.cards))]


def _kind_label(value: Meld) -> str:
    """Nothing for a group or a run (their cards say it), the kind's name otherwise."""
    return "" if value.kind.shape is None else f"{value.kind.value} "


def meld(value: Meld) -> Svg:
    """A picture of a meld in table order; each wild card shows what it plays (a kind
    other than group and run is named in the title)."""
    body, width = _row(1, 1, value.cards, _meld_roles(value))
    return _document(width + 2, CARD_HEIGHT + 2, body, _kind_label(value) + value.notation)


class _Sheet:
    """Rows of labelled content, stacked top to bottom."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = 8.0
        self.width = 320.0

    def label(self, text: str, *, bold: bool = False) -> None:
        weight = {"font_weight": "bold"} if bold else {}
        self.parts.append(_text(8, self.y + 12, text, 13, fill="#263238", **weight))
        self.y += 18

    def row(self, values: Sequence[Card], roles: Sequence[Any] = (), x: float = 8) -> float:
        markup, width = _row(x, self.y, values, roles)
        self.parts.append(markup)
        self.width = max(self.width, x + width + 8)
        return width

    def end_row(self) -> None:
        self.y += CARD_HEIGHT + _GAP

    def document(self, title: str) -> Svg:
        background = f"<rect width='{self.width:g}' height='{self.y:g}' fill='#e8f5e9' rx='8'/>"
        return _document(self.width, self.y, background + "".join(self.parts), title)


def _say(text: str, locale: str | None, **params: Any) -> str:
    """One of the pictures' captions in ``locale`` (English without)."""
    from rummykit.i18n import translate

    return translate(text, locale=locale, **params)


def _cards_caption(seat: int, count: int, locale: str | None, *, you: bool = False) -> str:
    """``player B: 7 cards`` (``player A (you): 7 cards`` for the seat viewing)."""
    from rummykit.i18n import translate_plural

    name = seat_name(seat)
    if you:
        return translate_plural(
            "player {seat} (you): {count} card",
            "player {seat} (you): {count} cards",
            count,
            locale=locale,
            seat=name,
        )
    return translate_plural(
        "player {seat}: {count} card",
        "player {seat}: {count} cards",
        count,
        locale=locale,
        seat=name,
    )


def _marks(*, down: bool, to_act: bool, locale: str | None) -> str:
    """`` · down`` and `` · to act`` where they hold."""
    return (_say(N_(" · down"), locale) if down else "") + (
        _say(N_(" · to act"), locale) if to_act else ""
    )


def _melds(sheet: _Sheet, melds: Sequence[Meld], locale: str | None) -> None:
    if not melds:
        return
    sheet.label(_say(N_("table"), locale))
    x = 8.0
    for number, value in enumerate(melds):
        owner = "" if value.owner is None else f" ({seat_name(value.owner)})"
        sheet.parts.append(
            _text(
                x,
                sheet.y + CARD_HEIGHT + 12,
                f"{number} {_kind_label(value)}{owner}".replace("  ", " ").strip(),
                11,
                fill="#37474f",
            )
        )
        width = sheet.row(value.cards, _meld_roles(value), x)
        x += width + _GAP
        if x > 900 and number < len(melds) - 1:
            sheet.y += CARD_HEIGHT + _GAP + 6
            x = 8.0
    sheet.y += 14
    sheet.end_row()


def _pile(
    sheet: _Sheet, pile: Sequence[tuple[Card, int | None]], stock: int, locale: str | None
) -> None:
    caption = _say(N_("stock {stock} · discard pile {pile}"), locale, stock=stock, pile=len(pile))
    if pile:
        caption += _say(N_(", the last {shown}, top at right"), locale, shown=min(len(pile), 8))
    sheet.label(caption)
    sheet.parts.append(_back(8, sheet.y, str(stock)))
    shown = [entry[0] for entry in pile[-8:]]
    if shown:
        sheet.row(shown, x=8 + CARD_WIDTH + _GAP)
    sheet.end_row()


def view(value: PlayerView, *, title: str | None = None, locale: str | None = None) -> Svg:
    """A picture of what one seat may know: its hand, the table (melds by number and
    owner, jokers with their roles), the stock and the pile's top cards, and the other
    seats' hand sizes with the cards they are known to hold; the captions in ``locale``
    (``pt-BR``, ``ru``; English without, see :mod:`rummykit.i18n`)."""
    from rummykit.i18n.phases import phase_word

    sheet = _Sheet()
    heading = title or (
        _say(
            N_("player {seat} · deal {deal} · {phase}"),
            locale,
            seat=seat_name(value.seat),
            deal=value.deal,
            phase=phase_word(value.phase.value, locale=locale),
        )
        + ("" if value.contract is None else f" · {getattr(value.contract, 'notation', '')}")
    )
    sheet.label(heading, bold=True)
    _pile(sheet, value.pile, value.stock_size, locale)
    _melds(sheet, value.melds, locale)
    for seat in range(len(value.hand_sizes)):
        if seat == value.seat:
            continue
        known = value.known[seat]
        marks = _marks(down=value.down[seat], to_act=value.to_act == seat, locale=locale)
        sheet.label(_cards_caption(seat, value.hand_sizes[seat], locale) + marks)
        sheet.parts.append(_back(8, sheet.y, str(value.hand_sizes[seat])))
        if known:
            sheet.row(known, x=8 + CARD_WIDTH + _GAP)
        sheet.end_row()
    mine = _cards_caption(value.seat, len(value.hand), locale, you=True)
    sheet.label(mine + _marks(down=False, to_act=value.to_act == value.seat, locale=locale))
    sheet.row(value.hand)
    sheet.end_row()
    return sheet.document(heading)


def position(match: Match[Any, Any], *, locale: str | None = None) -> Svg:
    """A picture of the whole position of ``match``: every hand face up, the table,
    the stock and the pile; the captions in ``locale`` (English without)."""
    from rummykit.i18n.phases import phase_word

    sheet = _Sheet()
    first = match.view(match.to_act if match.to_act is not None else 0)
    heading = _say(
        N_("{game} · deal {deal} · {phase}"),
        locale,
        game=match.definition.name,
        deal=match.deal_number,
        phase=phase_word(match.phase.value, locale=locale),
    )
    if match.to_act is not None:
        heading += _say(N_(" · player {seat} to act"), locale, seat=seat_name(match.to_act))
    sheet.label(heading, bold=True)
    _pile(
        sheet,
        [(entry.card, entry.discarder) for entry in match.deal.pile.entries],
        len(match.deal.stock),
        locale,
    )
    _melds(sheet, first.melds, locale)
    scores = match.scores
    for seat, hand in enumerate(match.hands):
        score = _say(N_(" · score {score}"), locale, score=scores[seat])
        marks = _marks(down=first.down[seat], to_act=match.to_act == seat, locale=locale)
        sheet.label(_cards_caption(seat, len(hand), locale) + score + marks)
        sheet.row(sorted(hand))
        sheet.end_row()
    return sheet.document(heading)


def deal_strip(
    match: Match[Any, Any],
    deal: int | None = None,
    *,
    seat: int | None = None,
    locale: str | None = None,
) -> Svg:
    """A strip of the decisions of one deal (the last one by default), one line each:
    who acted, the action and the cards it moved; as ``seat`` may know them when
    ``seat`` is given (others' stock draws and dealt hands hidden). The deal's start
    (the hands dealt; the first deal's are dealt before any event), the hands shown
    and its end have lines of their own. The captions are in ``locale`` (``pt-BR``,
    ``ru``; English without, see :mod:`rummykit.i18n`)."""
    number = match.deal_number if deal is None else deal
    parts: list[str] = []
    y = 8.0
    width = 420.0
    from rummykit.i18n import translate

    heading = translate("deal {deal}", locale=locale, deal=number)
    parts.append(_text(8, y + 12, f"{match.definition.name} · {heading}", 13, font_weight="bold"))
    y += 22
    for line in _strip_lines(match.events_seen_by(seat), number, locale):
        parts.append(_text(8, y + 12, line, 12, fill="#263238"))
        width = max(width, 16 + 7 * len(line))
        y += 18
    background = f"<rect width='{width:g}' height='{y + 8:g}' fill='#fafafa' rx='6'/>"
    return _document(width, y + 8, background + "".join(parts), f"deal {number}")


_OWN_LINES = (DealStarted, Dealt, HandsShown, DealEnded)
"""Effects at a deal's start and end, which get lines of their own in a strip."""


def _strip_lines(events: Sequence[Event], number: int, locale: str | None = None) -> list[str]:
    """The lines of deal ``number``'s strip: each of its events, with the effects its
    action does not say, and the effects of its start and end on lines of their own."""
    lines = []
    for event in events:
        deal, note, own = event.deal, [], []
        for effect in event.effects:
            if isinstance(effect, DealStarted):
                deal = effect.deal  # the rest starts the next deal
            if deal != number:
                continue
            if isinstance(effect, _OWN_LINES):
                own.append(f"  {effect.describe(locale=locale)}")
            elif not effect.echoes_action:
                note.append(effect.describe(locale=locale))
        if event.deal == number:
            said = f" ({'; '.join(note)})" if note else ""
            lines.append(f"{event.step}: {seat_name(event.seat)} {event.action}{said}")
        lines += own
    return lines
