"""examples/server in a real browser: headless Chromium plays a few actions on the page,
then another opens the same seat and saves a screenshot of the table.

Skipped where the ``server`` extra or Debian's ``chromium`` is absent. The server runs
on 127.0.0.1 on a free port; every wait is bounded.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip(
    "starlette", reason="the server example needs its extra: pip install -e '.[server]'"
)
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium binary (Debian: apt-get install chromium)"
)

SERVER = Path(__file__).resolve().parent.parent / "examples" / "server"
sys.path.insert(0, str(SERVER))

from rummy_server.launch import create_table, free_port, start, stop  # noqa: E402

HUMAN_ACTIONS = 6
KEEP_RUNNING = ["--remote-debugging-port=0"]
"""Headless Chromium with a debugging port stays open (until stopped) instead of exiting."""
CAMERA = ["--window-size=1280,900", "--virtual-time-budget=3000"]
WAIT = 60.0
"""Seconds the browser may take to play its actions (a bound; it takes a few)."""


def table_step(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=5) as answer:
        step: int = json.load(answer)["tables"][0]["step"]
        return step


def test_the_page_plays_and_draws_the_table(tmp_path: Path) -> None:
    assert CHROMIUM is not None
    port = free_port()
    server = start(tmp_path / "tables.sqlite", port)
    browser = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    try:
        table, tokens = create_table(port, "may-i", ["human", "greedy", "greedy", "greedy"], 3)
        page = f"http://127.0.0.1:{port}/?table={table}&seat=0&token={tokens[0]}"
        first = table_step(port)
        # one browser plays: the page clicks its first legal action HUMAN_ACTIONS times
        autoplay = f"{page}&auto={HUMAN_ACTIONS}"
        player = subprocess.Popen(
            [*browser, f"--user-data-dir={tmp_path / 'player'}", *KEEP_RUNNING, autoplay],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + WAIT
            while table_step(port) < first + HUMAN_ACTIONS and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            player.terminate()
            player.wait(timeout=10)
        assert table_step(port) >= first + HUMAN_ACTIONS
        # another opens the same seat and takes its picture
        shot = tmp_path / "table.png"
        subprocess.run(
            [
                *browser,
                f"--user-data-dir={tmp_path / 'camera'}",
                *CAMERA,
                f"--screenshot={shot}",
                page,
            ],
            capture_output=True,
            timeout=WAIT,
            check=True,
        )
    finally:
        stop(server)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # a blank page of this size compresses to a few kilobytes; the table is far more
    assert shot.stat().st_size > 20_000
