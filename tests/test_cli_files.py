"""What `boardkit analyze`, `replay` and `play` make of damaged, hand-made
or hostile input (issue 40): every file either read or refused in one typed
line (exit 2), analyze checking what it counts as replay does, and a line
pasted at the prompt refused before any work on it; the grouped `moves` list
fits the terminal it is on."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardkit import GameRecord, Outcome, RecordError, analysis
from boardkit.agents import RandomAgent
from boardkit.analysis import ratings, summarize
from boardkit.cli import main
from boardkit.games import load
from boardkit.play import tournament
from boardkit.testing import Nim

NIM = "boardkit.testing:Nim"


def command(*argv: str) -> tuple[int, str, str]:
    """Run the command in this process: its exit status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def brandubh_record() -> dict[str, Any]:
    state = load("tafl", variant="brandubh").new_game(seed=3)
    for move in ("d6-f6", "d5-b5", "d7-e7"):
        state.apply(move)
    data: dict[str, Any] = json.loads(state.to_record().to_json())
    return data


def nim_records(heap: int, games: int, seed: int) -> list[dict[str, Any]]:
    result = tournament(Nim(heap=heap), {"a": RandomAgent(), "b": RandomAgent()}, games=games, seed=seed)
    return [json.loads(r.to_json()) for r in result.records]


def write_lines(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


# -- 1. analyze checks a game of your own's records under --game, as replay does --------------------------


def test_analyze_replays_the_records_of_a_game_named_by_game(tmp_path: Path) -> None:
    good = nim_records(7, 6, 1) + nim_records(5, 4, 2)  # two option sets, as a --sweep writes
    made_up = dict(good[0], outcome={"winners": [1 - good[0]["outcome"]["winners"][0]], "scores": None,
                                     "reason": "made up"})
    illegal = dict(good[1], moves=["take 3", "take 3", "take 3"], outcome=None)  # a heap of 7 has no third 3
    path = write_lines(tmp_path / "nim.jsonl", good)
    code, out, err = command("analyze", str(path), "--game", NIM, "--json", "--ratings")
    assert code == 0, err
    assert json.loads(out)["games"] == 10 and err == ""
    for bad, says in ((made_up, "the record declares the outcome"), (illegal, "move 3")):
        path = write_lines(tmp_path / "bad.jsonl", [*good, bad])
        code, out, err = command("analyze", str(path), "--game", NIM)
        assert code == 2 and f"line 11: {says}" in err and len(err.splitlines()) == 1, err
        code, out, err = command("analyze", str(path), "--game", NIM, "--skip-bad", "--json")
        assert code == 0 and json.loads(out)["skipped"] == 1 and json.loads(out)["games"] == 10, err
        with pytest.raises(RecordError, match=says):
            ratings(str(path), game=Nim(heap=7))
    # Without --game the moves cannot be replayed: the records are counted, and the command says so.
    code, out, err = command("analyze", str(path))
    assert code == 0 and "nim" in out
    assert "'nim' is not a registered game" in err and "--game path/to/game.py" in err
    assert len(err.splitlines()) == 1


def test_records_as_values_are_taken_as_they_are_and_a_file_s_are_checked(tmp_path: Path) -> None:
    lying = GameRecord("nim", {"heap": 2, "most": 3}, 2, 0, ("take 2",), Outcome(frozenset({1}), None, "x"))
    assert summarize([lying]).seats[1].wins == 1  # a value a program made: its business
    path = tmp_path / "lying.jsonl"
    path.write_text(lying.to_json() + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 1: the record declares the outcome"):
        summarize(str(path), game=Nim(heap=2))


# -- 2. ratings scale with the games, and keep their figures -------------------------------------------------


def round_robin() -> list[GameRecord]:
    """A fixed example: five agents, three games each way, draws among them, a shared
    victory of three seats and an agent seen once in an unfinished game."""
    names = ["ann", "bob", "cat", "dan", "eve"]
    games = []
    k = 0
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            for r in range(3 if i != j else 0):
                k += 1
                v = (i * 7 + j * 3 + r * 5 + k) % 7
                winners = {0} if v < 3 + (i < j) else {1} if v < 6 else set()
                games.append(GameRecord("x", {}, 2, 0, ("m",), Outcome(frozenset(winners), None, "w"), agents=(a, b)))
    games.append(GameRecord("x", {}, 3, 0, ("m",), Outcome(frozenset({0, 1}), None, "s"), agents=("ann", "eve", "bob")))
    games.append(GameRecord("x", {}, 2, 0, ("m",), None, agents=("cat", "fay")))
    return games


#: What ratings() gave for round_robin() before its fit visited only the pairs that met
#: (agent, rating, low, high, games), every figure on the Elo scale.
OLD_FIGURES = [
    ("ann", 111.18577674805246, -34.12440079808177, 256.4959542941867, 25),
    ("dan", 86.02676817124578, -60.368372996295456, 232.42190933878703, 24),
    ("fay", -10.919593337515622, -434.32464079371636, 412.4854541186851, 1),
    ("cat", -21.499619919789254, -153.94330961017192, 110.94406977059342, 25),
    ("bob", -65.4250145556592, -207.1003649146829, 76.2503358033645, 25),
    ("eve", -99.36831710633413, -243.45187795941598, 44.71524374674771, 25),
]


def test_ratings_keep_their_figures_on_a_fixed_example() -> None:
    got = [(r.agent, r.rating, r.low, r.high, r.games) for r in ratings(round_robin())]
    assert [g[0] for g in got] == [o[0] for o in OLD_FIGURES]
    for g, o in zip(got, OLD_FIGURES, strict=True):
        assert g[1:4] == pytest.approx(o[1:4], abs=1e-4) and g[4] == o[4]


class _Watched(dict[tuple[int, int], float]):
    """The pairs' results, counting every look-up of a pair that never played."""

    def __init__(self, data: dict[tuple[int, int], float]) -> None:
        super().__init__(data)
        self.unplayed = 0

    def get(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self.unplayed += 1
        return super().get(key, default)


def test_the_fit_visits_only_the_pairs_that_met() -> None:
    """320 agents took 100 s and 6,000 a MemoryError: every step of the fit went over every pair of
    agents (and the errors inverted a matrix of them all). In a chain of 20 agents, 19 pairs met."""
    wins = _Watched({(i, i + 1): 1.0 for i in range(19)})
    strength = analysis._fit(20, wins)
    assert wins.unplayed == 0
    assert strength[0] > strength[10] > strength[19]
    many = [GameRecord("x", {}, 2, 0, ("m",), Outcome(frozenset({0}), None, "w"), agents=(f"a{i}", f"a{i + 1}"))
            for i in range(400)]
    rated = {r.agent: r for r in ratings(many)}
    assert len(rated) == 401 and rated["a0"].rating > rated["a200"].rating > rated["a400"].rating
    assert all(r.low < r.rating < r.high for r in rated.values())


# -- 3. replay: a record listing some options, and one "invalid record" -------------------------------------


def test_replay_takes_a_record_that_lists_only_some_options(tmp_path: Path) -> None:
    data = brandubh_record()
    data["options"] = {"variant": "brandubh"}  # the others are the defaults, as the library reads it
    assert GameRecord.from_dict(data).moves == ("d6-f6", "d5-b5", "d7-e7")
    path = tmp_path / "some.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = command("replay", str(path))
    assert code == 0 and "3 moves" in out, err
    nim = json.loads(Nim(heap=5).new_game(seed=1).to_record().to_json())
    nim["options"] = {"heap": 5}
    path.write_text(json.dumps(nim), encoding="utf-8")
    code, out, err = command("replay", str(path), "--game", NIM)
    assert code == 0, err
    # An option the record lists must still be the game's.
    record = GameRecord.from_dict(nim, game=Nim(heap=5))
    with pytest.raises(RecordError) as caught:
        record.replay(game=Nim(heap=6))
    assert str(caught.value).count("invalid record") == 1 and "'heap': 5" in str(caught.value)


# -- 5, 6. damaged files: one typed line each; a byte order mark is no damage -----------------------------


def damaged() -> Iterator[tuple[str, str]]:
    text = json.dumps(brandubh_record())
    for n in (1, 30, len(text) // 2, len(text) - 1):
        yield f"cut at {n}", text[:n]
    for whole in ("[]", "1", '"record"', "null", "{}", "\x00", "{\n", "1e999", "9" * 5000):
        yield f"the file {whole[:6]!r}", whole
    for key, value in (("players", "2"), ("seed", -1), ("moves", "d6-f6"), ("outcome", []), ("setup", 5),
                       ("options", [1]), ("agents", ["a"]), ("format", 3), ("seed", 10**400)):
        yield f"{key}={str(value)[:8]}", json.dumps(dict(json.loads(text), **{key: value}))
    for depth in (40, 500, 990):  # nested deeper than any game's options, short of what json parses
        nest = "[" * depth + "]" * depth
        yield f"options nested {depth}", text.replace('"variant": "brandubh"', f'"variant": "brandubh", "x": {nest}')
        yield f"setup nested {depth}", text.replace('"setup": null', f'"setup": {nest}')
    yield "nested past json", "[" * 100_000 + "]" * 100_000
    yield "a score of 400 digits", text.replace(
        '"outcome": null', '"outcome": {"winners": [0], "scores": [1, 1' + "0" * 400 + '], "reason": "x"}'
    )
    yield "a NUL in a move", text.replace("d6-f6", "d6-f6\\u0000")
    yield "a NUL byte", text[:20] + "\x00" + text[20:]
    yield "an option of 400 digits", text.replace('"first": 0', '"first": 1' + "0" * 400)


@pytest.mark.parametrize(("case", "content"), list(damaged()), ids=[c for c, _ in damaged()])
@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_a_damaged_file_is_one_typed_line(tmp_path: Path, case: str, content: str, suffix: str) -> None:
    path = tmp_path / f"damaged{suffix}"
    path.write_text(content + "\n", encoding="utf-8")
    for argv in (["replay", str(path)], ["analyze", str(path)], ["analyze", str(path), "--ratings", "--by", "agents"]):
        code, _, err = command(*argv)
        assert code == 2, (argv, err)
        assert "internal error" not in err and len(err.splitlines()) == 1, (argv, err)
        assert err.count("invalid record") <= 1, err


def test_a_file_beginning_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    text = json.dumps(brandubh_record())
    for name, content in (("one.json", text), ("lines.jsonl", text + "\n" + text + "\n"),
                          ("indented.json", json.dumps(brandubh_record(), indent=1))):
        path = tmp_path / name
        path.write_bytes(b"\xef\xbb\xbf" + content.encode("utf-8"))
        code, out, err = command("replay", str(path))
        assert code == 0, err
        code, out, err = command("analyze", str(path), "--json")
        assert code == 0 and json.loads(out)["games"] == content.count('"format"'), err
    # Only at the start: one further in is not JSON.
    path = tmp_path / "inside.jsonl"
    path.write_bytes((text + "\n\ufeff" + text + "\n").encode("utf-8"))
    code, _, err = command("analyze", str(path))
    assert code == 2 and "line 2" in err


@pytest.mark.parametrize(
    "content", [b"", b"\n", b"\n  \n\t\n", b"\xef\xbb\xbf", b"\r\n\r\n", b"\n\xc2\xa0\n"]  # the last: a no-break space
)
def test_a_file_with_no_records_is_said_so_by_replay_and_analyze_alike(tmp_path: Path, content: bytes) -> None:
    """A newcomer's report: analyze on an empty file said "invalid record", as if something in it were wrong.
    Both commands say it holds no records, in the same line, and exit 2."""
    path = tmp_path / "games.jsonl"
    path.write_bytes(content)
    said = set()
    for argv in (["replay", str(path)], ["analyze", str(path)], ["analyze", str(path), "--json", "--skip-bad"]):
        code, out, err = command(*argv)
        assert code == 2 and not out, (argv, out, err)
        said.add(err)
    assert said == {f"boardkit: {path} holds no records: it is empty or has only blank lines\n"}


def test_a_servers_database_with_no_game_archived_says_so(tmp_path: Path) -> None:
    """A reviewer's find: analyze on boardkit serve's database with no game in it said the file was empty or
    had only blank lines."""
    from boardkit.web.store import Store

    path = tmp_path / "games.sqlite"
    Store(str(path)).close()
    code, out, err = command("analyze", str(path))
    assert code == 2 and not out and err == f"boardkit: {path} holds no records: no game in its archive\n", err


def test_a_file_whose_every_line_was_skipped_says_so(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("garbage\n\n{}\n")
    code, out, err = command("analyze", str(path), "--skip-bad")
    assert code == 2 and not out and len(err.splitlines()) == 1, err
    assert "no good record, 2 bad lines skipped (line 1: not JSON" in err and "holds no records" not in err


# -- 4. a pasted line too long to be a move ------------------------------------------------------------------


def test_a_megabyte_line_is_refused_at_once_and_not_echoed(tmp_path: Path) -> None:
    typed = "a" * 1_000_000 + "\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "play", "tafl", "--variant", "brandubh", "--seat", "human", "random",
         "--seed", "1"], input=typed, capture_output=True, text=True, timeout=300, cwd=tmp_path, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "that line is 1,000,000 characters long; a move or command is at most 1,000" in done.stdout
    assert "did you mean" not in done.stdout and len(done.stdout) < 20_000  # neither matched nor echoed whole


# -- 7. on a terminal (a pty) of 80 and of 120 columns --------------------------------------------------------


def on_a_terminal(args: list[str], cwd: Path, columns: int, steps: list[tuple[bytes, bytes]]) -> str:
    """Run the command on a pseudo-terminal ``columns`` wide; at each step wait
    for its text after the last, then type its keys (written a piece at a time,
    reading the screen meanwhile); the whole screen."""
    pty = pytest.importorskip("pty")
    import fcntl
    import select
    import struct
    import termios
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the pty, of the width asked, is its terminal
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
            env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
            os.chdir(cwd)
            os.execve(sys.executable, [sys.executable, "-m", "boardkit", *args], env)
        finally:
            os._exit(127)
    screen, seen, waiting, pending = b"", 0, list(steps), b""
    deadline = time.monotonic() + 120  # a guard against a hang, not a timing
    try:
        while time.monotonic() < deadline:
            if not pending and waiting and waiting[0][0] in screen[seen:]:
                seen = screen.index(waiting[0][0], seen) + len(waiting[0][0])
                pending = waiting.pop(0)[1]
            readable, writable, _ = select.select([fd], [fd] if pending else [], [], 0.5)
            if writable:
                pending = pending[os.write(fd, pending[:1024]):]
                seen = len(screen) if not pending else seen
            if readable:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # the child has gone
                    break
                if not chunk:
                    break
                screen += chunk
    finally:
        if waiting or pending:
            os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
    assert not waiting and not pending, f"never saw {waiting[:1]!r}: {screen[-2000:]!r}"
    return screen.decode("utf-8", "replace").replace("\r", "")


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
@pytest.mark.parametrize("columns", [80, 120])
def test_the_grouped_moves_fit_the_terminal(tmp_path: Path, columns: int) -> None:
    """The grouped list of Camelot's 72 opening moves was wrapped at 100 columns after each group's
    name: 127 columns, past both an 80- and a 120-column terminal."""
    args = ["play", "camelot", "--seat", "human", "random", "--seed", "1"]
    screen = on_a_terminal(args, tmp_path, columns, [(b"> ", b"moves\r"), (b"> ", b"quit\r")])
    listed = screen[screen.index("legal moves in") :]
    lines = listed[: listed.index("> ")].splitlines()
    assert len(lines) > 5 and max(len(line) for line in lines) <= columns, "\n".join(lines)
    assert max(len(line) for line in lines) > columns - 20  # the width is used, not a narrower fixed one


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_a_pasted_long_line_on_a_terminal_is_refused_in_one_line(tmp_path: Path) -> None:
    args = ["play", "tafl", "--variant", "brandubh", "--seat", "human", "random", "--seed", "1"]
    steps = [(b"attackers (you)> ", b"d" * 5000 + b"\r"), (b"attackers (you)> ", b"quit\r")]
    screen = on_a_terminal(args, tmp_path, 80, steps)
    assert "that line is 5,000 characters long; a move or command is at most 1,000" in screen
    assert "did you mean" not in screen and "game abandoned" in screen


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_rules_and_help_wrap_at_the_terminals_width(tmp_path: Path) -> None:
    """issue 40: `rules` was wrapped at 100 columns and `help` not at all, so a 60-column terminal broke every
    long line mid-word."""
    args = ["play", "tafl", "--seat", "human", "random", "--seed", "1"]
    screen = on_a_terminal(args, tmp_path, 60, [(b"> ", b"rules\r"), (b"> ", b"help\r"), (b"> ", b"quit\r")])
    said = screen[screen.index("seats: attackers, defenders") : screen.rindex("quit ")]
    lines = [line for line in said.splitlines() if "(you)>" not in line]
    assert "rules in play:" in said and "commands:" in said
    assert max(len(line) for line in lines) < 60, "\n".join(lines)
    assert max(len(line) for line in lines) > 45  # the width is used


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_a_thinking_line_is_cut_to_a_narrow_terminal(tmp_path: Path) -> None:
    """issue 40: the live `best is thinking… 1.5 s, depth 4, 102,512 positions, ...` line was longer than a narrow
    terminal; it wrapped, and each redraw (carriage return, erase line) left its first part stacked above."""
    args = ["play", "tafl", "--variant", "brandubh", "--seat", "best@2s", "human", "--seed", "1"]
    screen = on_a_terminal(args, tmp_path, 30, [(b"(you)> ", b"quit\r")])
    drawn = [part.split("\n")[0] for part in screen.split("\x1b[K") if "thinking" in part.split("\n")[0]]
    assert drawn, screen[-2000:]
    assert max(len(line) for line in drawn) <= 29, drawn


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_a_narrow_terminal_wraps_words_and_keeps_board_rows_whole(tmp_path: Path) -> None:
    """Camelot at 48 columns: its legend, hands and an error wrap to the screen, each continued under its text;
    the board's rows, which hold tile names side by side (``Gar Gar``), are never taken for words and cut."""
    args = ["play", "camelot", "--seat", "human", "random", "--seed", "1"]
    screen = on_a_terminal(args, tmp_path, 48, [(b"(you)> ", b"b1\r"), (b"(you)> ", b"quit\r")])
    lines = screen.splitlines()
    rows = [line for line in lines if re.fullmatch(r" ?\d +\[.*\] +\d", line)]
    assert len(rows) == 8 and {len(row) for row in rows} == {48}, rows
    assert all(len(line) < 48 for line in lines if line not in rows), [line for line in lines if len(line) >= 48]
    assert "              blacksmith b1 (27)?" in lines  # "did you mean: ..." continued under its text
    hand = lines.index(next(line for line in lines if line.startswith("*hand 0: ")))
    assert lines[hand + 1].startswith(" " * 9) and not lines[hand + 1].startswith(" " * 10)
