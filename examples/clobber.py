"""Clobber on the authoring kit, as OpenSpiel's ``clobber`` plays it.

OpenSpiel's default board: 5 rows of 6 squares, full to start with white
(``o``, player 0, who moves first) and black (``x``, player 1) stones in a
checkerboard, white on a5. A move takes one of your stones one square up,
down, left or right onto a square held by the other side, whose stone leaves
the board ("clobbered"); a stone never moves onto an empty square. A player
with no move loses. Every move takes a stone, so a game lasts 29 moves at most.

A move is written ``a5-b5``; OpenSpiel writes it ``a5b5``
(:func:`openspiel_names`). ``tests/test_gallery_oracle.py`` plays this game
and OpenSpiel's side by side.

Run it with ``boardkit play examples/clobber.py:Clobber``.

Examples:
    >>> state = Clobber().new_game(seed=0)
    >>> len(state.legal_moves()), [str(m) for m in state.legal_moves()[:3]]
    (49, ['a5-b5', 'a5-a4', 'c5-d5'])
    >>> state.apply("a5-b5")
    >>> state["a5"], state["b5"]
    (None, 'o')
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Step, step_table
from boardkit.topology import SquareGrid

BOARD = SquareGrid(6, 5)  # index 0 is a5, the top left square: OpenSpiel's first
STONES = "ox"
#: Every clobber from each square, made once: a step onto a neighbouring enemy, never onto an empty square.
CLOBBERS = step_table(BOARD, Step, quiet=False, capture=True)


def openspiel_names(move: Step, state: object = None) -> str:
    """OpenSpiel's action for ``move``: ``a5-b5`` is ``a5b5``."""
    return move.source + move.target


class ClobberState(BoardState[str, Step]):
    def setup(self) -> None:
        for i, (column, row) in enumerate(BOARD.squares):
            self.put(BOARD.cells[i], STONES[(column + row) % 2])

    def moves(self) -> list[Step]:
        player = self.player
        return self.step_moves(STONES[player], CLOBBERS, enemy=STONES[1 - player])

    def play(self, move: Step) -> None:
        self.put(move.target, self[move.source])
        self.put(move.source, None)
        self.next_turn()

    def judge(self) -> Outcome | None:
        return self.no_move_loses("the other side cannot move")


class Clobber(BoardGame[ClobberState, Step]):
    """Clobber for two on OpenSpiel's 5x6 board."""

    name = "clobber"
    about = About(
        goal="Make the last move: a player with no move loses.",
        turn="Move one of your stones one square up, down, left or right onto a stone of the other side, which leaves "
        "the board: e.g. a5-b5.",
    )
    board = BOARD
    pieces: ClassVar = {"o": "player 0 (white)", "x": "player 1 (black)"}
    colours: ClassVar = {"o": "#f5f5f5", "x": "#222222"}
    moves = (Step,)
    state_class = ClobberState
