"""End-to-end tests of the ``boardkit`` command, run as a subprocess.

Games that are not registered are named by their import path, as a user does
with their own game: ``boardkit.testing:Nim``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from boardkit import GameRecord, derive_seed, games
from boardkit.testing import Nim

NIM = "boardkit.testing:Nim"


def boardkit(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardkit.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        check=False,
    )


def loadable(name: str) -> bool:
    try:
        games.load(name)
    except Exception:
        return False
    return True


def test_list() -> None:
    done = boardkit("list")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == games.names()
    assert lines[-1] == "'boardkit list GAME' shows a game's variants and options"
    # Each game's title as its about declares it, not its class docstring.
    for name, line in zip(games.names(), lines, strict=False):
        assert line.rstrip().endswith("players  " + games.load(name).about.title), line


def test_list_one_game_shows_variants_and_options_with_defaults() -> None:
    done = boardkit("list", "tafl")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "tafl: Tafl" and out[1] == "players: 2"
    assert " ".join(line.strip() for line in out[2:4]) == (
        "variants: brandubh, ard-ri, tablut, hnefatafl, tawlbwrdd, toftanes, alea-evangelii,"
        " copenhagen, fetlar, federation-brandubh, custom"
    )
    assert out[3].startswith(" " * len("variants: ")) and out[3].strip()  # wrapped under its heading
    # Every option with its type, allowed values, default and help, from the declared schema.
    squeezed = [" ".join(line.split()) for line in out]
    assert "escape one of 'edge', 'corner'; default 'edge'" in squeezed
    assert "where the King escapes: any edge square, or the corners only" in squeezed
    assert "first an int from 0 to 1; default 0" in squeezed
    nim = boardkit("list", NIM).stdout.splitlines()
    assert nim[-5:] == [
        "options (--option KEY=VALUE):",
        "  heap  an int from 1 to 100000; default 21",
        "        counters on the heap at the start",
        "  most  an int of at least 1; default 3",
        "        the most counters one may take in a turn",
    ]
    assert boardkit("list", "chess").returncode == 2


def test_a_scripted_human_session() -> None:
    script = "take 9\nfoo\nmoves\ntake 2\nundo\nundo\nredo\n2\n\nhelp\nquit\n"
    done = boardkit("play", NIM, "--option", "heap=10", "--seat", "human", "random", "--seed", "2", stdin=script)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout.splitlines()
    assert out[0:2] == ["Nim (heap=10), seed 2", "seats: player 0: you; player 1: random"]
    assert out[3] == "heap: |||||||||| (10)"
    assert out[4:11] == [
        "player 0 (you)> take 9",
        "illegal move 'take 9': at most 3 may be taken",
        "did you mean: take 1 (1), take 2 (2), take 3 (3)?",
        "type 'moves' to list the legal moves, 'help' for help",
        "player 0 (you)> foo",
        "invalid notation 'foo': a Nim move is 'take N'",
        "type 'moves' to list the legal moves, 'help' for help",
    ]
    assert out[11:14] == ["player 0 (you)> moves", "3 legal moves:", "  1 take 1  2 take 2  3 take 3"]
    assert out[14:18] == [
        "player 0 (you)> take 2",
        "player 0 (you) played take 2",
        "player 1 (random) played take 1",
        "heap: ||||||| (7)",
    ]
    # undo says it took back the bot's reply and the person's move.
    assert out[18:21] == [
        "player 0 (you)> undo",
        "took back your move take 2 and the reply take 1 by player 1 (random)",
        "heap: |||||||||| (10)",
    ]
    assert out[21:23] == ["player 0 (you)> undo", "nothing to undo: no move of yours has been played"]
    assert out[23:26] == ["player 0 (you)> redo", "played again take 2, take 1", "heap: ||||||| (7)"]
    # A number plays that move of the list: 2 is "take 2".
    assert out[26:28] == ["player 0 (you)> 2", "player 0 (you) played take 2"]
    assert "  undo                     take back your last move and the replies after it" in out
    assert out[-2:] == ["player 0 (you)> quit", "game abandoned"]


def test_end_of_input_abandons_the_game() -> None:
    done = boardkit("play", NIM, "--seat", "human", "mcts:20", "--seed", "2", stdin="take 1\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "end of input: game abandoned"


def test_a_finished_game_is_saved_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    done = boardkit(
        "play", NIM, "--option", "heap=5", "--seat", "human", "human", "--seed", "3", "--out", str(path),
        stdin="take 1\ntake 1\ntake 3\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[-2:] == ["nim: player 0 won (took the last counter)", f"record written to {path}"]
    record = GameRecord.from_json(path.read_text(encoding="utf-8"), game=Nim(heap=5))
    assert (record.seed, record.moves) == (3, ("take 1", "take 1", "take 3"))
    replayed = boardkit("replay", str(path), "--game", NIM)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.splitlines() == [
        "Nim (heap=5), 2 players, seed 3, 3 moves",
        "heap:  (0)",
        "nim: player 0 won (took the last counter)",
    ]


def test_an_abandoned_game_is_saved_unfinished(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    done = boardkit("play", NIM, "--seat", "human", "random", "--seed", "3", "--out", str(path), stdin="take 2\nquit\n")
    assert done.returncode == 0, done.stderr
    record = GameRecord.from_json(path.read_text(encoding="utf-8"), game=Nim())
    assert record.outcome is None and record.moves[0] == "take 2" and len(record.moves) == 2


def test_bots_play_each_other() -> None:
    done = boardkit("play", NIM, "--option", "heap=7", "--seat", "mcts:200", "random", "--seed", "4")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[-1] == "nim: player 0 won (took the last counter)"
    assert out[1] == "seats: player 0: mcts, 200 playouts; player 1: random"
    assert out[3] == "player 0 (mcts) played take 3"


def test_simulate_with_workers_writes_records(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    done = boardkit(
        "simulate", NIM, "--option", "heap=9", "--games", "6", "--agents", "mcts:30", "random",
        "--workers", "2", "--seed", "5", "--out", str(path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "[##############################] 6/6 games" in done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "nim: 6 games, 2 players, seed 5"
    assert out[1].split()[:6] == ["agent", "seat", "games", "wins", "draws", "losses"]
    assert [line.split()[:3] for line in out[2:4]] == [["mcts:30", "all", "6"], ["random", "all", "6"]]
    assert out[-1] == f"6 records written to {path}"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [derive_seed(5, i) for i in range(6)]
    serial = boardkit(
        "simulate", NIM, "--option", "heap=9", "--games", "6", "--agents", "mcts:30", "random", "--seed", "5",
        "--quiet",
    )  # fmt: skip
    assert serial.stdout.splitlines() == out[:-1]
    assert serial.stderr == ""
    replayed = boardkit("replay", str(path), "--game", NIM)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.splitlines()[-1] == "6 records, all valid"


def test_one_agent_plays_every_seat() -> None:
    done = boardkit("simulate", NIM, "--option", "heap=9", "--games", "4", "--agents", "greedy", "--quiet")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "nim: 4 games, 2 players, seed 0"
    rows = [line.split()[:3] for line in out[2:5]]
    # Games against itself are left out of the agent's standing and count in its seat rows only.
    assert rows == [["greedy", "all", "0"], ["greedy", "0", "4"], ["greedy", "1", "4"]]
    assert sum(int(line.split()[3]) for line in out[3:5]) == 4  # each game won by one of its two seats
    assert out[5:] == ["4 games in which one agent held every seat count in its seat rows only"]
    wrong = boardkit("simulate", NIM, "--games", "2", "--agents", "greedy", "--players", "3", "--quiet")
    assert wrong.returncode == 2
    assert wrong.stderr.startswith("boardkit: nim is played by exactly 2 players, not 3"), wrong.stderr


def test_replay_steps_through_a_game(tmp_path: Path) -> None:
    state = Nim(heap=4).new_game(seed=0)
    state.apply("take 3")
    state.apply("take 1")
    path = tmp_path / "game.json"
    path.write_text(state.to_record().to_json(), encoding="utf-8")
    done = boardkit("replay", str(path), "--step", "--game", NIM)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == [
        "heap: |||| (4)",
        "move 1: take 3",
        "heap: | (1)",
        "move 2: take 1",
        "heap:  (0)",
        "nim: player 1 won (took the last counter)",
    ]


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    state = Nim(heap=4).new_game(seed=0)
    state.apply("take 3")
    state.apply("take 1")
    data = state.to_record().to_dict()
    data["moves"] = ["take 3", "take 2"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = boardkit("replay", str(path), "--game", NIM)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"boardkit: invalid record: {path}: move 2 ('take 2'): illegal move 'take 2': only 1 left\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "boardkit: unknown game 'chess'; known games: "),
        (
            ("play", NIM, "--seat", "human", "genius"),
            "boardkit: unknown agent 'genius'; agents are random, greedy, mcts, alphabeta, expectimax or best",
        ),
        (("play", NIM, "--option", "heap"), "boardkit: an option is written KEY=VALUE, not 'heap'"),
        (("play", NIM, "--option", "heap=0"), "boardkit: heap must be a positive integer, not 0"),
        (("play", NIM, "--option", "heap=" + "9" * 4000), "boardkit: heap must be at most 100,000, not <an integer"),
        (("play", NIM, "--option", "size=3"), "boardkit: unknown option 'size' for nim; options are: 'heap', 'most'"),
        (("play", NIM, "--variant", "misere"), "boardkit: nim has no variants; set its options with --option"),
        (("play", NIM, "--seat", "human"), "boardkit: nim is played by exactly 2 players, not 1"),
        (("play", "no.such.module:Game"), "boardkit: cannot import 'no.such.module' for the game"),
        (("play", "boardkit.testing:Take"), "boardkit: 'boardkit.testing:Take' does not name a boardkit Game class"),
        (("simulate", NIM, "--games", "-1"), "boardkit: --games must be at least 1, not -1"),
        (("simulate", NIM, "--games", "0"), "boardkit: --games must be at least 1, not 0"),
        (("simulate", NIM, "--games", "2", "--agents", "mcts:0"), "boardkit: mcts:N needs a positive number"),
        (("replay", "/no/such/file.json"), "boardkit: invalid record: cannot read '/no/such/file.json'"),
    ],
)
def test_bad_input_exits_with_2(args: tuple[str, ...], message: str) -> None:
    done = boardkit(*args)
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("args", [(), ("play",), ("simulate", NIM), ("fly",), ("play", NIM, "--seed", "x")])
def test_bad_usage_exits_with_2(args: tuple[str, ...]) -> None:
    done = boardkit(*args)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1  # one line, as every other error
    assert done.stderr.startswith("boardkit") and "--help)" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n", encoding="utf-8")
    done = boardkit("replay", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith(f"boardkit: invalid record: {path} line 1: not JSON")


@pytest.mark.skipif(not loadable("tafl"), reason="tafl is not available yet")
def test_tafl_from_the_command_line(tmp_path: Path) -> None:
    done = boardkit(
        "play", "tafl", "--variant", "brandubh", "--seat", "human", "random", "--seed", "1",
        stdin="a1-a9\nmoves\nquit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "Tafl, variant brandubh, seed 1"
    assert out[1] == "seats: attackers (player 0): you; defenders (player 1): random"
    assert any(line.startswith(("illegal move 'a1-a9'", "invalid notation 'a1-a9'")) for line in out)
    assert out[-1] == "game abandoned"
    path = tmp_path / "t.jsonl"
    sim = boardkit("simulate", "tafl", "--variant", "brandubh", "--games", "2", "--agents", "greedy", "random",
                   "--out", str(path), "--quiet")  # fmt: skip
    assert sim.returncode == 0, sim.stderr
    assert boardkit("replay", str(path)).stdout.splitlines()[-1] == "2 records, all valid"


@pytest.mark.skipif(not loadable("cloth-of-gold"), reason="cloth-of-gold is not available yet")
def test_cloth_of_gold_edition_from_the_command_line() -> None:
    done = boardkit("simulate", "cloth-of-gold", "--variant", "2020", "--games", "2", "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "cloth-of-gold: 2 games, 2 players, seed 0"
    # The editions are its variants, listed as every game's are.
    listed = boardkit("list", "cloth-of-gold").stdout.splitlines()
    assert listed[2:4] == ["variants: 2023, 2020", "  (--variant VARIANT; default 2023)"]


# -- issue 28: a game file without its class, seats by name, readable replays and logs ----------------

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_a_file_that_defines_one_game_is_played_without_naming_its_class(tmp_path: Path) -> None:
    done = boardkit("play", str(EXAMPLES / "othello.py"), "--seat", "human", "random", "--seed", "1", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].endswith(", seed 1")
    assert "game abandoned" in done.stdout


def test_a_file_with_several_games_or_none_names_them_in_one_line(tmp_path: Path) -> None:
    two = tmp_path / "two.py"
    two.write_text("from boardkit.testing import Nim\n\nclass Big(Nim):\n    pass\n\nclass Small(Nim):\n    pass\n")
    done = boardkit("play", str(two), cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    # Nim is imported there, not defined: two games.
    assert f"{two}:Big or {two}:Small" in done.stderr and "defines 2 games" in done.stderr
    none = tmp_path / "none.py"
    none.write_text("X = 1\n")
    done = boardkit("play", str(none), cwd=tmp_path)
    assert done.returncode == 2 and "defines no boardkit Game class" in done.stderr


def test_help_shows_every_form_of_a_game() -> None:
    done = boardkit("play", "--help")
    assert done.returncode == 0
    assert "path/to/file.py:Class" in " ".join(done.stdout.split())


def test_tables_name_the_seats_as_the_game_does(tmp_path: Path) -> None:
    args = ("simulate", "tafl", "--variant", "brandubh", "--games", "2", "--agents", "greedy", "random", "--quiet")
    done = boardkit(*args, "--out", "r.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [line.split()[:2] for line in done.stdout.splitlines()[2:6]]
    assert rows == [["greedy", "all"], ["random", "all"], ["greedy", "attackers"], ["greedy", "defenders"]]
    done = boardkit("analyze", "r.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()[1:4]] == ["seat", "attackers", "defenders"]
    # A game that names no seat keeps the numbers.
    done = boardkit("simulate", NIM, "--games", "2", "--quiet")
    assert [line.split()[1] for line in done.stdout.splitlines()[4:6]] == ["0", "1"]


def test_replay_names_the_game_and_its_options_in_words(tmp_path: Path) -> None:
    done = boardkit("simulate", "tafl", "--variant", "brandubh", "--option", "repetition=null", "--games", "1",
                    "--quiet", "--out", "r.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = boardkit("replay", "r.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    head = done.stdout.splitlines()[0]
    assert head.startswith("Tafl, variant brandubh (repetition=None), 2 players, seed "), head
    assert "{" not in head


def test_the_progress_bar_is_plain_lines_in_a_log(tmp_path: Path) -> None:
    done = boardkit("simulate", NIM, "--games", "20", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "\r" not in done.stderr
    counts = [int(line.split()[1].split("/")[0]) for line in done.stderr.splitlines()]
    assert counts == [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20], done.stderr


# -- issue 28: on a real terminal (a pty), a bot thinking and Ctrl-C ----------------------------------


def on_a_terminal(args: list[str], cwd: Path, steps: list[tuple[bytes, bytes]]) -> tuple[int, bytes]:
    """Run the command on a pseudo-terminal and, for each step, wait until
    its text is on the screen (after what the last step waited for), then
    type its keys (``\\x03`` is Ctrl-C, which the terminal turns into
    SIGINT); read the screen to the end: the exit status and all it showed."""
    pty = pytest.importorskip("pty")
    import os
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the pty is its controlling terminal
        try:
            os.chdir(cwd)
            os.execv(sys.executable, [sys.executable, "-m", "boardkit", *args])
        finally:
            os._exit(127)
    screen, seen, waiting = b"", 0, list(steps)
    deadline = time.monotonic() + 120  # a guard against a hang, not a timing
    try:
        while time.monotonic() < deadline:
            if waiting and waiting[0][0] in screen[seen:]:
                seen = screen.index(waiting[0][0], seen) + len(waiting[0][0])
                if b"\x03" in waiting[0][1]:
                    # As a person does, not in the instant the prompt appears: CPython's
                    # readline prints the prompt and then waits in select(), and a SIGINT
                    # that lands between the two is only seen at the next key or signal.
                    time.sleep(0.3)
                os.write(fd, waiting.pop(0)[1])
                continue
            if not select.select([fd], [], [], 0.5)[0]:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child has gone: the terminal is closed
                break
            if not chunk:
                break
            screen += chunk
    finally:
        if waiting:
            os.kill(pid, 9)
        hung = time.monotonic() + 30  # a guard: a child that ignores its last key must not hang the suite
        while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < hung:
            time.sleep(0.05)
        if done[0] == 0:
            os.kill(pid, 9)
            done = os.waitpid(pid, 0)
            waiting = [(b"the command to exit", b"")]
        status = done[1]
        os.close(fd)
    assert not waiting, f"never saw {waiting[0][0]!r}: {screen[-2000:]!r}"
    return os.waitstatus_to_exitcode(status), screen


THINKING = "mcts is thinking\u2026 ".encode()


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_a_thinking_bot_is_shown_in_place_and_ctrl_c_stops_it_with_the_record_written(tmp_path: Path) -> None:
    args = ["play", "tafl", "--variant", "brandubh", "--seat", "mcts:1000000", "human", "--seed", "1",
            "--out", "game.json"]
    # The thinking line drawn, then drawn again in place with its count, then Ctrl-C.
    steps = [(b"\r\x1b[K" + THINKING, b""), (b" of 1,000,000 iterations\r\x1b[K" + THINKING, b"\x03")]
    code, screen = on_a_terminal(args, tmp_path, steps)
    text = screen.decode("utf-8", "replace")
    assert code == 130, text[-1000:]
    assert "Traceback" not in text and "boardkit: interrupted" in text
    assert "record written to game.json" in text
    record = GameRecord.from_json((tmp_path / "game.json").read_text())
    assert record.moves == () and record.outcome is None  # the bot's move never came: the game as it stood


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_ctrl_c_at_the_prompt_writes_the_game_so_far(tmp_path: Path) -> None:
    args = ["play", "tafl", "--variant", "brandubh", "--seat", "human", "random", "--seed", "1", "--out", "game.json"]
    steps = [(b"attackers (you)> ", b"D7-A7\r"), (b"attackers (you)> ", b"\x03")]
    code, screen = on_a_terminal(args, tmp_path, steps)
    text = screen.decode("utf-8", "replace")
    assert code == 130, text[-1000:]
    assert "Traceback" not in text and "boardkit: interrupted" in text and "record written to game.json" in text
    record = GameRecord.from_json((tmp_path / "game.json").read_text())
    assert len(record.moves) == 2 and record.moves[0] == "d7-a7" and record.outcome is None


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_on_a_terminal_a_lost_game_keeps_its_prompt_for_an_undo(tmp_path: Path) -> None:
    """A newcomer's report: the bot won and the command ended at once, so the losing move could not be taken
    back. On a terminal the prompt stays once the game is over; the record written is the game as it was left."""
    args = ["play", NIM, "--option", "heap=2", "--seat", "human", "greedy", "--seed", "1", "--out", "game.json"]
    steps = [(b"(you)> ", b"take 1\r"), (b"game over> ", b"undo\r"), (b"(you)> ", b"take 2\r"),
             (b"game over> ", b"quit\r")]
    code, screen = on_a_terminal(args, tmp_path, steps)
    text = screen.decode("utf-8", "replace").replace("\r", "")
    assert code == 0, text[-1000:]
    assert "player 1 won (took the last counter)\nthe game is over: 'undo' takes back your last move" in text
    assert "took back your move take 1 and the reply take 1 by player 1 (greedy)" in text
    assert "player 0 won (took the last counter)" in text and "record written to game.json" in text
    assert json.loads((tmp_path / "game.json").read_text())["moves"] == ["take 2"]
    # Lines from a pipe end with the game, as before: the undo after it is never read.
    done = boardkit(*args[:-2], stdin="take 1\nundo\n")
    assert done.returncode == 0 and done.stdout.endswith("nim: player 1 won (took the last counter)\n"), done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_ctrl_c_at_game_over_leaves_as_quit_does(tmp_path: Path) -> None:
    """A reviewer's find: Ctrl-C at ``game over>`` exited with status 130, "interrupted", though the game was
    over and its record written. It leaves as ``quit`` does: status 0, the record written."""
    args = ["play", NIM, "--option", "heap=2", "--seat", "human", "greedy", "--seed", "1", "--out", "game.json"]
    code, screen = on_a_terminal(args, tmp_path, [(b"(you)> ", b"take 1\r"), (b"game over> ", b"\x03")])
    text = screen.decode("utf-8", "replace").replace("\r", "")
    assert code == 0, text[-1000:]
    assert "Traceback" not in text and "interrupted" not in text and "record written to game.json" in text
    assert json.loads((tmp_path / "game.json").read_text())["moves"] == ["take 1", "take 1"]


def test_simulate_caps_every_game_by_default_and_says_so() -> None:
    """issue 40: a game with no end of its own between two bots that never close it ran forever."""
    from boardkit.cli import DEFAULT_MAX_MOVES

    assert DEFAULT_MAX_MOVES == 1000
    done = boardkit("simulate", "tafl", "--variant", "brandubh", "--games", "2", "--agents", "random",
                    "--max-moves", "4", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "note: 2 of 2 games reached the move cap and count as unfinished (--max-moves 4; 0 for no cap)" in (
        done.stderr
    )
    assert boardkit("simulate", NIM, "--games", "2", "--max-moves", "-1", "--quiet").returncode == 2
    finished = boardkit("simulate", NIM, "--games", "2", "--quiet")
    assert finished.returncode == 0 and "note:" not in finished.stderr


def test_replay_of_a_game_of_ones_own_says_how_to_name_it(tmp_path: Path) -> None:
    """issue 40: replaying a user game's record said only "unknown game"."""
    game = tmp_path / "mine.py"
    original = Path(__file__).resolve().parent.parent / "examples" / "tic_tac_toe.py"
    game.write_text(original.read_text().replace('"tic-tac-toe"', '"my-ttt"'))
    out = tmp_path / "r.json"
    assert boardkit("play", str(game), "--seat", "random", "random", "--seed", "1", "--out", str(out)).returncode == 0
    refused = boardkit("replay", str(out))
    assert refused.returncode == 2 and "unknown game 'my-ttt'" in refused.stderr
    assert "for a game of your own, name its file: --game path/to/game.py" in refused.stderr
    assert boardkit("replay", str(out), "--game", str(game)).returncode == 0
