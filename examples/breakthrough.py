"""Breakthrough on the authoring kit, as OpenSpiel's ``breakthrough`` plays it.

An 8x8 board. Black (player 0, ``b``) starts on rows 7 and 8 and moves
first, down the board; white (player 1, ``w``) starts on rows 1 and 2 and
moves up. A piece steps one square forward, straight or diagonally, onto an
empty square, or diagonally forward onto a square held by the other side,
taking that piece (never straight ahead). The first to reach the far row
wins, and so does the side that takes every piece of the other. There are
no draws: the piece furthest ahead always has a move.

A step is written ``a7-a6``, a capture ``a7xb6``; OpenSpiel writes them
``a7a6`` and ``a7b6*`` (:func:`openspiel_names`). ``tests/test_gallery_oracle.py``
plays this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/breakthrough.py:Breakthrough``.

Examples:
    >>> state = Breakthrough().new_game(seed=0)
    >>> len(state.legal_moves()), str(state.legal_moves()[0])
    (22, 'a7-a6')
    >>> for move in ["d7-d6", "e2-e3", "d6-d5", "e3-e4"]:
    ...     state.apply(move)
    >>> [str(m) for m in state.legal_moves() if m.capture]
    ['d5xe4']
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Path, step_table
from boardkit.topology import SquareGrid

BOARD = SquareGrid(8, 8, diagonals=True)
PIECES = "bw"
#: Each side's steps forward, made once: straight ahead onto an empty square, diagonally onto one or to capture.
ROUTES = [
    step_table(BOARD, Path, ways=(left, ahead, right), capture=(left, right))
    for left, ahead, right in (("sw", "s", "se"), ("nw", "n", "ne"))
]
FAR_ROW = (7, 0)  # the row each side makes for, by square index (index // 8)


def openspiel_names(move: Path, state: object = None) -> str:
    """OpenSpiel's action for ``move``: ``a7-a6`` is ``a7a6``, ``a7xb6`` is ``a7b6*``."""
    return "".join(move.cells) + ("*" if move.capture else "")


class BreakthroughState(BoardState[str, Path]):
    def setup(self) -> None:
        for i, (_, row) in enumerate(BOARD.squares):
            if row < 2 or row > 5:
                self.put(BOARD.cells[i], "b" if row < 2 else "w")

    def moves(self) -> list[Path]:
        player = self.player
        return self.step_moves(PIECES[player], ROUTES[player], enemy=PIECES[1 - player])

    def play(self, move: Path) -> None:
        self.put(move.target, self[move.source])
        self.put(move.source, None)
        self.next_turn()

    def judge(self) -> Outcome | None:
        last = self.last_move  # the step just made: only its side can have won
        if last is not None:
            player = 1 - self.player
            if BOARD.index(last.target) // 8 == FAR_ROW[player]:
                return Outcome.win(player, "reached the far row")
            if last.capture and self.find(PIECES[self.player]) < 0:
                return Outcome.win(player, "took every piece")
            return None
        cells = self.at  # no move made the position (the start, or set up by hand): the whole board, both sides
        for player, piece in enumerate(PIECES):
            if piece in cells[8 * FAR_ROW[player] : 8 * FAR_ROW[player] + 8]:
                return Outcome.win(player, "reached the far row")
            if PIECES[1 - player] not in cells:
                return Outcome.win(player, "took every piece")
        return None

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player``, from -1 to 1: pieces kept,
        each worth more the further it has come (a piece near the far row is
        a threat the other side must meet)."""
        self.check_player(player)  # a seat of this game, else a boardkit error
        if self.is_over:
            return super().evaluate(player)  # 1 won, -1 lost
        worth = [0, 0]
        for i, piece in enumerate(self.at):
            if piece is not None:
                side = PIECES.index(piece)
                rows = i // 8 if side == 0 else 7 - i // 8  # rows come: 0 to 6 while the game goes on
                worth[side] += 4 + rows * rows
        return (worth[player] - worth[1 - player]) / (worth[0] + worth[1])


class Breakthrough(BoardGame[BreakthroughState, Path]):
    """Breakthrough for two on an 8x8 board."""

    name = "breakthrough"
    about = About(
        goal="Be first to reach the far row, or take every piece of the other side; there are no draws.",
        turn="Step a piece one square forward, straight or diagonally, e.g. a7-a6; take diagonally only, e.g. a7xb6.",
    )
    board = BOARD
    pieces: ClassVar = {"b": "player 0 (black)", "w": "player 1 (white)"}
    colours: ClassVar = {"b": "#222222", "w": "#f5f5f5"}
    moves = (Path,)
    state_class = BreakthroughState
