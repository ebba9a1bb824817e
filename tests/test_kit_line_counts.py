"""The board's whole lines (:attr:`CompiledTopology.lines
<boardkit.topology.CompiledTopology.lines>` and ``line_of``) against the
plain reading of a line in the graph: the cells joined to a cell through
edges stepped along a direction or its opposite. And :meth:`BoardState.line_counts
<boardkit.kit.BoardCells.line_counts>` against counting the pieces on those
cells, at random positions reached by moves and set up by hand."""

from __future__ import annotations

import functools
from itertools import pairwise
from typing import cast

import lines_of_action
import networkx as nx
import pytest
from kit_walks import random_walk
from lines_of_action import LinesOfAction

from boardkit import Outcome
from boardkit.chance import Random
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import HexGrid, SquareGrid, Topology, from_graph


def ring(size: int) -> Topology:
    """A track of ``size`` cells closed on itself: its one line has no end."""
    g = nx.DiGraph()
    for i in range(size):
        g.add_edge(i, (i + 1) % size, direction="cw")
        g.add_edge((i + 1) % size, i, direction="ccw")
    return from_graph(g)


BOARDS = [
    SquareGrid(1, 1),
    SquareGrid(5, 3),
    SquareGrid(8, 8, diagonals=True),
    SquareGrid(2, 7, diagonals=True),
    HexGrid.hexagon(3),
    HexGrid.rhombus(4, 6),
    HexGrid([(q, r) for q in range(5) for r in range(5 - q)]),  # a triangle, as Y plays on
    ring(5),
]


def plain_line(board: Topology, cell: object, direction: str) -> set[object]:
    """The cells on the line through ``cell`` along ``direction``: its component among the edges stepped
    along ``direction`` or its opposite, read from the graph."""
    axis = {direction, board.opposite(direction)}
    along = nx.Graph()
    along.add_nodes_from(board.cells)
    along.add_edges_from((a, b) for a, b, steps in board.graph.edges(data="steps") if steps[a] in axis)
    return set(nx.node_connected_component(along, cell))


@pytest.mark.parametrize("board", BOARDS, ids=repr)
def test_each_cell_lies_on_one_whole_line_a_pair_of_directions(board: Topology) -> None:
    tables = board.compiled
    for d, direction in enumerate(board.directions):
        for i, cell in enumerate(board.cells):
            line = tables.lines[tables.line_of[i][d]]
            assert {board.cells[j] for j in line} == plain_line(board, cell, direction)
            assert tables.line_of[i][tables.opposite[d]] == tables.line_of[i][d]
    pairs = {frozenset((d, tables.opposite[d])) for d in range(len(board.directions))}
    assert len(tables.lines) == sum(len({row[d] for row in tables.line_of}) for d, _ in map(sorted, pairs))
    for line in tables.lines:  # in order along one direction of its pair, from an end (none behind it) if any
        assert len(set(line)) == len(line)
        forward = [d for d in range(len(board.directions)) if all(tables.steps[a][d] == b for a, b in pairwise(line))]
        if len(line) > 1 and tables.steps[line[-1]][forward[0]] != line[0]:  # not a ring
            assert tables.steps[line[0]][tables.opposite[forward[0]]] == -1
            assert tables.steps[line[-1]][forward[0]] == -1


def test_the_lines_come_pair_by_pair_ends_first_and_rings_from_their_first_cell() -> None:
    # Three columns round a cylinder (each row a ring along "e"), (1, 1) cut out: row 1 runs from (2, 1) round to
    # (0, 1), an end; row 0 is still a ring. The directions come as the arcs do: e, s, w, n.
    g = nx.DiGraph()
    cells = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)]
    g.add_nodes_from(cells)
    for x, y in cells:
        for label, back, there in (("e", "w", ((x + 1) % 3, y)), ("s", "n", (x, y + 1))):
            if there in g:
                g.add_edge((x, y), there, direction=label)
                g.add_edge(there, (x, y), direction=back)
    board = from_graph(g)
    assert board.directions == ("e", "s", "w", "n")
    rows = [[(2, 1), (0, 1)], [(0, 0), (1, 0), (2, 0)]]  # along e: the line with ends, then the ring
    columns = [[(0, 0), (0, 1)], [(1, 0)], [(2, 0), (2, 1)]]  # along s
    assert [[board.cells[i] for i in line] for line in board.compiled.lines] == rows + columns
    # A ring listed out of its order starts at its first cell in board order and goes along the first direction.
    track = nx.DiGraph()
    track.add_nodes_from("cadb")
    for a, b in pairwise("abcda"):
        track.add_edge(a, b, direction="cw")
        track.add_edge(b, a, direction="ccw")
    track_board = from_graph(track)
    assert track_board.directions == ("ccw", "cw")  # c's arcs come first, and its first is c-b
    assert [[track_board.cells[i] for i in line] for line in track_board.compiled.lines] == [list("cbad")]


def test_a_board_without_directions_has_no_lines() -> None:
    board = from_graph(nx.path_graph(4))
    assert board.compiled.lines == ()
    assert board.compiled.line_of == ((), (), (), ())  # no direction a cell


def test_a_direction_without_an_opposite_is_on_no_line() -> None:
    g = nx.Graph()
    g.add_edge("a", "b", steps={"a": "up", "b": "down"})
    g.add_edge("b", "c", steps={"b": "up", "c": "down"})
    board = Topology(g, ["up", "down"])  # no opposites named
    assert board.compiled.lines == ()
    assert board.compiled.line_of == ((-1, -1), (-1, -1), (-1, -1))




class StonesState(BoardState):
    def moves(self) -> list[Place]:
        return self.place_moves(cast(Stones, self.game).every)

    def play(self, move: Place) -> None:
        self.put(move.cell, "XO"[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        return None if None in self.at else Outcome.draw("the board is full")


class Stones(BoardGame):
    """Put a stone of your colour on any empty cell; the board full, a draw. One class a board (below)."""

    name, board, moves, state_class = "stones", BOARDS[0], (Place,), StonesState

    @functools.cached_property
    def every(self) -> list[Place]:
        return Place.every(self.board)


#: One game class a board, at module level so that its states pickle.
GAMES = [type(f"Stones{k}", (Stones,), {"board": board, "__module__": __name__}) for k, board in enumerate(BOARDS)]
globals().update((game.__name__, game) for game in GAMES)


def by_hand(state: BoardState, rng: Random) -> None:
    """Empty a cell, or put any stone on it."""
    cell = state.board.cells[rng.randbelow(len(state.board.cells))]
    state.put(cell, [None, "X", "O", "Z"][rng.randbelow(4)])


def plain_counts(state: BoardState) -> list[int]:
    tables = state.board.compiled
    return [sum(state.at[j] is not None for j in line) for line in tables.lines]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: repr(game.board))
def test_line_counts_count_the_pieces_on_each_line(game: type[Stones]) -> None:
    rng = Random(len(game.board.cells))
    for state in random_walk(game().new_game(seed=0), rng, 300, by_hand):
        counts = state.line_counts()
        assert counts == plain_counts(state)
        counts[0] += 5  # a new list each time: changing it changes nothing kept
        assert state.line_counts() == plain_counts(state)


def test_lines_of_action_counts_every_piece_on_each_of_its_lines() -> None:
    state = LinesOfAction().new_game(seed=0)
    tables = state.board.compiled
    counts = state.line_counts()
    a1, b1 = state.board.index("a1"), state.board.index("b1")
    east = state.board.directions.index("e")
    north = state.board.directions.index("n")
    assert counts[tables.line_of[b1][east]] == 6  # row 1: b1 to g1
    assert counts[tables.line_of[b1][north]] == 2  # column b: b1 and b8
    assert counts[tables.line_of[a1][east]] == 6  # a1 is empty; its row holds six
    assert sum(counts) == 24 * 4


def test_lines_of_action_no_longer_says_the_count_of_a_line_is_missing_from_the_kit() -> None:
    doc = lines_of_action.__doc__ or ""
    missing = doc[doc.index("Missing from the kit") :].split("\n\n")[0]
    assert "line_counts" in doc and "count" not in missing


def test_a_board_without_directions_counts_no_lines() -> None:
    game = type("Path4", (Stones,), {"board": from_graph(nx.path_graph(4))})()
    state = game.new_game(seed=0)
    state.apply(state.legal_moves()[0])
    assert state.line_counts() == []
