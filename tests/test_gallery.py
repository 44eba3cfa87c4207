"""The gallery (issue 33, item 7): every variant file in ``examples/gallery/`` plays
from the command line (``rummykit simulate FILE -n 5 --json``) between heuristic bots,
and in the games the issue lists almost every deal ends by a player going out.

``.ci/run`` plays each with ``-n 20`` (``examples/gallery_check.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummykit.cli.commands import main
from rummykit.variants import load_variant

GALLERY = Path(__file__).resolve().parent.parent / "examples" / "gallery"
FILES = sorted(GALLERY.glob("*.toml"))

GOING_OUT = {
    "liverpool": 0.9,
    "shanghai": 0.9,
    "contract-rummy": 0.9,
    "carioca": 0.9,
    "kalooki-51": 0.9,
    "phase-rummy": 0.9,
}
"""The least share of deals ended by going out, for the games the issue lists."""


def test_the_gallery_holds_the_games_of_the_family() -> None:
    names = {path.stem for path in FILES}
    assert {"liverpool", "shanghai", "contract-rummy"} <= names


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_each_gallery_variant_names_its_source_and_plays_from_the_command_line(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = load_variant(path)
    assert variant.name == path.stem and variant.source
    assert "Source:" in path.read_text(encoding="utf-8")  # the comment names it too
    assert main(["simulate", str(path), "-n", "5", "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    went_out = summary["deal_ends"].get("went_out", 0)
    assert summary["matches"] == 5 and summary["deals"] > 0
    least = GOING_OUT.get(variant.name)
    if least is not None:
        assert went_out >= least * summary["deals"], summary["deal_ends"]
