"""Square boards: :class:`SquareGrid`, ``(column, row)`` cells named ``a1``
to ``z26`` from either the bottom or the top row.

Part of the boards floor: it imports :mod:`boardkit.topology._base` and the
core only, never a component or a game.
"""

from __future__ import annotations

from typing import Any, Literal

import networkx as nx

from boardkit.errors import shown
from boardkit.topology._base import Topology, TopologyError, check_cells, grid_cell, grid_name, grid_sides, join_steps

__all__ = ["SquareGrid"]

_ORTHOGONAL = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
_DIAGONAL = {"ne": (1, -1), "se": (1, 1), "sw": (-1, 1), "nw": (-1, -1)}
_OPPOSITES = {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}


class SquareGrid(Topology[tuple[int, int]]):
    """A rectangle of square cells.

    Cells are ``(column, row)`` tuples: column 0 is the left edge and row 0
    the *top* edge, so a grid reads like a printed diagram. (Games name cells
    in their own notation on top of this; Tafl's ``a1`` is the bottom-left
    cell ``(0, height - 1)``.) Directions are ``"n"`` (up), ``"e"``, ``"s"``
    and ``"w"``, plus ``"ne"``, ``"se"``, ``"sw"`` and ``"nw"`` when
    ``diagonals`` is true. ``pos`` is ``(column, -row)``.

    Cells also have names in the usual notation (:meth:`name`, :meth:`cell`):
    a column letter ``a``, ``b``, ... from the left and a row number from 1,
    counted from the bottom row (``origin="bottom"``, as chess and Tafl do) or
    from the top row (``origin="top"``, as Othello and Hex do).

    Args:
        width: Number of columns, at least 1.
        height: Number of rows, at least 1.
        diagonals: Also join cells that touch at a corner.
        origin: Which row is row 1 in cell names: ``"bottom"`` or ``"top"``.

    Raises:
        TopologyError: for a width or height below 1.

    Examples:
        >>> board = SquareGrid(11, 11)
        >>> len(board.cells), board.directions
        (121, ('n', 'e', 's', 'w'))
        >>> board.step((5, 5), "n")
        (5, 4)
        >>> board.distance((0, 0), (10, 10))
        20
        >>> SquareGrid(3, 3, diagonals=True).distance((0, 0), (2, 2))
        2
        >>> SquareGrid(8, 8).name((0, 7)), SquareGrid(8, 8, origin="top").name((0, 7))
        ('a1', 'a8')
        >>> SquareGrid(3, 2).side("right"), SquareGrid(3, 2).side("bottom")
        (((2, 0), (2, 1)), ((0, 1), (1, 1), (2, 1)))
    """

    def __init__(
        self, width: int, height: int, *, diagonals: bool = False, origin: Literal["bottom", "top"] = "bottom"
    ) -> None:
        if origin not in ("bottom", "top"):
            raise TopologyError(f"origin must be 'bottom' or 'top', not {origin!r:.40}")
        self.origin: Literal["bottom", "top"] = origin
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise TopologyError(f"{name} must be a positive integer, not {shown(value)}")
        check_cells(width * height, f"a {shown(width)} x {shown(height)} grid")
        self.width = width
        self.height = height
        self.diagonals = diagonals
        moves = dict(_ORTHOGONAL)
        if diagonals:
            moves.update(_DIAGONAL)
        graph: nx.Graph[Any] = nx.Graph()
        for row in range(height):
            for col in range(width):
                graph.add_node((col, row), pos=(float(col), float(-row)))
        join_steps(graph, moves)
        order = [d for d in ("n", "ne", "e", "se", "s", "sw", "w", "nw") if d in moves] if diagonals else list(moves)
        super().__init__(graph, order, {d: _OPPOSITES[d] for d in order})

    @property
    def squares(self) -> tuple[tuple[int, int], ...]:
        """The cells, typed as ``(column, row)`` pairs (the same tuple as ``cells``).

        Examples:
            >>> SquareGrid(2, 2).squares
            ((0, 0), (1, 0), (0, 1), (1, 1))
        """
        return self.cells

    def __repr__(self) -> str:
        diag = ", diagonals=True" if self.diagonals else ""
        top = ", origin='top'" if self.origin == "top" else ""
        return f"SquareGrid({self.width}, {self.height}{diag}{top})"

    def name(self, cell: tuple[int, int] | str) -> str:
        """A cell's name: its column letter and row number (``"a1"``).

        Raises:
            TopologyError: for a cell not on the board, or a board wider than
                26 columns (there are no more letters).

        Examples:
            >>> board = SquareGrid(3, 3, origin="top")
            >>> board.name((0, 0)), board.name((2, 1))
            ('a1', 'c2')
        """
        return grid_name(self.cells[self.index(cell)], self.height, self.origin == "top")

    def cell(self, name: tuple[int, int] | str) -> tuple[int, int]:
        """The cell a name stands for (see :meth:`name`); a cell stands for itself.

        Raises:
            TopologyError: if no cell has that name.

        Examples:
            >>> SquareGrid(8, 8).cell("e4")
            (4, 4)
            >>> SquareGrid(8, 8).cell("i9")
            Traceback (most recent call last):
            ...
            boardkit.topology._base.TopologyError: no cell 'i9' on the 8x8 board; cells are a1 to h8
        """
        if not isinstance(name, str):
            return self.cells[self.index(name)]
        return grid_cell(name, self.width, self.height, self.origin == "top")

    def _make_sides(self) -> dict[str, tuple[tuple[int, int], ...]]:
        return dict(grid_sides(self.width, self.height))

    def _make_crossings(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        blocks = [(c, r) for r in range(self.height - 1) for c in range(self.width - 1)]
        return tuple(((c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)) for c, r in blocks)

    def _wall_ends(self) -> tuple[tuple[int, int], ...]:
        """Where a wall across each edge ends: a wall between ``(c, r)`` and
        ``(c + 1, r)`` runs from the crossing above it to the one below it,
        one between ``(c, r)`` and ``(c, r + 1)`` from the crossing on its
        left to the one on its right; ``-1`` at the rim. With diagonals the
        walls would cross the diagonal steps: none."""
        if self.diagonals:
            return ()
        across = self.width - 1

        def crossing(c: int, r: int) -> int:
            return r * across + c if 0 <= c < across and 0 <= r < self.height - 1 else -1

        ends = []
        for (c, r), (c2, _) in self.edges:
            ends.append((crossing(c, r - 1), crossing(c, r)) if c2 != c else (crossing(c - 1, r), crossing(c, r)))
        return tuple(ends)

    def distance(self, a: tuple[int, int] | str, b: tuple[int, int] | str) -> int:
        """Steps between two cells: Manhattan distance, or Chebyshev distance
        when diagonal steps are allowed.

        Examples:
            >>> SquareGrid(8, 8).distance((1, 1), (4, 5))
            7
        """
        (ac, ar), (bc, br) = self.squares[self.index(a)], self.squares[self.index(b)]
        dc, dr = abs(ac - bc), abs(ar - br)
        return max(dc, dr) if self.diagonals else dc + dr

    def ring(self, center: tuple[int, int] | str, radius: int) -> tuple[tuple[int, int], ...]:
        """The board's squares exactly ``radius`` king steps from ``center``
        (the square ring round it, whether or not the board steps
        diagonally), going round clockwise as drawn from the ring's top-left
        corner; ``radius`` 0 gives ``center`` alone. Squares off the board
        are left out. Turning the pieces on a ring by two places
        (:meth:`boardkit.kit.BoardState.cycle`) turns a 3x3 block a quarter
        turn: Pentago's twist.

        Raises:
            TopologyError: for a centre not on the board, or a radius that is
                not a whole number from 0.

        Examples:
            >>> board = SquareGrid(6, 6, origin="top")
            >>> [board.name(cell) for cell in board.ring("b2", 1)]
            ['a1', 'b1', 'c1', 'c2', 'c3', 'b3', 'a3', 'a2']
            >>> len(board.ring((2, 2), 2)), board.ring("a1", 1)
            (16, ((1, 0), (1, 1), (0, 1)))
        """
        if isinstance(radius, bool) or not isinstance(radius, int) or radius < 0:
            raise TopologyError(f"a ring's radius is a whole number from 0, not {shown(radius)}")
        x, y = self.squares[self.index(center)]
        if radius == 0:
            return ((x, y),)
        if radius >= max(self.width, self.height):  # every square of it off the board
            return ()
        around = (
            [(x + k, y - radius) for k in range(-radius, radius)]  # the top row, left to right
            + [(x + radius, y + k) for k in range(-radius, radius)]  # the right column, down
            + [(x - k, y + radius) for k in range(-radius, radius)]  # the bottom row, right to left
            + [(x - radius, y - k) for k in range(-radius, radius)]  # the left column, up
        )
        return tuple(cell for cell in around if 0 <= cell[0] < self.width and 0 <= cell[1] < self.height)
