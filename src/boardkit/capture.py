"""Custodial capture, flanking capture and enclosure on any board.

Components floor: it imports the core and the boards only, never a game or
an application.

Both work on the compiled tables of a :class:`~boardkit.topology.Topology`
(integer cells, integer directions) and a board held as a flat sequence of
piece codes indexed by cell, so games call them on their hot paths. They only
*find* captures; the game removes the pieces.

Custodial capture: after a piece lands on a cell, an enemy next to it along a
direction is taken when the cell beyond that enemy, on the same line, is an
*anvil*: a friendly piece, or an empty cell that is hostile. Flanking
capture: every unbroken run of enemies along a line from the landing cell,
closed at its far end by a friendly piece, is taken (Othello's flips, line
capture in Hasami Shogi). Enclosure: a piece is taken when every neighbour is
an enemy or a hostile empty cell.

Examples:
    >>> from boardkit.topology import SquareGrid
    >>> board = SquareGrid(5, 1)
    >>> cells = [None, "b", "w", None, None]   # a white piece between ...
    >>> cells[3] = "b"                          # ... black lands on the far side
    >>> custodial(board.compiled, cells, 3, enemies={"w"}, friends={"b"})
    [2]
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from typing import Any, TypeVar

from boardkit.topology import CompiledTopology, TopologyError

__all__ = ["custodial", "enclosed", "flanking"]

P = TypeVar("P")

_NOTHING: frozenset[Any] = frozenset()


def custodial(
    board: CompiledTopology,
    cells: Sequence[P],
    landed: int,
    *,
    enemies: Container[P],
    friends: Container[P],
    hostile: Container[int] = _NOTHING,
    immune: Container[P] = _NOTHING,
    empty: object = None,
    directions: Iterable[int] | None = None,
) -> list[int]:
    """The cells whose pieces a piece landing on ``landed`` captures custodially.

    Args:
        board: The compiled board (``topology.compiled``).
        cells: The piece on every cell, by cell index; ``empty`` for none.
        landed: The index of the cell the capturing piece just moved to.
        enemies: Piece codes that can be captured.
        friends: Piece codes that close a capture from the far side.
        hostile: Cell indices that close a capture when *empty* (a throne,
            a corner). An occupied hostile cell counts by its piece.
        immune: Enemy piece codes never captured custodially (a King taken
            only by enclosure).
        empty: The code of an empty cell.
        directions: Direction indices to look along; default every direction
            that has an opposite (so diagonals capture only on boards where
            they are directions).

    Returns:
        The captured cells' indices, in direction order.

    Examples:
        >>> from boardkit.topology import HexGrid
        >>> hexes = HexGrid.hexagon(1)
        >>> c = hexes.compiled
        >>> cells = [None] * len(hexes)
        >>> cells[hexes.index((0, 0))] = "x"
        >>> cells[hexes.index((-1, 0))] = "o"
        >>> custodial(c, cells, hexes.index((1, 0)), enemies={"x"}, friends={"o"})
        [3]
        >>> hexes.cells[3]
        (0, 0)
    """
    steps = board.steps
    taken: list[int] = []
    around = steps[landed]
    dirs = range(len(around)) if directions is None else directions
    opposite = board.opposite
    for d in dirs:
        if directions is None and opposite[d] < 0:
            continue
        victim = around[d]
        if victim < 0:
            continue
        piece = cells[victim]
        if piece is empty or piece not in enemies or piece in immune:
            continue
        beyond = steps[victim][d]
        if beyond < 0:
            continue
        far = cells[beyond]
        if far is empty:
            if beyond in hostile:
                taken.append(victim)
        elif far in friends:
            taken.append(victim)
    return taken


def flanking(
    board: CompiledTopology,
    cells: Sequence[P],
    landed: int,
    *,
    enemies: Container[P],
    friends: Container[P],
    directions: Iterable[int] | None = None,
) -> list[int]:
    """The cells a piece on ``landed`` flanks: along each direction, the
    unbroken run of enemies next to it when a friend closes the run's far end.

    This is Othello's rule (the discs a move flips; a move is legal where
    this is not empty) and line capture (Hasami Shogi). ``landed`` itself is
    not read, so the same call asks what a piece *would* flank on an empty
    cell. A run that reaches the edge or an empty cell, or that has no enemy
    in it, takes nothing.

    Args:
        board: The compiled board (``topology.compiled``).
        cells: The piece on every cell, by cell index.
        landed: The index of the cell the piece lands on.
        enemies: Pieces that can be flanked (a set: ``None in "ab"`` fails).
        friends: Pieces that close a run from the far end (a set).
        directions: Direction indices to look along; default every direction
            of the board (so diagonals flank only on boards that have them).

    Returns:
        The flanked cells' indices, direction by direction, nearest first.

    Raises:
        TopologyError: if the board has no directions (no lines to flank along).

    Examples:
        Black lands on the left end of a row: the white run is closed by a
        black disc, so both whites are flanked; the run to the south is open.

        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(4, 2)
        >>> cells = [None, "w", "w", "b",
        ...          "w", None, None, None]
        >>> flanking(grid.compiled, cells, 0, enemies={"w"}, friends={"b"})
        [1, 2]
        >>> flanking(grid.compiled, cells, 0, enemies={"w"}, friends={"b"}, directions=[grid.directions.index("s")])
        []
    """
    rays = board.rays[landed]
    if not rays:
        raise TopologyError("this board has no directions, so nothing lies in a line to flank")
    taken: list[int] = []
    for ray in rays if directions is None else [rays[d] for d in directions]:
        run = 0
        for j in ray:
            piece = cells[j]
            if piece in enemies:
                run += 1
                continue
            if run and piece in friends:
                taken.extend(ray[:run])
            break
    return taken


def enclosed(
    board: CompiledTopology,
    cells: Sequence[P],
    cell: int,
    *,
    enemies: Container[P],
    hostile: Container[int] = _NOTHING,
    empty: object = None,
    edge_hostile: bool = False,
) -> bool:
    """True when every side of ``cell`` is closed: an enemy piece, or an empty
    hostile cell (and, with ``edge_hostile``, the board's edge).

    Args:
        board: The compiled board; sides are its directions (or, on a board
            without directions, its neighbours).
        cells: The piece on every cell, by index.
        cell: The cell of the piece that may be enclosed.
        enemies: Piece codes that close a side.
        hostile: Cells that close a side when empty.
        empty: The code of an empty cell.
        edge_hostile: Whether a side off the board counts as closed.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(3, 3)
        >>> cells = ["", "A", "", "A", "K", "A", "", "", ""]
        >>> throne = {grid.index((1, 2))}
        >>> enclosed(grid.compiled, cells, 4, enemies={"A"}, empty="")
        False
        >>> enclosed(grid.compiled, cells, 4, enemies={"A"}, hostile=throne, empty="")
        True
    """
    sides = board.steps[cell] if board.steps and board.steps[cell] else board.neighbors[cell]
    for j in sides:
        if j < 0:
            if not edge_hostile:
                return False
            continue
        piece = cells[j]
        if piece is empty or piece == empty:
            if j not in hostile:
                return False
        elif piece not in enemies:
            return False
    return True
