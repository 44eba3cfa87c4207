"""The public surface: curated facades, and one home for every public name.

The rule these tests hold:

* A name is public when a public module's ``__all__`` lists it, and exactly one does:
  that module is the name's *home*, the one import path the documentation and the
  examples use. There are no deliberate re-exports: a package that lists a submodule's
  name (``rummykit`` lists ``rummykit.cards.Card``) is its home, and the submodule's own
  ``__all__`` does not repeat it (the name stays importable there, unlisted).
* A private module (any part of its path starts with ``_``) has no ``__all__``, nor has a
  module of ``rummykit.kit`` or ``rummykit.engine``: their facade lists their names.
* Three facades carry most of it: ``rummykit`` (the values, :func:`rummykit.game`,
  ``Match``, ``Event`` and the errors), ``rummykit.kit`` (what a game author builds a
  game from) and ``rummykit.engine`` (the contract engine and its hooks); the other public
  modules (``agents``, ``records``, ``simulate``, ``rl``, ``svg``, the games' modules, ...)
  list the names they alone hold.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import pytest

import rummykit

ROOT = Path(__file__).resolve().parent.parent

SURFACE_BEFORE = 743
"""Names in the submodules' ``__all__`` lists when this rule was set (issue 32: 797 with
the root package's 54)."""


def _isort_key(name: str) -> tuple[int, str]:
    """Constants, then classes, then functions (ruff's RUF022 order)."""
    return (0 if name.isupper() else 1 if name[0].isupper() else 2, name)


def _modules() -> dict[str, ModuleType]:
    names = ["rummykit"] + [
        info.name
        for info in pkgutil.walk_packages(rummykit.__path__, "rummykit.")
        if info.name != "rummykit.__main__"
    ]
    return {name: importlib.import_module(name) for name in names}


def _is_private(module_name: str) -> bool:
    return any(part.startswith("_") for part in module_name.split("."))


def _homes() -> dict[str, list[str]]:
    homes: dict[str, list[str]] = defaultdict(list)
    for module_name, module in _modules().items():
        if not _is_private(module_name):
            for name in getattr(module, "__all__", ()):
                homes[name].append(module_name)
    return homes


def test_private_modules_and_the_modules_of_kit_and_engine_have_no_all() -> None:
    modules = _modules()
    private = [name for name in modules if _is_private(name)]
    assert "rummykit.solver._tables" in private and "rummykit._boundary" in private
    facades = [name for name in modules if name.startswith(("rummykit.kit.", "rummykit.engine."))]
    assert "rummykit.kit.protocol" in facades and "rummykit.engine.hooks" in facades
    assert [name for name in private + facades if hasattr(modules[name], "__all__")] == []


def test_every_public_name_has_exactly_one_home() -> None:
    homes = _homes()
    assert homes["Card"] == ["rummykit"] and homes["GameDefinition"] == ["rummykit.kit"]
    assert homes["Hooks"] == ["rummykit.engine"]
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}


def test_every_listed_name_is_there_and_every_list_is_sorted() -> None:
    for module_name, module in _modules().items():
        listed = list(getattr(module, "__all__", ()))
        assert listed == sorted(set(listed), key=_isort_key), module_name
        lazy = getattr(module, "_LAZY", {})
        for name in listed:
            if name in lazy and module_name == "rummykit.rl":
                continue  # loaded on first use, with the rl extra (tests/test_rl.py)
            assert getattr(module, name) is not None, (module_name, name)


def test_the_surface_is_at_most_half_of_what_it_was() -> None:
    total = sum(len(where) for where in _homes().values())
    assert total <= SURFACE_BEFORE // 2, total


def test_the_root_facade_has_game_match_event_and_every_error() -> None:
    from rummykit.errors import RummyError
    from rummykit.kit.match import Match
    from rummykit.kit.protocol import Event
    from rummykit.kit.registry import game

    assert (rummykit.game, rummykit.Match, rummykit.Event) == (game, Match, Event)
    assert {"game", "Match", "Event"} <= set(dir(rummykit))
    assert not {"Any", "TYPE_CHECKING", "importlib"} & set(dir(rummykit))
    errors = [
        name
        for name, value in vars(importlib.import_module("rummykit.errors")).items()
        if isinstance(value, type) and issubclass(value, RummyError) and name[0] != "_"
    ]  # (a private base, the errors said by a code, is no facade's)
    assert len(errors) >= 8 and set(errors) <= set(rummykit.__all__)
    for name in errors:
        assert issubclass(getattr(rummykit, name), ValueError)
    with pytest.raises(AttributeError, match="no attribute 'Matches'"):
        _ = rummykit.Matches


def test_importing_rummykit_does_not_load_the_match_layer() -> None:
    code = "import sys, rummykit; print([m for m in sys.modules if m.startswith('rummykit.kit')])"
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert shown.strip() == "[]"


def test_game_has_one_import_path_and_names_one_meaning() -> None:
    assert _homes()["game"] == ["rummykit"] and _homes()["names"] == ["rummykit.kit"]
    for module_name in ("rummykit.kit", "rummykit.games", "rummykit.rl"):
        module = importlib.import_module(module_name)
        assert not hasattr(module, "game") and not hasattr(module, "get_game"), module_name
    from rummykit import presets

    assert not hasattr(presets, "names") and "may-i" in presets.preset_names()


def _imported_modules(text: str) -> set[str]:
    """The rummykit modules a file (or the doctests and code blocks of a page) imports from."""
    found = set(re.findall(r"^\s*(?:>>> )?from (rummykit[\w.]*) import", text, re.M))
    found |= set(re.findall(r"^\s*(?:>>> )?import (rummykit[\w.]*)", text, re.M))
    return found


def test_the_gin_example_and_the_how_to_build_from_the_facades() -> None:
    """A game is built from ``rummykit`` and ``rummykit.kit`` (and ``rummykit.engine`` for
    a game on the engine); the tools that then play, record and simulate it are imported
    from their own modules, and nothing from a submodule of a facade."""
    tools = {"rummykit.agents", "rummykit.records", "rummykit.simulate"}
    gin = (ROOT / "examples" / "gin_rummy.py").read_text()
    tree = ast.parse(gin)
    top = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    assert {module for module in top if module and module.startswith("rummykit")} == {
        "rummykit",
        "rummykit.kit",
    } | tools
    how_to = (ROOT / "docs" / "howto" / "write-a-game.md").read_text()
    assert _imported_modules(how_to) <= {"rummykit", "rummykit.kit", "rummykit.engine"} | tools
