"""The ``boardkit`` command: list, play, simulate, replay and serve games.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

``GAME`` is a registered name (see ``boardkit list``) or, for a game that is
not registered, an import path ``package.module:Class`` naming a
:class:`~boardkit.Game` subclass, written the way entry points are, or a file
``path/to/file.py:Class`` (``path/to/file.py`` alone when it defines one game).

Exit status: 0 when all went well, 1 when some simulated games failed, 2 for
bad usage or bad input (an unknown game or option, an invalid record), 130
when stopped by Ctrl-C (SIGINT) and 143 when stopped by SIGTERM. Ctrl-C at
``play``'s ``game over>`` prompt stops nothing: the game is over and written,
and it leaves as ``quit`` does.

Signals: :func:`main` takes SIGINT and SIGTERM before it imports anything
heavy (the games, the agents and the play loop are imported by the command
that needs them), so that a signal at any moment, start-up included, stops
the command with one line and its exit status, never a traceback; the first
one stops it, later ones are ignored while it cleans up.

Why this module is long: it is the whole program, each command beside the
one-line messages, the checks of what it reads and writes, and the signal
handling they share, which are read together.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import sysconfig
import threading
import time
import traceback
import types
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from boardkit import COMPILED, __version__
from boardkit.errors import MAX_MESSAGE, BoardkitError, OptionError, RecordError, check_int, shown
from boardkit.recordfiles import MAX_FILE
from boardkit.web.command import add_serve_parser

if TYPE_CHECKING:  # imported by the commands that use them, after the signals are taken
    from boardkit.agents import Agent
    from boardkit.game import Game, State

__all__ = ["MAX_FILE", "build_parser", "main"]

# -- messages ------------------------------------------------------------------


def _printable(text: str, stream: TextIO) -> str:
    """``text`` with what ``stream`` cannot encode (a file name that is not
    UTF-8, under a strict UTF-8 output) escaped as ``\\udcff``."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    with contextlib.suppress(LookupError):
        return text.encode(encoding, "backslashreplace").decode(encoding)
    return text


def _line(text: str) -> str:
    """``text`` as one line of at most :data:`~boardkit.errors.MAX_MESSAGE`
    characters as standard error shows it: line breaks become spaces, what it
    cannot encode is escaped, and a longer line is cut short with ``...``.

    Examples:
        >>> _line("boardkit: two\\nlines")
        'boardkit: two lines'
        >>> len(_line("boardkit: " + "x" * 5000))
        1000
    """
    text = _printable(" ".join(text.splitlines()), sys.stderr)
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def _complain(text: str) -> None:
    print(_line(text), file=sys.stderr)


def _check_out(path: str, option: str = "--out") -> None:
    """Refuse, before any game, a file to write that is not named in UTF-8
    (the name could not be shown, nor the file found again by name in a
    record) or that cannot be written."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise OptionError(f"{option} {shown(path, 200)} is not a UTF-8 file name; name the file in UTF-8") from None
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path):
        raise OptionError(f"cannot write {option} {shown(path, 200)}: it is a folder")
    if not os.path.isdir(folder):
        raise OptionError(f"cannot write {option} {shown(path, 200)}: there is no folder {shown(folder, 200)}")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise OptionError(f"cannot write {option} {shown(path, 200)}: permission denied")


class _UnreadableError(BoardkitError, ValueError):
    """A line typed on standard input that is not text in its encoding."""


def _typed(prompt: str) -> str:
    """``input(prompt)``; a line that is not text in standard input's encoding is bad input."""
    try:
        return input(prompt)
    except UnicodeDecodeError as exc:
        encoding = {"utf-8": "UTF-8", "ascii": "ASCII"}.get(exc.encoding, exc.encoding)
        byte = exc.object[exc.start] if isinstance(exc.object, bytes) and exc.start < len(exc.object) else None
        at = "" if byte is None else f" (byte {byte:#04x})"
        raise _UnreadableError(f"cannot read standard input: a line is not {encoding} text{at}") from None


# -- boardkit list -----------------------------------------------------------


def _list(args: argparse.Namespace) -> int:
    from boardkit import games
    from boardkit.specs import load_game
    from boardkit.words import game_options, game_rules

    if args.game is not None:
        game = load_game(args.game, None, [])
        print(f"{args.game}: {game.about.title or game.name}")
        print(f"players: {_players(game)}")
        for line in [*game_options(game), *game_rules(game)]:
            print(line)
        return 0
    for name in games.names():
        try:
            game = games.load(name)
        except Exception as exc:  # a broken plug-in must not break the listing
            print(f"{name:16} (cannot be loaded: {exc})")
            continue
        print(f"{name:16} {_players(game):>3} players  {game.about.title or game.name}")
    print("'boardkit list GAME' shows a game's variants and options")
    return 0


def _players(game: Game[Any, Any]) -> str:
    return f"{game.min_players}" if game.min_players == game.max_players else f"{game.min_players}-{game.max_players}"


# -- boardkit play -----------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    from boardkit.chance import fresh_seed
    from boardkit.match import check_iterations, parse_agent, seat_agent
    from boardkit.specs import load_game
    from boardkit.terminal import Session

    if args.out:
        _check_out(args.out)
    check_iterations(args.iterations, "--iterations")
    game = load_game(args.game, args.variant, args.option)
    if args.players is not None:
        game.check_players(args.players)
        if args.seat and len(args.seat) != args.players:
            raise OptionError(f"--players {args.players} and {len(args.seat)} --seat kinds disagree; give one of them")
    seats: list[str] = args.seat or ["human", *["mcts"] * ((args.players or game.min_players) - 1)]
    specs = [None if kind == "human" else parse_agent(kind).filled(args.iterations) for kind in seats]
    seed = fresh_seed() if args.seed is None else args.seed
    players: list[Agent | None] = [  # as play_game seats them: each bot made fresh for its seat of this game
        None if spec is None else seat_agent(spec.build(0, game=game), seed, seat)
        for seat, spec in enumerate(specs)
    ]
    labels = ["human" if spec is None else spec.label() for spec in specs]
    interactive = sys.stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):  # line editing and history for input()
            import readline  # noqa: F401
    # On a terminal the prompt stays once the game is over (to take a losing move back, or look at the end);
    # lines from a pipe end with the game, as scripts and transcripts expect.
    session = Session(
        game, players, seed=seed, read=_typed, labels=labels, echo=not interactive, stay=interactive,
        ended=(lambda state: _save(state, args.out, quiet=True)) if interactive and args.out else None,
    )
    try:
        state = session.run()
    except (KeyboardInterrupt, _Terminated):  # stopped: the game so far is written, as 'quit' writes it
        _save(session.state, args.out)
        raise
    return _save(state, args.out)


def _save(state: State[Any], path: str | None, *, quiet: bool = False) -> int:
    """Write the game so far to ``path`` (if given); an unfinished game is a valid record too. ``quiet``:
    without saying so (the game over on a terminal, written again when the person leaves)."""
    if path:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(state.to_record().to_json(indent=1) + "\n")
        except OSError as exc:
            _complain(f"boardkit: cannot write {shown(path, 200)}: {exc.strerror or exc}")
            return 2
        if not quiet:
            print(_printable(f"record written to {path}", sys.stdout))
    return 0


# -- boardkit simulate -------------------------------------------------------


class _ProgressBar:
    """``progress(done, total)`` for :func:`~boardkit.play.tournament`: on a
    terminal, a bar redrawn on one line, which says what it is waiting for
    when no game has ended for :data:`STUCK` seconds; elsewhere (a log), a
    plain line at the first game, every tenth of the games and the last."""

    #: Seconds without a game ending before a terminal's bar says what it waits for.
    STUCK = 5.0

    def __init__(self, stream: TextIO, *, cap: int | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.open = False  # a bar is drawn and its line not ended
        self.live = stream.isatty()
        self.tenth = -1  # the last tenth written as a plain line
        self.cap = cap  # the move cap a game ends by, None for none
        self.clock = clock
        self.since = clock()  # when the bar last moved
        self.shown = (0, 0)  # the last (done, total)
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        if self.live:
            threading.Thread(target=self._tick_every_second, daemon=True).start()

    def __call__(self, done: int, total: int) -> None:
        with self.lock:
            self.since, self.shown = self.clock(), (done, total)
            bar = self._bar(done, total)
            if self.live:
                self.stream.write("\r" + bar + "\x1b[K")
                self.open = done != total
                if done == total:
                    self.stream.write("\n")
            elif done == 1 or done == total or 10 * done // total > self.tenth:
                self.tenth = 10 * done // total
                self.stream.write(bar + "\n")
            self.stream.flush()

    @staticmethod
    def _bar(done: int, total: int) -> str:
        width = 30
        filled = width * done // total if total else width
        return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"

    def tick(self) -> None:
        """On a terminal, once no game has ended for :data:`STUCK` seconds,
        redraw the bar with what it is waiting for: how many games are still
        to end, for how long, and the move cap that ends each."""
        with self.lock:
            done, total = self.shown
            waited = self.clock() - self.since
            if not self.live or not self.open or waited < self.STUCK:
                return
            left = total - done
            games = "a game" if left == 1 else f"{left} games"
            cap = f"each ends by --max-moves {self.cap}" if self.cap else "no move cap: --max-moves N ends a game"
            self.stream.write(f"\r{self._bar(done, total)}: waiting {waited:.0f} s for {games} to end ({cap})\x1b[K")
            self.stream.flush()

    def _tick_every_second(self) -> None:
        while not self.stopped.wait(1.0):
            with contextlib.suppress(OSError, ValueError):
                self.tick()

    def end(self) -> None:
        """End the bar's line, for what is said after it (a stopped run), and stop its clock."""
        self.stopped.set()
        with self.lock:
            if self.open:
                self.open = False
                with contextlib.suppress(OSError, ValueError):
                    self.stream.write("\n")
                    self.stream.flush()


#: ``boardkit simulate``'s move cap when ``--max-moves`` is not given: every batch ends, even of a
#: game that has no end of its own between two bots that never close it (5 Fields, random against greedy).
DEFAULT_MAX_MOVES = 1000


def _simulate(args: argparse.Namespace) -> int:
    from boardkit.chance import derive_seed
    from boardkit.match import check_iterations, make_agent
    from boardkit.play import MOST_WORKERS, check_tournament, tournament
    from boardkit.specs import load_game

    check_iterations(args.iterations, "--iterations")
    game = load_game(args.game, args.variant, args.option)
    if args.max_moves is not None and args.max_moves < 0:
        raise OptionError(f"--max-moves must be 0 (no cap) or more, not {args.max_moves}")
    args.max_moves = args.max_moves or None
    kinds: list[str] = args.agents or ["greedy", "random"]
    agents: dict[str, Agent] = {}
    for i, kind in enumerate(kinds):
        name, k = kind, 2
        while name in agents:
            name, k = f"{kind}-{k}", k + 1
        agents[name] = make_agent(kind, derive_seed(args.seed, "agent", i), args.iterations, game=game)
    if args.games < 1:
        raise OptionError(f"--games must be at least 1, not {args.games}")
    if args.workers is not None:
        check_int(args.workers, "--workers", low=1, high=MOST_WORKERS)
    batches: list[tuple[str, Game[Any, Any]]] = [("", game)]
    if args.sweep:
        key, sep, values = args.sweep.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise OptionError(f"--sweep is written OPTION=V1,V2,..., not {args.sweep!r:.80}")
        swept = key.strip()
        if swept in (pair.partition("=")[0].strip() for pair in args.option):
            raise OptionError(f"--sweep {swept}=... and --option {swept}=... both set {swept}; give it once")
        if args.variant is not None and swept == game.about.variant_option:
            raise OptionError(f"--sweep {swept}=... and --variant both set the variant; give it once")
        batches = [
            (f"{key.strip()}={value.strip()}", load_game(args.game, args.variant, [*args.option, f"{key}={value}"]))
            for value in values.split(",")
        ]
    for _, batch_game in batches:  # every batch checked before a file is opened or a game played
        check_tournament(batch_game, agents, games=args.games, seed=args.seed, workers=args.workers,
              max_moves=args.max_moves, players=_seats(args.players, len(agents), batch_game))
    stream: TextIO | None = None
    if args.out:
        _check_out(args.out)
        try:
            stream = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise OptionError(f"cannot write {args.out!r}: {exc.strerror or exc}") from None
    failed = capped = played = 0
    bar = None if args.quiet else _ProgressBar(sys.stderr, cap=args.max_moves)
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
                progress=bar,
            )
            if label:
                print(f"-- {label}")
            print(result.summary())
            failed += len(result.errors)
            played += len(result.records)
            capped += sum(1 for record in result.records if record.outcome is None)
    finally:
        if bar is not None:
            bar.end()
        if stream is not None:
            stream.close()
    if args.out:
        print(_printable(f"{played} records written to {args.out}", sys.stdout))
    if capped and args.max_moves:
        print(f"note: {capped} of {played} games reached the move cap and count as unfinished"
              f" (--max-moves {args.max_moves}; 0 for no cap)", file=sys.stderr)
    return 1 if failed else 0


def _seats(players: int | None, agents: int, game: Game[Any, Any]) -> int | None:
    """Players per game: ``--players`` if given; else one per agent, but never
    fewer than the game's fewest, so that a single agent plays itself."""
    if players is None and agents < game.min_players:
        return game.min_players
    return players


# -- boardkit analyze --------------------------------------------------------


def _analyze(args: argparse.Namespace) -> int:
    from boardkit import analysis, games
    from boardkit.record import thaw_json
    from boardkit.specs import game_factory

    if args.plot:
        _check_out(args.plot, "--plot")
    skipped: dict[int, str] = {}  # by line: the file is read more than once

    def skip(line: int, reason: str) -> None:
        skipped.setdefault(line, reason)

    game = None
    first = next(analysis.read_records(args.file, skip_bad=args.skip_bad, on_skip=skip), None)
    if first is not None and args.game:
        game = game_factory(args.game)[1](**thaw_json(first.options))
    unchecked = first.game if first is not None and game is None and first.game not in games.names() else None
    overall = analysis.summarize(
        args.file, branching=args.branching, game=game, skip_bad=args.skip_bad, on_skip=skip
    )
    if overall.games == 0:
        if skipped:
            line, why = min(skipped.items())
            raise RecordError(f"{args.file}: no good record, {len(skipped)} bad lines skipped (line {line}: {why})")
        raise analysis.no_records(args.file)
    groups = {}
    if args.by is not None:
        groups = analysis.summarize_by(
            args.file, args.by, branching=args.branching, game=game, skip_bad=args.skip_bad, on_skip=skip
        )
    rated = analysis.ratings(args.file, skip_bad=args.skip_bad, on_skip=skip, game=game) if args.ratings else ()
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
            first_bad = sorted(skipped.items())[:20]
            print(f"skipped {len(skipped)} bad lines" + "".join(f"\n  line {n}: {why}" for n, why in first_bad))
    if args.plot:
        _complain(f"plot written to {args.plot}")
    if unchecked is not None:
        _complain(f"boardkit: note: {shown(unchecked, 80)} is not a registered game, so its records were counted"
                  " as they say, their moves not replayed; to check them, name its file: --game path/to/game.py")
    return 0


# -- boardkit replay ---------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    from boardkit import games
    from boardkit.record import thaw_json
    from boardkit.recordfiles import read_records
    from boardkit.render import status
    from boardkit.specs import game_factory
    from boardkit.words import describe_game

    records = read_records(args.file, args.game)
    interactive = args.step and sys.stdin.isatty()
    named, factory = game_factory(args.game) if args.game else ("", None)
    for number, record in enumerate(records, 1):
        options = thaw_json(record.options)
        if factory is None:
            game = games.load(record.game, **options)
        else:
            where = "" if len(records) == 1 else f" (record {number})"
            mismatch = RecordError(f"{args.file}{where} is a record of {record.game!r}, not of {named!r} ({args.game})")
            try:
                game = factory(**options)
            except OptionError:  # options of another game, most likely: say so when the names differ too
                if record.game != named:
                    raise mismatch from None
                raise
            if game.name != record.game:  # the game's own name, what its records carry (a class may have none)
                raise mismatch
        head = f"{describe_game(game)}, {record.players} players, seed {record.seed}, "
        print(("" if len(records) == 1 else f"record {number}: ") + head + f"{len(record.moves)} moves")
        if args.step:
            state: State[Any] = record.start(game=game)
            print(state.render())
            for i, move in enumerate(record.moves, 1):
                if interactive and _typed("[enter: next move, q: stop] ").strip().lower() == "q":
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
    parser.add_argument(
        "game", metavar="GAME",
        help="a game name from 'boardkit list', package.module:Class, or path/to/file.py:Class (the class may be"
        " left out when the file defines one game)",
    )
    parser.add_argument("--variant", metavar="V", help="the game's variant, as 'boardkit list GAME' names them")
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

    #: The command's subcommands by name (``play``, ...), each with its own parser.
    commands: Mapping[str, argparse.ArgumentParser] = types.MappingProxyType({})

    def error(self, message: str) -> NoReturn:
        self.exit(2, _line(f"{self.prog}: {message} (see {self.prog} --help)") + "\n")


# -- signals -------------------------------------------------------------------


class _Terminated(BaseException):
    """SIGTERM, raised in the main thread so that work in progress stops and cleans up as for Ctrl-C."""


#: The exit status for each signal that stops the command: 128 and its number, as shells report it.
_STOPPED = {signal.SIGINT: 130, signal.SIGTERM: 143}


def _stop(signum: int, frame: Any) -> None:
    """The first SIGINT or SIGTERM stops the command: raised in the main
    thread (``KeyboardInterrupt`` or :class:`_Terminated`) wherever it is, so
    that what is in progress cleans up (workers killed, finished games
    written); any later one is ignored meanwhile."""
    for stop in _STOPPED:
        signal.signal(stop, signal.SIG_IGN)
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise _Terminated


def _stopped(signum: int) -> int:
    """Say that the command was stopped, in one line; its exit status."""
    lead = ""
    with contextlib.suppress(Exception):
        lead = "\n" if sys.stderr.isatty() else ""  # after the prompt or ^C on the screen
    with contextlib.suppress(Exception):
        print(f"{lead}boardkit: {'interrupted' if signum == signal.SIGINT else 'terminated'}", file=sys.stderr)
        sys.stderr.flush()
    return _STOPPED[signal.Signals(signum)]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``boardkit`` command.

    Examples:
        >>> args = build_parser().parse_args(["play", "tafl", "--seat", "human", "mcts:400"])
        >>> args.game, args.seat
        ('tafl', ['human', 'mcts:400'])
    """
    parser = _Parser(prog="boardkit", description="Play, simulate and replay board games.")
    build = "compiled with mypyc" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version", version=f"boardkit {__version__} ({build})")
    parser.add_argument("--debug", action="store_true", help="show an error's traceback (boardkit's or a game's)")
    sub = parser.add_subparsers(dest="command", required=True)
    parser.commands = sub.choices
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
        help=(
            "who sits at each seat, in order: human, random, greedy, mcts, alphabeta, expectimax or best, a bot with an"
            " optional budget (mcts:N playouts, alphabeta:N plies, best@2s a move) (default: human, then mcts)"
        ),
    )
    play.add_argument(
        "--players", type=int, metavar="N", help="how many play: you, then a bot in every other seat (default: fewest)"
    )
    play.add_argument("--seed", type=int, help="the game's seed (default: a fresh one, printed)")
    play.add_argument(
        "--iterations", type=int, help="MCTS playouts a move for a bare mcts (default 200)"
    )
    play.add_argument("--out", metavar="FILE", help="write the game's record to FILE as JSON")
    play.set_defaults(run=_play)

    simulate = sub.add_parser("simulate", help="play many bot games and sum them up")
    _add_game_arguments(simulate)
    simulate.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    simulate.add_argument(
        "--agents",
        nargs="+",
        metavar="KIND",
        help=(
            "the agents, seats rotated; one agent plays itself: random, greedy, mcts, alphabeta, expectimax or best,"
            " with an optional budget (mcts:N, alphabeta:N, best@2s) (default: greedy random)"
        ),
    )
    simulate.add_argument(
        "--players", type=int, help="players per game (default: one per agent, at least the game's fewest)"
    )
    simulate.add_argument("--workers", type=int, metavar="N", help="run on N processes")
    simulate.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    simulate.add_argument(
        "--max-moves",
        type=int,
        default=DEFAULT_MAX_MOVES,
        metavar="N",
        help=f"stop each game after N moves, counted unfinished (default {DEFAULT_MAX_MOVES}; 0: no cap)",
    )
    simulate.add_argument(
        "--iterations", type=int, help="MCTS playouts a move for a bare mcts (default 200)"
    )
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
    analyze.add_argument(
        "--game", metavar="MODULE:CLASS",
        help="the game, for a game that is not registered: its records are replayed under it, as replay does",
    )
    analyze.set_defaults(run=_analyze)

    replay = sub.add_parser("replay", help="check a record (or JSON lines of them) and show the game")
    replay.add_argument(
        "file",
        metavar="FILE",
        help="a record as JSON, records as JSON lines, or a file another program wrote (.otg: an OpenTafl saved game)",
    )
    replay.add_argument("--step", action="store_true", help="show every position, move by move")
    replay.add_argument("--game", metavar="MODULE:CLASS", help="the game class, for a game that is not registered")
    replay.set_defaults(run=_replay)
    add_serve_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``boardkit`` command; returns the exit status (0 ok, 1 failed
    games, 2 bad usage or input, 130 stopped by SIGINT, 143 by SIGTERM).

    SIGINT and SIGTERM are taken first of all, and stop the command at any
    moment with one line on standard error. Run as the program (no ``argv``),
    a signal after the command is done is ignored; given ``argv`` (from
    Python), the handlers it found are put back.

    Examples:
        >>> main(["simulate", "boardkit.testing:Nim", "--option", "heap=5", "--games", "2", "--quiet"])
        nim: 2 games, 2 players, seed 0
        agent   seat games wins draws losses   win rate  95% interval  points
        ...
        0
    """
    previous: dict[signal.Signals, Any] = {}
    taking = threading.current_thread() is threading.main_thread()
    try:
        hook = sys.unraisablehook
        try:
            # Taken inside the try: a signal whose handler runs the instant after it is
            # installed is caught below like any other; so is one while they are put back.
            for signum in _STOPPED if taking else ():
                previous[signum] = signal.getsignal(signum)
                signal.signal(signum, _stop)
            if taking:
                sys.unraisablehook = _raised_again
            return _run(argv)
        finally:
            sys.unraisablehook = hook
            _put_back(previous, program=taking and argv is None)
    except (KeyboardInterrupt, _Terminated) as stop:
        _put_back(previous, program=taking and argv is None)
        return _stopped(signal.SIGINT if isinstance(stop, KeyboardInterrupt) else signal.SIGTERM)


def _raised_again(unraisable: Any) -> None:
    """``sys.unraisablehook`` while the command runs. A signal whose handler
    ran inside a finalizer (a weakref callback, a ``__del__``) raised its stop
    where Python only prints exceptions and goes on, and :func:`_stop` had
    turned later signals away: the command would never stop. The stop is
    raised again a moment later, outside the finalizer; anything else is
    printed as Python prints it."""
    stop = unraisable.exc_value
    if isinstance(stop, KeyboardInterrupt | _Terminated) and threading.current_thread() is threading.main_thread():
        signum = signal.SIGINT if isinstance(stop, KeyboardInterrupt) else signal.SIGTERM
        signal.signal(signum, _stop)
        again = threading.Timer(0.01, os.kill, (os.getpid(), signum))
        again.daemon = True
        again.start()
        return
    sys.__unraisablehook__(unraisable)


def _put_back(previous: dict[signal.Signals, Any], *, program: bool) -> None:
    """After the command: the program ignores the signals until it exits;
    called from Python, the handlers it found are put back."""
    for signum, handler in previous.items():
        if program:
            signal.signal(signum, signal.SIG_IGN)
        else:
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)


def _run(argv: Sequence[str] | None) -> int:
    """Parse ``argv`` and run its command; errors become one line and an exit status."""
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    args, extra = parser.parse_known_args(given)
    if extra:  # said by the command's own parser, whose --help lists what it takes, if they follow it
        before = given[: given.index(args.command)] if args.command in given else given
        blamed = parser if any(word in before for word in extra) else cast(_Parser, parser).commands[args.command]
        blamed.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return int(args.run(args))
    except BoardkitError as exc:
        _complain(f"boardkit: {exc}")
        return 2
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - so the interpreter's last flush cannot fail
        return 0
    except Exception as exc:  # a bug: one line, the traceback only when asked for
        if args.debug:
            raise
        frames = traceback.extract_tb(exc.__traceback__)
        theirs = _games_own(frames)
        where = (theirs or frames)[-1:]
        at = f" at {os.path.basename(where[0].filename)}:{where[0].lineno}" if where else ""
        try:
            said = str(exc)[:300]
        except Exception:  # an exception that cannot even say what it is
            said = "?"
        if theirs or isinstance(exc, NotImplementedError):  # a method the game's state lacks, as boardkit says
            _complain(
                f"boardkit: error in the game's own code: {type(exc).__name__}: {said}{at}"
                " (run it again with --debug for the traceback)"
            )
        else:
            _complain(
                f"boardkit: internal error: {type(exc).__name__}: {said}{at}; this is a bug: please report"
                " it with the command you ran (run it again with --debug for the traceback)"
            )
        return 1


def _games_own(frames: list[traceback.FrameSummary]) -> list[traceback.FrameSummary]:
    """The frames of a traceback in a game's own code, loaded from a file or module of the user's:
    neither boardkit's nor Python's nor an installed package's (a bug there is boardkit's to fix)."""
    paths = sysconfig.get_paths()
    places = (os.path.dirname(__file__), *(paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")))
    known = tuple(os.path.realpath(place) + os.sep for place in places)
    return [
        frame
        for frame in frames
        if not frame.filename.startswith("<") and not os.path.realpath(frame.filename).startswith(known)
    ]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
