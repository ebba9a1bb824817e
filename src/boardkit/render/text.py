"""Drawing a board as text: a grid with its coordinates, rows of hexes, any
other board from its layout, or a game's own template.

Components floor: it imports the boards only. The kit's text board
(:meth:`boardkit.kit.BoardState.render`) is drawn here; any state or tool
can call :func:`board_rows` with a board and what stands on each cell.

Examples:
    A Nine Men's Morris board is a graph of 24 points placed on a 7x7 grid;
    drawn from its layout, it looks like one:

    >>> import networkx as nx
    >>> from boardkit.topology import from_graph
    >>> g = nx.Graph()
    >>> for ring in range(3):
    ...     lo, hi = ring, 6 - ring
    ...     corners = [(lo, lo), (3, lo), (hi, lo), (hi, 3), (hi, hi), (3, hi), (lo, hi), (lo, 3)]
    ...     for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
    ...         g.add_edge(f"{'abcdefg'[x1]}{y1 + 1}", f"{'abcdefg'[x2]}{y2 + 1}")
    ...     for x, y in corners:
    ...         g.nodes[f"{'abcdefg'[x]}{y + 1}"]["pos"] = (x, y)
    >>> g.add_edges_from([("d1", "d2"), ("d2", "d3"), ("d5", "d6"), ("d6", "d7"),
    ...                   ("a4", "b4"), ("b4", "c4"), ("e4", "f4"), ("f4", "g4")])
    >>> board = from_graph(g)
    >>> stones = {"a7": "W", "d7": "W", "g7": "B", "d2": "B"}
    >>> print("\\n".join(board_rows(board, [stones.get(board.name(c)) for c in board.cells])))
    7 W-----------W-----------B
      |           |           |
    6 |   .-------.-------.   |
      |   |       |       |   |
    5 |   |   .---.---.   |   |
      |   |   |       |   |   |
    4 .---.---.       .---.---.
      |   |   |       |   |   |
    3 |   |   .---.---.   |   |
      |   |       |       |   |
    2 |   .-------B-------.   |
      |           |           |
    1 .-----------.-----------.
      a   b   c   d   e   f   g
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from boardkit.render.board import grid_labels
from boardkit.topology import HexGrid, SquareGrid, Topology

__all__ = [
    "MOST_WIDTH",
    "board_rows",
    "counted",
    "grid_rows",
    "hex_rows",
    "layout_rows",
    "symbol",
    "template_names",
    "template_rows",
    "wall_rows",
]


def counted(number: float, noun: str) -> str:
    """``number`` of ``noun``, the noun plural unless the number is one: ``1 point``, ``3 points``;
    a whole number written out in full, a fraction in at most six figures.

    Examples:
        >>> counted(1, "point"), counted(0, "point"), counted(2.5, "point")
        ('1 point', '0 points', '2.5 points')
        >>> counted(1_000_000, "game"), counted(1234567.0, "point")
        ('1000000 games', '1234567 points')
    """
    whole = isinstance(number, int) or (number.is_integer() and abs(number) < 1e15)
    shown = str(int(number)) if whole else f"{number:g}"  # int(): a bool as a number
    return f"{shown} {noun}" if number == 1 else f"{shown} {noun}s"


#: Text columns between neighbouring points of a board drawn from its layout, and text rows.
_ACROSS, _DOWN = 4, 2
#: The most distinct places along one axis a layout is drawn at before it is drawn on its lattice.
_MOST_PLACES = 16
#: The most places along one side of a lattice a layout is drawn on (else it is squeezed, or listed).
_MOST_LATTICE = 60
#: The widest a board drawn from its layout is, with its map of names beside it (else the map goes under it).
MOST_WIDTH = 110
_FIELD = re.compile(r"\{([^{}]+)\}")


def symbol(value: object) -> str:
    """What a cell holding ``value`` shows: ``"."`` when empty, a count as
    its number, a piece as its symbol, and a stack of pieces as its top
    piece followed by how many there are (``"W15"``: fifteen, a ``W`` on
    top), so that a pile of any height keeps a grid's columns and a
    template's fields in line (a stack of one is its piece).

    Examples:
        >>> symbol(None), symbol("W"), symbol(4), symbol(0)
        ('.', 'W', '4', '0')
        >>> symbol(("W", "B")), symbol(("W",) * 15), symbol(("B",)), symbol(())
        ('B2', 'W15', 'B', '.')
    """
    if value is None:
        return "."
    if isinstance(value, tuple | list):
        if not value:
            return "."
        top = symbol(value[-1])
        return top if len(value) == 1 else f"{top}{len(value)}"
    return str(value)


def _padded(texts: Sequence[str], width: int) -> list[str]:
    return [t.rjust(width) for t in texts]


def grid_rows(
    board: Topology,
    symbols: Sequence[str],
    columns: Sequence[str],
    rows: Sequence[str],
    *,
    slant: bool = False,
) -> list[str]:
    """A grid's rows between its column labels, each row's name on both
    sides; with ``slant`` (a hex rhombus) each row is half a cell right of
    the one above, as it is drawn. Cells and labels are padded to the widest
    symbol (a count of 12 widens every column).

    Args:
        board: A :class:`SquareGrid` or a :meth:`HexGrid.rhombus`.
        symbols: What each cell shows, by cell index.
        columns: The labels over the columns, left to right.
        rows: The names of the rows, top to bottom.
        slant: Shift each row half a cell right of the one above.

    Examples:
        >>> board = SquareGrid(3, 2)
        >>> print("\\n".join(grid_rows(board, ["X", ".", "O", ".", "12", "."], "abc", ["2", "1"])))
             a  b  c
          2  X  .  O 2
          1  . 12  . 1
             a  b  c
    """
    width = max(1, *(len(s) for s in symbols), *(len(c) for c in columns))
    digits = max((len(r) for r in rows), default=1)
    letters = " ".join(_padded(columns, width))
    height = len(rows)
    lines = [" " * (digits + 1) + letters]
    count = len(columns)
    for row, number in enumerate(rows):
        cells = " ".join(_padded([symbols[board.index((c, row))] for c in range(count)], width))
        lines.append(f"{' ' * (row if slant else 0)}{number:>{digits}} {cells} {number}")
    lines.append(" " * (digits + 1 + (height - 1 if slant else 0)) + letters)
    return lines


def wall_rows(
    board: SquareGrid,
    symbols: Sequence[str],
    columns: Sequence[str],
    rows: Sequence[str],
    walls: Sequence[Any],
    crossings: Sequence[Any] = (),
) -> list[str]:
    """A square grid with walls between its cells: a marked edge drawn
    across it, as the side the two cells share (``|`` between cells side by
    side, ``---`` between a cell and the one under it), a marked crossing
    point as ``+``, a line between every two rows for the walls across,
    and the coordinates around the board (the look of OpenSpiel's Quoridor).

    Args:
        board: The grid.
        symbols: What each cell shows, by cell index.
        columns: The labels over the columns, left to right.
        rows: The names of the rows, top to bottom.
        walls: The mark on every edge, by edge number (``None``: no wall).
        crossings: The mark on every crossing point, by number (``None``: none).

    Examples:
        A wall under ``b1`` and ``c1`` (its middle on the crossing point
        between them) and one between ``a2`` and ``b2``:

        >>> board = SquareGrid(3, 2, origin="top")
        >>> walls = [None] * len(board.edges)
        >>> for a, b in [("b1", "b2"), ("c1", "c2"), ("a2", "b2")]:
        ...     walls[board.edge_index(a, b)] = "#"
        >>> crossings = ["#" if x == board.crossing_index("b1", "c2") else None for x in range(2)]
        >>> print("\\n".join(wall_rows(board, ["X", ".", ".", ".", ".", "O"], "abc", ["1", "2"], walls, crossings)))
           a   b   c
        1  X   .   .  1
              ---+---
        2  . | .   O  2
           a   b   c
    """
    width = max(1, *(len(s) for s in symbols), *(len(c) for c in columns))
    digits = max((len(r) for r in rows), default=1)
    count, height = len(columns), len(rows)
    numbers = {pair: k for k, pair in enumerate(board.edges)}
    across = {group[0]: x for x, group in enumerate(board.crossings)}

    def wall(a: tuple[int, int], b: tuple[int, int]) -> bool:
        k = numbers.get((a, b))
        return k is not None and walls[k] is not None

    margin = " " * (digits + 1)
    header = margin + " ".join(label.center(width + 2) for label in columns)
    lines = [header.rstrip()]
    for r, number in enumerate(rows):
        line = f"{number:>{digits}} "
        for c in range(count):
            line += symbols[board.index((c, r))].center(width + 2)
            if c + 1 < count:
                line += "|" if wall((c, r), (c + 1, r)) else " "
        lines.append(f"{line} {number}")
        if r + 1 < height:
            between = margin
            for c in range(count):
                between += ("-" if wall((c, r), (c, r + 1)) else " ") * (width + 2)
                if c + 1 < count:
                    x = across.get((c, r))
                    between += "+" if x is not None and x < len(crossings) and crossings[x] is not None else " "
            lines.append(between.rstrip())
    lines.append(header.rstrip())
    return lines


def hex_rows(board: HexGrid, symbols: Sequence[str], width: int = 1) -> list[str]:
    """A hex board as rows of pointy-top hexes, each shifted half a cell
    from the row above as on the board, the top row (least ``r``) first;
    each cell ``width`` characters wide (its names, say), one space between
    cells.

    Examples:
        >>> board = HexGrid.hexagon(1)
        >>> print("\\n".join(hex_rows(board, [".", ".", ".", "K", ".", ".", "."])))
         . .
        . K .
         . .
        >>> print("\\n".join(hex_rows(board, [str(c) for c in range(7)], width=2)))
          0  1
         2  3  4
          5  6
    """
    step = width + 1 + (width + 1) % 2  # an even step: each row half a cell on
    rows: dict[int, list[tuple[int, str]]] = {}
    for (q, r), shown in zip(board.hexes, symbols, strict=True):
        text = shown[:width] or "."
        rows.setdefault(r, []).append((step * q + step // 2 * r, text.rjust(width)))
    left = min(x for row in rows.values() for x, _ in row)
    lines = []
    for r in sorted(rows):
        line = [" "] * (max(x for x, _ in rows[r]) - left + width)
        for x, shown in rows[r]:
            line[x - left : x - left + width] = shown
        lines.append("".join(line).rstrip())
    return lines


def _places(values: Sequence[float]) -> dict[float, int]:
    """Each distinct coordinate's place along its axis, 0 for the least; a
    layout with many distinct values is squeezed onto :data:`_MOST_PLACES` places."""
    distinct = sorted({round(v, 6) for v in values})
    if len(distinct) <= _MOST_PLACES:
        return {v: i for i, v in enumerate(distinct)}
    lo, hi = distinct[0], distinct[-1]
    return {v: round((v - lo) / (hi - lo) * (_MOST_PLACES - 1)) for v in distinct}


def layout_rows(
    board: Topology,
    symbols: Sequence[str],
    names: Sequence[str] | None = None,
    *,
    edges: Collection[tuple[Any, Any]] | None = None,
) -> list[str] | None:
    """Any board drawn from its layout (each cell's ``pos``): every cell's
    symbol at its place, its edges as lines of ``-``, ``|``, ``/`` and
    ``\\`` between them. Where the names read as a column letter and a row
    number that agree with the layout (``a7``, ``d7``, ``g7`` in a line),
    the rows and columns are named around the board; otherwise the names
    are drawn as a second board beside the first, when they fit, or under
    it when side by side would be wider than :data:`MOST_WIDTH` columns.
    Given ``edges``, only those edges are drawn (the lines drawn so far in
    Dots and Boxes), the names beside them with every edge. ``None`` when
    two cells would share a place (a layout too crowded for text).

    A layout with few distinct coordinates is drawn a place per coordinate,
    four columns apart; one with many (a star of 121 holes, each row
    offset half a hole from the next) is drawn on the lattice its
    positions lie on, as narrow as its widest symbol allows.

    Examples:
        >>> import networkx as nx
        >>> from boardkit.topology import from_graph
        >>> g = nx.Graph([("hall", "yard"), ("yard", "gate")])
        >>> for name, xy in {"hall": (0, 0), "yard": (1, 1), "gate": (2, 0)}.items():
        ...     g.nodes[name]["pos"] = xy
        >>> board = from_graph(g)
        >>> print("\\n".join(layout_rows(board, ["K", ".", "."], [board.name(c) for c in board.cells])))
                .                    yard
            /       \\             /       \\
        K               .    hall            gate
    """
    names = list(names) if names is not None else [board.name(c) for c in board.cells]
    placed = _placed(board)
    if placed is None:
        return None
    spots, gap = placed  # gap: on a lattice, the fewest places between two cells of a row
    across = max(2, -(-(max(len(t) for t in symbols) + 1) // gap)) if gap else _ACROSS
    coordinates = _coordinate_names(names, spots)
    if coordinates is None:
        wide = max(len(n) for n in names)
        if wide > 12:
            return _drawn(board, spots, symbols, across, edges)
        step = max(2, -(-(wide + 1) // gap)) if gap else wide + 4
        board_part = _drawn(board, spots, symbols, across if gap else step, edges)
        name_part = _drawn(board, spots, names, step)
        together = _side_by_side(board_part, name_part)
        if together is not None:
            return together
        if not gap:  # too wide side by side: as narrow as the texts allow, the names under the board, cell under cell
            step = max(_ACROSS, max(len(t) for t in symbols) + 2, wide + 2)
            board_part = _drawn(board, spots, symbols, step, edges)
            name_part = _drawn(board, spots, names, step)
        return [*board_part, "", *name_part]
    columns, rows = coordinates
    lines = _drawn(board, spots, symbols, across, edges)
    digits = max(len(r) for r in rows.values())
    out = []
    for i, line in enumerate(lines):
        row = rows.get(i // _DOWN) if i % _DOWN == 0 else None
        out.append(f"{(row or ''):>{digits}} {line}".rstrip())
    footer = [" "] * (max(columns, default=0) * across + 1)
    for place, letter in columns.items():
        footer[place * across] = letter
    out.append(" " * (digits + 1) + "".join(footer).rstrip())
    return out


def _side_by_side(board_part: list[str], name_part: list[str]) -> list[str] | None:
    """A board and its map of names side by side, four columns apart, row for row; ``None`` when
    that would be wider than :data:`MOST_WIDTH` columns."""
    beside = max(len(line) for line in board_part) + 4
    if beside + max(len(line) for line in name_part) > MOST_WIDTH:
        return None
    return [(a.ljust(beside) + b).rstrip() for a, b in zip(board_part, name_part, strict=True)]


def _ranked(pos: Sequence[tuple[float, float]], *, squeeze: bool) -> list[tuple[int, int]] | None:
    """Each cell's place, across and down, as the rank of its coordinates
    among the distinct ones; ``None`` when two cells share a place, or
    (unless ``squeeze``) when an axis has more than :data:`_MOST_PLACES`."""
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    if not squeeze and max(len({round(v, 6) for v in xs}), len({round(v, 6) for v in ys})) > _MOST_PLACES:
        return None
    across_of, down_of = _places(xs), _places(ys)
    top = max(down_of.values())
    spots = [(across_of[round(x, 6)], top - down_of[round(y, 6)]) for x, y in pos]
    return spots if len(set(spots)) == len(spots) else None


def _lattice(pos: Sequence[tuple[float, float]]) -> tuple[list[tuple[int, int]], int] | None:
    """Each cell's place on the lattice its positions lie on (the least
    step between two distinct coordinates, along each axis), and the fewest
    places between two cells of one row; ``None`` for positions off any
    lattice of at most :data:`_MOST_LATTICE` places a side."""
    steps = []
    for axis in (0, 1):
        values = sorted({round(p[axis], 6) for p in pos})
        step = min((b - a for a, b in itertools.pairwise(values)), default=1.0)
        if (values[-1] - values[0]) / step > _MOST_LATTICE:
            return None
        steps.append((values[0], step))
    places = []
    for point in pos:
        place = []
        for (low, step), v in zip(steps, point, strict=True):
            k = round((v - low) / step)
            if abs(low + k * step - v) > 1e-3 * step:
                return None
            place.append(k)
        places.append(place)
    top = max(down for _, down in places)
    spots = [(across, top - down) for across, down in places]
    if len(set(spots)) < len(spots):
        return None
    rows: dict[int, list[int]] = {}
    for across, down in spots:
        rows.setdefault(down, []).append(across)
    gaps = [b - a for row in rows.values() for a, b in itertools.pairwise(sorted(row))]
    return spots, min(gaps, default=1)


def _coordinate_names(
    names: Sequence[str], spots: Sequence[tuple[int, int]]
) -> tuple[dict[int, str], dict[int, str]] | None:
    """The letter of each column and the number of each row of the drawing,
    when every name is one letter and a number that agree with the places."""
    columns: dict[int, str] = {}
    rows: dict[int, str] = {}
    for name, (across, down) in zip(names, spots, strict=True):
        if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
            return None
        if columns.setdefault(across, name[0]) != name[0] or rows.setdefault(down // 1, name[1:]) != name[1:]:
            return None
    if len(set(columns.values())) < len(columns) or len(set(rows.values())) < len(rows):
        return None
    return columns, rows


def _drawn(
    board: Topology,
    spots: Sequence[tuple[int, int]],
    texts: Sequence[str],
    step: int,
    edges: Collection[tuple[Any, Any]] | None = None,
) -> list[str]:
    """The board's edges (or only ``edges``) and cells on a character grid,
    ``step`` columns and :data:`_DOWN` rows between neighbouring places."""
    width = max(len(t) for t in texts)
    margin = (width - 1) // 2
    at = [(margin + across * step, down * _DOWN) for across, down in spots]
    if edges is None:  # every edge: the same lines every time the board is drawn so
        grid = [list(row) for row in _every_line(board, tuple(at), width)]
    else:
        grid = _lines(board, at, width, edges)
    for (x, y), text in zip(at, texts, strict=True):
        start = x - (len(text) - 1) // 2
        for k, ch in enumerate(text):
            grid[y][start + k] = ch
    return ["".join(row).rstrip() for row in grid]


def _lines(
    board: Topology, at: Sequence[tuple[int, int]], width: int, edges: Collection[tuple[Any, Any]]
) -> list[list[str]]:
    """A character grid with ``edges`` drawn between the cells' places ``at``, the cells left blank."""
    columns = max(x for x, _ in at) + width + 1
    grid = [[" "] * columns for _ in range(max(y for _, y in at) + 1)]
    index = board.indices
    for a, b in edges:
        _line(grid, at[index[a]], at[index[b]])
    return grid


@functools.lru_cache(maxsize=64)
def _every_line(board: Topology, at: tuple[tuple[int, int], ...], width: int) -> tuple[tuple[str, ...], ...]:
    """:func:`_lines` of every edge of the board, drawn once per board and spacing."""
    return tuple(tuple(row) for row in _lines(board, at, width, board.graph.edges))


@functools.lru_cache(maxsize=64)
def _placed(board: Topology) -> tuple[tuple[tuple[int, int], ...], int] | None:
    """Each cell's place on a board drawn from its layout, and the fewest places
    between two cells of a row when it is drawn on its lattice (else 0); ``None``
    when two cells share a place. Found once per board."""
    pos = [board.pos(c) for c in board.cells]
    spots = _ranked(pos, squeeze=False)
    if spots is not None:
        return tuple(spots), 0
    on_lattice = _lattice(pos)
    if on_lattice is not None:
        return tuple(on_lattice[0]), on_lattice[1]
    spots = _ranked(pos, squeeze=True)
    return None if spots is None else (tuple(spots), 0)


def _line(grid: list[list[str]], a: tuple[int, int], b: tuple[int, int]) -> None:
    """An edge from ``a`` to ``b`` on the character grid, drawn only on blanks
    (a crossing of ``-`` and ``|`` is ``+``), the end points left for the cells."""
    (x1, y1), (x2, y2) = sorted([a, b], key=lambda p: (p[1], p[0]))
    if y1 == y2:
        for x in range(min(x1, x2) + 1, max(x1, x2)):
            grid[y1][x] = "+" if grid[y1][x] == "|" else "-" if grid[y1][x] == " " else grid[y1][x]
        return
    mark = "|" if x1 == x2 else "\\" if x2 > x1 else "/"
    for y in range(y1 + 1, y2):
        x = round(x1 + (x2 - x1) * (y - y1) / (y2 - y1))
        grid[y][x] = "+" if grid[y][x] == "-" else mark if grid[y][x] == " " else grid[y][x]


def template_names(template: str) -> list[str]:
    """The cell names a text template's fields name, in order.

    Examples:
        >>> template_names("{a1}--{b1}")
        ['a1', 'b1']
    """
    return _FIELD.findall(template)


def template_rows(template: str, shown: Mapping[str, str]) -> list[str]:
    """A game's own text board: each ``{name}`` field of ``template``
    replaced by what that cell shows, centred in the field's width (so the
    template lines up as written); everything else is kept as it is.

    Examples:
        >>> print("\\n".join(template_rows("{a1}--{b1}\\n |     |", {"a1": "W", "b1": "."})))
         W  -- .
         |     |
    """

    def fill(match: re.Match[str]) -> str:
        return shown.get(match.group(1), "?").center(len(match.group(0)))

    return [line.rstrip() for line in _FIELD.sub(fill, template.strip("\n")).splitlines()]


def board_rows(
    board: Topology,
    symbols: Sequence[str | None] | Sequence[Any],
    *,
    names: Sequence[str] | None = None,
    columns: Sequence[str] | None = None,
    template: str | None = None,
    edges: Collection[tuple[Any, Any]] | None = None,
    walls: Sequence[Any] | None = None,
    crossings: Sequence[Any] = (),
) -> list[str]:
    """Any board as text, from what stands on each cell (by cell index, as
    :func:`symbol` shows it): the game's ``template`` if it gives one, a
    grid with its coordinates for a square board or a hex rhombus, rows of
    hexes for another hex board, and any other board drawn from its layout
    (one line per occupied cell when the layout is too crowded for text).

    Args:
        board: The board.
        symbols: What stands on each cell, by cell index (``None`` when empty).
        names: Each cell's name, by cell index (default ``board.name``).
        columns: The labels over a grid's columns (default their letters).
        template: A text board with a ``{name}`` field per cell (see :func:`template_rows`).
        edges: For a game played on edges, the edges marked so far, each
            ``(cell, cell)``: the board is then drawn from its layout with
            those edges only (a square grid as its points and lines).
        walls: For a game with walls between its cells, the mark on every
            edge by edge number (``None``: no wall): a square grid is then
            drawn with its walls across the edges (:func:`wall_rows`), any
            other board with a line naming the walls under it.
        crossings: With ``walls``, the mark on every crossing point by number.

    Examples:
        >>> print("\\n".join(board_rows(SquareGrid(2, 2), ["X", None, None, 3])))
          a b
        2 X . 2
        1 . 3 1
          a b
    """
    shown = [symbol(s) for s in symbols]
    cells = board.cells
    names = list(names) if names is not None else [board.name(c) for c in cells]
    if template is not None:
        return template_rows(template, dict(zip(names, shown, strict=True)))
    grid = grid_labels(board, names, columns)
    if walls is not None:
        if grid is not None and isinstance(board, SquareGrid) and board.width <= 26:
            return wall_rows(board, shown, *grid, walls, crossings)
        marked = zip(board.edges, walls, strict=True)
        up = [f"{names[board.index(a)]}|{names[board.index(b)]}" for (a, b), w in marked if w is not None]
        return [*board_rows(board, symbols, names=names, columns=columns), f"walls: {', '.join(up) or 'none'}"]
    if edges is not None:
        drawn_edges = layout_rows(board, shown, names, edges=edges)
        if drawn_edges is not None:
            return drawn_edges
    if grid is not None:
        return grid_rows(board, shown, *grid, slant=isinstance(board, HexGrid))
    if isinstance(board, HexGrid) and all(len(text) == 1 for text in shown):
        drawn_hexes = hex_rows(board, shown)
        name_map = hex_rows(board, names, width=max(len(n) for n in names))
        together = _side_by_side(drawn_hexes, name_map)  # the names beside, else under, if they fit
        if together is not None:
            return together
        return [*drawn_hexes, "", *name_map] if max(len(line) for line in name_map) <= MOST_WIDTH else drawn_hexes
    drawn = layout_rows(board, shown, names)
    if drawn is not None:
        return drawn
    occupied = [f"{n}: {s}" for n, s, v in zip(names, shown, symbols, strict=True) if v is not None]
    return ["; ".join(occupied) or "(the board is empty)"]
