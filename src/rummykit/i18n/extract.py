"""Making the catalogs' template, ``locale/rummykit.pot`` (a tool for rummykit's
developers, which needs Babel: ``python -m pip install babel``; nothing at run time
imports it):

.. code-block:: console

    $ python -m rummykit.i18n.extract           # writes src/rummykit/i18n/locale/rummykit.pot
    $ pybabel update -i src/rummykit/i18n/locale/rummykit.pot \\
          -d src/rummykit/i18n/locale -D rummykit --no-fuzzy-matching

The template holds two kinds of text: what the source marks (``translate``,
``translate_plural``, ``N_``, ``NC_`` with a context, and the command line's ``tr`` and
``plural``; ``babel.cfg`` names the same keywords for ``pybabel extract``), and each code
of :data:`rummykit.messages.CATALOG` (its English template, the code as its context, its
documentation as a comment for translators), and the descriptions of the shipped games'
rules options (context ``option``; ``rummykit rules`` shows one in English until its
translation is added, so a new option never fails a test).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

KEYWORDS: dict[str, Any] = {
    "translate": None,
    "translate_plural": (1, 2),
    "N_": None,
    "NC_": ((1, "c"), 2),
    "tr": None,
    "plural": (1, 2),
}
"""The marking functions, as Babel's extractor takes them."""

SOURCE = Path(__file__).resolve().parents[1]
"""The ``rummykit`` package, whose Python source is read."""


def source_messages(root: Path = SOURCE) -> list[tuple[str | None, str | tuple[str, str]]]:
    """``(context, msgid)`` of every text the source under ``root`` marks, in file order
    (a plural's msgid is its two forms)."""
    from babel.messages.extract import extract

    found: list[tuple[str | None, str | tuple[str, str]]] = []
    for path in sorted(root.rglob("*.py")):
        with path.open("rb") as stream:
            for _, message, _, context in extract(
                "python", stream, keywords=KEYWORDS, comment_tags=()
            ):
                if isinstance(message, tuple):
                    found.append((context, (message[0], message[1])))
                else:
                    found.append((context, message))
    return found


def code_messages() -> list[tuple[str, str, str]]:
    """``(code, English template, doc)`` of every code rummykit's message catalog ships,
    read in a fresh interpreter (codes a program or a test registered since are its own,
    not rummykit's)."""
    import json
    import subprocess

    script = (
        "import json, rummykit.messages as m; print(json.dumps("
        "[[c, e.template, e.doc] for c, e in sorted(m.CATALOG.items())]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return [(code, template, doc) for code, template, doc in json.loads(done.stdout)]


SHIPPED_GAMES = ("may-i", "posso", "possession", "rummy")
"""The games whose options' descriptions the catalogs translate (context ``option``)."""


def option_docs() -> list[str]:
    """The descriptions of the shipped games' rules options, as ``rummykit rules`` shows
    them (translated where the catalog has them; a new one shows in English until then)."""
    from rummykit.cli.rules import describe_rules
    from rummykit.kit.registry import game

    docs: dict[str, None] = {}
    for name in SHIPPED_GAMES:
        for option in describe_rules(game(name))["options"]:
            if option["doc"]:
                docs[option["doc"]] = None
    return list(docs)


def write_template(path: Path) -> int:
    """Write the template to ``path``; the number of messages."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="rummykit", copyright_holder="The rummykit developers")
    for context, msgid in source_messages():
        flags = ("python-brace-format",) if "{" in "".join(msgid) else ()
        catalog.add(msgid, None, context=context, flags=flags)
    for code, template, doc in code_messages():
        flags = ("python-brace-format",) if "{" in template else ()
        catalog.add(template, None, context=code, flags=flags, auto_comments=[doc])
    for doc in option_docs():
        catalog.add(doc, None, context="option")
    with path.open("wb") as stream:
        write_po(stream, catalog, width=88, no_location=True, omit_header=True, sort_output=True)
    return len(catalog)


def main(argv: list[str] | None = None) -> int:
    """``python -m rummykit.i18n.extract [PATH]``: write the template (by default the
    committed one) and say how many messages it holds."""
    parser = argparse.ArgumentParser(
        prog="python -m rummykit.i18n.extract",
        description="Write the catalogs' template (needs Babel).",
    )
    default = SOURCE / "i18n" / "locale" / "rummykit.pot"
    parser.add_argument(
        "path", nargs="?", type=Path, default=default, help=f"where to write (default {default})"
    )
    path: Path = parser.parse_args(argv).path
    count = write_template(path)
    print(f"{count} messages written to {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover - the developers' command
    raise SystemExit(main())
