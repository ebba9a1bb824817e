"""The ``boardkit`` command: list, play, simulate, replay and serve games.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

``GAME`` is a registered name (see ``boardkit list``) or, for a game that is
not registered, an import path ``package.module:Class`` naming a
:class:`~boardkit.Game` subclass, written the way entry points are.

Exit status: 0 when all went well, 1 when some simulated games failed, 2 for
bad usage or bad input (an unknown game or option, an invalid record).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from boardkit import __version__, games
from boardkit.agents import Agent
from boardkit.chance import derive_seed, fresh_seed
from boardkit.errors import BoardkitError, OptionError, RecordError
from boardkit.game import Game, State
from boardkit.play import check_tournament, tournament
from boardkit.record import GameRecord, thaw_json
from boardkit.render import status
from boardkit.specs import AGENT_KINDS, game_factory, load_game, make_agent
from boardkit.terminal import Session, game_options, summary
from boardkit.web.command import add_serve_parser

__all__ = ["build_parser", "main"]

SEAT_KINDS = ("human", *AGENT_KINDS)
_game_factory = game_factory  # the old private name, for tests written against it


# -- boardkit list -----------------------------------------------------------


def _list(args: argparse.Namespace) -> int:
    if args.game is not None:
        game = load_game(args.game, None, [])
        players = _players(game)
        print(f"{args.game}: {summary(type(game))}")
        print(f"players: {players}")
        for line in game_options(game):
            print(line)
        return 0
    for name in games.names():
        try:
            game = games.load(name)
        except Exception as exc:  # a broken plug-in must not break the listing
            print(f"{name:16} (cannot be loaded: {exc})")
            continue
        print(f"{name:16} {_players(game):>3} players  {summary(type(game))}")
    print("'boardkit list GAME' shows a game's variants and options")
    return 0


def _players(game: Game[Any, Any]) -> str:
    return f"{game.min_players}" if game.min_players == game.max_players else f"{game.min_players}-{game.max_players}"


# -- boardkit play -----------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    game = load_game(args.game, args.variant, args.option)
    seats: list[str] = args.seat or ["human", *["mcts"] * (game.min_players - 1)]
    for kind in seats:
        if kind != "human":
            make_agent(kind, 0, args.iterations)  # check the name before the game starts
    seed = fresh_seed() if args.seed is None else args.seed
    players: list[Agent | None] = []
    for seat, kind in enumerate(seats):
        agent: Any = None if kind == "human" else make_agent(kind, 0, args.iterations)
        players.append(None if agent is None else agent.for_game(derive_seed(seed, "seat", seat)))
    labels = [
        f"mcts, {kind.partition(':')[2] or args.iterations} iterations" if kind.startswith("mcts") else kind
        for kind in seats
    ]
    interactive = sys.stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):  # line editing and history for input()
            import readline  # noqa: F401
    session = Session(game, players, seed=seed, labels=labels, echo=not interactive)
    return _save(session.run(), args.out)


def _save(state: State[Any], path: str | None) -> int:
    """Write the game so far to ``path`` (if given); an unfinished game is a valid record too."""
    if path:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(state.to_record().to_json(indent=1) + "\n")
        except OSError as exc:
            print(f"boardkit: cannot write {path!r}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"record written to {path}")
    return 0


# -- boardkit simulate -------------------------------------------------------


def _progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def _simulate(args: argparse.Namespace) -> int:
    game = load_game(args.game, args.variant, args.option)
    kinds: list[str] = args.agents or ["greedy", "random"]
    agents: dict[str, Agent] = {}
    for i, kind in enumerate(kinds):
        name, k = kind, 2
        while name in agents:
            name, k = f"{kind}-{k}", k + 1
        agents[name] = make_agent(kind, derive_seed(args.seed, "agent", i), args.iterations)
    if args.games < 1:
        raise OptionError(f"--games must be at least 1, not {args.games}")
    batches: list[tuple[str, Game[Any, Any]]] = [("", game)]
    if args.sweep:
        key, sep, values = args.sweep.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise OptionError(f"--sweep is written OPTION=V1,V2,..., not {args.sweep!r:.80}")
        batches = [
            (f"{key.strip()}={value.strip()}", load_game(args.game, args.variant, [*args.option, f"{key}={value}"]))
            for value in values.split(",")
        ]
    for _, batch_game in batches:  # every batch checked before a file is opened or a game played
        check_tournament(batch_game, agents, games=args.games, seed=args.seed, workers=args.workers,
              max_moves=args.max_moves, players=_seats(args.players, len(agents), batch_game))
    stream: TextIO | None = None
    if args.out:
        try:
            stream = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise OptionError(f"cannot write {args.out!r}: {exc.strerror or exc}") from None
    failed = written = 0
    try:
        for label, batch_game in batches:
            result = tournament(
                batch_game,
                agents,
                games=args.games,
                seed=args.seed,
                workers=args.workers,
                out=stream,
                max_moves=args.max_moves,
                players=_seats(args.players, len(agents), batch_game),
                progress=None if args.quiet else _progress_bar(sys.stderr),
            )
            if label:
                print(f"-- {label}")
            print(result.summary())
            failed += len(result.errors)
            written += len(result.records)
    finally:
        if stream is not None:
            stream.close()
    if args.out:
        print(f"{written} records written to {args.out}")
    return 1 if failed else 0


def _seats(players: int | None, agents: int, game: Game[Any, Any]) -> int | None:
    """Players per game: ``--players`` if given; else one per agent, but never
    fewer than the game's fewest, so that a single agent plays itself."""
    if players is None and agents < game.min_players:
        return game.min_players
    return players


# -- boardkit analyze --------------------------------------------------------


def _analyze(args: argparse.Namespace) -> int:
    from boardkit import analysis

    skipped: dict[int, str] = {}  # by line: the file is read more than once

    def skip(line: int, reason: str) -> None:
        skipped.setdefault(line, reason)

    def records() -> Any:
        return analysis.read_records(args.file, skip_bad=args.skip_bad, on_skip=skip)

    game = None
    if args.game:
        first = next(iter(records()), None)
        if first is not None:
            game = game_factory(args.game)[1](**thaw_json(first.options))
    overall = analysis.summarize(
        args.file, branching=args.branching, game=game, skip_bad=args.skip_bad, on_skip=skip
    )
    if overall.games == 0:
        raise RecordError(f"{args.file} holds no record")
    groups = {}
    if args.by is not None:
        groups = analysis.summarize_by(
            args.file, args.by, branching=args.branching, game=game, skip_bad=args.skip_bad, on_skip=skip
        )
    rated = analysis.ratings(args.file, skip_bad=args.skip_bad, on_skip=skip) if args.ratings else ()
    if args.plot:
        analysis.plot(overall, args.plot, groups={f"{args.by}={key}": part for key, part in groups.items()})
    if args.json:
        data = overall.to_dict()
        if args.by is not None:
            data["groups"] = {key: summary.to_dict() for key, summary in groups.items()}
        if args.ratings:
            data["ratings"] = [r.to_dict() for r in rated]
        if args.skip_bad:
            data["skipped"] = len(skipped)
        print(json.dumps(data, indent=1))
    else:
        print(overall.table())
        for key, summary in groups.items():
            print(f"\n-- {args.by} = {key}")
            print(summary.table())
        if rated:
            print("\nratings (Bradley-Terry, Elo scale, 95% interval; games against other agents):")
            width = max(len(r.agent) for r in rated)
            for r in rated:
                print(f"  {r.agent:<{width}}  {r.rating:+7.0f}  ({r.low:+.0f} to {r.high:+.0f}), {r.games} games")
        elif args.ratings:
            print("\nratings: no game between two different agents (an agent's games against itself are not rated)")
        if args.skip_bad:
            shown = sorted(skipped.items())[:20]
            print(f"skipped {len(skipped)} bad lines" + "".join(f"\n  line {n}: {why}" for n, why in shown))
    if args.plot:
        print(f"plot written to {args.plot}", file=sys.stderr)
    return 0


# -- boardkit replay ---------------------------------------------------------


def _read_records(path: str, game_spec: str | None) -> list[GameRecord]:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise RecordError(f"cannot read {path!r:.200}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path!r:.200} is not UTF-8 text (byte {exc.start}); records are JSON") from None
    if path.lower().endswith(".otg"):
        from boardkit.games.tafl import read_opentafl_game

        try:
            return [read_opentafl_game(text).to_record()]
        except RecordError as exc:
            raise RecordError(f"{path}: {exc.reason}") from None
    factory = game_factory(game_spec)[1] if game_spec else None

    def read(chunk: str, where: str) -> GameRecord:
        game = None
        if factory is not None:
            try:
                options = json.loads(chunk).get("options", {})
                game = factory(**options) if isinstance(options, dict) else None
            except (ValueError, TypeError, AttributeError, RecursionError, BoardkitError):
                game = None
        try:
            return GameRecord.from_json(chunk, game=game)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc.reason}") from None

    try:
        json.loads(text)
    except (ValueError, RecursionError):
        lines = [(i + 1, line) for i, line in enumerate(text.splitlines()) if line.strip()]
        if not lines:
            raise RecordError(f"{path} holds no record") from None
        return [read(line, f"{path} line {n}") for n, line in lines]
    return [read(text, path)]


def _replay(args: argparse.Namespace) -> int:
    records = _read_records(args.file, args.game)
    interactive = args.step and sys.stdin.isatty()
    for number, record in enumerate(records, 1):
        options = thaw_json(record.options)
        game = game_factory(args.game)[1](**options) if args.game else games.load(record.game, **options)
        head = f"{record.game} {options}, {record.players} players, seed {record.seed}, "
        print(("" if len(records) == 1 else f"record {number}: ") + head + f"{len(record.moves)} moves")
        if args.step:
            state: State[Any] = record.start(game=game)
            print(state.render())
            for i, move in enumerate(record.moves, 1):
                if interactive and input("[enter: next move, q: stop] ").strip().lower() == "q":
                    return 0
                state.apply(move)
                print(f"move {i}: {move}")
                print(state.render())
        else:
            state = record.replay(game=game)
            if len(records) == 1:
                print(state.render())
        print(status(state))
    if len(records) > 1:
        print(f"{len(records)} records, all valid")
    return 0


# -- the parser --------------------------------------------------------------


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME", help="a game name from 'boardkit list', or package.module:Class")
    parser.add_argument("--variant", metavar="V", help="the variant (Tafl) or edition (Cloth of Gold)")
    parser.add_argument(
        "-o",
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a game option (repeatable); JSON values",
    )


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n"[:1000])


class _Terminated(BaseException):
    """SIGTERM, raised in the main thread so that work in progress stops and cleans up as for Ctrl-C."""


def _terminate(signum: int, frame: Any) -> None:
    raise _Terminated


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``boardkit`` command.

    Examples:
        >>> args = build_parser().parse_args(["play", "tafl", "--seat", "human", "mcts:400"])
        >>> args.game, args.seat
        ('tafl', ['human', 'mcts:400'])
    """
    parser = _Parser(prog="boardkit", description="Play, simulate and replay board games.")
    parser.add_argument("--version", action="version", version=f"boardkit {__version__}")
    parser.add_argument("--debug", action="store_true", help="show the traceback of an internal error")
    sub = parser.add_subparsers(dest="command", required=True)
    listing = sub.add_parser("list", help="list the games boardkit knows, or one game's variants and options")
    listing.add_argument("game", metavar="GAME", nargs="?", help="show this game's variants and options")
    listing.set_defaults(run=_list)

    play = sub.add_parser("play", help="play a game in the terminal, against bots or people")
    _add_game_arguments(play)
    play.add_argument(
        "--seat",
        nargs="+",
        action="extend",
        metavar="KIND",
        help="who sits at each seat, in order: human, random, greedy, mcts or mcts:N (default: human, then mcts)",
    )
    play.add_argument("--seed", type=int, help="the game's seed (default: a fresh one, printed)")
    play.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move (default 200)")
    play.add_argument("--out", metavar="FILE", help="write the game's record to FILE as JSON")
    play.set_defaults(run=_play)

    simulate = sub.add_parser("simulate", help="play many bot games and sum them up")
    _add_game_arguments(simulate)
    simulate.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    simulate.add_argument(
        "--agents",
        nargs="+",
        metavar="KIND",
        help="the agents, seats rotated; one agent plays itself: random, greedy, mcts, mcts:N (default: greedy random)",
    )
    simulate.add_argument(
        "--players", type=int, help="players per game (default: one per agent, at least the game's fewest)"
    )
    simulate.add_argument("--workers", type=int, metavar="N", help="run on N processes")
    simulate.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    simulate.add_argument("--max-moves", type=int, metavar="N", help="stop each game after N moves")
    simulate.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move (default 200)")
    simulate.add_argument("--out", metavar="FILE", help="write every game's record to FILE as JSON lines")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.add_argument(
        "--sweep", metavar="OPTION=V1,V2", help="one batch of games per value of an option, all written to --out"
    )
    simulate.set_defaults(run=_simulate)

    analyze = sub.add_parser("analyze", help="win rates with intervals, lengths and ratings from simulate's records")
    analyze.add_argument("file", help="records as JSON lines (boardkit simulate --out)")
    analyze.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    analyze.add_argument("--by", metavar="OPTION", help="one summary per value of an option, or per 'agents'")
    analyze.add_argument("--ratings", action="store_true", help="rate the agents (Bradley-Terry, Elo scale)")
    analyze.add_argument("--branching", action="store_true", help="also measure the branching factor (replays games)")
    analyze.add_argument("--skip-bad", action="store_true", help="skip malformed lines and count them")
    analyze.add_argument("--plot", metavar="FILE", help="draw win rates and lengths to FILE.svg or FILE.png")
    analyze.add_argument("--game", metavar="MODULE:CLASS", help="the game, for --branching on an unregistered game")
    analyze.set_defaults(run=_analyze)

    replay = sub.add_parser("replay", help="check a record (or JSON lines of them) and show the game")
    replay.add_argument(
        "file", metavar="FILE", help="a record as JSON, records as JSON lines, or an OpenTafl saved game (.otg)"
    )
    replay.add_argument("--step", action="store_true", help="show every position, move by move")
    replay.add_argument("--game", metavar="MODULE:CLASS", help="the game class, for a game that is not registered")
    replay.set_defaults(run=_replay)
    add_serve_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``boardkit`` command; returns the exit status (0 ok, 1 failed games, 2 bad usage or input).

    Examples:
        >>> main(["simulate", "boardkit.testing:Nim", "--option", "heap=5", "--games", "2", "--quiet"])
        nim: 2 games, 2 players, seed 0
        agent   seat games wins draws losses   win rate  95% interval  points
        ...
        0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return int(args.run(args))
    except BoardkitError as exc:
        print(f"boardkit: {str(exc)[:1000]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nboardkit: interrupted", file=sys.stderr)
        return 130
    except _Terminated:
        print("\nboardkit: terminated", file=sys.stderr)
        return 143
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - so the interpreter's last flush cannot fail
        return 0
    except Exception as exc:  # a bug: one line, the traceback only when asked for
        if args.debug:
            raise
        where = traceback.extract_tb(exc.__traceback__)[-1:]
        at = f" at {os.path.basename(where[0].filename)}:{where[0].lineno}" if where else ""
        print(
            f"boardkit: internal error: {type(exc).__name__}: {str(exc)[:300]}{at}; this is a bug: please report"
            " it with the command you ran (run it again with --debug for the traceback)",
            file=sys.stderr,
        )
        return 1
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
