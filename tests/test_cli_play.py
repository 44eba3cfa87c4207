"""``rummykit play`` driven by scripted input: legal and illegal moves, nonsense, numbers
from ``help``, ``hint``, end of input, Ctrl-C, ``--record``, and a whole deal played to
the end by piping the heuristic agent's moves. Through a subprocess where the process is
the point (its pipes, its exit code and stderr, a signal); the others run the same
command in this process (:func:`here`: a new Python costs more than most of these tests)."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rummykit import ConfigError, game
from rummykit.agents import SearchAgent, decide, make_agent
from rummykit.cli.commands import main
from rummykit.cli.play import Session
from rummykit.cli.screen import Screen
from rummykit.cli.setup import UsageError, build_game, make_bots, parse_bot_options
from rummykit.records import loads

ONE_DEAL = """name = "one deal"
[[deal]]
contract = "2G"
"""


def play(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummykit", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
    )


def here(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str, stdin: str = ""
) -> tuple[int, str, str]:
    """``rummykit play ARGS`` run in this process with ``stdin`` as its input: its exit
    code, output and errors (an exception escaping the command fails the test)."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_help_numbers_hint_and_mistakes() -> None:
    lines = ["help", "hint", "foo bar", "99", "discard ZZ", "", "layoff 5H -> 9 low", "1", "show"]
    done = play("may-i", "--players", "3", "--seed", "1", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert "Traceback" not in out
    assert "you are A; bots B heuristic, C heuristic" in out
    assert "legal actions:\n    1. ask\n    2. pass" in out
    assert "hint: pass (the heuristic bot)" in out
    assert "! unknown action 'foo'" in out
    assert "! no action 99" in out
    assert "! unknown rank 'Z'" in out
    assert "you: ask" in out  # 1 chose the first action of the list
    assert "C refuse" in out  # the bots' answers to a May I? request are shown
    assert out.count("-- deal 1 of 5 - contract 2G") >= 2  # show prints the table again
    assert out.rstrip().endswith("end of input: the game is left unfinished")


def test_the_view_shows_what_the_seat_may_know(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = here(capsys, monkeypatch, "may-i", "--players", "3", "--seed", "1", stdin="")
    assert "your hand (10): 5S 8S 10S 10S  4H 5H  4D 7D 8D JD" in out
    assert "pile: AC from B on top, 1 card" in out and "stock: 73 cards" in out
    assert "B: 10 cards" in out and "scores: A +0  B +0  C +0" in out
    assert "request: your moves: ask, pass" in out


NONSENSE = [
    "down", "layoff", "discard", "take 999", "\x00\x01", "-1", "0", "x" * 5000, "A♠ 🃏",
    "down 7S 7H 7D / 9C 10C JC QC", "layoff 5H -> 2 low", "exchange 8C -> 0 joker -> 1 high",
    "play 9C", "next", "done", "allow", "[bold]", "%s{}", "discard 5S 8S", "take -1",
]  # fmt: skip


@pytest.mark.parametrize("game", ["may-i", "posso", "possession"])
def test_nonsense_never_makes_a_traceback(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = here(
        capsys, monkeypatch, game, "--seed", "2", stdin="\n".join(NONSENSE) + "\nquit\n"
    )
    assert code == 0 and err == "", err
    assert "Traceback" not in out
    assert out.count("! ") >= len(NONSENSE) - 3  # each refused with its reason
    assert "you leave the table" in out


def test_record_saved_on_quit_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "game.json"
    words = ("posso", "--seed", "3", "--record", str(record))
    code, out, _ = here(capsys, monkeypatch, *words, stdin="1\n1\nquit\n")
    assert code == 0 and f"record saved to {record}" in out
    match = loads(record.read_text())
    assert match.definition.name == "posso" and len(match.events) >= 1
    assert json.loads(record.read_text())["seats"][0] == "you"


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    done = play("may-i", "--players", "2")
    assert done.returncode == 2 and "MAYI-1.1" in done.stderr and done.stderr.count("\n") == 1
    # the others in this process (the same command, without a new Python each)
    for words, said in [
        (["--seat", "4"], "--seat is 0 to 3"),
        (["--bots", "clever"], "bots are random, greedy, heuristic, search"),
        (["--option", "max_buy_per_deal=2"], "did you mean 'max_buys_per_deal'"),
    ]:
        assert main(["play", "may-i", *words]) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1, err
    assert main(["play", "chess"]) == 2
    assert "no game 'chess' (known: may-i" in capsys.readouterr().err


def heuristic_moves(tmp_path: Path, seed: int) -> tuple[list[str], tuple[int, ...]]:
    """The moves the heuristic agent makes at seat A in a one-deal game (in process)."""
    definition = build_game("may-i", [], str(tmp_path / "one.toml"))
    coach = make_agent("heuristic", definition)
    moves: list[str] = []

    def read(prompt: str) -> str:
        moves.append(str(decide(coach, session.match, 0, random.Random(0))))
        return moves[-1]

    screen = Screen(plain=True, stream=io.StringIO())
    session = Session(
        definition, players=3, seat=0, bots=["heuristic"] * 2, seed=seed, screen=screen, read=read
    )
    assert session.run()
    return moves, session.match.scores


def test_a_whole_deal_played_by_piping_the_heuristic_agents_moves(tmp_path: Path) -> None:
    (tmp_path / "one.toml").write_text(ONE_DEAL)
    moves, scores = heuristic_moves(tmp_path, seed=5)
    record = tmp_path / "deal.json"
    done = play(
        "may-i", "--players", "3", "--seed", "5", "--schedule", str(tmp_path / "one.toml"),
        "--record", str(record), stdin="\n".join(moves) + "\n",
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == "" and "!" not in done.stdout
    assert "Standings" in done.stdout and ("you win!" in done.stdout or "winner:" in done.stdout)
    assert loads(record.read_text()).scores == scores


def test_ctrl_c_ends_cleanly(tmp_path: Path) -> None:
    record = tmp_path / "stopped.json"
    # The command starts as from a terminal, with Ctrl-C's default: a suite started in
    # the background (`pytest &` in a script) ignores SIGINT, and a child inherits an
    # ignored signal across exec, so it would never see one (two minutes, then a failure).
    command = [sys.executable, "-m", "rummykit", "play", "may-i", "--seed", "1"]
    ignored = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(
            [*command, "--record", str(record)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "NO_COLOR": "1"},
        )
    finally:
        signal.signal(signal.SIGINT, ignored)
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + 120  # generous: the bots before seat A play first
    while b"A> " not in seen and time.monotonic() < deadline:
        seen += os.read(process.stdout.fileno(), 4096)
    assert b"A> " in seen, seen[-500:]
    # Stdin stays open (communicate() would close it: the end of input could then reach
    # the prompt first). A signal that lands after the prompt is written but before the
    # read begins waits for the read to return, as in any Python program, so the
    # interrupt is sent again until it is seen, as a person presses Ctrl-C again (for up
    # to two minutes: on a loaded machine thirty seconds were once not enough).
    for _ in range(24):
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=5)
            break
        except subprocess.TimeoutExpired:
            continue
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err  # the shell's code for an interrupt
    assert b"Traceback" not in err + out
    assert b"interrupted: the game is left unfinished" in out
    assert loads(record.read_text()).definition.name == "may-i"


def test_the_bots_at_the_table_take_their_options() -> None:
    screen = Screen(plain=True, stream=io.StringIO())
    options = {"search": {"simulations": 8}, "heuristic": {"buy_gain": 3}}
    session = Session(
        game("may-i"), players=4, seat=1, bots=["search", "heuristic", "heuristic"],
        bot_options=options, seed=2, screen=screen, read=lambda prompt: "quit",
    )  # fmt: skip
    search, first, second = (session.agents[seat] for seat in (0, 2, 3))
    assert isinstance(search, SearchAgent) and search.simulations == 8
    assert first == second == make_agent("heuristic", game("may-i"), buy_gain=3)
    with pytest.raises(UsageError, match="bot options for greedy, but no seat has that bot"):
        Session(
            game("may-i"), players=3, seat=0, bots=["heuristic"] * 2,
            bot_options={"greedy": {}}, seed=2, screen=screen,
        )  # fmt: skip


def test_bot_options_of_the_wrong_shape_are_config_errors() -> None:
    may_i = game("may-i")
    assert [type(bot).__name__ for bot in make_bots(["search", "random"], may_i)] == [
        "SearchAgent",
        "RandomAgent",
    ]
    bad_shapes: list[Any] = [{"heuristic": 3}, {"heuristic": {1: 2}}, [("heuristic", {})], {3: {}}]
    for bad in bad_shapes:
        with pytest.raises(ConfigError, match="bot options are a dict from bot names"):
            make_bots(["heuristic"], may_i, options=bad)
    with pytest.raises(ConfigError, match="--bot-option takes BOT.NAME=VALUE text, got None"):
        parse_bot_options([None])  # type: ignore[list-item]
