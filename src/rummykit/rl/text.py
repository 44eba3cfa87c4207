"""A position as text, for ``render_mode="ansi"``.

>>> from rummykit import game
>>> print(position_text(game("may-i").new_match(players=3, seed=1)))  # doctest: +ELLIPSIS
may-i · deal 1 · draw · player ... to act
stock ... · pile ... (top ...)
...
"""

from __future__ import annotations

from typing import Any

from rummykit.cards import format_cards
from rummykit.kit.effects import seat_name


def position_text(match: Any) -> str:
    """The seat to act's view of ``match`` (or the first seat's, when nobody is to act):
    its hand, the pile, the table and the other hands' sizes."""
    seat = match.to_act if match.to_act is not None else 0
    view = match.view(seat)
    who = "nobody" if view.to_act is None else f"player {seat_name(view.to_act)}"
    lines = [f"{match.definition.name} · deal {view.deal} · {view.phase.value} · {who} to act"]
    top = view.pile[-1][0] if view.pile else None
    lines.append(f"stock {view.stock_size} · pile {len(view.pile)} (top {top or '-'})")
    if view.contract is not None:
        lines.append(f"contract {getattr(view.contract, 'notation', view.contract)}")
    for number, meld in enumerate(view.melds):
        owner = "-" if meld.owner is None else seat_name(meld.owner)
        lines.append(f"meld {number} ({owner}): {meld.notation}")
    for other in range(len(view.hand_sizes)):
        mark = "*" if other == view.to_act else " "
        known = view.known[other]
        if other == seat:
            cards = format_cards(view.hand)
        else:
            cards = f"{view.hand_sizes[other]} cards"
            if known:
                cards += f", known {format_cards(known)}"
        down = " (down)" if view.down[other] else ""
        lines.append(f"{mark}{seat_name(other)} {view.scores[other]:>5}{down}: {cards}")
    return "\n".join(lines)
