"""Pictures of a game of Tafl: the board as text and the SVG picture (its
cells, pieces, key and coordinates).

The state's ``render`` comes here with the board's tables and the state's
board list (its documentation and examples stay on
:class:`~boardkit.games.tafl.TaflState`); :func:`picture` is the picture the
game declares (``PARTS.picture``), what :func:`boardkit.render.svg` and
Jupyter show. This module imports Tafl's board, notation and variants (for
the board's corners), and :mod:`boardkit.render` when drawing; never the
rules (which import it).

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

from typing import Any, Protocol

from boardkit.games.tafl.board import EMPTY, KING, SIDES, Board
from boardkit.games.tafl.moves import square_name
from boardkit.games.tafl.variants import default_corners, who_may
from boardkit.outcome import Outcome

__all__ = [
    "OFFICER_KEY",
    "PIECE_COLOURS",
    "PIECE_KEY",
    "PIECE_SHAPES",
    "Drawn",
    "key",
    "picture",
    "render_text",
    "status_line",
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
    named = (("throne", g.thrones), ("corners", g.corners), ("attacker forts", g.rules.attacker_forts))
    where = ", ".join(w for w, there in named if there)
    special = f", + empty restricted square ({where})" if where else ""
    officers = ", c/C commander, n/N knight" if any(q > KING for q in board) else ""
    lines.append(f"key: t attacker, T defender, K king{officers}{special}, . empty")
    lines.append(status)
    return "\n".join(lines)


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


class Drawn(Protocol):
    """What the picture reads of a state of Tafl (:class:`~boardkit.games.tafl.TaflState` is one)."""

    @property
    def game(self) -> Any:
        """The game, a :class:`~boardkit.games.tafl.shape.TaflShape` (the core types a state's game
        as any game): its options say whether Berserk's officers are in play."""

    @property
    def _g(self) -> Board:
        """The board's tables."""

    def _shown(self) -> list[int]:
        """The board list as pictures show it, officers told apart."""


#: The first three lines of the key: the pieces.
PIECE_KEY = [(PIECE_COLOURS[1], "attacker (t)"), (PIECE_COLOURS[2], "defender (T)"), (PIECE_COLOURS[3], "king (K)")]
#: The key's lines for Berserk's officers (codes 4 to 7).
OFFICER_KEY = [
    (PIECE_COLOURS[4], "attacker commander (c)"),
    (PIECE_COLOURS[5], "attacker knight (n)"),
    (PIECE_COLOURS[6], "defender commander (C)"),
    (PIECE_COLOURS[7], "defender knight (N)"),
]


#: The shape beside each line of a key: the pieces' shapes beside the lines of :data:`PIECE_KEY`
#: and :data:`OFFICER_KEY`; a small disc of its colour (``""``) beside any other.
_KEY_SHAPES = dict(zip(PIECE_KEY + OFFICER_KEY, PIECE_SHAPES[1:], strict=True))


def picture(
    state: Drawn,
    title: str | None = None,
    *,
    legend: list[tuple[str, str]] | None = None,
    marks: dict[str, str] | None = None,
) -> str:
    """The board as an SVG picture, what :func:`boardkit.render.svg` draws:
    the pieces as pieces (dark discs, light discs, the King crowned), the
    throne and restricted corners shaded, the coordinates, each square's
    ``data-cell`` name (``a1`` bottom left) and the key (:func:`key`).
    ``legend`` replaces the key (``[]`` for none); ``marks`` fills some
    squares, by name, in a colour (a diagram's move).

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").new_game(seed=0)
        >>> drawn = picture(state, "start")
        >>> drawn.count("<rect"), drawn.count("<circle"), drawn.count("data-cell="), drawn.count("<polygon")
        (49, 18, 49, 2)
        >>> picture(state, marks={"a1": "red"}, legend=[]).count('fill="red"')
        1
    """
    from boardkit.render import topology_svg

    g, board = state._g, state._shown()
    n = g.size
    shown = key(state) if legend is None else legend
    fills: dict[Any, str] = {}
    for i in g.restricted | default_corners(n, "corner"):
        fills[(i % n, i // n)] = "#b9a27a" if i in g.restricted else "#d9c9a3"
    names = {cell: square_name(cell[0], n, cell[1]) for cell in g.grid.squares}
    if marks:
        cells = {name: cell for cell, name in names.items()}
        fills.update({cells[name]: colour for name, colour in marks.items()})
    return topology_svg(
        g.grid,
        {},
        fills,
        title=title,
        pieces={(i % n, i // n): PIECE_COLOURS[q] for i, q in enumerate(board) if q},
        shapes={(i % n, i // n): PIECE_SHAPES[q] for i, q in enumerate(board) if q},
        legend=shown,
        legend_shapes=[_KEY_SHAPES.get(line, "") for line in shown],
        coordinates=(tuple(square_name(c, n, n - 1)[0] for c in range(n)), tuple(str(n - r) for r in range(n))),
        names=names,
    )


def key(state: Drawn) -> list[tuple[str, str]]:
    """The key under the picture: every piece (Berserk's officers too, when
    in play) and every mark and shade on the board.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> key(Tafl("brandubh").new_game(seed=0))[0]
        ('#222222', 'attacker (t)')
    """
    g = state._g
    rules = g.rules
    lines = list(PIECE_KEY) + (OFFICER_KEY if state.game.options.has_officers() else [])
    if g.thrones and g.corners and rules.throne_stop == rules.corner_stop:
        lines.append(("#b9a27a", f"throne and corners: {who_may(rules.throne_stop)} may stop there"))
    else:
        if g.thrones:
            lines.append(("#b9a27a", f"throne: {who_may(rules.throne_stop)} may stop there"))
        if g.corners:
            lines.append(("#b9a27a", f"corners: {who_may(rules.corner_stop)} may stop there"))
    if rules.attacker_forts:
        enter = who_may(rules.attacker_fort_enter)
        lines.append(("#b9a27a", f"attacker forts: {enter} may come onto them from off them"))
    if not default_corners(g.size, "corner") <= g.restricted:
        lines.append(("#d9c9a3", "corner: marked, but an ordinary square here"))
    return lines
