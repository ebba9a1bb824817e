"""The castle plan: a grid of squares, each of one kind, and the names of its squares.

boardkit's plan is a reconstruction (the published board could not be
recovered): 10 columns by 8 rows, one square for each of the 80 tiles.
Squares are ``(column, row)`` tuples counted from the top-left square of the
plan as drawn; in move notation they are named ``a1`` (top-left) to ``j8``
(bottom-right): a column letter from the left, then a row number from the top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final

from boardkit.errors import NotationError, OptionError
from boardkit.games.camelot.tiles import KIND_NAMES
from boardkit.render import BoardDrawing
from boardkit.topology import SquareGrid

__all__ = ["KIND_COLOURS", "STANDARD_PLAN", "Cell", "Plan", "parse_square", "plan_rows", "square_name"]

#: A square of the plan: ``(column, row)`` from the top-left.
Cell = tuple[int, int]

#: The reconstructed plan, one string per row from the top, one letter per square.
STANDARD_PLAN: Final[tuple[str, ...]] = (
    "TWWWWWWWWT",
    "Wss....ssW",
    "W..khhk..W",
    "W..hffh..W",
    "W..khhk..W",
    "Wss....ssW",
    "W........W",
    "TWWWGGWWWT",
)

#: Fill colours of the standard kinds in pictures; other kinds get grey.
KIND_COLOURS: Final[Mapping[str, str]] = {
    "T": "#8d8d8d",
    "W": "#b9b4aa",
    "G": "#a47e5a",
    "s": "#9fc3e6",
    "k": "#e3a869",
    "h": "#efc48f",
    "f": "#d9734e",
    ".": "#f4ead5",
}


def square_name(cell: Cell) -> str:
    """The notation name of a square: column letter, then row number from the top.

    Examples:
        >>> square_name((0, 0)), square_name((2, 4)), square_name((9, 7))
        ('a1', 'c5', 'j8')
    """
    col, row = cell
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_square(text: str) -> Cell:
    """Read a square name such as ``"c5"`` into ``(column, row)``.

    The square need not be on any particular plan; :class:`Plan` checks that.

    Raises:
        NotationError: for text that is not a letter followed by a row number.

    Examples:
        >>> parse_square("c5")
        (2, 4)
        >>> parse_square("5c")
        Traceback (most recent call last):
        ...
        boardkit.errors.NotationError: invalid notation '5c': a square is a column letter and a row number, like 'c5'
    """
    if (
        not isinstance(text, str)
        or not 2 <= len(text) <= 3
        or not "a" <= text[0] <= "z"
        or not text[1:].isascii()
        or not text[1:].isdigit()
        or text[1] == "0"
    ):
        raise NotationError(text, "a square is a column letter and a row number, like 'c5'")
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def plan_rows(spec: object) -> tuple[str, ...]:
    """Read a plan given as data: a sequence of equally long strings, one per
    row from the top, one kind letter per square (spaces between letters are
    ignored). Returns the rows without spaces.

    Raises:
        OptionError: for anything else, or a plan wider than 26 columns or
            taller than 99 rows.

    Examples:
        >>> plan_rows(["T W T", "W . W"])
        ('TWT', 'W.W')
    """
    if isinstance(spec, str | bytes) or not isinstance(spec, Sequence) or not spec:
        raise OptionError(f"a plan is a non-empty list of rows of kind letters, not {spec!r}")
    rows: list[str] = []
    for row in spec:
        if not isinstance(row, str):
            raise OptionError(f"each row of a plan must be a string of kind letters, not {row!r}")
        rows.append("".join(row.split()))
    width = len(rows[0])
    if not 1 <= width <= 26:
        raise OptionError(f"a plan is 1 to 26 squares wide, not {width}: {rows[0]!r}")
    if len(rows) > 99:
        raise OptionError(f"a plan is 1 to 99 rows tall, not {len(rows)}")
    for row in rows:
        if len(row) != width:
            raise OptionError(f"every row of a plan must have {width} squares, like the first; {row!r} does not")
        if not row.isprintable():
            raise OptionError(f"plan row {row!r} holds a character that is not a printable kind letter")
    return tuple(rows)


class Plan(BoardDrawing):
    """The castle plan: which kind of square lies where.

    The squares form a :class:`~boardkit.topology.SquareGrid` whose cells carry
    their kind letter in the ``"kind"`` node attribute; a second grid with
    diagonals gives the corner-to-corner contacts a garden scores.

    Args:
        rows: One string per row from the top, one kind letter per square.

    Examples:
        >>> plan = Plan(STANDARD_PLAN)
        >>> plan.width, plan.height, plan.kind((0, 0)), plan.kind((4, 7))
        (10, 8, 'T', 'G')
        >>> plan.topology.graph.nodes[(4, 3)]["kind"]
        'f'
        >>> plan.square_counts["W"], plan.square_counts["."]
        (26, 28)
        >>> plan.edge_neighbours[(0, 0)], plan.corner_neighbours[(0, 0)]
        (((1, 0), (0, 1)), ((1, 1),))
    """

    def __init__(self, rows: Sequence[str]) -> None:
        self.rows: tuple[str, ...] = plan_rows(rows)
        self.width = len(self.rows[0])
        self.height = len(self.rows)
        self.topology = SquareGrid(self.width, self.height)
        self.corners = SquareGrid(self.width, self.height, diagonals=True)
        cells: tuple[Cell, ...] = self.topology.squares
        #: Every square, row by row from the top-left.
        self.cells: tuple[Cell, ...] = cells
        #: Every square's kind letter.
        self.kinds: dict[Cell, str] = {c: self.rows[c[1]][c[0]] for c in cells}
        for cell, kind in self.kinds.items():
            self.topology.graph.nodes[cell]["kind"] = kind
        #: How many squares there are of each kind.
        self.square_counts: Counter[str] = Counter(self.kinds.values())
        #: The squares of each kind, in :attr:`cells` order.
        self.squares_of: dict[str, tuple[Cell, ...]] = {
            k: tuple(c for c in cells if self.kinds[c] == k) for k in self.square_counts
        }
        #: The squares sharing an edge with each square.
        self.edge_neighbours: dict[Cell, tuple[Cell, ...]] = {c: self.topology.neighbors(c) for c in cells}
        #: The squares touching each square at a corner only.
        self.corner_neighbours: dict[Cell, tuple[Cell, ...]] = {
            c: tuple(d for d in self.corners.neighbors(c) if d not in self.edge_neighbours[c]) for c in cells
        }

    def __repr__(self) -> str:
        return f"<Plan {self.width}x{self.height}>"

    def __contains__(self, cell: object) -> bool:
        try:
            return cell in self.kinds
        except TypeError:
            return False

    def kind(self, cell: Cell) -> str:
        """The kind letter of a square.

        Raises:
            OptionError: if the square is not on the plan.

        Examples:
            >>> Plan(STANDARD_PLAN).kind((3, 2))
            'k'
        """
        try:
            return self.kinds[cell]
        except (KeyError, TypeError):
            raise OptionError(f"no square {cell!r} on this {self.width}x{self.height} plan") from None

    def svg_cells(self) -> tuple[SquareGrid, dict[Cell, str], dict[Cell, str]]:
        """The plan as a picture: squares shaded by kind, labelled with their
        kind letter; ``boardkit.render.svg(plan)`` draws it.

        Examples:
            >>> from boardkit.render import svg
            >>> svg(Plan(STANDARD_PLAN)).count("<rect")
            80
        """
        labels = dict(self.kinds)
        fills = {c: KIND_COLOURS.get(k, "#cccccc") for c, k in self.kinds.items()}
        return self.topology, labels, fills

    def svg_coordinates(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The column letters (left to right) and row numbers (top to bottom)
        written around the plan: square names count rows from the top.

        Examples:
            >>> files, ranks = Plan(STANDARD_PLAN).svg_coordinates()
            >>> files[0], files[-1], ranks[0], ranks[-1]
            ('a', 'j', '1', '8')
        """
        return (
            tuple(chr(ord("a") + c) for c in range(self.width)),
            tuple(str(r + 1) for r in range(self.height)),
        )

    def svg_legend(self) -> list[tuple[str, str]]:
        """The key to the picture: each kind's colour, letter, name and number of squares.

        Examples:
            >>> Plan(STANDARD_PLAN).svg_legend()[0]
            ('#8d8d8d', 'T  corner tower (4)')
        """
        known = list(KIND_NAMES)
        kinds = sorted(self.square_counts, key=lambda k: known.index(k) if k in known else len(known))
        return [
            (KIND_COLOURS.get(k, "#cccccc"), f"{k}  {KIND_NAMES.get(k, 'squares')} ({self.square_counts[k]})")
            for k in kinds
        ]
