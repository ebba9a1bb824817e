"""Hex boards: :class:`HexGrid` (a hexagon in axial coordinates, and the Hex
rhombus and the Y triangle named like a square grid), with rings, disks,
lines and distances.

Part of the boards floor: it imports :mod:`boardkit.topology._base` and the
core only, never a component or a game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from contextlib import suppress
from typing import Any

import networkx as nx

from boardkit.errors import shown
from boardkit.topology._base import (
    MAX_CELLS,
    Topology,
    TopologyError,
    check_cells,
    grid_cell,
    grid_name,
    grid_sides,
    join_steps,
)

__all__ = ["HEX_DIRECTIONS", "Hex", "HexGrid", "hex_distance"]

#: An axial hex coordinate ``(q, r)``.
Hex = tuple[int, int]

#: The six axial steps, by label. ``r`` grows downwards (pointy-top hexes).
HEX_DIRECTIONS: dict[str, Hex] = {
    "e": (1, 0),
    "ne": (1, -1),
    "nw": (0, -1),
    "w": (-1, 0),
    "sw": (-1, 1),
    "se": (0, 1),
}
_OPPOSITES = {"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}
_SQRT3 = math.sqrt(3.0)


def hex_distance(a: Hex, b: Hex) -> int:
    """The number of hex steps between two axial cells on an open plane.

    Examples:
        >>> hex_distance((0, 0), (2, -1))
        2
        >>> hex_distance((0, 2), (0, -2))
        4
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class HexGrid(Topology[Hex]):
    """A board of hexagonal cells in axial coordinates.

    Cells are ``(q, r)`` tuples of pointy-top hexes: ``q`` grows to the east,
    ``r`` to the south-east, and the third cube coordinate is ``-q - r``. The
    six directions are ``"e"``, ``"ne"``, ``"nw"``, ``"w"``, ``"sw"`` and
    ``"se"``. ``pos`` is ``(sqrt(3) * (q + r / 2), -1.5 * r)``.

    Build one with :meth:`hexagon`, :meth:`rhombus` or :meth:`triangle`, or
    give any set of axial cells. A rhombus and a triangle name their cells
    like a square grid (``"a1"`` at the top-left, see :meth:`name`); any
    other hex board names a cell ``str(cell)``.

    Args:
        cells: The axial cells of the board.

    Raises:
        TopologyError: for an empty board or a cell that is not two integers.

    Examples:
        >>> board = HexGrid.hexagon(2)
        >>> len(board.cells)
        19
        >>> board.neighbors((0, 2))
        ((1, 1), (0, 1), (-1, 2))
        >>> board.distance((0, 2), (0, -2))
        4
        >>> HexGrid([(0, 0), (1, 0), (2, 0)]).ray((0, 0), "e")
        ((1, 0), (2, 0))
    """

    def __init__(self, cells: Any) -> None:
        if isinstance(cells, str | bytes) or not isinstance(cells, Iterable):
            raise TopologyError(f"a hex grid is built from an iterable of (q, r) cells, not {shown(cells)}")
        graph: nx.Graph[Any] = nx.Graph()
        for cell in cells:
            if len(graph) >= MAX_CELLS:
                check_cells(len(graph) + 1, "this hex grid")
            if (
                not isinstance(cell, tuple)
                or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
            ):
                raise TopologyError(f"a hex cell is a (q, r) pair of integers, not {shown(cell)}")
            q, r = cell
            graph.add_node(cell, pos=(_SQRT3 * (q + r / 2), -1.5 * r))
        join_steps(graph, HEX_DIRECTIONS)
        #: The radius of a :meth:`hexagon`, else ``None``.
        self.radius: int | None = None
        #: The columns and rows of a :meth:`rhombus`, else ``None``.
        self.width: int | None = None
        self.height: int | None = None
        #: The hexes along each side of a :meth:`triangle`, else ``None``.
        self.size: int | None = None
        super().__init__(graph, list(HEX_DIRECTIONS), _OPPOSITES)

    @classmethod
    def hexagon(cls, radius: int) -> HexGrid:
        """The hexagon of every cell within ``radius`` steps of ``(0, 0)``.

        It has ``3 * radius * (radius + 1) + 1`` cells, listed row by row from
        the top (``r = -radius``), west to east.

        Raises:
            TopologyError: for a negative radius.

        Examples:
            >>> [len(HexGrid.hexagon(k).cells) for k in range(4)]
            [1, 7, 19, 37]
            >>> HexGrid.hexagon(1).cells[:3]
            ((0, -1), (1, -1), (-1, 0))
        """
        if isinstance(radius, bool) or not isinstance(radius, int) or radius < 0:
            raise TopologyError(f"radius must be a non-negative integer, not {shown(radius)}")
        check_cells(3 * radius * (radius + 1) + 1, f"a hexagon of radius {shown(radius)}")
        cells = [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1) if abs(q + r) <= radius]
        grid = cls(cells)
        grid.radius = radius
        return grid

    @classmethod
    def rhombus(cls, width: int, height: int) -> HexGrid:
        """The Hex board: ``width`` columns and ``height`` rows of hexes, each
        row half a hex further right than the one above it.

        Cells are ``(q, r)`` for ``0 <= q < width`` and ``0 <= r < height``,
        listed row by row from the top, west to east. They are named like a
        square grid's with row 1 at the top: a column letter from the left and
        a row number from the top, ``"a1"`` the top-left hex. The sides
        (:meth:`side`) are ``"top"`` and ``"bottom"`` (each west to east) and
        ``"left"`` and ``"right"`` (each top to bottom).

        Raises:
            TopologyError: for a width or height that is not an integer from
                1 to 26 (columns are named by letters).

        Examples:
            >>> board = HexGrid.rhombus(11, 11)
            >>> len(board.cells), board.name((0, 0)), board.cell("k11")
            (121, 'a1', (10, 10))
            >>> [board.name(c) for c in board.neighbors(board.cell("b2"))]
            ['c2', 'c1', 'b1', 'a2', 'a3', 'b3']
            >>> [board.name(c) for c in HexGrid.rhombus(3, 2).side("right")]
            ['c1', 'c2']
        """
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 26:
                raise TopologyError(f"a rhombus's {name} must be an integer from 1 to 26, not {value!r:.20}")
        grid = cls([(q, r) for r in range(height) for q in range(width)])
        grid.width, grid.height = width, height
        return grid

    @classmethod
    def triangle(cls, size: int) -> HexGrid:
        """The Y board: a triangle of hexes, ``size`` along each side, its
        longest row at the top and its point at the bottom.

        Cells are ``(q, r)`` for ``q + r < size`` (``q, r >= 0``), listed row
        by row from the top, west to east: the rows of the
        :meth:`rhombus` it is cut from, and named as that rhombus names
        them, ``"a1"`` the top-left corner, the top-right corner the last
        letter on row 1 and the bottom corner ``a`` on the last row. The
        sides (:meth:`side`) are ``"top"`` (west to east), ``"left"`` and
        ``"right"`` (each top to bottom); a corner lies on two.

        Raises:
            TopologyError: for a size that is not an integer from 1 to 26
                (columns are named by letters).

        Examples:
            >>> board = HexGrid.triangle(3)
            >>> [board.name(c) for c in board.cells]
            ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']
            >>> [board.name(c) for c in board.side("right")], board.cell("a3")
            (['c1', 'b2', 'a3'], (0, 2))
        """
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 26:
            raise TopologyError(f"a triangle's size must be an integer from 1 to 26, not {size!r:.20}")
        grid = cls([(q, r) for r in range(size) for q in range(size - r)])
        grid.size = size
        return grid

    def name(self, cell: Hex | str) -> str:
        """A cell's name: on a :meth:`rhombus` or a :meth:`triangle` its
        column letter and row number from the top (``"a1"`` top-left), on
        any other hex board ``str(cell)``.

        Raises:
            TopologyError: for a cell not on the board.

        Examples:
            >>> HexGrid.rhombus(3, 3).name((2, 1)), HexGrid.hexagon(1).name((0, 0))
            ('c2', '(0, 0)')
        """
        rows = self.height if self.size is None else self.size
        if rows is None:
            return super().name(cell)
        return grid_name(self.hexes[self.index(cell)], rows, True)

    def cell(self, name: Hex | str) -> Hex:
        """The cell a name stands for (see :meth:`name`); a cell stands for itself.

        Raises:
            TopologyError: if no cell has that name.

        Examples:
            >>> HexGrid.rhombus(3, 3).cell("c2")
            (2, 1)
            >>> HexGrid.rhombus(3, 3).cell("d1")
            Traceback (most recent call last):
            ...
            boardkit.topology._base.TopologyError: no cell 'd1' on the 3x3 board; cells are a1 to c3
        """
        if self.size is not None and isinstance(name, str):
            k = self.size
            with suppress(TopologyError):
                cell = grid_cell(name, k, k, True)
                if sum(cell) < k:
                    return cell
            last = chr(ord("a") + k - 1)
            raise TopologyError(
                f"no cell {name!r:.20} on this triangle: row 1 runs a1 to {last}1, each row one hex shorter, to a{k}"
            )
        if self.width is None or self.height is None or not isinstance(name, str):
            return super().cell(name)
        return grid_cell(name, self.width, self.height, True)

    def _make_sides(self) -> dict[str, tuple[Hex, ...]]:
        if self.width is not None and self.height is not None:
            return dict(grid_sides(self.width, self.height))
        if self.size is not None:
            k = self.size
            return {
                "top": tuple((q, 0) for q in range(k)),
                "left": tuple((0, r) for r in range(k)),
                "right": tuple((k - 1 - r, r) for r in range(k)),
            }
        if self.radius is None:
            return {}
        k = self.radius
        return {
            "top": tuple((q, -k) for q in range(k + 1)),
            "top-right": tuple((k, r) for r in range(-k, 1)),
            "bottom-right": tuple((k - i, i) for i in range(k + 1)),
            "bottom": tuple((q, k) for q in range(-k, 1)),
            "bottom-left": tuple((-k, r) for r in range(k + 1)),
            "top-left": tuple((-i, i - k) for i in range(k + 1)),
        }

    def side(self, name: str) -> tuple[Hex, ...]:
        """The cells along one side of the board (see :meth:`Topology.side`).

        A :meth:`rhombus` has ``"top"``, ``"bottom"`` (west to east),
        ``"left"`` and ``"right"`` (top to bottom); a :meth:`triangle`
        ``"top"``, ``"left"`` and ``"right"``. A :meth:`hexagon` has six,
        named by where they lie in the picture: ``"top"`` and ``"bottom"``
        (west to east), ``"top-right"`` and ``"bottom-left"`` (top to
        bottom), ``"bottom-right"`` and ``"top-left"`` (each from its east
        end). A side shares its corner cells with its neighbours. Other hex
        boards have no named sides.

        Raises:
            TopologyError: for a side the board does not have.

        Examples:
            >>> HexGrid.hexagon(1).side("top-right")
            ((1, -1), (1, 0))
            >>> HexGrid.rhombus(2, 2).side("middle")
            Traceback (most recent call last):
            ...
            boardkit.topology._base.TopologyError: no side 'middle': sides are 'top', 'bottom', 'left', 'right'
        """
        return super().side(name)

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The cells, typed as axial ``(q, r)`` pairs (the same tuple as ``cells``).

        Examples:
            >>> HexGrid.hexagon(1).hexes[0]
            (0, -1)
        """
        return self.cells

    def __repr__(self) -> str:
        if self.radius is not None:
            return f"HexGrid.hexagon({self.radius})"
        if self.width is not None:
            return f"HexGrid.rhombus({self.width}, {self.height})"
        if self.size is not None:
            return f"HexGrid.triangle({self.size})"
        return f"<HexGrid {len(self.cells)} cells>"

    def distance(self, a: Hex | str, b: Hex | str) -> int:
        """Hex distance; on a hexagon the shortest path never leaves the board.

        Examples:
            >>> HexGrid.hexagon(3).distance((-3, 0), (3, 0))
            6
        """
        if self.radius is None:
            return super().distance(a, b)
        return hex_distance(self.hexes[self.index(a)], self.hexes[self.index(b)])

    def ring(self, center: Hex | str, radius: int) -> tuple[Hex, ...]:
        """The board cells exactly ``radius`` steps from ``center`` (open-plane
        hex distance), going round from the east corner.

        Examples:
            >>> len(HexGrid.hexagon(3).ring((0, 0), 2))
            12
            >>> HexGrid.hexagon(2).ring((0, 2), 1)
            ((1, 1), (0, 1), (-1, 2))
        """
        if isinstance(center, str):
            center = self.hexes[self.index(center)]
        if radius == 0:
            return (center,) if center in self else ()
        found: list[Hex] = []
        # Start at the east corner, then walk each of the six sides.
        q, r = center[0] + radius, center[1]
        for label in ("nw", "w", "sw", "se", "e", "ne"):
            dq, dr = HEX_DIRECTIONS[label]
            for _ in range(radius):
                if (q, r) in self:
                    found.append((q, r))
                q, r = q + dq, r + dr
        return tuple(found)

    def disk(self, center: Hex | str, radius: int) -> tuple[Hex, ...]:
        """The board cells at most ``radius`` steps from ``center``.

        Examples:
            >>> len(HexGrid.hexagon(2).disk((0, 0), 1))
            7
        """
        return tuple(c for k in range(radius + 1) for c in self.ring(center, k))

    def line(self, a: Hex | str, b: Hex | str) -> tuple[Hex, ...]:
        """The cells on the straight line from ``a`` to ``b``, both included
        (cube-coordinate interpolation, nudged off ties consistently).

        Examples:
            >>> HexGrid.hexagon(2).line((-2, 0), (2, 0))
            ((-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0))
            >>> HexGrid.hexagon(2).line((0, 2), (0, 0))
            ((0, 2), (0, 1), (0, 0))
        """
        if isinstance(a, str):
            a = self.hexes[self.index(a)]
        if isinstance(b, str):
            b = self.hexes[self.index(b)]
        n = hex_distance(a, b)
        out: list[Hex] = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            q = a[0] + (b[0] - a[0]) * t + 1e-6
            r = a[1] + (b[1] - a[1]) * t + 1e-6
            cell = _round_hex(q, r)
            if not out or out[-1] != cell:
                out.append(cell)
        return tuple(out)


def _round_hex(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)
