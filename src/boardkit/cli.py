"""The ``boardkit`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from boardkit import __version__, games
from boardkit.errors import BoardkitError

__all__ = ["main"]


def _list(args: argparse.Namespace) -> int:
    for name in games.names():
        try:
            game = games.load(name)
        except BoardkitError as exc:
            print(f"{name:16} (cannot be loaded: {exc})")
            continue
        doc = (type(game).__doc__ or "").strip().splitlines()
        first = doc[0] if doc else ""
        players = (
            f"{game.min_players}" if game.min_players == game.max_players else f"{game.min_players}-{game.max_players}"
        )
        print(f"{name:16} {players:>3} players  {first}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``boardkit`` command."""
    parser = argparse.ArgumentParser(prog="boardkit", description="Play, simulate and replay board games.")
    parser.add_argument("--version", action="version", version=f"boardkit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games boardkit knows").set_defaults(run=_list)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``boardkit`` command; returns the exit status (0 ok, 2 bad usage or input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except BoardkitError as exc:
        print(f"boardkit: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
