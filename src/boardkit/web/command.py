"""``boardkit serve``: its arguments and what it runs.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

The parser part needs nothing beyond the standard library; the server part
imports Starlette and uvicorn, and without them says which extra to install.

Examples:
    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="boardkit")
    >>> add_serve_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["serve", "tafl", "--variant", "brandubh", "--port", "8080"])
    >>> args.game, args.variant, args.host, args.port
    ('tafl', 'brandubh', '127.0.0.1', 8080)
"""

from __future__ import annotations

import argparse
import socket
from typing import Any

from boardkit.errors import OptionError
from boardkit.web import limits

__all__ = ["WEB_EXTRA", "add_serve_parser", "serve"]

#: The message when the web extra is missing.
WEB_EXTRA = "boardkit serve needs the web extra: pip install 'boardkit[web]'"


# The server's limits: flag, type, default, metavar, what it limits (docs/reference/web.md has them too).
_LIMITS: tuple[tuple[str, type[int] | type[float], float, str, str], ...] = (
    ("--tables", int, limits.TABLES, "N", "the most games at once"),
    ("--idle", float, limits.IDLE, "SECONDS", "a game unused this long ends"),
    ("--per-client", int, limits.PER_CLIENT, "N", f"the most games one address may set up in {limits.WINDOW:g} s"),
    ("--connections", int, limits.CONNECTIONS, "N", "the most connections at once; beyond it the server answers 503"),
    (
        "--client-connections", int, limits.CLIENT_CONNECTIONS, "N",
        "the most connections one address holds at once (slow bodies, long polls); beyond it, 503",
    ),
    (
        "--header-timeout", float, limits.HEADER_TIMEOUT, "SECONDS",
        "a connection sending no whole request head in this long closes, and so does one whose body is"
        " still not whole this long later",
    ),
    ("--keep-alive", int, limits.KEEP_ALIVE, "SECONDS", "an idle connection is closed after this long"),
)


def add_serve_parser(sub: Any) -> None:
    """Add the ``serve`` command to the ``boardkit`` command's subparsers."""
    serve_parser = sub.add_parser("serve", help="play in the browser: a web page for every game, bots and friends")
    serve_parser.add_argument(
        "game", metavar="GAME", nargs="?", help="the game the start page offers first (a name, or module:Class)"
    )
    serve_parser.add_argument("--variant", metavar="V", help="its variant, as 'boardkit list GAME' names them")
    serve_parser.add_argument(
        "--option", metavar="KEY=VALUE", action="append", default=[], help="its options (repeatable); JSON values"
    )
    serve_parser.add_argument(
        "--game", dest="more", metavar="MODULE:CLASS", action="append", default=[], help="offer another game too"
    )
    serve_parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve_parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    group = serve_parser.add_argument_group("limits (what one stranger may ask of the server)")
    for flag, kind, default, metavar, words in _LIMITS:
        group.add_argument(flag, type=kind, default=default, metavar=metavar, help=f"{words} (default {default:g})")
    group.add_argument(
        "--limit-local", action="store_true",
        help="hold clients on this machine (127.0.0.1, ::1) to --per-client too (by default they are never"
        " locked out; behind a reverse proxy on this machine without --trust-proxy every client looks local)",
    )
    group.add_argument(
        "--public-name", metavar="NAME", action="append", default=[],
        help="a host name the server answers to (repeatable): by default only its addresses and localhost,"
        " so that no other site's page reaches it through a name of its own (DNS rebinding); a request that"
        " changes something must come from the server's own pages",
    )
    group.add_argument(
        "--trust-proxy", metavar="ADDRESSES",
        help="read the client's address from X-Forwarded-For (and the scheme from X-Forwarded-Proto) when the"
        " connection comes from these proxies: comma-separated addresses or networks (127.0.0.1 for a proxy on"
        " this machine); by default never, so no client chooses its own address",
    )
    kept = serve_parser.add_argument_group("games kept and bots")
    kept.add_argument(
        "--db", default="boardkit-games.sqlite", metavar="FILE",
        help="the SQLite file games live in: every move is saved, a restarted server resumes every game, and finished"
        " games stay in an archive (default boardkit-games.sqlite in the current directory; :memory: keeps nothing)",
    )
    kept.add_argument(
        "--bots", type=int, default=None, metavar="N",
        help="the most bots thinking at once, each in a process of its own; more wait their turn"
        " (default: one per core)",
    )
    kept.add_argument(
        "--think", type=float, default=10.0, metavar="SECONDS",
        help="the longest an MCTS bot searches for one move; it then plays the best move found (default 10)",
    )
    serve_parser.set_defaults(run=serve)


def serve(args: argparse.Namespace) -> int:
    """Run the server of ``boardkit serve`` until interrupted.

    Raises:
        OptionError: without the web extra, or for a bad game or option.
    """
    try:
        from boardkit.web.app import run
    except ImportError:
        raise OptionError(WEB_EXTRA) from None
    from boardkit import games
    from boardkit.specs import game_factory, parse_options

    offered: dict[str, Any] = {name: game_factory(name)[1] for name in games.names()}
    for spec in [*args.more, *([args.game] if args.game else [])]:
        offered[spec] = game_factory(spec)[1]
    defaults: dict[str, Any] = {}
    if not args.game and (args.variant is not None or args.option):
        flag = "--variant" if args.variant is not None else "--option"
        raise OptionError(f"{flag} sets the options of the GAME served first; name that game (boardkit serve GAME)")
    if args.game:
        defaults = parse_options(offered[args.game], args.variant, args.option)
        offered[args.game](**defaults)  # refuse a bad option before the server starts
    for flag, *_ in _LIMITS:
        value = getattr(args, flag[2:].replace("-", "_"))
        if not value > 0:
            raise OptionError(f"{flag} needs a positive number, not {value:g}")
    from boardkit.web.bots import BotPool
    from boardkit.web.store import Store

    # Refuse a bad port, pool size, cap or proxy, a file that is not a store and a file another server holds,
    # before starting (and before the file is made).
    limits.server_config(None, host=args.host, port=args.port, trust_proxy=args.trust_proxy)
    _check_listen(args.host, args.port)
    BotPool(args.bots, args.think)
    store = Store(args.db)
    try:
        store.lock()
    finally:
        store.close()
    print(f"boardkit: playing at http://{args.host}:{args.port}/ (Ctrl+C stops)", flush=True)
    run(
        offered,
        host=args.host,
        port=args.port,
        default=args.game,
        defaults=defaults,
        limit=args.tables,
        idle=args.idle,
        per_client=args.per_client,
        limit_local=args.limit_local,
        connections=args.connections,
        client_connections=args.client_connections,
        header_timeout=args.header_timeout,
        keep_alive=args.keep_alive,
        db=args.db,
        workers=args.bots,
        think=args.think,
        public_names=args.public_name,
        trust_proxy=args.trust_proxy,
    )
    return 0


def _check_listen(host: str, port: int) -> None:
    """Refuse, in one line, an address the server could not listen on (a port in use, a host no
    interface has), before it says it is playing there; as uvicorn binds, with the address reusable."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = found[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        raise OptionError(f"cannot listen on {host}:{port}: {exc.strerror or exc} (see --host and --port)") from None
