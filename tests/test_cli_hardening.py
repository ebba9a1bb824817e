"""The command never shows a traceback, checks its input before it starts,
loads games from files and modules, and stops cleanly on Ctrl-C and SIGTERM."""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import children as children_of

from boardkit import GameRecord

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardkit", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def refused(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) <= 1000, done.stderr
    assert words in lines[0]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe\x00\x01", "not UTF-8"),
        (b"[" * 100_000, "not JSON"),
        (b'{"format": 2, "game": "tafl"}', "missing field"),
    ],
)
def test_replay_of_a_bad_file_is_one_line(tmp_path: Path, content: bytes, words: str) -> None:
    (tmp_path / "bad.json").write_bytes(content)
    refused(run("replay", "bad.json", cwd=tmp_path), words)


def test_out_problems_are_found_before_any_game(tmp_path: Path) -> None:
    refused(run("simulate", "tafl", "--games", "1", "--out", "missing/r.jsonl", cwd=tmp_path), "cannot write")
    refused(run("simulate", "tafl", "--games", "1", "--out", str(tmp_path), cwd=tmp_path), "cannot write")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", ":", "--games", "1"], "a game is"),
        (["simulate", "nim:", "--games", "1"], "a game is"),
        (["simulate", "nofile.py:Game", "--games", "1"], "no file"),
        (["simulate", "hex_hasami.py:Nope", "--games", "1"], "does not name a boardkit Game"),
        (["simulate", "tafl", "--games", "2", "--workers", "100000"], "--workers must be an integer from 1 to"),
        (["simulate", "tafl", "--games", "2", "--workers", "0"], "--workers must be an integer from 1 to"),
        (["simulate", "tafl", "--games", "2", "--option", "x=" + "[" * 50_000], "unknown option 'x'"),
        (["simulate", "tafl", "--gmaes", "2"], "see boardkit simulate --help"),
        (["frobnicate"], "see boardkit --help"),
        # issue 40: `--iterations 0` meant the default while `mcts:0` was refused; both are refused now.
        (["simulate", "tafl", "--games", "1", "--iterations", "0"], "--iterations must be 1 to 10,000,000 playouts"),
        (["play", "tafl", "--iterations", "-5"], "--iterations must be 1 to 10,000,000 playouts, not -5"),
        # Options and flags that were silently dropped, and an unknown flag said by its own command.
        (["serve", "--option", "size=9", "--port", "1"], "--option sets the options of the GAME served first"),
        (["simulate", "tafl", "--variant", "brandubh", "-o", "variant=tablut", "--games", "1"], "given twice"),
        (["simulate", "tafl", "-o", "escape=edge", "-o", "escape=corner", "--games", "1"], "'escape' is given twice"),
        (["play", "camelot", "--players", "3", "--seat", "human", "random"], "--players 3 and 2 --seat kinds disagree"),
        (["play", "tafl", "--bogus"], "boardkit play: unrecognized arguments: --bogus (see boardkit play --help)"),
        (["--bogus", "list"], "boardkit: unrecognized arguments: --bogus (see boardkit --help)"),
        (["simulate", "tafl", "-o", "first=1", "--sweep", "first=0,1", "--games", "1"], "and --option first="),
        (["simulate", "tafl", "--variant", "brandubh", "--sweep", "variant=tablut", "--games", "1"], "and --variant"),
    ],
)
def test_bad_usage_is_one_line(tmp_path: Path, args: list[str], words: str) -> None:
    shutil.copy(EXAMPLES / "hex_hasami.py", tmp_path)
    refused(run(*args, cwd=tmp_path), words)


def test_replay_of_another_games_record_says_whose_it_is(tmp_path: Path) -> None:
    """issue 40 (a newcomer's report): a Tafl record replayed with --game of their own said "unknown option
    'variant' for ..."."""
    shutil.copy(EXAMPLES / "hex_hasami.py", tmp_path)
    assert run("simulate", "tafl", "--variant", "brandubh", "--games", "1", "--out", "r.jsonl", "--quiet",
               cwd=tmp_path).returncode == 0
    refused(run("replay", "r.jsonl", "--game", "hex_hasami.py:HexHasami", cwd=tmp_path),
            "r.jsonl is a record of 'tafl', not of 'hex-hasami' (hex_hasami.py:HexHasami)")


def test_replay_of_a_game_class_without_a_name_still_works(tmp_path: Path) -> None:
    """A reviewer's catch: the check above compared the record's game with the spec when the class named no
    game, and refused its own records."""
    (tmp_path / "noname.py").write_text(
        "from boardkit.testing import Nim\n\n\nclass Plain(Nim):\n    name = ''\n", encoding="utf-8"
    )
    script = (
        "import sys; sys.path.insert(0, '.')\n"
        "from noname import Plain\nfrom boardkit.agents import RandomAgent\nfrom boardkit.play import play_game\n"
        "open('plain.json', 'w').write(play_game(Plain(), [RandomAgent(), RandomAgent()], seed=1).to_json())\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=tmp_path, check=True, timeout=60)
    done = run("replay", "plain.json", "--game", "noname.py:Plain", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_broken_user_module_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("raise RuntimeError('boom')\n")
    refused(run("simulate", "broken.py:Game", "--games", "1", cwd=tmp_path), "RuntimeError: boom")


def test_games_load_from_a_file_and_from_the_current_directory(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "hex_hasami.py", tmp_path)
    by_file = run("simulate", "hex_hasami.py:HexHasami", "--games", "2", "--workers", "2", "--quiet", cwd=tmp_path)
    assert by_file.returncode == 0, by_file.stderr
    assert by_file.stdout.startswith("hex-hasami: 2 games")
    by_module = run("simulate", "hex_hasami:HexHasami", "--games", "2", "--quiet", cwd=tmp_path)
    assert by_module.returncode == 0, by_module.stderr
    assert by_module.stdout.splitlines()[0] == by_file.stdout.splitlines()[0]
    elsewhere = run("simulate", f"{tmp_path}/hex_hasami.py:HexHasami", "--games", "1", "--quiet", cwd=tmp_path.parent)
    assert elsewhere.returncode == 0, elsewhere.stderr


def test_an_internal_error_says_so_in_one_line_and_debug_shows_the_traceback(tmp_path: Path) -> None:
    (tmp_path / "buggy.py").write_text(
        "from boardkit.testing import Nim, NimState\n"
        "class BuggyState(NimState):\n"
        "    def render(self):\n"
        "        raise ZeroDivisionError('oops')\n"
        "class Buggy(Nim):\n"
        "    def new_game(self, *, players=None, seed=None):\n"
        "        return BuggyState(self, self.check_players(players), seed)\n"
    )
    done = run("play", "buggy.py:Buggy", "--seat", "random", "random", cwd=tmp_path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "error in the game's own code: ZeroDivisionError: oops at buggy.py:4" in done.stderr
    assert "--debug" in done.stderr and "internal error" not in done.stderr  # not boardkit's bug to report
    debug = run("--debug", "play", "buggy.py:Buggy", "--seat", "random", "random", cwd=tmp_path)
    assert "Traceback" in debug.stderr


def test_a_game_state_without_its_moves_is_the_games_to_mend_not_a_bug_to_report(tmp_path: Path) -> None:
    """A newcomer's find: a kit game whose state class leaves out moves() (state_class = BoardState, as the
    drawing guide has it) was called boardkit's bug, "please report it"."""
    (tmp_path / "dots.py").write_text(
        "from boardkit.kit import BoardGame, BoardState\n"
        "from boardkit.topology import SquareGrid\n"
        "class Dots(BoardGame):\n"
        "    name, board, state_class = 'dots', SquareGrid(3, 3), BoardState\n"
        "    pieces = {'X': 'player 0', 'O': 'player 1'}\n"
    )
    done = run("play", "dots.py:Dots", "--seat", "random", "random", cwd=tmp_path)
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "error in the game's own code: NotImplementedError: BoardState does not define moves()" in done.stderr


def test_a_bug_of_boardkits_own_is_an_internal_error_to_report(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardkit import cli

    monkeypatch.setattr(cli, "_list", functools.partial(int, "x"))  # fails in boardkit's frame, no user code
    assert cli.main(["list"]) == 1
    err = capsys.readouterr().err
    assert "boardkit: internal error: TypeError:" in err and "this is a bug: please report it" in err


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads child processes from /proc")
@pytest.mark.parametrize(
    ("how", "code", "workers"),
    [("int-group", 130, "2"), ("term", 143, "2"), ("int-group", 130, None), ("term", 143, None)],
)
def test_simulate_stops_cleanly_on_signals(tmp_path: Path, how: str, code: int, workers: str | None) -> None:
    out = tmp_path / "r.jsonl"
    args = ["simulate", "tafl", "--variant", "brandubh", "--games", "500", "--agents", "mcts:20", "random"]
    args += ["--out", str(out), "--quiet", *(["--workers", workers] if workers else [])]
    process = subprocess.Popen(
        [sys.executable, "-m", "boardkit", *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and not (out.exists() and out.read_text().count("\n") >= 2):
            time.sleep(0.1)
        assert out.exists() and out.read_text().count("\n") >= 2, "no game finished in time"
        children = children_of(process.pid)
        if workers:
            assert children, "the workers were not found"
        if how == "int-group":  # Ctrl-C reaches the whole foreground process group
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == code, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(c) for c in children):
        time.sleep(0.1)
    assert not any(_alive(c) for c in children), "a worker process outlived the command"
    lines = out.read_text().splitlines()
    assert 2 <= len(lines) < 500
    for line in lines:
        assert GameRecord.from_json(line).agents is not None
    assert all(json.loads(line)["outcome"] for line in lines)
