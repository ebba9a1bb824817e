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
* ``GET /api/tables/{id}/record.json?token=``, and ``record.KEY`` for each
  of the game's other record formats (``game.record_formats()``: ``.otg``
  for Tafl).

Bad requests get a 4xx answer with a short message and change nothing.
Among them: an undo that would take back a move which drew from the game's
chance (played again, it would draw the same thing), and a new game while
people elsewhere are playing this one through their links (it waits for the
end of the game).
Bots think in worker threads, so one game's bot never holds up another game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from boardkit.about import OptionInfo
from boardkit.errors import BoardkitError, OptionError, shown
from boardkit.game import Game
from boardkit.web.page import game_choices, seat_page
from boardkit.web.table import StaleError, Table, TableLimitError, Tables, Viewer, parse_seat

__all__ = ["MAX_BODY", "create_app"]

#: The largest request body the server reads, in bytes.
MAX_BODY = 16 * 1024
_MAX_WAIT = 25.0
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


def _static(name: str) -> str:
    return (resources.files("boardkit.web") / "static" / name).read_text(encoding="utf-8")


def create_app(
    games: Mapping[str, Callable[..., Game[Any, Any]]],
    *,
    default: str | None = None,
    defaults: Mapping[str, Any] | None = None,
    limit: int = 64,
    idle: float = 3600.0,
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

    Examples:
        >>> from starlette.testclient import TestClient
        >>> from boardkit.testing import Nim
        >>> client = TestClient(create_app({"nim": Nim}))
        >>> [g["spec"] for g in client.get("/api/games").json()["games"]]
        ['nim']
    """
    tables = Tables(limit=limit, idle=idle)
    events: dict[str, asyncio.Event] = {}
    running: set[str] = set()
    tasks: set[asyncio.Task[None]] = set()
    # Games with the same options are one Game object, shared by their tables: a game can hold
    # large tables of its own (Camelot's are about 800 KiB), and a table needs only its state.
    built: dict[str, Game[Any, Any]] = {}
    start_page = _static("start.html")
    game_page = _static("game.html")

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
        """Let the bots move while it is their turn, thinking in a worker thread."""
        try:
            while (player := table.bot_to_move()) is not None and tables.get(table.id) is table:
                version = table.version
                agent = table.agents[player]
                world = table.state.copy()
                move = await anyio.to_thread.run_sync(agent.choose, world, player)
                if table.bot_move(version, move):
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
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            raise BadRequestError(413, f"the request body is too large (at most {MAX_BODY} bytes)")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise BadRequestError(413, f"the request body is too large (at most {MAX_BODY} bytes)")
        try:
            value = json.loads(bytes(data))
        except (ValueError, UnicodeDecodeError):
            raise BadRequestError(400, "the request body is not JSON") from None
        if not isinstance(value, dict):
            raise BadRequestError(400, f"the request body must be a JSON object, not {shown(value, 40)}")
        return value

    def seat_of(text: str | None) -> int | None:
        if text is None or text == "":
            return None
        if not text.isdigit() or len(text) > 3:
            raise BadRequestError(400, f"a seat is a number, not {shown(text, 40)}")
        return int(text)

    def page_for(request: Request, table: Table, viewer: Viewer, seat: int | None) -> dict[str, Any]:
        if seat is not None and seat not in viewer.seats:
            raise BadRequestError(403, f"seat {seat} is not yours")
        if seat is None and len(viewer.seats) == 1 and (not viewer.host or len(table.here) == 1):
            seat = next(iter(viewer.seats))
        if seat is None and not table.secret and table.state.current_player in viewer.seats:
            seat = table.state.current_player
        base = str(request.base_url).rstrip("/")
        answer = seat_page(table, viewer, seat, link=lambda p, token: f"{base}/table/{table.id}?token={token}")
        if table.bot_error:
            answer["status"] += f" ({table.bot_error})"
        return answer

    async def start(request: Request) -> Response:
        return HTMLResponse(start_page, headers=_PAGE_HEADERS)

    async def list_games(request: Request) -> Response:
        return JSONResponse(
            {"games": game_choices(games), "default": default, "defaults": dict(defaults or {})}, headers=_HEADERS
        )

    async def create(request: Request) -> Response:
        data = await body(request)
        spec = data.get("game")
        if not isinstance(spec, str) or spec not in games:
            raise BadRequestError(404, f"no game {shown(spec, 40)} here; games are {', '.join(games)}")
        factory = games[spec]
        options = data.get("options", {})
        if not isinstance(options, dict) or len(options) > 50:
            raise BadRequestError(400, f"options must be a JSON object, not {shown(options, 40)}")
        try:
            plain: Game[Any, Any] | None = factory()
        except (BoardkitError, TypeError):  # a game that needs options: they are checked when it is built
            plain = None
        # The form sends each option as its declared type; text is read as JSON where that fits the type.
        schema = {info.name: info for info in plain.option_info()} if plain is not None else {}
        chosen = {str(k): _option_value(v, schema.get(str(k))) for k, v in options.items()}
        variant = data.get("variant")
        if variant not in (None, ""):
            if not isinstance(variant, str):
                raise BadRequestError(400, f"a variant is text, not {shown(variant, 40)}")
            key = plain.about.variant_option if plain is not None else "variant"
            chosen[key] = _option_value(variant, schema.get(key))
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats or len(seats) > 16:
            raise BadRequestError(400, f"seats must be a list of seats, not {shown(seats, 40)}")
        try:
            key = json.dumps([spec, chosen], sort_keys=True)
            game = built.get(key) or factory(**chosen)
            if len(built) >= limit:
                built.clear()
            built[key] = game
            kinds = [parse_seat(s) for s in seats]
            table = tables.add(lambda: Table(game, kinds))
        except TableLimitError as exc:
            raise BadRequestError(429, str(exc)) from None
        except BoardkitError as exc:
            raise BadRequestError(400, str(exc)) from None
        except TypeError as exc:
            raise BadRequestError(400, f"bad options for {spec}: {exc}") from None
        wake_bots(table)
        url = f"/table/{table.id}?token={table.host_token}"
        return JSONResponse({"id": table.id, "token": table.host_token, "url": url}, headers=_HEADERS)

    async def page(request: Request) -> Response:
        try:
            find(request.path_params["table"], request.query_params.get("token"))
        except BadRequestError as refused:
            return PlainTextResponse(refused.message, status_code=refused.status, headers=_PAGE_HEADERS)
        return HTMLResponse(game_page, headers=_PAGE_HEADERS)

    async def show(request: Request) -> Response:
        query = request.query_params
        table, viewer = find(request.path_params["table"], query.get("token"))
        seat = seat_of(query.get("seat"))
        since = query.get("since")
        if since is not None:
            if not since.isdigit() or len(since) > 12:
                raise BadRequestError(400, f"since is a version number, not {shown(since, 40)}")
            try:
                wait = min(max(float(query.get("wait", "20")), 0.0), _MAX_WAIT)
            except ValueError:
                raise BadRequestError(400, f"wait is a number of seconds, not {shown(query.get('wait'), 40)}") from None
            if int(since) == table.version and wait > 0:
                event = events.setdefault(table.id, asyncio.Event())
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(event.wait(), wait)
        return JSONResponse(page_for(request, table, viewer, seat), headers=_HEADERS)

    def act(action: Callable[[Table, Viewer, dict[str, Any]], Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            data = await body(request)
            table, viewer = find(request.path_params["table"], data.get("token"))
            seat = data.get("seat")
            if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
                raise BadRequestError(400, f"a seat is a number, not {shown(seat, 40)}")
            try:
                action(table, viewer, data)
            except StaleError as exc:
                raise BadRequestError(409, str(exc)) from None
            except BoardkitError as exc:
                raise BadRequestError(400, str(exc)) from None
            notify(table)
            wake_bots(table)
            return JSONResponse(page_for(request, table, viewer, seat), headers=_HEADERS)

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

    async def record(request: Request) -> Response:
        table, _ = find(request.path_params["table"], request.query_params.get("token"))
        if table.hidden and not table.state.is_over:
            raise BadRequestError(
                403, "the record (with the seed, which gives hidden tiles away) is ready when the game ends"
            )
        kind = request.path_params["kind"]
        name = f"{table.game.name}-{table.id}"
        if kind == "json":
            text = table.state.to_record().to_json(indent=1) + "\n"
            media, suffix = "application/json", ".json"
        else:
            fmt = table.game.record_formats().get(kind)
            if fmt is None:
                raise BadRequestError(404, f"no {shown(kind, 20)} record for {table.game.name}")
            text = fmt.write_game(table.state)
            media, suffix = "text/plain", fmt.suffix
        headers = {**_HEADERS, "Content-Disposition": f'attachment; filename="{name}{suffix}"'}
        return Response(text, media_type=media, headers=headers)

    async def refused(request: Request, exc: Exception) -> Response:
        if isinstance(exc, BadRequestError):
            status, message = exc.status, exc.message
        elif isinstance(exc, HTTPException):
            status, message = exc.status_code, str(exc.detail).lower()
        else:  # pragma: no cover - only an unexpected bug lands here
            raise exc
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status, headers=_HEADERS)
        return PlainTextResponse(message, status_code=status, headers=_HEADERS)

    routes = [
        Route("/", start),
        Route("/table/{table}", page),
        Route("/api/games", list_games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", show),
        Route("/api/tables/{table}/move", act(do_move), methods=["POST"]),
        Route("/api/tables/{table}/undo", act(do_undo), methods=["POST"]),
        Route("/api/tables/{table}/new", act(do_new), methods=["POST"]),
        Route("/api/tables/{table}/record.{kind:str}", record),
        Mount("/static", StaticFiles(packages=[("boardkit.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={BadRequestError: refused, HTTPException: refused})
    app.state.tables = tables
    return app


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
) -> None:
    """Serve ``games`` with uvicorn until interrupted."""
    import uvicorn

    if not 0 <= port <= 65535:
        raise OptionError(f"a port is a number from 0 to 65535, not {port!r}")
    app = create_app(games, default=default, defaults=defaults)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=list(sockets) if sockets else None)
