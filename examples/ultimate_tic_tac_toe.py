"""Ultimate tic-tac-toe on the authoring kit, as OpenSpiel's
``ultimate_tic_tac_toe`` plays it.

A 9x9 board of nine small tic-tac-toe boards, three by three: columns a to
i from the left and rows 1 to 9 from the top, ``a1`` the top left. X
(player 0) moves first, anywhere. Each mark sends the other player to the
small board that sits where the mark sits in its own board (a mark in the
top-right square of a small board sends the other player to the top-right
board); sent to a board that is already decided, or at the first move,
a player may play on any board still open. Three in a row on a small board
wins it, and a full small board without one is drawn and counts for nobody.
Three small boards won in a row win the game; when every small board is
decided without that, the game is drawn.

OpenSpiel plays a free choice of board as two actions, the board and then
the square (``Choose local board 4``, ``Local board 4: x(1,1)``), and a
forced one as the square alone: :func:`openspiel_names` names a move so.
``tests/test_gallery_more.py`` plays this game and OpenSpiel's side by side.

The picture shows the nine small boards, dark and light in turn, by naming
each square's colour (the kit's ``cell_colours`` by cell name).

The rules keep two records in counters, from the moves: each small board
decided (``_won``) and the board the next mark is sent to (``_sent``).
They read those, not the squares, so a position changed by hand with
``put`` sets them too (``state.set("_won", ...)``).

Run it with ``boardkit play examples/ultimate_tic_tac_toe.py:UltimateTicTacToe``.

Examples:
    >>> state = UltimateTicTacToe().new_game(seed=0)
    >>> len(state.legal_moves())
    81
    >>> state.apply("e5")  # the centre of the centre board: O must play in the centre board
    >>> sorted(str(m) for m in state.legal_moves())[:3], len(state.legal_moves())
    (['d4', 'd5', 'd6'], 8)
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.patterns import filled
from boardkit.topology import SquareGrid

BOARD = SquareGrid(9, 9, origin="top")  # index 0 is a1, the top left
PLACES = Place.every(BOARD)
MARKS = "XO"
#: The eight lines of a tic-tac-toe board, by square 0 to 8 (row by row from the top left).
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
#: Each small board's squares by cell index, in its own order 0 to 8, and its lines.
SQUARES = [[(3 * (b // 3) + s // 3) * 9 + 3 * (b % 3) + s % 3 for s in range(9)] for b in range(9)]
SMALL_LINES = [[[squares[s] for s in line] for line in LINES] for squares in SQUARES]
#: Each square's colour in the picture: the small boards dark and light in turn, the corners and centre dark.
SHADES = {PLACES[i].cell: ("#d4b48c", "#f4ead5")[b % 2] for b, squares in enumerate(SQUARES) for i in squares}
#: Each cell's small board and its square there, by the cell's name.
WHERE = {PLACES[i].cell: (b, s) for b, squares in enumerate(SQUARES) for s, i in enumerate(squares)}


def openspiel_names(move: Place, state: BoardState) -> str | list[str]:
    """OpenSpiel's actions for ``move``: ``e5`` is ``Local board 4: x(1,1)``,
    after ``Choose local board 4`` when the board was free to choose."""
    board, square = WHERE[move.cell]
    mark = f"Local board {board}: {'xo'[state.player]}({square // 3},{square % 3})"
    return mark if state.counter("_sent") >= 0 else [f"Choose local board {board}", mark]


class UltimateTicTacToeState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        sent = self.counter("_sent")
        if sent >= 0:
            return self.place_moves(PLACES, among=SQUARES[sent])
        open_boards = [b for b, won in enumerate(self.counter("_won")) if won == "."]
        return self.place_moves(PLACES, among=[i for b in open_boards for i in SQUARES[b]])

    def play(self, move: Place) -> None:
        mark, (board, square) = MARKS[self.player], WHERE[move.cell]
        self.put(move.cell, mark)
        won, three = self.counter("_won"), self.filled(SMALL_LINES[board])
        if three is not None or not self.place_moves(PLACES, among=SQUARES[board]):  # won, or full
            won = won[:board] + (three or "=") + won[board + 1 :]  # "=": drawn
            self.set("_won", won)
        self.set("_sent", square if won[square] == "." else -1)  # -1: any board still open
        self.next_turn()

    def judge(self) -> Outcome | None:
        won, last = self.counter("_won"), self.last_move
        if last is not None and won[WHERE[last.cell][0]] == ".":
            return None  # the small board just played in is still open: nothing was decided
        three = filled(won, LINES, pieces=MARKS)
        if three is not None:
            return Outcome.win(MARKS.index(three), "three small boards in a row")
        return None if "." in won else Outcome.draw("every small board is decided")


class UltimateTicTacToe(BoardGame[UltimateTicTacToeState, Place]):
    """Ultimate tic-tac-toe for two: nine tic-tac-toe boards in one."""

    name = "ultimate-tic-tac-toe"
    about = About(
        goal="Win three small boards in a row; when every small board is decided without that, the game is a draw.",
        turn=(
            "Mark a square, such as e5, in the small board the last mark sent you to, or in any open board if that one "
            "is decided."
        ),
    )
    board = BOARD
    pieces: ClassVar = {"X": "player 0", "O": "player 1"}
    counters: ClassVar = {"_won": "." * 9, "_sent": -1}  # each small board: "." open, X or O won, "=" drawn
    cell_colours: ClassVar = SHADES
    moves = (Place,)
    state_class = UltimateTicTacToeState
