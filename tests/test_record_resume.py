"""``RecordWriter(resume=True)`` proves the file (or stream) is this match's record: the
header's digest is the match's setup, the last line is whole, the events replay to the
match; anything else is refused before a line is written."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from rummykit import game
from rummykit.errors import RecordError
from rummykit.kit.match import Match
from rummykit.records import RecordWriter, load_jsonl, loads_jsonl, setup_digest


def played(seed: int = 4, steps: int = 30, **options: Any) -> Match[Any, Any]:
    match: Match[Any, Any] = game("may-i", **options).new_match(players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        match.apply(rng.choice(match.legal_actions()))
    return match


def written(path: Path, match: Match[Any, Any]) -> Path:
    with RecordWriter(path, match):
        pass
    return path


def refused(target: Any, match: Match[Any, Any], words: str) -> None:
    before = target.read_text() if isinstance(target, Path) else target.getvalue()
    with pytest.raises(RecordError, match=words):
        RecordWriter(target, match, resume=True)
    after = target.read_text() if isinstance(target, Path) else target.getvalue()
    assert after == before  # nothing written


def test_the_header_carries_the_setup_digest_and_loading_checks_it(tmp_path: Path) -> None:
    match = played()
    path = written(tmp_path / "m.jsonl", match)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["digest"] == setup_digest(match)
    assert load_jsonl(path) == match
    header["digest"] = "0" * 64
    with pytest.raises(RecordError, match="line 1: the digest"):
        loads_jsonl("\n".join([json.dumps(header), *lines[1:]]) + "\n")


def test_the_record_of_another_rules_set_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path / "m.jsonl", played(buy_penalty_per_card=2))
    refused(path, Match.from_dict(played().to_dict()), "its rules")


def test_the_record_of_another_match_with_the_same_setup_is_refused(tmp_path: Path) -> None:
    """Same game, seed, players and rules, as many events, other actions."""
    mine = played(seed=4)
    other: Match[Any, Any] = game("may-i").new_match(players=4, seed=4)
    rng = random.Random(99)
    while other.step < mine.step:
        other.apply(rng.choice(other.legal_actions()))
    assert other != mine
    path = written(tmp_path / "m.jsonl", other)
    refused(path, Match.from_dict(mine.to_dict()), "do not lead to the match|illegal|line")


def test_a_last_line_cut_by_a_crash_is_refused(tmp_path: Path) -> None:
    match = played()
    path = written(tmp_path / "m.jsonl", match)
    text = path.read_text()
    path.write_text(text[:-20])
    refused(path, Match.from_dict(match.to_dict()), "cut short")


def test_a_record_with_a_line_missing_is_refused(tmp_path: Path) -> None:
    match = played()
    path = written(tmp_path / "m.jsonl", match)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:-1]))
    refused(path, Match.from_dict(match.to_dict()), "holds 29 events")


def test_a_stream_is_checked_like_a_path() -> None:
    match, other = played(seed=4), played(seed=5)
    stream = io.StringIO()
    with RecordWriter(stream, other):
        pass
    refused(stream, Match.from_dict(match.to_dict()), "its seed")
    good = io.StringIO()
    RecordWriter(good, match)
    rng = random.Random(1)
    restored = Match.from_dict(match.to_dict())
    writer = RecordWriter(good, restored, resume=True)
    writer.append(restored.apply(rng.choice(restored.legal_actions())))
    assert loads_jsonl(good.getvalue()) == restored


class _WriteOnly(io.StringIO):
    def seekable(self) -> bool:
        return False

    def seek(self, *args: Any) -> int:
        raise io.UnsupportedOperation("not seekable")


def test_a_stream_that_cannot_be_read_back_is_refused() -> None:
    with pytest.raises(RecordError, match="readable and seekable"):
        RecordWriter(_WriteOnly(), played(), resume=True)


def test_a_file_resumed_with_a_plus_appends_after_its_events(tmp_path: Path) -> None:
    match = played()
    path = written(tmp_path / "m.jsonl", match)
    restored = Match.from_dict(match.to_dict())
    with path.open("a+", encoding="utf-8") as stream:
        writer = RecordWriter(stream, restored, resume=True)
        writer.append(restored.apply(restored.legal_actions()[0]))
    assert load_jsonl(path) == restored


# -- the server how-to's recipe for a crash between the record's and the snapshot's write --

HOWTO = Path(__file__).resolve().parent.parent / "docs" / "howto" / "server.md"


def _reopen() -> Any:
    """``reopen`` as the how-to writes it (its code block, run here)."""
    text = HOWTO.read_text(encoding="utf-8")
    start = text.index("```python\nfrom typing import Any\n") + len("```python\n")
    code = text[start : text.index("```", start)]
    namespace: dict[str, Any] = {}
    exec(compile(code, str(HOWTO), "exec"), namespace)  # the docs' own code
    return namespace["reopen"]


def _table(tmp_path: Path) -> tuple[Match[Any, Any], Path, RecordWriter, random.Random]:
    match: Match[Any, Any] = game("posso").new_match(players=3, seed=8)
    path = tmp_path / "table.jsonl"
    writer = RecordWriter(path, match)
    rng = random.Random(8)
    for _ in range(12):  # the record first, then the snapshot (here: kept in memory)
        writer.append(match.apply(rng.choice(match.legal_actions())))
    return match, path, writer, rng


@pytest.mark.parametrize("crash", ["none", "between the writes", "in the record's write"])
def test_the_howtos_recipe_mends_each_crash(tmp_path: Path, crash: str) -> None:
    reopen = _reopen()
    match, path, writer, rng = _table(tmp_path)
    snapshot = match.to_dict()
    event = match.apply(rng.choice(match.legal_actions()))
    if crash == "between the writes":
        writer.append(event)  # the record has the action, the snapshot has not
    elif crash == "in the record's write":
        line = json.dumps(event.to_dict())
        writer.stream.write(line[: len(line) // 2])  # cut short: the action is lost
    writer.close()
    restored, again = reopen(snapshot, str(path))
    expected = match if crash == "between the writes" else Match.from_dict(snapshot)
    assert restored == expected
    again.append(restored.apply(restored.legal_actions()[0]))
    again.close()
    assert load_jsonl(path) == restored


def test_the_howtos_recipe_refuses_another_tables_record(tmp_path: Path) -> None:
    reopen = _reopen()
    _, path, writer, _ = _table(tmp_path)
    writer.close()
    with pytest.raises(RecordError):
        reopen(played().to_dict(), str(path))
