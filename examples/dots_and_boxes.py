"""Dots and Boxes on the authoring kit, as OpenSpiel's ``dots_and_boxes``
plays it (its default board: 2x2 boxes, 3x3 dots).

Players take turns to draw a line between two dots next to each other, up
and down or across: a move on an edge of the board, not on a cell (the
kit's :class:`~boardkit.kit.Edge`). A player who draws the fourth side of a
box (or of two boxes at once) scores it and draws again. Once every line is
drawn, the player with more boxes wins; equal counts draw. Player 0 moves
first and marks lines ``1``, player 1 ``2``, as OpenSpiel prints them.

A line is written by its two dots, ``a1-b1``, with ``a1`` the top left
dot; OpenSpiel names the lines by their direction and the dot they start
from, counted from the top left: ``P1(h,0,0)`` for ``a1-b1``, ``P1(v,0,0)``
for ``a1-a2`` (:func:`openspiel_names`). ``tests/test_gallery_oracle.py``
plays this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/dots_and_boxes.py:DotsAndBoxes``.

Examples:
    >>> state = DotsAndBoxes().new_game(seed=0)
    >>> len(state.legal_moves())
    12
    >>> for line in ["a1-b1", "a1-a2", "b1-b2", "a2-b2"]:
    ...     state.apply(line)
    >>> state.counter("boxes"), state.current_player  # player 1 closed the top left box: again
    ((0, 1), 1)
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Edge
from boardkit.topology import SquareGrid

ROWS = COLUMNS = 2  # boxes down and across
BOARD = SquareGrid(COLUMNS + 1, ROWS + 1, origin="top")  # the dots; a1 is the top left one
LINES = Edge.every(BOARD)  # edge k of the board, as a move
NUMBER = {line: k for k, line in enumerate(LINES)}
#: The four sides of each box, by edge number, and the boxes on each side of each edge.
BOXES = [
    [BOARD.edge_index(a, b) for a, b in (((c, r), (c + 1, r)), ((c, r), (c, r + 1)), ((c + 1, r), (c + 1, r + 1)),
                                          ((c, r + 1), (c + 1, r + 1)))]
    for r in range(ROWS) for c in range(COLUMNS)
]
BESIDE = [[box for box in BOXES if k in box] for k in range(len(LINES))]
MARKS = "12"


def openspiel_names(move: Edge, state: BoardState) -> str:
    """OpenSpiel's action for ``move``: ``a1-b1`` is ``P1(h,0,0)`` for player 0."""
    (c, r), (c2, _) = BOARD.edges[NUMBER[move]]
    return f"P{MARKS[state.player]}({'h' if c2 != c else 'v'},{r},{c})"


class DotsAndBoxesState(BoardState[str, Edge]):
    def moves(self) -> list[Edge]:
        return self.edge_moves(LINES)

    def play(self, move: Edge) -> None:
        player, k = self.player, NUMBER[move]
        self.put_edge_at(k, MARKS[player])
        closed = self.closed(BESIDE[k])  # the boxes beside the line that now have all four sides
        if closed:
            boxes = list(self.counter("boxes"))
            boxes[player] += closed
            self.set("boxes", tuple(boxes))
        else:
            self.next_turn()

    def judge(self) -> Outcome | None:
        if self.legal_moves():
            return None
        first, second = boxes = self.counter("boxes")
        reason = f"boxes {first} to {second}"
        return Outcome.draw(reason, boxes) if first == second else Outcome.win(int(second > first), reason, boxes)


class DotsAndBoxes(BoardGame[DotsAndBoxesState, Edge]):
    """Dots and Boxes for two on OpenSpiel's 2x2 boxes."""

    name = "dots-and-boxes"
    about = About(
        goal="Complete more boxes than your rival once every line is drawn; equal counts draw.",
        turn="Draw a line between two dots next to each other, e.g. a1-b1 (a1 top-left); completing a box scores it "
        "and draws again.",
    )
    board = BOARD
    pieces: ClassVar = {"1": "player 0's line", "2": "player 1's line"}
    counters: ClassVar = {"boxes": (0, 0)}
    moves = (Edge,)
    state_class = DotsAndBoxesState
