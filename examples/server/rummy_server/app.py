"""The ASGI application: a lobby, tables, and one websocket per seat.

Routes:

- ``GET /`` the page (static HTML and JavaScript, no build step);
- ``GET /api/games`` the registered games and bots;
- ``GET /api/tables`` the tables (no secrets); ``POST /api/tables`` makes one
  (``{"game": "may-i", "seats": ["human", "heuristic", …]}``; the server chooses the
  seed, and a ``seed`` is refused unless the app was made with ``client_seeds=True``,
  for tests) and answers with each human seat's link (its secret token in it); a client
  (by address) may have :data:`MOST_TABLES_PER_CLIENT` unfinished tables, the server
  :data:`MOST_TABLES` in all (HTTP 429 past either), and a table that cannot be stored
  is refused (HTTP 503), never left in memory;
- ``WS /ws/{table}/{seat}?token=…`` a seat's connection. The server sends
  ``{"type": "state", …}`` — the seat's view (``view.to_dict()``, with the legal
  actions and their texts when it is the seat's turn), its picture (rummykit's SVG) and
  the new events as this seat may see them (``event.seen_by(seat).to_dict()``) — after
  every change of the table; the browser sends ``{"action": "<text>"}``; a refused
  action comes back to that seat only as ``{"type": "refused", "error":
  error.to_dict()}`` (its ``rule``: the clause, its ``reason``, the ``action``). A
  binary frame closes the socket with code 1003 (unsupported data), a message over
  :data:`LONGEST_MESSAGE` characters with 1009 (too big).
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummy_server.tables import HUMAN, SaveError, Table, Tables
from rummykit import Event, IllegalActionError, RummyError, svg
from rummykit.agents import agent_names
from rummykit.kit import names

STATIC = Path(__file__).resolve().parent / "static"
MOST_SEATS = 8
"""The most seats a request may ask for (the game refuses more than its rules allow)."""
RECENT_EVENTS = 12
"""How many of the latest events a seat is sent when it connects (since the last start)."""
LONGEST_REQUEST = 10_000
"""The longest body of a request for a new table, in bytes."""
LONGEST_ACTION = 2000
"""The longest action text accepted from a browser (longer is refused unread)."""
LONGEST_MESSAGE = 2 * LONGEST_ACTION
"""The longest websocket message, in characters: a longer one closes the socket (1009)."""
MOST_TABLES = 1000
"""The most tables the server keeps (a real server would archive finished ones)."""
MOST_TABLES_PER_CLIENT = 5
"""The most unfinished tables one client address may have made."""
UNSUPPORTED_DATA = 1003
"""The close code for a binary frame (RFC 6455)."""
TOO_BIG = 1009
"""The close code for a message over :data:`LONGEST_MESSAGE`."""


def read_action(message: str) -> str | None:
    """The action text of a browser's message ``{"action": "<text>"}`` (``None`` for
    anything else: not JSON, another shape, too long)."""
    if len(message) > LONGEST_MESSAGE:
        return None
    try:
        data = json.loads(message)
    except ValueError:
        return None
    text = data.get("action") if isinstance(data, dict) else None
    return text if isinstance(text, str) and len(text) <= LONGEST_ACTION else None


def seat_message(table: Table, seat: int, events: list[Event]) -> dict[str, Any]:
    """What ``seat`` is sent after a change: its view, its picture and the new
    ``events`` as this seat may see them."""
    match = table.match
    view = match.view(seat)
    outcome = match.outcome
    return {
        "type": "state",
        "table": table.id,
        "game": table.game,
        "seat": seat,
        "seats": list(table.seats),
        "step": match.step,
        "view": view.to_dict(),
        "svg": str(svg.view(view)),
        "events": [event.seen_by(seat).to_dict() for event in events],
        "over": match.is_over,
        "outcome": None if outcome is None else outcome.to_dict(),
    }


class Server:
    """The tables and the open websockets of each seat."""

    def __init__(
        self,
        database: str | Path,
        *,
        client_seeds: bool = False,
        most_tables: int = MOST_TABLES,
        most_tables_per_client: int = MOST_TABLES_PER_CLIENT,
    ) -> None:
        self.tables = Tables(database, client_seeds=client_seeds)
        self.most_tables = most_tables
        self.most_tables_per_client = most_tables_per_client
        self.made_by: dict[str, list[Table]] = defaultdict(list)
        """The tables each client address made (since this process started)."""
        self.creating = asyncio.Lock()
        self.sockets: dict[tuple[str, int], set[WebSocket]] = defaultdict(set)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games(self, request: Request) -> Response:
        return JSONResponse({"games": list(names()), "bots": list(agent_names())})

    async def list_tables(self, request: Request) -> Response:
        return JSONResponse({"tables": [table.summary() for table in self.tables]})

    async def create_table(self, request: Request) -> Response:
        raw = await request.body()
        if len(raw) > LONGEST_REQUEST:
            reason = f"the body is longer than {LONGEST_REQUEST} bytes"
            return JSONResponse({"error": {"reason": reason}}, status_code=413)
        try:
            body = json.loads(raw)
        except ValueError:
            return JSONResponse({"error": {"reason": "the body is not JSON"}}, status_code=400)
        if not isinstance(body, dict):
            return JSONResponse({"error": {"reason": "the body is not an object"}}, 400)
        name, seats, seed = body.get("game"), body.get("seats"), body.get("seed")
        if (
            not isinstance(name, str)
            or not isinstance(seats, list)
            or not 0 < len(seats) <= MOST_SEATS
            or not all(kind == HUMAN or kind in agent_names() for kind in seats)
            or not (seed is None or (isinstance(seed, int) and not isinstance(seed, bool)))
        ):
            reason = (
                f"give a game ({', '.join(names())}) and 1 to {MOST_SEATS} seats "
                f"('human' or a bot: {', '.join(agent_names())})"
            )
            return JSONResponse({"error": {"reason": reason}}, status_code=400)
        client = request.client.host if request.client is not None else ""
        async with self.creating:  # the counts and the new table, one request at a time
            mine = [table for table in self.made_by[client] if not table.match.is_over]
            self.made_by[client] = mine
            if len(mine) >= self.most_tables_per_client:
                reason = f"at most {self.most_tables_per_client} unfinished tables per client"
                return JSONResponse({"error": {"reason": reason}}, status_code=429)
            if len(self.tables.tables) >= self.most_tables:
                reason = f"the server holds its most tables ({self.most_tables})"
                return JSONResponse({"error": {"reason": reason}}, status_code=429)
            try:
                table, _ = await run_in_threadpool(self.tables.create, name, seats=seats, seed=seed)
            except RummyError as error:
                return JSONResponse({"error": error.to_dict()}, status_code=400)
            except SaveError:
                reason = "the table could not be stored; try again"
                return JSONResponse({"error": {"reason": reason}}, status_code=503)
            mine.append(table)
        links = [
            {"seat": seat, "url": f"/?table={table.id}&seat={seat}&token={token}"}
            for seat, token in enumerate(table.tokens)
            if token is not None
        ]
        return JSONResponse({"table": table.summary(), "links": links}, status_code=201)

    async def seat_socket(self, websocket: WebSocket) -> None:
        table = self.tables.get(websocket.path_params["table"])
        seat = int(websocket.path_params["seat"])
        token = websocket.query_params.get("token")
        if table is None or not table.is_human(seat) or not table.admits(seat, token):
            await websocket.close(code=4403)
            return
        await websocket.accept()
        key = (table.id, seat)
        self.sockets[key].add(websocket)
        try:
            async with self.locks[table.id]:
                recent = list(table.match.events[-RECENT_EVENTS:])
                await websocket.send_json(seat_message(table, seat, recent))
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("text") is None:
                    await websocket.close(code=UNSUPPORTED_DATA, reason="send text frames")
                    break
                if len(message["text"]) > LONGEST_MESSAGE:
                    reason = f"at most {LONGEST_MESSAGE} characters a message"
                    await websocket.close(code=TOO_BIG, reason=reason)
                    break
                text = read_action(message["text"])
                if text is None:
                    refusal = IllegalActionError(
                        f'send {{"action": "<text>"}} (at most {LONGEST_ACTION} characters)'
                    )
                    await websocket.send_json({"type": "refused", "error": refusal.to_dict()})
                    continue
                async with self.locks[table.id]:
                    try:
                        # the bots think in a worker thread: other tables go on meanwhile
                        events = await run_in_threadpool(self.tables.act, table, seat, text)
                    except RummyError as error:
                        await websocket.send_json({"type": "refused", "error": error.to_dict()})
                        continue
                    await self.broadcast(table, events)
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets[key].discard(websocket)

    async def broadcast(self, table: Table, events: list[Event]) -> None:
        """Send every connected seat of ``table`` its view and the new events."""
        for seat in range(len(table.seats)):
            for socket in list(self.sockets.get((table.id, seat), ())):
                try:
                    await socket.send_json(seat_message(table, seat, events))
                except (RuntimeError, WebSocketDisconnect):
                    self.sockets[(table.id, seat)].discard(socket)


def create_app(
    database: str | Path,
    *,
    client_seeds: bool = False,
    most_tables: int = MOST_TABLES,
    most_tables_per_client: int = MOST_TABLES_PER_CLIENT,
) -> Starlette:
    """The application, with its tables in the SQLite file ``database`` (made if absent;
    every table in it resumes where it was). ``client_seeds=True`` lets a request give
    the seed, for tests only: a player who chooses the seed knows every hand."""
    server = Server(
        database,
        client_seeds=client_seeds,
        most_tables=most_tables,
        most_tables_per_client=most_tables_per_client,
    )
    app = Starlette(
        routes=[
            Route("/", server.page),
            Route("/api/games", server.games),
            Route("/api/tables", server.list_tables, methods=["GET"]),
            Route("/api/tables", server.create_table, methods=["POST"]),
            WebSocketRoute("/ws/{table}/{seat:int}", server.seat_socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
    app.state.server = server
    return app
