"""The web app behind ``boardkit serve``: a Starlette application.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Pages: ``/`` (the start page) and ``/table/{id}?token=...`` (a game, as the
token's holder may see it). The JSON API the pages use:

* ``GET /api/games``: the games on offer, their variants and options;
* ``POST /api/tables``: set up a game (``game``, ``variant``, ``options``,
  ``seats``); answers its id, the host's token and address;
* ``GET /api/tables/{id}?token=&seat=&since=&wait=``: the game as that token
  may see it (``since``: wait up to ``wait`` seconds for a newer version);
* ``POST /api/tables/{id}/move``, ``/undo``, ``/new``: ``token``, ``version``
  and, for a move, ``move`` in notation;
* ``POST /api/tables/{id}/hint``: what ``best`` would play for the token's
  player, and why; ``GET /api/tables/{id}/thinking?token=``: what the bot
  to move has found so far (depth, positions, score), never waited for;
* ``GET /api/tables/{id}/record.json?token=``, and ``record.KEY`` for each
  of the game's other record formats (``game.declared.formats``: ``.otg``
  for Tafl);
* ``GET /api/archive``: the finished games this server keeps (public
  summaries, newest first), and ``/api/archive/{number}/record.json`` (or
  ``record.KEY``) for each: the record its players could download.

Bad requests get a 4xx answer with a short message and change nothing.
Among them: an undo that would take back a move which drew from the game's
chance (played again, it would draw the same thing), and a new game while
people elsewhere are playing this one through their links (it waits for the
end of the game).
Tables live in a :class:`~boardkit.web.store.Store` (SQLite): every change is
committed before it is answered, and a new server on the same file resumes
every table, its bots included. Bots think in a
:class:`~boardkit.web.bots.BotPool` of worker processes, so one game's bot
never holds up another game, and stopping the server stops them at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import ipaddress
import json
import logging
import re
import signal
import threading
import time
import urllib.parse
from collections.abc import AsyncIterator, Callable, Collection, Iterator, Mapping, Sequence
from importlib import resources
from typing import Any

import anyio.to_thread
import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from boardkit.about import OptionInfo
from boardkit.agents import Agent
from boardkit.errors import BoardkitError, OptionError, shown
from boardkit.game import Game, State
from boardkit.match import HINT_SECONDS, hint_agent, hint_reason, search_summary
from boardkit.web.archive import archive_routes, attachment
from boardkit.web.bots import DEFAULT_THINK, BotPool
from boardkit.web.limits import (
    CLIENT_CONNECTIONS,
    CONNECTIONS,
    HEADER_TIMEOUT,
    IDLE,
    KEEP_ALIVE,
    MAX_HEAD,
    MAX_OPTION,
    PER_CLIENT,
    TABLES,
    WINDOW,
    check_option,
    check_work,
    server_config,
)
from boardkit.web.page import game_choices, seat_page
from boardkit.web.store import DEFAULT_DB, Store, StoreError
from boardkit.web.table import StaleError, Table, TableLimitError, Tables, Viewer, parse_seat
from boardkit.words import counted

__all__ = ["MAX_BODY", "create_app", "run"]

#: The largest request body the server reads, in bytes.
MAX_BODY = 16 * 1024
_NUMBER = re.compile(r"[0-9]{1,12}")
_SECONDS = re.compile(r"[0-9]{1,3}(\.[0-9]{1,3})?")
_MAX_WAIT = 25.0
#: Where a page's links say the server's own address, filled in for each answer (JSON-safe, in no game's words).
_BASE = "@@boardkit-base@@"
_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}
_PAGE_HEADERS = {
    **_HEADERS,
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
}
_log = logging.getLogger("boardkit.web")


class BadRequestError(Exception):
    """A request the server turns down: its status (4xx) and a short message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _is_loopback(host: str) -> bool:
    """Whether a client address is this machine's own (``127.0.0.0/8``, ``::1``)."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _static(name: str) -> str:
    return (resources.files("boardkit.web") / "static" / name).read_text(encoding="utf-8")


def create_app(
    games: Mapping[str, Callable[..., Game[Any, Any]]],
    *,
    default: str | None = None,
    defaults: Mapping[str, Any] | None = None,
    limit: int = TABLES,
    idle: float = IDLE,
    per_client: int = PER_CLIENT,
    window: float = WINDOW,
    limit_local: bool = False,
    clock: Callable[[], float] = time.monotonic,
    store: Store | None = None,
    pool: BotPool | None = None,
    names: Collection[str] | None = None,
) -> Starlette:
    """The web app serving ``games``.

    Args:
        games: The games on offer: a name (or ``module:Class``) and a factory
            taking options. Only these can be played; a request never names
            a module to import.
        default: The game the start page shows first.
        defaults: Options (``variant`` among them) the start page fills in
            for ``default``.
        limit: The most games at once.
        idle: Seconds an unused game lives.
        per_client: The most games one client address may set up in
            ``window`` seconds.
        window: Seconds over which ``per_client`` counts.
        limit_local: Hold clients on this machine (``127.0.0.1``, ``::1``)
            to ``per_client`` too; by default a person playing on their own
            machine is never locked out. Behind a reverse proxy on the same
            machine every client looks local: set it there.
        clock: The time source for ``idle`` and ``window`` (for tests).
        store: Where tables and finished games are kept (default: in
            memory only); its tables are resumed now, their bots woken when
            the app starts.
        pool: Where bots think (default: a :class:`~boardkit.web.bots.BotPool`
            of one process per core); closed when the app stops.
        names: The host names the server answers to besides its addresses
            (any IP address) and ``localhost``: a request whose ``Host``
            is another name (a DNS rebinding) is refused with 403. ``None``
            (the default) checks no ``Host``. Whatever ``names``, a
            request that changes something (any method but ``GET`` and
            ``HEAD``) from a page of another site (its ``Origin`` is
            neither the ``Host`` asked for nor one of ``names``) is refused
            with 403.

    Examples:
        >>> from starlette.testclient import TestClient
        >>> from boardkit.testing import Nim
        >>> client = TestClient(create_app({"nim": Nim}))
        >>> [g["spec"] for g in client.get("/api/games").json()["games"]]
        ['nim']
    """
    if per_client < 1 or window <= 0:
        raise OptionError(f"a client needs room for a game in a positive window, not {per_client!r} and {window!r}")
    server = Server(
        games, Tables(limit=limit, idle=idle, clock=clock), store if store is not None else Store(":memory:"),
        pool if pool is not None else BotPool(), default=default, defaults=defaults, per_client=per_client,
        window=window, limit_local=limit_local,
    )
    guard = Middleware(
        _Guard, names=None if names is None else frozenset(n.lower() for n in names), refuse=server.refuse
    )
    app = Starlette(
        routes=server.routes(),
        middleware=[guard],
        exception_handlers={BadRequestError: server.refused, HTTPException: server.refused},
        lifespan=server.lifespan,
    )
    app.state.server = server  # what serves it: its tables, the games it keeps, its pool
    app.state.tables = server.tables
    app.state.stop = server.stop
    return app


class Server:
    """One server's games and what it keeps beside them (the games built,
    the start page's offer, who set up what lately), with a method for each
    endpoint; :func:`create_app` wires them into a Starlette app. What it
    keeps for one game lives on that :class:`~boardkit.web.table.Table`
    (the pages drawn, the event a page waits on, whether its bots think),
    so a game forgotten is forgotten whole.

    Args:
        games: The games on offer, as :func:`create_app` takes them.
        tables: The games being played.
        store: Where they are kept; its tables are resumed now.
        pool: Where bots think.
        default, defaults, per_client, window, limit_local: As
            :func:`create_app` takes them (``per_client`` in ``window``
            seconds of ``tables.clock``).

    Examples:
        >>> from boardkit.testing import Nim
        >>> server = Server({"nim": Nim}, Tables(), Store(":memory:"), BotPool(1))
        >>> [route.path for route in server.routes()][:3]
        ['/', '/table/{table}', '/api/games']
    """

    def __init__(
        self,
        games: Mapping[str, Callable[..., Game[Any, Any]]],
        tables: Tables,
        store: Store,
        pool: BotPool,
        *,
        default: str | None = None,
        defaults: Mapping[str, Any] | None = None,
        per_client: int = PER_CLIENT,
        window: float = WINDOW,
        limit_local: bool = False,
    ) -> None:
        self.games, self.tables, self.store, self.pool = games, tables, store, pool
        self.default, self.defaults = default, defaults
        self.per_client, self.window, self.limit_local = per_client, window, limit_local
        #: When each client address set up its recent games, to hold each to ``per_client`` in ``window`` seconds.
        self.created: dict[str, list[float]] = {}
        #: Each game's variant option and option schema, read from the game built with its defaults.
        self.schemas: dict[str, tuple[str, dict[str, OptionInfo]]] = {}
        #: What the start page offers, read once: it builds every game.
        self.offered: list[dict[str, Any]] = []
        #: Games with the same options are one Game object, shared by their tables: a game can hold
        #: large tables of its own (Camelot's are about 800 KiB), and a table needs only its state.
        self.built: dict[str, Game[Any, Any]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        #: Set when the server stops: nobody waits for a change any more.
        self.stopping = False
        self.start_page, self.game_page, self.error_page = map(_static, ("start.html", "game.html", "error.html"))
        tables.on_drop = self.forget
        self.resumed: list[Table] = []
        for table, _, _ in store.resume(self.build_game, think=pool.think, warn=_log.warning):
            try:
                self.resumed.append(tables.add(lambda: table))  # noqa: B023 (add calls it at once)
            except TableLimitError:
                _log.warning("game %s is not resumed: %s games are going already", table.id, tables.limit)

    def routes(self) -> list[BaseRoute]:
        """The server's routes: its pages, its API and its static files."""
        return [
            Route("/", self.start),
            Route("/table/{table}", self.page),
            Route("/api/games", self.list_games),
            Route("/api/tables", self.create, methods=["POST"]),
            Route("/api/tables/{table}", self.show),
            Route("/api/tables/{table}/move", self.move, methods=["POST"]),
            Route("/api/tables/{table}/undo", self.undo, methods=["POST"]),
            Route("/api/tables/{table}/new", self.restart, methods=["POST"]),
            Route("/api/tables/{table}/hint", self.hint, methods=["POST"]),
            Route("/api/tables/{table}/thinking", self.thinking),
            Route("/api/tables/{table}/record.{kind:str}", self.record),
            *archive_routes(
                self.store, lambda s, o: self.build_game(s, o, keep=False) if s in self.games else None,
                headers=_HEADERS,
                refuse=BadRequestError,
            ),
            Mount("/static", StaticFiles(packages=[("boardkit.web", "static")]), name="static"),
        ]

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Wake the resumed games' bots when the app starts; stop every bot when it stops."""
        for table in self.resumed:
            self.wake_bots(table)  # a bot whose turn it was thinks again
        try:
            yield
        finally:
            for task in list(self.tasks):
                task.cancel()
            await self.pool.close()

    def stop(self) -> None:
        """The server is stopping: every page waiting for a change is answered now (nothing is cut off)."""
        self.stopping = True
        for table in self.tables:
            self.notify(table)

    def forget(self, table: Table) -> None:
        """Forget an idle table in the store too (if the store will not, the table stays: Tables keeps it),
        and its game, once no other table plays it (a game can hold megabytes of tables of its own)."""
        try:
            self.store.drop(table)
        except StoreError as exc:
            _log.warning("game %s is kept for now: %s", table.id, exc)
            raise
        if not any(other.game is table.game for other in self.tables if other is not table):
            for key in [key for key, game in self.built.items() if game is table.game]:
                del self.built[key]
        self.notify(table)  # whoever waits for it hears at once that it is gone

    def notify(self, table: Table) -> None:
        """Answer the pages waiting for a change of ``table``."""
        event, table.changed = table.changed, None
        if event is not None:
            event.set()

    def refuse(self, path: str, status: int, message: str) -> Response:
        """A refusal: JSON for the API, a page in the site's style for the rest."""
        if path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status, headers=_HEADERS)
        title = {403: "Not your game", 404: "Not found", 429: "Too busy"}.get(status, "Cannot do that")
        text = self.error_page.replace("{title}", title).replace("{message}", html.escape(message))
        return HTMLResponse(text, status_code=status, headers=_PAGE_HEADERS)

    async def refused(self, request: Request, exc: Exception) -> Response:
        """The answer to a request refused with :class:`BadRequestError` or Starlette's ``HTTPException``."""
        if isinstance(exc, BadRequestError):
            return self.refuse(request.url.path, exc.status, exc.message)
        if isinstance(exc, HTTPException):
            return self.refuse(request.url.path, exc.status_code, str(exc.detail).lower())
        raise exc  # pragma: no cover - only an unexpected bug lands here

    def find(self, table_id: str, token: object) -> tuple[Table, Viewer]:
        """The table and who holds ``token`` there (404 for no such table, 403 for a wrong token)."""
        table = self.tables.get(table_id)
        if table is None:
            raise BadRequestError(
                404, f"no game {shown(table_id, 40)} on this server (finished games are kept for a while only)"
            )
        viewer = table.viewer(token)
        if viewer is None:
            raise BadRequestError(403, "this link's token is wrong or missing")
        return table, viewer

    async def bots(self, table: Table) -> None:
        """Let the bots move while it is their turn, thinking in the bot pool."""
        try:
            while (player := table.bot_to_move()) is not None and self.tables.get(table.id, use=False) is table:
                version = table.version

                def heard(line: str, version: int = version) -> None:
                    table.thinking = (version, line)

                move, agent = await self.pool.choose(
                    table.state, table.agents[player], player, progress=heard, owner=_owner(table)
                )
                with table.trial():  # the move stands only once it is committed
                    played = table.bot_move(version, move, search_summary(agent))
                    if played:
                        table.agents[player] = agent
                        self.store.save(table)
                if played:
                    self.notify(table)
        except StoreError as exc:  # the move is not played: the next look at the table asks the bot again
            _log.warning("the bot's move in game %s could not be saved: %s", table.id, exc)
            table.bot_error = f"its move could not be saved, and is asked for again when the page next looks: {exc}"
            table.bots_stalled = True
            self.notify(table)
        except Exception as exc:  # a broken bot must not bring the server down
            _log.warning("the bot of game %s failed: %s", table.id, exc)
            table.bot_error = f"the bot failed: {exc}"
            self.notify(table)
        finally:
            table.bots_running = False

    def wake_bots(self, table: Table) -> None:
        """Set the table's bots thinking if one is to move and they are not already."""
        if table.bot_to_move() is not None and not table.bots_running:
            table.bots_running = True
            task = asyncio.get_running_loop().create_task(self.bots(table))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def page_for(self, request: Request, table: Table, viewer: Viewer, seat: int | None) -> Response:
        """The page's JSON, drawn (and encoded) once per version for each way of asking."""
        if seat is not None and seat not in viewer.seats:
            raise BadRequestError(403, f"seat {seat} is not yours")
        if seat is None and len(viewer.seats) == 1 and (not viewer.host or len(table.here) == 1):
            seat = next(iter(viewer.seats))
        if seat is None and not table.secret and table.state.current_player in viewer.seats:
            seat = table.state.current_player

        def draw() -> bytes:
            answer = seat_page(table, viewer, seat, link=lambda p, token: f"{_BASE}/table/{table.id}?token={token}")
            if table.bot_error:
                answer["status"] += f" ({table.bot_error})"
            return json.dumps(answer, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()

        # Many pages are read per change (each seat polls; friends watch): each is drawn once per version,
        # keyed on what the server controls (never on the request's headers): a bounded number per table.
        text = table.drawn((viewer, seat, table.bot_error, table.bot_to_move(), len(table.state.history)), draw)
        if viewer.host and table.seat_tokens:  # the links, with this server's address as the browser asked for it
            base = json.dumps(str(request.base_url).rstrip("/"), ensure_ascii=False)[1:-1]
            text = text.replace(_BASE.encode(), base.encode())
        return Response(text, media_type="application/json", headers=_HEADERS)

    async def start(self, request: Request) -> Response:
        """``GET /``: the start page."""
        return HTMLResponse(self.start_page, headers=_PAGE_HEADERS)

    async def list_games(self, request: Request) -> Response:
        """``GET /api/games``: the games on offer, their variants and options."""
        if not self.offered:
            self.offered.extend(game_choices(self.games))
        return JSONResponse(
            {"games": self.offered, "default": self.default, "defaults": dict(self.defaults or {})}, headers=_HEADERS
        )

    def schema_of(self, spec: str) -> tuple[str, dict[str, OptionInfo]]:
        """A game's variant option and option schema, read once from the game with its defaults."""
        if spec not in self.schemas:
            try:
                plain = self.games[spec]()
            except (BoardkitError, TypeError):  # a game that needs options: they are checked when it is built
                self.schemas[spec] = ("variant", {})
            else:
                self.schemas[spec] = (plain.about.variant_option, {info.name: info for info in plain.option_info()})
        return self.schemas[spec]

    def admit(self, client: str) -> Callable[[], None]:
        """Refuse a new game before any work is done on it: the server is full, or this client set up too many.

        An admitted game counts against its client at once, before it is built (nothing else runs in
        between, so requests at the same time cannot all pass); the answer gives the count back (a game
        that is not made after all).
        """
        tables, created = self.tables, self.created
        tables.expire()
        if len(tables) >= tables.limit:
            raise BadRequestError(
                429,
                f"this server already has {counted(tables.limit, 'game')} going; try again later"
                " (its --tables limit)",
            )
        if not self.limit_local and _is_loopback(client):
            return lambda: None
        now = tables.clock()
        for key in [k for k, times in created.items() if not times or now - times[-1] >= self.window]:
            del created[key]
        recent = [t for t in created.get(client, []) if now - t < self.window]
        if len(recent) >= self.per_client:
            raise BadRequestError(
                429,
                f"you have set up {counted(self.per_client, 'game')} in the last {self.window:g} seconds;"
                " try again later"
                " (the server's --per-client limit)",
            )
        recent.append(now)
        created[client] = recent
        return functools.partial(_give_back, created, client, now)

    def build_game(self, spec: str, options: dict[str, Any], *, keep: bool = True) -> Game[Any, Any]:
        """The game ``spec`` with ``options``: the one built already for them, else a new one, kept for
        the next table (``keep``; not for a download from the archive, which no table plays)."""
        if spec not in self.games:
            raise OptionError(f"this server no longer offers {shown(spec, 40)}")
        key = json.dumps([spec, options], sort_keys=True)
        game = self.built.get(key) or self.games[spec](**options)
        if keep:
            self.built[key] = game
        return game

    async def create(self, request: Request) -> Response:
        """``POST /api/tables``: set up a game; answers its id, the host's token and address."""
        data = await _body(request)
        spec = data.get("game")
        if not isinstance(spec, str) or spec not in self.games:
            raise BadRequestError(404, f"no game {shown(spec, 40)} here; games are {', '.join(self.games)}")
        options = data.get("options", {})
        if not isinstance(options, dict) or len(options) > 50:
            raise BadRequestError(400, f"options must be a JSON object, not {shown(options, 40)}")
        variant_key, schema = self.schema_of(spec)
        # The form sends each option as its declared type; text is read as JSON where that fits the type.
        chosen = {str(k): _option_value(v, schema.get(str(k))) for k, v in options.items()}
        variant = data.get("variant")
        if variant not in (None, ""):
            if not isinstance(variant, str):
                raise BadRequestError(400, f"a variant is text, not {shown(variant, 40)}")
            chosen[variant_key] = _option_value(variant, schema.get(variant_key))
        try:
            for name, value in chosen.items():
                check_option(name, value)
            seats = data.get("seats")
            if not isinstance(seats, list) or not seats or len(seats) > 16:
                raise BadRequestError(400, f"seats must be a list of seats, not {shown(seats, 40)}")
            kinds = [parse_seat(s) for s in seats]
        except BoardkitError as exc:  # a bad option or seat, in its own words
            raise BadRequestError(400, str(exc)) from None
        client = request.client.host if request.client is not None else ""
        give_back = self.admit(client)
        key = json.dumps([spec, chosen], sort_keys=True)
        cached = self.built.get(key)

        def build() -> Table:
            """Build the game (unless an equal one is kept) and its table, in a worker thread."""
            game = cached if cached is not None else self.games[spec](**chosen)
            table = Table(game, kinds, think=self.pool.think)
            table.client = client
            if cached is None:
                check_work(table.state)
            return table

        try:
            try:
                made = await anyio.to_thread.run_sync(build)
                table = self.tables.add(lambda: made)
            except TableLimitError as exc:
                raise BadRequestError(429, f"{exc} (its --tables limit)") from None
            except BoardkitError as exc:
                raise BadRequestError(400, str(exc)) from None
            except (TypeError, RecursionError) as exc:
                raise BadRequestError(400, f"bad options for {spec}: {shown(str(exc), 200)}") from None
        except BaseException:  # not made: its count is given back, whatever stopped it
            give_back()
            raise
        try:
            self.store.add(table, spec, chosen)
        except StoreError as exc:  # not kept: not made, its slot and its count free again
            self.tables.remove(table)
            give_back()
            raise BadRequestError(503, str(exc)) from None
        if cached is None:
            if len(self.built) >= self.tables.limit:
                self.built.clear()
            self.built[key] = made.game
        self.wake_bots(table)
        url = f"/table/{table.id}?token={table.host_token}"
        return JSONResponse({"id": table.id, "token": table.host_token, "url": url}, headers=_HEADERS)

    async def page(self, request: Request) -> Response:
        """``GET /table/{id}?token=``: the game's page (a page in the site's style refuses a wrong token)."""
        self.find(request.path_params["table"], request.query_params.get("token"))
        return HTMLResponse(self.game_page, headers=_PAGE_HEADERS)

    async def show(self, request: Request) -> Response:
        """``GET /api/tables/{id}``: the game as the token may see it, after a change newer than ``since``."""
        query = request.query_params
        table, viewer = self.find(request.path_params["table"], query.get("token"))
        seat = _seat_of(query.get("seat"))
        if table.bots_stalled and not table.bots_running:
            table.bots_stalled = False
            table.bot_error = None
            self.wake_bots(table)
        since = query.get("since")
        if since is not None:
            if not _NUMBER.fullmatch(since):
                raise BadRequestError(400, f"since is a version number, not {shown(since, 40)}")
            given = query.get("wait", "20")
            if not _SECONDS.fullmatch(given):
                raise BadRequestError(400, f"wait is a number of seconds, not {shown(given, 40)}")
            wait = min(float(given), _MAX_WAIT)
            if int(since) == table.version and wait > 0 and not self.stopping:
                event = table.changed = table.changed or asyncio.Event()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(event.wait(), wait)
        return self.page_for(request, table, viewer, seat)

    async def thinking(self, request: Request) -> Response:
        """What the bot to move has found so far (for the page's "is thinking" line), never waited for."""
        table, _ = self.find(request.path_params["table"], request.query_params.get("token"))
        return JSONResponse({"version": table.version, "line": table.thinking_line()}, headers=_HEADERS)

    async def act(self, request: Request, action: Callable[[Table, Viewer, dict[str, Any]], object]) -> Response:
        """Make a change of the table (``action``), commit it, and answer the page as it is now."""
        data = await _body(request)
        table, viewer = self.find(request.path_params["table"], data.get("token"))
        seat = data.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise BadRequestError(400, f"a seat is a number, not {shown(seat, 40)}")
        if seat is not None and seat not in viewer.seats:
            raise BadRequestError(403, f"seat {seat} is not yours")
        try:
            with table.trial():  # the change stands only once it is committed, before it is answered
                action(table, viewer, data)
                self.store.save(table)
        except StaleError as exc:
            raise BadRequestError(409, str(exc)) from None
        except StoreError as exc:
            raise BadRequestError(503, str(exc)) from None
        except BoardkitError as exc:
            raise BadRequestError(400, str(exc)) from None
        self.notify(table)
        self.wake_bots(table)
        return self.page_for(request, table, viewer, seat)

    async def move(self, request: Request) -> Response:
        """``POST .../move``: play ``move`` (notation) for the token's seat to move."""
        return await self.act(request, _play)

    async def undo(self, request: Request) -> Response:
        """``POST .../undo``: take back the host's last move (and the bots' replies)."""
        return await self.act(request, lambda table, viewer, data: table.undo(viewer, data.get("version")))

    async def restart(self, request: Request) -> Response:
        """``POST .../new``: a new game at the same table."""
        return await self.act(request, lambda table, viewer, data: table.restart(viewer))

    async def hint(self, request: Request) -> Response:
        """What the strongest bot would play for the viewer, whose turn it is, and why in one line."""
        data = await _body(request)
        table, viewer = self.find(request.path_params["table"], data.get("token"))
        refusal = table.hint_refusal(viewer)
        if refusal is not None:
            raise BadRequestError(409, f"no hint: {refusal}")
        if table.hinting:
            raise BadRequestError(429, "a hint for this game is being thought out already")
        version = table.version
        state = table.state
        player = state.current_player
        assert player is not None  # the refusal above says the game goes on
        table.hinting = True
        try:
            seconds = min(HINT_SECONDS, self.pool.think)
            move, agent = await self.thought_out(state, hint_agent(state, seconds), player, table)
        finally:
            table.hinting = False
        if table.version != version:
            raise BadRequestError(409, "the game moved on while the hint was thought out; ask again")
        why = hint_reason(agent, state.game.parse_move(move))
        return JSONResponse({"move": move, "why": why, "version": version}, headers=_HEADERS)

    async def thought_out(self, state: State[Any], agent: Agent, player: int, table: Table) -> tuple[str, Agent]:
        """The hint ``agent`` gives, thought out in the pool, or a 503 in one line: when the bot fails (the
        server logs why) or the server stops while it thinks (else the request would be cut off, a traceback
        printed, after the graceful second)."""
        choice = asyncio.ensure_future(self.pool.choose(state, agent, player, owner=_owner(table)))
        try:
            # The stop is a flag, looked at a few times a second (an event would belong to one loop, and an
            # app may be served by one loop after another).
            while not choice.done() and not self.stopping:
                await asyncio.wait({choice}, timeout=0.1)
        except asyncio.CancelledError:  # the request itself is cancelled: so is its bot, and its worker stopped
            choice.cancel()
            raise
        if not choice.done():
            choice.cancel()  # the pool stops its worker; its answer is not waited for
            raise BadRequestError(503, "the server is stopping; no hint")
        try:
            return choice.result()
        except Exception as exc:  # a broken bot must not bring the server down, nor answer a 500
            _log.warning("the hint in game %s failed: %s", table.id, exc)
            raise BadRequestError(503, f"the hint could not be thought out: {str(exc)[:200]}") from None

    async def record(self, request: Request) -> Response:
        """``GET .../record.KEY``: the game's record, as JSON or in one of the game's own formats."""
        table, _ = self.find(request.path_params["table"], request.query_params.get("token"))
        # The record kinds are a fixed list (JSON and the game's own formats): nothing of the URL reaches a header.
        kind = request.path_params["kind"]
        formats = table.game.declared.formats
        if kind != "json" and kind not in formats:
            raise BadRequestError(404, f"no {shown(kind, 20)} record for {table.game.name}")
        if table.hidden and not table.state.is_over:
            raise BadRequestError(
                403, "the record (with the seed, which gives hidden tiles away) is ready when the game ends"
            )
        if kind == "json":
            text = table.state.to_record().to_json(indent=1) + "\n"
            media, suffix = "application/json", ".json"
        else:
            fmt = formats[kind]
            text = fmt.write_game(table.state)
            media, suffix = "text/plain", fmt.suffix
        return attachment(text, media, f"{table.game.name}-{table.id}{suffix}", _HEADERS)


async def _body(request: Request) -> dict[str, Any]:
    """The request's body: a JSON object of at most :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not _NUMBER.fullmatch(length) or int(length) > MAX_BODY):
        raise BadRequestError(413, f"the request body is too large (at most {MAX_BODY} bytes)")
    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise BadRequestError(413, f"the request body is too large (at most {MAX_BODY} bytes)")
    except ClientDisconnect:  # nobody is left to answer: nothing to log either
        raise BadRequestError(400, "the client went away before its request's body was whole") from None
    try:
        value = json.loads(bytes(data))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequestError(400, "the request body is not JSON (or nests too deep)") from None
    if not isinstance(value, dict):
        raise BadRequestError(400, f"the request body must be a JSON object, not {shown(value, 40)}")
    return value


def _seat_of(text: str | None) -> int | None:
    """The seat a query asks for (``None``: none)."""
    if text is None or text == "":
        return None
    if not _NUMBER.fullmatch(text) or len(text) > 3:
        raise BadRequestError(400, f"a seat is a number, not {shown(text, 40)}")
    return int(text)


def _play(table: Table, viewer: Viewer, data: dict[str, Any]) -> None:
    """Play the request's ``move`` (notation) on the version it names."""
    move = data.get("move")
    if not isinstance(move, str) or not move.strip() or len(move) > 200:
        raise BadRequestError(400, f"a move is its notation as text, not {shown(move, 40)}")
    table.play(viewer, move, data.get("version"))


class _Guard:
    """The app behind a check of where a request comes from (see
    :func:`create_app`'s ``names``): a ``Host`` that is none of the
    server's names, and a change asked for by another site's page, are
    refused (403) before the app sees them."""

    def __init__(
        self, app: Any, *, names: frozenset[str] | None, refuse: Callable[[str, int, str], Response]
    ) -> None:
        self.app = app
        self.names = names
        self.refuse = refuse

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            # uvicorn bounds a head that arrives in parts (MAX_HEAD), not one that comes in a single read.
            head = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
            head += sum(len(name) + len(value) + 4 for name, value in scope["headers"])
            if head > MAX_HEAD:
                said = f"a request head (its line and headers) of at most {MAX_HEAD // 1024} KiB is read"
                await self.refuse(scope["path"][:200], 431, said)(scope, receive, send)
                return
            refusal = self.refusal(scope)
            if refusal is not None:
                await self.refuse(scope["path"], 403, refusal)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def refusal(self, scope: Any) -> str | None:
        """Why the request is refused, or ``None``."""
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"] if k in (b"host", b"origin")}
        host = headers.get("host", "").strip().lower()
        name = _host_name(host)
        if self.names is not None and host and not (name == "localhost" or name in self.names or _is_address(name)):
            return (
                f"this server does not answer to the name {shown(name, 60)} (a page reaching it through another"
                " name is refused); its --public-name option adds a name"
            )
        origin = headers.get("origin")
        if scope["method"] in ("GET", "HEAD") or origin is None:
            return None
        parts = urllib.parse.urlsplit(origin.strip().lower())
        try:
            parts.port  # noqa: B018  (read for its check: a port that is no number raises)
        except ValueError:  # a port that is no number: no page of ours
            return f"a change asked for by a page of another site ({shown(origin, 60)}) is refused"
        # The page's own address (as the Host it asked), or a public name (a site behind a proxy, on any
        # port). An address or localhost is this machine: another port of it is another program's page.
        named = bool(self.names) and parts.hostname in (self.names or ())
        own = _is_address(parts.hostname or "") or parts.hostname == "localhost"
        if origin.strip() != "null" and (parts.netloc == host or (named and not own)):
            return None
        return (
            f"a change asked for by a page of another site ({shown(origin, 60)}) is refused; a server reached"
            " through a proxy under a public name needs that name in its --public-name option"
        )


def _host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port (``[::1]:8000``: ``::1``).

    Examples:
        >>> _host_name("localhost:8000"), _host_name("[::1]:8000"), _host_name("games.example.org")
        ('localhost', '::1', 'games.example.org')
    """
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def _is_address(name: str) -> bool:
    """Whether a host name is an IP address (no DNS rebinding reaches a server through one)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _owner(table: Table) -> str:
    """Whose turn a table's bot waits in the bot pool: the client that set it up, else the table alone."""
    return table.client or f"table {table.id}"


def _give_back(created: dict[str, list[float]], client: str, when: float) -> None:
    """Take a game set up at ``when`` off its client's count (it was not made after all)."""
    with contextlib.suppress(ValueError):
        created.get(client, []).remove(when)


def _option_value(value: object, info: OptionInfo | None = None) -> Any:
    """An option as the start page sends it: a value of the option's type, or
    text, read as JSON where it parses (``"null"``, ``"7"``, a custom plan),
    except that text stays text for an option of type ``str`` unless it
    reads as a string or as none.

    Examples:
        >>> from boardkit.about import OptionInfo
        >>> _option_value("7"), _option_value(7), _option_value("corner")
        (7, 7, 'corner')
        >>> _option_value("12", OptionInfo("name", "str", "")), _option_value("null", OptionInfo("map", "str", None))
        ('12', None)
    """
    if not isinstance(value, str) or len(value) > MAX_OPTION:  # too long: refused as text, the same on every Python
        return value
    try:
        decoded = json.loads(value)
    except (ValueError, RecursionError):
        return value
    if info is not None and info.type == "str" and not (decoded is None or isinstance(decoded, str)):
        return value
    return decoded


def run(
    games: Mapping[str, Callable[..., Game[Any, Any]]],
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    default: str | None = None,
    defaults: Mapping[str, Any] | None = None,
    sockets: Sequence[Any] | None = None,
    limit: int = TABLES,
    idle: float = IDLE,
    per_client: int = PER_CLIENT,
    limit_local: bool = False,
    connections: int = CONNECTIONS,
    client_connections: int = CLIENT_CONNECTIONS,
    header_timeout: float = HEADER_TIMEOUT,
    keep_alive: int = KEEP_ALIVE,
    db: str = DEFAULT_DB,
    workers: int | None = None,
    think: float = DEFAULT_THINK,
    public_names: Sequence[str] = (),
    trust_proxy: str | None = None,
) -> None:
    """Serve ``games`` with uvicorn until interrupted, with the limits of
    :func:`create_app` and :func:`server_config`, the tables kept in the
    SQLite file ``db`` (``":memory:"``: nowhere), held by this server alone
    (:meth:`Store.lock <boardkit.web.store.Store.lock>`), and bots thinking
    in ``workers`` processes (default: one per core) for at most ``think``
    seconds a move. It answers to its addresses, ``localhost``, ``host`` and
    ``public_names`` (``create_app``'s ``names``), and reads proxy headers
    from ``trust_proxy`` only. SIGINT, SIGTERM or SIGHUP stops it within a
    second or two: pages waiting for a change are answered at once,
    requests still open after a second are dropped, thinking bots stopped.

    Raises:
        OptionError: for a bad limit, a ``db`` that is not a store of this
            boardkit or that another server holds (checked before the
            server starts).
    """
    config = server_config(
        None, host=host, port=port, connections=connections, client_connections=client_connections,
        header_timeout=header_timeout, keep_alive=keep_alive, trust_proxy=trust_proxy,
    )
    config.timeout_graceful_shutdown = 1  # a request still open a second after the stop is dropped
    pool = BotPool(workers, think)
    store = Store(db)
    try:
        store.lock()
        app = create_app(
            games, default=default, defaults=defaults, limit=limit, idle=idle, per_client=per_client,
            limit_local=limit_local, store=store, pool=pool, names=[*public_names, _host_name(host.lower())],
        )
        config.app = app
        _Uvicorn(config, app.state.stop).run(sockets=list(sockets) if sockets else None)
    finally:
        store.close()


class _Uvicorn(uvicorn.Server):
    """uvicorn's server, stopped by SIGHUP as by SIGTERM, that answers the
    pages waiting for a change as soon as it stops (else each would be cut
    off after the graceful second, with a traceback each)."""

    def __init__(self, config: uvicorn.Config, stopping: Callable[[], None]) -> None:
        super().__init__(config)
        self.stopping = stopping

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        with super().capture_signals():
            if not hasattr(signal, "SIGHUP") or threading.current_thread() is not threading.main_thread():
                yield
                return
            # As SIGTERM: the same stop, and the command says "terminated" once it is done.
            previous = signal.signal(signal.SIGHUP, lambda signum, frame: self.handle_exit(signal.SIGTERM, frame))
            try:
                yield
            finally:
                signal.signal(signal.SIGHUP, previous)

    async def shutdown(self, sockets: list[Any] | None = None) -> None:
        self.stopping()
        await super().shutdown(sockets)
