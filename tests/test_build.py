"""Which build the suite runs against: CI runs it once pure and once compiled.

The compiled run sets ``RUMMYKIT_EXPECT_COMPILED=1`` (``.ci/run``), so a compiled install
that silently fell back to the pure modules fails here instead of passing unnoticed.

The compiled modules are the ones marked ``__compiled__ = True`` in the tree
(``hatch_build.py`` compiles exactly those): the lists below are read from the marks.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import pkgutil
from importlib import import_module
from pathlib import Path
from types import ModuleType

import pytest

import rummykit
from rummykit._compiled import Native
from rummykit.cli import main

EXPECT_COMPILED = os.environ.get("RUMMYKIT_EXPECT_COMPILED") == "1"


def _module_names() -> list[str]:
    """Every module of the package but ``__main__`` (which runs the command line)."""
    found = [
        info.name
        for info in pkgutil.walk_packages(rummykit.__path__, "rummykit.")
        if not info.name.endswith("__main__")
    ]
    return ["rummykit", *found]


def _imported(name: str) -> ModuleType | None:
    """The module, or ``None`` where an extra it needs is not installed."""
    try:
        return import_module(name)
    except ModuleNotFoundError as error:
        if (error.name or "rummykit").startswith("rummykit"):
            raise
        return None


MODULES = _module_names()
LOADED = {name: module for name in MODULES if (module := _imported(name)) is not None}


def _marked(module: ModuleType) -> bool:
    return getattr(module, "__compiled__", False) is True


MARKED = sorted(name for name, module in LOADED.items() if _marked(module))


def test_the_flag_says_which_build_runs() -> None:
    assert rummykit.compiled is EXPECT_COMPILED


def test_the_compiled_modules_are_the_marked_ones() -> None:
    assert "rummykit._compiled" in MARKED and "rummykit.solver._search" in MARKED
    hook = Path(__file__).resolve().parents[1] / "hatch_build.py"
    spec = importlib.util.spec_from_file_location("hatch_build", hook)
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    paths = build.compiled_modules(hook.parent)
    listed = [path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in paths]
    assert sorted(name for name in listed if name in LOADED) == MARKED


@pytest.mark.parametrize("name", MODULES)
def test_every_module_is_loaded_from_the_expected_build(name: str) -> None:
    """A marked module is an extension in the compiled build; every other module, and
    every module of the pure build, is its ``.py`` file."""
    module = LOADED.get(name)
    if module is None:
        pytest.skip(f"an extra that {name} needs is not installed")
    path = module.__file__ or ""
    assert path.endswith(".py") is not (EXPECT_COMPILED and _marked(module)), path


@pytest.mark.parametrize("name", ["rummykit._boundary", "rummykit.solver._entry"])
def test_the_boundary_checks_stay_interpreted_in_both_builds(name: str) -> None:
    # They must run before a compiled function's own argument checks (hatch_build.py).
    module = import_module(name)
    assert not _marked(module) and (module.__file__ or "").endswith(".py")


def _classes() -> list[tuple[str, str]]:
    """Every class the marked modules define, but the base of their native classes
    (``rummykit._compiled.Native``: its direct subclasses are the final ones)."""
    found = []
    for name in MARKED:
        for attribute, value in vars(LOADED[name]).items():
            if inspect.isclass(value) and value.__module__ == name and value is not Native:
                found.append((name, attribute))
    return found


CLASSES = _classes()


def test_the_marked_modules_define_classes() -> None:
    assert len(CLASSES) >= 20


@pytest.mark.parametrize(("name", "attribute"), CLASSES)
def test_a_compiled_class_refuses_a_subclass_alike_in_both_builds(
    name: str, attribute: str
) -> None:
    cls = getattr(import_module(name), attribute)
    if not EXPECT_COMPILED:  # mypyc drops the decorator from the classes it compiles
        assert getattr(cls, "__final__", False) is True, f"{name}.{attribute} is not @final"
    with pytest.raises(TypeError, match=rf"^{name}\.{attribute} is final: {name} is compiled"):
        type("Subclass", (cls,), {})


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    build = "compiled" if EXPECT_COMPILED else "pure Python"
    assert capsys.readouterr().out.strip() == f"rummykit {rummykit.__version__} ({build})"


def test_the_final_classes_share_two_bases() -> None:
    """A native class of a marked module derives from ``Native`` and an attrs class from
    ``Sealed``: the refusal is written once for each kind (mypyc compiles no attrs class
    natively, and a native class keeps its fixed layout only on a native base)."""
    from rummykit._sealed import Sealed

    for name, attribute in CLASSES:
        cls = getattr(import_module(name), attribute)
        if "__attrs_attrs__" in vars(cls):
            assert Sealed in cls.__bases__, (name, attribute)
    assert issubclass(import_module("rummykit.solver._search").Search, Native)
