"""The one worker pool (boardkit.match.pool, issue 38): a crash loses one job, an overrun is
stopped, notes come before the result in order, and workers leave stop signals to the parent."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from typing import Any

import pytest

from boardkit.errors import OptionError
from boardkit.match.pool import Reply, WorkerPool, report

# -- handlers: top-level functions, so that they travel to the workers ------------------


def crash_on_die(job: str) -> tuple[str, int]:
    """``"die"`` ends the worker at once, as a segfault or an agent's ``os._exit`` would."""
    if job == "die":
        os._exit(3)
    return job, os.getpid()


def pid_unless_bad(job: str) -> int:
    if job == "bad":
        raise ValueError("bad job")
    return os.getpid()


def talk(job: int) -> str:
    for i in range(job):
        report(f"note {i}")
    return f"said {job}"


def sleep(job: float) -> float:
    time.sleep(job)
    return job


def unpicklable(job: int) -> Any:
    return lambda: job


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


# -- map: many jobs from ordinary code --------------------------------------------------


def test_a_crashed_job_is_reported_and_the_jobs_behind_it_are_not_lost() -> None:
    # One worker with two jobs queued behind the one it runs: "die" kills it with "b" and "c"
    # waiting in its pipe; those go to the new worker.
    jobs = ["a", "die", "b", "c", "d"]
    with WorkerPool(crash_on_die, workers=1, ahead=2) as pool:
        replies = {reply.job: reply for reply in pool.map(jobs)}
    assert set(replies) == set(jobs)
    died = replies.pop("die")
    assert (died.kind, died.result) == ("crashed", None)
    assert died.error == "the worker running it ended abruptly (exit status 3)"
    assert all(r.kind == "done" and r.result[0] == r.job for r in replies.values())
    before, after = replies["a"].result[1], replies["d"].result[1]
    assert before != after  # the dead worker was replaced


def test_a_job_that_raises_or_returns_what_cannot_travel_fails_and_the_worker_goes_on() -> None:
    with WorkerPool(unpicklable, workers=1) as pool:
        (reply,) = pool.map([1])
        assert reply.kind == "failed" and reply.error is not None and "pickle" in reply.error
    with WorkerPool(pid_unless_bad, workers=1) as pool:
        replies = list(pool.map(["good", "bad", "good"]))
    assert [r.kind for r in replies] == ["done", "failed", "done"]
    assert replies[1].error == "ValueError: bad job"
    assert replies[0].result == replies[2].result  # the worker whose job failed went on with the next


def test_notes_come_in_order_before_their_result() -> None:
    seen: list[tuple[Any, Any]] = []
    with WorkerPool(talk, workers=2, ahead=1) as pool:
        for reply in pool.map([3, 0, 4], progress=lambda job, note: seen.append((job, note))):
            seen.append((reply.job, reply.result))
    for job in (3, 0, 4):
        mine = [note for j, note in seen if j == job]
        assert mine == [*(f"note {i}" for i in range(job)), f"said {job}"]


def test_a_pool_refuses_no_workers() -> None:
    with pytest.raises(OptionError, match="a pool needs at least one worker, not 0"):
        WorkerPool(abs, workers=0)


# -- run: one job from an event loop ---------------------------------------------------


def test_run_reports_a_crash_and_the_next_job_gets_a_new_worker() -> None:
    async def go() -> tuple[Reply, Reply, int]:
        pool = WorkerPool(crash_on_die, workers=1, start="spawn")
        try:
            died = await pool.run("die", deadline=60)
            fine = await pool.run("fine", deadline=60)
            return died, fine, len(pool.all)
        finally:
            pool.close()

    died, fine, workers = run(go())
    assert (died.job, died.kind) == ("die", "crashed")
    assert died.error == "the worker running it ended abruptly (exit status 3)"
    assert (fine.kind, fine.result[0]) == ("done", "fine") and workers == 1


def test_an_overrunning_job_is_stopped_and_its_worker_replaced() -> None:
    async def go() -> tuple[Reply, int, Reply]:
        pool = WorkerPool(sleep, workers=1, start="spawn")
        try:
            await pool.run(0.0, deadline=60)
            pid = pool.all[0].process.pid
            late = await pool.run(600.0, deadline=0.5)
            assert pool.all == []  # the worker that overran is gone
            return late, pid or 0, await pool.run(0.0, deadline=60)
        finally:
            pool.close()

    late, pid, after = run(go())
    assert (late.kind, late.result, late.error) == ("overrun", None, "it ran past its deadline of 0.5 s")
    assert after.kind == "done"
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:  # killed, then reaped
        time.sleep(0.01)
    assert not os.path.exists(f"/proc/{pid}")


def test_run_gives_the_notes_before_the_result() -> None:
    async def go() -> list[Any]:
        seen: list[Any] = []
        pool = WorkerPool(talk, workers=1, start="spawn")
        try:
            reply = await pool.run(5, deadline=60, progress=lambda job, note: seen.append((job, note)))
            seen.append(reply.result)
            seen.append((await pool.run(2, deadline=60)).result)  # no listener: the notes are dropped
        finally:
            pool.close()
        return seen

    assert run(go()) == [*((5, f"note {i}") for i in range(5)), "said 5", "said 2"]


def test_cancelling_a_job_stops_its_worker() -> None:
    async def go() -> int:
        pool = WorkerPool(sleep, workers=1, start="spawn")
        try:
            task = asyncio.create_task(pool.run(600.0))
            while not pool.all:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            return len(pool.all)
        finally:
            pool.close()

    assert run(go()) == 0


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signals")
@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_workers_leave_sigint_and_sigterm_to_the_parent(start: str) -> None:
    # Sent while the worker starts (before it has set its own handlers) and while it works: it
    # finishes its job, and only the parent stops it.
    async def go() -> Reply:
        pool = WorkerPool(sleep, workers=1, start=start)
        try:
            task = asyncio.create_task(pool.run(1.0, deadline=60))
            while not pool.all or pool.all[0].process.pid is None:
                await asyncio.sleep(0)
            pid = pool.all[0].process.pid
            for _ in range(5):
                os.kill(pid, signal.SIGINT)
                os.kill(pid, signal.SIGTERM)
                await asyncio.sleep(0.1)
            return await task
        finally:
            pool.close()

    reply = run(go())
    assert (reply.kind, reply.result) == ("done", 1.0)
