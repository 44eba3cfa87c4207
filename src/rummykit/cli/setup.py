"""From command-line words to a game: house rules (``--option NAME=VALUE``, ``--schedule``),
player counts the game allows, and the bots at the other seats with their options
(``--bot-option BOT.NAME=VALUE``)."""

from __future__ import annotations

import json
import os
from argparse import Namespace
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummykit.errors import ConfigError, RummyError, shown
from rummykit.i18n import add_catalog
from rummykit.kit.definition import GameDefinition
from rummykit.kit.option_table import option_infos
from rummykit.kit.registry import get
from rummykit.variants import load_variant, variant_type

if TYPE_CHECKING:
    from rummykit.agents import Agent


class UsageError(ConfigError):
    """A usage or input error: one line on stderr, exit code 2 (a
    :class:`~rummykit.errors.ConfigError` where the library is called from Python)."""


def option_value(text: str) -> Any:
    """A value typed on the command line: JSON-ish (``true``, ``false``, ``null``, numbers,
    ``[...]`` lists, quoted strings), anything else as the text itself.

    >>> option_value("true"), option_value("3"), option_value("[2, 'K']"), option_value("wrap")
    (True, 3, [2, 'K'], 'wrap')
    >>> option_value("None"), option_value("1.5")
    (None, 1.5)
    """
    words = {"true": True, "false": False, "null": None, "none": None}
    if text.strip().lower() in words:
        return words[text.strip().lower()]
    try:
        return json.loads(text)
    except ValueError:
        pass
    if text.strip().startswith("["):
        try:
            return json.loads(text.replace("'", '"'))
        except ValueError:
            pass
    return text


def parse_options(items: Sequence[str] | None) -> dict[str, Any]:
    """``NAME=VALUE`` words as a dict of rules options (``-`` in names reads as ``_``):
    the flat names a game's rules take, its own and the engine's alike
    (:func:`~rummykit.kit.option_table.option_infos`).

    >>> parse_options(["jokers=2", "claim-order=next_player_first"])
    {'jokers': 2, 'claim_order': 'next_player_first'}
    """
    options: dict[str, Any] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise UsageError(f"--option takes NAME=VALUE, got {item!r}")
        options[name] = option_value(value)
    return options


def parse_bot_options(items: Sequence[str] | None) -> dict[str, dict[str, Any]]:
    """``BOT.NAME=VALUE`` words as each bot's options, e.g. the search bot's budget.

    >>> parse_bot_options(["search.simulations=16", "heuristic.buy-gain=2"])
    {'search': {'simulations': 16}, 'heuristic': {'buy_gain': 2}}
    """
    options: dict[str, dict[str, Any]] = {}
    for item in items or ():
        if not isinstance(item, str):
            raise UsageError(f"--bot-option takes BOT.NAME=VALUE text, got {item!r}")
        key, sep, value = item.partition("=")
        bot, dot, name = key.strip().partition(".")
        name = name.strip().replace("-", "_")
        if not sep or not dot or not bot or not name:
            raise UsageError(f"--bot-option takes BOT.NAME=VALUE, got {item!r}")
        from rummykit.agents import agent_names  # the bots, only where a command has them

        if bot not in (known := agent_names()):
            raise UsageError(f"--bot-option {item!r}: bots are {', '.join(known)}")
        options.setdefault(bot, {})[name] = option_value(value)
    return options


def make_bots(
    names: Sequence[str],
    definition: GameDefinition[Any, Any],
    *,
    options: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[Agent]:
    """The agents called ``names`` for ``definition``, each with its bot's ``options``
    (``{"search": {"simulations": 16}}``; an option a bot does not have, or a bad value,
    is the library's ConfigError). Options for a bot that sits nowhere are refused:
    they would change nothing. The search bot's own heuristic takes no ``heuristic``
    options (give a :class:`~rummykit.agents.SearchAgent` value for that).

    >>> from rummykit import game
    >>> [type(bot).__name__ for bot in make_bots(["search", "random"], game("may-i"))]
    ['SearchAgent', 'RandomAgent']
    >>> make_bots(["heuristic"], game("may-i"), options={"search": {"simulations": 8}})
    Traceback (most recent call last):
    ...
    rummykit.cli.setup.UsageError: bot options for search, but no seat has that bot
    (bots: heuristic)
    """
    options = {} if options is None else options
    if not isinstance(options, Mapping) or not all(
        isinstance(bot, str)
        and isinstance(chosen, Mapping)
        and all(isinstance(name, str) for name in chosen)
        for bot, chosen in options.items()
    ):
        raise UsageError(
            "bot options are a dict from bot names to dicts of options "
            f"({{'search': {{'simulations': 16}}}}), got {options!r}"
        )
    unused = sorted(set(options) - set(names))
    if unused:
        raise UsageError(
            f"bot options for {', '.join(unused)}, but no seat has that bot "
            f"(bots: {', '.join(dict.fromkeys(names))})"
        )
    from rummykit.agents import make_agent

    return [make_agent(name, definition, **options.get(name, {})) for name in names]


def is_variant_file(name: str) -> bool:
    """Whether the command line's game ``name`` names a variant file (it ends in
    ``.toml`` or holds a path separator) rather than a registered game.

    >>> is_variant_file("may-i"), is_variant_file("examples/liverpool.toml")
    (False, True)
    """
    return name.endswith(".toml") or "/" in name or os.sep in name


def game_type(name: str) -> type[GameDefinition[Any, Any]]:
    """The game the command line names: a registered game's name, or the path of a
    variant file (:func:`rummykit.variants.load_variant`; read, not registered). A
    ``locale`` folder beside a variant file holds its own catalogs (domain: the variant's
    name), added with :func:`rummykit.i18n.add_catalog`."""
    if is_variant_file(name):
        variant = load_variant(name)
        words = Path(name).resolve().parent / "locale"
        if words.is_dir():  # the variant's own words: locale/<ll>/LC_MESSAGES/<name>.po
            add_catalog(words, domain=variant.name)
        return variant_type(variant)
    return get(name)


def build_game(
    name: str, options: Sequence[str] | None = None, schedule: str | None = None
) -> GameDefinition[Any, Any]:
    """The game ``name`` (a registered game or a variant file, :func:`game_type`) with
    its house rules (ConfigError as the library says it)."""
    definition_type = game_type(name)
    rules = parse_options(options)
    if schedule is not None:
        names = {info.name for info in option_infos(definition_type.rules_type)}
        if "contract_schedule" not in names:
            raise UsageError(f"{name} has no contract schedule (--schedule)")
        if "contract_schedule" in rules:
            raise UsageError("give --schedule or --option contract_schedule=..., not both")
        rules["contract_schedule"] = Path(schedule)  # the command line's own file
    return definition_type.from_options(**rules)


def match_schedule(match: Any) -> Any:
    """The match's contract schedule, or ``None`` for a game without one (an engine
    game without contracts refuses ``match.schedule`` with a ConfigError)."""
    try:
        return getattr(match, "schedule", None)
    except ConfigError:
        return None


def player_range(definition: GameDefinition[Any, Any]) -> tuple[int, int]:
    """The fewest and most players the game's rules allow (their
    ``player_count_range``: a field, or the table's)."""
    found = getattr(definition.rules, "player_count_range", None)
    if isinstance(found, tuple) and len(found) == 2:
        return int(found[0]), int(found[1])
    return 2, 8


def check_players(
    definition: GameDefinition[Any, Any], players: int | None, *, given_by: str = "--players"
) -> int:
    """``players`` (or the game's default) if the game allows it, else a usage error
    naming the option that gave the count (``given_by``)."""
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise UsageError(f"{given_by} must be a whole number of players, got {shown(players)}")
    fewest, most = player_range(definition)
    count = definition.default_players if players is None else players
    count = min(max(count, fewest), most) if players is None else count
    if not fewest <= count <= most:
        try:  # the library's message names the clause
            definition.new_match(players=count)
        except RummyError as error:
            raise UsageError(f"{definition.name}: {error} ({given_by})") from None
        raise UsageError(
            f"{definition.name} is played by {fewest} to {most} players, got {count} ({given_by})"
        )
    return count


def seat_bots(text: str, seats: int) -> list[str]:
    """One bot name for every seat, or one name per seat (comma-separated)."""
    bots = [word.strip() for word in text.split(",")]
    if not all(bots):
        raise UsageError(f"--bots {text!r} has an empty name (names are comma-separated)")
    from rummykit.agents import agent_names

    known = agent_names()
    for bot in bots:
        if bot not in known:
            raise UsageError(f"bots are {', '.join(known)}; got {bot!r}")
    if len(bots) == 1:
        return bots * seats
    if len(bots) != seats:
        raise UsageError(f"{seats} bot seats but {len(bots)} bots given ({text})")
    return bots


def seated_bots(args: Namespace, definition: GameDefinition[Any, Any]) -> tuple[int, list[str]]:
    """The players and each seat's bot of ``--bots`` (one name for all, or one per seat,
    which then sets the players) and ``--players``."""
    words = [name.strip() for name in args.bots.split(",")]
    if len(words) > 1 and args.players is not None and args.players != len(words):
        raise UsageError(f"--players {args.players} but {len(words)} bots")
    if len(words) > 1:
        players = check_players(definition, len(words), given_by=f"--bots {args.bots}")
    else:
        players = check_players(definition, args.players)
    return players, seat_bots(args.bots, players)


def bots_label(bots: list[str], definition: GameDefinition[Any, Any]) -> str:
    """Each distinct bot of ``bots`` once, in seat order, a greedy fallback with its
    reason (``heuristic (greedy fallback: ...)``) once."""
    from rummykit.agents.factory import agent_label

    return ", ".join(agent_label(bot, definition) for bot in dict.fromkeys(bots))
