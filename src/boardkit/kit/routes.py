"""The tables the kit's board-reading methods take, made once from a
board: every move a piece could make from each cell, so that a game lists
its legal moves without building them on each turn, and every line a row of
pieces could fill.

Each function here makes the table of one method of
:class:`~boardkit.kit.BoardState`, from the board and a kind of move
(:class:`Step`, :class:`Path` or, for moves named by where they land,
:class:`Place`), along the directions given by name (``ways``) or along
every one:

- :func:`step_table` for :meth:`~boardkit.kit.BoardState.step_moves`
  (one step, onto an empty cell or onto an enemy: Breakthrough, Clobber,
  Nine Men's Morris);
- :func:`route_table` for :meth:`~boardkit.kit.BoardState.route_moves`
  (one step onto an empty cell, a table per kind of piece: draughts' men
  and kings);
- :func:`slide_table` for :meth:`~boardkit.kit.BoardState.slide_moves`
  (along a line over empty cells: an Amazon and its arrow, a Hasami piece);
- :func:`hop_table` for :meth:`~boardkit.kit.BoardState.hop_moves` (a step,
  or a hop over the next cell: Chinese checkers);
- :func:`line_table` for :meth:`~boardkit.kit.BoardState.filled` and
  :meth:`~boardkit.kit.BoardState.all_filled` (every row of so many cells:
  Connect Four's fours, Pentago's fives).

A table is made when the game's module is imported, and its moves are the
very values those methods return. A game with moves of its own kind builds
its table the same way by hand (each method's docstring gives the shape).

Components floor, with the rest of the kit: it imports the core and the
boards only.

Examples:
    >>> from boardkit.topology import SquareGrid
    >>> board = SquareGrid(3, 3)
    >>> a1 = board.index("a1")
    >>> step_table(board, Step, capture=True)[a1]  # (to, the move onto an empty cell, the capture)
    [(3, Step('a1', 'a2'), Step('a1', 'a2')), (7, Step('a1', 'b1'), Step('a1', 'b1'))]
    >>> [[str(move) for _, move in line] for line in slide_table(board, Place)[a1]]  # lines n, e, s, w
    [['a2', 'a3'], ['b1', 'c1'], [], []]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeVar

from boardkit.kit.moves import Path, Place, Step
from boardkit.topology import Topology, TopologyError

__all__ = ["hop_table", "line_table", "route_table", "slide_table", "step_table"]

#: The kind of move a table holds: a step, a path (a capture marked as such) or a placement where it lands.
K = TypeVar("K", Step, Path, Place)


def step_table(
    board: Topology,
    move: type[K],
    *,
    ways: Sequence[str] | None = None,
    quiet: bool | Collection[str] = True,
    capture: bool | Collection[str] = False,
) -> list[list[tuple[int, K | None, K | None]]]:
    """The table of :meth:`~boardkit.kit.BoardState.step_moves`: for each
    cell ``i`` (by index), its one-step routes as ``(j, quiet, capture)``,
    ``quiet`` the move onto ``j`` when it is empty and ``capture`` the move
    onto it when an enemy holds it (``None`` where there is no such move).

    ``ways`` names the directions to step in, in that order, as a tuple or
    list (``board.directions`` for all of them). ``None`` steps to every
    neighbouring cell in the board's order instead, which on a graph board
    without directions is the only choice, and which has no directions to
    choose among. ``quiet`` and ``capture`` say which of the ways give a
    move onto an empty cell and which a capture: all (``True``), none
    (``False``) or those named; a way that gives neither is left out. A
    :class:`Path` capture is marked as one (``"a7xb6"``); a :class:`Step`
    capture is written as the step is. A :class:`Place` names only where
    the piece lands, so it suits a game where one piece of a side moves at
    a time (two pieces able to reach one cell would list one move twice).

    Raises:
        TopologyError: if a direction named is not one of the board's, the
            directions are not named in order (a set), or ``quiet`` or
            ``capture`` names a direction that is not among ``ways``.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> board = SquareGrid(8, 8, diagonals=True)
        >>> ahead = step_table(board, Path, ways=("sw", "s", "se"), capture=("sw", "se"))
        >>> [(board.name(board.cells[j]), str(q), str(c)) for j, q, c in ahead[board.index("b7")]]
        [('a6', 'b7-a6', 'b7xa6'), ('b6', 'b7-b6', 'None'), ('c6', 'b7-c6', 'b7xc6')]
    """
    names, made = _names(board), _maker(board, move)
    if ways is None:
        every = [[(j, "") for j in around] for around in board.compiled.neighbors]
        listed: tuple[str, ...] | None = None
    else:
        named = _directions(board, ways)
        every = [[(j, way) for way, d in named if (j := steps[d]) >= 0] for steps in board.compiled.steps]
        listed = tuple(way for way, _ in named)
    quiet_ways, capture_ways = _chosen(quiet, "quiet moves", listed), _chosen(capture, "captures", listed)
    return [
        [
            (
                j,
                made(names, i, j, False) if quiet_ways is None or way in quiet_ways else None,
                made(names, i, j, True) if capture_ways is None or way in capture_ways else None,
            )
            for j, way in routes
            if quiet_ways is None or capture_ways is None or way in quiet_ways or way in capture_ways
        ]
        for i, routes in enumerate(every)
    ]


def route_table(board: Topology, move: type[K], *, ways: Sequence[str] | None = None) -> list[list[tuple[int, K]]]:
    """One piece's table for :meth:`~boardkit.kit.BoardState.route_moves`:
    for each cell ``i``, its one-step routes as ``(j, move)``, the move legal
    when ``j`` is empty; along ``ways`` in that order (``None``: to every
    neighbouring cell, in the board's order). ``route_moves`` takes one such
    table per kind of piece.

    Raises:
        TopologyError: if a direction named is not one of the board's.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> board = SquareGrid(8, 8, diagonals=True)
        >>> men = route_table(board, Path, ways=("nw", "ne"))
        >>> [str(move) for _, move in men[board.index("c3")]]
        ['c3-b4', 'c3-d4']
    """
    return [[(j, q) for j, q, _ in routes if q is not None] for routes in step_table(board, move, ways=ways)]


def slide_table(
    board: Topology, move: type[K], *, ways: Sequence[str] | None = None
) -> list[list[list[tuple[int, K]]]]:
    """The table of :meth:`~boardkit.kit.BoardState.slide_moves`: for each
    cell ``i``, one line per direction of ``ways`` (``None``: every direction
    of the board, in its order), each the cells beyond ``i`` nearest first
    with the move that lands there, as ``(j, move)``. With :class:`Place`
    the move names only where it lands (an Amazon's arrow).

    Raises:
        TopologyError: if a direction named is not one of the board's, or the
            board has no directions (a graph board without them).

    Examples:
        >>> from boardkit.topology import HexGrid
        >>> board = HexGrid.hexagon(2)
        >>> lines = slide_table(board, Step)[board.index("(0, 0)")]  # the middle, six lines
        >>> board.directions[0], [str(move) for _, move in lines[0]]
        ('e', ['(0, 0)-(1, 0)', '(0, 0)-(2, 0)'])
    """
    names, made, named = _names(board), _maker(board, move), _directions(board, ways)
    rays = board.compiled.rays
    return [[[(j, made(names, i, j, False)) for j in rays[i][d]] for _, d in named] for i in range(len(names))]


def hop_table(
    board: Topology, move: type[K], *, ways: Sequence[str] | None = None
) -> list[list[tuple[int, K, int, K | None]]]:
    """The table of :meth:`~boardkit.kit.BoardState.hop_moves`: for each
    cell ``i``, a route along each direction of ``ways`` (``None``: every
    direction, in the board's order) as ``(j, step, k, hop)``: the step onto
    the next cell ``j``, and the hop over it onto the cell beyond, ``k``
    (``-1``, and ``hop`` ``None``, where that is off the board). A direction
    whose first step is already off the board has no route.

    Raises:
        TopologyError: if a direction named is not one of the board's, or the
            board has no directions.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> board = SquareGrid(3, 3)
        >>> [(j, str(step), k, str(hop)) for j, step, k, hop in hop_table(board, Step)[board.index("a2")]]
        [(0, 'a2-a3', -1, 'None'), (4, 'a2-b2', 5, 'a2-c2'), (6, 'a2-a1', -1, 'None')]
    """
    names, made, named = _names(board), _maker(board, move), _directions(board, ways)
    steps = board.compiled.steps
    return [
        [
            (j, made(names, i, j, False), k, made(names, i, k, False) if k >= 0 else None)
            for _, d in named
            if (j := steps[i][d]) >= 0
            for k in (steps[j][d],)
        ]
        for i in range(len(names))
    ]


def line_table(board: Topology, length: int, *, ways: Sequence[str] | None = None) -> list[tuple[int, ...]]:
    """Every line of ``length`` cells in a row, as their indices, for
    :meth:`~boardkit.kit.BoardState.filled` and
    :meth:`~boardkit.kit.BoardState.all_filled`: from each cell in board
    order, along each direction of ``ways`` in that order. ``None`` takes one
    direction of each opposite pair, the one the board names first, so that
    each line is listed once (ways named with both of a pair list each line
    twice, once from each end). A board with no line that long has none:
    the table is empty.

    Raises:
        TopologyError: if a direction named is not one of the board's, the
            board has no directions, or ``length`` is not a whole number of
            cells, 2 or more.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> board = SquareGrid(3, 3, diagonals=True)
        >>> lines = line_table(board, 3)
        >>> len(lines), [[board.name(board.cells[i]) for i in line] for line in lines[:2]]
        (8, [['a3', 'b3', 'c3'], ['a3', 'b2', 'c1']])
    """
    if isinstance(length, bool) or not isinstance(length, int) or length < 2:
        raise TopologyError(f"a line's length is a whole number of cells, 2 or more, not {length!r:.40}")
    rays, opposite = _board(board).compiled.rays, board.compiled.opposite
    named = _directions(board, ways)
    if ways is None:
        named = [(way, d) for way, d in named if not 0 <= opposite[d] < d]
    return [(i, *rays[i][d][: length - 1]) for i in range(len(rays)) for _, d in named if len(rays[i][d]) >= length - 1]


def _board(board: Topology) -> Topology:
    if not isinstance(board, Topology):
        raise TopologyError(f"a table is made from a board (a Topology), not {type(board).__name__}")
    return board


def _names(board: Topology) -> list[str]:
    return [board.name(cell) for cell in _board(board).cells]


def _maker(board: Topology, kind: type) -> Callable[[list[str], int, int, bool], Any]:
    """Makes the moves of ``kind`` (a kit move kind, or a class of the game's own derived from one) from
    the indices of where they start and end (``K``, to the callers)."""
    if kind is Path:  # the board's own values, found by identity when played
        return lambda names, i, j, capture: Path.through(board, (i, j), capture=capture)
    if isinstance(kind, type):
        if issubclass(kind, Path):
            return lambda names, i, j, capture: kind((names[i], names[j]), capture=capture)
        if issubclass(kind, Place):
            return lambda names, i, j, capture: kind(names[j])
        if issubclass(kind, Step):
            return lambda names, i, j, capture: kind(names[i], names[j])
    raise TopologyError(f"a table holds moves of the kinds Step, Path or Place (or a class of them), not {kind!r:.60}")


def _directions(board: Topology, ways: Sequence[str] | None) -> list[tuple[str, int]]:
    """``ways`` as (name, direction index) pairs, or every direction of the board."""
    known = list(_board(board).directions)
    if not known:
        raise TopologyError(
            "this board has no directions to follow (step_table and route_table without ways step to every neighbour)"
        )
    if ways is None:
        return [(way, d) for d, way in enumerate(known)]
    if isinstance(ways, str):
        raise TopologyError(f"name the directions as a tuple of names, not the text {ways!r:.40}")
    if not isinstance(ways, Sequence):
        raise TopologyError(f"name the directions in their order, as a tuple or a list, not a {type(ways).__name__}")
    unknown = [way for way in ways if way not in known]
    if unknown:
        raise TopologyError(f"no direction {unknown[0]!r:.40} on this board; its directions are {', '.join(known)}")
    return [(way, known.index(way)) for way in ways]


def _chosen(which: bool | Collection[str], what: str, ways: tuple[str, ...] | None) -> Collection[str] | None:
    """The directions ``what`` (quiet moves or captures) is made along: ``None`` for all, else those named."""
    if which is True:
        return None
    if which is False:
        return ()
    if isinstance(which, str):
        raise TopologyError(f"name the {what} directions as a tuple of names, not the text {which!r:.40}")
    if not isinstance(which, Collection):
        raise TopologyError(f"{what}: True, False or a tuple of directions, not {which!r:.40}")
    chosen = set(which)
    if chosen and ways is None:
        raise TopologyError(f"name the ways to choose the {what} among them (ways=board.directions for all of them)")
    outside = [way for way in which if way not in (ways or ())]
    if outside:
        raise TopologyError(f"{outside[0]!r:.40} is not among the ways named ({', '.join(ways or ())}) for the {what}")
    return chosen
