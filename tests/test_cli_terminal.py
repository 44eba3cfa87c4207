"""``rummykit`` under a pseudo-terminal: colour and the progress bar with the ``cli`` extra,
plain text (and one line saying how to get colour) without it."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pytest

pty = pytest.importorskip("pty", reason="pseudo-terminals need a POSIX system")

BLOCK_RICH = "import sys; sys.modules['rich'] = None; "


def in_terminal(code: str, typed: list[str], *, wait_for: bytes = b"A> ") -> bytes:
    """Run ``python -c code`` on a pseudo-terminal, type ``typed`` line by line as each
    prompt appears, and return everything it printed."""
    main, secondary = pty.openpty()
    env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    env.update(TERM="xterm-256color", COLUMNS="100")
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        env=env,
        close_fds=True,
    )
    os.close(secondary)
    seen = b""
    pending = list(typed)
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(main, 65536)
                except OSError:  # the process ended and closed the terminal
                    break
                if not chunk:
                    break
                seen += chunk
                if pending and seen.count(wait_for) > len(typed) - len(pending):
                    os.write(main, pending.pop(0).encode() + b"\n")
            elif process.poll() is not None:
                break
    finally:
        os.close(main)
        process.wait(timeout=30)
    assert process.returncode == 0, seen.decode(errors="replace")
    return seen


PLAY = "from rummykit.cli import main; raise SystemExit(main(['play', 'may-i', '--seed', '1']))"


def test_play_in_colour() -> None:
    pytest.importorskip("rich", reason="colour needs the cli extra (rich)")
    seen = in_terminal(PLAY, ["help", "quit"])
    assert b"\x1b[" in seen  # coloured
    assert b"legal actions:" in seen and b"you leave the table" in seen
    assert b"Traceback" not in seen


def test_play_in_plain_text_without_rich() -> None:
    seen = in_terminal(BLOCK_RICH + PLAY, ["help", "quit"])
    assert b"\x1b[" not in seen
    assert seen.count(b"for colour, install rich, the cli extra") == 1
    assert b"legal actions:" in seen and b"Traceback" not in seen


def test_simulate_shows_a_progress_bar() -> None:
    pytest.importorskip("rich", reason="the progress bar needs the cli extra (rich)")
    code = (
        "from rummykit.cli import main; "
        "raise SystemExit(main(['simulate', 'possession', '-n', '16', '--players', '2']))"
    )
    seen = in_terminal(code, [], wait_for=b"\0")
    assert b"\xe2\x94\x81" in seen  # the bar's line characters
    assert b"16 matches of possession" in seen
