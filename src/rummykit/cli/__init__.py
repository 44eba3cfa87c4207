"""The ``rummykit`` command and its terminal side: subcommands over the library, playing
against bots, replaying records, a game's rules; ``--json`` for machines."""

from rummykit.cli.commands import main

__all__ = ["main"]
