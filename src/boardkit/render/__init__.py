"""Pictures of boards and games as SVG, with the standard library only.

Components floor: it imports the core and the boards only, never a game or
an application.

:func:`svg` draws any :class:`~boardkit.topology.Topology` (square, hex or an
arbitrary graph, placed by its ``"pos"`` attribute) and any state. How a
state is drawn is a typed protocol, which the state implements and
:func:`svg` calls:

* a :class:`BoardDrawing` is drawn on its board: a label, a fill colour, a
  round piece and extra elements per cell, a key, and coordinates around a
  grid, under a title saying whose turn it is or how the game ended;
* a :class:`Picture` draws the whole SVG document itself (build it with
  :func:`element` and :func:`document`), for pictures that do not fit a board
  of cells;
* anything else is drawn as its text rendering.

Every :class:`~boardkit.State` shows itself this way in Jupyter, through
``_repr_svg_``. The games' own pictures implement these protocols without
importing this module (a protocol is matched by its methods); a state of your
own may subclass :class:`BoardDrawing` to inherit its defaults.

Examples:
    >>> import xml.etree.ElementTree as ET
    >>> from boardkit.topology import SquareGrid
    >>> picture = topology_svg(SquareGrid(3, 3), {(1, 1): "K"}, {(1, 1): "#333"},
    ...                        title="a throne", pieces={(1, 1): "white"}, legend=[("#333", "throne")])
    >>> root = ET.fromstring(picture)
    >>> [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    ['a throne', 'K', 'throne']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable
from xml.sax.saxutils import escape

from boardkit.topology import HexGrid, SquareGrid, Topology

__all__ = ["BoardDrawing", "Legend", "Picture", "document", "element", "status", "svg", "topology_svg"]

#: A key to the picture: ``(colour, text)`` pairs, or a mapping from text to colour.
Legend = Sequence[tuple[str, str]] | Mapping[str, str]



@runtime_checkable
class Picture(Protocol):
    """Something that draws its whole picture itself; :func:`svg` calls it.

    Examples:
        >>> class Sun:
        ...     def svg_picture(self, title: str | None) -> str:
        ...         return document(20, 20, [element("circle", cx=10, cy=10, r=8, fill="gold")])
        >>> isinstance(Sun(), Picture), svg(Sun()).count("<circle")
        (True, 1)
    """

    def svg_picture(self, title: str | None) -> str:
        """A standalone SVG document, with ``title`` (when given) above the picture."""
        ...


@runtime_checkable
class BoardDrawing(Protocol):
    """A state drawn on its board by :func:`svg`: the hooks it calls.

    Only :meth:`svg_cells` must be written: a class that subclasses
    :class:`BoardDrawing` inherits the other hooks, which add nothing. A
    class that does not subclass it is a :class:`BoardDrawing` when it has
    all six methods.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> class Corner(BoardDrawing):
        ...     def svg_cells(self) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
        ...         return SquareGrid(2, 2), {(0, 0): "K"}, {(0, 0): "#c9b27c"}
        ...     def svg_pieces(self) -> dict[Any, str]:
        ...         return {(0, 0): "white"}
        >>> picture = svg(Corner(), title="a corner")
        >>> picture.count("<rect"), "K</text>" in picture, picture.count('r="14.4"')
        (4, True, 1)
    """

    def svg_cells(self) -> tuple[Topology, Mapping[Any, str], Mapping[Any, str]]:
        """The board, a label for some cells and a fill colour (any SVG colour) for some cells."""
        ...

    def svg_pieces(self) -> Mapping[Any, str] | None:
        """A round piece of that colour in each of these cells, under the cell's label."""
        return None

    def svg_legend(self) -> Legend | None:
        """A key drawn under the board: ``(colour, text)`` pairs or a mapping from text to colour."""
        return None

    def svg_coordinates(self) -> tuple[Sequence[str], Sequence[str]] | None:
        """Column names (left to right) and row names (top to bottom) written
        around a square grid or a :meth:`~boardkit.topology.HexGrid.rhombus`."""
        return None

    def svg_overlay(self, cell: Any, x: float, y: float) -> str:
        """Extra SVG elements (markers, several pieces) drawn over ``cell``,
        whose centre is at ``(x, y)`` in the picture; ``""`` for none."""
        return ""

    def svg_cell_names(self) -> Mapping[Any, str] | None:
        """Each cell's name as the move notation writes it: everything drawn
        for a cell is then grouped in a ``<g data-cell="name">`` element,
        which a web page can make clickable."""
        return None


_SCALE = 40.0
_TITLE_HEIGHT = 30.0
_LEGEND_ROW = 20.0
_EMPTY = "#f4ead5"


def _attr(value: str) -> str:
    return escape(value, {'"': "&quot;"})


def element(tag: str, text: str | None = None, **attributes: object) -> str:
    """One SVG element as text, its attributes and text escaped.

    An attribute's underscores become hyphens (``font_size`` -> ``font-size``;
    a trailing one is dropped, so ``class_`` gives ``class``), floats are
    written with one decimal, and attributes set to ``None`` are left out.

    Args:
        tag: The element's name (``"rect"``, ``"circle"``, ``"text"``...).
        text: Its text content, if any.
        **attributes: Its attributes.

    Examples:
        >>> element("rect", x=1.25, y=0, width=10, height=10, fill="red", class_="tile")
        '<rect x="1.2" y="0" width="10" height="10" fill="red" class="tile"/>'
        >>> element("text", "a < b", x=5, y=9, font_size=12, fill=None)
        '<text x="5" y="9" font-size="12">a &lt; b</text>'
    """
    parts = [tag]
    for name, value in attributes.items():
        if value is None:
            continue
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        parts.append(f'{name.rstrip("_").replace("_", "-")}="{_attr(shown)}"')
    head = " ".join(parts)
    return f"<{head}/>" if text is None else f"<{head}>{escape(text)}</{tag}>"


def document(width: float, height: float, body: Iterable[str], *, background: str | None = "#ffffff") -> str:
    """A standalone SVG document of the given size around some elements.

    Args:
        width: Width in pixels.
        height: Height in pixels.
        body: The elements, as text (see :func:`element`).
        background: A colour filling the whole picture first, or ``None``.

    Examples:
        >>> import xml.etree.ElementTree as ET
        >>> picture = document(100, 50, [element("circle", cx=50, cy=25, r=20, fill="gold")])
        >>> [child.tag.split("}")[1] for child in ET.fromstring(picture)]
        ['rect', 'circle']
    """
    back = element("rect", width="100%", height="100%", fill=background) if background else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif">{back}{"".join(body)}</svg>'
    )


def _is_dark(colour: str) -> bool:
    """True for a dark ``#rgb`` or ``#rrggbb`` colour (light text reads better on it)."""
    text = colour.strip().lstrip("#")
    if not colour.strip().startswith("#") or len(text) not in (3, 6):
        return colour.strip().lower() in {"black", "navy", "darkblue", "darkgreen", "maroon", "purple", "indigo"}
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    try:
        r, g, b = (int(text[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return False
    return 0.299 * r + 0.587 * g + 0.114 * b < 110


def _legend_items(legend: Legend | None) -> list[tuple[str, str]]:
    if legend is None:
        return []
    if isinstance(legend, Mapping):
        return [(str(colour), str(text)) for text, colour in legend.items()]
    return [(str(colour), str(text)) for colour, text in legend]


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
) -> str:
    """Draw a board: squares for a :class:`SquareGrid`, hexagons for a
    :class:`HexGrid`, circles joined by lines for any other graph.

    Args:
        board: The board to draw.
        labels: Text to write in some cells.
        fills: Fill colours for some cells (any SVG colour).
        title: A line of text above the board.
        pieces: A round piece of the given colour in some cells (drawn under
            the cell's label, which turns light on a dark piece).
        legend: A key drawn under the board: ``(colour, text)`` pairs or a
            mapping from text to colour.
        coordinates: For a :class:`SquareGrid` or a
            :meth:`HexGrid.rhombus`, column names (left to right) written
            under the board (a rhombus: above it and under it) and row names
            (top to bottom) written on its left.
        overlay: A function of a cell and the ``(x, y)`` centre of its
            shape in the picture, returning SVG elements (text) drawn over
            that cell, after its label.
        sides: A colour for some named sides of the board
            (:meth:`~boardkit.topology.Topology.side`), drawn as a band along
            the outside of that side: the sides a player joins in Hex.
        names: Each cell's name in the move notation; everything drawn for a
            named cell is grouped in a ``<g data-cell="name">`` element.

    Returns:
        A standalone SVG document as text.

    Examples:
        >>> from boardkit.topology import HexGrid
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
    """
    labels = labels or {}
    fills = fills or {}
    pieces = pieces or {}
    items = _legend_items(legend)
    pos = {cell: board.pos(cell) for cell in board.cells}
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    rhombus = isinstance(board, HexGrid) and board.width is not None
    pad = (1.9 if rhombus and coordinates is not None else 1.1) if isinstance(board, HexGrid) else 1.0
    top = _TITLE_HEIGHT if title else 0.0
    board_width = (max(xs) - min(xs) + 2 * pad) * _SCALE
    board_height = (max(ys) - min(ys) + 2 * pad) * _SCALE
    longest = max([len(title or ""), *(len(text) + 3 for _, text in items)]) * 8.0 + 20
    width = max(board_width, longest)
    height = top + board_height + (len(items) * _LEGEND_ROW + 10 if items else 0.0)
    shift = (width - board_width) / 2

    def at(cell: Any) -> tuple[float, float]:
        x, y = pos[cell]
        return shift + (x - min(xs) + pad) * _SCALE, top + (max(ys) - y + pad) * _SCALE

    parts: list[str] = []
    if title:
        parts.append(
            f'<text x="{width / 2:.1f}" y="{_TITLE_HEIGHT * 0.7:.1f}" text-anchor="middle" font-size="16" '
            f'font-weight="bold">{escape(title)}</text>'
        )
    if sides:
        parts += _side_bands(board, sides, at)
    if not isinstance(board, SquareGrid | HexGrid):
        for a, b in board.graph.edges:
            (x1, y1), (x2, y2) = at(a), at(b)
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#888"/>')
    for cell in board.cells:
        x, y = at(cell)
        name = names.get(cell) if names else None
        if name is not None:
            parts.append(f'<g data-cell="{_attr(name)}">')
        fill = _attr(fills.get(cell, _EMPTY))
        if isinstance(board, SquareGrid):
            h = _SCALE / 2
            parts.append(
                f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{_SCALE:.0f}" height="{_SCALE:.0f}" '
                f'fill="{fill}" stroke="#555"/>'
            )
        elif isinstance(board, HexGrid):
            r = _SCALE  # adjacent centres are sqrt(3) apart: the circumradius is one unit
            corners = " ".join(
                f"{x + r * math.cos(math.radians(60 * k + 30)):.1f},{y + r * math.sin(math.radians(60 * k + 30)):.1f}"
                for k in range(6)
            )
            parts.append(f'<polygon points="{corners}" fill="{fill}" stroke="#555"/>')
        else:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_SCALE * 0.3:.1f}" fill="{fill}" stroke="#555"/>')
        piece = pieces.get(cell)
        if piece:
            radius = _SCALE * (0.36 if isinstance(board, SquareGrid | HexGrid) else 0.24)
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{_attr(piece)}" stroke="#222" '
                f'stroke-width="1.5"/>'
            )
        label = labels.get(cell)
        if label:
            dark = _is_dark(piece) if piece else _is_dark(fills.get(cell, _EMPTY))
            colour = ' fill="#fff"' if dark else ""
            parts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
                f'font-size="{_SCALE * 0.45:.0f}"{colour}>{escape(label)}</text>'
            )
        if overlay is not None:
            parts.append(overlay(cell, x, y))
        if name is not None:
            parts.append("</g>")
    rows_drawn = board.height if isinstance(board, SquareGrid | HexGrid) else None  # None on a hexagon
    if coordinates is not None and rows_drawn is not None:
        columns, rows = coordinates
        last = rows_drawn - 1
        small = {"text_anchor": "middle", "dominant_baseline": "central", "font_size": 12, "fill": "#555"}
        # Half a cell's height and width: a square's, or a pointy-top hexagon's (its circumradius is _SCALE).
        down, across = (_SCALE + 4, _SCALE * math.sqrt(3) / 2 + 16) if rhombus else (_SCALE * 0.5, _SCALE * 0.5)
        for c, name in enumerate(columns):
            for row, side in ((last, 1), (0, -1)) if rhombus else ((last, 1),):
                if (c, row) in pos:
                    x, y = at((c, row))
                    parts.append(element("text", name, x=x, y=y + side * (down + 9), **small))
        for r, name in enumerate(rows):
            if (0, r) in pos:
                x, y = at((0, r))
                parts.append(element("text", name, x=x - across - 9, y=y, **small))
    for i, (colour, text) in enumerate(items):
        y = top + board_height + _LEGEND_ROW * (i + 0.5)
        parts.append(f'<circle cx="18" cy="{y:.1f}" r="6" fill="{_attr(colour)}" stroke="#555"/>')
        parts.append(f'<text x="30" y="{y:.1f}" dominant-baseline="central" font-size="13">{escape(text)}</text>')
    return document(width, height, parts, background=None)


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
        nx, ny = -dy / length, dx / length  # a normal to the side; turned to point away from the middle
        if nx * ((x1 + x2) / 2 - mx) + ny * ((y1 + y2) / 2 - my) < 0:
            nx, ny = -nx, -ny
        bands.append(
            f'<line x1="{x1 + nx * out:.1f}" y1="{y1 + ny * out:.1f}" x2="{x2 + nx * out:.1f}" '
            f'y2="{y2 + ny * out:.1f}" stroke="{_attr(colour)}" stroke-width="12" stroke-linecap="round"/>'
        )
    return bands


def _text_svg(text: str, title: str | None = None) -> str:
    lines = text.splitlines() or [""]
    top = _TITLE_HEIGHT if title else 0
    width = max([len(line) * 9 + 20 for line in lines] + [len(title or "") * 9 + 20])
    height = len(lines) * 18 + 20 + top
    body = "".join(
        f'<text x="10" y="{top + 24 + 18 * i}" xml:space="preserve">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    head = (
        f'<text x="10" y="{_TITLE_HEIGHT * 0.7:.1f}" font-family="sans-serif" font-weight="bold">{escape(title)}</text>'
        if title
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="monospace" font-size="15"><rect width="100%" height="100%" fill="#fff"/>{head}{body}</svg>'
    )


def status(state: Any) -> str:
    """A one-line caption for a state: the game, and whose turn it is or how it ended.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=1).new_game(seed=0)
        >>> status(state)
        'nim: player 0 to move'
        >>> state.apply("take 1")
        >>> status(state)
        'nim: player 0 won (took the last counter)'
    """
    game = state.game
    name = game.name or type(state).__name__
    seat = game.seat_name
    outcome = state.outcome
    if outcome is None:
        return f"{name}: {seat(state.current_player)} to move"
    winners: Iterable[int] = sorted(outcome.winners)
    if not outcome.winners:
        result = "draw"
    elif len(outcome.winners) == 1:
        result = f"{seat(outcome.winner)} won"
    else:
        result = ", ".join(seat(w) for w in winners) + " shared the win"
    if outcome.scores is not None:
        result += " " + "-".join(f"{s:g}" for s in outcome.scores)
    return f"{name}: {result} ({outcome.reason})" if outcome.reason else f"{name}: {result}"


def svg(thing: Any, *, title: str | None = None, legend: Legend | None = None) -> str:
    """An SVG picture of a board or a game state.

    A :class:`~boardkit.topology.Topology` is drawn as it is. A
    :class:`Picture` draws itself (and ``legend`` is not used); a
    :class:`BoardDrawing` is drawn on its board; anything else as its text
    rendering. A state's title says whose turn it is or how the game ended.

    Args:
        thing: A board, a :class:`Picture`, a :class:`BoardDrawing`, or
            anything with ``render()``.
        title: The title; by default :func:`status` for a state, none for a board.
        legend: A key drawn under the board, overriding the state's own.

    Examples:
        >>> from boardkit.testing import Nim
        >>> picture = svg(Nim(heap=3).new_game(seed=0))
        >>> picture.startswith("<svg"), "nim: player 0 to move" in picture
        (True, True)
    """
    if isinstance(thing, Topology):
        return topology_svg(thing, title=title, legend=legend)
    if title is None and hasattr(thing, "current_player") and hasattr(thing, "outcome"):
        title = status(thing)
    if isinstance(thing, Picture):
        return thing.svg_picture(title)
    if isinstance(thing, BoardDrawing):
        board, labels, fills = thing.svg_cells()
        return topology_svg(
            board,
            labels,
            fills,
            title=title,
            pieces=thing.svg_pieces(),
            legend=thing.svg_legend() if legend is None else legend,
            coordinates=thing.svg_coordinates(),
            overlay=thing.svg_overlay,
            names=thing.svg_cell_names(),
        )
    return _text_svg(thing.render(), title)
