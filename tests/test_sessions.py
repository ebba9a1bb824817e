"""A newcomer's sessions through the real ``boardkit play`` command.

Each session runs the command as a subprocess and plays it the way a person
who knows nothing but the screen would: it asks for ``moves``, picks a move
from the numbers or the notation printed there (narrowing a long, grouped
list with ``moves WORD``, a word the screen showed), and types it. Alongside,
the test keeps its own copy of the game, moved by the moves the screen says
were played, to check that the screen shows the seat its own hidden tiles and
never another seat's. One session runs under a pseudo-terminal, to check line
editing and history.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import select
import subprocess
import sys
import time
from collections import Counter
from typing import Any

import pytest

from boardkit import games
from boardkit.chance import Random

PROMPT = re.compile(r"(\S+(?: \d)?) \((?:you|human)\)(?:: [^>\n]+)?> $")
PLAYED = re.compile(
    r"^(?:.+?) \((?:you|human|random|greedy|mcts)\) played (.+?)(?:: (?:took|scored|player|attackers|defenders).*)?$"
)
_ROOT = os.path.join(os.path.dirname(__file__), "..")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([os.path.join(_ROOT, "src"), os.path.join(_ROOT, "examples"),
                                                    os.environ.get("PYTHONPATH", "")])}


class Screen:
    """The command's screen, read until it asks for a line."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardkit", "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        self.transcript = ""

    def read(self) -> str | None:
        """Everything up to the next prompt; None once the command has ended."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        chunk = b""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                continue
            data = os.read(fd, 65536)
            if not data:
                self.transcript += chunk.decode()
                return None
            chunk += data
            text = chunk.decode(errors="replace")
            if PROMPT.search(text.splitlines()[-1] if not text.endswith("\n") else ""):
                self.transcript += text
                return text
        raise AssertionError("the command neither prompted nor ended:\n" + self.transcript[-2000:])

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def numbered(screen: str) -> dict[int, str]:
    """The numbered moves a ``moves`` listing printed: number -> notation."""
    found: dict[int, str] = {}
    listing = screen.split("legal move", 1)[-1].splitlines()[1:]
    for line in listing:
        if not line.startswith("  ") or line.endswith("> "):
            break
        for cell in re.split(r"\s{2,}", line.strip()):
            number, _, move = cell.partition(" ")
            if number.isdigit() and move:
                found[int(number)] = move
    return found


def choose(screen: Screen, text: str, rng: Random) -> tuple[str, str]:
    """What a newcomer types next, read off the screen: a number or a notation."""
    screen.type("moves")
    shown = screen.read()
    assert shown is not None
    choices = numbered(shown)
    if not choices:
        # A long list comes in groups; narrow it with a word the screen shows.
        groups = re.findall(r"^  (.+?) \(\d+(?:-\d+)?\):", shown, flags=re.M)
        assert groups, shown
        word = groups[rng.randbelow(len(groups))].split()[-1]
        screen.type(f"moves {word}")
        shown = screen.read()
        assert shown is not None
        choices = numbered(shown)
    assert choices, shown
    number = sorted(choices)[rng.randbelow(len(choices))]
    return (str(number), choices[number]) if rng.random() < 0.5 else (choices[number], choices[number])


def played(screen: str) -> list[str]:
    return [m.group(1) for line in screen.splitlines() if (m := PLAYED.match(line))]


def counts(text: str) -> Counter[str]:
    """``white 2, red 1`` or ``blank x2, garden`` as a Counter."""
    found: Counter[str] = Counter()
    text = text.strip()
    if text in ("-", "(none)", ""):
        return found
    for item in text.split(", "):
        m = re.fullmatch(r"(.+?)(?: x?(\d+))?", item)
        assert m is not None
        found[m.group(1)] += int(m.group(2) or 1)
    return found


def check_cloth_of_gold(state: Any, seat: int, screen: str) -> None:
    mine = re.search(rf"^your hand \(player {seat}\): (.*) \(only you see it\)$", screen, flags=re.M)
    assert mine is not None, screen
    assert counts(mine.group(1)) == Counter({t.value: n for t, n in state.hand(seat).items() if n})
    assert f"your hand (player {1 - seat})" not in screen
    tiles = [f"{n} tile" + ("s" if n != 1 else "") for n in (state.hand_size(0), state.hand_size(1))]
    assert f"hands    player 0: {tiles[0]}, player 1: {tiles[1]}" in screen


def check_camelot(state: Any, seat: int, screen: str) -> None:
    hidden = re.search(r"^   concealed \(only you see them\): (.*)$", screen, flags=re.M)
    assert hidden is not None, screen
    assert counts(hidden.group(1)) == Counter({str(t): n for t, n in state.concealed(seat).items() if n})
    for other in range(state.players):
        if other == seat:
            continue
        line = re.search(rf"^[ *]hand {other}: (.*); (\d+) concealed$", screen, flags=re.M)
        assert line is not None, screen
        # Only the face-up tiles, and how many are face down: never which.
        assert counts(line.group(1)) == Counter({str(t): n for t, n in state.face_up(other).items() if n})
        assert int(line.group(2)) == state.concealed(other).total()


def check_high_tiles(state: Any, seat: int, screen: str) -> None:
    mine = re.search(rf"^your hand \(player {seat}\): (.*); the rival holds (\d+) tiles$", screen, flags=re.M)
    assert mine is not None, screen
    assert sorted(int(t) for t in mine.group(1).split()) == sorted(state.hands[seat].items.elements())
    assert int(mine.group(2)) == len(state.hands[1 - seat])
    assert f"your hand (player {1 - seat})" not in screen


CHECKS = {"cloth-of-gold": check_cloth_of_gold, "camelot": check_camelot, "high_tiles:HighTiles": check_high_tiles}


def load(game: str, **options: Any) -> Any:
    """A registered game, or an example game named ``module:Class``."""
    if ":" not in game:
        return games.load(game, **options)
    module, _, name = game.partition(":")
    return getattr(__import__(module), name)(**options)


@pytest.mark.parametrize(
    ("game", "args", "turns"),
    [
        ("tafl", ["--variant", "brandubh"], 8),
        ("cloth-of-gold", [], 8),
        ("five-fields", [], 8),
        ("camelot", ["--seat", "human", "random", "random"], 8),
        # The example games, named as a user names a game of their own.
        ("high_tiles:HighTiles", [], 5),
        ("hex_hasami:HexHasami", [], 6),
        ("othello:Othello", [], 6),
        ("hex:Hex", [], 6),
        ("hex:Hex", ["--option", "size=4"], 6),
    ],
)
def test_a_newcomer_plays_from_the_screen_alone(game: str, args: list[str], turns: int) -> None:
    seed = 5
    seats = ["--seat", "human", "random"] if "--seat" not in args else []
    screen = Screen(game, *args, *seats, "--seed", str(seed))
    options: dict[str, Any] = {"variant": args[1]} if args[:1] == ["--variant"] else {}
    for flag, value in itertools.pairwise(args):
        if flag == "--option":
            key, _, text = value.partition("=")
            options[key] = json.loads(text)
    players = len(args) - 1 if "--seat" in args else 2
    twin = load(game, **options).new_game(players=players, seed=seed)
    rng = Random(seed)
    try:
        shown = screen.read()
        assert shown is not None
        opening = shown.splitlines()
        assert opening[0].endswith(f"seed {seed}") and opening[1].startswith("seats: ")
        typed = 0
        while shown is not None and typed < turns:
            for move in played(shown):
                twin.apply(move)
            assert twin.current_player == 0, shown
            check = CHECKS.get(game)
            if check is not None:  # on the board drawn last, for the seat about to move
                check(twin, 0, shown[max(0, shown.rfind(" played ")) :])
            line, notation = choose(screen, shown, rng)
            screen.type(line)
            typed += 1
            shown = screen.read()
            assert shown is not None or twin.copy() is not None
            if shown is not None:
                assert f"(you) played {notation}" in shown, shown
                assert "Traceback" not in shown
        if shown is not None:
            screen.type("quit")
            assert screen.read() is None
        assert screen.process.wait(timeout=60) == 0
        assert screen.process.stderr is not None and screen.process.stderr.read() == b""
    finally:
        screen.close()
    assert typed == turns or "won" in screen.transcript or "draw" in screen.transcript


def test_a_wrong_move_gets_the_nearest_legal_moves() -> None:
    screen = Screen("five-fields", "--seat", "human", "random", "--seed", "3")
    try:
        assert screen.read() is not None
        screen.type("move P f2-e3x")
        answer = screen.read()
        assert answer is not None
        # The nearest legal moves, not the grammar of every move form.
        assert "'move P f2-e3x' is not a move of this game" in answer
        assert "did you mean: move P f2->" in answer
        assert "regenerate" not in answer
        screen.type("quit")
        assert screen.read() is None
    finally:
        screen.close()


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_line_editing_and_history_under_a_terminal() -> None:
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the real command, on a terminal
        os.execvpe(sys.executable, [sys.executable, "-m", "boardkit", "play", "boardkit.testing:Nim",
                                    "--option", "heap=30", "--seat", "human", "random", "--seed", "1"], ENV)
    output = b""

    def until(pattern: bytes, start: int = 0) -> None:
        nonlocal output
        deadline = time.monotonic() + 60
        while pattern not in output[start:] and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if ready:
                try:
                    output += os.read(fd, 4096)
                except OSError:
                    break
        assert pattern in output[start:], output.decode(errors="replace")[-1500:]

    try:
        until(b"(you)> ")
        os.write(fd, b"take 2\r")
        until(b"(you) played take 2")
        until(b"(you)> ", output.rfind(b"played"))
        mark = len(output)
        os.write(fd, b"\x1b[A\r")  # arrow up: the last line again
        until(b"(you) played take 2", mark)
        until(b"(you)> ", output.rfind(b"played"))
        mark = len(output)
        os.write(fd, b"ake 1\x01t\r")  # type, jump to the start of the line (ctrl-a), mend it
        until(b"(you) played take 1", mark)
        assert b"invalid notation" not in output and b"^[[A" not in output
        os.write(fd, b"quit\r")
        until(b"game abandoned", mark)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_people_sharing_a_terminal_in_a_hidden_game_pass_it_on_a_cleared_screen() -> None:
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the real command, on a terminal
        os.execvpe(sys.executable, [sys.executable, "-m", "boardkit", "play", "cloth-of-gold",
                                    "--seat", "human", "human", "--seed", "4"], ENV)
    output = b""

    def until(pattern: bytes, start: int = 0) -> None:
        nonlocal output
        deadline = time.monotonic() + 60
        while pattern not in output[start:] and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if ready:
                try:
                    output += os.read(fd, 4096)
                except OSError:
                    break
        assert pattern in output[start:], output.decode(errors="replace")[-1500:]

    try:
        until(b"pass the device to player 0; press Enter when ready")
        assert b"(only you see it)" not in output
        os.write(fd, b"\r")
        until(b"player 0 (human)> ")
        assert b"your hand (player 0)" in output and b"your hand (player 1)" not in output
        mark = len(output)
        os.write(fd, b"1\r")
        until(b"pass the device to player 1; press Enter when ready", mark)
        time.sleep(0.5)  # anything the command might print before the Enter
        with contextlib.suppress(OSError):
            while select.select([fd], [], [], 0.2)[0]:
                output += os.read(fd, 4096)
        passing = output[mark:]
        # Player 0's hand is cleared off the screen and out of the scrollback; player 1's waits.
        assert b"played A-dragon/secrecy" in passing and b"\x1b[2J\x1b[H\x1b[3J" in passing
        assert b"your hand" not in passing and b"(only you see it)" not in passing
        cleared = len(output)
        os.write(fd, b"\r")
        until(b"player 1 (human)> ", cleared)
        after = output[output.rfind(b"\x1b[2J") :]
        assert b"your hand (player 1)" in after and b"your hand (player 0)" not in after
        os.write(fd, b"quit\r")
        until(b"game abandoned", cleared)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
