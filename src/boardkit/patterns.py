"""Lines and connections of pieces on any board.

Components floor: it imports the core and the boards only, never a game or
an application.

Two questions games ask of the pieces on a board: how long is the line of
one piece through a cell (five in a row in Gomoku, four in Connect Four), and
do a player's pieces join two sets of cells (Hex joins two sides of the
board, Y all three). Like :mod:`boardkit.capture` they read only the
compiled tables of a :class:`~boardkit.topology.Topology` (integer cells and
directions, :attr:`~boardkit.topology.Topology.compiled`) and a board held as
a flat sequence of pieces indexed by cell, so games call them on their hot
paths; they are pure functions and change nothing.

Examples:
    >>> from boardkit.topology import SquareGrid
    >>> grid = SquareGrid(3, 3, diagonals=True)
    >>> cells = ["x", None, None,
    ...          None, "x", None,
    ...          "o", None, "x"]
    >>> line(grid.compiled, cells, 4)
    3
    >>> top, bottom = ([grid.index(c) for c in grid.side(s)] for s in ("top", "bottom"))
    >>> connects(grid.compiled, cells, top, bottom, pieces={"x"})
    True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Container, Iterable, Iterator, Sequence
from typing import TypeVar

from boardkit.topology import CompiledTopology, TopologyError

__all__ = ["connects", "line", "reach"]

P = TypeVar("P")


def line(
    board: CompiledTopology,
    cells: Sequence[P],
    cell: int,
    *,
    piece: P | None = None,
    directions: Iterable[int] | None = None,
) -> int:
    """The length of the longest unbroken line of one piece through ``cell``.

    Each line runs along a direction and its opposite (a direction without an
    opposite counts on its own), and holds ``cell`` itself.

    Args:
        board: The compiled board (``topology.compiled``).
        cells: The piece on every cell, by cell index; ``None`` for none.
        cell: The index of the cell the lines run through.
        piece: The piece to count; by default the one on ``cell``. Give it to
            ask what a piece *would* make on a cell (a threat in Gomoku).
        directions: Direction indices: only the lines along these (and their
            opposites) count. By default every line of the board.

    Returns:
        The number of pieces in the longest line, ``cell`` included; 0 when
        there is no piece (``cell`` is empty and no ``piece`` is given).

    Raises:
        TopologyError: if the board has no directions (no lines at all).

    Examples:
        Connect Four's check, on a board with diagonals:

        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(4, 4, diagonals=True)
        >>> cells = [None] * 16
        >>> for c in [(0, 3), (1, 2), (2, 1)]:
        ...     cells[grid.index(c)] = "R"
        >>> line(grid.compiled, cells, grid.index((1, 2)))
        3
        >>> line(grid.compiled, cells, grid.index((3, 0)), piece="R")
        4
        >>> line(grid.compiled, cells, grid.index((1, 2)), directions=[grid.directions.index("e")])
        1
    """
    rays = board.rays[cell]
    if not rays:
        raise TopologyError("this board has no directions, so it has no lines")
    if piece is None:
        piece = cells[cell]
        if piece is None:
            return 0
    opposite = board.opposite
    longest = 1
    for d in range(len(rays)) if directions is None else directions:
        back = opposite[d]
        if directions is None and 0 <= back < d:
            continue  # this line was counted from its other direction
        run = 1
        for j in rays[d]:
            if cells[j] != piece:
                break
            run += 1
        if back >= 0:
            for j in rays[back]:
                if cells[j] != piece:
                    break
                run += 1
        if run > longest:
            longest = run
    return longest


def reach(board: CompiledTopology, cells: Sequence[P], start: Iterable[int], *, pieces: Container[P]) -> set[int]:
    """Every cell holding one of ``pieces`` that joins a ``start`` cell holding
    one of them, through neighbouring cells that hold them too.

    Cells join their :attr:`~boardkit.topology.CompiledTopology.neighbors`:
    six on a hex board, four or eight on a square grid, the edges of any
    other graph. Start cells without such a piece are left out.

    Args:
        board: The compiled board.
        cells: The piece on every cell, by cell index.
        start: Indices of the cells to grow from.
        pieces: The pieces that join (a set: ``None in "ab"`` fails).

    Returns:
        The indices of the joined cells, the start's own included.

    Examples:
        The group of ``x`` touching the left column, and whether it reaches
        every side of the board (Y's test, here on a square):

        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(3, 2)
        >>> cells = ["x", "x", None,
        ...          None, "x", "x"]
        >>> sorted(reach(grid.compiled, cells, [0, 3], pieces={"x"}))
        [0, 1, 4, 5]
        >>> group = reach(grid.compiled, cells, [0, 3], pieces={"x"})
        >>> sides = ["top", "bottom", "left", "right"]
        >>> all(any(grid.index(c) in group for c in grid.side(s)) for s in sides)
        True
    """
    return set(_grow(board, cells, start, pieces))


def connects(
    board: CompiledTopology,
    cells: Sequence[P],
    start: Iterable[int],
    goal: Iterable[int],
    *,
    pieces: Container[P],
) -> bool:
    """Whether ``pieces`` join a cell of ``start`` to a cell of ``goal``: an
    unbroken chain of neighbouring cells, each holding one of ``pieces``,
    from one set to the other (Hex's win, or a road in a connection game).

    Both ends hold a piece too: a cell in both sets counts when it does.

    Args:
        board: The compiled board.
        cells: The piece on every cell, by cell index.
        start: Indices of one set of cells (a side of the board).
        goal: Indices of the other set.
        pieces: The pieces that join (a set).

    Examples:
        On the Hex board a chain from the top row to the bottom row:

        >>> from boardkit.topology import HexGrid
        >>> board = HexGrid.rhombus(3, 3)
        >>> cells = [None] * len(board)
        >>> for name in ["c1", "b2", "a3"]:
        ...     cells[board.index(board.cell(name))] = "R"
        >>> top, bottom = ([board.index(c) for c in board.side(s)] for s in ("top", "bottom"))
        >>> connects(board.compiled, cells, top, bottom, pieces={"R"})
        True
        >>> cells[board.index(board.cell("b2"))] = None
        >>> connects(board.compiled, cells, top, bottom, pieces={"R"})
        False
    """
    ends = set(goal)
    return any(i in ends for i in _grow(board, cells, start, pieces))


def _grow(board: CompiledTopology, cells: Sequence[P], start: Iterable[int], pieces: Container[P]) -> Iterator[int]:
    """The cells :func:`reach` finds, each once, nearest the start first."""
    neighbors = board.neighbors
    seen = {i for i in start if cells[i] in pieces}
    yield from seen
    queue = deque(seen)
    while queue:
        for j in neighbors[queue.popleft()]:
            if j not in seen and cells[j] in pieces:
                seen.add(j)
                queue.append(j)
                yield j
