"""The ASGI application: a lobby, tables, and one websocket per seat.

Routes:

- ``GET /`` the page (static HTML and JavaScript, no build step);
- ``GET /api/games`` the registered games and bots, and each game's player counts;
- ``GET /api/words?lang=pt-BR`` the page's words in a language, for the lobby (each
  seat's messages carry them in the seat's language: :mod:`rummy_server.language`);
- ``GET /api/tables`` the tables (no secrets); ``POST /api/tables`` makes one
  (``{"game": "may-i", "seats": ["human", "heuristic", …]}``; the server chooses the
  seed, and a ``seed`` is refused unless the app was made with ``client_seeds=True``,
  for tests) and answers with each human seat's link (its secret token in it); a client
  (by address) may have :data:`MOST_TABLES_PER_CLIENT` unfinished tables, the server
  :data:`MOST_TABLES` in all (HTTP 429 past either), and a table that cannot be stored
  is refused (HTTP 503), never left in memory;
- ``WS /ws/{table}/watch`` a spectator's connection: the public view (no hand) and the
  events as a spectator may see them (``event.seen_by(None)``); it sends nothing (a
  message closes it, 1003), and a table keeps :data:`MOST_WATCHERS` of them (1013 past it);
- ``WS /ws/{table}/{seat}?token=…`` a seat's connection. The server sends
  ``{"type": "state", …}`` — the seat's view (``view.to_dict()``, with the legal
  actions and their texts when it is the seat's turn), its picture (rummykit's SVG) and
  the new events as this seat may see them (``event.seen_by(seat).to_dict()``) — after
  every change of the table; the browser sends ``{"action": "<text>"}``; a refused
  action comes back to that seat only as ``{"type": "refused", "error":
  error.to_dict(), "said": …}`` (its ``rule``: the clause, its ``code`` and ``params``,
  its ``reason``, the ``action``; ``said``: the refusal in the seat's language). The
  browser may send ``{"lang": "ru"}`` (or connect with ``&lang=``) to choose the seat's
  language, remembered for the seat. A
  binary frame closes the socket with code 1003 (unsupported data), a message over
  :data:`LONGEST_MESSAGE` characters with 1009 (too big).

Every message also carries the live table: ``legal``, the seat's legal actions as the
pointing page reads them (:mod:`rummy_server.choices`), ``open``, every seat whose answer
is open (:func:`rummy_server.live.open_seats`), ``clock``, each open person's seconds
left, and ``timed_out``, the seats whose default the server just played. A table's clock
starts when its first browser connects (a table nobody opened does not play itself);
it stops when a deadline passes with no person's browser connected (and starts afresh
when one connects). ``clock_seconds=None`` turns the clock off.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummy_server.choices import choices
from rummy_server.clock import Clock
from rummy_server.language import (
    contract_said,
    error_text,
    phase_said,
    read_locale,
    refusal,
    said_events,
    say,
    words_part,
)
from rummy_server.live import legal_for, open_seats
from rummy_server.tables import HUMAN, SaveError, Table, Tables, since
from rummykit import Event, IllegalActionError, RummyError, game, svg
from rummykit.agents import agent_names
from rummykit.i18n.locales import DEFAULT_LOCALE
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
MOST_WATCHERS = 50
"""The most spectators' sockets one table keeps (past it a spectator is closed, 1013)."""
TRY_AGAIN_LATER = 1013
"""The close code for a spectator past :data:`MOST_WATCHERS` (RFC 6455's registry)."""
UNSUPPORTED_DATA = 1003
"""The close code for a binary frame (RFC 6455)."""
TOO_BIG = 1009
"""The close code for a message over :data:`LONGEST_MESSAGE`."""


def lobby_refusal(text: str, locale: str, status: int, **params: Any) -> JSONResponse:
    """The lobby's refusal of a new table: the English ``reason``, the message id ``text``
    with its ``params`` (for a client that translates), and ``said`` in the lobby's
    language (``?lang=`` on the request)."""
    error = {"reason": text.format(**params), "text": text, "params": params}
    return JSONResponse({"error": error, "said": say(text, locale, **params)}, status_code=status)


def read_action(message: str) -> str | None:
    """The action text of a browser's message ``{"action": "<text>"}`` (``None`` for
    anything else: not JSON, another shape, too long)."""
    data = _read_json(message)
    text = data.get("action") if isinstance(data, dict) else None
    return text if isinstance(text, str) and len(text) <= LONGEST_ACTION else None


def read_language(message: str) -> str | None:
    """The locale a browser's message ``{"lang": "pt-BR"}`` asks for (``None`` for any
    other message, or a language no catalog speaks)."""
    data = _read_json(message)
    if not isinstance(data, dict) or set(data) != {"lang"}:
        return None
    return read_locale(data["lang"])


def _read_json(message: str) -> Any:
    if len(message) > LONGEST_MESSAGE:
        return None
    try:
        return json.loads(message)
    except ValueError:
        return None


def seat_message(
    table: Table, seat: int, events: list[Event], locale: str = DEFAULT_LOCALE
) -> dict[str, Any]:
    """What ``seat`` is sent after a change: its view, its picture and the new
    ``events`` as this seat may see them, with their words in ``locale``."""
    match = table.match
    view = match.view(seat)
    outcome = match.outcome
    seen = [event.seen_by(seat) for event in events]
    message = {
        "type": "state",
        "table": table.id,
        "game": table.game,
        "seat": seat,
        "seats": list(table.seats),
        "step": match.step,
        "view": view.to_dict(),
        "svg": str(svg.view(view)),
        "events": [event.to_dict() for event in seen],
        "over": match.is_over,
        "outcome": None if outcome is None else outcome.to_dict(),
    }
    return said(message, seen, locale)


def said(message: dict[str, Any], seen: list[Event], locale: str) -> dict[str, Any]:
    """``message`` with its words in ``locale``: the page's words, each effect's, the
    phase's and the contract's."""
    said_events(message["events"], seen, locale)
    view = message["view"]
    message["phase_said"] = phase_said(str(view["phase"]), locale)
    message["contract_said"] = contract_said(view.get("contract"), locale)
    return message | words_part(locale)


def watch_message(
    table: Table, events: list[Event], locale: str = DEFAULT_LOCALE
) -> dict[str, Any]:
    """What a spectator is sent after a change: the public view (every seat's view
    without its hand and legal actions: hand sizes, the known cards, the table, the
    pile, the scores), its picture, and the new events as a spectator may see them."""
    match = table.match
    view = attrs.evolve(match.view(0), hand=(), legal=())  # seat 0's, less what is its own
    outcome = match.outcome
    seen = [event.seen_by(None) for event in events]
    message = {
        "type": "state",
        "table": table.id,
        "game": table.game,
        "seat": None,
        "seats": list(table.seats),
        "step": match.step,
        "view": view.to_dict() | {"seat": None},
        "svg": str(svg.view(view)),
        "events": [event.to_dict() for event in seen],
        "over": match.is_over,
        "outcome": None if outcome is None else outcome.to_dict(),
    }
    return said(message, seen, locale)


def live_part(
    table: Table,
    seat: int | None,
    clock: Clock | None,
    timed_out: tuple[int, ...],
    locale: str = DEFAULT_LOCALE,
) -> dict[str, Any]:
    """The live table's part of a message: ``seat``'s choices (their words in
    ``locale``), the open seats, the clock."""
    match = table.match
    now = time.monotonic()
    legal = [] if seat is None else choices(legal_for(match, seat), match, seat, locale)
    return {
        "legal": legal,
        "open": list(open_seats(match)),
        "clock": {} if clock is None else {str(s): left for s, left in clock.left(now).items()},
        "seconds": None if clock is None else clock.seconds,
        "timed_out": list(timed_out),
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
        clock_seconds: float | None = None,
        most_watchers: int = MOST_WATCHERS,
    ) -> None:
        self.most_watchers = most_watchers
        self.tables = Tables(database, client_seeds=client_seeds)
        self.clock_seconds = clock_seconds
        self.clocks: dict[str, Clock] = {}
        """The clock of each table a browser has opened since this process started."""
        self.timers: dict[str, asyncio.Task[None]] = {}
        self.watchers: dict[str, set[WebSocket]] = defaultdict(set)
        self.most_tables = most_tables
        self.most_tables_per_client = most_tables_per_client
        self.made_by: dict[str, list[Table]] = defaultdict(list)
        """The tables each client address made (since this process started)."""
        self.creating = asyncio.Lock()
        self.sockets: dict[tuple[str, int], set[WebSocket]] = defaultdict(set)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.languages: dict[tuple[str, int], str] = {}
        """The language each seat chose (a seat that chose none is sent English)."""
        self.watcher_languages: dict[WebSocket, str] = {}
        """The language of each spectator's socket."""

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games(self, request: Request) -> Response:
        """The registered games and bots, and each game's player counts (fewest, most,
        default) for the lobby's choice of seats."""
        players = {}
        for name in names():
            definition = game(name)
            fewest, most = definition.rules.player_count_range
            players[name] = [fewest, most, definition.default_players]
        return JSONResponse(
            {"games": list(names()), "bots": list(agent_names()), "players": players}
        )

    async def words(self, request: Request) -> Response:
        """The page's words in the language ``?lang=`` names (English for none, or for a
        language no catalog speaks), for the lobby."""
        locale = read_locale(request.query_params.get("lang", "")) or DEFAULT_LOCALE
        return JSONResponse(words_part(locale))

    def language(self, table: Table, seat: int | None) -> str:
        """The language ``seat`` of ``table`` chose (English when it chose none)."""
        if seat is None:
            return DEFAULT_LOCALE
        return self.languages.get((table.id, seat), DEFAULT_LOCALE)

    async def list_tables(self, request: Request) -> Response:
        return JSONResponse({"tables": [table.summary() for table in self.tables]})

    async def create_table(self, request: Request) -> Response:
        locale = read_locale(request.query_params.get("lang", "")) or DEFAULT_LOCALE
        raw = await request.body()
        if len(raw) > LONGEST_REQUEST:
            return lobby_refusal(
                "the body is longer than {limit} bytes", locale, 413, limit=LONGEST_REQUEST
            )
        try:
            body = json.loads(raw)
        except ValueError:
            return lobby_refusal("the body is not JSON", locale, 400)
        if not isinstance(body, dict):
            return lobby_refusal("the body is not an object", locale, 400)
        name, seats, seed = body.get("game"), body.get("seats"), body.get("seed")
        if (
            not isinstance(name, str)
            or name not in names()
            or not isinstance(seats, list)
            or not 0 < len(seats) <= MOST_SEATS
            or not all(kind == HUMAN or kind in agent_names() for kind in seats)
            or not (seed is None or (isinstance(seed, int) and not isinstance(seed, bool)))
        ):
            return lobby_refusal(
                "give a game ({games}) and 1 to {most} seats ('human' or a bot: {bots})",
                locale,
                400,
                games=", ".join(names()),
                most=MOST_SEATS,
                bots=", ".join(agent_names()),
            )
        client = request.client.host if request.client is not None else ""
        async with self.creating:  # the counts and the new table, one request at a time
            mine = [table for table in self.made_by[client] if not table.match.is_over]
            self.made_by[client] = mine
            if len(mine) >= self.most_tables_per_client:
                text = "at most {most} unfinished tables per client"
                return lobby_refusal(text, locale, 429, most=self.most_tables_per_client)
            if len(self.tables.tables) >= self.most_tables:
                text = "the server holds its most tables ({most})"
                return lobby_refusal(text, locale, 429, most=self.most_tables)
            try:
                table, _ = await run_in_threadpool(self.tables.create, name, seats=seats, seed=seed)
            except RummyError as error:
                said = error_text(error, locale)
                return JSONResponse({"error": error.to_dict(), "said": said}, status_code=400)
            except SaveError:
                return lobby_refusal("the table could not be stored; try again", locale, 503)
            mine.append(table)
        links = [
            {"seat": seat, "url": f"/?table={table.id}&seat={seat}&token={token}"}
            for seat, token in enumerate(table.tokens)
            if token is not None
        ]
        watch = f"/?table={table.id}&watch=1"
        body = {"table": table.summary(), "links": links, "watch": watch}
        return JSONResponse(body, status_code=201)

    async def seat_socket(self, websocket: WebSocket) -> None:
        table = self.tables.get(websocket.path_params["table"])
        seat = int(websocket.path_params["seat"])
        token = websocket.query_params.get("token")
        if table is None or not table.is_human(seat) or not table.admits(seat, token):
            await websocket.close(code=4403)
            return
        await websocket.accept()
        key = (table.id, seat)
        asked = read_locale(websocket.query_params.get("lang", ""))
        if asked is not None:
            self.languages[key] = asked  # remembered for the seat: every socket of it
        self.sockets[key].add(websocket)
        try:
            async with self.locks[table.id]:
                self.start_clock(table)
                recent = since(table.match, table.match.step - RECENT_EVENTS)
                await websocket.send_json(self.message(table, seat, recent))
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
                chosen = read_language(message["text"])
                if chosen is not None:
                    self.languages[key] = chosen
                    async with self.locks[table.id]:
                        recent = since(table.match, table.match.step - RECENT_EVENTS)
                        for socket in list(self.sockets[key]):  # each of the seat's pages
                            await socket.send_json(self.message(table, seat, recent))
                    continue
                text = read_action(message["text"])
                if text is None:
                    wrong = IllegalActionError(
                        f'send {{"action": "<text>"}} (at most {LONGEST_ACTION} characters)'
                        ' or {"lang": "en" | "pt-BR" | "ru"}'
                    )
                    await websocket.send_json(refusal(wrong, self.language(table, seat)))
                    continue
                async with self.locks[table.id]:
                    try:
                        # the bots think in a worker thread: other tables go on meanwhile
                        events = await run_in_threadpool(self.tables.act, table, seat, text)
                    except RummyError as error:
                        await websocket.send_json(refusal(error, self.language(table, seat)))
                        continue
                    self.wind(table, acted=seat)
                    await self.broadcast(table, events)
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets[key].discard(websocket)

    async def watch_socket(self, websocket: WebSocket) -> None:
        """A spectator: the public view after every change; anything sent closes it."""
        table = self.tables.get(websocket.path_params["table"])
        if table is None:
            await websocket.close(code=4403)
            return
        await websocket.accept()
        if len(self.watchers[table.id]) >= self.most_watchers:
            await websocket.close(code=TRY_AGAIN_LATER, reason="too many spectators")
            return
        self.watchers[table.id].add(websocket)
        locale = read_locale(websocket.query_params.get("lang", "")) or DEFAULT_LOCALE
        self.watcher_languages[websocket] = locale
        try:
            async with self.locks[table.id]:
                recent = since(table.match, table.match.step - RECENT_EVENTS)
                await websocket.send_json(self.message(table, None, recent, locale=locale))
            message = await websocket.receive()
            if message["type"] != "websocket.disconnect":
                await websocket.close(code=UNSUPPORTED_DATA, reason="spectators send nothing")
        except WebSocketDisconnect:
            pass
        finally:
            self.watchers[table.id].discard(websocket)
            self.watcher_languages.pop(websocket, None)

    def message(
        self,
        table: Table,
        seat: int | None,
        events: list[Event],
        timed_out: tuple[int, ...] = (),
        *,
        locale: str | None = None,
    ) -> dict[str, Any]:
        """``seat``'s message (``None``: a spectator's), with the live table's part, in
        ``locale`` (by default the language the seat chose)."""
        locale = locale or self.language(table, seat)
        if seat is None:
            base = watch_message(table, events, locale)
        else:
            base = seat_message(table, seat, events, locale)
        return base | live_part(table, seat, self.clocks.get(table.id), timed_out, locale)

    async def broadcast(
        self, table: Table, events: list[Event], timed_out: tuple[int, ...] = ()
    ) -> None:
        """Send every connected seat of ``table`` its view and the new events, and every
        spectator the public view."""
        for seat in range(len(table.seats)):
            for socket in list(self.sockets.get((table.id, seat), ())):
                try:
                    await socket.send_json(self.message(table, seat, events, timed_out))
                except (RuntimeError, WebSocketDisconnect):
                    self.sockets[(table.id, seat)].discard(socket)
        for socket in list(self.watchers.get(table.id, ())):
            try:
                locale = self.watcher_languages.get(socket, DEFAULT_LOCALE)
                await socket.send_json(self.message(table, None, events, timed_out, locale=locale))
            except (RuntimeError, WebSocketDisconnect):
                self.watchers[table.id].discard(socket)

    def people_waited_for(self, table: Table) -> list[int]:
        """The people's seats whose answer is open."""
        return [seat for seat in open_seats(table.match) if table.is_human(seat)]

    def anyone_at(self, table: Table) -> bool:
        """Whether a person's browser is connected to ``table``."""
        return any(self.sockets.get((table.id, seat)) for seat in range(len(table.seats)))

    def start_clock(self, table: Table) -> None:
        """Start ``table``'s clock when a person's browser connects (if the server has one
        and it is not running: it stops when the last person's browser leaves)."""
        if self.clock_seconds is None or table.id in self.clocks:
            return
        self.clocks[table.id] = Clock(self.clock_seconds)
        self.wind(table)

    def wind(self, table: Table, *, acted: int | None = None) -> None:
        """After a change: update ``table``'s clock and set its timer to the earliest
        deadline (under the table's lock)."""
        clock = self.clocks.get(table.id)
        if clock is None:
            return
        clock.update(self.people_waited_for(table), time.monotonic(), acted=acted)
        old = self.timers.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        deadline = clock.next_deadline()
        if deadline is not None:
            self.timers[table.id] = asyncio.create_task(self.ring(table, deadline))

    async def ring(self, table: Table, deadline: float) -> None:
        """At ``deadline``, play the default of each seat whose time ran out."""
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        async with self.locks[table.id]:
            clock = self.clocks[table.id]
            if not self.anyone_at(table):
                del self.clocks[table.id]  # everyone left: the clock stops until one is back
                return
            for seat in clock.expired(time.monotonic()):
                if seat not in self.people_waited_for(table):
                    continue  # answered, or no longer asked, since
                try:
                    events = await run_in_threadpool(self.tables.time_out, table, seat)
                except RummyError:
                    clock.deadlines.pop(seat, None)  # no default: wait for the person
                    continue
                self.wind(table, acted=seat)
                await self.broadcast(table, events, timed_out=(seat,))
                return
            self.wind(table)

    async def stop_clocks(self) -> None:
        """Cancel every table's timer (the server is stopping)."""
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()


def create_app(
    database: str | Path,
    *,
    client_seeds: bool = False,
    most_tables: int = MOST_TABLES,
    most_tables_per_client: int = MOST_TABLES_PER_CLIENT,
    clock_seconds: float | None = None,
    most_watchers: int = MOST_WATCHERS,
) -> Starlette:
    """The application, with its tables in the SQLite file ``database`` (made if absent;
    every table in it resumes where it was). ``client_seeds=True`` lets a request give
    the seed, for tests only: a player who chooses the seed knows every hand.
    ``clock_seconds`` gives a person that long for each decision, after which the server
    plays the seat's default (``None``: no clock)."""
    server = Server(
        database,
        client_seeds=client_seeds,
        most_tables=most_tables,
        most_tables_per_client=most_tables_per_client,
        clock_seconds=clock_seconds,
        most_watchers=most_watchers,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await server.stop_clocks()

    app = Starlette(
        lifespan=lifespan,
        routes=[
            Route("/", server.page),
            Route("/api/games", server.games),
            Route("/api/words", server.words),
            Route("/api/tables", server.list_tables, methods=["GET"]),
            Route("/api/tables", server.create_table, methods=["POST"]),
            WebSocketRoute("/ws/{table}/watch", server.watch_socket),
            WebSocketRoute("/ws/{table}/{seat:int}", server.seat_socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
    )
    app.state.server = server
    return app
