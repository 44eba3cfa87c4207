"""examples/server in a real browser: headless Chromium plays a few actions on the page,
then another opens the same seat and saves a screenshot of the table.

Skipped where the ``server`` extra or Debian's ``chromium`` is absent. The server runs
on 127.0.0.1 on a free port; every wait is bounded.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

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
from rummy_server.tables import Tables  # noqa: E402

SEATS = ["human", "greedy", "greedy", "greedy"]
SEED = 3
HUMAN_ACTIONS = 6
KEEP_RUNNING = ["--remote-debugging-port=0"]
"""Headless Chromium with a debugging port stays open (until stopped) instead of exiting."""
CAMERA = ["--window-size=1280,900", "--virtual-time-budget=3000"]
WAIT = 60.0
"""Seconds the browser may take to play its actions (a bound; it takes a few)."""


def stored(database: Path) -> dict[str, Any]:
    """The one table's match as the server stored it last."""
    with closing(sqlite3.connect(database)) as db:
        (data,) = db.execute("SELECT match FROM tables").fetchone()
    match: dict[str, Any] = json.loads(data)
    return match


def expected_after(seats: list[str], seed: int, actions: int, folder: Path) -> dict[str, Any]:
    """The table after a person plays its first legal action ``actions`` times, the bots
    answering: what the page must reach (bots are deterministic)."""
    tables = Tables(folder / "expected.sqlite", client_seeds=True)
    table, _ = tables.create("may-i", seats=seats, seed=seed)
    for _ in range(actions):
        tables.act(table, 0, str(table.match.legal_actions()[0]))
    return table.match.to_dict()


def test_the_page_plays_and_draws_the_table(tmp_path: Path) -> None:
    assert CHROMIUM is not None
    port = free_port()
    database = tmp_path / "tables.sqlite"
    server = start(database, port)
    browser = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    try:
        table, tokens = create_table(port, "may-i", SEATS, SEED)
        page = f"http://127.0.0.1:{port}/?table={table}&seat=0&token={tokens[0]}"
        target = expected_after(SEATS, SEED, HUMAN_ACTIONS, tmp_path)
        # one browser plays: the page clicks its first legal action HUMAN_ACTIONS times
        autoplay = f"{page}&auto={HUMAN_ACTIONS}"
        player = subprocess.Popen(
            [*browser, f"--user-data-dir={tmp_path / 'player'}", *KEEP_RUNNING, autoplay],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + WAIT
            while stored(database) != target and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            player.terminate()
            player.wait(timeout=10)
        assert stored(database) == target, "the page did not play its actions"
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
