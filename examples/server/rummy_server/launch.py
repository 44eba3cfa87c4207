"""The server as a child process on 127.0.0.1 and a free port, and a table made over HTTP
(for the smoke script and the browser test)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
TIMEOUT = 10.0
"""Seconds to wait for the server to start or answer (a bound, never reached when well)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(database: Path, port: int) -> subprocess.Popen[bytes]:
    """The server as its own process, once it answers."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rummy_server",
            "--database",
            str(database),
            "--port",
            str(port),
            "--client-seeds",  # the smoke script and the browser test choose their seeds
        ],
        cwd=HERE.parent,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError(f"the server did not start on port {port} within {TIMEOUT} s")


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def create_table(port: int, game: str, seats: list[str], seed: int) -> tuple[str, dict[int, str]]:
    """A new table on the server at ``port``: its id and each human seat's token."""
    body = json.dumps({"game": game, "seats": seats, "seed": seed}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=body,
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
        created = json.load(answer)
    tokens = {link["seat"]: link["url"].rsplit("token=", 1)[1] for link in created["links"]}
    table: str = created["table"]["id"]
    return table, tokens
