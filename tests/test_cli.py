"""The ``rummykit`` command: exit codes, JSON output, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rummykit.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert "rummykit" in capsys.readouterr().out
    code, out, err = run(capsys)
    assert code == 2 and out == "" and "usage: rummykit" in err and "give a command" in err


def test_check_nothing_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "")
    assert (code, out) == (2, "") and err == "rummykit: error: no cards given\n"


def test_play_has_no_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    """``play`` is interactive: ``--json`` is refused, not accepted and ignored."""
    code, out, err = run(capsys, "play", "may-i", "--json")
    assert (code, out) == (2, "") and "unrecognized arguments: --json" in err


def test_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "cards", "as", "th", "*", "--unicode")[:2] == (0, "A♠ 10♥ 🃏\n")


def test_check_a_meld(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("check", "9C", "10C", "JK", "QC", "--game", "mayi-house", "--json")
    code, out, _ = run(capsys, *args)
    data = json.loads(out)
    assert code == 0 and data["meld"] is True and data["kind"] == "run"
    assert data["stands_for"] == {"2": "JC"}


def test_check_not_a_meld(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "9C 10C JC KC")
    assert code == 1 and out == "not a meld: 9C 10C JC KC: QC is missing\n"


def test_check_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "9C", "1C")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "1C at index 1" in err


def test_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "9C", "--game", "bridge")
    assert code == 2 and err.startswith("rummykit: error:") and err.count("\n") == 1


def test_solve(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "solve", "7S 7H 7D KS KC KD 2C 3C 4C 5C", "--contract", "1G+1R", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["met"] and data["left_value"] == 21
    code, out, _ = run(capsys, "solve", "7S 7H", "--contract", "2G")
    assert code == 1 and "cannot be met" in out
    code, _, err = run(capsys, "solve", "7S", "--contract", "2X")
    assert code == 2 and "2X" in err


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "cards", "JK"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == "JK\n"


def test_a_command_loads_only_what_it_uses() -> None:
    """``rummykit --help`` and ``rummykit cards`` start without a game, a bot or the
    engine (their start-up is most of a short command's time); ``play`` loads them."""
    code = (
        "import sys\n"
        "from rummykit.cli import main\n"
        "heavy = ('rummykit.games', 'rummykit.agents', 'rummykit.engine')\n"
        "for words in (['cards', 'JK'], ['play', 'may-i', '--seed', '1']):\n"
        "    main(words)\n"
        "    print(sorted({m.split('.')[1] for m in sys.modules if m.startswith(heavy)}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input="quit\n", capture_output=True, text=True, check=True
    )
    lines = done.stdout.splitlines()
    assert lines[1] == "[]" and lines[-1] == "['agents', 'engine', 'games']", lines


def test_demo_plays_a_whole_match(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--players", "3", "--seed", "2", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["deals"]) == 5 and data["winners"]
    code, text, _ = run(capsys, "demo", "--players", "3", "--seed", "2")
    assert "Deal 5: contract 2G+1R" in text and "Winner:" in text


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "simulate", "may-i", "-n", "2", "--seed", "4", "--json")
    second = run(capsys, "simulate", "may-i", "-n", "2", "--seed", "4", "--json")
    assert first == second and first[0] == 0
    assert json.loads(first[1])["matches"] == 2


def test_simulate_possession(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "possession", "-n", "2", "--players", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["matches"] == 2 and data["buys"] == 0
    code, _, err = run(capsys, "simulate", "possession", "-n", "1", "--players", "5")
    assert code == 2 and "PSSN-1.1" in err


def test_check_follows_the_games_default_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "JK", "2H", "3H", "4H", "--game", "may-i")
    assert code == 1 and "MAYI-2.2" in out and "wild cards are not allowed" in out
    code, out, _ = run(capsys, "check", "JK", "2H", "3H", "4H", "--game", "posso")
    assert code == 1 and "POSSO-2.2" in out
    code, out, _ = run(capsys, "check", "JK", "2H", "3H", "4H", "--game", "mayi-house")
    assert code == 0 and "JK stands for 5H" in out


@pytest.mark.parametrize("preset", ["may-i", "posso", "gin", "mayi-house", "cts", "cgu"])
def test_every_preset_solves(capsys: pytest.CaptureFixture[str], preset: str) -> None:
    hand = ["7S", "7H", "7D", "KS", "KC", "KD", "2C", "3C", "4C", "5C", "9H"]
    code, out, err = run(capsys, "solve", *hand, "--contract", "1G+1R", "--game", preset, "--json")
    data = json.loads(out)
    assert (code, err) == (0, "") and data["met"] is True
    kinds = [meld["kind"] for meld in data["melds"]]
    assert kinds.count("run") >= 1 and kinds.count("group") >= 1
