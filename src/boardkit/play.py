"""Playing games with agents: one game, or a whole tournament on any executor.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

:func:`play_game` plays one seeded game between agents and returns its
:class:`~boardkit.GameRecord`. :func:`tournament` plays many, rotating the
seats, on this process, on a process pool, or on any
:class:`concurrent.futures.Executor` (a Dask cluster's, for instance), and
sums them up per agent and per seat with 95% confidence intervals.

An agent's standing counts each game once, however many seats it held: it
wins a game when only its seats won, shares the victory when seats of other
agents won too, draws when nobody won (:attr:`~boardkit.Outcome.is_draw`)
and loses when it held no winning seat. A game in which one agent held every
seat tells nothing about it, and is left out of its standing (its seats still
count in :meth:`TournamentResult.by_seat`). :func:`boardkit.analysis.ratings`
counts games the same way; :class:`Standing` says it all in full. The
results and standings live in :mod:`boardkit.standings` (re-exported here):
this module plays the games, that one counts them.

Every game's seed is derived from the tournament's seed and the game's
number, and every agent is given a fresh copy of itself for each game, so the
results are the same whatever the number of workers and whatever the order
in which they finish.

Examples:
    >>> from boardkit.testing import Nim
    >>> from boardkit.agents import GreedyAgent, RandomAgent
    >>> result = tournament(Nim(heap=7), {"greedy": GreedyAgent(seed=1), "random": RandomAgent(seed=2)},
    ...                     games=20, seed=0)
    >>> [(s.name, s.games) for s in result.standings()]
    [('greedy', 20), ('random', 20)]

Why this module is long: :func:`play_game` and :func:`tournament` share the seat
rotation, the seeds and the crash reports, and are read together. The worker
processes are :class:`boardkit.match.pool.WorkerPool`'s.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import os
import pickle
import signal
import threading
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import IO, Any

import attrs

from boardkit.agents import Agent, AlphaBetaAgent
from boardkit.chance import check_seed, derive_seed
from boardkit.errors import OptionError, OptionTypeError, check_int, shown
from boardkit.game import Game, State, check_is_game
from boardkit.match import seat_agent
from boardkit.match.pool import WorkerPool
from boardkit.record import GameRecord
from boardkit.standings import (
    GameResult,
    Standing,
    TournamentResult,
    agent_results,
    seat_label,
    table_lines,
    wilson_interval,
)

__all__ = [
    "GameResult",
    "Standing",
    "TournamentResult",
    "agent_results",
    "check_tournament",
    "play_game",
    "seat_label",
    "table_lines",
    "tournament",
    "wilson_interval",
]

#: The most worker processes a tournament starts on this machine.
MOST_WORKERS = max(8, 4 * (os.cpu_count() or 1))
#: The most games one tournament plays: it keeps each game's result (its record, for the standings and
#: the analyses) until the last is played, and sets them all out before the first starts.
_MOST_GAMES = 1_000_000

#: A progress callback: ``progress(done, total)`` after every finished game.
Progress = Callable[[int, int], None]


def play_game(
    game: Game[Any, Any],
    agents: Sequence[Agent],
    *,
    seed: int,
    players: int | None = None,
    max_moves: int | None = None,
    labels: Sequence[str] | None = None,
) -> GameRecord:
    """Play one game between ``agents``, seat by seat, and return its record.

    Args:
        game: The game to play.
        agents: One agent per seat: ``agents[0]`` plays player 0, and so on.
            Agents offering ``for_game(seed)`` are replaced by a fresh copy
            seeded from ``seed`` and the seat.
        seed: The game's seed.
        players: How many players; by default one per agent.
        max_moves: Stop after this many moves; the record is then unfinished
            (its outcome is ``None``).
        labels: A name per seat for the record's ``agents`` (for analysis);
            by default none is written.

    Returns:
        The :class:`~boardkit.GameRecord` of the game.

    Raises:
        OptionError: if the number of agents does not match ``players``, or
            ``game`` is not a :class:`~boardkit.Game` (a name, say).
        IllegalMoveError: if an agent returns an illegal move.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from boardkit.agents import GreedyAgent, RandomAgent
        >>> record = play_game(Nim(heap=5), [GreedyAgent(), RandomAgent(seed=1)], seed=7)
        >>> record.moves[0], record.outcome.winner
        ('take 2', 0)
    """
    check_is_game(game)
    check_seed(seed)
    _check_agents(agents)
    count = game.check_players(len(agents) if players is None else players)
    if len(agents) != count:
        raise OptionError(f"{game.name} with {count} players needs {count} agents, not {len(agents)}")
    if max_moves is not None:
        check_int(max_moves, "max_moves", low=0)
    if labels is not None and (len(labels) != count or not all(isinstance(x, str) and x for x in labels)):
        raise OptionError(f"labels must be {count} non-empty strings, one per seat, not {labels!r:.80}")
    seated = [seat_agent(agent, seed, s) for s, agent in enumerate(agents)]
    state: State[Any] = game.new_game(players=count, seed=seed)
    while not state.is_over and (max_moves is None or len(state.history) < max_moves):
        player = state.current_player
        if player is None:  # pragma: no cover - is_over covers it
            break
        move = seated[player].choose(state.copy(), player)
        state.apply(move)
    record = state.to_record()
    return record if labels is None else attrs.evolve(record, agents=tuple(labels))


@attrs.frozen
class _Task:
    """One game of a tournament: a few numbers, so that the next games wait in a worker's pipe without filling it."""

    index: int
    seed: int
    seats: tuple[int, ...]
    max_moves: int | None
    labels: tuple[str, ...] | None = None


def _run(game: Game[Any, Any], pool: Sequence[Agent], task: _Task) -> GameResult:
    """Play one tournament game, between fresh copies of its agents of ``pool``; never raises for a game that goes
    wrong."""
    try:
        agents = copy.deepcopy([pool[a] for a in task.seats])
        record = play_game(game, agents, seed=task.seed, max_moves=task.max_moves, labels=task.labels)
    except Exception as exc:  # a broken game or agent must not sink the tournament
        where = traceback.extract_tb(exc.__traceback__)
        at = f" (at {where[-1].filename}:{where[-1].lineno})" if where else ""
        return GameResult(task.index, task.seed, task.seats, None, f"{type(exc).__name__}: {exc}{at}")
    return GameResult(task.index, task.seed, task.seats, record, None)


def _crashed(task: _Task, exc: BaseException) -> GameResult:
    return GameResult(task.index, task.seed, task.seats, None, f"worker crashed: {type(exc).__name__}: {exc}")


#: The signals that stop a tournament: Ctrl-C, and a supervisor's or ``kill``'s.
_STOPS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def _whole() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM while a record is written, and deliver them
    after: a stopped tournament leaves whole lines, each written once.

    Handlers that Python did not install (``getsignal`` gives ``None``), and
    threads other than the main one, where signals never run, are left alone.
    """
    saved = {signum: signal.getsignal(signum) for signum in _STOPS}
    if threading.current_thread() is not threading.main_thread() or None in saved.values():
        yield
        return
    held: list[int] = []
    for stop in _STOPS:
        signal.signal(stop, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        for stop, handler in saved.items():
            signal.signal(stop, handler)
        for signum in dict.fromkeys(held):
            signal.raise_signal(signum)


class _Collector:
    """Keeps finished games, reports progress and writes records in game order."""

    def __init__(self, total: int, out: IO[str] | None, progress: Progress | None) -> None:
        self.total = total
        self.done: dict[int, GameResult] = {}
        self.out = out
        self.progress = progress
        self.written = 0

    def add(self, result: GameResult) -> None:
        with _whole() if self.out is not None else contextlib.nullcontext():
            self.done[result.index] = result
            while self.out is not None and self.written in self.done:
                record = self.done[self.written].record
                if record is not None:
                    self.out.write(record.to_json() + "\n")
                    self.out.flush()
                self.written += 1
        if self.progress is not None:
            self.progress(len(self.done), self.total)

    def flush(self) -> None:
        """Write every finished game not written yet (after an interruption: gaps are left out)."""
        if self.out is None:
            return
        with _whole():
            for index in sorted(i for i in self.done if i >= self.written):
                record = self.done[index].record
                if record is not None:
                    self.out.write(record.to_json() + "\n")
            self.written = self.total
            self.out.flush()


def _check_agents(agents: object) -> None:
    """Refuse, in one line, agents that are not a list (or a mapping) of agents."""
    if isinstance(agents, str) or not isinstance(agents, (Sequence, Mapping)):
        raise OptionTypeError(f"agents must be a list of agents (or a mapping of names to agents), not {shown(agents)}")
    for agent in agents.values() if isinstance(agents, Mapping) else agents:
        if not callable(getattr(agent, "choose", None)):
            raise OptionTypeError(f"an agent must have a choose(state, player) method; {shown(agent)} has none")


def _name_agents(agents: Mapping[str, Agent] | Sequence[Agent]) -> tuple[tuple[str, ...], tuple[Agent, ...]]:
    _check_agents(agents)
    if isinstance(agents, Mapping):
        return tuple(str(k) for k in agents), tuple(agents.values())
    names: list[str] = []
    for agent in agents:
        base = type(agent).__name__
        name, k = base, 2
        while name in names:
            name, k = f"{base}-{k}", k + 1
        names.append(name)
    return tuple(names), tuple(agents)


def _check_pickles(game: Game[Any, Any], agents: Sequence[Any]) -> None:
    for what, value in [("the game", game), *((f"agent {i}", a) for i, a in enumerate(agents))]:
        try:
            pickle.dumps(value)
        except Exception as exc:
            raise OptionError(
                f"{what} ({value!r:.60}) cannot be sent to other processes: {exc}; "
                "use classes and functions defined at the top level of a module"
            ) from None


def _on_executor(
    executor: Executor, game: Game[Any, Any], pool: Sequence[Agent], tasks: Sequence[_Task], collect: _Collector
) -> None:
    futures: dict[Future[GameResult], _Task] = {executor.submit(_run, game, pool, task): task for task in tasks}
    for future in as_completed(futures):
        try:
            result = future.result()
        except Exception as exc:  # the worker died, or the executor lost the task
            result = _crashed(futures[future], exc)
        collect.add(result)


#: Games queued in a worker's pipe besides the one it plays: it never waits for the next.
_AHEAD = 2


def _on_pool(
    workers: int, game: Game[Any, Any], pool: Sequence[Agent], tasks: Sequence[_Task], collect: _Collector
) -> None:
    """Play ``tasks`` (of ``game``, between agents of ``pool``) on ``workers``
    processes; a worker that dies loses only the game it was playing, and
    another takes its place for the rest. The game and the agents travel once
    to each worker; each game is then a :class:`_Task`."""
    with WorkerPool(functools.partial(_run, game, tuple(pool)), workers=workers, ahead=_AHEAD) as crew:
        for reply in crew.map(tasks):
            task: _Task = reply.job
            if reply.kind == "crashed":
                collect.add(_crashed(task, BrokenProcessPool(reply.error)))
            else:  # played, or not: the game or agents could not be rebuilt there (or the record sent back)
                collect.add(reply.result or GameResult(task.index, task.seed, task.seats, None, reply.error))


def check_tournament(
    game: Game[Any, Any],
    agents: Mapping[str, Agent] | Sequence[Agent],
    *,
    games: int,
    seed: int,
    workers: int | None = None,
    max_moves: int | None = None,
    players: int | None = None,
) -> tuple[tuple[str, ...], tuple[Agent, ...], int]:
    """Check everything a tournament is given before any game starts: the
    agents' names, the agents and the number of players per game.

    Errors that would only show in the middle of a run (a ``max_moves`` of
    the wrong type, a first player the game cannot seat with this many
    players) are found here, by setting up one game without playing it.
    :func:`tournament` calls it; ``boardkit simulate`` calls it for every
    batch of a sweep before it opens its output file.

    Returns:
        The agents' names, the agents, and the number of players per game.

    Raises:
        OptionError: naming the first thing that is wrong.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from boardkit.agents import RandomAgent
        >>> check_tournament(Nim(), [RandomAgent(seed=1), RandomAgent(seed=2)], games=4, seed=0)[2]
        2
    """
    check_is_game(game)
    names, pool = _name_agents(agents)
    if not pool:
        raise OptionError("a tournament needs at least one agent")
    check_int(games, "games", low=0, high=_MOST_GAMES)
    check_seed(seed)
    if workers is not None:
        check_int(workers, "workers", low=1, high=MOST_WORKERS)
    if max_moves is not None:
        check_int(max_moves, "max_moves", low=0)
    if players is None:
        try:
            count = game.check_players(len(pool))
        except OptionError as exc:
            raise OptionError(f"{exc}: a tournament seats one player per agent unless players= is given") from None
    else:
        count = game.check_players(players)
    game.new_game(players=count, seed=derive_seed(seed, 0))
    for name, agent in zip(names, pool, strict=True):  # a search that cannot play this game, said before any game
        refused = agent.refusal(game, count) if isinstance(agent, AlphaBetaAgent) else None
        if refused is not None:
            raise OptionError(f"agent {name}: {refused}")
    return names, pool, count


def tournament(
    game: Game[Any, Any],
    agents: Mapping[str, Agent] | Sequence[Agent],
    *,
    games: int,
    seed: int,
    executor: Executor | None = None,
    workers: int | None = None,
    out: str | os.PathLike[str] | IO[str] | None = None,
    max_moves: int | None = None,
    players: int | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play ``games`` games between ``agents``, rotating the seats.

    Each game seats one player per agent, as :func:`play_game` does, unless
    ``players`` says otherwise. Game ``i`` has the seed ``derive_seed(seed, i)``
    and seats agent ``(i + s) % len(agents)`` at seat ``s``, so with two agents
    each plays both sides equally often. Each record names the agent at each
    seat (``record.agents``). Each game gets fresh copies of the agents, so
    the results are identical however the games are spread over workers.

    Args:
        game: The game to play (it and the agents must pickle to run on
            other processes: plain classes do; lambdas do not).
        agents: The agents, as a list or as a mapping from name to agent.
        games: How many games.
        seed: The tournament's seed.
        executor: Any :class:`concurrent.futures.Executor` to run the games
            on, such as a Dask client's ``client.get_executor()``; it is not
            shut down.
        workers: With no ``executor``: above 1, run on a process pool of this
            size; otherwise run here, one game after another.
        out: A path or text file to write the records to as JSON lines, in
            game order (failed games are left out).
        max_moves: Stop each game after this many moves (it counts as unfinished).
        players: Players per game; by default one per agent. Given, the
            agents take turns at the seats, so one agent can play itself
            (``players=2`` with one agent) or many agents can share a
            two-player game.
        progress: Called as ``progress(done, total)`` after every game.

    Returns:
        A :class:`TournamentResult`. A game that raises, or whose worker
        crashes, is in :attr:`TournamentResult.errors` with its seed; the
        other games are kept.

    Raises:
        OptionError: for no agents, a negative number of games or workers, a
            number of agents (or ``players``) the game cannot seat, or a game
            or agent that cannot be pickled when the games run on other
            processes.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from boardkit.agents import MCTSAgent, RandomAgent
        >>> result = tournament(Nim(heap=9), {"mcts": MCTSAgent(iterations=60), "random": RandomAgent()},
        ...                     games=6, seed=3)
        >>> mcts, rand = result.standings()
        >>> mcts.wins > rand.wins
        True
    """
    names, pool, count = check_tournament(game, agents, games=games, seed=seed, workers=workers, max_moves=max_moves,
                               players=players)
    tasks = [
        _Task(i, derive_seed(seed, i), seats := tuple((i + s) % len(pool) for s in range(count)), max_moves,
              tuple(names[a] for a in seats))
        for i in range(games)
    ]
    if executor is not None or (workers is not None and workers > 1 and games > 1):
        _check_pickles(game, pool)
    with contextlib.ExitStack() as owned:
        stream = owned.enter_context(open(out, "w", encoding="utf-8")) if isinstance(out, str | os.PathLike) else out
        collect = _Collector(games, stream, progress)
        try:
            if executor is not None:
                _on_executor(executor, game, pool, tasks, collect)
            elif workers is not None and workers > 1 and games > 1:
                _on_pool(workers, game, pool, tasks, collect)
            else:
                for task in tasks:
                    collect.add(_run(game, pool, task))
        except BaseException:  # interrupted: keep every game that finished
            collect.flush()
            raise
    results = tuple(collect.done[i] for i in range(games))
    seat_names = tuple(game.seat_name(p) for p in range(count))
    return TournamentResult(game.name, game.option_values(), count, names, seed, results, seat_names)

