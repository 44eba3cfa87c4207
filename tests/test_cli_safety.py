"""Issue 25 item 7 and issue 23 item 4: the command line meets hostile input with one
line and exit code 2 (130 on Ctrl-C), prints no terminal escape from a record, checks a
record's path before the game, bounds bots' options, and answers ``check``/``solve``
under house rules."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import game
from rummykit.cli import commands as cli_commands
from rummykit.cli import main
from rummykit.cli.screen import printable
from rummykit.records import to_record
from tests.strategies import examples


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str) -> bool:
    return code == 2 and err.startswith("rummykit: error: ") and err.count("\n") == 1


def test_simulate_refuses_an_absurd_count_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "may-i", "-n", str(10**12))
    assert out == "" and one_line_error(code, err) and "-n must be from 0 to 1,000,000" in err


def test_replay_of_deep_json_or_huge_numbers_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name, text in [
        ("deep.json", "[" * 100_000 + "]" * 100_000),
        ("number.json", "9" * 5000),
        (
            "deep-value.json",
            json.dumps({"format": "rummykit-record"})[:-1]
            + ', "x": '
            + "[" * 900
            + "]" * 900
            + "}",
        ),
        ("bytes.json", None),
    ]:
        path = tmp_path / name
        if text is None:
            path.write_bytes(b"\xff\xfe{")
        else:
            path.write_text(text)
        code, out, err = run(capsys, "replay", str(path))
        assert out == "" and one_line_error(code, err), (name, err)


def test_solve_of_huge_numbers_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["--contract", "9" * 5000 + "G", "7S", "7H", "7D"],
        ["--contract", "2G", "9" * 5000 + "S"],
        ["--contract", "2G", "7S", "--option", "jokers=" + "9" * 5000],
    ):
        code, out, err = run(capsys, "solve", *args)
        assert out == "" and one_line_error(code, err), err
        assert len(err) < 2100


def _record_with_seats(tmp_path: Path, seats: list[str]) -> Path:
    match = game("may-i").new_match(players=3, seed=4)
    for _ in range(5):
        match.apply(match.legal_actions()[0])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(to_record(match, seats=seats)))
    return path


def test_replay_strips_terminal_escapes_from_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _record_with_seats(tmp_path, ["Ann\x1b[2J\x1b]0;owned\x07", "Bo\r\n", "Cy\u202e"])
    for extra in ([], ["--json"]):
        code, out, _ = run(capsys, "replay", str(path), *extra)
        assert code == 0
        assert "\x1b" not in out and "\x07" not in out and "\r" not in out
        assert "\u202e" not in out
    assert "Ann?[2J?]0;owned?" in run(capsys, "replay", str(path))[1]


@settings(max_examples=examples(60), deadline=None)
@given(st.text())
def test_printable_names_hold_no_control_character(name: str) -> None:
    shown = printable(name)
    assert len(shown) <= 40
    assert not any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in shown)


def test_ctrl_c_is_one_line_and_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_commands, "_cmd_simulate", interrupted)
    code, out, err = run(capsys, "simulate", "may-i", "-n", "5")
    assert (code, out, err) == (130, "", "rummykit: interrupted\n")


def test_an_unwritable_record_path_is_found_before_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: list[bool] = []
    monkeypatch.setattr("rummykit.cli.play.Session.run", lambda self: started.append(True))
    for path in (tmp_path / "missing" / "r.json", tmp_path):
        code, out, err = run(capsys, "play", "may-i", "--record", str(path), "--seed", "1")
        assert out == "" and one_line_error(code, err) and "--record" in err
    assert not started


def test_play_seeds_from_the_full_range(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []
    monkeypatch.setattr("rummykit.cli.play.Session.run", lambda self: seeds.append(self.match.seed))
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    for _ in range(4):
        assert main(["play", "may-i"]) == 0
    assert len(set(seeds)) == 4 and max(seeds) >= 10**6


@pytest.mark.parametrize(
    "option",
    ["search.simulations=1000000000", "search.simulations=100001", "search.candidates=101"],
)
def test_bot_options_are_bounded(capsys: pytest.CaptureFixture[str], option: str) -> None:
    code, out, err = run(
        capsys, "simulate", "may-i", "-n", "1", "--bots", "search", "--bot-option", option
    )
    assert out == "" and one_line_error(code, err) and "must be a whole number from" in err


@pytest.mark.parametrize("version", ["1.0", "true", '"1"'])
def test_record_versions_other_than_1_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, version: str
) -> None:
    path = _record_with_seats(tmp_path, ["A", "B", "C"])
    path.write_text(path.read_text().replace('"version": 1', f'"version": {version}'))
    code, out, err = run(capsys, "replay", str(path))
    assert out == "" and one_line_error(code, err) and "unknown record version" in err


def test_check_takes_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "JK 9C 10C JC", "--game", "posso")
    assert code == 1
    code, out, err = run(
        capsys,
        "check",
        "JK 9C 10C JC",
        "--game",
        "posso",
        "--option",
        "joker_count=players_minus_one",
    )
    assert (code, err) == (0, "") and out.startswith("run: JK(8C) 9C 10C JC")
    code, out, err = run(capsys, "check", "9C 10C", "--game", "posso", "--option", "nope=1")
    assert one_line_error(code, err) and "nope" in err


def test_solve_takes_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["7S", "7H", "JK", "KS", "KC", "KD"]
    code, out, _ = run(capsys, "solve", *hand, "--contract", "2G", "--game", "may-i")
    assert code == 1 and "cannot be met" in out
    code, out, _ = run(
        capsys, "solve", *hand, "--contract", "2G", "--game", "may-i", "--option", "jokers=2"
    )
    assert code == 0 and "7S 7H JK" in out
