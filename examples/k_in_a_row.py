"""k in a row (the m,n,k-game) on the authoring kit: a board whose size is an option.

Two players take turns putting a stone on any empty cell of a board
``columns`` wide and ``rows`` high; the first to make ``k`` in a line
(across, down or diagonal) wins, and a full board is a draw. Black (player
0) moves first. The defaults, 15 by 15 and five in a row, are free-style
Gomoku; ``KInARow(columns=3, rows=3, k=3)`` is tic-tac-toe. Cells are named
a1 to the top-right one, a1 the bottom-left. At its defaults it agrees with
OpenSpiel's ``gomoku`` (free-style too: six or more in a line win), and with
``columns=5, rows=4, k=4`` with OpenSpiel's ``mnk`` at ``m=5, n=4, k=4``,
over 200 random games each (``tests/test_gallery_more.py``).

The board depends on the options, so the game builds it in
:meth:`~boardkit.kit.BoardGame.make_board` rather than declaring a class
``board``, and the rules read what they need through ``self.game``: the
moves (made once per size, :func:`places`) and ``k``.

Run it with ``boardkit play examples/k_in_a_row.py:KInARow --option rows=6 --option k=4``.

Examples:
    >>> state = KInARow(columns=4, rows=3, k=3).new_game(seed=0)
    >>> print(state.render())
      a b c d
    3 . . . . 3
    2 . . . . 2
    1 . . . . 1
      a b c d
    key: B player 0 (black), W player 1 (white), . empty
    player 0 to move
    >>> for cell in ["a1", "a2", "b1", "b2", "c1"]:
    ...     state.apply(cell)
    >>> state.outcome.winner, state.outcome.reason
    (0, 'three in a line')
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.errors import OptionError
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import Cell, SquareGrid, Topology

STONES = "BW"
NUMBERS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


@functools.cache
def places(columns: int, rows: int) -> tuple[SquareGrid, list[Place]]:
    """The board of this size, built once, and a move to each of its cells
    (by cell index), for the kit's ``place_moves``."""
    grid = SquareGrid(columns, rows, diagonals=True)
    return grid, Place.every(grid)


def _fits(options: Any, attribute: Any, k: int) -> None:
    if k > max(options.columns, options.rows):
        raise OptionError(f"k={k} in a row cannot fit on a {options.columns}x{options.rows} board")


@attrs.frozen
class KInARowOptions:
    """The board's size, ``columns`` by ``rows`` (1 to 26 each), and ``k``,
    the stones in a line that win (2 or more, and no longer than the board)."""

    columns: int = attrs.field(default=15, validator=attrs.validators.in_(range(1, 27)))
    rows: int = attrs.field(default=15, validator=attrs.validators.in_(range(1, 27)))
    k: int = attrs.field(default=5, validator=[attrs.validators.ge(2), _fits])


class KInARowState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        options = self.game.options
        return self.place_moves(places(options.columns, options.rows)[1])

    def play(self, move: Place) -> None:
        self.put(move.cell, STONES[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        last, k = self.last_move, self.game.options.k  # the stone just put: only its lines are new
        if last is not None:
            if self.line(last.cell) >= k:
                return self.won(last.cell, k)
        else:  # no move made the position: the lines of every stone
            for cell in [c for c, stone in zip(self.board.cells, self.at, strict=True) if stone]:
                if self.line(cell) >= k:
                    return self.won(cell, k)
        return None if None in self.at else Outcome.draw("the board is full")

    def won(self, cell: Cell, k: int) -> Outcome:
        """The win of the player whose stone on ``cell`` stands in a line of ``k``."""
        words = NUMBERS[k - 2] if k - 2 < len(NUMBERS) else str(k)
        return Outcome.win(STONES.index(self[cell] or "B"), f"{words} in a line")


class KInARow(BoardGame[KInARowState, Place]):
    """k in a row for two on a ``columns`` by ``rows`` board (Gomoku's 15 by 15, five in a row, by default)."""

    name = "k-in-a-row"
    about = About(
        goal=(
            "Be the first to get k stones in a line (five by default), across, down or diagonally; a full board is a "
            "draw."
        ),
        turn="Put a stone on any empty cell: type its name, such as h8.",
    )
    pieces: ClassVar = {"B": "player 0 (black)", "W": "player 1 (white)"}
    moves = (Place,)
    options_class = KInARowOptions
    state_class = KInARowState

    def make_board(self) -> Topology:
        return places(self.options.columns, self.options.rows)[0]
