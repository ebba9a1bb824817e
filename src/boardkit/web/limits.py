"""What one stranger may ask of ``boardkit serve``: the size of the options
and of the game they make, and the server's connection limits (uvicorn's own
settings, with a header timeout uvicorn lacks). docs/reference/web.md lists
them with their defaults.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it. It imports uvicorn
only inside :func:`server_config`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from boardkit.errors import OptionError, shown
from boardkit.game import State
from boardkit.render import svg

__all__ = [
    "CONNECTIONS",
    "HEADER_TIMEOUT",
    "IDLE",
    "KEEP_ALIVE",
    "MAX_CELLS",
    "MAX_DEPTH",
    "MAX_HEAD",
    "MAX_MOVES",
    "MAX_OPTION",
    "PER_CLIENT",
    "TABLES",
    "WINDOW",
    "check_option",
    "check_work",
    "server_config",
]

#: The largest option value a stranger may send, as compact JSON, in bytes:
#: Camelot's standard tile list, the largest real use, is 722.
MAX_OPTION = 1024
#: The deepest an option value nests (a tile list is a list of lists).
MAX_DEPTH = 3
#: The most cells a game's board may have on this server (Alea Evangelii's 19 by 19 is 361).
MAX_CELLS = 400
#: The most legal moves a game may start with on this server (Alea Evangelii reaches 621 in play).
MAX_MOVES = 1000
#: The most games at once (``--tables``).
TABLES = 64
#: Seconds a game lives unused (``--idle``).
IDLE = 3600.0
#: The most games one client address sets up in :data:`WINDOW` seconds (``--per-client``).
PER_CLIENT = 8
#: Seconds over which :data:`PER_CLIENT` counts.
WINDOW = 600.0
#: The most connections at once, beyond which uvicorn answers 503 (``--connections``).
CONNECTIONS = 256
#: Seconds a connection has to send a whole request head (``--header-timeout``).
HEADER_TIMEOUT = 10.0
#: Seconds an idle connection is kept (``--keep-alive``).
KEEP_ALIVE = 5
#: The largest request head (request line and headers) read, in bytes.
MAX_HEAD = 16 * 1024


def check_option(name: str, value: object) -> None:
    """Refuse an option value deeper or larger than any real use
    (:data:`MAX_DEPTH`, :data:`MAX_OPTION`).

    Raises:
        OptionError: naming the option and the limit.

    Examples:
        >>> check_option("plan", ["TWWT", "W..W"])
        >>> check_option("plan", [[[["deep"]]]])
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: the option 'plan' nests deeper than 3 levels
    """
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if level > MAX_DEPTH:
            raise OptionError(f"the option {shown(name, 40)} nests deeper than {MAX_DEPTH} levels")
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    size = len(json.dumps(value, separators=(",", ":")).encode("utf-8"))
    if size > MAX_OPTION:
        raise OptionError(
            f"the option {shown(name, 40)} is {size} bytes as JSON; this server takes at most {MAX_OPTION}"
        )


def check_work(state: State[Any]) -> None:
    """Refuse a game larger than any this server is meant for: more than
    :data:`MAX_CELLS` cells in its picture or :data:`MAX_MOVES` legal moves
    at the start (each page lists them all).

    Raises:
        OptionError: naming the measure and the limit.
    """
    cells = svg(state).count("data-cell=")
    if cells > MAX_CELLS:
        raise OptionError(f"this game's board has {cells} cells; this server plays boards of at most {MAX_CELLS}")
    moves = len(state.legal_moves())
    if moves > MAX_MOVES:
        raise OptionError(f"this game starts with {moves} legal moves; this server plays at most {MAX_MOVES}")


def _header_timeout_protocol(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol with a header timeout: a connection that
    has not sent a whole request head within ``seconds`` (of opening, or of
    its last answer) is closed. uvicorn has none of its own: its keep-alive
    timer starts only after a first answer, and any byte stops it."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeoutProtocol(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.loop.call_later(seconds, self.check_head, None)  # made just before its connection

        def check_head(self, seen: object) -> None:
            """Close the connection if no request came since the last check and none is being answered."""
            if self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is seen and (cycle is None or cycle.response_complete):
                self.transport.close()
            else:
                self.loop.call_later(seconds, self.check_head, cycle)

    return HeaderTimeoutProtocol


def server_config(
    app: Any,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    connections: int = CONNECTIONS,
    header_timeout: float = HEADER_TIMEOUT,
    keep_alive: int = KEEP_ALIVE,
) -> Any:
    """The uvicorn configuration of ``boardkit serve``: at most
    ``connections`` at once (``limit_concurrency``: beyond it, 503), a
    connection closed when it sends no whole request head in
    ``header_timeout`` seconds or stays idle ``keep_alive`` seconds after
    an answer (``timeout_keep_alive``), and request heads of at most
    :data:`MAX_HEAD` bytes (``h11_max_incomplete_event_size``).

    Raises:
        OptionError: for a port out of range or a limit below 1.

    Examples:
        >>> config = server_config(None, connections=100)
        >>> config.limit_concurrency, config.timeout_keep_alive, config.h11_max_incomplete_event_size
        (100, 5, 16384)
    """
    import uvicorn

    if not 0 <= port <= 65535:
        raise OptionError(f"a port is a number from 0 to 65535, not {port!r}")
    if connections < 1 or header_timeout <= 0 or keep_alive < 1:
        raise OptionError(
            "connections, the header timeout and the keep-alive need to be positive, not "
            f"{connections!r}, {header_timeout!r} and {keep_alive!r}"
        )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        http=_header_timeout_protocol(header_timeout),
        limit_concurrency=connections,
        timeout_keep_alive=keep_alive,
        h11_max_incomplete_event_size=MAX_HEAD,
    )
