"""Drawing a board as SVG: squares, hexagons or any graph, with pieces of
several shapes, marked edges, cell names and a key.

Components floor: it imports the boards and :mod:`boardkit.render.elements`
only. :func:`topology_svg` is the one drawing routine every board picture
goes through (the kit's, the shipped games' and :func:`boardkit.render.svg`'s).

The picture's width is the board's (never less than :data:`MIN_WIDTH`),
whatever its title and key say: a long title or legend line wraps, so a
board shown at the page's width keeps its size as the game goes on.

Examples:
    >>> from boardkit.topology import SquareGrid
    >>> picture = topology_svg(SquareGrid(8, 8), legend=[("#222", "a legend line " * 20)])
    >>> picture[:64]
    '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="490"'
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

import networkx as nx

from boardkit.render.elements import Legend, attribute, document, element, is_dark, legend_items
from boardkit.topology import HexGrid, SquareGrid, Topology

__all__ = ["CELL", "MIN_WIDTH", "SHAPES", "checkered", "grid_labels", "grid_size", "piece", "topology_svg"]

#: The narrowest picture :func:`topology_svg` draws, in pixels.
MIN_WIDTH = 320.0
#: The piece shapes :func:`piece` draws.
SHAPES = ("disc", "king", "square", "diamond", "triangle", "ring")
#: How far apart neighbouring cells' centres are drawn, in pixels: a square's side, the
#: distance between two points of a graph one unit apart (a hexagon is wider: sqrt(3) of it).
CELL = 40.0
#: The widest or tallest a graph board is drawn, in cells, however far apart its positions are.
MOST_CELLS = 30.0

_SCALE = CELL
_TITLE_HEIGHT = 30.0
_TITLE_LINE = 20.0
_LEGEND_ROW = 20.0
_KEY_WIDTH = 420.0  # the widest picture whose key is drawn at 13 units
_EMPTY = "#f4ead5"
_CROWN = "#f9a825"


def grid_size(board: Topology) -> tuple[int, int] | None:
    """The columns and rows of a board whose cells are named like a square
    grid's (a :class:`SquareGrid` or a :meth:`HexGrid.rhombus`), else ``None``.

    Examples:
        >>> grid_size(SquareGrid(3, 2)), grid_size(HexGrid.rhombus(4, 5)), grid_size(HexGrid.hexagon(2))
        ((3, 2), (4, 5), None)
    """
    if isinstance(board, SquareGrid | HexGrid) and board.width is not None and board.height is not None:
        return board.width, board.height
    return None


def grid_labels(
    board: Topology, names: Sequence[str], columns: Sequence[str] | None
) -> tuple[list[str], list[str]] | None:
    """The labels around a board named like a square grid (:func:`grid_size`):
    its columns' (``columns``, else ``a``, ``b``, ... for 26 at the most) and its rows' (the name of
    each row's first cell, ``names`` in the board's order, after its letter); ``None`` for another board.

    Examples:
        >>> board = SquareGrid(3, 2)
        >>> grid_labels(board, [board.name(c) for c in board.cells], None)
        (['a', 'b', 'c'], ['2', '1'])
        >>> grid_labels(HexGrid.hexagon(1), ["x"] * 7, None) is None
        True
    """
    size = grid_size(board)
    if size is None:
        return None
    labels = list(columns) if columns is not None else [chr(ord("a") + c) for c in range(min(size[0], 26))]
    return labels, [names[board.index((0, r))][1:] for r in range(size[1])]


def checkered(board: Topology, colours: Sequence[str]) -> dict[Any, str]:
    """A fill colour for every cell, taking ``colours`` in turn so that no
    two neighbours share one where there are enough: by column plus row on a
    square grid (two colours make a checkerboard, ``a1`` taking the first),
    by ``q - r`` on a hex grid (three colours suffice) and by a greedy
    colouring of the graph on any other board.

    Examples:
        >>> board = SquareGrid(2, 2)
        >>> fills = checkered(board, ["dark", "light"])
        >>> [fills[board.cell(name)] for name in ["a1", "b1", "a2", "b2"]]
        ['dark', 'light', 'light', 'dark']
        >>> len(set(checkered(HexGrid.hexagon(1), ["a", "b", "c"]).values()))
        3
        >>> checkered(SquareGrid(2, 2), [])
        {}
    """
    if not colours:
        return {}
    n = len(colours)
    if isinstance(board, SquareGrid):
        corner = 0 if board.name((0, 0)).endswith("1") else board.height - 1  # the row of a1
        return {(c, r): colours[(c + abs(r - corner)) % n] for c, r in board.squares}
    if isinstance(board, HexGrid):
        return {(q, r): colours[(q - r) % n] for q, r in board.hexes}
    order = nx.greedy_color(board.graph, strategy="largest_first")
    return {cell: colours[order[cell] % n] for cell in board.cells}


def piece(shape: str, x: float, y: float, radius: float, fill: str) -> str:
    """A piece of ``shape`` (one of :data:`SHAPES`; anything else is a
    disc) and colour ``fill`` centred on ``(x, y)``: a disc, a king (a disc
    with a crown on it), a square, a diamond, a triangle or a ring.

    Examples:
        >>> piece("disc", 10, 10, 5, "red")
        '<circle cx="10.0" cy="10.0" r="5.0" fill="red" stroke="#222" stroke-width="1.5"/>'
        >>> piece("king", 10, 10, 5, "red").count("<polygon")
        1
    """
    fill = attribute(fill)
    edge = 'stroke="#222" stroke-width="1.5"'
    if shape == "square":
        s = radius * 0.85
        return f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" fill="{fill}" {edge}/>'
    if shape in ("diamond", "triangle"):
        corners = (
            [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
            if shape == "diamond"
            else [(x, y - radius), (x + radius * 0.95, y + radius * 0.7), (x - radius * 0.95, y + radius * 0.7)]
        )
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in corners)
        return f'<polygon points="{points}" fill="{fill}" {edge}/>'
    if shape == "ring":
        return (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius * 0.8:.1f}" fill="none" stroke="{fill}" '
            f'stroke-width="{radius * 0.35:.1f}"/>'
        )
    disc = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{fill}" {edge}/>'
    if shape != "king":
        return disc
    w, h = radius * 0.6, radius * 0.45  # a crown: a band with three points
    crown = [(-w, h), (-w, -h), (-w / 2, 0), (0, -h * 1.3), (w / 2, 0), (w, -h), (w, h)]
    points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in crown)
    return f'{disc}<polygon points="{points}" fill="{_CROWN}" stroke="#222" stroke-width="1"/>'


def topology_svg(
    board: Topology,
    labels: Mapping[Any, str] | None = None,
    fills: Mapping[Any, str] | None = None,
    *,
    title: str | None = None,
    pieces: Mapping[Any, str] | None = None,
    legend: Legend | None = None,
    coordinates: tuple[Sequence[str], Sequence[str]] | None = None,
    overlay: Callable[[Any, float, float], str] | None = None,
    names: Mapping[Any, str] | None = None,
    sides: Mapping[str, str] | None = None,
    shapes: Mapping[Any, str] | None = None,
    legend_shapes: Sequence[str] | None = None,
    show_names: bool = False,
    edges: Mapping[tuple[Any, Any], str] | None = None,
    points: bool = False,
    walls: Mapping[tuple[Any, Any], str] | None = None,
    crossings: Mapping[tuple[Any, ...], str] | None = None,
    drawings: Mapping[Any, str] | None = None,
) -> str:
    """Draw a board: squares for a :class:`SquareGrid`, hexagons for a
    :class:`HexGrid`, circles joined by lines for any other graph.

    A graph is drawn from its cells' positions (``"pos"``), scaled so that
    it reads at any scale it was given in: a board whose closest two cells
    are less than one unit apart, or which is more than :data:`MOST_CELLS`
    units wide or tall (positions in pixels, say), is scaled until its
    closest two cells are :data:`CELL` pixels apart, or it is
    :data:`MOST_CELLS` units across if that comes first; a board laid out
    in whole units within those is drawn as it is.

    Args:
        board: The board to draw.
        labels: Text to write in some cells.
        fills: Fill colours for some cells (any SVG colour).
        title: A line of text above the board (wrapped when longer than the board is wide).
        pieces: A piece of the given colour in some cells (drawn under
            the cell's label, which turns light on a dark piece).
        legend: A key drawn under the board: ``(colour, text)`` pairs or a
            mapping from text to colour; a line longer than the board is
            wide wraps.
        coordinates: For a :class:`SquareGrid` or a
            :meth:`HexGrid.rhombus`, column names (left to right) written
            under the board (a rhombus: above it and under it) and row names
            (top to bottom) written on its left.
        overlay: A function of a cell and the ``(x, y)`` centre of its
            shape in the picture, returning SVG elements (text) drawn over
            that cell, after its label.
        names: Each cell's name in the move notation; everything drawn for a
            named cell is grouped in a ``<g data-cell="name">`` element,
            whose piece is a ``<g class="piece">`` of its own inside it (so
            that the cell's shape is the group's only shape child).
        sides: A colour for some named sides of the board
            (:meth:`~boardkit.topology.Topology.side`), drawn as a band along
            the outside of that side: the sides a player joins in Hex.
        shapes: The shape of the piece in some cells (see :func:`piece`;
            a disc where none is given).
        legend_shapes: The shape drawn beside each legend line, in order
            (a small disc where none is given).
        show_names: Write each cell's name from ``names`` small in its
            corner, or beside it on a graph: the coordinates of a board that
            has no rows and columns to write them around.
        edges: Some edges of the board, each ``(cell, cell)`` with a colour,
            drawn as a thick line from centre to centre over the board (the
            lines drawn in Dots and Boxes).
        points: Draw the board as points joined by thin lines, whatever its
            kind: the board of a game played on its edges.
        walls: Some edges of the board, each ``(cell, cell)`` with a colour,
            drawn as walls across them: a thick line along the side the two
            cells share (Quoridor's walls), over the cells.
        crossings: Some crossing points of the board
            (:attr:`~boardkit.topology.Topology.crossings`), each as the
            cells around it with a colour, drawn as a small square where
            they meet: the middle of a wall, which no other wall crosses.
        drawings: SVG elements (text) drawn on some cells in place of their
            piece and label, centred on the cell: each is drawn with ``(0,
            0)`` at the cell's centre (neighbouring cells are :data:`CELL`
            apart), inside the cell's ``<g data-cell>`` group.

    Returns:
        A standalone SVG document as text.

    Examples:
        >>> picture = topology_svg(HexGrid.hexagon(1), labels={(0, 0): "K"})
        >>> picture.startswith("<svg") and "K</text>" in picture
        True
        >>> picture.count("<polygon")
        7
        >>> picture = topology_svg(SquareGrid(2, 2), coordinates=("ab", "21"))
        >>> [t for t in "ab21" if f">{t}</text>" in picture]
        ['a', 'b', '2', '1']
        >>> topology_svg(SquareGrid(2, 1), names={(0, 0): "a1", (1, 0): "b1"}).count('<g data-cell="')
        2
        >>> topology_svg(HexGrid.hexagon(1), names={(0, 0): "(0, 0)"}, show_names=True).count(">(0, 0)</text>")
        1
        >>> topology_svg(SquareGrid(2, 1), drawings={(0, 0): '<circle r="3"/>'}).count("translate(")
        1

        A wall between two cells side by side is drawn up and down, between them:

        >>> wall = topology_svg(SquareGrid(2, 1), walls={((0, 0), (1, 0)): "#8d6e63"})
        >>> wall.count('stroke="#8d6e63"'), 'x1="160.0" y1="20.0" x2="160.0" y2="60.0"' in wall
        (1, True)
    """
    labels = labels or {}
    fills = fills or {}
    pieces = pieces or {}
    shapes = shapes or {}
    drawings = drawings or {}
    pos = {cell: board.pos(cell) for cell in board.cells}
    if not isinstance(board, SquareGrid | HexGrid):
        pos = _readable(pos)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    rhombus = isinstance(board, HexGrid) and board.width is not None
    pad = (1.9 if rhombus and coordinates is not None else 1.1) if isinstance(board, HexGrid) else 1.0
    board_width = (max(xs) - min(xs) + 2 * pad) * _SCALE
    board_height = (max(ys) - min(ys) + 2 * pad) * _SCALE
    width = max(board_width, MIN_WIDTH)
    titles = _wrap(title, (width - 20) / 8.5) if title else []
    top = _TITLE_HEIGHT + _TITLE_LINE * (len(titles) - 1) if titles else 0.0
    # The key grows with a wide picture, which a phone shrinks to its 390 pixels: 13 units up to 420 wide,
    # so that the key of a board of 11 columns or more still reads at 11 pixels there.
    key = max(1.0, width / _KEY_WIDTH)
    rows = _legend_rows(legend_items(legend), legend_shapes, (width - 38 * key) / (6.4 * key))
    height = top + board_height + (len(rows) * _LEGEND_ROW * key + 10 if rows else 0.0)
    shift = (width - board_width) / 2

    def at(cell: Any) -> tuple[float, float]:
        x, y = pos[cell]
        return shift + (x - min(xs) + pad) * _SCALE, top + (max(ys) - y + pad) * _SCALE

    parts: list[str] = []
    for i, line in enumerate(titles):
        parts.append(
            f'<text x="{width / 2:.1f}" y="{_TITLE_HEIGHT * 0.7 + _TITLE_LINE * i:.1f}" text-anchor="middle" '
            f'font-size="16" font-weight="bold">{escape(line)}</text>'
        )
    if sides:
        parts += _side_bands(board, sides, at)
    grid = isinstance(board, SquareGrid | HexGrid) and not points
    if not grid:
        thin = ' stroke-dasharray="3 4"' if points else ""
        for a, b in board.graph.edges:
            (x1, y1), (x2, y2) = at(a), at(b)
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#888"{thin}/>')
        parts += _edge_lines(edges or {}, at)  # under the points, which stay in sight
    for cell in board.cells:
        x, y = at(cell)
        name = names.get(cell) if names else None
        if name is not None:
            parts.append(f'<g data-cell="{attribute(name)}">')
        if points:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_SCALE * 0.12:.1f}" fill="#444"/>')
        else:
            parts.append(_cell_shape(board, x, y, attribute(fills.get(cell, _EMPTY))))
        own = drawings.get(cell)
        if own is not None:  # the game's own picture of the cell, in place of its piece and label
            parts.append(f'<g transform="translate({x:.1f} {y:.1f})">{own}</g>')
        colour = pieces.get(cell) if own is None else None
        if colour:
            drawn = piece(shapes.get(cell, "disc"), x, y, _SCALE * (0.36 if grid else 0.34), colour)
            # In a named cell the piece is a group of its own, so that a page's mark on the cell's own
            # shape (the last move's ring, `[data-cell].last > rect`) is never drawn on the piece too:
            # on the King's square it hid the King under the crown's dashed outline.
            parts.append(f'<g class="piece">{drawn}</g>' if name is not None else drawn)
        label = labels.get(cell) if own is None else None
        if label:
            dark = is_dark(colour) if colour else is_dark(fills.get(cell, _EMPTY))
            light = ' fill="#fff"' if dark else ""
            size = _SCALE * (0.45 if grid or len(str(label)) < 2 else 0.32)  # two digits fit a point
            parts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
                f'font-size="{size:.0f}"{light}>{escape(str(label))}</text>'
            )
        if show_names and name is not None:
            parts.append(_name_mark(board, name, x, y))
        if overlay is not None:
            parts.append(overlay(cell, x, y))
        if name is not None:
            parts.append("</g>")
    if grid:
        parts += _edge_lines(edges or {}, at)
    if walls:
        parts += _wall_lines(board, walls, at)
    if crossings:
        parts += _crossing_marks(crossings, at)
    if coordinates is not None:
        # They grow with the key, as far as the margin allows ("11" beside the board).
        parts += _coordinates(board, coordinates, at, rhombus=rhombus, size=min(14 * key, 16.0))
    y = top + board_height
    row = _LEGEND_ROW * key
    for colour, text, shape, first in rows:
        y += row
        if first:
            middle = y - row / 2
            # Each part of the key is marked so (class "key"): the site writes the key out beside the board.
            if not shape:
                disc = f'cx="{18 * key:g}" cy="{middle:.1f}" r="{6 * key:g}"'
                parts.append(f'<circle class="key" {disc} fill="{attribute(colour)}" stroke="#555"/>')
            else:
                parts.append(f'<g class="key">{piece(shape, 18 * key, middle, 7 * key, colour)}</g>')
        parts.append(
            f'<text class="key" x="{30 * key:g}" y="{y - row / 2:.1f}" dominant-baseline="central" '
            f'font-size="{13 * key:.3g}">{escape(text)}</text>'
        )
    return document(width, height, parts, background=None)


def _readable(pos: dict[Any, tuple[float, float]]) -> dict[Any, tuple[float, float]]:
    """A graph's positions scaled so that its closest two cells are one unit apart,
    or it spans :data:`MOST_CELLS` units if less; unchanged when they are one unit apart or
    more and it spans no more than that already."""
    points = sorted(set(pos.values()))
    closest = math.inf
    for i, (x, y) in enumerate(points):  # a sweep along x: only points nearer than the closest pair so far
        for u, v in points[i + 1 :]:
            if u - x >= closest:
                break
            closest = min(closest, math.hypot(u - x, v - y))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    scale = 1.0
    if closest < 1.0 - 1e-9 or span > MOST_CELLS:  # the closest two a unit apart, the whole within its most cells
        scale = min(1.0 / closest, MOST_CELLS / span)
    if scale == 1.0:
        return pos
    return {cell: (x * scale, y * scale) for cell, (x, y) in pos.items()}


def _edge_lines(edges: Mapping[tuple[Any, Any], str], at: Callable[[Any], tuple[float, float]]) -> list[str]:
    """Each marked edge as a thick line of its colour over a dark outline,
    so that a light colour shows on a light ground."""
    parts = []
    for (a, b), colour in edges.items():
        (x1, y1), (x2, y2) = at(a), at(b)
        ends = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke-linecap="round"'
        parts.append(f'<line {ends} stroke="#222" stroke-width="{_SCALE * 0.18 + 3:.1f}"/>')
        parts.append(f'<line {ends} stroke="{attribute(colour)}" stroke-width="{_SCALE * 0.18:.1f}"/>')
    return parts


def _wall_lines(
    board: Topology, walls: Mapping[tuple[Any, Any], str], at: Callable[[Any], tuple[float, float]]
) -> list[str]:
    """Each wall as a thick line of its colour over a dark outline, across
    its edge: along the side the two cells share, as long as that side (a
    square's, a hexagon's; half the way between the centres on a graph)."""
    side = 1.0 if isinstance(board, SquareGrid) else 1 / math.sqrt(3) if isinstance(board, HexGrid) else 0.5
    width = _SCALE * 0.16
    parts = []
    for (a, b), colour in walls.items():
        (x1, y1), (x2, y2) = at(a), at(b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        hx, hy = (y1 - y2) * side / 2, (x2 - x1) * side / 2  # half the side, turned a quarter from a to b
        ends = f'x1="{mx - hx:.1f}" y1="{my - hy:.1f}" x2="{mx + hx:.1f}" y2="{my + hy:.1f}"'
        parts.append(f'<line {ends} stroke="#222" stroke-width="{width + 3:.1f}" stroke-linecap="butt"/>')
        parts.append(f'<line {ends} stroke="{attribute(colour)}" stroke-width="{width:.1f}" stroke-linecap="butt"/>')
    return parts


def _crossing_marks(crossings: Mapping[tuple[Any, ...], str], at: Callable[[Any], tuple[float, float]]) -> list[str]:
    """Each marked crossing point as a small square of its colour where its cells meet."""
    parts = []
    h = _SCALE * 0.13
    for cells, colour in crossings.items():
        centres = [at(c) for c in cells]
        x = sum(p[0] for p in centres) / len(centres)
        y = sum(p[1] for p in centres) / len(centres)
        parts.append(
            f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{2 * h:.1f}" height="{2 * h:.1f}" '
            f'fill="{attribute(colour)}" stroke="#222" stroke-width="1.5"/>'
        )
    return parts


def _wrap(text: str, most: float) -> list[str]:
    """``text`` in lines of at most ``most`` characters (one line if it fits), never broken
    at a no-break space, which is drawn as a plain one."""
    return [line.replace("\u00a0", " ") for line in textwrap.wrap(text, max(int(most), 8)) or [text]]


def _legend_rows(
    items: list[tuple[str, str]], shapes: Sequence[str] | None, most: float
) -> list[tuple[str, str, str | None, bool]]:
    """Each legend item as its wrapped lines: ``(colour, text, shape, first line)``."""
    rows = []
    for i, (colour, text) in enumerate(items):
        shape = shapes[i] if shapes is not None and i < len(shapes) else None
        for j, line in enumerate(_wrap(text, most)):
            rows.append((colour, line, shape, j == 0))
    return rows


def _cell_shape(board: Topology, x: float, y: float, fill: str) -> str:
    """The square, hexagon or circle of one cell, centred on ``(x, y)``."""
    if isinstance(board, SquareGrid):
        h = _SCALE / 2
        return (
            f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{_SCALE:.0f}" height="{_SCALE:.0f}" '
            f'fill="{fill}" stroke="#555"/>'
        )
    if isinstance(board, HexGrid):
        r = _SCALE  # adjacent centres are sqrt(3) apart: the circumradius is one unit
        corners = " ".join(
            f"{x + r * math.cos(math.radians(60 * k + 30)):.1f},{y + r * math.sin(math.radians(60 * k + 30)):.1f}"
            for k in range(6)
        )
        return f'<polygon points="{corners}" fill="{fill}" stroke="#555"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_SCALE * 0.3:.1f}" fill="{fill}" stroke="#555"/>'


def _name_mark(board: Topology, name: str, x: float, y: float) -> str:
    """A cell's name written small: in a square's top-left corner, at the
    top of a hexagon, above and right of a graph's circle."""
    small = {"font_size": 11, "fill": "#666", "class_": "cell-name"}
    if isinstance(board, SquareGrid):
        return element("text", name, x=x - _SCALE * 0.45, y=y - _SCALE * 0.3, **small)
    if isinstance(board, HexGrid):
        return element("text", name, x=x, y=y - _SCALE * 0.6, text_anchor="middle", **small)
    return element("text", name, x=x + _SCALE * 0.3, y=y - _SCALE * 0.3, **small)


def _coordinates(
    board: Topology,
    coordinates: tuple[Sequence[str], Sequence[str]],
    at: Callable[[Any], tuple[float, float]],
    *,
    rhombus: bool,
    size: float = 14.0,
) -> list[str]:
    """Column names under a grid (and over a rhombus) and row names on its left, ``size`` units high."""
    rows_drawn = board.height if isinstance(board, SquareGrid | HexGrid) else None  # None on a hexagon
    if rows_drawn is None:
        return []
    parts = []
    columns, rows = coordinates
    last = rows_drawn - 1
    small = {"text_anchor": "middle", "dominant_baseline": "central", "font_size": f"{size:g}", "fill": "#555"}
    # Half a cell's height and width: a square's, or a pointy-top hexagon's (its circumradius is _SCALE).
    down, across = (_SCALE + 4, _SCALE * math.sqrt(3) / 2 + 16) if rhombus else (_SCALE * 0.5, _SCALE * 0.5)
    for c, name in enumerate(columns):
        for row, side in ((last, 1), (0, -1)) if rhombus else ((last, 1),):
            if (c, row) in board:
                x, y = at((c, row))
                parts.append(element("text", name, x=x, y=y + side * (down + 9), **small))
    for r, name in enumerate(rows):
        if (0, r) in board:
            x, y = at((0, r))
            parts.append(element("text", name, x=x - across - 9, y=y, **small))
    return parts


def _side_bands(board: Topology, sides: Mapping[str, str], at: Callable[[Any], tuple[float, float]]) -> list[str]:
    """A thick line in each colour of ``sides`` along the outside of that
    side: through its cells' centres, moved out from the board's middle by
    about half a cell, drawn before the cells so that they cover its inner half."""
    centres = [at(c) for c in board.cells]
    mx, my = sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)
    out = 0.95 * _SCALE if isinstance(board, HexGrid) else 0.5 * _SCALE + 3
    bands = []
    for name, colour in sides.items():
        (x1, y1), (x2, y2) = at(board.side(name)[0]), at(board.side(name)[-1])
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        nx_, ny_ = -dy / length, dx / length  # a normal to the side; turned to point away from the middle
        if nx_ * ((x1 + x2) / 2 - mx) + ny_ * ((y1 + y2) / 2 - my) < 0:
            nx_, ny_ = -nx_, -ny_
        bands.append(
            f'<line x1="{x1 + nx_ * out:.1f}" y1="{y1 + ny_ * out:.1f}" x2="{x2 + nx_ * out:.1f}" '
            f'y2="{y2 + ny_ * out:.1f}" stroke="{attribute(colour)}" stroke-width="12" stroke-linecap="round"/>'
        )
    return bands
