"""Connect Four on the authoring kit: the rules and nothing else.

Seven columns of six; a move is the column a disc is dropped in, "1" to "7"
from the left. Four in a line (across, down or diagonal) wins; a full board
is a draw. Red (player 0) moves first.

Run it with ``boardkit play examples/connect_four.py:ConnectFour``.

Examples:
    >>> state = ConnectFour().new_game(seed=0)
    >>> for column in "1212121":
    ...     state.apply(column)
    >>> state.outcome.winner, state.outcome.reason
    (0, 'four in a line')
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, line_table
from boardkit.topology import SquareGrid, Topology

WIDTH, HEIGHT = 7, 6
BOARD = SquareGrid(WIDTH, HEIGHT, diagonals=True)


@attrs.frozen
class Drop:
    """Drop a disc in a column, written "1" to "7" from the left."""

    column: int

    def __str__(self) -> str:
        return str(self.column + 1)

    @classmethod
    def every(cls, board: Topology) -> list[Drop]:
        return list(DROPS)

    @classmethod
    def parse(cls, text: str, board: Topology) -> Drop | None:
        text = text.strip()
        return DROPS[int(text) - 1] if text in {str(c + 1) for c in range(WIDTH)} else None


DROPS = tuple(Drop(c) for c in range(WIDTH))
#: The drop into each column by its top cell's index (None for the other cells), for the kit's place_moves.
TOPS = [DROPS[column] if row == 0 else None for column, row in BOARD.cells]
#: Every four cells in a line, by index, each line once.
FOURS = line_table(BOARD, 4)


class ConnectFourState(BoardState[str, Drop]):
    def moves(self) -> list[Drop]:
        return self.place_moves(TOPS)

    def play(self, move: Drop) -> None:
        cell = self.slide((move.column, 0), "s")  # from the top of the column down
        self.put(cell, "RY"[self.player])
        self.set("_last", cell)  # "_": the rules' bookkeeping, not shown on the board
        self.next_turn()

    def judge(self) -> Outcome | None:
        last = self.counter("_last")
        if last is not None and self.line(last) >= 4:
            return Outcome.win("RY".index(self[last] or "R"), "four in a line")
        return None if self.legal_moves() else Outcome.draw("the board is full")

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player``, from -1 to 1: the lines
        of four that one side alone has begun (the other can no longer make
        four there), each worth more the more discs it holds."""
        if self.is_over:
            return super().evaluate(player)  # 1 won, -1 lost, 0 drawn
        cells, score, player = self.at, 0, self.check_player(player)  # a seat of this game, else a boardkit error
        for four in FOURS:
            line = [cells[i] for i in four]
            for side, disc in enumerate("RY"):
                if line.count(disc) + line.count(None) == 4 and disc in line:
                    score += line.count(disc) ** 2 * (1 if side == player else -1)
        return score / (abs(score) + 20)


class ConnectFour(BoardGame[ConnectFourState, Drop]):
    """Connect Four for two on a 7x6 board."""

    name = "connect-four"
    about = About(goal="Four of your discs in a line, across, down or diagonal, win; a full board is a draw.",
                  turn="Drop a disc into a column: type its number, 1 to 7 from the left (red first).")
    board = BOARD
    pieces: ClassVar = {"R": "player 0 (red)", "Y": "player 1 (yellow)"}
    colours: ClassVar = {"R": "#d32f2f", "Y": "#fbc02d"}
    counters: ClassVar = {"_last": None}
    column_labels: ClassVar = [str(drop) for drop in DROPS]  # a column is named as its move is
    moves = (Drop,)
    state_class = ConnectFourState
