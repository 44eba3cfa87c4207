"""Who may answer now, what each may do, and what a silent seat does: the few lines that
tie the live table to the match's protocol.

A match whose rules let several seats answer the same question at once lists them in
``match.deciding`` and takes ``legal_actions(seat=…)`` and ``apply(action, seat=…)`` in
any order; a match without that (an older rummykit) is asked one seat at a time, and
then the only seat whose answer is open is :attr:`~rummykit.Match.to_act`. Everything
else in the server reads these functions, never the protocol, so either kind of match
plays the same table.

A seat whose time runs out gets ``match.default_action(seat)`` where the match has it;
otherwise the question's ``decline`` (``pass``; May I?'s consent: ``allow``) or, in the
seat's own turn, the heuristic bot's choice (the greedy bot's where the game has no
heuristic), drawn from the table's bot seed and the step so a restart changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

from rummykit import Match
from rummykit.agents import decide, make_agent
from rummykit.errors import RummyError
from rummykit.kit import Action
from rummykit.kit.definition import Question

STAND_IN = ("heuristic", "greedy")
"""The bots that play a silent seat's own turn, the first this game has."""


def open_seats(match: Match[Any, Any]) -> tuple[int, ...]:
    """Every seat whose answer the match waits for now (none when it is over or the
    table itself acts)."""
    if match.is_over:
        return ()
    deciding = getattr(match, "deciding", None)
    if deciding is not None:
        return tuple(seat for seat in deciding if seat is not None)
    seat = match.to_act
    return () if seat is None else (seat,)


def legal_for(match: Match[Any, Any], seat: int) -> tuple[Action, ...]:
    """``seat``'s legal actions now (none when its answer is not open)."""
    if seat not in open_seats(match):
        return ()
    if hasattr(match, "deciding"):
        actions: tuple[Action, ...] = match.legal_actions(seat=seat)  # type: ignore[call-arg]
        return actions
    return match.legal_actions()


def default_for(match: Match[Any, Any], seat: int, bot_seed: int) -> Action:
    """What a seat whose time ran out plays: the match's own default where it has one,
    else the question's decline, else the stand-in bot's choice."""
    default = getattr(match, "default_action", None)
    if default is not None:
        action: Action = default(seat)
        return action
    legal = legal_for(match, seat)
    phase = match.phase
    if isinstance(phase, Question) and phase.decline in legal:
        return phase.decline
    rng = random.Random(f"{bot_seed}/{match.step}/default")
    for name in STAND_IN:
        try:
            agent = make_agent(name, match.definition)
        except RummyError:
            continue
        return decide(agent, match, seat, rng)
    return legal[0]
