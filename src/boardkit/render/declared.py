"""Drawing what a kit game declares: its pieces' colours and shapes, its
squares' colours, counts and stacks on cells, marked edges and cell names.

Components floor: it imports the boards, the other drawing modules and the
errors only.
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

from boardkit.errors import OptionError, OptionTypeError, shown
from boardkit.render.board import SHAPES, checkered, grid_labels, topology_svg
from boardkit.topology import Topology, TopologyError

__all__ = ["PALETTE", "CellColours", "cell_fills", "check_pieces_drawn", "declared_svg", "piece_colours"]

#: The colours of a game's pieces, in the order it declares them, where it gives none.
PALETTE = ("#222222", "#f5f5f5", "#c62828", "#1565c0", "#2e7d32", "#f9a825")
_UNKNOWN = "#888888"
#: A kit game's ``cell_colours``: colours the cells take in turn, or a colour
#: per cell name (see :func:`cell_fills`).
CellColours = Sequence[str] | Mapping[str, str]


def piece_colours(key: Mapping[str, str], colours: Mapping[str, str]) -> dict[str, str]:
    """Each declared piece's colour: the game's own, else the next of :data:`PALETTE`.

    Examples:
        >>> piece_colours({"X": "player 0", "O": "player 1"}, {"O": "red"})
        {'X': '#222222', 'O': 'red'}
    """
    return {s: colours.get(s, PALETTE[i % len(PALETTE)]) for i, s in enumerate(key)}


def cell_fills(board: Topology, cell_colours: CellColours, names: Sequence[str] | None = None) -> dict[Any, str]:
    """Each cell's fill from a game's ``cell_colours``: colours taken in turn
    (:func:`~boardkit.render.board.checkered`: two make a checkerboard), or
    a mapping from a cell's name to its colour, to colour the cells by group
    (the cells it does not name keep the board's plain fill).

    Args:
        board: The board.
        cell_colours: A sequence of colours, or cell names to colours.
        names: Each cell's name, by cell index (default ``board.name``).

    Raises:
        OptionError: for a name that is not a cell of the board.
        OptionTypeError: for a colour that is not text, or ``cell_colours``
            of another kind (one string, rather than a tuple of them).

    Examples:
        The four 2x2 corners of a 4x4 board, dark and light in turn:

        >>> from boardkit.topology import SquareGrid
        >>> board = SquareGrid(4, 4)
        >>> corners = ["a1 b1 a2 b2", "c1 d1 c2 d2", "a3 b3 a4 b4", "c3 d3 c4 d4"]
        >>> colours = {name: ("dark", "light", "light", "dark")[k] for k, group in enumerate(corners)
        ...            for name in group.split()}
        >>> fills = cell_fills(board, colours)
        >>> fills[board.cell("b2")], fills[board.cell("c2")], fills[board.cell("d4")]
        ('dark', 'light', 'dark')
        >>> cell_fills(board, {"e5": "gold"})
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: cell_colours names 'e5', not a cell of the board
    """
    if isinstance(cell_colours, Mapping):
        names = list(names) if names is not None else [board.name(c) for c in board.cells]
        where = dict(zip(names, board.cells, strict=True))
        fills = {}
        for name, colour in cell_colours.items():
            if not isinstance(name, str) or name not in where:
                raise OptionError(f"cell_colours names {shown(name, 20)}, not a cell of the board")
            fills[where[name]] = _colour(colour, f"cell_colours gives {name}")
        return fills
    if isinstance(cell_colours, str) or not isinstance(cell_colours, Sequence):
        raise OptionTypeError(
            f"cell_colours is {shown(cell_colours, 40)}; give colours to take in turn, such as"
            " ('#b58863', '#f0d9b5'), or a mapping from cell names to colours"
        )
    return checkered(board, [_colour(colour, "cell_colours lists") for colour in cell_colours])


def check_pieces_drawn(
    board: Topology, colours: Mapping[str, str], shapes: Mapping[str, str], sides: Mapping[str, str]
) -> None:
    """Check a game's ``colours``, ``shapes`` and ``sides`` before its
    picture is drawn, so that a bad one is refused when the game is made
    (on the web, a picture that cannot be drawn breaks every view of the table).

    Raises:
        OptionTypeError: for one of them that is not a mapping, or a colour
            or shape that is not text.
        OptionError: for a shape not in :data:`~boardkit.render.board.SHAPES`,
            or a side the board does not have (:meth:`~boardkit.topology.Topology.side`).

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> check_pieces_drawn(SquareGrid(3, 3), {"x": "#222"}, {"x": "king"}, {"top": "x"})
        >>> check_pieces_drawn(SquareGrid(3, 3), {}, {"x": "circle"}, {})
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: shapes gives 'x' the shape 'circle'; shapes are 'disc', 'king', ...
    """
    wanted = {"colours": "piece symbols to colours", "shapes": "piece symbols to shapes", "sides": "sides to symbols"}
    for what, given in (("colours", colours), ("shapes", shapes), ("sides", sides)):
        if not isinstance(given, Mapping):
            raise OptionTypeError(f"{what} is {shown(given, 40)}; give a mapping from {wanted[what]}")
    for symbol, colour in colours.items():
        _colour(colour, f"colours gives {shown(symbol, 20)}")
    for symbol, shape in shapes.items():
        if shape not in SHAPES:
            known = ", ".join(repr(s) for s in SHAPES)
            raise OptionError(f"shapes gives {shown(symbol, 20)} the shape {shown(shape, 30)}; shapes are {known}")
    for side in sides:
        try:
            board.side(side)
        except TopologyError as exc:
            raise OptionError(f"sides: {exc}") from None


def _colour(colour: object, where: str) -> str:
    """``colour`` if it is a colour's text (``where`` says who gave it, for the error)."""
    if not isinstance(colour, str) or not colour.strip():
        raise OptionTypeError(f"{where} {shown(colour, 30)}, not a colour such as '#b58863'")
    return colour


def declared_svg(
    board: Topology,
    symbols: Sequence[Any],
    *,
    key: Mapping[str, str],
    colours: Mapping[str, str] | None = None,
    shapes: Mapping[str, str] | None = None,
    cell_colours: CellColours = (),
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
            (:func:`~boardkit.render.board.checkered`: two make a checkerboard),
            or each named cell's colour (:func:`cell_fills`).
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

    Raises:
        OptionError: for ``cell_colours`` naming a cell the board lacks, or
            giving a colour that is not text (:func:`cell_fills`).

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
        if not isinstance(value, str) and len(value) > 1:
            written[cell] = str(len(value))  # a stack: its height on its top piece
        elif top not in shapes:
            written[cell] = top
    written.update(labels or {})
    coordinates = grid_labels(board, names, columns)
    legend = [(palette[s], f"{s}: {meaning}") for s, meaning in key.items()]
    return topology_svg(
        board,
        written,
        cell_fills(board, cell_colours, names),
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
