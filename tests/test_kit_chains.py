"""The kit's path move (:class:`boardkit.kit.Path`) and the jump-chain helper
(:func:`boardkit.capture.chains`), the latter against a search written
plainly on the networkx board, cell by cell."""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import NotationError, OptionError
from boardkit.capture import Chain, between, chains
from boardkit.kit import Path, Place, Step
from boardkit.topology import HexGrid, SquareGrid, Topology, TopologyError, from_graph

GRID = SquareGrid(8, 8, diagonals=True)
DIAGONALS = ("ne", "se", "sw", "nw")
D = {name: GRID.directions.index(name) for name in GRID.directions}


def at(name: str) -> int:
    return GRID.index(GRID.cell(name))


def names(indices: Sequence[int]) -> list[str]:
    return [GRID.name(GRID.cells[i]) for i in indices]


def board(**pieces: str) -> list[str | None]:
    """A position: ``board(w="c3 a1", b="d4")``."""
    cells: list[str | None] = [None] * len(GRID.cells)
    for piece, where in pieces.items():
        for name in where.split():
            cells[at(name)] = piece
    return cells


# -- Path ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "text"),
    [
        (Path(("c3", "d4")), "c3-d4"),
        (Path(("c3", "e5", "c7"), capture=True), "c3xe5xc7"),
        (Path(("a7", "b6"), capture=True), "a7xb6"),
    ],
)
def test_a_path_is_written_with_its_cells_and_reads_back(path: Path, text: str) -> None:
    assert str(path) == text
    assert Path.parse(text, GRID) == path
    assert Path.parse(text.upper(), GRID) == path
    assert Path.parse(f"  {text} ", GRID) == path
    assert eval(repr(path)) == path  # the repr rebuilds it
    assert hash(path) == hash(Path(path.cells, capture=path.capture))
    assert path.source == text[:2] and path.target == text[-2:]


@pytest.mark.parametrize("text", ["c3", "c3x", "xc3", "c3xe5-c7", "c3xz9", "c3--d4", "", "x", "-", "pass", "c3 e5"])
def test_text_that_is_no_path_is_none(text: str) -> None:
    assert Path.parse(text, GRID) is None


def test_a_path_names_two_cells_at_least() -> None:
    with pytest.raises(NotationError):
        Path(("c3",))
    assert Path(["c3", "d4"]).cells == ("c3", "d4")  # any sequence, kept as a tuple


def test_a_path_and_a_step_are_different_moves() -> None:
    assert Path(("c3", "d4")) != Step("c3", "d4")
    assert Path(("c3", "d4")) != Path(("c3", "d4"), capture=True)
    assert Place.parse("c3-d4", GRID) is None


def test_names_that_hold_the_separator_are_split_where_every_part_is_a_cell() -> None:
    wide = SquareGrid(26, 2)  # column x: "x1xx2" is x1, then x2
    assert Path.parse("x1xx2", wide) == Path(("x1", "x2"), capture=True)
    assert Path.parse("w1xx1xx2", wide) == Path(("w1", "x1", "x2"), capture=True)
    assert Path.parse("x1-x2", wide) == Path(("x1", "x2"))
    hexes = HexGrid.hexagon(1)
    assert Path.parse("(0, -1)-(1, -1)", hexes) == Path(("(0, -1)", "(1, -1)"))
    assert Path.parse("(0,-1)x(0,0)x(0,1)", hexes) == Path(("(0, -1)", "(0, 0)", "(0, 1)"), capture=True)
    assert Path.parse("x" * 300, wide) is None and Path.parse("x1" * 300, wide) is None


def test_through_makes_each_path_once_and_indices_reads_it_back() -> None:
    made = Path.through(GRID, (at("c3"), at("e5"), at("c7")), capture=True)
    assert made == Path(("c3", "e5", "c7"), capture=True)
    assert Path.through(GRID, [at("c3"), at("e5"), at("c7")], capture=True) is made
    assert made.indices(GRID) == (at("c3"), at("e5"), at("c7"))
    assert Path(("c3", "e5", "c7"), capture=True).indices(GRID) == made.indices(GRID)  # a path made elsewhere too
    assert Path(("A1", "b2")).indices(GRID) == (at("a1"), at("b2"))
    other = SquareGrid(8, 8, diagonals=True, origin="top")  # the same indices name other cells there
    assert Path.through(other, (at("c3"), at("e5"))) == Path(("c6", "e4"))
    for _ in range(2):  # boards asked in turn: each keeps its own paths
        assert Path.through(GRID, (at("c3"), at("e5"))) == Path(("c3", "e5"))
        assert Path.through(other, (at("c3"), at("e5"))) == Path(("c6", "e4"))
    with pytest.raises(TopologyError):
        Path(("c3", "z9")).indices(GRID)


# -- chains -------------------------------------------------------------------

MEN = {"w": (D["ne"], D["nw"]), "W": tuple(D[d] for d in DIAGONALS)}


def found(cells: Sequence[str | None], starts: str, **options: Any) -> list[list[str]]:
    options.setdefault("enemies", {"b", "B"})
    options.setdefault("directions", MEN)
    return [names(chain.path) for chain in chains(GRID.compiled, cells, [at(s) for s in starts.split()], **options)]


def test_a_piece_jumps_on_while_it_can() -> None:
    cells = board(w="c3", b="d4 f6 d6")
    assert found(cells, "c3") == [["c3", "e5", "g7"], ["c3", "e5", "c7"]]
    result = chains(GRID.compiled, cells, [at("c3")], enemies={"b"}, directions=MEN)
    assert result[0] == Chain((at("c3"), at("e5"), at("g7")), (at("d4"), at("f6")))


def test_nothing_ever_jumps_from_an_empty_cell() -> None:
    cells = board(w="a1", b="d4 f6")
    assert found(cells, "c3") == []  # c3 is empty: the piece that was there has gone
    assert found(cells, "d4") == []  # an enemy does not jump for the mover
    assert found(board(w="c3", b="d4"), "c3", directions={"W": MEN["W"]}) == []  # a piece without directions
    # Asked for every square, only the one that holds a man of the mover jumps.
    assert found(board(w="c3", b="d4"), " ".join(GRID.name(c) for c in GRID.cells)) == [["c3", "e5"]]


def test_men_jump_their_own_ways_and_kings_every_way() -> None:
    cells = board(w="e5", b="d4 f4")  # both behind the man
    assert found(cells, "e5") == []
    cells = board(W="e5", b="d4 f4")
    assert found(cells, "e5") == [["e5", "g3"], ["e5", "c3"]]


def test_a_chain_ends_on_its_stop_cells() -> None:
    cells = board(w="d6", b="e7 g7")  # over e7 to f8, the far row, then it could jump g7 as a king
    crown = {"w": {at(f"{c}8") for c in "abcdefgh"}}
    assert found(cells, "d6", directions={"w": MEN["w"], "W": MEN["W"]}, stop=crown) == [["d6", "f8"]]
    assert found(board(W="d6", b="e7 g7"), "d6", stop=crown) == [["d6", "f8", "h6"]]  # a king is not stopped


def test_longest_keeps_only_the_chains_that_take_most() -> None:
    assert found(board(w="c3 a1", b="d4 f6 b2"), "c3 a1") == [["c3", "e5", "g7"]]  # a1 would land on c3: taken
    cells = board(w="c3 e1", b="d4 f6 f2")
    assert found(cells, "c3 e1") == [["c3", "e5", "g7"], ["e1", "g3"]]
    assert found(cells, "c3 e1", longest=True) == [["c3", "e5", "g7"]]


def test_flying_kings_jump_from_afar_and_land_anywhere_beyond() -> None:
    cells = board(W="a1", b="d4")
    assert found(cells, "a1", flying={"W"}) == [["a1", "e5"], ["a1", "f6"], ["a1", "g7"], ["a1", "h8"]]
    assert found(board(W="a1", b="d4 e5"), "a1", flying={"W"}) == []  # two in a row cannot be jumped


def test_pieces_taken_as_you_go_leave_at_once_and_taken_at_the_end_block() -> None:
    # The king on d6 takes e7 landing on f8, then flies back over e7's square and its own start to take b4:
    # only where e7 has already left the board. Taken at the end, e7 stands in the way (the Turkish strike).
    cells = board(W="d6", b="e7 b4")
    assert found(cells, "d6", flying={"W"}) == [["d6", "f8", "a3"], ["d6", "a3", "f8"]]
    assert found(cells, "d6", flying={"W"}, taken="at-end") == [["d6", "f8"], ["d6", "a3"]]
    with pytest.raises(OptionError, match="taken must be"):
        chains(GRID.compiled, cells, [at("d6")], enemies={"b"}, taken="later")  # type: ignore[arg-type]


def test_the_start_is_left_empty_so_a_king_may_come_back_to_it() -> None:
    cells = board(W="c1", b="d2 d4 b4 b2")  # round the diamond and back to c1
    assert found(cells, "c1") == [["c1", "e3", "c5", "a3", "c1"], ["c1", "a3", "c5", "e3", "c1"]]


def test_without_directions_every_direction_of_the_board_is_a_way() -> None:
    line = SquareGrid(5, 1)
    cells = ["x", "o", None, "o", None]
    result = chains(line.compiled, cells, [0], enemies={"o"})
    assert [chain.path for chain in result] == [(0, 2, 4)] and result[0].taken == (1, 3)


def test_the_cells_are_not_changed() -> None:
    cells = board(W="d6", b="e7 b4")
    before = list(cells)
    chains(GRID.compiled, cells, [at("d6")], enemies={"b"}, directions=MEN, flying={"W"})
    assert cells == before


def test_between() -> None:
    assert names(between(GRID.compiled, at("c3"), at("e5"))) == ["d4"]
    assert names(between(GRID.compiled, at("e5"), at("c3"))) == ["d4"]
    assert between(GRID.compiled, at("c3"), at("d4")) == ()
    assert between(GRID.compiled, at("c3"), at("d6")) == ()  # no common line


# -- chains against a plain search on the networkx board ----------------------


def plain_chains(
    topology: Topology,
    pieces: dict[Any, str],
    start: Any,
    *,
    enemies: Container[str],
    ways: Mapping[str, Sequence[str]],
    flying: Container[str],
    stop: Mapping[str, Container[Any]],
    taken: str,
) -> list[tuple[list[Any], list[Any]]]:
    """Every whole chain from ``start``, found by walking the graph with
    ``Topology.step`` on a dict of pieces by cell."""
    piece = pieces.get(start)
    if piece is None or piece in enemies or piece not in ways:
        return []
    out: list[tuple[list[Any], list[Any]]] = []
    board_now = dict(pieces)
    del board_now[start]

    def search(cell: Any, path: list[Any], took: list[Any]) -> None:
        moved = False
        for way in ways[piece]:
            ahead = topology.step(cell, way)
            if piece in flying:
                while ahead is not None and ahead not in board_now:
                    ahead = topology.step(ahead, way)
            if ahead is None or board_now.get(ahead) not in enemies or ahead in took:
                continue
            land = topology.step(ahead, way)
            while land is not None and land not in board_now:
                moved = True
                victim = board_now[ahead]
                if taken == "as-you-go":
                    del board_now[ahead]
                if land in stop.get(piece, ()):
                    out.append(([*path, land], [*took, ahead]))
                else:
                    search(land, [*path, land], [*took, ahead])
                if taken == "as-you-go":
                    board_now[ahead] = victim
                land = topology.step(land, way) if piece in flying else None
        if not moved and took:
            out.append((path, took))

    search(start, [start], [])
    return out


@settings(max_examples=150, deadline=None)
@given(
    st.data(),
    st.sampled_from(["as-you-go", "at-end"]),
    st.booleans(),
    st.sampled_from([(6, 6), (8, 8), (5, 7)]),
)
def test_chains_agree_with_a_plain_search(data: st.DataObject, taken: str, fly: bool, size: tuple[int, int]) -> None:
    grid = SquareGrid(*size, diagonals=True)
    squares = list(grid.cells)
    placed = data.draw(st.lists(st.sampled_from(squares), min_size=1, max_size=len(squares) // 2, unique=True))
    kinds = data.draw(st.lists(st.sampled_from("mKbB"), min_size=len(placed), max_size=len(placed)))
    pieces = dict(zip(placed, kinds, strict=True))
    ways = {"m": ("ne", "nw"), "K": DIAGONALS}
    crown = {"m": {cell for cell in squares if cell[1] == 0}}
    flying = {"K"} if fly else set()
    cells = [pieces.get(cell) for cell in squares]
    compiled_ways = {k: [grid.directions.index(w) for w in v] for k, v in ways.items()}
    crown_at = {"m": {grid.index(c) for c in crown["m"]}}
    for start in [*placed, squares[0]]:
        ours = chains(grid.compiled, cells, [grid.index(start)], enemies={"b", "B"}, directions=compiled_ways,
                      flying=flying, stop=crown_at, taken=taken)  # type: ignore[arg-type]
        plain = plain_chains(grid, pieces, start, enemies={"b", "B"}, ways=ways, flying=flying, stop=crown,
                             taken=taken)
        assert sorted((c.path, c.taken) for c in ours) == sorted(
            (tuple(grid.index(x) for x in p), tuple(grid.index(x) for x in t)) for p, t in plain
        )
        for chain in ours:
            assert cells[chain.path[0]] not in (None, "b", "B")  # never from an empty cell, never an enemy
            assert all(cells[v] in ("b", "B") for v in chain.taken)
            assert len(set(chain.taken)) == len(chain.taken)


def test_chains_work_on_any_graph_with_directions() -> None:
    graph: nx.DiGraph[int] = nx.DiGraph()
    for i in range(4):
        graph.add_edge(i, i + 1, direction="up")
        graph.add_edge(i + 1, i, direction="down")
    line = from_graph(graph)
    cells = ["x", "o", None, "o", None]
    result = chains(line.compiled, cells, [0], enemies={"o"})
    assert [chain.path for chain in result] == [(0, 2, 4)]
