"""Drawing what a kit game declares: its pieces' colours and shapes, its
squares' colours, counts and stacks on cells, marked edges and cell names.

Components floor: it imports the boards and the other drawing modules only.
:meth:`boardkit.kit.BoardState.svg_picture` calls :func:`declared_svg` with
the game's declarations (``pieces``, ``colours``, ``shapes``,
``cell_colours``, ``sides``) and what stands on each cell.

Examples:
    A draughts position: a checkerboard, men as discs and a king with a crown:

    >>> from boardkit.topology import SquareGrid
    >>> board = SquareGrid(4, 4)
    >>> symbols = [None] * 16
    >>> symbols[board.index(board.cell("a1"))] = "w"
    >>> symbols[board.index(board.cell("c3"))] = "B"
    >>> picture = declared_svg(board, symbols, key={"w": "white man", "B": "black king"},
    ...                        colours={"w": "#f5f5f5", "B": "#222"}, shapes={"B": "king"},
    ...                        cell_colours=["#b58863", "#f0d9b5"], title="draughts")
    >>> picture.count('fill="#b58863"'), picture.count("<polygon")  # 8 dark squares; 2 crowns: board, key
    (8, 2)
    >>> ">B</text>" in picture  # a piece with a declared shape is drawn, not written
    False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardkit.render.board import checkered, grid_size, topology_svg
from boardkit.topology import Topology

__all__ = ["PALETTE", "declared_svg", "piece_colours"]

#: The colours of a game's pieces, in the order it declares them, where it gives none.
PALETTE = ("#222222", "#f5f5f5", "#c62828", "#1565c0", "#2e7d32", "#f9a825")
_UNKNOWN = "#888888"


def piece_colours(key: Mapping[str, str], colours: Mapping[str, str]) -> dict[str, str]:
    """Each declared piece's colour: the game's own, else the next of :data:`PALETTE`.

    Examples:
        >>> piece_colours({"X": "player 0", "O": "player 1"}, {"O": "red"})
        {'X': '#222222', 'O': 'red'}
    """
    return {s: colours.get(s, PALETTE[i % len(PALETTE)]) for i, s in enumerate(key)}


def declared_svg(
    board: Topology,
    symbols: Sequence[Any],
    *,
    key: Mapping[str, str],
    colours: Mapping[str, str] | None = None,
    shapes: Mapping[str, str] | None = None,
    cell_colours: Sequence[str] = (),
    names: Sequence[str] | None = None,
    columns: Sequence[str] | None = None,
    sides: Mapping[str, str] | None = None,
    edges: Mapping[tuple[Any, Any], Any] | None = None,
    walls: Mapping[tuple[Any, Any], Any] | None = None,
    crossings: Mapping[tuple[Any, ...], Any] | None = None,
    title: str | None = None,
    labels: Mapping[Any, str] | None = None,
    drawings: Mapping[Any, str] | None = None,
) -> str:
    """A kit game's board as SVG, from what stands on each cell.

    A piece (a string) is a disc of its colour with its symbol written on
    it, or, where the game declares a shape for it (``"king"``,
    ``"square"``...: :data:`boardkit.render.board.SHAPES`), that shape with
    no symbol; a count (an int) is written as its number; a stack (a tuple
    of pieces, bottom first) is its top piece with the stack's height
    written on it. Every cell is grouped under its name
    (``<g data-cell="a1">``) for clicking, and its name is written in it
    where the board has no rows and columns to write coordinates around.

    Args:
        board: The board.
        symbols: What stands on each cell, by cell index (``None`` when empty).
        key: Each piece's symbol and what it is, for the legend.
        colours: A fill colour per symbol (default :data:`PALETTE` in turn).
        shapes: A shape per symbol (default a disc with the symbol on it).
        cell_colours: Fill colours the cells take in turn
            (:func:`~boardkit.render.board.checkered`: two make a checkerboard).
        names: Each cell's name, by cell index (default ``board.name``).
        columns: The labels under a grid's columns (default their letters).
        sides: A piece symbol per named side of the board, drawn as a band of its colour.
        edges: For a game played on edges, the marked edges, ``(cell,
            cell)`` to a piece symbol (drawn in its colour) or a colour; the
            board is then drawn as points joined by thin lines, the marked
            edges as thick ones.
        walls: For a game with walls between its cells, the walls,
            ``(cell, cell)`` to a piece symbol or a colour, each drawn across
            its edge, between the two cells.
        crossings: With ``walls``, the marked crossing points, the cells
            around each to a piece symbol or a colour.
        title: A line above the board.
        labels: The game's own label of some cells, written on them in
            place of the kit's (over the piece, if there is one).
        drawings: The game's own picture of what stands on some cells, SVG
            elements centred on ``(0, 0)``, drawn in place of their piece
            and label (see :func:`~boardkit.render.board.topology_svg`).

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> picture = declared_svg(SquareGrid(2, 1), [4, None], key={})
        >>> ">4</text>" in picture, picture.count('<g data-cell="')
        (True, 2)
    """
    shapes = shapes or {}
    cells = board.cells
    names = list(names) if names is not None else [board.name(c) for c in cells]
    palette = piece_colours(key, colours or {})
    written: dict[Any, str] = {}
    pieces: dict[Any, str] = {}
    drawn_shapes: dict[Any, str] = {}
    for cell, value in zip(cells, symbols, strict=True):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, str | tuple | list):
            written[cell] = str(value)  # a count, written as its number
            continue
        top = value if isinstance(value, str) else (str(value[-1]) if value else "")
        if not top:
            continue
        pieces[cell] = palette.get(top, _UNKNOWN)
        if top in shapes:
            drawn_shapes[cell] = shapes[top]
        if not isinstance(value, str):
            if len(value) > 1:
                written[cell] = str(len(value))  # a stack: its height on its top piece
            elif top not in shapes:
                written[cell] = top
        elif top not in shapes:
            written[cell] = top
    written.update(labels or {})
    size = grid_size(board)
    coordinates = None
    if size is not None:
        rows = [names[board.index((0, r))][1:] for r in range(size[1])]
        coordinates = (list(columns) if columns is not None else [chr(97 + c) for c in range(min(size[0], 26))], rows)
    legend = [(palette[s], f"{s}: {meaning}") for s, meaning in key.items()]
    return topology_svg(
        board,
        written,
        checkered(board, cell_colours),
        title=title,
        pieces=pieces,
        legend=legend,
        coordinates=coordinates,
        names=dict(zip(cells, names, strict=True)),
        sides={side: palette.get(symbol, symbol) for side, symbol in (sides or {}).items()},
        shapes=drawn_shapes,
        legend_shapes=[shapes.get(s, "") for s in key] if shapes else None,
        show_names=coordinates is None,
        edges={edge: _edge_colour(mark, palette) for edge, mark in (edges or {}).items()},
        points=edges is not None,
        walls={edge: _edge_colour(mark, palette) for edge, mark in (walls or {}).items()},
        crossings={point: _edge_colour(mark, palette) for point, mark in (crossings or {}).items()},
        drawings=drawings,
    )


def _edge_colour(mark: Any, palette: Mapping[str, str]) -> str:
    """A marked edge's colour: its piece's, a colour given as the mark, or grey."""
    if mark in palette:
        return palette[mark]
    return mark if isinstance(mark, str) else _UNKNOWN
