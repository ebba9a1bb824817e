"""The authoring kit's cost: random playouts and undo/copy of the kit's
Connect Four, tic-tac-toe, Othello and Hex against the same games written by
hand in plain Python (a list board, legal moves, apply with a win check, undo);
and random playouts of the gallery's games against OpenSpiel's C++ games of
the same name, through ``pyspiel`` in the same process.

    python benchmarks/bench_kit.py --seconds 3
    python benchmarks/bench_kit.py --seconds 3 --part openspiel   # the second table only
    python benchmarks/bench_kit.py --part openspiel --only go      # one gallery game
    python benchmarks/bench_kit.py --part builds --seconds 0.5 --rounds 5 \
        --build pure=.venv/bin/python --build compiled=.venv-compiled/bin/python \
        --build before=.venv/bin/python:/tmp/before/src     # every example on each build, in turn

Prints two markdown tables. The first: playouts per second through the public
API (``legal_moves`` + ``apply``), undo+apply per second, ``copy`` per second,
and the kit's ratio to the hand-written game (the kit must stay above 0.5x).
The second: playouts per second of each gallery game through the public API
and of OpenSpiel's game through ``legal_actions`` + ``apply_action``, and how
many times faster OpenSpiel is (issue 30's target: within 8x).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, os.environ.get("BOARDKIT_BENCH_EXAMPLES") or str(Path(__file__).resolve().parents[1] / "examples"))

from amazons import Amazons
from backgammon import Backgammon
from breakthrough import Breakthrough
from chinese_checkers import ChineseCheckers
from clobber import Clobber
from connect_four import ConnectFour
from dots_and_boxes import DotsAndBoxes
from draughts import Draughts
from einstein_wurfelt_nicht import EinsteinWurfeltNicht
from go import Go
from harvest import Harvest
from havannah import Havannah
from hex import Hex
from hex_hasami import HexHasami
from k_in_a_row import KInARow
from kalah import Kalah
from lines_of_action import LinesOfAction
from nine_mens_morris import NineMensMorris
from othello import Othello
from oware import Oware
from pentago import Pentago
from quoridor import Quoridor
from tic_tac_toe import TicTacToe
from twixt import TwixT
from ultimate_tic_tac_toe import UltimateTicTacToe
from y import Y


class HandConnectFour:
    """Connect Four as one would write it by hand without boardkit."""

    def __init__(self) -> None:
        self.grid = [[0] * 6 for _ in range(7)]  # grid[column][row from the bottom]
        self.heights = [0] * 7
        self.player = 1
        self.winner = 0
        self.moves: list[int] = []
        self.count = 0

    def legal_moves(self) -> list[int]:
        if self.winner or self.count == 42:
            return []
        return [c for c in range(7) if self.heights[c] < 6]

    def apply(self, column: int) -> None:
        if column not in self.legal_moves():
            raise ValueError(column)
        row = self.heights[column]
        self.grid[column][row] = self.player
        self.heights[column] += 1
        self.count += 1
        self.moves.append(column)
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < 7 and 0 <= r < 6 and self.grid[c][r] == self.player:
                    run += 1
                    c, r = c + sign * dc, r + sign * dr
            if run >= 4:
                self.winner = self.player
        self.player = 3 - self.player

    def undo(self) -> None:
        column = self.moves.pop()
        self.heights[column] -= 1
        self.grid[column][self.heights[column]] = 0
        self.count -= 1
        self.winner = 0
        self.player = 3 - self.player

    def copy(self) -> HandConnectFour:
        twin = HandConnectFour.__new__(HandConnectFour)
        twin.grid = [col[:] for col in self.grid]
        twin.heights = self.heights[:]
        twin.player, twin.winner, twin.count, twin.moves = self.player, self.winner, self.count, self.moves[:]
        return twin


class HandTicTacToe:
    LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

    def __init__(self) -> None:
        self.cells = [0] * 9
        self.player = 1
        self.winner = 0
        self.moves: list[int] = []

    def legal_moves(self) -> list[int]:
        if self.winner:
            return []
        return [i for i in range(9) if not self.cells[i]]

    def apply(self, cell: int) -> None:
        if cell not in self.legal_moves():
            raise ValueError(cell)
        self.cells[cell] = self.player
        self.moves.append(cell)
        if any(all(self.cells[i] == self.player for i in line) for line in self.LINES):
            self.winner = self.player
        self.player = 3 - self.player

    def undo(self) -> None:
        self.cells[self.moves.pop()] = 0
        self.winner = 0
        self.player = 3 - self.player

    def copy(self) -> HandTicTacToe:
        twin = HandTicTacToe.__new__(HandTicTacToe)
        twin.cells, twin.player, twin.winner, twin.moves = self.cells[:], self.player, self.winner, self.moves[:]
        return twin


_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
#: For each of the 64 squares, the squares along each of the eight lines from it, nearest first.
_RAYS = [
    [[(c + k * dc) + 8 * (r + k * dr) for k in range(1, 8) if 0 <= c + k * dc < 8 and 0 <= r + k * dr < 8]
     for dc, dr in _STEPS]
    for r in range(8) for c in range(8)
]
_AROUND = [[ray[0] for ray in rays if ray] for rays in _RAYS]


class HandOthello:
    """Othello by hand: a list of 64 squares, flips found along precomputed
    lines from the squares next to an enemy disc, passes as move -1."""

    def __init__(self) -> None:
        self.cells = [0] * 64
        self.cells[27] = self.cells[36] = 2
        self.cells[28] = self.cells[35] = 1
        self.player = 1
        self.history: list[tuple[int, list[int]]] = []

    def flips(self, square: int, player: int) -> list[int]:
        cells, enemy, found = self.cells, 3 - player, []
        for ray in _RAYS[square]:
            run = 0
            for j in ray:
                if cells[j] == enemy:
                    run += 1
                    continue
                if run and cells[j] == player:
                    found += ray[:run]
                break
        return found

    def placements(self, player: int) -> list[int]:
        cells, enemy = self.cells, 3 - player
        near = {j for i in range(64) if cells[i] == enemy for j in _AROUND[i] if not cells[j]}
        return [s for s in sorted(near) if self.flips(s, player)]

    def legal_moves(self) -> list[int]:
        mine = self.placements(self.player)
        if mine:
            return mine
        return [-1] if self.placements(3 - self.player) else []

    def apply(self, square: int) -> None:
        if square not in self.legal_moves():
            raise ValueError(square)
        flipped = [] if square < 0 else self.flips(square, self.player)
        for i in [square, *flipped] if square >= 0 else []:
            self.cells[i] = self.player
        self.history.append((square, flipped))
        self.player = 3 - self.player

    def undo(self) -> None:
        square, flipped = self.history.pop()
        self.player = 3 - self.player
        if square >= 0:
            self.cells[square] = 0
        for i in flipped:
            self.cells[i] = 3 - self.player

    def copy(self) -> HandOthello:
        twin = HandOthello.__new__(HandOthello)
        twin.cells, twin.player, twin.history = self.cells[:], self.player, self.history[:]
        return twin


_HEX = 11
_HEX_AROUND = [
    [(q + dq) + _HEX * (r + dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
     if 0 <= q + dq < _HEX and 0 <= r + dr < _HEX]
    for r in range(_HEX) for q in range(_HEX)
]


class HandHex:
    """Hex on the 11x11 rhombus by hand: a list of cells, and after each stone
    a search from the mover's first side for the other one."""

    def __init__(self) -> None:
        self.cells = [0] * (_HEX * _HEX)
        self.player = 1
        self.winner = 0
        self.moves: list[int] = []

    def legal_moves(self) -> list[int]:
        return [] if self.winner else [i for i in range(_HEX * _HEX) if not self.cells[i]]

    def apply(self, cell: int) -> None:
        if self.winner or self.cells[cell]:
            raise ValueError(cell)
        self.cells[cell] = self.player
        self.moves.append(cell)
        # player 1 joins the top row to the bottom one, player 2 the left column to the right one
        start = range(_HEX) if self.player == 1 else range(0, _HEX * _HEX, _HEX)
        seen = {i for i in start if self.cells[i] == self.player}
        stack = list(seen)
        while stack:
            i = stack.pop()
            if (i // _HEX if self.player == 1 else i % _HEX) == _HEX - 1:
                self.winner = self.player
                break
            for j in _HEX_AROUND[i]:
                if j not in seen and self.cells[j] == self.player:
                    seen.add(j)
                    stack.append(j)
        self.player = 3 - self.player

    def undo(self) -> None:
        self.cells[self.moves.pop()] = 0
        self.winner = 0
        self.player = 3 - self.player

    def copy(self) -> HandHex:
        twin = HandHex.__new__(HandHex)
        twin.cells, twin.player, twin.winner, twin.moves = self.cells[:], self.player, self.winner, self.moves[:]
        return twin


def rate(seconds: float, work: Callable[[], int]) -> float:
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        done += work()
    return done / (time.process_time() - start)


def kit_playout(make: Callable[[], object]) -> Callable[[], int]:
    rng = random.Random(1)  # the same generator as the hand-written games, so only the game differs

    def run() -> int:
        state = make()
        while not state.is_over:  # type: ignore[attr-defined]
            moves = state.legal_moves()  # type: ignore[attr-defined]
            state.apply(moves[rng.randrange(len(moves))])  # type: ignore[attr-defined]
        return 1

    return run


def hand_playout(make: Callable[[], object]) -> Callable[[], int]:
    rng = random.Random(1)

    def run() -> int:
        state = make()
        while True:
            moves = state.legal_moves()  # type: ignore[attr-defined]
            if not moves:
                return 1
            state.apply(moves[rng.randrange(len(moves))])  # type: ignore[attr-defined]

    return run


def spiel_playout(game: object) -> Callable[[], int]:
    """Random playouts of an OpenSpiel game, moves picked as the kit's are."""
    rng = random.Random(1)

    def run() -> int:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        return 1

    return run


#: The gallery's games and OpenSpiel's games of the same name.
AGAINST_OPENSPIEL = (
    ("English draughts", Draughts, "checkers", {}),
    ("Breakthrough", Breakthrough, "breakthrough", {}),
    ("Clobber", Clobber, "clobber", {}),
    ("Go 9x9", Go, "go", {"board_size": 9}),
    ("Amazons", Amazons, "amazons", {}),
    ("Nine Men's Morris", NineMensMorris, "nine_mens_morris", {}),
    ("Kalah", Kalah, "mancala", {}),
    ("Dots and Boxes", DotsAndBoxes, "dots_and_boxes", {}),
    ("Quoridor", Quoridor, "quoridor", {}),
    ("tic-tac-toe", TicTacToe, "tic_tac_toe", {}),
    ("Connect Four", ConnectFour, "connect_four", {}),
    ("Othello", Othello, "othello", {}),
    ("Hex 11x11", Hex, "hex", {}),
    ("Backgammon", Backgammon, "backgammon", {}),
    ("Chinese checkers", ChineseCheckers, "chinese_checkers", {}),
    ("Gomoku 15x15", KInARow, "gomoku", {}),
    ("Pentago", Pentago, "pentago", {}),
    ("Ultimate tic-tac-toe", UltimateTicTacToe, "ultimate_tic_tac_toe", {}),
    ("Oware", Oware, "oware", {}),
    ("Einstein wuerfelt nicht", EinsteinWurfeltNicht, "einstein_wurfelt_nicht", {}),
    ("Havannah", Havannah, "havannah", {}),
    ("Y", Y, "y", {}),
    ("TwixT", TwixT, "twixt", {}),
    ("Lines of Action", LinesOfAction, "lines_of_action", {}),
)


def against_openspiel(seconds: float, only: str = "") -> None:
    import pyspiel

    print("| game | kit playouts/s | OpenSpiel (C++) playouts/s | OpenSpiel / kit |")
    print("|---|---:|---:|---:|")
    for label, kit_class, spiel_name, parameters in AGAINST_OPENSPIEL:
        if only.lower() not in label.lower():
            continue
        kit_game, spiel_game = kit_class(), pyspiel.load_game(spiel_name, parameters)
        kit = spiel = 0.0
        for _ in range(3):  # in turn, best of three each, as above
            kit = max(kit, rate(seconds / 3, kit_playout(lambda g=kit_game: g.new_game(seed=0))))
            spiel = max(spiel, rate(seconds / 3, spiel_playout(spiel_game)))
        print(f"| {label} | {kit:,.0f} | {spiel:,.0f} | {spiel / kit:.1f}x |")


#: Every kit example for ``--part builds``, in the table's order (HighTiles is written on State, not the kit).
EXAMPLES = (
    ("tic-tac-toe", TicTacToe),
    ("Connect Four", ConnectFour),
    ("Othello", Othello),
    ("Hex 11x11", Hex),
    ("English draughts", Draughts),
    ("Breakthrough", Breakthrough),
    ("Clobber", Clobber),
    ("Go 9x9", Go),
    ("Amazons", Amazons),
    ("Nine Men's Morris", NineMensMorris),
    ("Kalah", Kalah),
    ("Dots and Boxes", DotsAndBoxes),
    ("Quoridor", Quoridor),
    ("Harvest", Harvest),
    ("Hex Hasami", HexHasami),
    ("Backgammon", Backgammon),
    ("Chinese checkers", ChineseCheckers),
    ("Gomoku 15x15", KInARow),
    ("Pentago", Pentago),
    ("Ultimate tic-tac-toe", UltimateTicTacToe),
    ("Oware", Oware),
    ("Einstein wuerfelt nicht", EinsteinWurfeltNicht),
)


def random_games(game: object) -> Callable[[], int]:
    """Random games through the public API (``legal_moves`` + ``apply``), seeds 0, 1, ...: moves played."""
    from boardkit import Random

    seeds = iter(range(10**9))

    def run() -> int:
        seed = next(seeds)
        state = game.new_game(seed=seed)  # type: ignore[attr-defined]
        rng, moves = Random(seed), 0
        while not state.is_over and moves < 1000:
            legal = state.legal_moves()
            state.apply(legal[rng.randbelow(len(legal))])
            moves += 1
        return moves

    return run


def on_builds(seconds: float, rounds: int, builds: list[str], only: str) -> None:
    """Moves per second of every example's random games on each build (``LABEL=PYTHON[:SRC]``, SRC a
    source tree whose own ``examples`` are then used), the builds taking turns; medians of the rounds,
    and each build's ratio to the first."""
    found: dict[str, dict[str, list[float]]] = {}
    for _ in range(rounds):
        for spec in builds:
            label, _, rest = spec.partition("=")
            python, _, src = rest.partition(":")
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BOARDKIT_BENCH_EXAMPLES")}
            if src:
                env["PYTHONPATH"] = src
                env["BOARDKIT_BENCH_EXAMPLES"] = str(Path(src).parent / "examples")
            args = [python, __file__, "--child", "--seconds", str(seconds), "--only", only]
            rates = json.loads(subprocess.run(args, capture_output=True, text=True, env=env, check=True).stdout)
            for name, value in rates.items():
                found.setdefault(label, {}).setdefault(name, []).append(value)
    labels = list(found)
    medians = {label: {name: statistics.median(v) for name, v in found[label].items()} for label in labels}
    print("| example | " + " | ".join(labels) + " | " + " | ".join(f"{x} ÷ {labels[0]}" for x in labels[1:]) + " |")
    print("|---|" + "---:|" * (2 * len(labels) - 1))
    for name in medians[labels[0]]:
        cells = [f"{medians[x][name]:,.0f}" for x in labels]
        ratios = [f"{medians[x][name] / medians[labels[0]][name]:.2f}" for x in labels[1:]]
        print(f"| {name} | " + " | ".join(cells + ratios) + " |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--part", choices=("all", "hand", "openspiel", "builds"), default="all")
    parser.add_argument("--only", default="", help="only the gallery games whose name holds this text")
    parser.add_argument("--rounds", type=int, default=3, help="--part builds: rounds, the builds in turn")
    parser.add_argument("--build", action="append", default=[], metavar="LABEL=PYTHON[:SRC]")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    seconds = arguments.seconds
    if arguments.child:
        chosen = [(label, cls) for label, cls in EXAMPLES if arguments.only.lower() in label.lower()]
        print(json.dumps({label: rate(seconds, random_games(cls())) for label, cls in chosen}))
        return
    if arguments.part == "builds":
        on_builds(seconds, arguments.rounds, arguments.build, arguments.only)
        return
    if arguments.part != "hand":
        against_openspiel(seconds, arguments.only)
        print()
    if arguments.part == "openspiel":
        return
    print("| game | kit playouts/s | hand-written playouts/s | ratio | kit undo+apply/s | kit copy/s | hand copy/s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    games = [
        ("Connect Four", ConnectFour(), HandConnectFour),
        ("tic-tac-toe", TicTacToe(), HandTicTacToe),
        ("Othello", Othello(), HandOthello),
        ("Hex 11x11", Hex(), HandHex),
    ]
    for label, kit_game, hand in games:
        # Alternate the two, best of three each, so a busy moment on a shared machine
        # does not land on one side only.
        kit = plain = 0.0
        for _ in range(3):
            kit = max(kit, rate(seconds / 3, kit_playout(lambda g=kit_game: g.new_game(seed=0))))
            plain = max(plain, rate(seconds / 3, hand_playout(hand)))
        state = kit_game.new_game(seed=0)
        first = state.legal_moves()[0]
        state.apply(first)

        def undo_apply(s: object = state, m: object = first) -> int:
            for _ in range(100):
                s.undo()  # type: ignore[attr-defined]
                s.apply(m)  # type: ignore[attr-defined]
            return 100

        cycles = rate(seconds, undo_apply)
        copies = rate(seconds, lambda s=state: (s.copy(), 1)[1])
        hand_state = hand()
        hand_copies = rate(seconds, lambda h=hand_state: (h.copy(), 1)[1])
        print(
            f"| {label} | {kit:,.0f} | {plain:,.0f} | {kit / plain:.2f}x | {cycles:,.0f} | {copies:,.0f}"
            f" | {hand_copies:,.0f} |"
        )


if __name__ == "__main__":
    main()
