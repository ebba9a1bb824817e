"""The rules helpers on the compiled tables: flanking capture
(:func:`boardkit.capture.flanking`), lines and connections
(:mod:`boardkit.patterns`), each on a square grid, a hex board and an
irregular board built with ``from_graph``, and each checked against a plain
reading of the board's networkx graph on random positions."""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx
import pytest

from boardkit import Random
from boardkit.capture import flanking, flanks
from boardkit.patterns import connects, filled, line, reach
from boardkit.topology import Cell, HexGrid, SquareGrid, Topology, TopologyError, from_graph

_STEPS = {
    "n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1),
}


def holed() -> Topology:
    """A 5x5 board with diagonals, built by hand as a graph, with a hole in
    the middle and one corner cut off: lines stop at the hole."""
    cells = {(c, r) for c in range(5) for r in range(5)} - {(2, 2), (4, 4)}
    graph: nx.DiGraph[Cell] = nx.DiGraph()
    for c, r in sorted(cells):
        graph.add_node((c, r), pos=(c, -r))
        for label, (dc, dr) in _STEPS.items():
            if (c + dc, r + dr) in cells:
                graph.add_edge((c, r), (c + dc, r + dr), direction=label)
    return from_graph(graph)


BOARDS = {"square": SquareGrid(6, 5, diagonals=True, origin="top"), "hex": HexGrid.rhombus(5, 4), "graph": holed()}


def position(board: Topology, placed: dict[str, str]) -> list[str | None]:
    cells: list[str | None] = [None] * len(board)
    for cell, piece in placed.items():
        cells[board.index(_cell(board, cell))] = piece
    return cells


def _cell(board: Topology, name: str) -> Cell:
    if isinstance(board, SquareGrid | HexGrid):
        return board.cell(name)
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)  # the holed board: like a square grid, row 1 at the top


def _names(board: Topology, indices: Sequence[int]) -> list[str]:
    return [board.name(board.cells[i]) if isinstance(board, SquareGrid | HexGrid)
            else "{}{}".format(chr(ord("a") + board.cells[i][0]), board.cells[i][1] + 1)  # type: ignore[index]
            for i in indices]


def _idx(board: Topology, *names: str) -> list[int]:
    return [board.index(_cell(board, n)) for n in names]


# -- what the graph says, read plainly: the slow answers to check against -----------------


def _step(board: Topology, cell: Cell, label: str) -> Cell | None:
    for other in board.graph.neighbors(cell):
        if board.graph.edges[cell, other]["steps"][cell] == label:
            return other
    return None


def _walk(board: Topology, cell: Cell, label: str) -> list[Cell]:
    out = []
    nxt = _step(board, cell, label)
    while nxt is not None:
        out.append(nxt)
        nxt = _step(board, nxt, label)
    return out


def slow_flanking(board: Topology, pieces: dict[Cell, str], cell: Cell, me: str, enemy: str) -> set[Cell]:
    taken: set[Cell] = set()
    for label in board.directions:
        run: list[Cell] = []
        for other in _walk(board, cell, label):
            if pieces.get(other) == enemy:
                run.append(other)
                continue
            if pieces.get(other) == me:
                taken.update(run)
            break
    return taken


def slow_line(board: Topology, pieces: dict[Cell, str], cell: Cell) -> int:
    piece = pieces.get(cell)
    if piece is None:
        return 0
    longest = 1
    for label in board.directions:
        run = 1
        for way in (label, board.opposite(label)):
            for other in _walk(board, cell, way):
                if pieces.get(other) != piece:
                    break
                run += 1
        longest = max(longest, run)
    return longest


def slow_connects(board: Topology, pieces: dict[Cell, str], a: list[Cell], b: list[Cell], piece: str) -> bool:
    mine = board.graph.subgraph([c for c, p in pieces.items() if p == piece])
    return any(s in mine and t in mine and nx.has_path(mine, s, t) for s in a for t in b)


def random_positions(board: Topology, count: int, seed: int) -> list[dict[Cell, str]]:
    rng = Random(seed)
    out = []
    for _ in range(count):
        fill = rng.randbelow(100)
        out.append({c: "xo"[rng.randbelow(2)] for c in board.cells if rng.randbelow(100) < fill})
    return out


# -- flanking --------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(BOARDS))
def test_flanking_agrees_with_walking_the_graph(kind: str) -> None:
    board = BOARDS[kind]
    for pieces in random_positions(board, 40, seed=len(kind)):
        cells = [pieces.get(c) for c in board.cells]
        for i, cell in enumerate(board.cells):
            found = flanking(board.compiled, cells, i, enemies={"o"}, friends={"x"})
            assert len(found) == len(set(found))
            assert {board.cells[j] for j in found} == slow_flanking(board, pieces, cell, "x", "o")
            assert flanks(board.compiled, cells, i, enemies={"o"}, friends={"x"}) == bool(found)


def test_flanking_on_a_square_grid_takes_every_closed_run() -> None:
    board = BOARDS["square"]
    cells = position(board, {"b1": "o", "c1": "o", "d1": "x", "b2": "o", "c3": "x", "a2": "o", "a3": "o"})
    found = flanking(board.compiled, cells, *_idx(board, "a1"), enemies={"o"}, friends={"x"})
    assert sorted(_names(board, found)) == ["b1", "b2", "c1"]  # a2, a3: the run down column a is open
    orthogonal = [board.directions.index(d) for d in ("n", "e", "s", "w")]
    found = flanking(board.compiled, cells, *_idx(board, "a1"), enemies={"o"}, friends={"x"}, directions=orthogonal)
    assert _names(board, found) == ["b1", "c1"]


def test_flanking_on_a_hex_board_follows_the_six_lines() -> None:
    board = BOARDS["hex"]
    cells = position(board, {"b2": "o", "c2": "x", "b3": "o", "b4": "x", "a3": "o"})
    found = flanking(board.compiled, cells, *_idx(board, "a2"), enemies={"o"}, friends={"x"})
    assert _names(board, found) == ["b2"]  # a3 is next to a2 on the se line, but that run is open (a4 empty)
    found = flanking(board.compiled, cells, *_idx(board, "b1"), enemies={"o"}, friends={"x"})
    assert _names(board, found) == ["b2", "b3"]


def test_flanking_stops_at_a_hole_in_the_board() -> None:
    board = BOARDS["graph"]
    cells = position(board, {"b3": "o", "d3": "x", "b1": "o", "c1": "x"})
    assert _names(board, flanking(board.compiled, cells, *_idx(board, "a3"), enemies={"o"}, friends={"x"})) == []
    assert _names(board, flanking(board.compiled, cells, *_idx(board, "a1"), enemies={"o"}, friends={"x"})) == ["b1"]


# -- lines -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(BOARDS))
def test_line_agrees_with_walking_the_graph(kind: str) -> None:
    board = BOARDS[kind]
    for pieces in random_positions(board, 40, seed=10 + len(kind)):
        cells = [pieces.get(c) for c in board.cells]
        for i, cell in enumerate(board.cells):
            assert line(board.compiled, cells, i) == slow_line(board, pieces, cell)


def test_line_on_a_square_grid() -> None:
    board = BOARDS["square"]
    cells = position(board, {"a1": "x", "b2": "x", "c3": "x", "d4": "x", "c2": "x", "d2": "x", "e2": "o"})
    assert line(board.compiled, cells, *_idx(board, "c3")) == 4
    assert line(board.compiled, cells, *_idx(board, "c2")) == 3  # b2 c2 d2
    north = board.directions.index("n")
    assert line(board.compiled, cells, *_idx(board, "c2"), directions=[north]) == 2  # c2 c3
    assert line(board.compiled, cells, *_idx(board, "e5")) == 0
    assert line(board.compiled, cells, *_idx(board, "e5"), piece="x") == 5


def test_line_on_a_hex_board_runs_along_three_axes() -> None:
    board = BOARDS["hex"]
    cells = position(board, {"a4": "x", "b3": "x", "c2": "x", "b2": "x", "d2": "x", "e2": "o"})
    assert line(board.compiled, cells, *_idx(board, "c2")) == 3  # b2 c2 d2 along e-w; a4 b3 c2 along ne-sw
    assert line(board.compiled, cells, *_idx(board, "d1"), piece="x") == 4  # d1 is next on the ne-sw line
    assert line(board.compiled, cells, *_idx(board, "c3"), piece="x") == 2  # each of its lines has one more x


def test_line_breaks_at_a_hole() -> None:
    board = BOARDS["graph"]
    cells = position(board, {"a3": "x", "b3": "x", "d3": "x", "e3": "x"})
    assert line(board.compiled, cells, *_idx(board, "b3")) == line(board.compiled, cells, *_idx(board, "d3")) == 2
    cells = position(board, {"a1": "x", "b2": "x", "d4": "x"})
    assert line(board.compiled, cells, *_idx(board, "d4")) == 1  # the hole at c3 and the missing corner e5


def test_boards_without_directions_have_no_lines_to_flank_or_count() -> None:
    ring = from_graph(nx.cycle_graph(5))
    cells = ["x", "o", "x", None, None]
    with pytest.raises(TopologyError, match="no directions"):
        line(ring.compiled, cells, 0)
    with pytest.raises(TopologyError, match="no directions"):
        flanking(ring.compiled, cells, 3, enemies={"o"}, friends={"x"})


def test_filled_finds_the_first_line_one_of_the_pieces_fills() -> None:
    rng = Random(7)
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    seen = set()
    for _ in range(300):
        values = "".join(".=XO"[rng.randbelow(4)] for _ in range(9))
        full = [values[a] for a, b, c in lines if values[a] in "XO" and values[a] == values[b] == values[c]]
        seen.add(bool(full))
        assert filled(values, lines, pieces="XO") == (full[0] if full else None)
    assert seen == {True, False}
    assert filled([None, None], [(0, 1)], pieces={"x"}) is None  # a blank line is never full
    assert filled(["=", "="], [(0, 1)], pieces={"x"}) is None  # nor one of a value not among the pieces


# -- connection ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(BOARDS))
def test_connects_agrees_with_networkx(kind: str) -> None:
    board = BOARDS[kind]
    sides = {"square": ("top", "bottom"), "hex": ("left", "right")}
    if kind in sides:
        a, b = (list(board.side(s)) for s in sides[kind])
    else:
        a, b = [(0, r) for r in range(5)], [(4, r) for r in range(4)] + [(3, 4)]
    ia, ib = [board.index(c) for c in a], [board.index(c) for c in b]
    seen = set()
    for pieces in random_positions(board, 60, seed=20 + len(kind)):
        cells = [pieces.get(c) for c in board.cells]
        expected = slow_connects(board, pieces, a, b, "x")
        seen.add(expected)
        assert connects(board.compiled, cells, ia, ib, pieces={"x"}) == expected
        group = reach(board.compiled, cells, ia, pieces={"x"})
        assert (not group.isdisjoint(ib)) == expected
    assert seen == {True, False}


def test_connects_on_a_hex_board() -> None:
    board = BOARDS["hex"]
    top, bottom, left, right = ([board.index(c) for c in board.side(s)] for s in ("top", "bottom", "left", "right"))
    cells = position(board, {"c1": "x", "c2": "x", "b3": "x", "b4": "x", "a2": "o", "b2": "o", "d2": "o"})
    assert connects(board.compiled, cells, top, bottom, pieces={"x"})
    assert not connects(board.compiled, cells, left, right, pieces={"o"})
    cells[board.index(board.cell("b3"))] = "o"  # c2-b3 was the only link
    assert not connects(board.compiled, cells, top, bottom, pieces={"x"})
    assert connects(board.compiled, cells, top, bottom, pieces={"x", "o"})


def test_connects_on_a_square_grid_depends_on_the_diagonals() -> None:
    plain, diagonal = SquareGrid(3, 3), SquareGrid(3, 3, diagonals=True)
    cells = ["x", None, None, None, "x", None, None, None, "x"]
    ends = ([0, 1, 2], [6, 7, 8])
    assert connects(diagonal.compiled, cells, *ends, pieces={"x"})
    assert not connects(plain.compiled, cells, *ends, pieces={"x"})


def test_connects_goes_round_a_hole_only_through_pieces() -> None:
    board = BOARDS["graph"]
    cells = position(board, {"a3": "x", "b3": "x", "d3": "x", "e3": "x"})
    assert not connects(board.compiled, cells, _idx(board, "a3"), _idx(board, "e3"), pieces={"x"})
    cells[board.index((2, 1))] = "x"  # c2, above the hole, joins b3 and d3 diagonally
    assert connects(board.compiled, cells, _idx(board, "a3"), _idx(board, "e3"), pieces={"x"})
    group = reach(board.compiled, cells, _idx(board, "a3"), pieces={"x"})
    assert group == set(_idx(board, "a3", "b3", "c2", "d3", "e3"))


def test_connects_on_a_graph_without_directions() -> None:
    ring = from_graph(nx.cycle_graph(6))
    cells = ["x", "x", None, "x", "x", "x"]
    assert connects(ring.compiled, cells, [1], [3], pieces={"x"})  # the long way round, through 0, 5 and 4
    cells[5] = None
    assert not connects(ring.compiled, cells, [1], [3], pieces={"x"})
    assert not connects(ring.compiled, cells, [2], [2], pieces={"x"})  # an empty end joins nothing
    assert connects(ring.compiled, cells, [3], [3, 2], pieces={"x"})
