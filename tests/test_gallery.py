"""The gallery (issue 33, item 7): every variant file in ``examples/gallery/`` plays
from the command line (``rummykit simulate FILE -n 2 --json``) between heuristic bots,
and in the games the issue lists almost every deal ends by a player going out.

``.ci/run`` plays each with ``-n 20`` (``examples/gallery_check.py``)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from random import Random

import pytest

from rummykit.agents import decide, make_agent
from rummykit.cli.commands import main
from rummykit.engine import LaidDown
from rummykit.variants import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
sys.path.insert(0, str(EXAMPLES))

from gallery_check import LEAST_GOING_OUT, going_out  # noqa: E402  (CI's check, the same share)

GALLERY = EXAMPLES / "gallery"
FILES = sorted(GALLERY.glob("*.toml"))


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
    assert main(["simulate", str(path), "-n", "2", "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["matches"] == 2 and summary["deals"] > 0
    least = LEAST_GOING_OUT.get(variant.name)
    if least is not None:
        assert going_out(summary, variant.name) >= least, summary["dead_by_deal"]


def test_carioca_goes_down_with_exactly_the_sizes_asked() -> None:
    """Tríos of exactly three and escalas of exactly four when going down (the issue
    measured 18.5 % of go-downs breaking it when sizes were minimums)."""
    definition = load_variant(GALLERY / "carioca.toml").game()
    sizes: Counter[tuple[str, int]] = Counter()
    for seed in range(1):  # one match: some fifteen go-downs (37 melds) in its first eight deals
        match = definition.new_match(players=3, seed=seed)
        bots, rng = [make_agent("heuristic", definition) for _ in range(3)], Random(seed)
        while not match.is_over and match.deal_number <= 8:  # (as play() does, to deal 8)
            seat = match.to_act
            action = (
                match.legal_actions()[0] if seat is None else decide(bots[seat], match, seat, rng)
            )
            match.apply(action)
        for event in match.events:
            for effect in event.effects:
                if isinstance(effect, LaidDown) and event.deal <= 8:
                    sizes.update((meld.kind.value, len(meld)) for meld in effect.melds)
    assert sizes and set(sizes) <= {("group", 3), ("run", 4)}
