"""Pictures of a game of Tafl: the board as text and the SVG picture (its
cells, pieces, key and coordinates).

The state's ``render``, ``svg_cells``, ``svg_pieces``, ``svg_shapes``,
``svg_legend``, ``svg_coordinates``, ``svg_cell_names`` and ``svg_picture``
come here with the board's tables and the state's board list (their
documentation and examples stay on :class:`~boardkit.games.tafl.TaflState`).
This module imports Tafl's board and notation, and :mod:`boardkit.render`
when drawing; never the rules (which import it).

The picture draws pieces, not letters: an attacker is a dark disc, a defender a
light disc with a dark outline, the King a light disc with a crown (the
kit's ``"disc"`` and ``"king"`` shapes), and the key shows the same shapes.
Berserk's officers (board codes 4 to 7, see
:func:`~boardkit.games.tafl.officers.shown_board`) are drawn in their side's
colour, a commander as a square and a knight as a diamond; the text board
writes their letters, ``c``/``n`` and ``C``/``N``.

Examples:
    >>> from boardkit.games.tafl.board import board_tables
    >>> g = board_tables(3, False)
    >>> print(render_text(g, [0, 1, 0, 2, 3, 2, 0, 1, 0], status_line(None, 0, 0)))
      a b c
    3 . t . 3
    2 T K T 2
    1 . t . 1
      a b c
    key: t attacker, T defender, K king, + empty restricted square (throne), . empty
    attackers to move
"""

from __future__ import annotations

from typing import Any

from boardkit.games.tafl.board import EMPTY, KING, SIDES, Board
from boardkit.games.tafl.moves import square_name
from boardkit.outcome import Outcome
from boardkit.topology import SquareGrid

__all__ = [
    "render_text",
    "status_line",
    "svg_cell_names",
    "PIECE_COLOURS",
    "PIECE_KEY",
    "OFFICER_KEY",
    "PIECE_SHAPES",
    "svg_cells",
    "svg_coordinates",
    "svg_legend",
    "svg_legend_shapes",
    "svg_picture",
    "svg_pieces",
    "svg_shapes",
]

#: The colour of each piece code's disc (none for an empty square); 4 to 7 the officers:
#: attacker commander and knight, defender commander and knight.
PIECE_COLOURS = ("", "#222222", "#f5f5f5", "#f5f5f5", "#222222", "#222222", "#f5f5f5", "#f5f5f5")
#: The shape of each piece code (see :func:`boardkit.render.board.piece`).
PIECE_SHAPES = ("", "disc", "disc", "king", "square", "diamond", "square", "diamond")


def render_text(g: Board, board: list[int], status: str) -> str:
    """The board as text with a key and the status line ``status`` (``state.render()``)."""
    n = g.size
    width = len(str(n))
    files = " " * (width + 1) + " ".join("abcdefghijklmnopqrstuvwxy"[:n])
    lines = [files]
    symbols = ".tTKcnCN"
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            q = board[i]
            row.append("+" if q == EMPTY and g.restricted_flag[i] else symbols[q])
        rank = str(n - r).rjust(width)
        lines.append(f"{rank} {' '.join(row)} {n - r}")
    lines.append(files)
    where = _special(g.thrones, g.corners, ", ", g.rules.attacker_forts)
    special = f", + empty restricted square ({where})" if where else ""
    officers = ", c/C commander, n/N knight" if any(q > KING for q in board) else ""
    lines.append(f"key: t attacker, T defender, K king{officers}{special}, . empty")
    lines.append(status)
    return "\n".join(lines)


def _special(thrones: frozenset[int], corners: frozenset[int], joint: str, forts: frozenset[int] = frozenset()) -> str:
    """"throne, corners", "corners", "": what special squares a board has."""
    named = (("throne", thrones), ("corners", corners), ("attacker forts", forts))
    return joint.join(w for w, there in named if there)


def _who(letters: str) -> str:
    names = [n for letter, n in (("t", "attackers"), ("T", "defenders"), ("K", "the king")) if letter in letters]
    return "only " + " and ".join(names) if names else "no piece"


def status_line(over: Outcome | None, turn: int, escape_lines: int) -> str:
    """Who is to move (with "check" when the King has ``escape_lines`` clear
    lines), or how the game ended.

    Examples:
        >>> status_line(None, 1, 2)
        'defenders to move (check: 2 clear lines for the king)'
    """
    if over is None:
        if not escape_lines:
            return f"{SIDES[turn]} to move"
        return f"{SIDES[turn]} to move (check: {escape_lines} clear line{'s' if escape_lines > 1 else ''} for the king)"
    if over.winner is None:
        return f"drawn: {over.reason}"
    return f"{SIDES[over.winner]} won: {over.reason}"


def svg_cells(g: Board, board: list[int]) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
    """The board, no labels (the pieces are drawn as pieces: see
    :func:`svg_pieces`) and a fill per shaded cell (``state.svg_cells()``)."""
    n = g.size
    fills: dict[Any, str] = {}
    last = n * n - 1
    board_corners = {0, n - 1, last - n + 1, last}
    for i in g.restricted | board_corners:
        fills[(i % n, i // n)] = "#b9a27a" if i in g.restricted else "#d9c9a3"
    return g.grid, {}, fills


def svg_pieces(n: int, board: list[int]) -> dict[Any, str]:
    """A piece's colour per occupied cell (``state.svg_pieces()``)."""
    return {(i % n, i // n): PIECE_COLOURS[q] for i, q in enumerate(board) if q}


def svg_shapes(n: int, board: list[int]) -> dict[Any, str]:
    """A piece's shape per occupied cell (``state.svg_shapes()``)."""
    return {(i % n, i // n): PIECE_SHAPES[q] for i, q in enumerate(board) if q}


#: The first three lines of the key: the pieces.
PIECE_KEY = [(PIECE_COLOURS[1], "attacker (t)"), (PIECE_COLOURS[2], "defender (T)"), (PIECE_COLOURS[3], "king (K)")]
#: The key's lines for Berserk's officers (codes 4 to 7).
OFFICER_KEY = [
    (PIECE_COLOURS[4], "attacker commander (c)"),
    (PIECE_COLOURS[5], "attacker knight (n)"),
    (PIECE_COLOURS[6], "defender commander (C)"),
    (PIECE_COLOURS[7], "defender knight (N)"),
]


def svg_legend_shapes(legend: list[tuple[str, str]]) -> list[str]:
    """The shape beside each line of a key: the pieces' shapes beside the
    lines of :data:`PIECE_KEY` and :data:`OFFICER_KEY`, a small disc of its colour
    (``""``) beside any other."""
    shapes = dict(zip(PIECE_KEY + OFFICER_KEY, PIECE_SHAPES[1:], strict=True))
    return [shapes.get(line, "") for line in legend]


def svg_picture(
    g: Board,
    board: list[int],
    title: str | None = None,
    *,
    legend: list[tuple[str, str]],
    marks: dict[str, str] | None = None,
) -> str:
    """The whole picture (``state.svg_picture(title)``): the board, its
    pieces, coordinates, ``data-cell`` names and the key ``legend``
    (``state.svg_legend()``, or ``[]`` for none); ``marks`` fills some
    squares, by name, in a colour (a diagram's move).
    """
    from boardkit.render import topology_svg

    grid, labels, fills = svg_cells(g, board)
    names = svg_cell_names(g)
    if marks:
        cells = {name: cell for cell, name in names.items()}
        fills.update({cells[name]: colour for name, colour in marks.items()})
    return topology_svg(
        grid,
        labels,
        fills,
        title=title,
        pieces=svg_pieces(g.size, board),
        shapes=svg_shapes(g.size, board),
        legend=legend,
        legend_shapes=svg_legend_shapes(legend),
        coordinates=svg_coordinates(g.size),
        names=names,
    )


def svg_legend(g: Board, officers: bool = False) -> list[tuple[str, str]]:
    """The key under the picture (``state.svg_legend()``); with ``officers``, Berserk's too."""
    rules = g.rules
    key = list(PIECE_KEY) + (OFFICER_KEY if officers else [])
    if g.thrones and g.corners and rules.throne_stop == rules.corner_stop:
        key.append(("#b9a27a", f"throne and corners: {_who(rules.throne_stop)} may stop there"))
    else:
        if g.thrones:
            key.append(("#b9a27a", f"throne: {_who(rules.throne_stop)} may stop there"))
        if g.corners:
            key.append(("#b9a27a", f"corners: {_who(rules.corner_stop)} may stop there"))
    if rules.attacker_forts:
        key.append(("#b9a27a", f"attacker forts: {_who(rules.attacker_fort_enter)} may come onto them from off them"))
    n = g.size
    last = n * n - 1
    if not {0, n - 1, last - n + 1, last} <= g.restricted:
        key.append(("#d9c9a3", "corner (an ordinary square in this variant)"))
    return key


def svg_coordinates(n: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The file letters and rank numbers around a board of side ``n`` (``state.svg_coordinates()``)."""
    return tuple(square_name(c, n, n - 1)[0] for c in range(n)), tuple(str(n - r) for r in range(n))


def svg_cell_names(g: Board) -> dict[Any, str]:
    """Each square's name, for the ``data-cell`` marks (``state.svg_cell_names()``)."""
    n = g.size
    return {cell: square_name(cell[0], n, cell[1]) for cell in g.grid.squares}
