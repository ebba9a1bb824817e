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
from typing import Any

from boardkit.errors import OptionError

__all__ = ["WEB_EXTRA", "add_serve_parser", "serve"]

#: The message when the web extra is missing.
WEB_EXTRA = "boardkit serve needs the web extra: pip install 'boardkit[web]'"


def add_serve_parser(sub: Any) -> None:
    """Add the ``serve`` command to the ``boardkit`` command's subparsers."""
    serve_parser = sub.add_parser("serve", help="play in the browser: a web page for every game, bots and friends")
    serve_parser.add_argument(
        "game", metavar="GAME", nargs="?", help="the game the start page offers first (a name, or module:Class)"
    )
    serve_parser.add_argument("--variant", metavar="V", help="its variant (Tafl) or edition (Cloth of Gold)")
    serve_parser.add_argument(
        "--option", metavar="KEY=VALUE", action="append", default=[], help="its options (repeatable); JSON values"
    )
    serve_parser.add_argument(
        "--game", dest="more", metavar="MODULE:CLASS", action="append", default=[], help="offer another game too"
    )
    serve_parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve_parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
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
    if args.game:
        defaults = parse_options(offered[args.game], args.variant, args.option)
        offered[args.game](**defaults)  # refuse a bad option before the server starts
    print(f"boardkit: playing at http://{args.host}:{args.port}/ (Ctrl+C stops)", flush=True)
    run(offered, host=args.host, port=args.port, default=args.game, defaults=defaults)
    return 0
