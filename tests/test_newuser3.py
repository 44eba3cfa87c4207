"""What a new user trips on: import paths learnt from the docs, and refusals that name
what the author wrote.

A reader learns import paths from the pages and the example scripts. When a page imports a
public name through another module than the one whose ``__all__`` lists it (say
``from rummykit.solver import Arrangement`` where ``rummykit`` is its home), the reader
learns a second path to the same object, which the one-home rule of ``tests/test_api.py``
exists to prevent. This test reads every doctest and ``python`` code block of ``docs/``
and ``README.md`` and every script under ``examples/``, and checks each
``from rummykit... import name`` of a public name against that name's home.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from rummykit import ConfigError
from rummykit.games import MayI
from rummykit.kit import register
from tests.test_api import _homes

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_PAGES = {"changelog.md", "benchmark-history.md"}
"""Pages that quote old import paths on purpose (the map from old names to new)."""


def _sources(path: Path) -> Iterator[str]:
    """The Python a reader would run from ``path``: a script, or a page's doctest
    examples and plain ``python`` code blocks."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        yield text
        return
    for example in doctest.DocTestParser().get_examples(text):
        yield example.source
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        if ">>>" not in block:
            yield block


def _files() -> list[Path]:
    pages = [page for page in (ROOT / "docs").rglob("*.md") if page.name not in SKIPPED_PAGES]
    return [*sorted(pages), ROOT / "README.md", *sorted((ROOT / "examples").rglob("*.py"))]


def _misplaced_imports(files: list[Path]) -> dict[str, set[str]]:
    """``{file: {"module.name (home: ...)", ...}}`` for each public name imported through
    a module that is not its home, when that module's name is the home's very object (a
    different object of the same name, as a bot option's ``whole``, is another name)."""
    homes = _homes()
    found: dict[str, set[str]] = defaultdict(set)
    for path in files:
        for source in _sources(path):
            try:
                tree = ast.parse(source)
            except SyntaxError:  # a doctest's continuation shown alone, or a sketch
                continue
            for node in ast.walk(tree):
                if not (isinstance(node, ast.ImportFrom) and node.module):
                    continue
                if not node.module.startswith("rummykit"):
                    continue
                for alias in node.names:
                    where = homes.get(alias.name, [])
                    if not where or node.module in where:
                        continue
                    module = importlib.import_module(node.module)
                    home = importlib.import_module(where[0])
                    if getattr(module, alias.name, None) is getattr(home, alias.name, None):
                        found[path.name].add(f"{node.module}.{alias.name} (home: {where[0]})")
    return dict(found)


def test_the_docs_and_examples_import_each_public_name_from_its_home() -> None:
    assert _misplaced_imports(_files()) == {}


def test_the_scan_sees_a_name_imported_through_another_module(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```python\n>>> from rummykit.solver import Arrangement\n"
        ">>> from rummykit import Card\n\n```\n\n"
        "```python\nfrom rummykit.kit.definition import Question\n```\n",
        encoding="utf-8",
    )
    assert _misplaced_imports([page]) == {
        "page.md": {
            "rummykit.solver.Arrangement (home: rummykit)",
            "rummykit.kit.definition.Question (home: rummykit.kit)",
        }
    }


def test_an_unknown_kind_of_refusal_is_refused_naming_the_attribute_the_author_wrote() -> None:
    """The author writes ``refusal_clauses``; the refusal names it, not a ``clauses``
    the definition does not have."""

    @attrs.frozen
    class Typo(MayI):
        name: ClassVar[str] = "typo-refusal-clauses"
        refusal_clauses: ClassVar[Any] = {"layof": "BR-4"}

    with pytest.raises(ConfigError, match=r"refusal_clauses has no kind of refusal 'layof'"):
        register(Typo)
