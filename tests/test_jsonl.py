"""Incremental records (issue 22, item 5): a record written one event per line as the
match goes, appended in constant time, read back and replayed; a line cut short is
refused naming the line; ``rummykit replay`` reads such a file."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from rummykit import Match, RecordError, game
from rummykit.cli import main
from rummykit.records import LINES_FORMAT, RecordWriter, load_jsonl, loads_jsonl

AnyMatch = Match[Any, Any]


def _play(match: AnyMatch, writer: RecordWriter, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if match.is_over:
            return
        writer.append(match.apply(rng.choice(match.legal_actions())))


@pytest.mark.parametrize("name", ["may-i", "posso", "possession"])
def test_a_record_written_line_by_line_replays_to_the_match(name: str, tmp_path: Path) -> None:
    match: AnyMatch = game(name).new_match(players=3, seed=8)
    path = tmp_path / "match.jsonl"
    with RecordWriter(path, match, seats=["ann", "bob", "cy"]) as writer:
        _play(match, writer, 200, random.Random(8))
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == LINES_FORMAT and header["seats"] == ["ann", "bob", "cy"]
    assert len(lines) == 1 + match.step
    assert json.loads(lines[-1]) == match.events[-1].to_dict()
    assert load_jsonl(path) == match


def test_a_new_record_starts_with_the_events_so_far() -> None:
    match: AnyMatch = game("may-i").new_match(players=4, seed=2)
    for action in match.legal_actions()[:1] * 1:
        match.apply(action)
    out = io.StringIO()
    RecordWriter(out, match)
    assert loads_jsonl(out.getvalue()) == match


def test_a_server_resumes_its_record_after_a_restart(tmp_path: Path) -> None:
    """Store a snapshot and a line per action; after a restart, restore the snapshot and
    append to the same file: the file still replays to the match."""
    rng = random.Random(3)
    match: AnyMatch = game("posso").new_match(players=4, seed=3)
    path = tmp_path / "table.jsonl"
    with RecordWriter(path, match) as writer:
        _play(match, writer, 60, rng)
    saved = json.dumps(match.to_dict())
    restored = Match.from_dict(json.loads(saved))
    with RecordWriter(path, restored, resume=True) as writer:
        _play(restored, writer, 60, rng)
    assert load_jsonl(path) == restored


def test_an_event_out_of_order_is_refused() -> None:
    match: AnyMatch = game("may-i").new_match(players=3, seed=1)
    writer = RecordWriter(io.StringIO(), match)
    event = match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])
    with pytest.raises(RecordError, match="next step is 0, not 1"):
        writer.append(match.events[1])
    writer.append(event)


def _lines(steps: int = 20) -> str:
    match: AnyMatch = game("may-i").new_match(players=3, seed=6)
    out = io.StringIO()
    writer = RecordWriter(out, match)
    _play(match, writer, steps, random.Random(6))
    return out.getvalue()


def test_a_last_line_cut_short_is_refused_naming_the_line() -> None:
    text = _lines()
    cut = text[: len(text) - 15]
    with pytest.raises(RecordError, match=r"line 21: cut short"):
        loads_jsonl(cut)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda lines: lines.__setitem__(3, "{"), "line 4: not JSON"),
        (lambda lines: lines.__delitem__(3), "line 4: not event 2"),
        (lambda lines: lines.__setitem__(0, '{"format": "x"}'), "line 1: not a rummykit"),
        (lambda lines: lines.__setitem__(5, '{"step": 4, "action": {"text": "fly"}}'), "step 4"),
    ],
)
def test_a_broken_record_is_refused_clearly(change: Any, reason: str) -> None:
    lines = _lines().splitlines()
    change(lines)
    with pytest.raises(RecordError, match=reason):
        loads_jsonl("\n".join(lines) + "\n")


def _edited(line: int, edit: Any) -> str:
    lines = _lines().splitlines()
    event = json.loads(lines[line - 1])
    edit(event)
    lines[line - 1] = json.dumps(event)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda event: event["effects"][0].update(text="A wins"), r"effects\[0\] is stored as"),
        (lambda event: event["effects"].clear(), r"effects\[0\] is stored as nothing"),
        (
            lambda event: event["effects"].append({"type": "Drew"}),
            r"effects\[\d+\] .* gives nothing",
        ),
        (lambda event: event.pop("effects"), "effects is stored as nothing"),
        (lambda event: event.update(seat=7), "seat is stored as 7"),
    ],
)
def test_stored_effects_that_disagree_with_the_replay_are_refused(edit: Any, reason: str) -> None:
    assert loads_jsonl(_edited(5, lambda event: None)).step == 20
    with pytest.raises(RecordError, match=f"^line 5: event 3's {reason}.*changed after"):
        loads_jsonl(_edited(5, edit))


def test_bad_input_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="not UTF-8"):
        loads_jsonl(b"\xff")
    with pytest.raises(RecordError, match="at most 10 characters"):
        loads_jsonl(_lines(), max_chars=10)
    with pytest.raises(RecordError, match="at most 3 actions"):
        loads_jsonl(_lines(), max_actions=3)
    with pytest.raises(RecordError, match="cannot read"):
        load_jsonl(tmp_path / "missing.jsonl")


def test_replay_reads_a_record_written_line_by_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.jsonl"
    path.write_text(_lines(12))
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    events = data["deals"][0]["events"]
    assert len(events) == 12 and events[0]["action"]["text"] == "draw"
    assert all("type" in effect for event in events for effect in event["effects"])


def test_resuming_a_file_that_is_not_the_matchs_record_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.jsonl"
    match = game("may-i").new_match(players=3, seed=5)
    with RecordWriter(path, match) as writer:
        for _ in range(6):
            writer.append(match.apply(random.Random(1).choice(match.legal_actions())))
    stale = Match.from_dict(match.to_dict())
    _ = match.apply(match.legal_actions()[0])  # the file lags one action behind
    with pytest.raises(RecordError, match="it holds 6 events, the match has taken 7 actions"):
        RecordWriter(path, Match.from_dict(match.to_dict()), resume=True)
    other = game("may-i").new_match(players=3, seed=6)
    with pytest.raises(RecordError, match="its seed is 5, the match's 6"):
        RecordWriter(path, other, resume=True)
    before = path.read_text()
    with RecordWriter(path, stale, resume=True) as writer:  # the right match resumes
        writer.append(stale.apply(stale.legal_actions()[0]))
    assert path.read_text().startswith(before)
    assert load_jsonl(path) == stale


def test_the_writer_refuses_what_is_not_its_match_or_a_place_to_write(tmp_path: Path) -> None:
    match = game("may-i").new_match(players=3, seed=1)
    other = game("may-i").new_match(players=3, seed=2)
    writer = RecordWriter(io.StringIO(), match)
    writer.append(match.apply(match.legal_actions()[0]))
    foreign = other.apply(other.legal_actions()[0])
    for bad in ("draw", None, foreign):
        with pytest.raises(RecordError, match="not an event of the match this record is of"):
            writer.append(bad)  # type: ignore[arg-type]
    assert writer.next_step == 1  # nothing was written
    with pytest.raises(RecordError, match="written to a path or a text stream, got None"):
        RecordWriter(None, match)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="written of a match, got 'm'"):
        RecordWriter(io.StringIO(), "m")  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="cannot write .*No such file or directory"):
        RecordWriter(tmp_path / "missing" / "record.jsonl", match)
    with pytest.raises(RecordError, match="read from a path, got 5"):
        load_jsonl(5)  # type: ignore[arg-type]
