"""Where the bots of ``boardkit serve`` think: a bounded pool of worker processes.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A bot thinking in the server's own process would hold the interpreter lock
and slow every other table, and a thread cannot be stopped. Here each move is
thought out in a separate process: at most ``workers`` at once (one per core
by default), the others queued in turn by the client that set their
table up (each client's bots in the order they asked); each search stops at
the think-time cap (an MCTS bot plays the best move it found by then; a bot
still thinking well past the cap is stopped and a random legal move is played
for it). Workers run at a lower priority (``nice`` 10) than the server,
so that pages are answered first when the cores are busy.
:meth:`BotPool.close` stops every worker at once, whatever it is
thinking, so the server stops within a moment.

A worker is given the rules (pickled once per game, read once by each
worker), the seed and the moves
so far, and replays the game itself: it sees what the table's state holds,
as a bot in the server did, and answers a move in notation. A game whose
rules or bot cannot be pickled (built from local functions) thinks in a
background thread instead, on a copy of the table's state: an MCTS bot still
stops at the cap, but a thread
cannot be stopped from outside, so it is waited for.

The processes are a :class:`~boardkit.match.pool.WorkerPool`'s: a worker
that dies is replaced, and Ctrl-C or a stop sent to the server's process
group is the server's to handle, not the workers'. While a bot with a
thinking line (:meth:`AlphaBetaAgent.progress
<boardkit.agents.AlphaBetaAgent.progress>`: depth, positions and score) thinks
in a worker, the line is given to :meth:`BotPool.choose`'s ``progress`` every
half second.

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
import concurrent.futures
import contextlib
import hashlib
import os
import pickle
import threading
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from boardkit.chance import Random
from boardkit.errors import OptionError
from boardkit.match.pool import WorkerPool, report

if TYPE_CHECKING:
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
#: How often a worker sends the thinking line of the bot it runs, in seconds.
_EVERY = 0.5


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


@contextlib.contextmanager
def _watched(agent: Any) -> Iterator[None]:
    """While ``agent`` thinks, send its thinking line (its ``progress()``, if
    it has one) every :data:`_EVERY` seconds; no line is sent once the block
    has ended (the move is sent after it)."""
    done = threading.Event()

    def watch() -> None:  # pragma: no cover - runs in the worker process
        while not done.wait(_EVERY):
            report(agent.progress())

    watcher = threading.Thread(target=watch, daemon=True, name="boardkit-thinking")
    if callable(getattr(agent, "progress", None)):
        watcher.start()
    try:
        yield
    finally:
        done.set()
        if watcher.is_alive():
            watcher.join()


class _Thinker:
    """A worker's side of the bots: the rules of each game it was sent, and
    its last position of each, so that the next move of that game replays
    only the moves made since (a long game would otherwise cost a replay of
    every move, each time a bot moves).

    A job is the game's key and pickled rules (read once by each worker), its
    players, seed and moves, the pickled agent, its player, and whether to
    send its thinking line; the answer is the move in notation and the agent
    after choosing.

    Examples:
        >>> from boardkit.testing import Nim
        >>> thinker = _Thinker()
        >>> thinker.games["nim"] = Nim(heap=5)
        >>> state = thinker.reach("nim", 2, 1, ["take 1"])
        >>> thinker.reach("nim", 2, 1, ["take 1", "take 2"]) is state, state.heap
        (True, 2)
        >>> thinker.reach("nim", 2, 1, ["take 2"]) is state  # taken back: replayed anew
        False
    """

    def __init__(self) -> None:
        self.games: dict[str, Game[Any, Any]] = {}
        self.kept: dict[tuple[str, int, int], tuple[tuple[str, ...], State[Any]]] = {}

    def __call__(self, job: tuple[Any, ...]) -> tuple[str, Agent]:  # pragma: no cover - runs in the worker process
        key, rules, players, seed, moves, sent, player, watch = job
        try:
            if key not in self.games:
                if len(self.games) >= _KEEP:
                    self.games.clear()
                self.games[key] = pickle.loads(rules)
            agent: Agent = pickle.loads(sent)
            state = self.reach(key, players, seed, moves)
            with _watched(agent) if watch else contextlib.nullcontext():
                move = str(agent.choose(state, player))
        except Exception:  # the server reports a broken bot; the worker carries on, forgetting every position
            self.kept.clear()
            raise
        return move, agent

    def reach(self, key: str, players: int, seed: int, moves: Sequence[str]) -> State[Any]:
        """The position after ``moves`` from the start of game ``key`` with ``seed``."""
        game = self.games[key]
        moves = tuple(moves)
        kept = self.kept.pop((key, players, seed), None)
        if kept is not None and kept[0] == moves[: len(kept[0])] and len(kept[1].history) == len(kept[0]):
            state, done = kept[1], len(kept[0])
        else:
            state, done = game.new_game(players=players, seed=seed), 0
        for text in moves[done:]:
            state.apply(game.parse_move(text))
        if len(self.kept) >= _KEEP:
            self.kept.clear()
        self.kept[key, players, seed] = (moves, state)
        return state


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
        # Spawned: the server's threads (the event loop's) must not be forked.
        self._pool = WorkerPool(_Thinker(), workers=workers, start="spawn", nice=_NICE)
        self._rules: dict[int, tuple[Game[Any, Any], str, bytes | None]] = {}

    @property
    def processes(self) -> int:
        """How many worker processes are running now (at most ``workers``)."""
        return len(self.pids())

    def pids(self) -> list[int]:
        """The process ids of the running workers."""
        return [w.process.pid for w in self._pool.all if w.process.pid is not None and w.process.is_alive()]

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

    async def choose(
        self,
        state: State[Any],
        agent: Agent,
        player: Player,
        progress: Callable[[str], None] | None = None,
        *,
        owner: Hashable = None,
    ) -> tuple[str, Agent]:
        """The move (in notation) ``agent`` plays for ``player`` in ``state``,
        thought out in a worker within the cap, and the agent as it is after
        choosing (its generator moved on); a random legal move if it thinks
        well past the cap. An agent that does not pickle (a class defined in
        a function) thinks in a background thread, which cannot be stopped:
        it is waited for, however long it takes.

        ``progress``, if given, is called on the event loop with the bot's
        thinking line (``depth 5, 120,448 positions, score +0.25``) every
        half second while it thinks in a worker, for a bot that has one
        (:meth:`AlphaBetaAgent.progress <boardkit.agents.AlphaBetaAgent.progress>`).

        When every worker is busy, the bot waits its ``owner``'s turn (the
        client that set the table up): waiting owners are served in turn, so
        one client's many tables cannot keep another's bot waiting behind
        all of theirs.

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
        if rules is None or sent is None:
            return await self._in_thread(state, agent, player), agent

        job = (key, rules, state.players, state.seed, moves, sent, player, progress is not None)
        tell = None if progress is None else lambda _, line: progress(line)
        reply = await self._pool.run(job, deadline=self.think + _GRACE, progress=tell, owner=owner)
        if reply.kind == "overrun":
            return str(state.random_move(Random(len(moves)))), agent
        if reply.error is not None:  # the bot failed, or its worker died
            raise RuntimeError(reply.error if reply.kind == "failed" else f"the bot's worker stopped ({reply.error})")
        chosen: tuple[str, Agent] = reply.result
        return chosen

    async def _in_thread(self, state: State[Any], agent: Agent, player: Player) -> str:
        done: concurrent.futures.Future[str] = concurrent.futures.Future()
        done.set_running_or_notify_cancel()  # so that it is never cancelled under the thread, which sets it
        own = state.copy()  # the table's state goes on changing; the bot thinks on the position it was given

        def run() -> None:
            try:
                done.set_result(str(agent.choose(own, player)))
            except Exception as exc:
                done.set_exception(exc)

        # A thread cannot be stopped: it is waited for (an MCTS bot still stops at the cap), and
        # left behind, as a daemon, when the server stops.
        threading.Thread(target=run, daemon=True, name="boardkit-bot").start()
        return await asyncio.wrap_future(done)

    async def close(self) -> None:
        """Stop every worker now, whatever it is thinking (a later
        :meth:`choose` starts new ones)."""
        self._pool.close()

