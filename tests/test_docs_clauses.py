"""Every clause number cited in src/, tests/ and docs/ resolves to an anchor of the rules
reference pages (docs/rules/*.md), and so does every clause the built-in refusals cite.

The check reads the Markdown sources: an anchor is a MyST target line such as
``(MAYI-9.8)=``. A citation with a letter (``MAYI-7.5c``) resolves to its own anchor or to
the clause it belongs to (``MAYI-7.5``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from rummykit.engine import ContractRummy
from rummykit.games import MayI, Posso
from rummykit.kit import get, names

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
CITATION = re.compile(r"\b(MAYI|POSSO|PSSN)-(\d+(?:\.\d+)?|W\d+)([a-z])?\b")
ANCHOR = re.compile(r"^\(((?:MAYI|POSSO|PSSN)-[0-9A-Za-z.]+)\)=\s*$", re.MULTILINE)


def anchors() -> set[str]:
    """The clause targets defined in the rules reference pages."""
    found: set[str] = set()
    for page in sorted(RULES.glob("*.md")):
        labels = ANCHOR.findall(page.read_text(encoding="utf-8"))
        duplicates = {label for label in labels if labels.count(label) > 1}
        assert not duplicates, f"{page.name}: anchors defined twice: {sorted(duplicates)}"
        found.update(labels)
    return found


def resolves(citation: str, known: set[str]) -> bool:
    """``MAYI-7.5c`` resolves to ``MAYI-7.5c`` or ``MAYI-7.5``."""
    match = CITATION.fullmatch(citation)
    assert match is not None, citation
    prefix, number, letter = match.groups()
    return f"{prefix}-{number}{letter or ''}" in known or f"{prefix}-{number}" in known


def cited_files() -> Iterator[Path]:
    for folder, pattern in (("src", "*.py"), ("tests", "*.py"), ("docs", "*.md")):
        yield from sorted((ROOT / folder).rglob(pattern))
    yield ROOT / "README.md"


def citations() -> Iterator[tuple[str, str]]:
    """(where, clause) for every clause number cited in the project's sources."""
    for path in cited_files():
        if not path.is_file() or "_build" in path.parts or path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in CITATION.finditer(line):
                yield f"{path.relative_to(ROOT)}:{number}", match.group(0)


def refusal_clauses() -> set[str]:
    """The clauses the built-in error messages cite: the games' refusal tables (the
    engine has none of its own), the game definitions' own tables and every clause
    written as a string literal in src/."""
    assert not ContractRummy.refusal_clauses  # the engine cites none of its own
    tables: list[Mapping[str, str]] = [MayI.refusal_clauses, Posso.refusal_clauses]
    tables += [get(name).clauses for name in names()]
    found = {clause for table in tables for clause in table.values()}
    literal = re.compile(r"[\"']((?:MAYI|POSSO|PSSN)-[0-9A-Za-z.]+)[\"']")
    for path in sorted((ROOT / "src").rglob("*.py")):
        found.update(literal.findall(path.read_text(encoding="utf-8")))
    return found


def test_the_reference_pages_define_anchors() -> None:
    known = anchors()
    for prefix in ("MAYI", "POSSO", "PSSN"):
        assert f"{prefix}-1.1" in known
        assert f"{prefix}-W01" in known


def test_every_cited_clause_resolves() -> None:
    known = anchors()
    missing = [f"{where}: {clause}" for where, clause in citations() if not resolves(clause, known)]
    assert not missing, "clauses cited but not in docs/rules:\n" + "\n".join(missing)


def test_citations_are_found() -> None:
    found = {clause for _, clause in citations()}
    assert {"MAYI-9.8", "POSSO-14.5", "PSSN-4.2"} <= found


def test_refusals_cite_documented_clauses() -> None:
    known = anchors()
    clauses = refusal_clauses()
    assert {"MAYI-8.4", "MAYI-13.3", "POSSO-11.6", "POSSO-12.2"} <= clauses
    missing = sorted(clause for clause in clauses if not resolves(clause, known))
    assert not missing, f"error messages cite clauses missing from docs/rules: {missing}"


@pytest.mark.parametrize(
    ("citation", "expected"),
    [("MAYI-7.5c", True), ("MAYI-7.5", True), ("MAYI-99.1", False), ("PSSN-W99", False)],
)
def test_resolution_rule(citation: str, expected: bool) -> None:
    assert resolves(citation, {"MAYI-7.5", "PSSN-W01"}) is expected
