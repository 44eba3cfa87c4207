"""Seats: which seat sent an action, and what each seat may be told and shown.

A server passes the seat that sent an action (``seat=`` to
:meth:`~rummykit.kit.match.Match.apply`, ``verify`` or ``can_apply``). Another seat than the
one to act is refused first (:func:`check_sender`), with nothing but "it is not player
B's turn". Only while the action of the seat to act is checked (``sender_known``) may a
refusal name that seat's cards or legal actions (:func:`lacks`, :func:`legal_note`):
otherwise whoever sent the action could read another seat's hand in it. A refusal whose
code is marked ``hidden`` in :data:`rummykit.messages.CATALOG` (its reason depends on the
hand of the seat to act) is told to an unknown sender as :func:`neutral_refusal`, the
same for every hand that seat may hold. :func:`player_view` and
:func:`events_seen_by` are what a seat may know of the table and of the log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from rummykit.cards import Card
from rummykit.errors import ConfigError, IllegalActionError, shown
from rummykit.kit.actions import Action
from rummykit.kit.protocol import Event, PlayerView
from rummykit.messages import Message

if TYPE_CHECKING:
    from rummykit.kit.match import Match


def seat_number(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a match of ``players``, else an
    :class:`~rummykit.errors.IllegalActionError` saying which seats there are.

    >>> seat_number(9, 4)
    Traceback (most recent call last):
    ...
    rummykit.errors.IllegalActionError: there is no seat 9: seats are 0 to 3
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        message = Message("seat.unknown", {"seat": shown(seat), "last": players - 1})
        raise IllegalActionError(message)
    return seat


def check_players(players: object, low: int, high: int, *, clause: str) -> None:
    """Refuse a number of players outside ``low`` to ``high`` (a
    :class:`~rummykit.errors.ConfigError` citing the game's ``clause``)."""
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ConfigError(f"{clause}: players must be from {low} to {high}, got {players!r}")


def check_first_dealer(first_dealer: object, players: int) -> None:
    """Refuse a first dealer given that is not a seat (``None``: not given)."""
    if first_dealer is not None and (
        isinstance(first_dealer, bool)
        or not isinstance(first_dealer, int)
        or not 0 <= first_dealer < players
    ):
        raise ConfigError(
            f"first dealer must be a seat from 0 to {players - 1}, got {first_dealer!r}"
        )


def check_sender(match: Match[Any, Any], seat: int | None, action: object = None) -> None:
    """Refuse ``seat`` unless it is the seat to act (``None``: the sender is not said).
    The refusal says only that it is not that seat's turn, and carries the ``action``
    as it was sent (so a client tells which of its messages was refused)."""
    if seat is not None and seat_number(seat, match.players) != match.to_act:
        raise IllegalActionError(Message("turn.not_yours", {"seat": seat}), action=action)


def neutral_refusal(action: Action, rule: str | None) -> IllegalActionError:
    """The refusal of ``action`` told to a sender not known to be the seat to act, where
    the true reason depends on that seat's hidden hand: ``hand.not_playable``, naming
    only the action, citing the phase's ``rule``, the same for every hand."""
    return IllegalActionError(
        Message("hand.not_playable", {"action": action}), action=action, rule=rule
    )


def lacks(cards: object, *, sender_known: bool) -> str:
    """``does not hold 9S`` for a refusal, naming ``cards`` only when the sender is
    known to be the seat to act: to anyone else it says ``does not hold that card``
    (``them all`` for several), and reveals no more of the hand than the refusal itself."""
    if sender_known:
        return f"does not hold {cards}"
    return "does not hold them all" if " " in str(cards) else "does not hold that card"


def legal_note(legal: Sequence[Action], *, sender_known: bool, most: int = 12) -> Message | str:
    """``; legal: …`` (up to ``most`` of the ``legal`` actions, as a ``note.legal*``
    message) for a refusal when the sender is known to be the seat to act, else
    nothing."""
    if not sender_known:
        return ""
    if not legal:
        return Message("note.legal_none")
    if len(legal) > most:
        return Message("note.legal_more", {"actions": legal[:most], "more": len(legal) - most})
    return Message("note.legal", {"actions": tuple(legal)})


def player_view(match: Match[Any, Any], seat: int, extras: Mapping[str, Any]) -> PlayerView:
    """What ``seat`` may know now: its own hand, the table's public zones, and its legal
    actions when its answer is open (``match.deciding``), with the game's own fields ``extras`` (its
    ``_public_extras``)."""
    seat = seat_number(seat, match.players)
    state, deal = match.state, match.deal
    fields: dict[str, Any] = {
        "seat": seat,
        "deal": state.deal_number,
        "phase": state.phase,
        "to_act": state.to_act,
        "hand": tuple(sorted(deal.hands[seat], key=_CODE)),
        "hand_sizes": tuple(map(len, deal.hands)),
        "known": ((),) * match.players,
        "pile": tuple((entry.card, entry.discarder) for entry in deal.pile.entries),
        "stock_size": len(deal.stock),
        "melds": (),
        "down": (False,) * match.players,
        "scores": match.scores,
        "legal": match.legal_actions(seat=seat),  # none unless the seat is deciding
    }
    fields.update(extras)
    return PlayerView(**fields)


def events_seen_by(match: Match[Any, Any], seat: int | None) -> tuple[Event, ...]:
    """The log as ``seat`` may know it (others' stock draws hidden); ``None``: a
    spectator."""
    if seat is not None:
        seat_number(seat, match.players)
    return tuple(event.seen_by(seat) for event in match.events)


_CODE: Callable[[Card], int] = attrgetter("code")
"""A card's code, the order a hand is shown in (read in C: a view sorts a hand)."""
