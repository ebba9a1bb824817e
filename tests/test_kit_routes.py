"""The kit's route tables (``step_table``, ``route_table``, ``slide_table``,
``hop_table``), each against a plain reference read from the board's own
methods (``neighbors``, ``step``, ``ray``: the graph, not its compiled
tables), on square, hexagonal and graph boards, and fed to the move helpers
they are made for; with the errors a game author can make naming
directions."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import networkx as nx
import pytest

from boardkit.chance import Random
from boardkit.kit import (
    BoardGame,
    BoardState,
    Path,
    Place,
    Step,
    hop_table,
    line_table,
    route_table,
    slide_table,
    step_table,
)
from boardkit.topology import HexGrid, SquareGrid, Topology, TopologyError, from_graph


def ring() -> Topology:
    """Six points in a ring, joined without directions (a graph board of a user's own)."""
    graph: nx.Graph[str] = nx.cycle_graph(6)
    return from_graph(nx.relabel_nodes(graph, {i: f"p{i}" for i in range(6)}))


BOARDS = {
    "square": SquareGrid(5, 4),
    "square with diagonals": SquareGrid(6, 6, diagonals=True),
    "hexagon": HexGrid.hexagon(3),
}


def names(board: Topology) -> list[str]:
    return [board.name(cell) for cell in board.cells]


def made(board: Topology, kind: type, a: Any, b: Any, capture: bool = False) -> Any:
    """The move of ``kind`` from cell ``a`` to cell ``b``, made the plain way."""
    if kind is Path:
        return Path((board.name(a), board.name(b)), capture=capture)
    if kind is Place:
        return Place(board.name(b))
    return Step(board.name(a), board.name(b))


def some_ways(board: Topology, rng: Random) -> list[str]:
    chosen = [way for way in board.directions if rng.randbelow(2)]
    return chosen or [board.directions[rng.randbelow(len(board.directions))]]


@pytest.mark.parametrize("kind", [Step, Path, Place])
@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
def test_slide_table_is_every_ray_of_the_board(board: Topology, kind: type) -> None:
    rng = Random(7)
    for ways in (None, some_ways(board, rng), some_ways(board, rng)[::-1]):
        table = slide_table(board, kind, ways=ways)
        for i, cell in enumerate(board.cells):
            plain = [
                [(board.index(c), made(board, kind, cell, c)) for c in board.ray(cell, way)]
                for way in (ways or board.directions)
            ]
            assert table[i] == plain


@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
def test_hop_table_is_each_step_and_the_hop_beyond(board: Topology) -> None:
    rng = Random(8)
    for ways in (None, some_ways(board, rng)):
        table = hop_table(board, Step, ways=ways)
        for i, cell in enumerate(board.cells):
            plain = []
            for way in ways or board.directions:
                near = board.step(cell, way)
                if near is None:
                    continue
                far = board.step(near, way)
                hop = None if far is None else made(board, Step, cell, far)
                beyond = -1 if far is None else board.index(far)
                plain.append((board.index(near), made(board, Step, cell, near), beyond, hop))
            assert table[i] == plain


@pytest.mark.parametrize("kind", [Step, Path])
@pytest.mark.parametrize("board", [*BOARDS.values(), ring()], ids=[*BOARDS.keys(), "ring"])
def test_step_table_to_every_neighbour(board: Topology, kind: type) -> None:
    for quiet, capture in itertools.product((True, False), repeat=2):
        table = step_table(board, kind, quiet=quiet, capture=capture)
        for i, cell in enumerate(board.cells):
            plain = [
                (
                    board.index(c),
                    made(board, kind, cell, c) if quiet else None,
                    made(board, kind, cell, c, capture=True) if capture else None,
                )
                for c in board.neighbors(cell)
                if quiet or capture  # a route that gives no move is left out
            ]
            assert table[i] == plain
        if quiet:
            assert route_table(board, kind) == [[(j, q) for j, q, _ in routes] for routes in table]


@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
def test_step_table_along_named_ways_with_some_captures(board: Topology) -> None:
    rng = Random(9)
    for _ in range(6):
        ways = some_ways(board, rng)
        quiet = [w for w in ways if rng.randbelow(2)]
        capture = [w for w in ways if rng.randbelow(2)]
        table = step_table(board, Path, ways=ways, quiet=quiet, capture=capture)
        routes = route_table(board, Path, ways=ways)
        for i, cell in enumerate(board.cells):
            plain = [
                (
                    board.index(c),
                    made(board, Path, cell, c) if way in quiet else None,
                    made(board, Path, cell, c, capture=True) if way in capture else None,
                )
                for way in ways
                if (c := board.step(cell, way)) is not None and (way in quiet or way in capture)
            ]
            assert table[i] == plain
            ahead = [board.step(cell, way) for way in ways]
            assert routes[i] == [(board.index(c), made(board, Path, cell, c)) for c in ahead if c is not None]


def test_paths_are_the_boards_own_values() -> None:
    """A path in a table is the value Path.through keeps for the board, so the kit finds a move by identity."""
    board = BOARDS["square with diagonals"]
    table = step_table(board, Path, ways=("n", "ne"), capture=("ne",))
    j, quiet, capture = table[board.index("b2")][1]
    assert quiet is Path.through(board, (board.index("b2"), j))
    assert capture is Path.through(board, (board.index("b2"), j), capture=True)
    assert (str(quiet), str(capture)) == ("b2-c3", "b2xc3")


class Bare(BoardGame):
    name, board, state_class = "bare", BOARDS["square with diagonals"], BoardState


@pytest.mark.parametrize("seed", range(6))
def test_the_helpers_read_the_tables(seed: int) -> None:
    """Each table, fed to the helper it is made for on a random position,
    gives the moves a plain scan of the board gives."""
    board, rng = Bare.board, Random(seed)
    state = Bare().new_game(seed=0)
    for cell in board.cells:
        state.put(cell, [None, None, "X", "O"][rng.randbelow(4)])
    at = state.layout()
    steps = step_table(board, Step, ways=("n", "e", "ne"), capture=("ne",))
    assert state.step_moves("X", steps, enemy="O") == [
        move
        for i, piece in enumerate(at)
        if piece == "X"
        for j, quiet, capture in steps[i]
        for move in ([quiet] if at[j] is None else [capture] if at[j] == "O" else [])
        if move is not None
    ]
    slides = slide_table(board, Step)
    assert state.slide_moves(slides, "O") == [
        made(board, Step, board.cells[i], c)
        for i, piece in enumerate(at)
        if piece == "O"
        for way in board.directions
        for c in itertools.takewhile(lambda c: at[board.index(c)] is None, board.ray(board.cells[i], way))
    ]
    routes = {"X": route_table(board, Path, ways=("s",)), "O": route_table(board, Path, ways=("n", "w"))}
    assert state.route_moves(routes) == [
        move for i, piece in enumerate(at) if piece in routes for j, move in routes[piece][i] if at[j] is None
    ]


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda b: step_table(b, Step, ways=("north",)), "no direction 'north' on this board; its directions are n, e"),
        (lambda b: slide_table(b, Step, ways="ne"), "not the text 'ne'"),
        (lambda b: step_table(b, Step, capture=("n",)), "name the ways to choose the captures among them"),
        (lambda b: step_table(b, Step, ways=("n", "e"), quiet=("s",)), "'s' is not among the ways named (n, e)"),
        (lambda b: step_table(b, Step, ways=("n",), capture="n"), "not the text 'n'"),
        (lambda b: hop_table(b, dict), "a table holds moves of the kinds Step, Path or Place"),  # type: ignore[type-var]
        (lambda b: route_table(b, Step, ways=(d for d in "ne")), "as a tuple or a list, not a generator"),
        (lambda b: route_table(b, Step, ways={"n", "e"}), "in their order, as a tuple or a list, not a set"),
        (lambda b: step_table(b, Step, ways=("n",), capture=(d for d in "n")), "captures: True, False or a tuple"),
        (lambda b: step_table(b, Step, quiet=None), "quiet moves: True, False or a tuple of directions, not None"),
        (lambda b: step_table(b, Step, capture=1), "captures: True, False or a tuple of directions, not 1"),
        (lambda b: step_table(b.graph, Step), "a table is made from a board (a Topology), not Graph"),
        (lambda b: line_table(None, 3), "a table is made from a board (a Topology), not NoneType"),
        (lambda b: hop_table(ring(), Step), "this board has no directions to follow"),
        (lambda b: slide_table(ring(), Step), "this board has no directions to follow"),
    ],
)
def test_a_direction_the_board_lacks_is_refused_in_a_line(make: Any, words: str) -> None:
    with pytest.raises(TopologyError) as caught:
        make(BOARDS["square"])
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_graph_board_without_directions_steps_to_every_neighbour() -> None:
    board = ring()
    table: Sequence[Sequence[tuple[int, Step | None, Step | None]]] = step_table(board, Step)
    assert [str(q) for _, q, _ in table[board.index("p0")]] == ["p0-p1", "p0-p5"]


@pytest.mark.parametrize("length", [2, 3, 5])
@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
def test_line_table_is_every_row_of_cells_once(board: Topology, length: int) -> None:
    """Each line of ``length`` cells along the board's rays, once whichever end it is read from."""
    plain = {
        frozenset([board.index(cell), *(board.index(c) for c in board.ray(cell, way)[: length - 1])])
        for cell in board.cells
        for way in board.directions
        if len(board.ray(cell, way)) >= length - 1
    }
    lines = line_table(board, length)
    assert len(lines) == len(plain) and {frozenset(line) for line in lines} == plain
    assert all(len(line) == length for line in lines)
    rng = Random(length)
    ways = some_ways(board, rng)
    assert line_table(board, length, ways=ways) == [
        (board.index(cell), *(board.index(c) for c in board.ray(cell, way)[: length - 1]))
        for cell in board.cells
        for way in ways
        if len(board.ray(cell, way)) >= length - 1
    ]


class Four(BoardGame):
    name, board, state_class = "four", SquareGrid(4, 4, diagonals=True), BoardState


@pytest.mark.parametrize("length", [1, 0, True, 2.5, 3.0, "3"])
def test_a_line_shorter_than_two_cells_is_refused(length: Any) -> None:
    with pytest.raises(TopologyError, match="a line's length is a whole number of cells, 2 or more"):
        line_table(BOARDS["square"], length)


def test_a_line_longer_than_the_board_is_nowhere() -> None:
    assert line_table(BOARDS["square"], 6) == [] and len(line_table(BOARDS["square"], 5)) == 4


def test_no_directions_chosen_is_none_at_all() -> None:
    board = BOARDS["square"]
    assert step_table(board, Step, capture=()) == step_table(board, Step)
    assert step_table(board, Step, quiet=(), capture=()) == [[] for _ in board.cells]


class Hop(Step):
    """A game's own kind of step."""


class Land(Place):
    """A game's own kind of placement."""


def test_a_games_own_kind_of_move_is_made_as_its_kind() -> None:
    board = BOARDS["square"]
    routes = route_table(board, Hop)
    assert all(type(move) is Hop for row in routes for _, move in row)
    assert routes[board.index("a1")] == [(board.index("a2"), Hop("a1", "a2")), (board.index("b1"), Hop("a1", "b1"))]
    assert {type(move) for row in slide_table(board, Land) for line in row for _, move in line} == {Land}


def test_the_filled_lines_of_a_board() -> None:
    """What filled() reads: a row of three on a 4x4 board with diagonals, found through its line table."""
    board = Four.board
    state = Four().new_game(seed=0)
    for name in ("b1", "c2", "d3"):
        state.put(name, "X")
    assert state.filled(line_table(board, 3)) == "X"
    assert state.all_filled(line_table(board, 3, ways=("n", "e"))) == []
