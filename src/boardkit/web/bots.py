"""Where the bots of ``boardkit serve`` think: a bounded pool of worker processes.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A bot thinking in the server's own process would hold the interpreter lock
and slow every other table, and a thread cannot be stopped. Here each move is
thought out in a separate process: at most ``workers`` at once (one per core
by default), the others queued in the order they asked; each search stops at
the think-time cap (an MCTS bot plays the best move it found by then; a bot
still thinking well past the cap is stopped and a random legal move is played
for it). Workers run at a lower priority (``nice`` 10) than the server,
so that pages are answered first when the cores are busy.
:meth:`BotPool.close` stops every worker at once, whatever it is
thinking, so the server stops within a moment.

A worker is given the rules (pickled once per game), the seed and the moves
so far, and replays the game itself: it sees what the table's state holds,
as a bot in the server did, and answers a move in notation. A game whose
rules or bot cannot be pickled (built from local functions) thinks in a
background thread instead, on a copy of the table's state: an MCTS bot still
stops at the cap, but a thread
cannot be stopped from outside, so it is waited for.

Nothing here needs the web extra.

Examples:
    >>> import asyncio
    >>> from boardkit.agents import GreedyAgent
    >>> from boardkit.testing import Nim
    >>> async def one_move() -> str:
    ...     pool = BotPool(workers=1, think=5.0)
    ...     try:
    ...         move, _ = await pool.choose(Nim(heap=3).new_game(seed=1), GreedyAgent(seed=7), 0)
    ...         return move
    ...     finally:
    ...         await pool.close()
    >>> asyncio.run(one_move())
    'take 3'
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from boardkit.chance import Random
from boardkit.errors import OptionError

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from boardkit.agents import Agent
    from boardkit.game import Game, Player, State

__all__ = ["DEFAULT_THINK", "BotPool", "default_workers"]

#: The think-time cap of one bot move, in seconds, unless told otherwise.
DEFAULT_THINK = 10.0
#: How long past the cap a bot may take before it is stopped (a random move is played for it).
_GRACE = 3.0
#: How much lower a worker's scheduling priority is than the server's (``os.nice``).
_NICE = 10
#: Games whose pickled rules the pool keeps (a worker keeps those it was sent).
_KEEP = 64


def default_workers() -> int:
    """One worker per core the server may use.

    Examples:
        >>> default_workers() >= 1
        True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class _Positions:
    """A worker's last position of each game it thought about, so that the
    next move of that game replays only the moves made since (a long game
    would otherwise cost a replay of every move, each time a bot moves).

    Examples:
        >>> from boardkit.testing import Nim
        >>> positions = _Positions()
        >>> game = Nim(heap=5)
        >>> state = positions.reach("nim", game, 2, 1, ["take 1"])
        >>> positions.reach("nim", game, 2, 1, ["take 1", "take 2"]) is state, state.heap
        (True, 2)
        >>> positions.reach("nim", game, 2, 1, ["take 2"]) is state  # taken back: replayed anew
        False
    """

    def __init__(self) -> None:
        self._kept: dict[tuple[str, int, int], tuple[tuple[str, ...], State[Any]]] = {}

    def reach(self, key: str, game: Game[Any, Any], players: int, seed: int, moves: Sequence[str]) -> State[Any]:
        """The position after ``moves`` from the start of ``game`` with ``seed``."""
        moves = tuple(moves)
        kept = self._kept.pop((key, players, seed), None)
        if kept is not None and kept[0] == moves[: len(kept[0])] and len(kept[1].history) == len(kept[0]):
            state, done = kept[1], len(kept[0])
        else:
            state, done = game.new_game(players=players, seed=seed), 0
        for text in moves[done:]:
            state.apply(game.parse_move(text))
        if len(self._kept) >= _KEEP:
            self._kept.clear()
        self._kept[key, players, seed] = (moves, state)
        return state

    def forget(self) -> None:
        """Forget every position (after a bot failed, say)."""
        self._kept.clear()


def _work(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    """A worker's loop: a job in, a move (or the error's text) out, until the pipe closes."""
    # Ctrl+C and a stop sent to the whole process group are the server's to handle: it stops its workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(_NICE)  # the pages come first: a bot thinks with what the server leaves
    games: dict[str, Game[Any, Any]] = {}
    positions = _Positions()
    while True:
        try:
            key, rules, players, seed, moves, sent, player = conn.recv()
        except (EOFError, OSError):
            return
        try:
            if rules is not None:
                if len(games) >= _KEEP:
                    games.clear()
                games[key] = pickle.loads(rules)
            agent = pickle.loads(sent)
            state = positions.reach(key, games[key], players, seed, moves)
            move = str(agent.choose(state, player))
            answer: tuple[bool, str, bytes] = (True, move, pickle.dumps(agent))
        except Exception as exc:  # the server reports a broken bot; the worker carries on
            positions.forget()
            answer = (False, f"{type(exc).__name__}: {exc}", b"")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


class _Worker:
    """One worker process and the end of its pipe."""

    def __init__(self, context: Any) -> None:
        self.conn, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(target=_work, args=(theirs,), daemon=True, name="boardkit-bot")
        self.process.start()
        theirs.close()
        self.known: set[str] = set()

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.close()
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.process.kill()

    def reap(self) -> None:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            self.process.join(0.5)


class _OverrunError(Exception):
    """A bot went on thinking well past the cap."""


class BotPool:
    """At most ``workers`` bots thinking at once, each in its own process.

    Args:
        workers: The most bots thinking at once (default: one per core);
            more wait their turn.
        think: The think-time cap of one move, in seconds.

    Raises:
        OptionError: for fewer than one worker or a cap that is not positive.
    """

    def __init__(self, workers: int | None = None, think: float = DEFAULT_THINK) -> None:
        workers = default_workers() if workers is None else workers
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise OptionError(f"bots need at least one worker, not {workers!r}")
        if not think > 0:
            raise OptionError(f"a think-time cap is a positive number of seconds, not {think!r}")
        self.workers = workers
        self.think = float(think)
        self._context = multiprocessing.get_context("spawn")
        self._idle: list[_Worker] = []
        self._free: asyncio.Semaphore | None = None
        self._all: set[_Worker] = set()
        self._rules: dict[int, tuple[Game[Any, Any], str, bytes | None]] = {}
        self._generation = 0

    @property
    def processes(self) -> int:
        """How many worker processes are running now (at most ``workers``)."""
        return sum(1 for w in self._all if w.process.is_alive())

    def pids(self) -> list[int]:
        """The process ids of the running workers."""
        return [w.process.pid for w in self._all if w.process.pid is not None and w.process.is_alive()]

    def _pickled(self, game: Game[Any, Any]) -> tuple[str, bytes | None]:
        """The game's key and pickled rules (``None`` when they do not pickle)."""
        kept = self._rules.get(id(game))
        if kept is not None and kept[0] is game:
            return kept[1], kept[2]
        rules: bytes | None
        try:
            rules = pickle.dumps(game)
        except Exception:  # local functions in the rules: the bot thinks in a thread
            rules, key = None, ""
        else:
            key = hashlib.sha256(rules).hexdigest()
        if len(self._rules) >= _KEEP:
            self._rules.clear()
        self._rules[id(game)] = (game, key, rules)
        return key, rules

    async def choose(self, state: State[Any], agent: Agent, player: Player) -> tuple[str, Agent]:
        """The move (in notation) ``agent`` plays for ``player`` in ``state``,
        thought out in a worker within the cap, and the agent as it is after
        choosing (its generator moved on); a random legal move if it thinks
        well past the cap. An agent that does not pickle (a class defined in
        a function) thinks in a background thread, which cannot be stopped:
        it is waited for, however long it takes.

        Cancelling the call stops the worker that was thinking.

        Raises:
            RuntimeError: if the bot failed (its error's text).
        """
        key, rules = self._pickled(state.game)
        moves = tuple(state.to_record().moves)
        try:
            sent = pickle.dumps(agent) if rules is not None else None
        except Exception:  # an agent of the caller's own making: it thinks in a thread
            sent = None
        try:
            if rules is None or sent is None:
                return await self._in_thread(state, agent, player), agent
            return await self._in_worker(key, rules, state, moves, sent, player)
        except _OverrunError:
            return str(state.random_move(Random(len(moves)))), agent

    async def _in_thread(self, state: State[Any], agent: Agent, player: Player) -> str:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[str] = loop.create_future()
        own = state.copy()  # the table's state goes on changing; the bot thinks on the position it was given

        def run() -> None:
            try:
                move: str | None = str(agent.choose(own, player))
                error: Exception | None = None
            except Exception as exc:
                move, error = None, exc
            with contextlib.suppress(RuntimeError):  # the server stopped meanwhile: nobody is waiting
                loop.call_soon_threadsafe(_settle, done, move, error)

        # A thread cannot be stopped: it is waited for (an MCTS bot still stops at the cap), and
        # left behind, as a daemon, when the server stops.
        threading.Thread(target=run, daemon=True, name="boardkit-bot").start()
        return await done

    async def _in_worker(
        self, key: str, rules: bytes, state: State[Any], moves: Sequence[str], sent: bytes, player: Player
    ) -> tuple[str, Agent]:
        if self._free is None:
            self._free = asyncio.Semaphore(self.workers)
        generation = self._generation
        async with self._free:
            worker = self._idle.pop() if self._idle else self._start()
            healthy = False
            try:
                rules_sent = None if key in worker.known else rules
                job = (key, rules_sent, state.players, state.seed, moves, sent, player)
                # Rules may be larger than a pipe holds, and a new worker reads only once started.
                await asyncio.to_thread(worker.conn.send, job)
                worker.known.add(key)
                ok, answer, after = await asyncio.wait_for(self._answer(worker), self.think + _GRACE)
                healthy = True
            except asyncio.TimeoutError:
                raise _OverrunError from None
            except (EOFError, OSError) as exc:
                raise RuntimeError(f"the bot's worker stopped ({exc or 'it was killed'})") from None
            finally:
                if healthy and generation == self._generation:
                    self._idle.append(worker)
                else:  # cancelled, overrun or broken: stop whatever it is thinking
                    self._drop(worker)
        if not ok:
            raise RuntimeError(answer)
        agent: Agent = pickle.loads(after)
        return answer, agent

    def _start(self) -> _Worker:
        worker = _Worker(self._context)
        self._all.add(worker)
        return worker

    def _drop(self, worker: _Worker) -> None:
        worker.kill()
        self._all.discard(worker)
        threading.Thread(target=worker.reap, daemon=True).start()

    @staticmethod
    async def _answer(worker: _Worker) -> tuple[bool, str, bytes]:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()
        loop.add_reader(fd, _settle, ready, None, None)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        answer: tuple[bool, str, bytes] = worker.conn.recv()
        return answer

    async def close(self) -> None:
        """Stop every worker now, whatever it is thinking (a later
        :meth:`choose` starts new ones)."""
        self._generation += 1
        self._free = None
        workers = list(self._all)
        self._all.clear()
        self._idle.clear()
        for worker in workers:
            worker.kill()
        for worker in workers:
            await asyncio.to_thread(worker.reap)


def _settle(future: asyncio.Future[Any], value: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(value)
