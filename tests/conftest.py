"""Hypothesis profiles and the order the tests start in.

Profiles (``HYPOTHESIS_PROFILE``): ``dev``, the default (the README's test command: 10
examples a property), ``ci`` (set by ``.ci/run``: 50) and
``soak`` (thousands of examples, run on purpose: ``HYPOTHESIS_PROFILE=soak pytest -m soak``).
A test that sets its own ``max_examples`` scales it with the profile
(:func:`tests.strategies.examples`).
"""

import importlib
import os
import sys
from pathlib import Path

sys.dont_write_bytecode = False
"""The suite writes the bytecode caches of what it imports (rummykit, the tests) even
where ``PYTHONDONTWRITEBYTECODE`` is set: the fresh Pythons the tests start (the command
line, import checks, Dask's workers) then read them instead of compiling the whole package
again, a third of each one's start-up. The caches are ``__pycache__`` folders beside the
sources, as without the variable (git ignores them)."""

import pytest  # noqa: E402  (after the switch: hypothesis is rewritten by pytest and cached)
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("dev", max_examples=10, deadline=None)
settings.register_profile(
    "ci", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("soak", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

LONGEST = (
    "tests/test_server_table_browser.py",
    "tests/test_gallery.py",
    "tests/test_non_interference.py",
    "tests/test_view_leaks.py",
    "tests/test_solver.py",
    "tests/test_may_i_properties.py",
    "tests/test_live.py",
    "tests/test_simulate.py",
    "tests/test_posso_properties.py",
    "tests/test_snapshot_checks.py",
    "tests/test_rl.py",
    "tests/test_messages.py",
)
"""The modules whose tests take longest, started first: with ``-n auto`` (pytest-xdist
hands out the tests in collection order) the workers end together, not one of them alone
on a long test begun last."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::")[0]
        return LONGEST.index(path) if path in LONGEST else len(LONGEST)

    items.sort(key=rank)  # stable: the order within a module and of the others is kept


def pytest_collection(session: pytest.Session) -> None:
    """On a fresh clone the workers rewrite the asserts of the test modules (and compile
    what they import) as they collect, all in the same order, each redoing much of the
    other's work (two workers rewrote 134-148 modules for 96): worker ``k`` of ``n``
    first imports the modules asked for from ``k/n`` of the way on, writing their
    caches, so that the rest of each one's collection reads the others' caches. They
    are imported under the names collection gives them (``tests.test_x``): collection
    then finds them loaded. A module that fails here is left to collection to report."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if not worker.startswith("gw") or count < 2 or int(worker[2:]) == 0:
        return
    if session.config.getoption("importmode") != "prepend":  # other names: not ours to guess
        return
    root = Path(__file__).resolve().parent
    where = session.config.invocation_params.dir
    asked = [(where / arg.split("::")[0]).resolve() for arg in session.config.args]
    modules = [  # in the order collection meets them
        path
        for path in sorted(root.glob("rules/test_*.py")) + sorted(root.glob("test_*.py"))
        if any(path == place or place in path.parents for place in asked)
    ]
    start = len(modules) * int(worker[2:]) // count
    for path in modules[start:]:
        name = ".".join(("tests", *path.relative_to(root).with_suffix("").parts))
        try:
            importlib.import_module(name)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException:
            pass


@pytest.fixture(autouse=True)
def _english_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the environment's language (``rummykit.i18n``); tests
    expect English whatever machine runs them (a test of another language says so)."""
    monkeypatch.setenv("LANGUAGE", "en")
