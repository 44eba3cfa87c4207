"""The terminal side of the ``rummykit`` command: playing against bots, replaying records,
reading a game's rules, and the text (plain, or coloured with ``rich``) they print.

Nothing in the library imports this package; :mod:`rummykit.cli` does.
"""
