"""What one stranger may ask of ``boardkit serve``: the size of the options
and of the game they make, and the server's connection limits (uvicorn's own
settings, with a request timeout and a per-client share of the connections,
which uvicorn lacks). docs/reference/web.md lists them with their defaults.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it. It imports uvicorn
only inside :func:`server_config`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Callable
from typing import Any

from boardkit.errors import OptionError, shown
from boardkit.game import State
from boardkit.render import svg

__all__ = [
    "CLIENT_CONNECTIONS",
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
#: The most connections one client address holds at once (``--client-connections``): a browser opens
#: at most 6 to one server, so one address cannot take every one of :data:`CONNECTIONS` with slow
#: bodies or long polls.
CLIENT_CONNECTIONS = 32
#: Seconds a connection has to send a whole request head, and then its body (``--header-timeout``).
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
    at any seat's first turn (each page lists them all): a probe plays the
    first legal move until every seat has had a turn, so a layout that
    gives the second side far more moves than the first is refused too.

    Raises:
        OptionError: naming the measure and the limit.
    """
    cells = svg(state).count("data-cell=")
    if cells > MAX_CELLS:
        raise OptionError(f"this game's board has {cells} cells; this server plays boards of at most {MAX_CELLS}")
    moves = _most_moves(state)
    if moves > MAX_MOVES:
        raise OptionError(
            f"a seat of this game has {moves} legal moves at its first turn; this server plays at most {MAX_MOVES}"
        )


def _most_moves(state: State[Any]) -> int:
    """The most legal moves any seat has at its first turn, on a probe that
    plays the first legal move until every seat has moved (a turn played in
    parts takes several moves: at most four a seat are played)."""
    legal = state.legal_moves()
    most = len(legal)
    probe = state.copy()
    seen = {probe.current_player}
    for _ in range(4 * probe.players):
        if probe.is_over or not legal or len(seen) == probe.players:
            break
        probe.apply(legal[0])
        legal = probe.legal_moves()
        most = max(most, len(legal))
        seen.add(probe.current_player)
    return most


def _trusted(proxies: str | None) -> Callable[[str], bool]:
    """Whether a client address is one of the trusted proxies (``*``: any)."""
    if proxies is None:
        return lambda host: False
    given = [p.strip() for p in proxies.split(",") if p.strip()]
    if "*" in given:
        return lambda host: True
    networks = []
    for item in given:
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise OptionError(f"--trust-proxy takes addresses or networks, not {shown(item, 40)}") from None

    def trusted(host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in networks)

    return trusted


def _refusal(message: str) -> bytes:
    """A whole HTTP answer 503 with a one-line JSON error, for a connection about to be closed."""
    body = json.dumps({"error": message}).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


def _guarded_protocol(seconds: float, share: int, proxies: str | None = None) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol with a request timeout and a per-client
    share of the connections.

    A connection that has not sent a whole request head within ``seconds``
    (of opening, or of its last answer) is closed, and so is one whose
    request body is still not whole at the next check (``seconds`` later):
    uvicorn has no timeout of its own for either (its keep-alive timer starts
    only after a first answer, and any byte stops it). A client address
    holding ``share`` connections already gets a 503 on its next, which is
    closed (trusted ``proxies`` excepted: every client behind one shares
    its address); so does a request beyond uvicorn's ``limit_concurrency``,
    in words that name ``--connections``."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    exempt = _trusted(proxies)
    holding: dict[str, int] = {}
    crowded = _refusal(
        f"this address has {share} connections open to this server already; close some, or try again later"
        " (the server's --client-connections limit)"
    )
    full = _refusal("this server has as many connections as it takes; try again later (its --connections limit)")

    class GuardedProtocol(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.held = ""
            self.refused = b""  # the answer that refuses this connection's request, if it is refused
            self.loop.call_later(seconds, self.check_head, None)  # made just before its connection

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else ""
            if not exempt(host):
                self.held = host
                holding[host] = holding.get(host, 0) + 1
                if holding[host] > share:
                    self.refused = crowded

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            if not self.refused and (cycle is None or cycle.response_complete):  # a new request begins
                limit = self.limit_concurrency
                if limit is not None and (len(self.connections) >= limit or len(self.tasks) >= limit):
                    self.refused = full  # as uvicorn would refuse it, in words that name the flag
            if self.refused:  # answered once its request comes (closed at once, the client would see a reset)
                if not self.transport.is_closing():
                    self.transport.write(self.refused)
                    self.transport.close()
                return
            super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.held:
                left = holding.pop(self.held, 1) - 1
                if left > 0:
                    holding[self.held] = left
                self.held = ""
            super().connection_lost(exc)

        def check_head(self, seen: object) -> None:
            """Close the connection if no request came since the last check and none is being answered, or
            if the request of the last check is still sending its body."""
            if self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is seen and (cycle is None or cycle.response_complete or cycle.more_body):
                self.transport.close()
            else:
                self.loop.call_later(seconds, self.check_head, cycle)

    return GuardedProtocol


def server_config(
    app: Any,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    connections: int = CONNECTIONS,
    client_connections: int = CLIENT_CONNECTIONS,
    header_timeout: float = HEADER_TIMEOUT,
    keep_alive: int = KEEP_ALIVE,
    trust_proxy: str | None = None,
) -> Any:
    """The uvicorn configuration of ``boardkit serve``: at most
    ``connections`` at once (``limit_concurrency``: beyond it, 503) and
    ``client_connections`` from one client address, a connection closed
    when it sends no whole request head in ``header_timeout`` seconds (or
    is still sending its body a check later) or stays idle ``keep_alive``
    seconds after an answer (``timeout_keep_alive``), and request heads of
    at most :data:`MAX_HEAD` bytes (``h11_max_incomplete_event_size``).

    A client is the address its connection comes from: ``X-Forwarded-For``
    and ``X-Forwarded-Proto`` are read only from the proxies listed in
    ``trust_proxy`` (comma-separated addresses or networks, ``*`` for any;
    uvicorn's ``proxy_headers`` and ``forwarded_allow_ips``), never by
    default (uvicorn's own default trusts them from ``127.0.0.1``).

    Raises:
        OptionError: for a port out of range, a limit below 1 or a proxy
            that is not an address.

    Examples:
        >>> config = server_config(None, connections=100)
        >>> config.limit_concurrency, config.timeout_keep_alive, config.h11_max_incomplete_event_size
        (100, 5, 16384)
        >>> config.proxy_headers, server_config(None, trust_proxy="10.0.0.2").forwarded_allow_ips
        (False, '10.0.0.2')
    """
    import uvicorn

    if not 0 <= port <= 65535:
        raise OptionError(f"a port is a number from 0 to 65535, not {port!r}")
    if connections < 1 or client_connections < 1 or header_timeout <= 0 or keep_alive < 1:
        raise OptionError(
            "connections (all and one client's), the header timeout and the keep-alive need to be positive, not "
            f"{connections!r}, {client_connections!r}, {header_timeout!r} and {keep_alive!r}"
        )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        http=_guarded_protocol(header_timeout, client_connections, trust_proxy),
        limit_concurrency=connections,
        timeout_keep_alive=keep_alive,
        h11_max_incomplete_event_size=MAX_HEAD,
        proxy_headers=trust_proxy is not None,
        forwarded_allow_ips=trust_proxy if trust_proxy is not None else "127.0.0.1",
    )
