"""Which build the suite runs against: CI runs it once pure and once compiled.

The compiled run sets ``RUMMYKIT_EXPECT_COMPILED=1`` (``.ci/run``), so a compiled install
that silently fell back to the pure modules fails here instead of passing unnoticed.
"""

from __future__ import annotations

import os
from importlib import import_module

import pytest

import rummykit
from rummykit.cli import main

EXPECT_COMPILED = os.environ.get("RUMMYKIT_EXPECT_COMPILED") == "1"

#: Every module the compiled build compiles (``hatch_build.py``), by import name.
COMPILED_MODULES = [
    "rummykit._compiled",
    "rummykit.solver._arrange",
    "rummykit.solver._deadwood",
    "rummykit.solver._search",
    "rummykit.solver._tables",
    "rummykit.solver._plan",
    "rummykit.solver._one_deck",
    "rummykit.solver._build",
    "rummykit.melds.validate",
    "rummykit.melds.windows",
    "rummykit.melds.layoff",
    "rummykit.engine.moves",
    "rummykit.engine.pile",
    "rummykit.games.posso.listing",
    "rummykit.games.posso.reach",
    "rummykit.rl.observations",
    "rummykit.rl.views",
    "rummykit.rl.legal",
    "rummykit.games.possession.moves",
    "rummykit.agents.distance",
]


def test_the_flag_says_which_build_runs() -> None:
    assert rummykit.compiled is EXPECT_COMPILED


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_every_hot_module_is_loaded_from_the_expected_build(name: str) -> None:
    if name.startswith("rummykit.rl."):
        pytest.importorskip("numpy", reason="the rl extra is not installed")
    path = import_module(name).__file__ or ""
    assert path.endswith(".py") is not EXPECT_COMPILED, path


@pytest.mark.parametrize("name", ["rummykit._boundary", "rummykit.solver._entry"])
def test_the_boundary_checks_stay_interpreted_in_both_builds(name: str) -> None:
    # They must run before a compiled function's own argument checks (hatch_build.py).
    assert (import_module(name).__file__ or "").endswith(".py")


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    build = "compiled" if EXPECT_COMPILED else "pure Python"
    assert capsys.readouterr().out.strip() == f"rummykit {rummykit.__version__} ({build})"
