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

from boardkit import Outcome
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import SquareGrid

BOARD = SquareGrid(3, 3, origin="top")
LINES = [
    *([(c, r) for c in range(3)] for r in range(3)),
    *([(c, r) for r in range(3)] for c in range(3)),
    [(i, i) for i in range(3)],
    [(i, 2 - i) for i in range(3)],
]


class TicTacToeState(BoardState):
    def moves(self) -> list[Place]:
        return [Place(self.name(cell)) for cell in self.empty()]

    def play(self, move: Place) -> None:
        self.put(move.cell, "XO"[self.current_player or 0])
        self.next_turn()

    def judge(self) -> Outcome | None:
        for line in LINES:
            first = self[line[0]]
            if first is not None and all(self[cell] == first for cell in line):
                return Outcome.win("XO".index(first), "three in a row")
        return None if self.empty() else Outcome.draw("the board is full")


class TicTacToe(BoardGame):
    """Tic-tac-toe for two on a 3x3 board."""

    name = "tic-tac-toe"
    board = BOARD
    pieces = {"X": "player 0", "O": "player 1"}
    moves = (Place,)
    state_class = TicTacToeState
