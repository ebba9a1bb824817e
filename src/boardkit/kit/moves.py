"""The kit's move kinds: :class:`Place` (``"b2"``), :class:`Step`
(``"a1-b2"``), :class:`Path` (``"c3xe5xc7"``), :class:`Pass` (``"pass"``)
and :class:`Edge` (``"a1-b1"``, a line of the board), each a small frozen
value written in the board's own cell names, read back from text with
``parse(text, board)`` and listed whole with ``every(board)`` (a fixed
action space). :class:`MoveType` says what a move class of a game's own
needs. Everything here is re-exported by :mod:`boardkit.kit`.

Components floor, with the rest of the kit: it imports the core and the
boards only.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from boardkit.errors import NotationError
from boardkit.topology import SquareGrid, Topology, TopologyError  # noqa: F401  (SquareGrid: the doctests')

__all__ = ["Edge", "MoveType", "Pass", "Path", "Place", "Step"]


class MoveType(Protocol):
    """What a move class needs for :attr:`BoardGame.moves`: a classmethod
    ``parse(text, board)`` giving the move, or ``None`` for text of another
    kind, and for reinforcement learning (:mod:`boardkit.rl`) a classmethod
    ``every(board)`` listing every move of that kind."""

    @classmethod
    def parse(cls, text: str, board: Topology) -> Any: ...


@attrs.frozen(cache_hash=True)  # hashed once: moves are dictionary keys in searches and rules
class Place:
    """Put a piece on a cell: written as the cell's name, ``"b2"``.

    Examples:
        >>> str(Place("b2")), Place.parse("B2", SquareGrid(3, 3))
        ('b2', Place('b2'))
    """

    cell: str

    def __str__(self) -> str:
        return self.cell

    def __repr__(self) -> str:
        return f"Place({self.cell!r})"

    @classmethod
    def every(cls, board: Topology) -> list[Place]:
        """A move to every cell, in board order (for fixed action spaces)."""
        return [cls(board.name(c)) for c in board.cells]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Place | None:
        """The move ``text`` names on ``board``, or ``None``: a cell's name,
        read without regard to case or spaces (``"B2"``, ``"(0,-1)"``)."""
        name = _named(_loose_names(board), text)
        return None if name is None else cls(name)


@attrs.frozen(cache_hash=True)  # hashed once: moves are dictionary keys in searches and rules
class Step:
    """Move the piece on one cell to another: ``"a1-b2"``.

    Examples:
        >>> str(Step("a1", "b2")), Step.parse("a1-b2", SquareGrid(3, 3))
        ('a1-b2', Step('a1', 'b2'))
    """

    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"

    def __repr__(self) -> str:
        return f"Step({self.source!r}, {self.target!r})"

    @classmethod
    def every(cls, board: Topology) -> list[Step]:
        """A step from every cell to every other, in board order."""
        names = [board.name(c) for c in board.cells]
        return [cls(a, b) for a in names for b in names if a != b]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Step | None:
        """The move ``text`` names on ``board``, or ``None``. Names that hold
        a hyphen themselves (``"(0, -1)-(0, 1)"``) are split where both sides
        name a cell."""
        at = text.find("-")
        while at >= 0:
            a, b = Place.parse(text[:at], board), Place.parse(text[at + 1 :], board)
            if a is not None and b is not None:
                return cls(a.cell, b.cell)
            at = text.find("-", at + 1)
        return None


def _names_of_cells(cells: Sequence[str]) -> tuple[str, ...]:
    return tuple(cells)


@attrs.frozen(cache_hash=True)  # hashed once: moves are dictionary keys in searches and rules
class Path:
    """Move one piece along a path of cells: a plain step, ``"c3-d4"``, or a
    capture written with every cell it lands on, ``"c3xe5xc7"`` (a chain of
    jumps in draughts, a capture in Breakthrough).

    The moves a game lists are best made once per board with :meth:`through`
    (and read back with :meth:`indices`), so no position builds them anew.
    Paths have no fixed list of every move (a chain may be long), so a game
    that moves by paths has no :meth:`BoardGame.all_moves`.

    Examples:
        >>> board = SquareGrid(8, 8)
        >>> str(Path(("c3", "e5", "c7"), capture=True)), Path.parse("C3-D4", board)
        ('c3xe5xc7', Path(('c3', 'd4')))
        >>> Path.parse("c3xe5xc7", board) == Path.through(board, (42, 28, 10), capture=True)
        True
    """

    cells: tuple[str, ...] = attrs.field(converter=_names_of_cells)
    capture: bool = False

    @cells.validator
    def _two_cells_at_least(self, _: object, value: tuple[str, ...]) -> None:
        if len(value) < 2:
            raise NotationError(repr(value), "a path names two cells at least, where it starts and where it ends")

    def __str__(self) -> str:
        return ("x" if self.capture else "-").join(self.cells)

    def __repr__(self) -> str:
        return f"Path({self.cells!r}{', capture=True' if self.capture else ''})"

    @property
    def source(self) -> str:
        """The cell the piece starts on."""
        return self.cells[0]

    @property
    def target(self) -> str:
        """The cell the piece ends on."""
        return self.cells[-1]

    @classmethod
    def through(cls, board: Topology, indices: Sequence[int], *, capture: bool = False) -> Path:
        """The path through the cells of ``board`` with these indices, made
        once per board and path and kept (the same value every time, which
        :meth:`BoardState.check` finds by identity).

        Examples:
            >>> board = SquareGrid(8, 8)
            >>> Path.through(board, (42, 28, 10), capture=True)
            Path(('c3', 'e5', 'c7'), capture=True)
            >>> Path.through(board, (42, 34)) is Path.through(board, [42, 34])
            True
        """
        table = _paths(board)
        key = (tuple(indices), capture)
        path = table.made.get(key)
        if path is None:
            path = cls(tuple(board.name(board.cells[i]) for i in key[0]), capture)
            if len(table.made) < _MOST_PATHS:
                table.made[key] = path
                table.indices[path] = key[0]
        return path

    def indices(self, board: Topology) -> tuple[int, ...]:
        """The indices on ``board`` of the cells the path names, in order.

        Raises:
            TopologyError: if a cell is not on the board.

        Examples:
            >>> Path(("c3", "e5", "c7"), capture=True).indices(SquareGrid(8, 8))
            (42, 28, 10)
        """
        table = _paths(board)
        found = table.indices.get(self)
        if found is None:
            found = tuple(board.index(board.cell(name)) for name in self.cells)
            if len(table.indices) < _MOST_PATHS:
                table.indices[self] = found
        return found

    @classmethod
    def parse(cls, text: str, board: Topology) -> Path | None:
        """The move ``text`` names on ``board``, or ``None``: cell names joined
        by ``x`` (a capture) or by ``-`` (a plain move), read without regard
        to case. Where a name holds the separator itself (column ``x`` of a
        wide board, a hex cell ``(0, -1)``) the text is split where every
        part names a cell."""
        for separator, capture in (("x", True), ("-", False)):
            cells = _split_names(text, separator, board)
            if cells is not None and len(cells) >= 2:
                return cls(tuple(cells), capture)
        return None


#: The most paths kept per board by :meth:`Path.through` and :meth:`Path.indices`.
_MOST_PATHS = 1 << 16


class _PathTable:
    """The paths of one board made so far, both ways."""

    __slots__ = ("indices", "made")

    def __init__(self) -> None:
        self.made: dict[tuple[tuple[int, ...], bool], Path] = {}
        self.indices: dict[Path, tuple[int, ...]] = {}


_PATHS: weakref.WeakKeyDictionary[Topology, _PathTable] = weakref.WeakKeyDictionary()


#: The board asked for last and its table, one tuple (read and replaced whole, so threads never mix two),
#: since a game asks :meth:`Path.through` of one board move after move (a weak dictionary's lookup is slow).
_LAST: tuple[Topology | None, _PathTable] = (None, _PathTable())


def _paths(board: Topology) -> _PathTable:
    global _LAST
    last = _LAST
    if last[0] is board:
        return last[1]
    table = _PATHS.get(board)
    if table is None:
        table = _PATHS[board] = _PathTable()
    _LAST = (board, table)
    return table


def _split_names(text: str, separator: str, board: Topology) -> list[str] | None:
    """``text`` split at ``separator`` (any case) into cell names of
    ``board``, trying each split point where a name could end; ``None`` if
    no split names cells all through."""
    if not isinstance(text, str) or len(text) > 400:
        return None
    names = _loose_names(board)
    lowered = text.lower()
    memo: dict[int, list[str] | None] = {}

    def rest(start: int) -> list[str] | None:
        if start not in memo:
            found = None
            at = lowered.find(separator, start)
            while at >= 0 and found is None:
                head = _named(names, text[start:at])
                tail = rest(at + len(separator)) if head is not None else None
                if head is not None and tail is not None:
                    found = [head, *tail]
                at = lowered.find(separator, at + 1)
            if found is None:
                whole = _named(names, text[start:])
                found = None if whole is None else [whole]
            memo[start] = found
        return memo[start]

    return rest(0)


@attrs.frozen(cache_hash=True)  # hashed once: moves are dictionary keys in searches and rules
class Pass:
    """Pass the turn: ``"pass"``.

    Examples:
        >>> str(Pass()), Pass.parse(" PASS ", SquareGrid(1, 1))
        ('pass', Pass())
    """

    def __str__(self) -> str:
        return "pass"

    @classmethod
    def every(cls, board: Topology) -> list[Pass]:
        """The one pass."""
        return [cls()]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Pass | None:
        """``Pass()`` for ``"pass"``, else ``None``."""
        return cls() if text.strip().lower() == "pass" else None


@attrs.frozen(cache_hash=True)  # hashed once: moves are dictionary keys in searches and rules
class Edge:
    """Play on the edge between two neighbouring cells, a line of the board
    rather than a cell (Dots and Boxes): ``"a1-b1"``, its cells in board
    order. A game that lists :class:`Edge` among its ``moves`` keeps a mark
    on every edge (:meth:`BoardState.put_edge`, :meth:`BoardState.edge`).

    Examples:
        >>> board = SquareGrid(3, 3)
        >>> Edge.parse("b1-a1", board), Edge.parse("a1-b2", board)
        (Edge('a1', 'b1'), None)
        >>> len(Edge.every(board))
        12
    """

    a: str
    b: str

    def __str__(self) -> str:
        return f"{self.a}-{self.b}"

    def __repr__(self) -> str:
        return f"Edge({self.a!r}, {self.b!r})"

    @classmethod
    def every(cls, board: Topology) -> list[Edge]:
        """Every edge of the board, in the order of :attr:`Topology.edges`."""
        return [cls(board.name(a), board.name(b)) for a, b in board.edges]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Edge | None:
        """The edge ``text`` names on ``board`` (two neighbouring cells joined
        by ``-``, in either order), or ``None``."""
        step = Step.parse(text, board)
        if step is None:
            return None
        try:
            a, b = board.edges[board.edge_index(step.source, step.target)]
        except TopologyError:
            return None
        return cls(board.name(a), board.name(b))


_LOOSE: weakref.WeakKeyDictionary[Topology, dict[str, str]] = weakref.WeakKeyDictionary()


def _loose_names(board: Topology) -> dict[str, str]:
    """Each cell name of ``board`` keyed by itself, and by itself without
    spaces in lower case where that is no other cell's name (built once per
    board)."""
    names = _LOOSE.get(board)
    if names is None:
        exact = [board.name(cell) for cell in board.cells]
        names = {name: name for name in exact}
        for name in exact:
            names.setdefault("".join(name.split()).lower(), name)
        _LOOSE[board] = names
    return names


def _named(names: dict[str, str], text: str) -> str | None:
    """The cell name ``text`` is in ``names`` (:func:`_loose_names`): as it is, or without spaces in lower case."""
    return names.get(text.strip()) or names.get("".join(text.split()).lower())
