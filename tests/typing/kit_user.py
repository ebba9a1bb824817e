"""A user's kit games written as the docs show them (typed: ``BoardState[str, Step]``,
``BoardGame[RaceState, Step]``), as mypy --strict and the
project's ruff rules (RUF012 included) see them: coordinates unpack, cells
hold symbols, counts or stacks, turns come in parts, moves go on edges, and
no ``# type: ignore`` or ``current_player or 0`` is needed. Checked by
tests/test_typing.py (mypy, never run) and tests/test_kit_typing.py (ruff);
a line ending in ``# error: <text>`` must give one error that starts with
that text, and no other line any error.
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.kit import BoardGame, BoardState, Edge, Place, Step
from boardkit.topology import HexGrid, SquareGrid

BOARD = SquareGrid(8, 8, diagonals=True)
HOME = [i for i, (column, row) in enumerate(BOARD.cells) if row < 2 and column % 2 == 0]
FAR = {(column, row) for column, row in BOARD.squares if row == 7}
NORTH = BOARD.step("f3", "n")
HEXES = [q + r for q, r in HexGrid.hexagon(2).cells]


class RaceState(BoardState[str, Step]):
    def setup(self) -> None:
        for i in HOME:
            self.put(BOARD.cells[i], "xo"[self.player])

    def moves(self) -> list[Step]:
        mine = "xo"[self.player]
        found = []
        for column, row in self.cells_of(mine):
            ahead = BOARD.step((column, row), "s")
            if ahead is not None and self[ahead] is None:
                found.append(Step(self.name((column, row)), self.name(ahead)))
        return found

    def play(self, move: Step) -> None:
        piece = self[move.source]
        self.put(move.target, piece.upper() if piece and BOARD.cell(move.target) in FAR else piece)
        self.put(move.source, None)
        self.put(move.source, 3)  # error: Argument 2 to "put" of "BoardCells" has incompatible type "int"
        self.next_turn()

    def judge(self) -> Outcome | None:
        return self.no_move_loses()


class Race(BoardGame[RaceState, Step]):
    name = "race"
    board = BOARD
    pieces: ClassVar = {"x": "player 0", "o": "player 1", "X": "player 0 home", "O": "player 1 home"}
    counters: ClassVar = {"moves": 0}
    moves = (Step,)
    state_class = RaceState


class PitsState(BoardState[int, Place]):
    def setup(self) -> None:
        for column, _ in BOARD.squares[:8]:
            self.put((column, 0), 4)

    def moves(self) -> list[Place]:
        return [Place(self.name(c)) for c in BOARD.cells[:8] if self.count(c)]

    def play(self, move: Place) -> None:
        self.sow(move.cell, "e")
        total: int = self.count("a8") + (self["b8"] or 0)
        self.put("c8", total)
        self.next_turn()


class Pits(BoardGame[PitsState, Place]):
    name = "pits"
    board = BOARD
    parts: ClassVar = {"sow": "sow a pit"}
    moves = (Place,)
    state_class = PitsState


class LinesState(BoardState[str, Edge]):
    def moves(self) -> list[Edge]:
        return [Edge(self.name(a), self.name(b)) for a, b in self.empty_edges()]

    def play(self, move: Edge) -> None:
        self.put_edge(move.a, move.b, "xo"[self.player])
        if self.part == "first":
            self.next_part()
        else:
            self.next_turn()


class Lines(BoardGame[LinesState, Edge]):
    name = "lines"
    board = SquareGrid(3, 3)
    pieces: ClassVar = {"x": "player 0", "o": "player 1"}
    parts: ClassVar = {"first": "draw a line", "second": "draw another line"}
    moves = (Edge,)
    state_class = LinesState


PROMPT: str = Lines().new_game(seed=0).prompt()
