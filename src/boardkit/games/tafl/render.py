"""Pictures of a game of Tafl: the board as text and the SVG picture's cells,
key and coordinates.

The state's ``render``, ``svg_cells``, ``svg_legend``, ``svg_coordinates`` and
``svg_cell_names`` come here (their documentation and examples stay on
:class:`~boardkit.games.tafl.TaflState`). This module imports Tafl's board and
notation, never the rules (which import it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardkit.games.tafl.board import _SIDES, EMPTY
from boardkit.games.tafl.moves import square_name
from boardkit.topology import SquareGrid

if TYPE_CHECKING:
    from boardkit.games.tafl.rules import TaflState

__all__ = ["render_text", "svg_cell_names", "svg_cells", "svg_coordinates", "svg_legend"]


def render_text(state: TaflState) -> str:
    """The board as text with a key and a status line (``state.render()``)."""
    g = state._g
    n = g.size
    width = len(str(n))
    files = " " * (width + 1) + " ".join("abcdefghijklmnopqrstuvwxy"[:n])
    lines = [files]
    symbols = ".tTK"
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            q = state._board[i]
            row.append("+" if q == EMPTY and g.restricted_flag[i] else symbols[q])
        rank = str(n - r).rjust(width)
        lines.append(f"{rank} {' '.join(row)} {n - r}")
    lines.append(files)
    where = _special(g.thrones, g.corners, ", ")
    special = f", + empty restricted square ({where})" if where else ""
    lines.append(f"key: t attacker, T defender, K king{special}, . empty")
    lines.append(_status(state))
    return "\n".join(lines)


def _special(thrones: frozenset[int], corners: frozenset[int], joint: str) -> str:
    """"throne, corners", "corners", "": what special squares a board has."""
    return joint.join(w for w, there in (("throne", thrones), ("corners", corners)) if there)


def _who(letters: str) -> str:
    names = [n for letter, n in (("t", "attackers"), ("T", "defenders"), ("K", "the king")) if letter in letters]
    return "only " + " and ".join(names) if names else "no piece"


def _status(state: TaflState) -> str:
    over = state._over
    if over is None:
        lines = state.escape_lines
        check = f" (check: {lines} clear line{'s' if lines > 1 else ''} for the king)" if lines else ""
        return f"{_SIDES[state._turn]} to move{check}"
    if over.winner is None:
        return f"drawn: {over.reason}"
    return f"{_SIDES[over.winner]} won: {over.reason}"


def svg_cells(state: TaflState) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
    """The board, a label per occupied cell and a fill per cell (``state.svg_cells()``)."""
    g = state._g
    n = g.size
    labels: dict[Any, str] = {}
    fills: dict[Any, str] = {}
    marks = ("", "\u25cf", "\u25cb", "\u2654")
    last = n * n - 1
    board_corners = {0, n - 1, last - n + 1, last}
    for i, q in enumerate(state._board):
        cell = (i % n, i // n)
        if q:
            labels[cell] = marks[q]
        if i in g.restricted or i in board_corners:
            fills[cell] = "#b9a27a" if i in g.restricted else "#d9c9a3"
    return g.grid, labels, fills


def svg_legend(state: TaflState) -> list[tuple[str, str]]:
    """The key under the picture (``state.svg_legend()``)."""
    g = state._g
    rules = g.rules
    key = [
        ("#ffffff", "\u25cf attacker (t)"),
        ("#ffffff", "\u25cb defender (T)"),
        ("#ffffff", "\u2654 king (K)"),
    ]
    if g.thrones and g.corners and rules.throne_stop == rules.corner_stop:
        key.append(("#b9a27a", f"throne and corners: {_who(rules.throne_stop)} may stop there"))
    else:
        if g.thrones:
            key.append(("#b9a27a", f"throne: {_who(rules.throne_stop)} may stop there"))
        if g.corners:
            key.append(("#b9a27a", f"corners: {_who(rules.corner_stop)} may stop there"))
    n = g.size
    last = n * n - 1
    if not {0, n - 1, last - n + 1, last} <= g.restricted:
        key.append(("#d9c9a3", "corner (an ordinary square in this variant)"))
    return key


def svg_coordinates(state: TaflState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The file letters and rank numbers around the board (``state.svg_coordinates()``)."""
    n = state._g.size
    return tuple(square_name(c, n, n - 1)[0] for c in range(n)), tuple(str(n - r) for r in range(n))


def svg_cell_names(state: TaflState) -> dict[Any, str]:
    """Each square's name, for the ``data-cell`` marks (``state.svg_cell_names()``)."""
    n = state._g.size
    return {cell: square_name(cell[0], n, cell[1]) for cell in state._g.grid.squares}
