"""The clauses a rules class's options cite, read from the docstrings under its fields
(the way the docs write them): what ``rummykit rules`` shows and what an option's error
cites (:func:`~rummykit.kit.options.build_rules`)."""

from __future__ import annotations

import ast
import inspect
import itertools
import re
import textwrap
from typing import Any

_ROLE = re.compile(r":\w+:`~?([^`]+)`")
_CLAUSE = re.compile(r"\b[A-Z]{3,6}-\d+(?:\.\d+)?[a-z]?(?:,\s*\d+(?:\.\d+)?[a-z]?)*")


def cited_clause(text: str) -> str | None:
    """The first clause ``text`` cites, as the docs write clauses, or ``None``.

    >>> cited_clause("POSSO-4.2, 12.2: run, run_and_set or two_sets.")
    'POSSO-4.2, 12.2'
    >>> cited_clause("How a tie for the win is settled.") is None
    True
    """
    found = _CLAUSE.search(text)
    return found.group(0) if found else None


def field_docs(cls: type[Any]) -> dict[str, str]:
    """The docstring under each field of ``cls`` (and its attrs bases), by field name
    (read once per class: its source is parsed, and every game made asks; do not change
    the mapping returned).
    ``rummykit rules`` shows them, and an option's error cites the clause found there
    (an engine option's clause is the game's :class:`~rummykit.engine.table.TableSpec`'s).

    >>> from rummykit.games import MayIRules
    >>> field_docs(MayIRules)["joker_value"]
    'MAYI-2.2: what a joker left in hand costs.'
    """
    known = _DOCS.get(cls)
    if known is None:
        known = _DOCS[cls] = _read_docs(cls)
    return known


_DOCS: dict[type[Any], dict[str, str]] = {}
"""Each rules class's field docs, read once (a few classes: the games' rules)."""


def _read_docs(cls: type[Any]) -> dict[str, str]:
    """:func:`field_docs`, read from the source."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        try:
            source = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for item, after in itertools.pairwise(body):
            if (
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                text = " ".join(after.value.value.split())
                docs[item.target.id] = _ROLE.sub(r"\1", text).replace("``", "")
    return docs
