"""One pool of worker processes for the work applications send away: a tournament's games, a server's bots.

Match floor: it imports the core only. :func:`boardkit.play.tournament` (and so
``boardkit simulate``) and ``boardkit serve``'s bots (:mod:`boardkit.web.bots`)
run their work here and keep no processes of their own.

A :class:`WorkerPool` sends a *handler* (anything that pickles and is called
with one job: a tournament's game and agents, the server's bot thinker with its
caches) to each worker once, when it starts, then sends each job down that
worker's own pipe and reads back a :class:`Reply`: the handler's result, or
why there is none. On the way, a job may send notes ahead of its result
(:func:`report`), such as a bot's thinking line.

Nothing is shared between workers, so one that dies (or is killed) at any
moment cannot leave a lock or a queue that the others or the parent then wait
on for ever: its job is reported crashed, the jobs queued behind it go to
another worker, and a new one takes its place. A job that runs past its
deadline (:meth:`WorkerPool.run`'s) is reported overrun, and its worker is
killed. Workers ignore SIGINT
and SIGTERM, whether sent to them alone or to the whole process group (as
Ctrl-C does): the parent decides, and stops them (:meth:`WorkerPool.close`),
so that a stopped command leaves no worker behind and no traceback from one.

Jobs run in one of two ways: :meth:`WorkerPool.map` runs many from ordinary
code, a few queued in each pipe so that no worker waits for its next, and
yields the replies as they come; :meth:`WorkerPool.run` runs one from an
:mod:`asyncio` event loop on an idle worker, waiting its turn when every
worker is busy. Turns go round the jobs' owners (a server's clients): each
owner with a job waiting is served in turn, so one owner with many jobs
queued cannot hold the others back behind all of them.

Examples:
    >>> with WorkerPool(abs, workers=2) as pool:
    ...     sorted(reply.result for reply in pool.map([-3, 1, -2]))
    [1, 2, 3]
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, Literal

import attrs

from boardkit.errors import OptionError

__all__ = ["Reply", "WorkerPool", "report"]

#: The signals a worker leaves to the parent: Ctrl-C, and a supervisor's or ``kill``'s stop.
_STOPS = (signal.SIGINT, signal.SIGTERM)
#: A progress callback: ``progress(job, note)`` for each note a job sends (:func:`report`).
Progress = Callable[[Any, Any], None]
#: In a worker, the pipe its notes go down (``None`` elsewhere).
_notes: Connection | None = None


class _Turns:
    """At most ``size`` holders at once, the others served round the owners that wait.

    An owner (a server's client, a table) whose first job waits joins the end
    of the round; each place freed goes to the next owner in the round,
    which gives it to its oldest waiting job and, with more waiting, goes to
    the round's end again. So an owner with eight jobs waiting and another
    with one take turns, where first come, first served would put the one
    behind all eight.

    Examples:
        >>> async def order() -> list[str]:
        ...     turns, served = _Turns(1), []
        ...     async def job(owner: str, name: str) -> None:
        ...         await turns.acquire(owner)
        ...         served.append(name)
        ...         await asyncio.sleep(0)
        ...         turns.release()
        ...     await turns.acquire("first")  # every place is taken: the rest wait
        ...     jobs = [asyncio.create_task(job(o, n)) for o, n in [("a", "a1"), ("a", "a2"), ("a", "a3"), ("b", "b1")]]
        ...     await asyncio.sleep(0)
        ...     turns.release()
        ...     await asyncio.gather(*jobs)
        ...     return served
        >>> asyncio.run(order())
        ['a1', 'b1', 'a2', 'a3']
    """

    def __init__(self, size: int) -> None:
        self.free = size
        #: Each waiting owner's waiting jobs, oldest first.
        self.waiting: dict[Hashable, deque[asyncio.Future[None]]] = {}
        #: The owners with a job waiting, in the order they are served.
        self.round: deque[Hashable] = deque()

    async def acquire(self, owner: Hashable = None) -> None:
        """Take a place, waiting for ``owner``'s turn when none is free."""
        if self.free > 0 and not self.round:
            self.free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self.waiting.get(owner)
        if queue is None:
            queue = self.waiting[owner] = deque()
            self.round.append(owner)
        queue.append(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # given a place, then cancelled: pass it on
                self.release()
            elif future in queue:
                queue.remove(future)
                if not queue and self.waiting.get(owner) is queue:
                    del self.waiting[owner]
                    self.round.remove(owner)
            raise

    def release(self) -> None:
        """Give a place back: to the next owner in the round, if any waits."""
        while self.round:
            owner = self.round.popleft()
            queue = self.waiting[owner]
            future = queue.popleft()
            if queue:
                self.round.append(owner)
            else:
                del self.waiting[owner]
            if not future.done():
                future.set_result(None)
                return
        self.free += 1


@attrs.frozen
class Reply:
    """What came of one job: the handler's result, or why there is none.

    Attributes:
        job: The job, as it was given.
        result: What the handler returned (``None`` unless ``kind`` is ``"done"``).
        error: Why there is no result, in words (``None`` when done).
        kind: ``"done"``; ``"failed"`` (the handler raised, or its result
            would not pickle: the worker goes on); ``"crashed"`` (the worker
            ended abruptly); ``"overrun"`` (past the deadline: the worker
            was killed).

    Examples:
        >>> with WorkerPool(int, workers=1) as pool:
        ...     [(r.result, r.kind, r.error) for r in pool.map(["7", "seven"])]
        [(7, 'done', None), (None, 'failed', "ValueError: invalid literal for int() with base 10: 'seven'")]
    """

    job: Any
    result: Any = None
    error: str | None = None
    kind: Literal["done", "failed", "crashed", "overrun"] = "done"


def report(note: Any) -> None:
    """Send ``note`` (anything that pickles) from the job running in this
    worker to the pool, ahead of the job's result; outside a worker, nothing.

    Examples:
        >>> report("depth 3, score +0.25")   # not in a worker: nothing happens
    """
    if _notes is not None:
        _notes.send(("progress", note))


def _serve(conn: Connection, inherited: Sequence[int], nice: int) -> None:  # pragma: no cover - in a worker
    """A worker's life: read the handler once, then run each job sent and
    send back what came of it, until the parent closes the pipe or goes away.

    ``inherited`` are the parent's ends of the pipes, which a forked worker
    holds copies of: closed, so that the pipe ends when the parent closes it
    or dies. The worker starts with the stop signals blocked (see
    :class:`_Worker`) and takes them here.
    """
    global _notes
    for stop in _STOPS:
        signal.signal(stop, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
    for fd in inherited:
        with contextlib.suppress(OSError):
            os.close(fd)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(nice)
    try:
        handler, broken = pickle.loads(conn.recv_bytes()), None
    except (EOFError, OSError):
        return
    except Exception as exc:  # the handler cannot be rebuilt here: every job says why
        handler, broken = None, f"{type(exc).__name__}: {exc}"
    _notes = conn
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        # A job that raises, or whose result does not pickle, must not sink the worker.
        try:
            answer = ("failed", broken) if broken is not None else ("done", handler(pickle.loads(data)))
        except Exception as exc:
            answer = ("failed", f"{type(exc).__name__}: {exc}")
        try:
            message = pickle.dumps(answer)
        except Exception as exc:
            message = pickle.dumps(("failed", f"its result does not pickle: {type(exc).__name__}: {exc}"))
        try:
            conn.send_bytes(message)
        except OSError:  # the parent went away
            return


class _Worker:
    """One worker process, the parent's end of its pipe, and the jobs sent to it and not yet answered."""

    def __init__(self, pool: WorkerPool) -> None:
        self.conn, theirs = pool.context.Pipe()
        forked = pool.context.get_start_method() == "fork"
        inherited = [w.conn.fileno() for w in pool.all] + [self.conn.fileno()] if forked else []
        self.process = pool.context.Process(target=_serve, args=(theirs, inherited, pool.nice), name="boardkit-worker")
        #: The jobs sent and not yet answered, oldest (the one running) first.
        self.jobs: deque[Any] = deque()
        pool.all.append(self)  # counted before it exists, so that a stop never misses it
        # A signal in the instant before the worker has set its own handlers would run the
        # parent's in it: the worker is started with both blocked, and unblocks them itself.
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS) if hasattr(signal, "pthread_sigmask") else None
        try:
            try:
                self.process.start()
            finally:
                if mask is not None:
                    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
                theirs.close()
            self.conn.send_bytes(pool.handler)
        except BaseException:  # it could not start, or died at once, or a stop came meanwhile
            pool.all.remove(self)
            self.kill()
            raise

    def send(self, job: Any) -> None:
        data = pickle.dumps(job)
        self.jobs.append(job)
        self.conn.send_bytes(data)

    def receive(self, progress: Progress | None) -> Reply | None:
        """Read one message: a note for the oldest job (given to ``progress``; ``None`` is returned), or its reply."""
        kind, value = self.conn.recv()
        if kind == "progress":
            if progress is not None:
                progress(self.jobs[0], value)
            return None
        job = self.jobs.popleft()
        return Reply(job, value) if kind == "done" else Reply(job, error=value, kind="failed")

    def ended(self) -> str:
        """How the worker ended, in words, once its pipe has broken."""
        with contextlib.suppress(OSError, ValueError, AssertionError):
            self.process.join(1)
        code = self.process.exitcode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit status {code}"
        return f"the worker running it ended abruptly ({how})"

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.close()
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.process.kill()


class WorkerPool:
    """At most ``workers`` processes, each running ``handler`` on the jobs sent to it.

    Args:
        handler: Called in a worker with one job; what it returns is the
            job's result. It and the jobs and results must pickle (plain
            classes, functions and ``functools.partial`` of them do;
            lambdas and local functions do not). It travels once to each
            worker, and each worker keeps its own copy (caches included).
        workers: The most processes at once.
        start: The start method (``"fork"``, ``"spawn"``, ...); by default
            the platform's. A process with threads (an event loop's) should
            spawn.
        nice: How much lower the workers' scheduling priority is (``os.nice``).
        ahead: :meth:`map` only: how many jobs wait in each worker's pipe
            besides the one it runs.

    Raises:
        OptionError: for fewer than one worker.

    Examples:
        >>> with WorkerPool(len, workers=1, ahead=2) as pool:
        ...     [reply.result for reply in pool.map(["a", "bb", "ccc"])]
        [1, 2, 3]
    """

    def __init__(self, handler: Any, *, workers: int, start: str | None = None, nice: int = 0, ahead: int = 0) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise OptionError(f"a pool needs at least one worker, not {workers!r}")
        self.handler = pickle.dumps(handler)
        self.workers = workers
        self.context: Any = multiprocessing.get_context(start)
        self.nice = nice
        self.ahead = ahead
        #: Every worker running.
        self.all: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._free: _Turns | None = None

    def map(self, jobs: Iterable[Any], progress: Progress | None = None) -> Iterator[Reply]:
        """Run ``jobs`` and yield each one's :class:`Reply` as it comes (not in order).

        A worker that dies loses only the job it was running (``"crashed"``):
        the jobs queued behind it go to another worker. ``progress(job,
        note)`` is called for each note a job sends.
        """
        todo = deque(jobs)
        while todo or any(w.jobs for w in self.all):
            while todo and len(self.all) < self.workers:
                try:
                    _Worker(self)
                except OSError as exc:  # it died before it could read the handler: the next job is lost
                    yield Reply(todo.popleft(), error=f"its worker could not start: {exc}", kind="crashed")
            for worker in self.all:
                while todo and len(worker.jobs) <= self.ahead:
                    with contextlib.suppress(OSError):  # it died: wait() finds its pipe broken
                        worker.send(todo.popleft())
            busy = {w.conn: w for w in self.all if w.jobs}
            for ready in wait(list(busy)) if busy else ():
                worker = busy[ready]
                try:
                    reply = worker.receive(progress)
                except (EOFError, OSError):
                    reply = Reply(worker.jobs.popleft(), error=worker.ended(), kind="crashed")
                    todo.extendleft(reversed(worker.jobs))  # sent but never started: not lost
                    self._drop(worker)
                if reply is not None:
                    yield reply

    def _drop(self, worker: _Worker) -> None:
        """Stop ``worker`` now and forget it (it is waited for in a thread, so that an event loop goes on)."""
        with contextlib.suppress(ValueError):
            self.all.remove(worker)
        worker.kill()
        threading.Thread(target=worker.process.join, args=(5,), daemon=True).start()

    async def run(
        self, job: Any, *, deadline: float | None = None, progress: Progress | None = None, owner: Hashable = None
    ) -> Reply:
        """Run one job on an idle worker and return its :class:`Reply`, from an event loop.

        When every worker is busy, the job waits its ``owner``'s turn
        (a private round of turns): the owners with jobs waiting are served in turn,
        each its own jobs in the order they came, so that one owner's many
        jobs (a client's eight bot-against-bot tables) cannot hold back
        another's.

        A worker that dies (``"crashed"``), runs past ``deadline`` seconds
        (``"overrun"``) or whose job is cancelled is killed, and a new one is
        started for the next job. ``progress(job, note)`` is called on the
        event loop for each note the job sends.

        Examples:
            >>> async def one() -> object:
            ...     pool = WorkerPool(abs, workers=1, start="spawn")
            ...     try:
            ...         return (await pool.run(-4, deadline=60)).result
            ...     finally:
            ...         pool.close()
            >>> asyncio.run(one())
            4
        """
        if self._free is None:
            self._free = _Turns(self.workers)
        turns = self._free
        await turns.acquire(owner)
        try:
            worker = self._idle.pop() if self._idle else _Worker(self)
            reply: Reply | None = None
            try:
                await asyncio.to_thread(worker.send, job)  # a job may be more than a pipe holds
                reply = await asyncio.wait_for(self._answer(worker, progress), deadline)
            except asyncio.TimeoutError:
                reply = Reply(job, error=f"it ran past its deadline of {deadline:g} s", kind="overrun")
            except (EOFError, OSError):
                reply = Reply(job, error=await asyncio.to_thread(worker.ended), kind="crashed")
            finally:
                if reply is not None and reply.kind in ("done", "failed") and worker in self.all:
                    self._idle.append(worker)
                else:  # cancelled, overrun or broken: stop whatever it is doing
                    self._drop(worker)
        finally:
            turns.release()
        return reply

    @staticmethod
    async def _answer(worker: _Worker, progress: Progress | None) -> Reply:
        """The job's reply, once it comes; the notes before it are given to ``progress``."""
        loop = asyncio.get_running_loop()
        fd = worker.conn.fileno()
        readable = asyncio.Event()
        loop.add_reader(fd, readable.set)
        try:
            while True:
                await readable.wait()
                readable.clear()
                if (reply := worker.receive(progress)) is not None:
                    return reply
        finally:
            loop.remove_reader(fd)

    def close(self) -> None:
        """Stop every worker now, whatever it is doing (the pool may start new ones later)."""
        for worker in list(self.all):
            self._drop(worker)
        self._idle, self._free = [], None

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
