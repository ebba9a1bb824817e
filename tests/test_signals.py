"""SIGINT and SIGTERM stop the command at any moment (issue 29).

Sent to the main process alone (as a supervisor or ``kill`` sends it) or to
its whole process group (as Ctrl-C does), from the moment the command takes
the signals to the last game, each stops ``simulate``, ``play``, ``analyze``
and ``serve`` within 2 seconds: exit status 130 or 143, one line on standard
error, no traceback from any process, the records written so far whole and
valid, and no worker process left behind. The soak sends them many times
over at many moments, four runs at a time.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import pytest
from processes import children

from boardkit import GameRecord

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/status").exists() or not hasattr(os, "killpg"),
    reason="reads processes and their signal handlers from /proc",
)

#: The longest a stop may take, from the signal to the exit of the last process.
PROMPT = 2.0
STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}
WORD = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
SCRIPT = Path(sys.executable).with_name("boardkit")  # the console script, where installed
BAR = re.compile(r"\[[#.]+\] \d+/\d+ games")  # simulate's progress bar
SIMULATE = ["simulate", "tafl", "--variant", "brandubh", "--games", "400", "--agents", "mcts:20", "random", "--quiet"]


def command(args: Sequence[str], *, script: bool = False) -> list[str]:
    if script and SCRIPT.exists():
        return [str(SCRIPT), *args]
    return [sys.executable, "-m", "boardkit", *args]


#: Every run shows where it is stuck when it hangs (on SIGABRT, see ``stop``).
ENV = {**os.environ, "PYTHONFAULTHANDLER": "1"}


def caught(pid: int) -> int:
    """The signals ``pid`` has handlers for (``SigCgt``), as a bit mask."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigCgt:")), 0)


def alive(pid: int) -> bool:
    """Whether ``pid`` is running or a zombie."""
    return Path(f"/proc/{pid}").exists()


class Stop(NamedTuple):
    """One stop of the soak: which signal, to whom, and when: ``moment``
    seconds after the command took the signals or (``playing``) after it
    wrote its first game."""

    signum: signal.Signals
    group: bool
    moment: float
    workers: bool
    script: bool = False
    ignoring: bool = False  # started as a shell starts a background job: SIGINT ignored
    playing: bool = False


def stop(
    args: Sequence[str],
    how: Stop,
    folder: Path,
    *,
    ready: Callable[[], bool] | None = None,
    stdin: int | None = subprocess.DEVNULL,
) -> tuple[subprocess.CompletedProcess[str], set[int], str | None]:
    """Run the command, send the signal and wait for the end; what it said,
    the processes it started, and what went wrong (``None`` if nothing)."""
    argv = command(args, script=how.script)
    if how.ignoring:  # as a shell starts `boardkit ... &`: with SIGINT ignored
        argv = ["/bin/sh", "-c", 'trap "" INT; exec "$@"', "sh", *argv]
    process = subprocess.Popen(
        argv,
        cwd=folder,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        start_new_session=True,
    )
    problem = None
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while not caught(process.pid) >> (signal.SIGTERM - 1) & 1:  # the command has taken the signals
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the command never took SIGTERM")
            time.sleep(0.002)
        start = time.monotonic()
        while ready is not None and not ready():
            seen |= children(process.pid)
            if process.poll() is not None or time.monotonic() - start > 60:
                raise AssertionError(f"the command ended or stalled before the signal: {process.returncode}")
            time.sleep(0.01)
        start = time.monotonic()
        while time.monotonic() - start < how.moment:
            seen |= children(process.pid)
            time.sleep(0.01)
        seen |= children(process.pid)
        sent = time.monotonic()
        if how.group:
            os.killpg(process.pid, how.signum)
        else:
            os.kill(process.pid, how.signum)
        out, err = process.communicate(timeout=30)  # the pipes close when every process has let go of them
        took = time.monotonic() - sent
        if took > PROMPT:
            problem = f"took {took:.2f} s to stop"
    except subprocess.TimeoutExpired:
        os.kill(process.pid, signal.SIGABRT)  # the fault handler prints where each thread is
        try:
            out, err = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
        problem = f"hung: {err[-3000:]}"
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    done = subprocess.CompletedProcess(process.args, process.returncode, out, err)
    expected = [f"boardkit: {WORD[how.signum]}"]
    if problem is None and done.returncode != STATUS[how.signum]:
        problem = f"exit status {done.returncode}, not {STATUS[how.signum]}"
    said = [line for line in err.splitlines() if line.strip() and not BAR.fullmatch(line)]
    if problem is None and said != expected:
        problem = f"said {err!r}, not one line {expected[0]!r}"
    deadline = time.monotonic() + 2
    while any(alive(pid) for pid in seen) and time.monotonic() < deadline:
        time.sleep(0.01)
    if problem is None and any(alive(pid) for pid in seen):
        problem = f"processes {sorted(p for p in seen if alive(p))} outlived it"
    return done, seen, problem


def whole_records(path: Path) -> str | None:
    """What is wrong with a stopped run's records, if anything: each line a whole, valid record, once."""
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        return f"{path.name} ends in the middle of a line"
    seeds = []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            record = GameRecord.from_json(line)
        except Exception as exc:
            return f"{path.name} line {n}: {exc}"
        if record.agents is None or record.outcome is None:
            return f"{path.name} line {n} is not a finished game of the tournament"
        seeds.append(record.seed)
    if len(set(seeds)) != len(seeds):
        return f"{path.name} holds a game twice"
    return None


# -- the soak: simulate, stopped many times over --------------------------------

#: When: while the command starts (imports, checks, workers starting), then while games are played.
MOMENTS = [(0.0, False), (0.02, False), (0.06, False), (0.15, False), (0.3, False), (0.0, True), (0.4, True)]
SOAK = [
    Stop(signum, group, moment, workers, script=i % 2 == 0, ignoring=signum == signal.SIGINT and i % 3 == 0,
         playing=playing)
    for i, (signum, group, (moment, playing), workers) in enumerate(
        (signum, group, when, workers)
        for signum in (signal.SIGINT, signal.SIGTERM)
        for group in (False, True)
        for when in MOMENTS
        for workers in (True, False)
    )
]


def test_the_soak_is_large_enough() -> None:
    assert len(SOAK) >= 50
    assert {s.signum for s in SOAK} == {signal.SIGINT, signal.SIGTERM}
    assert {(s.group, s.workers, s.script, s.ignoring, s.playing) for s in SOAK} >= {(False, True, True, True, True)}


def test_simulate_stops_cleanly_at_any_moment(tmp_path: Path) -> None:
    """The soak: every stop of :data:`SOAK`, four at a time, in about a minute."""

    def one(number: int, how: Stop) -> str | None:
        folder = tmp_path / str(number)
        folder.mkdir()
        args = [*SIMULATE, "--out", "r.jsonl", *(["--workers", "2"] if how.workers else [])]
        out = folder / "r.jsonl"
        playing = (lambda: out.exists() and out.read_text().count("\n") >= 1) if how.playing else None
        _, seen, problem = stop(args, how, folder, ready=playing)
        problem = problem or whole_records(out)
        if problem is None and how.workers and how.playing and len(seen) < 2:
            problem = f"workers {sorted(seen)} were seen, not two"
        return None if problem is None else f"{how}: {problem}"

    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=4) as pool:
        problems = [p for p in pool.map(one, range(len(SOAK)), SOAK) if p is not None]
    assert not problems, "\n".join(problems)
    assert time.monotonic() - start < 240


# -- the other commands ------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("group", [False, True])
def test_play_stops_while_bots_think_or_a_person_is_asked(tmp_path: Path, signum: signal.Signals, group: bool) -> None:
    bots = ["play", "tafl", "--variant", "brandubh", "--seat", "mcts:5000", "mcts:5000", "--out", "game.json"]
    _, _, problem = stop(bots, Stop(signum, group, 0.5, False), tmp_path)
    assert problem is None, problem
    saved = tmp_path / "game.json"
    if saved.exists():  # stopped in the game (not while it started): the game so far, as 'quit' writes it
        assert GameRecord.from_json(saved.read_text()).outcome is None
    person = ["play", "tafl", "--variant", "brandubh", "--seat", "human", "random"]
    _, _, problem = stop(person, Stop(signum, group, 0.5, False), tmp_path, stdin=subprocess.PIPE)
    assert problem is None, problem


@pytest.fixture(scope="module")
def many_records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    args = ["simulate", "tafl", "--variant", "brandubh", "--games", "40", "--agents", "random", "greedy"]
    done = subprocess.run(
        command([*args, "--quiet", "--out", "some.jsonl"]), cwd=folder, capture_output=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = (folder / "some.jsonl").read_text().splitlines()
    (folder / "many.jsonl").write_text("\n".join(lines * 200) + "\n")
    return folder / "many.jsonl"


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("moment", [0.0, 0.4])
def test_analyze_stops(tmp_path: Path, many_records: Path, signum: signal.Signals, moment: float) -> None:
    _, _, problem = stop(["analyze", str(many_records), "--branching"], Stop(signum, True, moment, False), tmp_path)
    assert problem is None, problem


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("group", [False, True])
def test_serve_stops(tmp_path: Path, signum: signal.Signals, group: bool) -> None:
    pytest.importorskip("uvicorn")
    port = free_port()

    def listening() -> bool:
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    _, _, problem = stop(["serve", "tafl", "--port", str(port)], Stop(signum, group, 0.0, False), tmp_path,
                         ready=listening)
    assert problem is None, problem


def test_a_stopped_progress_bar_leaves_one_line_after_it(tmp_path: Path) -> None:
    args = [a for a in SIMULATE if a != "--quiet"]
    out = tmp_path / "r.jsonl"
    done, _, problem = stop(
        [*args, "--workers", "2", "--out", "r.jsonl"],
        Stop(signal.SIGTERM, False, 0.0, True),
        tmp_path,
        ready=lambda: out.exists() and out.read_text().count("\n") >= 1,
    )
    assert problem is None, problem
    *bars, last = done.stderr.splitlines()  # written to a pipe: plain lines, no redraws
    assert last == "boardkit: terminated" and all(BAR.fullmatch(line) for line in bars), done.stderr
    assert "\r" not in done.stderr and done.stderr.endswith("\n")
    assert whole_records(out) is None
    assert all(json.loads(line)["outcome"] for line in out.read_text().splitlines())


# -- start-up: the signals are taken before anything heavy is imported ---------------------------------


def test_importing_boardkit_imports_nothing_heavy() -> None:
    """``import boardkit`` (which the command's entry point runs first) loads
    no submodule: each name of the package is imported when first used."""
    code = (
        "import sys, boardkit\n"
        # boardkit._compiled is the compiled build's one-line list of its modules
        "print(sorted(m for m in sys.modules if m.startswith(('boardkit', 'networkx', 'attrs'))\n"
        "             and m != 'boardkit._compiled'))\n"
        "from boardkit import Game, capture, COMPILED\n"
        "print(Game.__module__, capture.__name__, isinstance(COMPILED, bool))\n"
        "names = {}\n"
        "for name in boardkit.__all__:\n"
        "    exec(f'from boardkit import {name} as found', names)\n"
        "    assert names['found'] is getattr(boardkit, name), name\n"
        "print(sorted(boardkit.__all__) == sorted(n for n in dir(boardkit) if n in boardkit.__all__))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.splitlines() == ["['boardkit']", "boardkit.game boardkit.capture True", "True"], done.stderr


@pytest.mark.parametrize("moment", [0.0, 0.005, 0.01, 0.02, 0.04, 0.08, 0.15])
@pytest.mark.parametrize("args", [["list"], SIMULATE[:-1]], ids=["list", "simulate"])
def test_a_signal_while_the_command_starts_stops_it_without_a_traceback(
    tmp_path: Path, moment: float, args: list[str]
) -> None:
    """From the moment the entry point has taken the signals, before the
    command, the games or the agents are imported, SIGINT stops it in one line."""
    done, _, problem = stop(args, Stop(signal.SIGINT, True, moment, False), tmp_path)
    if done.returncode == 0 and args == ["list"]:  # `list` finished before the signal came
        return
    assert problem is None, problem
    assert "Traceback" not in done.stderr


def test_a_signal_the_instant_its_handler_is_installed_is_caught(capsys: pytest.CaptureFixture[str]) -> None:
    """The window of the old race (issue 29: about one stop in 200 died of an
    uncaught SIGINT, exit -2): a signal whose handler runs right after it is
    installed, before the command was inside its ``try``."""
    from boardkit import cli

    real = signal.signal

    def installing(signum: int, handler: object) -> object:
        previous = real(signum, handler)  # type: ignore[arg-type]
        if signum == signal.SIGTERM and callable(handler) and not isinstance(handler, signal.Handlers):
            signal.raise_signal(signal.SIGINT)  # the handler runs before this returns
        return previous

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        signal.signal = installing  # type: ignore[assignment]
        status = cli.main(["list"])
    finally:
        signal.signal = real
    assert status == 130
    assert capsys.readouterr().err == "boardkit: interrupted\n"
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before  # put back


#: Python run as the command is, with SIGINT raised the moment a module starts to import.
INTERRUPTED_IMPORT = """
import runpy, signal, sys

MODULE = sys.argv[1]

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == MODULE:
            sys.meta_path.remove(self)
            signal.raise_signal(signal.SIGINT)  # Ctrl-C, while that module imports
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["boardkit", *sys.argv[2:]]
runpy.run_module("boardkit", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    "module", ["boardkit.cli", "boardkit.errors", "argparse", "boardkit.specs", "networkx", "boardkit.agents"]
)
def test_ctrl_c_while_the_command_imports_is_one_line(module: str) -> None:
    """Ctrl-C while the command imports itself, the games or the agents: one
    line and exit status 130, never a ``KeyboardInterrupt`` traceback (the
    entry point takes the signals before it imports anything heavy)."""
    args = [module, *SIMULATE[:-1], "--games", "2"]
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_IMPORT, *args], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 130, done.stderr
    assert [line for line in done.stderr.splitlines() if not BAR.fullmatch(line)] == ["boardkit: interrupted"]


#: A command whose signal's handler runs inside a finalizer (here a weakref callback), where
#: Python only prints exceptions and goes on: then it works on for five seconds.
SWALLOWED = """
import signal, sys, time, weakref
from boardkit import cli

class Thing:
    pass

def finalizer(ref):
    signal.raise_signal(signal.SIGINT)  # its handler runs here, and its KeyboardInterrupt is swallowed

def work(argv):
    thing = Thing()
    ref = weakref.ref(thing, finalizer)
    del thing
    for _ in range(500):
        time.sleep(0.01)
    return 0

cli._run = work
sys.argv = ["boardkit"]
sys.exit(cli.main())
"""


def test_a_stop_swallowed_by_a_finalizer_is_raised_again() -> None:
    """The hang of issue 29 (the command went on after "interrupted" was due,
    and later signals were ignored): a stop raised in a finalizer is raised
    again outside it, in one line."""
    done = subprocess.run([sys.executable, "-c", SWALLOWED], capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (130, "boardkit: interrupted\n")
