"""What the command line's help texts and choices say of the registered games and the
bots, found on first use: a command that names none (``rummykit --help``, ``rummykit
cards``) loads no game and no bot."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from rummykit.cli.setup import player_range
from rummykit.errors import ConfigError
from rummykit.kit.definition import GameDefinition
from rummykit.kit.registry import get as get_game
from rummykit.kit.registry import names as registered_games


class Facts:
    """What the help texts and choices say of the registered games and the bots, found
    on first use (a command that names none loads no game and no bot)."""

    @functools.cached_property
    def registered(self) -> list[str]:
        return list(registered_games())

    @functools.cached_property
    def usable(self) -> dict[str, GameDefinition[Any, Any]]:
        return usable_games(self.registered)

    @functools.cached_property
    def ranges(self) -> str:
        usable = self.usable
        return "; ".join(
            f"{name} {players_of(usable[name]) if name in usable else '(cannot be loaded)'}"
            for name in self.registered
        )

    @functools.cached_property
    def games_help(self) -> str:
        return f"a game ({', '.join(self.registered)}) or a variant file (FILE.toml)"

    @functools.cached_property
    def bots(self) -> list[str]:
        from rummykit.agents import agent_names

        return list(agent_names())

    @functools.cached_property
    def bots_help(self) -> str:
        return f"bots: {', '.join(self.bots)}; one for every seat or one per seat, comma-separated"

    @functools.cached_property
    def melding(self) -> list[str]:
        """The presets and the registered games with meld rules (``check``, ``solve``)."""
        from rummykit.presets import GAME_PRESETS

        melding = [name for name, found in self.usable.items() if found.meld_rules() is not None]
        return sorted({*GAME_PRESETS, *melding})


def usable_games(registered: Sequence[str]) -> dict[str, GameDefinition[Any, Any]]:
    """Each game under its default rules, for the help and the choices; a plugin that
    cannot be loaded is left out here, and its error is the answer when it is used."""
    usable: dict[str, GameDefinition[Any, Any]] = {}
    for name in registered:
        try:
            usable[name] = get_game(name).from_options()
        except ConfigError:
            continue
    return usable


def players_of(definition: GameDefinition[Any, Any]) -> str:
    """The player counts ``definition`` allows, as the help says them (``3-5``)."""
    fewest, most = player_range(definition)
    return f"{fewest}-{most}"
