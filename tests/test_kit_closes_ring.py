"""The kit's ring test, :meth:`BoardState.closes_ring
<boardkit.kit.BoardCells.closes_ring>`, against the plain reading of a ring:
a position has one of ``piece`` when a region of cells not holding it is
cut off from the board's rim, or a cell holding it has it on all six
sides. A stone closes a ring when the position has none before it and one
after. Checked at every empty cell of random positions on hex boards of
several shapes, set up by hand and reached through moves, undo and copies
(the chains the kit keeps brought forward), and on the boards it refuses."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import HexGrid, SquareGrid, Topology, TopologyError

OPPOSITE = {"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}
BOARDS = {
    "hexagon 2": HexGrid.hexagon(2),
    "hexagon 4": HexGrid.hexagon(4),
    "rhombus 6x5": HexGrid.rhombus(6, 5),
    "triangle": HexGrid([(q, r) for q in range(7) for r in range(7) if q + r < 7]),
    # The same hexes with their six directions named in an order that does not go round a cell.
    "hexagon 3, directions out of turn": Topology(
        nx.Graph(HexGrid.hexagon(3).graph), ["e", "w", "ne", "sw", "nw", "se"], OPPOSITE
    ),
}


def has_ring(board: Topology, at: list[str | None], piece: str) -> bool:
    """Whether the position ``at`` holds a ring of ``piece``: a region of other cells off the rim, or a
    cell of ``piece`` with ``piece`` all round it."""
    near = board.compiled.neighbors
    rim = [len(ways) < 6 for ways in near]
    for i, here in enumerate(at):
        if here == piece and not rim[i] and all(at[j] == piece for j in near[i]):
            return True
    seen: set[int] = set()
    for start, here in enumerate(at):
        if here == piece or start in seen:
            continue
        region, todo, open_ = {start}, [start], False
        while todo:
            i = todo.pop()
            open_ = open_ or rim[i]
            for j in near[i]:
                if at[j] != piece and j not in region:
                    region.add(j)
                    todo.append(j)
        seen |= region
        if not open_:
            return True
    return False


def closes(board: Topology, at: list[str | None], i: int, piece: str) -> bool:
    after = list(at)
    after[i] = piece
    return has_ring(board, after, piece)


def game_on(board: Topology) -> BoardGame:
    places = Place.every(board)

    class Stones(BoardGame):
        name, moves = "stones", (Place,)

        class state_class(BoardState):  # noqa: N801
            def moves(self) -> list[Place]:
                return self.place_moves(places)

            def play(self, move: Place) -> None:
                self.put(move.cell, "XO"[self.player])
                self.next_turn()

    Stones.board = board
    return Stones()


def check_every_empty_cell(state: BoardState, board: Topology) -> int:
    """Compare closes_ring with the plain reading at every empty cell, for both pieces without a ring yet."""
    at = list(state.at)
    checked = 0
    for piece in "XO":
        if has_ring(board, at, piece):
            continue
        for i, here in enumerate(at):
            if here is None:
                assert state.closes_ring(board.cells[i], piece) == closes(board, at, i, piece), (piece, i, at)
                checked += 1
    return checked


@pytest.mark.parametrize("name", BOARDS)
def test_random_positions_set_by_hand(name: str) -> None:
    board = BOARDS[name]
    game = game_on(board)
    rng = random.Random(name)
    rings = checked = 0
    for _ in range(150):
        state = game.new_game(seed=0)
        fill = rng.uniform(0.2, 0.9)
        for cell in board.cells:
            if rng.random() < fill:
                state.put(cell, rng.choice("XXO"))
        checked += check_every_empty_cell(state, board)
        rings += sum(closes(board, list(state.at), i, "X") for i, here in enumerate(state.at) if here is None)
    assert checked > 1000 and rings > 20  # both answers were met often


@pytest.mark.parametrize("name", ["hexagon 4", "rhombus 6x5"])
def test_through_moves_undo_and_copies(name: str) -> None:
    """The chains it reads are those kept from move to move: asked after moves, after undo and on copies."""
    board = BOARDS[name]
    game = game_on(board)
    rng = random.Random(7)
    for seed in range(12):
        state = game.new_game(seed=seed)
        while state.legal_moves() and len(state.history) < len(board.cells) - 2:
            state.apply(rng.choice(state.legal_moves()))
            if rng.random() < 0.3:
                check_every_empty_cell(state, board)
            if rng.random() < 0.15:
                state.undo()
                check_every_empty_cell(state, board)
            if rng.random() < 0.1:
                state = state.copy()
        check_every_empty_cell(state, board)


def test_a_ring_round_own_stones_and_at_the_rim() -> None:
    """Six round a cell of one's own (no other cell cut off), and the small hexagon's rim round its middle."""
    board = HexGrid.hexagon(3)
    state = game_on(board).new_game(seed=0)
    middle = (0, 0)
    state.put(middle, "X")
    ring = board.ring(middle, 1)
    for cell in ring[:-1]:
        state.put(cell, "X")
    assert state.closes_ring(ring[-1], "X")
    assert not state.closes_ring(ring[-1], "O")
    small = HexGrid.hexagon(1)
    state = game_on(small).new_game(seed=0)
    rim = small.ring((0, 0), 1)
    for cell in rim[:-1]:
        state.put(cell, "O")
    assert state.closes_ring(rim[-1], "O")
    state.put((0, 0), "O")  # the middle filled: a ring of six round one's own stone still
    assert state.closes_ring(rim[-1], "O")


def test_it_refuses_boards_without_rings_and_cells_taken() -> None:
    square = game_on(SquareGrid(4, 4)).new_game(seed=0)
    with pytest.raises(TopologyError, match="without holes"):
        square.closes_ring("a1", "X")
    holed = HexGrid([cell for cell in HexGrid.hexagon(3).cells if cell != (1, -1)])
    with pytest.raises(TopologyError, match="without holes"):
        game_on(holed).new_game(seed=0).closes_ring((0, 0), "X")
    state = game_on(HexGrid.hexagon(2)).new_game(seed=0)
    state.apply(state.legal_moves()[0])
    taken = state.history[0].cell
    with pytest.raises(ValueError, match="empty cell"):
        state.closes_ring(taken, "X")
    with pytest.raises(ValueError, match="not by None"):  # the empty cells are no chain
        state.closes_ring(state.legal_moves()[0].cell, None)
