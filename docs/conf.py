"""Sphinx configuration for the rummykit documentation."""

from __future__ import annotations

import re
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
        r"|os|random|pathlib|gettext)\.\w+",
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


# -- One home per name ----------------------------------------------------------------
# The reference documents each public name once, at its home (the module whose
# ``__all__`` lists it: ``rummykit.Match``, ``rummykit.kit.Draw``, ``rummykit.engine.Hooks``),
# while docstrings and type hints name objects by the module that defines them
# (``rummykit.kit.match.Match.apply``). A reference Sphinx cannot resolve is looked up
# again at the home of the object it names; a module of a facade resolves to the facade;
# an object that is not public (no ``__all__`` lists it) is shown as code, unlinked. A
# target that names no object at all still fails the build.


def _homes() -> dict[int, str]:
    import importlib
    import pkgutil

    import rummykit

    homes: dict[int, str] = {}
    names = ["rummykit"] + [
        info.name
        for info in pkgutil.walk_packages(rummykit.__path__, "rummykit.")
        if info.name != "rummykit.__main__"
    ]
    for module_name in names:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            homes[id(getattr(module, name))] = f"{module_name}.{name}"
    return homes


_HOMES: dict[int, str] = {}


def _locate(target: str) -> tuple[object, str, list[str]] | None:
    """The object ``target`` names, the module it was found in, and the attribute path."""
    import importlib

    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        value: object = module
        for part in parts[cut:]:
            if not hasattr(value, part):
                return None
            value = getattr(value, part)
        return value, ".".join(parts[:cut]), parts[cut:]
    return None


def _resolve_at_home(app, env, node, contnode):  # type: ignore[no-untyped-def]
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    if not _HOMES:
        _HOMES.update(_homes())
    candidates = [target]
    if not target.startswith("rummykit"):  # a bare name, in the docstring of an object
        if node.get("py:module"):
            candidates.insert(0, f"{node['py:module']}.{target}")
        documented = re.search(r"docstring of ([\w.]+)", node.source or "")
        if documented:
            where = _locate(documented.group(1))
            if where is not None:
                candidates.insert(0, f"{where[1]}.{target}")
    domain = env.get_domain("py")
    for candidate in candidates:
        if not candidate.startswith("rummykit"):
            continue
        found = _locate(candidate)
        if found is None:
            continue
        _, module_name, path = found
        if not path:  # a module: its facade (the nearest documented package above it)
            parents = module_name.split(".")
            while parents:
                name = ".".join(parents)
                if name in domain.modules:
                    return domain.resolve_xref(
                        env, node["refdoc"], app.builder, "mod", name, node, contnode
                    )
                parents.pop()
            continue
        home = None
        for depth in range(len(path), 0, -1):
            owner = _locate(f"{module_name}.{'.'.join(path[:depth])}")
            listed = _HOMES.get(id(owner[0])) if owner is not None else None
            if listed is not None and listed.rsplit(".", 1)[-1] == path[depth - 1]:
                home = ".".join([listed, *path[depth:]])
                break
        if home is not None and home != candidate:
            resolved = domain.resolve_any_xref(
                env, node["refdoc"], app.builder, home, node, contnode
            )
            if resolved:
                return resolved[0][1]
        return contnode  # an object that is not public: shown, not linked
    return None


def _defining_docstring(app, what, name, obj, options, lines):  # type: ignore[no-untyped-def]
    """A constant documented at its home (``rummykit.JOKER``) gets the docstring written
    under it where it is defined (``rummykit.cards``), not its type's."""
    import importlib
    import pkgutil

    from sphinx.pycode import ModuleAnalyzer

    import rummykit

    if what != "data" or "." not in name:
        return
    home, short = name.rsplit(".", 1)
    names = [
        info.name
        for info in pkgutil.walk_packages(rummykit.__path__, "rummykit.")
        if info.name.startswith(home + ".") and info.name != "rummykit.__main__"
    ]
    for module_name in names:
        module = importlib.import_module(module_name)
        if vars(module).get(short, lines) is not obj:
            continue
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", short))
        if docs:
            lines[:] = [line.rstrip("\n") for line in docs]
            return


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("missing-reference", _resolve_at_home)
    app.connect("autodoc-process-docstring", _defining_docstring)
