"""Malformed input that once got through (issue 29): undecodable typed lines
and file names, names of the wrong type, files too large to read, messages
longer than one line of 1,000 characters, and slow long records."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from boardkit import BoardkitError, GameRecord, OptionError, OptionTypeError, games
from boardkit.testing import Nim, Take

STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
TAFL = ["tafl", "--variant", "brandubh"]


def _at_most_a_gigabyte() -> None:  # a runaway read fails here instead of starving the machine
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


def run(
    args: Sequence[str | bytes], *, stdin: bytes = b"", cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        cwd=cwd,
        env=env,
        check=False,
        preexec_fn=_at_most_a_gigabyte,
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    )


def one_line(done: subprocess.CompletedProcess[str], code: int, *words: str) -> str:
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("boardkit") and len(lines[0]) <= 1000, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


# -- undecodable input under a strict UTF-8 standard input and output --------


def test_an_undecodable_typed_line_is_bad_input() -> None:
    done = run(["play", *TAFL, "--seat", "human", "random", "--seed", "1"], stdin=b"d6-f6\n\xff\xfe\n", env=STRICT)
    one_line(done, 2, "not UTF-8", "standard input")


@pytest.mark.parametrize(
    "command", [["play", *TAFL, "--seat", "random", "random"], ["simulate", *TAFL, "--games", "1"]]
)
def test_a_file_name_that_is_not_utf8_is_refused_before_any_game(tmp_path: Path, command: list[str]) -> None:
    name = b"\xff-record.json"
    done = run([*command, "--out", name], stdin=b"quit\n", cwd=tmp_path, env=STRICT)
    one_line(done, 2, "--out", "not a UTF-8 file name")
    assert list(tmp_path.iterdir()) == []
    assert done.stdout == ""


# -- names of the wrong type --------------------------------------------------


@pytest.mark.parametrize("name", [[], {}, None, 3, ["tafl"], b"tafl"])
def test_a_game_name_must_be_a_string(name: Any) -> None:
    with pytest.raises(OptionTypeError, match="must be a string") as caught:
        games.load(name)
    assert repr(name)[:10] in str(caught.value)
    with pytest.raises(OptionTypeError, match="must be a string"):
        games.register(name, Nim)
    with pytest.raises(OptionTypeError, match="must be a string"):
        games.unregister(name)
    assert "nim" not in games.names()


# -- files too large to read ----------------------------------------------------


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_replay_of_an_endless_file_is_refused_at_once() -> None:
    one_line(run(["replay", "/dev/zero"]), 2, "/dev/zero", "the file is larger than")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("skip_bad", [[], ["--skip-bad"]])
def test_analyze_of_an_endless_line_is_refused_within_the_memory_limit(skip_bad: list[str]) -> None:
    # Under a gigabyte of address space: reading the whole "line" of /dev/zero would fail with MemoryError.
    one_line(run(["analyze", "/dev/zero", *skip_bad]), 2, "/dev/zero line 1 is longer than 32 MiB")


def test_analyze_refuses_a_line_over_the_longest_record_after_good_lines(tmp_path: Path) -> None:
    good = Nim(heap=2).new_game(seed=1).to_record().to_json()
    path = tmp_path / "r.jsonl"
    path.write_bytes((good + "\n").encode() * 2 + b" " * (32 * 2**20 + 1))
    one_line(run(["analyze", str(path), "--skip-bad"]), 2, "r.jsonl line 3 is longer than 32 MiB")


def test_replay_of_an_oversized_file_is_refused_at_once(tmp_path: Path) -> None:
    from boardkit.cli import MAX_FILE

    big = tmp_path / "big.jsonl"
    with big.open("wb") as f:
        f.truncate(MAX_FILE + 1)  # sparse: nothing is written
    one_line(run(["replay", str(big)]), 2, "big.jsonl", "the file is larger than")


# -- every message one line of at most 1,000 characters, prefix included -------


def test_a_long_message_stays_within_1000_characters_with_its_prefix(tmp_path: Path) -> None:
    deep = tmp_path
    for _ in range(12):
        deep = deep / ("d" * 250)
    deep.mkdir(parents=True)
    (deep / "empty.jsonl").write_text("\n")
    line = one_line(run(["replay", str(deep / "empty.jsonl")]), 2, f"boardkit: {tmp_path}")
    assert line.endswith("...")


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "tafl", "--games", "1", "--frob\nnicate"],
        ["list", "tafl", "two\nlines"],
        ["simulate", "tafl", "--games", "1" * 5000],
        ["simulate", "tafl", "--games", "1", "--sweep", "x=" + "1," * 3000],
    ],
)
def test_usage_errors_are_one_line(args: list[str]) -> None:
    one_line(run(args), 2)


def test_an_internal_error_of_many_lines_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "buggy.py").write_text(
        "from boardkit.testing import Nim, NimState\n"
        "class BuggyState(NimState):\n"
        "    def render(self):\n"
        "        raise ZeroDivisionError('line one\\nline two\\r\\n' + 'x' * 5000)\n"
        "class Buggy(Nim):\n"
        "    def new_game(self, *, players=None, seed=None):\n"
        "        return BuggyState(self, self.check_players(players), seed)\n"
    )
    line = one_line(run(["play", "buggy.py:Buggy", "--seat", "random", "random"], cwd=tmp_path), 1, "own code")
    assert "line one line two" in line and "--debug" in line


# -- a long record loads fast: its notation is read once per distinct move -------


class CountingNim(Nim):
    """Nim that counts how often it reads notation."""

    read = 0

    def parse_move(self, text: str) -> Take:
        CountingNim.read += 1
        return super().parse_move(text)


def test_a_record_reads_each_distinct_move_once() -> None:
    game = CountingNim(heap=2001, most=2)
    state = game.new_game(seed=1)
    for _ in range(1000):
        state.apply(Take(2))
    text = state.to_record().to_json()
    CountingNim.read = 0
    record = GameRecord.from_json(text, game=game)
    assert CountingNim.read == 1
    assert record.replay(game=game) == state


def test_a_bad_move_in_a_long_record_is_still_named() -> None:
    game = Nim(heap=21)
    state = game.new_game(seed=1)
    for _ in range(3):
        state.apply("take 1")
    data = state.to_record().to_dict()
    data["moves"] = ["take 1", "take 1", "take 9", "take 1"]
    with pytest.raises(BoardkitError, match=r"move 3 \('take 9'\): illegal move"):
        GameRecord.from_dict(data, game=game)
    data["moves"] = ["take 1", "grab 1"]
    with pytest.raises(BoardkitError, match=r"move 2 \('grab 1'\): invalid notation"):
        GameRecord.from_dict(data, game=game)
    with pytest.raises(OptionError):
        games.load("chess")
