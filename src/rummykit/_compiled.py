"""Which build is running: the pure-Python package or the compiled one.

This module is compiled with the hot modules in the opt-in build (``hatch_build.py``), so a
function defined here is a native function exactly when the compiled extensions are the
ones loaded; ``rummykit.compiled`` reports it.
"""

from __future__ import annotations

from typing import Final


def _probe() -> None:
    """A function whose type tells the builds apart (a plain Python function if pure)."""


compiled: Final[bool] = type(_probe).__name__ != "function"
