from __future__ import annotations

import itertools
import math
import random
from typing import cast

import networkx as nx
import pytest

from boardkit.topology import HexGrid, SquareGrid, Topology, TopologyError, from_graph, hex_distance


@pytest.mark.parametrize(
    ("width", "height", "diagonals"), [(1, 1, False), (3, 2, False), (5, 4, True), (11, 11, False)]
)
def test_square_grid_shape(width: int, height: int, diagonals: bool) -> None:
    board = SquareGrid(width, height, diagonals=diagonals)
    assert len(board) == width * height
    assert set(board.cells) == {(c, r) for c in range(width) for r in range(height)}
    orthogonal = width * (height - 1) + height * (width - 1)
    diagonal = 2 * (width - 1) * (height - 1) if diagonals else 0
    assert board.graph.number_of_edges() == orthogonal + diagonal
    assert all("pos" in data for _, data in board.graph.nodes(data=True))


def test_square_directions_follow_the_documented_order() -> None:
    board = SquareGrid(3, 3)
    # (0, 0) is the top-left; "n" is up, so row decreases.
    assert board.step((1, 1), "n") == (1, 0)
    assert board.step((1, 1), "s") == (1, 2)
    assert board.step((1, 1), "e") == (2, 1)
    assert board.step((1, 1), "w") == (0, 1)
    assert board.pos((2, 1)) == (2.0, -1.0)
    assert board.graph.edges[(0, 0), (1, 0)]["steps"] == {(0, 0): "e", (1, 0): "w"}


def test_rays_stop_at_the_edge() -> None:
    board = SquareGrid(5, 5)
    assert board.ray((2, 2), "n") == ((2, 1), (2, 0))
    assert board.ray((0, 0), "w") == ()
    assert board.ray((0, 4), "e") == ((1, 4), (2, 4), (3, 4), (4, 4))


@pytest.mark.parametrize("board", [SquareGrid(6, 4), SquareGrid(4, 4, diagonals=True), HexGrid.hexagon(3)])
def test_compiled_tables_agree_with_the_graph(board: Topology) -> None:
    c = board.compiled
    for i, cell in enumerate(board.cells):
        assert board.index(cell) == i
        assert {board.cells[j] for j in c.neighbors[i]} == set(board.graph.neighbors(cell))
        for d, label in enumerate(board.directions):
            j = c.steps[i][d]
            if j >= 0:
                assert board.graph.edges[cell, board.cells[j]]["steps"][cell] == label
                back = c.steps[j][c.opposite[d]]
                assert back == i
        lengths = nx.single_source_shortest_path_length(board.graph, cell)
        for other, d in lengths.items():
            assert c.distance is not None
            assert c.distance[i][board.index(other)] == d
            assert board.distance(cell, other) == d


def test_hexagon_sizes_and_neighbours() -> None:
    assert [len(HexGrid.hexagon(k)) for k in range(5)] == [1, 7, 19, 37, 61]
    board = HexGrid.hexagon(2)
    assert set(board.neighbors((0, 0))) == {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
    assert len(board.neighbors((0, 2))) == 3
    assert board.opposite("e") == "w"
    assert board.step((0, 0), "ne") == (1, -1)


def test_hex_rings_disks_and_lines() -> None:
    board = HexGrid.hexagon(3)
    for k in range(4):
        ring = board.ring((0, 0), k)
        assert len(ring) == (6 * k if k else 1)
        assert all(hex_distance(cell, (0, 0)) == k for cell in ring)
    assert len(board.disk((0, 0), 3)) == 37
    assert set(board.ring((3, 0), 1)) == {(2, 0), (2, 1), (3, -1)}
    line = board.line((-3, 0), (3, -3))
    assert line[0] == (-3, 0) and line[-1] == (3, -3)
    assert len(line) == hex_distance((-3, 0), (3, -3)) + 1
    assert all(hex_distance(a, b) == 1 for a, b in itertools.pairwise(line))


def test_bad_boards_and_cells_raise_topology_errors() -> None:
    with pytest.raises(TopologyError, match="width must be a positive integer"):
        SquareGrid(0, 3)
    with pytest.raises(TopologyError, match="radius"):
        HexGrid.hexagon(-1)
    with pytest.raises(TopologyError, match="a hex cell is a"):
        HexGrid([(0, 0, 0)])
    board = SquareGrid(2, 2)
    with pytest.raises(TopologyError, match=r"no cell \(9, 9\)"):
        board.neighbors((9, 9))
    with pytest.raises(TopologyError, match="no direction 'up'"):
        board.ray((0, 0), "up")
    assert isinstance(TopologyError("x"), ValueError)


def test_from_graph_undirected() -> None:
    board = from_graph(nx.petersen_graph())
    assert len(board) == 10
    assert board.directions == ()
    assert board.distance(0, 7) == nx.shortest_path_length(nx.petersen_graph(), 0, 7)
    assert all(len(board.pos(c)) == 2 for c in board.cells)
    assert board.compiled.rays[0] == ()


def test_from_graph_directed_labels_and_opposites() -> None:
    g = nx.DiGraph()
    for a, b in [("a", "b"), ("b", "c")]:
        g.add_edge(a, b, direction="right")
        g.add_edge(b, a, direction="left")
    board = from_graph(g)
    assert board.directions == ("right", "left")
    assert board.ray("a", "right") == ("b", "c")
    assert board.opposite("left") == "right"
    assert board.graph.edges["a", "b"]["steps"] == {"a": "right", "b": "left"}


def test_from_graph_rejects_bad_input() -> None:
    g = nx.DiGraph()
    g.add_edge("a", "b", direction="x")
    with pytest.raises(TopologyError, match="no reverse"):
        from_graph(g)
    g.add_edge("b", "a")
    with pytest.raises(TopologyError, match="no 'direction' attribute"):
        from_graph(g)
    with pytest.raises(TopologyError, match="multigraphs"):
        from_graph(nx.MultiGraph([(1, 2)]))
    with pytest.raises(TopologyError, match="at least one cell"):
        from_graph(nx.Graph())


@pytest.mark.parametrize("pos", ["x", None, (1,), (1, 2, 3), (math.nan, 0), (0, math.inf), ("1", 2), (True, 0)])
def test_from_graph_refuses_a_position_that_is_not_two_numbers(pos: object) -> None:
    """It was taken, and the text board and the picture failed with a ValueError or a TypeError."""
    g = nx.Graph([("York", "Leeds")])
    g.nodes["York"]["pos"] = pos
    g.nodes["Leeds"]["pos"] = (1, 0)
    with pytest.raises(TopologyError, match=r"^cell 'York' has pos .*; a position is a pair \(x, y\) of numbers$"):
        from_graph(g)


def test_from_graph_takes_positions_of_any_kind_of_number() -> None:
    np = pytest.importorskip("numpy")
    g = nx.Graph([(0, 1), (1, 2)])
    nx.set_node_attributes(g, {0: [0, 0], 1: (1.5, 0), 2: np.array([3.0, np.float32(1)])}, "pos")
    assert [from_graph(g).pos(c) for c in (0, 1)] == [(0, 0), (1.5, 0)]


def test_opposites_go_both_ways() -> None:
    # A pair named one way only, or pairs that disagree, gave the board's whole lines (CompiledTopology.line_of)
    # a line for a direction without an opposite ("w" on "e"'s), or overwrote one pair's lines with another's.
    grid = SquareGrid(3, 3)
    with pytest.raises(TopologyError, match=r"^opposite pair 'e'/'w' goes one way only: name 'w': 'e' too$"):
        Topology(nx.Graph(grid.graph), grid.directions, {"e": "w"})
    with pytest.raises(TopologyError, match=r"^opposite pair 'e'/'w' goes one way only: 'w' is opposite 'n'$"):
        Topology(nx.Graph(grid.graph), grid.directions, {"e": "w", "w": "n", "n": "e"})
    track = nx.DiGraph([("a", "b", {"direction": "right"}), ("b", "a", {"direction": "left"})])
    with pytest.raises(TopologyError, match="one way only"):
        from_graph(track, opposites={"right": "left"})
    assert from_graph(track, opposites={"right": "left", "left": "right"}).opposite("left") == "right"
    assert Topology(nx.Graph(grid.graph), grid.directions, {}).compiled.opposite == (-1, -1, -1, -1)


def test_a_step_comes_back_along_its_opposite() -> None:
    # 0 - 1 - 2 - 3 stepped "e" (back "w"), and 3's "e" leads back to 1, whose step to 3 is "n": the line along "e"
    # from 0 ran 0, 1, 2, 3, 1 (a cell twice), and a line's pieces were not what line_counts counted on it.
    g = nx.DiGraph()
    for a, b in [(0, 1), (1, 2), (2, 3)]:
        g.add_edge(a, b, direction="e")
        g.add_edge(b, a, direction="w")
    g.add_edge(3, 1, direction="e")
    g.add_edge(1, 3, direction="n")
    with pytest.raises(TopologyError, match=r"^edge 1-3 steps 'e' from 3 but 'n' back, not 'w'$"):
        from_graph(g, opposites={"e": "w", "w": "e"})
    assert from_graph(g).compiled.opposite == (-1, -1, -1)  # inferred: "e" comes back as "w" and as "n"
    # Two cells that step "e" into the same one: two lines along "e" through it.
    fork = nx.DiGraph()
    for a, b, back in [("x", "z", "w"), ("y", "z", "s"), ("z", "t", "w")]:
        fork.add_edge(a, b, direction="e")
        fork.add_edge(b, a, direction=back)
    with pytest.raises(TopologyError, match=r"^edge 'z'-'y' steps 'e' from 'y' but 's' back, not 'w'$"):
        from_graph(fork, opposites={"e": "w", "w": "e"})
    grid = SquareGrid(3, 3)
    with pytest.raises(TopologyError, match=r"^edge \(0, 0\)-\(1, 0\) steps 'e' from \(0, 0\) but 'w' back, not 'n'$"):
        Topology(nx.Graph(grid.graph), grid.directions, {"e": "n", "n": "e"})


def test_a_ring_track_wraps_its_rays() -> None:
    g = nx.DiGraph()
    for i in range(4):
        g.add_edge(i, (i + 1) % 4, direction="cw")
        g.add_edge((i + 1) % 4, i, direction="ccw")
    board = from_graph(g)
    assert board.ray(0, "cw") == (1, 2, 3)


@pytest.mark.parametrize(("width", "height"), [(1, 1), (3, 5), (11, 11), (26, 19)])
def test_the_hex_rhombus_is_named_like_a_square_grid(width: int, height: int) -> None:
    board = HexGrid.rhombus(width, height)
    assert len(board) == width * height and repr(board) == f"HexGrid.rhombus({width}, {height})"
    assert board.cells[0] == (0, 0) and board.name((0, 0)) == "a1"
    assert board.name((width - 1, height - 1)) == f"{chr(ord('a') + width - 1)}{height}"
    assert all(board.cell(board.name(c)) == c for c in board.cells)
    assert len({board.name(c) for c in board.cells}) == len(board)
    # Each row is drawn half a hex right of the one above: a2 sits between a1 and b1.
    if width > 1 and height > 1:
        (x1, y1), (x2, y2), (xb, _) = board.pos((0, 0)), board.pos((0, 1)), board.pos((1, 0))
        assert x1 < x2 < xb and y2 < y1
    inner = [c for c in board.hexes if 0 < c[0] < width - 1 and 0 < c[1] < height - 1]
    assert all(len(board.neighbors(c)) == 6 for c in inner)
    assert nx.is_connected(board.graph)


def test_rhombus_rejects_bad_sizes_and_names() -> None:
    for width, height in [(0, 3), (27, 3), (3, True), (3, "3"), (3, -1)]:
        with pytest.raises(TopologyError, match="from 1 to 26"):
            HexGrid.rhombus(width, height)  # type: ignore[arg-type]
    board = HexGrid.rhombus(3, 2)
    for name in ["d1", "a3", "a0", "", "11", "a", "(0, 0)"]:
        with pytest.raises(TopologyError, match="no cell"):
            board.cell(name)
    assert board.cell(" B2 ") == (1, 1)


@pytest.mark.parametrize("board", [SquareGrid(4, 3), SquareGrid(4, 3, origin="top"), HexGrid.rhombus(4, 3)])
def test_the_sides_of_a_grid(board: SquareGrid | HexGrid) -> None:
    assert board.side("top") == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert board.side("bottom") == ((0, 2), (1, 2), (2, 2), (3, 2))
    assert board.side("left") == ((0, 0), (0, 1), (0, 2))
    assert board.side("right") == ((3, 0), (3, 1), (3, 2))
    # on the picture: the top side is highest, the left side leftmost of each row
    pos = board.pos
    assert all(pos(c)[1] == max(pos(d)[1] for d in board.cells) for c in board.side("top"))
    for r in range(3):
        row = [c for c in board.cells if c[1] == r]
        assert min(row, key=lambda c: pos(c)[0]) in board.side("left")
        assert max(row, key=lambda c: pos(c)[0]) in board.side("right")


@pytest.mark.parametrize("radius", [1, 2, 4])
def test_the_six_sides_of_a_hexagon(radius: int) -> None:
    board = HexGrid.hexagon(radius)
    names = ["top", "top-right", "bottom-right", "bottom", "bottom-left", "top-left"]
    sides = [board.side(n) for n in names]
    assert all(len(s) == radius + 1 and all(c in board for c in s) for s in sides)
    assert set().union(*sides) == set(board.ring((0, 0), radius))
    corners = [set(a) & set(b) for a, b in zip(sides, sides[1:] + sides[:1], strict=True)]
    assert all(len(c) == 1 for c in corners)  # going round, each side meets the next at one corner
    top = max(board.pos(c)[1] for c in board.cells)
    assert all(board.pos(c)[1] == top for c in board.side("top"))


@pytest.mark.parametrize("size", [1, 2, 5, 19, 26])
def test_the_hex_triangle_is_named_like_the_rhombus_it_is_cut_from(size: int) -> None:
    board, rhombus = HexGrid.triangle(size), HexGrid.rhombus(size, size)
    assert len(board) == size * (size + 1) // 2 and repr(board) == f"HexGrid.triangle({size})"
    assert list(board.cells) == [c for c in rhombus.cells if sum(c) < size]  # row by row from the top
    assert all(board.name(c) == rhombus.name(c) and board.cell(board.name(c)) == c for c in board.cells)
    assert board.name((size - 1, 0)) == f"{chr(ord('a') + size - 1)}1" and board.name((0, size - 1)) == f"a{size}"
    # The rim, side by side: every rim hex (fewer than six neighbours) on a side, each corner on two.
    sides = {name: board.side(name) for name in ("top", "left", "right")}
    rim = {c for c in board.cells if len(board.neighbors(c)) < 6}
    assert set().union(*sides.values()) == rim
    assert all(len(side) == size for side in sides.values())
    corners = {(0, 0), (size - 1, 0), (0, size - 1)}
    assert {c for c in rim if sum(c in side for side in sides.values()) == 2} == (corners if size > 1 else set())
    top = max(board.pos(c)[1] for c in board.cells)
    assert all(board.pos(c)[1] == top for c in sides["top"])
    for r in range(size):  # the left side leftmost of each row, the right side rightmost
        row = [c for c in board.cells if c[1] == r]
        assert min(row, key=lambda c: board.pos(c)[0]) == sides["left"][r]
        assert max(row, key=lambda c: board.pos(c)[0]) == sides["right"][r]


def test_triangle_rejects_bad_sizes_and_names() -> None:
    for size in [0, 27, True, "3", -1, 2.0]:
        with pytest.raises(TopologyError, match="from 1 to 26"):
            HexGrid.triangle(size)  # type: ignore[arg-type]
    board = HexGrid.triangle(3)
    for name in ["d1", "c2", "b3", "a4", "a0", "", "11", "a", "(0, 0)"]:
        with pytest.raises(TopologyError, match=r"no cell .* on this triangle: row 1 runs a1 to c1"):
            board.cell(name)
    assert board.cell(" B2 ") == (1, 1)
    with pytest.raises(TopologyError, match="no side 'bottom'"):
        board.side("bottom")


def test_boards_without_named_sides_say_so() -> None:
    for board in [from_graph(nx.path_graph(3)), HexGrid([(0, 0), (1, 0)])]:
        with pytest.raises(TopologyError, match="no named sides"):
            board.side("top")
    with pytest.raises(TopologyError, match="no side 'north': sides are 'top', 'bottom', 'left', 'right'"):
        SquareGrid(3, 3).side("north")
    with pytest.raises(TopologyError, match="no side"):
        SquareGrid(3, 3).side(["top"])  # type: ignore[arg-type]


def test_every_board_method_takes_a_cell_or_its_name() -> None:
    """Issue 30, item 7: one rule everywhere, names as the state takes them."""
    board = SquareGrid(8, 8, diagonals=True)
    f3 = board.cell("f3")
    assert board.ray("f3", "n") == board.ray(f3, "n")
    assert board.step("f3", "ne") == board.step(f3, "ne") == board.cell("g4")
    assert board.neighbors("f3") == board.neighbors(f3)
    assert board.distance("a1", "h8") == board.distance((0, 7), (7, 0)) == 7
    assert board.pos("f3") == board.pos(f3)
    assert board.index("f3") == board.index(f3) == board.indices[f3]
    assert board.walk("f3", "e", 9) == board.walk(f3, "e", 9) == (board.cell("g3"), board.cell("h3"))
    assert board.cell(f3) == f3 and board.name("f3") == "f3"
    rhombus = HexGrid.rhombus(3, 3)
    assert rhombus.ray("a1", "e") == rhombus.ray(rhombus.cell("a1"), "e")
    assert rhombus.distance("a1", "c3") == rhombus.distance(rhombus.cell("a1"), rhombus.cell("c3"))
    assert rhombus.line("a1", "c1") == rhombus.line(rhombus.cell("a1"), rhombus.cell("c1"))
    hexagon = HexGrid.hexagon(2)
    assert hexagon.ring("(0, 0)", 1) == hexagon.ring((0, 0), 1)
    assert hexagon.distance("(0, 0)", (2, 0)) == 2
    ring = from_graph(nx.cycle_graph(4))
    assert ring.neighbors("0") == ring.neighbors(0) and ring.distance("0", 2) == 2


def test_a_name_no_cell_has_is_refused_in_one_line() -> None:
    board = SquareGrid(8, 8)
    with pytest.raises(TopologyError, match="no cell 'i9' on the 8x8 board"):
        board.ray("i9", "n")
    with pytest.raises(TopologyError, match="no cell named 'x'"):
        from_graph(nx.cycle_graph(4)).index("x")
    with pytest.raises(TopologyError, match=r"no cell \(9, 9\)"):
        board.step((9, 9), "n")
    with pytest.raises(TypeError):
        cast("dict[object, int]", board.indices)[(0, 0)] = 5


def test_names_are_looked_up_as_fast_as_cells_and_a_cell_stays_itself() -> None:
    board = from_graph(nx.relabel_nodes(nx.path_graph(3), {0: "1", 1: 0, 2: "x"}))
    assert board.index("1") == 0 and board.index(0) == 1  # the cell "1", not the cell 0 named "0"
    assert board.index("0") == 1 and board.index("x") == 2
    assert board.index("1") == 0  # still itself once names are known
    wide = SquareGrid(30, 2)
    assert wide.index("a1") == 30 and wide.index((29, 0)) == 29
    with pytest.raises(TopologyError):
        wide.index("z9")


@pytest.mark.parametrize("diagonals", [False, True])
def test_square_ring_is_every_square_at_that_king_distance_clockwise(diagonals: bool) -> None:
    """SquareGrid.ring against a plain reading: the squares at that Chebyshev distance, the first the
    ring's top-left corner where it is on the board, each next one a king's step on clockwise as drawn
    (row 0 at the top), clipped at the board's edges."""
    board = SquareGrid(7, 5, diagonals=diagonals)
    for cx, cy in board.cells:
        for radius in range(8):
            ring = board.ring((cx, cy), radius)
            expected = {(x, y) for x, y in board.cells if max(abs(x - cx), abs(y - cy)) == radius}
            assert set(ring) == expected and len(ring) == len(expected)
            if radius and (cx - radius, cy - radius) in expected:
                assert ring[0] == (cx - radius, cy - radius)
            # Clockwise from the top-left corner: the angle round the centre, from that corner's, grows along
            # the ring (y points down, so atan2 grows clockwise as drawn), over any part clipped off.
            angles = [(math.atan2(y - cy, x - cx) + 3 * math.pi / 4) % (2 * math.pi) for x, y in ring]
            assert angles == sorted(angles)
    assert board.ring("b2", 0) == (board.cell("b2"),)
    with pytest.raises(TopologyError, match="radius"):
        board.ring("b2", -1)
    with pytest.raises(TopologyError):
        board.ring("z9", 1)


def test_crossing_edges_against_every_pair() -> None:
    """Topology.crossing_edges against a test of every pair of edges: two straight lines cross when each
    one's ends lie strictly on both sides of the other (so edges that share a cell, touch end on end or
    lie on one line do not), on random graphs drawn with integer positions (exact arithmetic) and a
    knight's-move board."""
    rng = random.Random(5)

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    boards = []
    for n in (6, 12, 25):
        graph: nx.Graph[int] = nx.Graph()
        for i in range(n):
            graph.add_node(i, pos=(rng.randrange(6), rng.randrange(6)))  # shared and collinear points happen
        graph.add_edges_from(rng.sample(list(itertools.combinations(range(n), 2)), 2 * n))
        boards.append(from_graph(graph))
    knight: nx.Graph[tuple[int, int]] = nx.Graph()
    for x, y in itertools.product(range(6), range(6)):
        knight.add_node((x, y), pos=(x, -y))
    knight.add_edges_from(((x, y), (x + dx, y + dy)) for x, y in itertools.product(range(6), range(6))
                          for dx, dy in ((1, 2), (2, 1), (2, -1), (1, -2)) if (x + dx, y + dy) in knight)
    boards.append(from_graph(knight))
    for board in boards:
        ends = [(board.pos(a), board.pos(b)) for a, b in board.edges]
        for k, (a, b) in enumerate(ends):
            want = [j for j, (c, d) in enumerate(ends)
                    if side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0]
            assert list(board.crossing_edges[k]) == want
    assert sum(map(len, boards[-1].crossing_edges)) > 100  # the knight's links cross often


def test_crossing_edges_are_exact_where_floats_cannot_tell() -> None:
    """An end on the other edge's line is touching, not crossing, though the floats' products miss 0; and
    a crossing of tiny coordinates is found though the products underflow (the reviewer's cases)."""
    touching: nx.Graph[str] = nx.Graph()
    for name, pos in {"a": (0.1, 0.3), "b": (0.4, 1.2), "c": (0.2, 0.6), "d": (0.4, 0.6)}.items():
        touching.add_node(name, pos=pos)
    touching.add_edges_from([("a", "b"), ("c", "d")])
    assert from_graph(touching).crossing_edges == ((), ())
    tiny: nx.Graph[str] = nx.Graph()
    for name, pos in {"a": (0.0, 0.0), "b": (2e-170, 2e-170), "c": (0.0, 2e-170), "d": (2e-170, 0.0)}.items():
        tiny.add_node(name, pos=pos)
    tiny.add_edges_from([("a", "b"), ("c", "d")])
    assert from_graph(tiny).crossing_edges == ((1,), (0,))
    assert SquareGrid(5, 4).ring((1, 1), 10**9) == ()  # nothing of it on the board, found at once
