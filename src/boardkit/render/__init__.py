"""Pictures of boards and games as SVG, with the standard library only.

:func:`svg` draws any :class:`~boardkit.topology.Topology` (square, hex or an
arbitrary graph, placed by its ``"pos"`` attribute) and any state. A state
whose class provides ``svg_cells()`` is drawn on its board with a label per
cell; any other state is drawn as its text rendering.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from boardkit.topology import HexGrid, SquareGrid, Topology

__all__ = ["svg", "topology_svg"]

_SCALE = 40.0


def topology_svg(
    board: Topology,
    labels: Mapping[Any, str] | None = None,
    fills: Mapping[Any, str] | None = None,
) -> str:
    """Draw a board: squares for a :class:`SquareGrid`, hexagons for a
    :class:`HexGrid`, circles and lines for any other graph.

    Args:
        board: The board to draw.
        labels: Text to write in some cells.
        fills: Fill colours for some cells (any SVG colour).

    Examples:
        >>> from boardkit.topology import HexGrid
        >>> picture = topology_svg(HexGrid.hexagon(1), labels={(0, 0): "K"})
        >>> picture.startswith("<svg") and "K</text>" in picture
        True
    """
    labels = labels or {}
    fills = fills or {}
    pos = {cell: board.pos(cell) for cell in board.cells}
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    pad = 1.0
    width = (max(xs) - min(xs) + 2 * pad) * _SCALE
    height = (max(ys) - min(ys) + 2 * pad) * _SCALE

    def at(cell: Any) -> tuple[float, float]:
        x, y = pos[cell]
        return (x - min(xs) + pad) * _SCALE, (max(ys) - y + pad) * _SCALE

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif">'
    ]
    if not isinstance(board, SquareGrid | HexGrid):
        for a, b in board.graph.edges:
            (x1, y1), (x2, y2) = at(a), at(b)
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#888"/>')
    for cell in board.cells:
        x, y = at(cell)
        fill = escape(fills.get(cell, "#f4ead5"), {'"': "&quot;"})
        if isinstance(board, SquareGrid):
            h = _SCALE / 2
            parts.append(
                f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{_SCALE:.0f}" height="{_SCALE:.0f}" '
                f'fill="{fill}" stroke="#555"/>'
            )
        elif isinstance(board, HexGrid):
            r = _SCALE / math.sqrt(3) * 1.0
            corners = " ".join(
                f"{x + r * math.cos(math.radians(60 * k + 30)):.1f},{y + r * math.sin(math.radians(60 * k + 30)):.1f}"
                for k in range(6)
            )
            parts.append(f'<polygon points="{corners}" fill="{fill}" stroke="#555"/>')
        else:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{_SCALE * 0.3:.1f}" fill="{fill}" stroke="#555"/>')
        label = labels.get(cell)
        if label:
            parts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dominant-baseline="central" '
                f'font-size="{_SCALE * 0.45:.0f}">{escape(label)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _text_svg(text: str) -> str:
    lines = text.splitlines() or [""]
    width = max(len(line) for line in lines) * 9 + 20
    height = len(lines) * 18 + 20
    body = "".join(
        f'<text x="10" y="{24 + 18 * i}" xml:space="preserve">{escape(line)}</text>' for i, line in enumerate(lines)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="monospace" font-size="15"><rect width="100%" height="100%" fill="#fff"/>{body}</svg>'
    )


def svg(thing: Any) -> str:
    """An SVG picture of a board or a game state.

    Examples:
        >>> from boardkit.testing import Nim
        >>> svg(Nim(heap=3).new_game(seed=0)).startswith("<svg")
        True
    """
    if isinstance(thing, Topology):
        return topology_svg(thing)
    cells = getattr(thing, "svg_cells", None)
    if callable(cells):
        board, labels, fills = cells()
        return topology_svg(board, labels, fills)
    return _text_svg(thing.render())
