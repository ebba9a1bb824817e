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
  of the game's other record formats (``game.record_formats()``: ``.otg``
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
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from boardkit.about import OptionInfo
from boardkit.errors import BoardkitError, OptionError, shown
from boardkit.game import Game
from boardkit.match import HINT_SECONDS, hint_agent, hint_reason, search_summary
from boardkit.web.archive import archive_routes
from boardkit.web.bots import DEFAULT_THINK, BotPool
from boardkit.web.limits import (
    CLIENT_CONNECTIONS,
    CONNECTIONS,
    HEADER_TIMEOUT,
    IDLE,
    KEEP_ALIVE,
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

__all__ = ["MAX_BODY", "create_app", "run"]

#: The largest request body the server reads, in bytes.
MAX_BODY = 16 * 1024
_NUMBER = re.compile(r"[0-9]{1,12}")
_SECONDS = re.compile(r"[0-9]{1,3}(\.[0-9]{1,3})?")
_MAX_WAIT = 25.0
#: The most pages of one table's version kept drawn (each seat and token asks for its own).
_DRAWN = 64
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
    tables = Tables(limit=limit, idle=idle, clock=clock)
    store = store if store is not None else Store(":memory:")
    pool = pool if pool is not None else BotPool()
    # When each client address set up its recent games, to hold each to ``per_client`` in ``window`` seconds.
    created: dict[str, list[float]] = {}
    # Each game's variant option and option schema, read from the game built with its defaults.
    schemas: dict[str, tuple[str, dict[str, OptionInfo]]] = {}
    events: dict[str, asyncio.Event] = {}
    running: set[str] = set()
    hinting: set[str] = set()  # the tables a hint is being thought out for: one at a time each
    stalled: set[str] = set()  # the tables whose bot's move the store would not take: asked again on a look
    stopping: list[bool] = []  # set when the server stops: nobody waits for a change any more
    # The pages drawn for each table's current version, keyed by who asked and how.
    pages: dict[str, tuple[int, dict[tuple[Any, ...], bytes]]] = {}
    tasks: set[asyncio.Task[None]] = set()
    # Games with the same options are one Game object, shared by their tables: a game can hold
    # large tables of its own (Camelot's are about 800 KiB), and a table needs only its state.
    built: dict[str, Game[Any, Any]] = {}

    def forget(table: Table) -> None:
        """Forget an idle table in the store too (if the store will not, the table stays: Tables keeps it)."""
        try:
            store.drop(table)
        except StoreError as exc:
            _log.warning("game %s is kept for now: %s", table.id, exc)
            raise
        pages.pop(table.id, None)
        notify(table)  # whoever waits for it hears at once that it is gone

    tables.on_drop = forget

    start_page = _static("start.html")
    game_page = _static("game.html")
    error_page = _static("error.html")

    def oops(status: int, message: str) -> Response:
        """A refusal as a page in the site's style."""
        title = {403: "Not your game", 404: "Not found", 429: "Too busy"}.get(status, "Cannot do that")
        text = error_page.replace("{title}", title).replace("{message}", html.escape(message))
        return HTMLResponse(text, status_code=status, headers=_PAGE_HEADERS)

    def notify(table: Table) -> None:
        event = events.pop(table.id, None)
        if event is not None:
            event.set()

    def find(table_id: str, token: object) -> tuple[Table, Viewer]:
        table = tables.get(table_id)
        if table is None:
            raise BadRequestError(
                404, f"no game {shown(table_id, 40)} on this server (finished games are kept for a while only)"
            )
        viewer = table.viewer(token)
        if viewer is None:
            raise BadRequestError(403, "this link's token is wrong or missing")
        return table, viewer

    async def bots(table: Table) -> None:
        """Let the bots move while it is their turn, thinking in the bot pool."""
        try:
            while (player := table.bot_to_move()) is not None and tables.get(table.id, use=False) is table:
                version = table.version

                def heard(line: str, version: int = version) -> None:
                    table.thinking = (version, line)

                move, agent = await pool.choose(table.state, table.agents[player], player, progress=heard)
                with table.trial():  # the move stands only once it is committed
                    played = table.bot_move(version, move, search_summary(agent))
                    if played:
                        table.agents[player] = agent
                        store.save(table)
                if played:
                    notify(table)
        except StoreError as exc:  # the move is not played: the next look at the table asks the bot again
            _log.warning("the bot's move in game %s could not be saved: %s", table.id, exc)
            table.bot_error = f"its move could not be saved, and is asked for again when the page next looks: {exc}"
            stalled.add(table.id)
            notify(table)
        except Exception as exc:  # a broken bot must not bring the server down
            _log.warning("the bot of game %s failed: %s", table.id, exc)
            table.bot_error = f"the bot failed: {exc}"
            notify(table)
        finally:
            running.discard(table.id)

    def wake_bots(table: Table) -> None:
        if table.bot_to_move() is not None and table.id not in running:
            running.add(table.id)
            task = asyncio.get_running_loop().create_task(bots(table))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

    async def body(request: Request) -> dict[str, Any]:
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

    def seat_of(text: str | None) -> int | None:
        if text is None or text == "":
            return None
        if not _NUMBER.fullmatch(text) or len(text) > 3:
            raise BadRequestError(400, f"a seat is a number, not {shown(text, 40)}")
        return int(text)

    def page_for(request: Request, table: Table, viewer: Viewer, seat: int | None) -> Response:
        """The page's JSON, drawn (and encoded) once per version for each way of asking."""
        if seat is not None and seat not in viewer.seats:
            raise BadRequestError(403, f"seat {seat} is not yours")
        if seat is None and len(viewer.seats) == 1 and (not viewer.host or len(table.here) == 1):
            seat = next(iter(viewer.seats))
        if seat is None and not table.secret and table.state.current_player in viewer.seats:
            seat = table.state.current_player
        # Many pages are read per change (each seat polls; friends watch): each is drawn once per version,
        # keyed on what the server controls (never on the request's headers): a bounded number per table.
        key = (viewer, seat, table.bot_error, table.bot_to_move(), len(table.state.history))
        version, drawn = pages.get(table.id, (None, {}))
        if version != table.version or len(drawn) >= _DRAWN:
            drawn = {}
            pages[table.id] = (table.version, drawn)
            if len(pages) > 4 * limit:
                pages.clear()
        if key not in drawn:
            answer = seat_page(table, viewer, seat, link=lambda p, token: f"{_BASE}/table/{table.id}?token={token}")
            if table.bot_error:
                answer["status"] += f" ({table.bot_error})"
            drawn[key] = json.dumps(answer, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        text = drawn[key]
        if viewer.host and table.seat_tokens:  # the links, with this server's address as the browser asked for it
            base = json.dumps(str(request.base_url).rstrip("/"), ensure_ascii=False)[1:-1]
            text = text.replace(_BASE.encode(), base.encode())
        return Response(text, media_type="application/json", headers=_HEADERS)

    async def start(request: Request) -> Response:
        return HTMLResponse(start_page, headers=_PAGE_HEADERS)

    offered: list[dict[str, Any]] = []  # what the start page offers, read once: it builds every game

    async def list_games(request: Request) -> Response:
        if not offered:
            offered.extend(game_choices(games))
        return JSONResponse(
            {"games": offered, "default": default, "defaults": dict(defaults or {})}, headers=_HEADERS
        )

    def schema_of(spec: str) -> tuple[str, dict[str, OptionInfo]]:
        if spec not in schemas:
            try:
                plain = games[spec]()
            except (BoardkitError, TypeError):  # a game that needs options: they are checked when it is built
                schemas[spec] = ("variant", {})
            else:
                schemas[spec] = (plain.about.variant_option, {info.name: info for info in plain.option_info()})
        return schemas[spec]

    def admit(client: str) -> Callable[[], None]:
        """Refuse a new game before any work is done on it: the server is full, or this client set up too many.

        An admitted game counts against its client at once, before it is built (nothing else runs in
        between, so requests at the same time cannot all pass); the answer gives the count back (a game
        that is not made after all).
        """
        tables.expire()
        if len(tables) >= tables.limit:
            raise BadRequestError(
                429, f"this server already has {tables.limit} games going; try again later (its --tables limit)"
            )
        if not limit_local and _is_loopback(client):
            return lambda: None
        now = clock()
        for key in [k for k, times in created.items() if not times or now - times[-1] >= window]:
            del created[key]
        recent = [t for t in created.get(client, []) if now - t < window]
        if len(recent) >= per_client:
            raise BadRequestError(
                429,
                f"you have set up {per_client} games in the last {window:g} seconds; try again later"
                " (the server's --per-client limit)",
            )
        recent.append(now)
        created[client] = recent
        return functools.partial(_give_back, created, client, now)

    async def create(request: Request) -> Response:
        data = await body(request)
        spec = data.get("game")
        if not isinstance(spec, str) or spec not in games:
            raise BadRequestError(404, f"no game {shown(spec, 40)} here; games are {', '.join(games)}")
        factory = games[spec]
        options = data.get("options", {})
        if not isinstance(options, dict) or len(options) > 50:
            raise BadRequestError(400, f"options must be a JSON object, not {shown(options, 40)}")
        variant_key, schema = schema_of(spec)
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
        except OptionError as exc:
            raise BadRequestError(400, str(exc)) from None
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats or len(seats) > 16:
            raise BadRequestError(400, f"seats must be a list of seats, not {shown(seats, 40)}")
        try:
            kinds = [parse_seat(s) for s in seats]
        except BoardkitError as exc:
            raise BadRequestError(400, str(exc)) from None
        client = request.client.host if request.client is not None else ""
        give_back = admit(client)
        key = json.dumps([spec, chosen], sort_keys=True)
        cached = built.get(key)

        def build() -> Table:
            """Build the game (unless an equal one is kept) and its table, in a worker thread."""
            game = cached if cached is not None else factory(**chosen)
            table = Table(game, kinds, think=pool.think)
            if cached is None:
                check_work(table.state)
            return table

        try:
            made = await anyio.to_thread.run_sync(build)
            table = tables.add(lambda: made)
        except TableLimitError as exc:
            give_back()
            raise BadRequestError(429, f"{exc} (its --tables limit)") from None
        except BoardkitError as exc:
            give_back()
            raise BadRequestError(400, str(exc)) from None
        except (TypeError, RecursionError) as exc:
            give_back()
            raise BadRequestError(400, f"bad options for {spec}: {shown(str(exc), 200)}") from None
        except BaseException:
            give_back()
            raise
        try:
            store.add(table, spec, chosen)
        except StoreError as exc:  # not kept: not made, its slot and its count free again
            tables.remove(table)
            give_back()
            raise BadRequestError(503, str(exc)) from None
        if cached is None:
            if len(built) >= limit:
                built.clear()
            built[key] = made.game
        wake_bots(table)
        url = f"/table/{table.id}?token={table.host_token}"
        return JSONResponse({"id": table.id, "token": table.host_token, "url": url}, headers=_HEADERS)

    async def page(request: Request) -> Response:
        try:
            find(request.path_params["table"], request.query_params.get("token"))
        except BadRequestError as refused:
            return oops(refused.status, refused.message)
        return HTMLResponse(game_page, headers=_PAGE_HEADERS)

    async def show(request: Request) -> Response:
        query = request.query_params
        table, viewer = find(request.path_params["table"], query.get("token"))
        seat = seat_of(query.get("seat"))
        if table.id in stalled and table.id not in running:
            stalled.discard(table.id)
            table.bot_error = None
            wake_bots(table)
        since = query.get("since")
        if since is not None:
            if not _NUMBER.fullmatch(since):
                raise BadRequestError(400, f"since is a version number, not {shown(since, 40)}")
            given = query.get("wait", "20")
            if not _SECONDS.fullmatch(given):
                raise BadRequestError(400, f"wait is a number of seconds, not {shown(given, 40)}")
            wait = min(float(given), _MAX_WAIT)
            if int(since) == table.version and wait > 0 and not stopping:
                event = events.setdefault(table.id, asyncio.Event())
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(event.wait(), wait)
        return page_for(request, table, viewer, seat)

    async def thinking(request: Request) -> Response:
        """What the bot to move has found so far (for the page's "is thinking" line), never waited for."""
        table, _ = find(request.path_params["table"], request.query_params.get("token"))
        return JSONResponse({"version": table.version, "line": table.thinking_line()}, headers=_HEADERS)

    def act(action: Callable[[Table, Viewer, dict[str, Any]], Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            data = await body(request)
            table, viewer = find(request.path_params["table"], data.get("token"))
            seat = data.get("seat")
            if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
                raise BadRequestError(400, f"a seat is a number, not {shown(seat, 40)}")
            if seat is not None and seat not in viewer.seats:
                raise BadRequestError(403, f"seat {seat} is not yours")
            try:
                with table.trial():  # the change stands only once it is committed, before it is answered
                    action(table, viewer, data)
                    store.save(table)
            except StaleError as exc:
                raise BadRequestError(409, str(exc)) from None
            except StoreError as exc:
                raise BadRequestError(503, str(exc)) from None
            except BoardkitError as exc:
                raise BadRequestError(400, str(exc)) from None
            notify(table)
            wake_bots(table)
            return page_for(request, table, viewer, seat)

        return endpoint

    def do_move(table: Table, viewer: Viewer, data: dict[str, Any]) -> None:
        move = data.get("move")
        if not isinstance(move, str) or not move.strip() or len(move) > 200:
            raise BadRequestError(400, f"a move is its notation as text, not {shown(move, 40)}")
        table.play(viewer, move, data.get("version"))

    def do_undo(table: Table, viewer: Viewer, data: dict[str, Any]) -> None:
        table.undo(viewer, data.get("version"))

    def do_new(table: Table, viewer: Viewer, data: dict[str, Any]) -> None:
        table.restart(viewer)

    async def hint(request: Request) -> Response:
        """What the strongest bot would play for the viewer, whose turn it is, and why in one line."""
        data = await body(request)
        table, viewer = find(request.path_params["table"], data.get("token"))
        refusal = table.hint_refusal(viewer)
        if refusal is not None:
            raise BadRequestError(409, f"no hint: {refusal}")
        if table.id in hinting:
            raise BadRequestError(429, "a hint for this game is being thought out already")
        version = table.version
        state = table.state
        player = state.current_player
        assert player is not None  # the refusal above says the game goes on
        hinting.add(table.id)
        try:
            seconds = min(HINT_SECONDS, pool.think)
            move, agent = await pool.choose(state, hint_agent(state, seconds), player)
        finally:
            hinting.discard(table.id)
        if table.version != version:
            raise BadRequestError(409, "the game moved on while the hint was thought out; ask again")
        why = hint_reason(agent, state.game.parse_move(move))
        return JSONResponse({"move": move, "why": why, "version": version}, headers=_HEADERS)

    async def record(request: Request) -> Response:
        table, _ = find(request.path_params["table"], request.query_params.get("token"))
        # The record kinds are a fixed list (JSON and the game's own formats): nothing of the URL reaches a header.
        kind = request.path_params["kind"]
        formats = table.game.record_formats()
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
        name = re.sub(r"[^A-Za-z0-9._-]", "_", f"{table.game.name}-{table.id}{suffix}")
        headers = {**_HEADERS, "Content-Disposition": f'attachment; filename="{name}"'}
        return Response(text, media_type=media, headers=headers)

    def build_game(spec: str, options: dict[str, Any]) -> Game[Any, Any]:
        if spec not in games:
            raise OptionError(f"this server no longer offers {shown(spec, 40)}")
        key = json.dumps([spec, options], sort_keys=True)
        game = built.get(key) or games[spec](**options)
        built[key] = game
        return game

    resumed = []
    for table, _, _ in store.resume(build_game, think=pool.think, warn=_log.warning):
        try:
            resumed.append(tables.add(functools.partial(_same, table)))
        except TableLimitError:
            _log.warning("game %s is not resumed: %s games are going already", table.id, tables.limit)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in resumed:
            wake_bots(table)  # a bot whose turn it was thinks again
        try:
            yield
        finally:
            for task in list(tasks):
                task.cancel()
            await pool.close()

    async def refused(request: Request, exc: Exception) -> Response:
        if isinstance(exc, BadRequestError):
            status, message = exc.status, exc.message
        elif isinstance(exc, HTTPException):
            status, message = exc.status_code, str(exc.detail).lower()
        else:  # pragma: no cover - only an unexpected bug lands here
            raise exc
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status, headers=_HEADERS)
        return oops(status, message)

    routes = [
        Route("/", start),
        Route("/table/{table}", page),
        Route("/api/games", list_games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", show),
        Route("/api/tables/{table}/move", act(do_move), methods=["POST"]),
        Route("/api/tables/{table}/undo", act(do_undo), methods=["POST"]),
        Route("/api/tables/{table}/new", act(do_new), methods=["POST"]),
        Route("/api/tables/{table}/hint", hint, methods=["POST"]),
        Route("/api/tables/{table}/thinking", thinking),
        Route("/api/tables/{table}/record.{kind:str}", record),
        *archive_routes(
            store, lambda s, o: build_game(s, o) if s in games else None, headers=_HEADERS, refuse=BadRequestError
        ),
        Mount("/static", StaticFiles(packages=[("boardkit.web", "static")]), name="static"),
    ]

    def stop() -> None:
        """The server is stopping: every page waiting for a change is answered now (nothing is cut off)."""
        stopping.append(True)
        for event in list(events.values()):
            event.set()
        events.clear()

    def refuse(path: str, status: int, message: str) -> Response:
        if path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status, headers=_HEADERS)
        return oops(status, message)

    guard = Middleware(_Guard, names=None if names is None else frozenset(n.lower() for n in names), refuse=refuse)
    app = Starlette(
        routes=routes,
        middleware=[guard],
        exception_handlers={BadRequestError: refused, HTTPException: refused},
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.state.stop = stop
    return app


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
        if origin.strip() != "null" and (parts.netloc == host or (self.names and parts.hostname in self.names)):
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


def _same(table: Table) -> Table:
    return table


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
    if not isinstance(value, str):
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
        _Server(config, app.state.stop).run(sockets=list(sockets) if sockets else None)
    finally:
        store.close()


class _Server(uvicorn.Server):
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
