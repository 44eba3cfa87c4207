"""Who may answer now, what each may do, and what a silent seat does: the few lines that
tie the live table to the match's protocol.

Where the rules let several seats answer the same question at once (May I?'s requests
and consent round, Posso?'s claims), the match lists them all in ``match.deciding`` and
takes their answers in any order through ``apply(action, seat=…)``: an early answer is
held and applied in priority order when the seats ahead have answered. Everything else
in the server reads these functions, never the protocol.

A seat whose time runs out gets ``match.default_action(seat)``: a question's decline
(``pass``; May I?'s consent: ``allow``) or, in the seat's own turn, the library's
stand-in (the heuristic bot's choice, seeded from the match: the same after a restart).
"""

from __future__ import annotations

from typing import Any

from rummykit import Match
from rummykit.kit import Action


def open_seats(match: Match[Any, Any]) -> tuple[int, ...]:
    """Every seat whose answer the match waits for now, first in priority first (none
    when it is over or the table itself acts)."""
    if match.is_over:
        return ()
    return tuple(match.deciding)


def legal_for(match: Match[Any, Any], seat: int) -> tuple[Action, ...]:
    """``seat``'s legal actions now (none when its answer is not open)."""
    if seat not in open_seats(match):
        return ()
    return match.legal_actions(seat=seat)


def default_for(match: Match[Any, Any], seat: int) -> Action:
    """What a seat whose time ran out plays: ``match.default_action(seat)``."""
    return match.default_action(seat)
