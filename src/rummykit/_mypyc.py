"""mypyc's class options, without a runtime dependency on ``mypy_extensions``.

The compiled build (``hatch_build.py``) reads ``@mypyc_attr(...)`` on a class by the
decorator's full name, ``mypy_extensions.mypyc_attr``, which is what type checkers see
here; at run time, in either build, the decorator does nothing (mypyc has already
applied the options; the pure build has none to apply), so the installed package needs
only attrs and typing-extensions. This module is never compiled itself.

``@mypyc_attr(native_class=False)`` keeps a compiled class an ordinary Python class
(compiled methods, attributes in ``__dict__``): the match classes every game extends
need that, since games and users subclass them, copy them through ``__dict__`` and
override their class attributes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*names, **options):
        """The run-time stand-in: a class decorator that returns the class unchanged."""
        return lambda cls: cls
