"""The chains of cells joined by marked edges that a kit state keeps for
:meth:`BoardState.linked_marks <boardkit.kit.BoardCells.linked_marks>`,
against a plain search over the marked edges at every step: through moves
that mark edges and moves that clear one, asks during a move and after it,
undo, copies, pickles and marks set or cleared by hand."""

from __future__ import annotations

import pytest
from kit_walks import random_walk

from boardkit import Outcome
from boardkit.chance import Random
from boardkit.kit import BoardGame, BoardState, Edge
from boardkit.topology import HexGrid, SquareGrid, TopologyError

BOARD = HexGrid.rhombus(5, 5)
LINES = Edge.every(BOARD)
#: Two marks tables: the sides touched (top 1, bottom 2), and each cell its own bit (the chain itself).
SIDES = [(cell in BOARD.side("top")) | (cell in BOARD.side("bottom")) << 1 for cell in BOARD.cells]
OWN = [1 << i for i in range(len(BOARD.cells))]


def plain_marks(state: BoardState, i: int, marks: list[int]) -> int:
    """The or of ``marks`` over the cells a path of marked edges leads to from cell ``i``, ``i`` included."""
    found, todo, seen = 0, [i], {i}
    lines = state.edge_marks
    while todo:
        here = todo.pop()
        found |= marks[here]
        for j in BOARD.compiled.neighbors[here]:
            if j not in seen and lines[BOARD.edge_index(BOARD.cells[here], BOARD.cells[j])] is not None:
                seen.add(j)
                todo.append(j)
    return found


class Links(BoardGame):
    """Mark an edge with your colour; every fifth move also clears the edge after the one marked, if marked;
    it asks for the links half-way through a move and judges the edge's end by them."""

    name, board, moves = "links", BOARD, (Edge,)

    class state_class(BoardState):  # noqa: N801
        def moves(self) -> list[Edge]:
            lines = self.edge_marks
            return [line for k, line in enumerate(LINES) if lines[k] is None]

        def play(self, move: Edge) -> None:
            k = BOARD.edge_index(move.a, move.b)
            self.put_edge_at(k, "XO"[self.player])
            i = BOARD.index(move.a)
            assert self.linked_marks(move.a, SIDES) == plain_marks(self, i, SIDES)  # asked during the move
            if len(self.history) % 5 == 4 and k + 1 < len(LINES) and self.edge_marks[k + 1] is not None:
                self.put_edge_at(k + 1, None)
            self.next_turn()

        def judge(self) -> Outcome | None:
            last = self.last_move
            if last is None:
                return None
            if self.linked_marks(last.a, SIDES) == 3:
                return Outcome.win(1 - self.player, "top to bottom")
            return None if None in self.edge_marks else Outcome.draw("every edge marked")


@pytest.mark.parametrize("seed", range(8))
def test_linked_marks_are_the_plain_search_through_undo_copies_pickles_and_set_ups(seed: int) -> None:
    rng = Random(seed)
    cells = len(BOARD.cells)

    def by_hand(state: BoardState, rng: Random) -> None:  # an edge marked or cleared
        state.put_edge_at(rng.randbelow(len(LINES)), [None, "X", "O"][rng.randbelow(3)])

    for state in random_walk(Links().new_game(seed=seed), rng, 300, by_hand):
        for _ in range(rng.randbelow(4)):  # sometimes none: the links brought forward over several moves
            i = rng.randbelow(cells)
            marks = OWN if rng.randbelow(4) == 0 else SIDES  # now and then another table: built anew
            assert state.linked_marks(BOARD.cells[i], marks) == plain_marks(state, i, marks)


def test_a_copy_keeps_its_own_links_and_a_cleared_edge_parts_them() -> None:
    state = Links().new_game(seed=0)
    for line in ["a1-b1", "b1-b2"]:
        state.apply(line)
    a1, b1, b2 = (BOARD.index(name) for name in ("a1", "b1", "b2"))
    assert state.linked_marks("a1", OWN) == OWN[a1] | OWN[b1] | OWN[b2]
    twin = state.copy()
    twin.put_edge("b1", "b2", None)  # by hand: the twin's links parted, not the original's
    assert twin.linked_marks("a1", OWN) == OWN[a1] | OWN[b1]
    assert state.linked_marks("a1", OWN) == OWN[a1] | OWN[b1] | OWN[b2]
    state.undo()
    assert state.linked_marks("b2", OWN) == OWN[b2]  # a cell no marked edge meets: itself alone


def test_a_game_without_edge_marks_is_told() -> None:
    class Plain(BoardGame):
        name, board, state_class = "plain", SquareGrid(2, 2), BoardState

    with pytest.raises(TopologyError, match="keeps no marks on edges"):
        Plain().new_game(seed=0).linked_marks("a1", [0, 0, 0, 0])
