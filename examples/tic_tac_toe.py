"""Tic-tac-toe on the authoring kit: the rules and nothing else.

Cells are named a1 to c3, a1 top-left. X (player 0) moves first; three in a
row, column or diagonal wins; a full board is a draw.

Run it with ``boardkit play examples/tic_tac_toe.py:TicTacToe``.

Examples:
    >>> state = TicTacToe().new_game(seed=0)
    >>> for cell in ["a1", "b1", "a2", "b2", "a3"]:
    ...     state.apply(cell)
    >>> state.outcome.winner, state.outcome.reason
    (0, 'three in a row')
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import SquareGrid

BOARD = SquareGrid(3, 3, origin="top")
#: The eight lines, each as its three cells' indices (a cell's index is 3 * row + column).
LINES = [
    *([3 * r + c for c in range(3)] for r in range(3)),
    *([3 * r + c for r in range(3)] for c in range(3)),
    [0, 4, 8],
    [2, 4, 6],
]
PLACES = Place.every(BOARD)  # each move made once, in cell order


class TicTacToeState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        return self.place_moves(PLACES)

    def play(self, move: Place) -> None:
        self.put(move.cell, "XO"[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        three = self.filled(LINES)
        if three is not None:
            return Outcome.win("XO".index(three), "three in a row")
        return None if None in self.at else Outcome.draw("the board is full")


class TicTacToe(BoardGame[TicTacToeState, Place]):
    """Tic-tac-toe for two on a 3x3 board."""

    name = "tic-tac-toe"
    about = About(
        goal="Three of your marks in a row, column or diagonal wins; a full board with no line is a draw.",
        turn="Put your mark (X moves first) on an empty cell: type its name, a1 to c3, a1 top-left.",
    )
    board = BOARD
    pieces: ClassVar = {"X": "player 0", "O": "player 1"}
    moves = (Place,)
    state_class = TicTacToeState
