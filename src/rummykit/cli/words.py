"""What the command line says about a game, read from its public definition data (its
action types, its out-of-turn question phases, its ``take_of``), so that no command names
a game: the words a player types, and which out-of-turn
takes a summary counts.

>>> from rummykit import game
>>> action_words(game("possession"))
'play, draw, pass, done, next'
>>> out_of_turn(game("may-i")), out_of_turn(game("posso")), out_of_turn(game("possession"))
(('buys', 'claims'), ('claims',), ())
"""

from __future__ import annotations

from typing import Any

from rummykit.kit.definition import GameDefinition, Question, Stake
from rummykit.kit.effects import Effect


def action_words(definition: GameDefinition[Any, Any]) -> str:
    """The verbs of the game's actions, in its order, each once."""
    return ", ".join(dict.fromkeys(kind.verb for kind in definition.actions if kind.verb))


def play_help(definition: GameDefinition[Any, Any], *, locale: str | None = None) -> str:
    """The line ``rummykit play`` shows under the legal actions: this game's words.

    >>> from rummykit import game
    >>> print(play_help(game("possession")))
    type an action (Possession's words: play, draw, pass, done, next; the list above
    shows each in full), a number from the list, 'hint', 'show' (the table again) or 'quit'
    """
    from rummykit.i18n import translate

    return translate(
        "type an action ({title}'s words: {words}; the list above shows each in full), "
        "a number from the list, 'hint', 'show' (the table again) or 'quit'",
        locale=locale,
        title=definition.title or definition.name,
        words=action_words(definition),
    )


def games_epilog(definitions: dict[str, GameDefinition[Any, Any]]) -> str:
    """``rummykit play --help``'s note on each game's actions."""
    games = "; ".join(f"{name}: {action_words(found)}" for name, found in definitions.items())
    return f"actions by game ({games}); in a game, help lists the legal ones in full"


def out_of_turn(definition: GameDefinition[Any, Any]) -> tuple[str, ...]:
    """Which out-of-turn takes a summary of the game counts: ``buys`` when a seat may
    pay a penalty card for the disputed card, ``claims`` (takes of every kind) when a
    seat may take it out of turn at all; none for a game without question phases."""
    stakes = {phase.stake for phase in definition.known_phases() if isinstance(phase, Question)}
    return (("buys",) if Stake.BUY in stakes else ()) + (("claims",) if stakes else ())


def take_line(
    definition: GameDefinition[Any, Any], effect: Effect, *, locale: str | None = None
) -> str | None:
    """A demo's line for ``effect`` if it is an out-of-turn take (``None`` if not), in
    ``locale`` (English without)."""
    return None if definition.take_of(effect) is None else effect.describe(locale=locale)
