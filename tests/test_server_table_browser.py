"""examples/server's live table in four browsers: four people play a whole May I? deal by
pointing at cards, one of them on a phone-sized screen, with at least one "May I?" buy
and one seat whose time runs out (the server plays its default).

Plain Playwright (the ``playwright`` package) drives the system's Chromium — no browser
download; skipped where the package, the ``server`` extra or a ``chromium`` binary is
absent. The server runs in this process (uvicorn in a thread, 127.0.0.1, a free port),
so the test asks the heuristic bot what each person should do and then does it the way a
person does: select the cards, select the meld, press the button, and pick among the
ways offered when the selection makes several. Every wait is bounded. Screenshots of
the four seats and a spectator go to ``$RUMMYKIT_WEB_SHOTS`` when it is set (else the
test's temporary folder).
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "starlette", reason="the server example needs its extra: pip install -e '.[server]'"
)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None,
        reason="the browser test needs playwright: pip install playwright",
    ),
    pytest.mark.skipif(
        CHROMIUM is None, reason="no chromium binary (Debian: apt-get install chromium)"
    ),
]
"""Playwright is imported by the test itself: its import (half a second) is paid by the
worker that runs the test, not by every worker that collects it."""

import uvicorn  # noqa: E402

from rummykit.agents import decide, make_agent  # noqa: E402

SERVER = Path(__file__).resolve().parent.parent / "examples" / "server"
sys.path.insert(0, str(SERVER))

from rummy_server import create_app  # noqa: E402
from rummy_server.launch import free_port  # noqa: E402
from rummy_server.live import legal_for, open_seats  # noqa: E402

SEED = 8
"""The match's and the bots' seed: a first deal of some fifty decisions with a "May I?"
buy and people going down (seed 21's took twice as many: the same checks at twice the cost)."""
CLOCK = 10.0
"""A person's seconds per decision: long enough for the test's clicks, short to wait out."""
WAIT = 30_000
"""Milliseconds any one wait in the browser may take (a bound, never reached when well)."""
CLICK = 15_000
"""Milliseconds a click may wait for its element (the clock may take the decision first)."""
MOST_DECISIONS = 1500
"""A bound on the deal's decisions (a May I? deal of four takes a few hundred)."""
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESK = {"viewport": {"width": 1100, "height": 760}}
SILENT = (2, 3)
"""The seat that lets its time run out, at its how-manyth decision (after the lobby's
check its clock is run out at once: :func:`run_out`)."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Any, int]]:
    """The application, served on 127.0.0.1 from a thread."""
    app = create_app(tmp_path / "tables.sqlite", client_seeds=True, clock_seconds=CLOCK)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not runner.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert runner.started, "the server did not start"
    try:
        yield app, port
    finally:
        runner.should_exit = True
        thread.join(timeout=10)


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("RUMMYKIT_WEB_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def make_table(page: Any, base: str) -> dict[int, str]:
    """Make a table of four people in the lobby, as a person does; each seat's link."""
    page.goto(base + "/")
    counts = "#players option"
    page.select_option("#game", "possession")  # the lobby offers the game's own counts
    assert page.eval_on_selector_all(counts, "os => os.map(o => o.value)") == ["2", "3", "4"]
    page.select_option("#game", "may-i")
    assert page.eval_on_selector_all(counts, "os => os.map(o => o.value)") == ["3", "4", "5"]
    page.select_option("#players", "4")
    for seat in range(4):
        page.select_option(f"#kinds select[name=seat{seat}]", "human")
    # the test's seed (the page lets the server choose; the test app takes one)
    answer = page.evaluate(
        """async (seed) => {
            const seats = [...document.querySelectorAll('#kinds select')].map((s) => s.value);
            const made = await fetch('/api/tables', {method: 'POST',
              headers: {'content-type': 'application/json'},
              body: JSON.stringify({game: 'may-i', seats, seed})});
            return await made.json();
        }""",
        SEED,
    )
    return {link["seat"]: base + link["url"] for link in answer["links"]}


def state(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate("window.rummy.state")
    return data


def point_and_press(page: Any, choice: dict[str, Any]) -> None:
    """Play ``choice`` the way a person does: cards, meld, button, and the way if asked."""
    if not choice["uses"] and choice["target"] is None:
        page.click(f'#bar button[data-text="{choice["text"]}"]', timeout=CLICK)
        return
    for selected in page.locator("#hand .card.selected").all():
        selected.click(timeout=CLICK)  # a selection left from before: cleared first
    for chosen in page.locator(".meld.chosen").all():
        chosen.click(timeout=CLICK)
    for code in choice["uses"]:
        page.locator(f'#hand .card[data-code="{code}"]:not(.selected)').first.click(timeout=CLICK)
    if choice["target"] is not None:
        page.click(f'.meld[data-meld="{choice["target"]}"]', timeout=CLICK)
    page.click(f'#bar button[data-verb="{choice["verb"]}"]:not([data-text])', timeout=CLICK)
    chooser = page.locator("#chooser:not([hidden])")
    if chooser.count():
        chooser.locator(f'button[data-text="{choice["text"]}"]').click(timeout=CLICK)


def check_the_lobby(browser: Any, lobby: Any, base: str, shots: Path) -> None:
    """The lobby in Portuguese; the lobby lists the table, and makes another with a link
    per person."""
    portuguese = browser.new_context(**DESK).new_page()
    portuguese.goto(base + "/?lang=pt-BR")
    portuguese.wait_for_function(
        "document.querySelector('#make').textContent === 'Montar a mesa'", timeout=WAIT
    )
    portuguese.context.close()
    lobby.goto(base + "/")
    lobby.wait_for_selector("#tables li")
    lobby.select_option("#players", "3")
    lobby.select_option("#kinds select[name=seat2]", "human")
    lobby.click("#make")
    lobby.wait_for_function("document.querySelectorAll('#links li').length === 3", timeout=WAIT)
    lobby.screenshot(path=shots / "lobby.png", full_page=True)


def run_out(server: Any, table: Any, seat: int, step: int) -> None:
    """End ``seat``'s time now instead of after the rest of its ``CLOCK`` seconds: its
    deadline is moved to the present and the table's timer wound again, on the server's
    event loop, so the server's own timer plays the seat's default and tells the pages.
    (The clock's arithmetic, and a real wait of a short clock, are tested in
    tests/test_server_live.py; here the page's side of a time-out is the point, and
    waiting out the clock was a quarter of this test's time.) Nothing is done if the
    match has moved past ``step`` meanwhile (the clock ran out first: a slow machine)."""

    def now() -> None:
        if table.match.step == step:
            server.clocks[table.id].deadlines[seat] = time.monotonic()
            server.wind(table)

    server.timers[table.id].get_loop().call_soon_threadsafe(now)


def test_four_people_play_a_deal_by_pointing(server: tuple[Any, int], tmp_path: Path) -> None:
    app, port = server
    base = f"http://127.0.0.1:{port}"
    tables = app.state.server.tables
    shots = shots_folder(tmp_path)
    playwright = importlib.import_module("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            lobby = browser.new_context(**DESK).new_page()
            links = make_table(lobby, base)
            table = next(iter(tables))
            match = table.match
            pages = {}
            for seat in range(4):
                context = browser.new_context(**(PHONE if seat == 1 else DESK))
                pages[seat] = context.new_page()
                pages[seat].goto(links[seat])
            watcher = browser.new_context(**DESK).new_page()
            watcher.goto(f"{base}/?table={table.id}&watch=1")
            agent = make_agent("heuristic", match.definition)
            rng = random.Random(SEED)
            decisions = dict.fromkeys(range(4), 0)
            asked = timed_out = lobby_checked = False
            pointed: set[str] = set()  # the verbs played by selecting cards
            shot_mid = False
            for _ in range(MOST_DECISIONS):
                if match.deal_number > 1 or match.is_over:
                    break
                step = match.step
                (seat,) = open_seats(match)[:1]
                page = pages[seat]
                page.wait_for_function(f"window.rummy.state.step >= {step}", timeout=WAIT)
                if match.step != step:
                    continue  # a clock ran out meanwhile (a slow machine): look again
                decisions[seat] += 1
                if (seat, decisions[seat]) == SILENT:
                    # this person looks away: the clock runs out and the server plays;
                    # meanwhile someone else uses the lobby (the wait is not idle time)
                    check_the_lobby(browser, lobby, base, shots)
                    lobby_checked = True
                    run_out(app.state.server, table, seat, step)
                    page.wait_for_function("window.rummy.state.timed_out.length > 0", timeout=WAIT)
                    page.screenshot(path=shots / "timed_out.png")
                    timed_out = True
                    continue
                texts = [str(action) for action in legal_for(match, seat)]
                askers = [s for s in open_seats(match) if "ask" in map(str, legal_for(match, s))]
                if not asked and len(askers) >= 2:
                    # "May I?" is offered to every seat that may ask, at once; the later
                    # seat calls first: its call is held until the seats ahead answer
                    for asker in askers:
                        pages[asker].wait_for_selector("#calls button.call", timeout=WAIT)
                    seat, asked = askers[-1], True
                    page = pages[seat]
                    page.screenshot(path=shots / "may_i_call.png")
                    page.bring_to_front()
                    page.click("#calls button.call", timeout=CLICK)
                    page.wait_for_function(
                        f"!window.rummy.state.open.includes({seat})", timeout=WAIT
                    )
                    continue
                # every request is allowed (the asker buys); else the heuristic's choice
                allow = "allow" in texts
                text = "allow" if allow else str(decide(agent, match, seat, rng))
                choice = next((c for c in state(page)["legal"] if c["text"] == text), None)
                if choice is None or match.step != step:
                    continue
                page.bring_to_front()
                try:
                    point_and_press(page, choice)
                    if choice["uses"]:
                        pointed.add(choice["verb"])
                    page.wait_for_function(f"window.rummy.state.step > {step}", timeout=WAIT)
                except playwright.Error:
                    if match.step == step:
                        raise
                    continue  # the clock played first: the page moved on under the click
                if not shot_mid and match.view(0).melds:  # someone is down: a full table
                    for other, other_page in pages.items():
                        other_page.wait_for_function(
                            f"window.rummy.state.step === {match.step}", timeout=WAIT
                        )
                        other_page.screenshot(path=shots / f"seat_{'ABCD'[other]}.png")
                    watcher.screenshot(path=shots / "spectator.png")
                    shot_mid = True
            assert match.deal_number > 1 or match.is_over, "the deal did not end"
            effects = [type(effect).__name__ for event in match.events for effect in event.effects]
            assert "Bought" in effects, "nobody bought a card"
            assert timed_out and "DealEnded" in effects
            assert {"down", "discard"} <= pointed
            # a dropped connection: the page reconnects by itself and gets its view again
            page = pages[3]
            received = page.evaluate("window.rummy.messages")
            page.evaluate("window.rummy.socket.close()")
            page.wait_for_function(f"window.rummy.messages > {received}", timeout=WAIT)
            # (a message sent before the close may come first: wait for the new socket)
            page.wait_for_function(
                "document.getElementById('status').textContent === 'connected'", timeout=WAIT
            )
            page.wait_for_function(f"window.rummy.state.step === {match.step}", timeout=WAIT)
            assert state(page)["view"] == match.view(3).to_dict()
            # a closed tab: seat 0's link opens the seat again, as it was
            pages[0].context.close()
            again = browser.new_context(**DESK).new_page()
            again.goto(links[0])
            again.wait_for_function(  # (no state before the first message)
                f"window.rummy.state && window.rummy.state.step === {match.step}", timeout=WAIT
            )
            assert state(again)["view"] == match.view(0).to_dict()
            again.screenshot(path=shots / "seat_A_reopened.png")
            # seat A chooses Russian: the page's words and the events come in it
            again.select_option("#lang", "ru")
            again.wait_for_function("window.rummy.state.locale === 'ru'", timeout=WAIT)
            assert again.text_content("#log summary") == "Ходы"
            said = state(again)["events"][-1]["effects"]
            assert all(effect["said"] for effect in said)
            again.screenshot(path=shots / "seat_A_russian.png")
            assert lobby_checked
        finally:
            browser.close()
