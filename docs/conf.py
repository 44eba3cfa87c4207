"""Sphinx configuration for the rummykit documentation."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from rummykit import __version__

project = "rummykit"
author = "The rummykit developers"
copyright = "2026, the rummykit developers"
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
html_theme = "furo"
html_title = f"rummykit {version}"
# No intersphinx: the docs build without a network.

# Every cross-reference must resolve: with ``sphinx -W`` (the CI) a broken link to a
# rummykit object fails the build. Link to where an object is documented in
# reference.rst (the errors under ``rummykit.errors``, the rules classes under their
# ``rummykit.games.*_rules`` modules, the engine's hooks under ``rummykit.engine.hooks``).
nitpicky = True
# The references below cannot resolve here, so they are not checked (each pattern is a
# full match on the target):
nitpick_ignore_regex = [
    # The standard library, numpy, attrs, gymnasium and pettingzoo: their inventories
    # come from the network (intersphinx), and the docs build without one. Type
    # annotations name them (``random.Random``, ``collections.abc.Sequence``,
    # ``numpy.ndarray``, ``gymnasium.spaces.space.Space``, ...), and a few docstrings too.
    (
        r"py:.*",
        r"(abc|collections|collections\.abc|concurrent\.futures(\._base)?|enum|importlib\.metadata"
        r"|os|random)\.\w+",
    ),
    (r"py:.*", r"(numpy|attrs?|gymnasium|pettingzoo)(\.\w+)+"),
    # pettingzoo's own type variables, shown bare in the members rummykit.rl.aec's
    # wrapper inherits from pettingzoo.
    (r"py:class", r"AECEnv|AgentID|ObsType|ActionType"),
    # rummykit's type variables (M, R, MS, DS in match, registry, engine, options,
    # sampling, simulate): autodoc names them in annotations and generic bases, but a
    # TypeVar has no entry of its own to link to.
    (r"py:(class|obj)", r"(rummykit(\.\w+)*\.)?[A-Z]{1,2}"),
]
