"""Lines and connections of pieces on any board.

Components floor: it imports the core and the boards only, never a game or
an application.

Two questions games ask of the pieces on a board: how long is the line of
one piece through a cell (five in a row in Gomoku, four in Connect Four), and
do a player's pieces join two sets of cells (Hex joins two sides of the
board, Y all three). Like :mod:`boardkit.capture` they read only the
compiled tables of a :class:`~boardkit.topology.Topology` (integer cells and
directions, :attr:`~boardkit.topology.Topology.compiled`) and a board held as
a flat sequence of pieces indexed by cell, so games call them on their hot
paths; they are pure functions and change nothing. :class:`Stones` answers
Go's questions (chains, their liberties, captures) on a rectangular grid, as
operations on whole numbers.

Examples:
    >>> from boardkit.topology import SquareGrid
    >>> grid = SquareGrid(3, 3, diagonals=True)
    >>> cells = ["x", None, None,
    ...          None, "x", None,
    ...          "o", None, "x"]
    >>> line(grid.compiled, cells, 4)
    3
    >>> top, bottom = ([grid.index(c) for c in grid.side(s)] for s in ("top", "bottom"))
    >>> connects(grid.compiled, cells, top, bottom, pieces={"x"})
    True
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Sequence
from typing import Final, TypeVar

from boardkit.compiling import i64
from boardkit.topology import CompiledTopology, TopologyError

__all__ = ["Stones", "can_reach", "connects", "filled", "line", "reach", "shortest_way"]

P = TypeVar("P")
#: Whether this module runs compiled: then :meth:`Stones.legal` works on machine words (``i64``), a few
#: whole rows each, for bitboards wider than one, where a whole number would be a Python object.
NATIVE: Final = not __file__.endswith(".py")
T = TypeVar("T")


def line(
    board: CompiledTopology,
    cells: Sequence[P],
    cell: int,
    *,
    piece: P | None = None,
    directions: Iterable[int] | None = None,
) -> int:
    """The length of the longest unbroken line of one piece through ``cell``.

    Each line runs along a direction and its opposite (a direction without an
    opposite counts on its own), and holds ``cell`` itself.

    Args:
        board: The compiled board (``topology.compiled``).
        cells: The piece on every cell, by cell index; ``None`` for none.
        cell: The index of the cell the lines run through.
        piece: The piece to count; by default the one on ``cell``. Give it to
            ask what a piece *would* make on a cell (a threat in Gomoku).
        directions: Direction indices: only the lines along these (and their
            opposites) count. By default every line of the board.

    Returns:
        The number of pieces in the longest line, ``cell`` included; 0 when
        there is no piece (``cell`` is empty and no ``piece`` is given).

    Raises:
        TopologyError: if the board has no directions (no lines at all).

    Examples:
        Connect Four's check, on a board with diagonals:

        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(4, 4, diagonals=True)
        >>> cells = [None] * 16
        >>> for c in [(0, 3), (1, 2), (2, 1)]:
        ...     cells[grid.index(c)] = "R"
        >>> line(grid.compiled, cells, grid.index((1, 2)))
        3
        >>> line(grid.compiled, cells, grid.index((3, 0)), piece="R")
        4
        >>> line(grid.compiled, cells, grid.index((1, 2)), directions=[grid.directions.index("e")])
        1
    """
    rays = board.rays[cell]
    if not rays:
        raise TopologyError("this board has no directions, so it has no lines")
    if piece is None:
        piece = cells[cell]
        if piece is None:
            return 0
    opposite = board.opposite
    every = range(len(rays)) if directions is None else directions
    ways: tuple[int, ...] = every if type(every) is tuple else tuple(every)
    if NATIVE and type(cells) is not list and type(cells) is not tuple:  # a mapping, say: read as given
        return _line_read(cells, rays, opposite, ways, directions is None, piece)
    # Compiled, a list and a tuple are read by index in C (a tuple as a list of its cells). Each piece is
    # compared (a text compares itself at once; another piece need not equal itself, as a float NaN).
    row: list[object] = cells if not NATIVE or type(cells) is list else list(cells)  # type: ignore[assignment]
    longest = 1
    for d in ways:
        back = opposite[d]
        if directions is None and 0 <= back < d:
            continue  # this line was counted from its other direction
        run = 1
        for j in rays[d]:
            if row[j] != piece:
                break
            run += 1
        if back >= 0:
            for j in rays[back]:
                if row[j] != piece:
                    break
                run += 1
        if run > longest:
            longest = run
    return longest


def _line_read(
    cells: Sequence[object],
    rays: tuple[tuple[int, ...], ...],
    opposite: tuple[int, ...],
    ways: tuple[int, ...],
    every: bool,
    piece: object,
) -> int:
    """:func:`line` on cells of another type than a list or a tuple, read through Python's protocols
    at the cells the lines reach (compiled, :func:`line` reads a list in C)."""
    longest = 1
    for d in ways:
        back = opposite[d]
        if every and 0 <= back < d:
            continue
        run = 1
        for ray in (rays[d], rays[back]) if back >= 0 else (rays[d],):
            for j in ray:
                if cells[j] != piece:
                    break
                run += 1
        longest = max(longest, run)
    return longest


def filled(values: Sequence[T], lines: Iterable[Sequence[int]], *, pieces: Container[T]) -> T | None:
    """The value standing on every index of the first of ``lines`` that one
    of ``pieces`` fills, or ``None``: three in a row on any sequence, not
    only a board's cells (:meth:`boardkit.kit.BoardState.filled` reads the
    cells). Ultimate tic-tac-toe asks it of its small boards' results.

    Args:
        values: Anything indexed by position: a list, a tuple, a string.
        lines: Each line as a sequence of indices into ``values``.
        pieces: The values that make a line (a set or a string); others,
            such as a blank or a drawn board's mark, never do.

    Examples:
        >>> filled("XX=O.OXXX", [(0, 1, 2), (6, 7, 8)], pieces="XO")
        'X'
        >>> filled("===......", [(0, 1, 2)], pieces="XO") is None
        True
    """
    for line in lines:
        first = values[line[0]]
        if first in pieces:
            for i in line:  # a loop, not all() over a generator: a third of the time
                if values[i] != first:
                    break
            else:
                return first
    return None


def reach(board: CompiledTopology, cells: Sequence[P], start: Iterable[int], *, pieces: Container[P]) -> set[int]:
    """Every cell holding one of ``pieces`` that joins a ``start`` cell holding
    one of them, through neighbouring cells that hold them too.

    Cells join their :attr:`~boardkit.topology.CompiledTopology.neighbors`:
    six on a hex board, four or eight on a square grid, the edges of any
    other graph. Start cells without such a piece are left out.

    Args:
        board: The compiled board.
        cells: The piece on every cell, by cell index.
        start: Indices of the cells to grow from.
        pieces: The pieces that join (a set: ``None in "ab"`` fails).

    Returns:
        The indices of the joined cells, the start's own included.

    Examples:
        The group of ``x`` touching the left column, and whether it reaches
        every side of the board (Y's test, here on a square):

        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(3, 2)
        >>> cells = ["x", "x", None,
        ...          None, "x", "x"]
        >>> sorted(reach(grid.compiled, cells, [0, 3], pieces={"x"}))
        [0, 1, 4, 5]
        >>> group = reach(grid.compiled, cells, [0, 3], pieces={"x"})
        >>> sides = ["top", "bottom", "left", "right"]
        >>> all(any(grid.index(c) in group for c in grid.side(s)) for s in sides)
        True
    """
    return _grow(board, cells, start, pieces)


def connects(
    board: CompiledTopology,
    cells: Sequence[P],
    start: Iterable[int],
    goal: Iterable[int],
    *,
    pieces: Container[P],
) -> bool:
    """Whether ``pieces`` join a cell of ``start`` to a cell of ``goal``: an
    unbroken chain of neighbouring cells, each holding one of ``pieces``,
    from one set to the other (Hex's win, or a road in a connection game).

    Both ends hold a piece too: a cell in both sets counts when it does.

    Args:
        board: The compiled board.
        cells: The piece on every cell, by cell index.
        start: Indices of one set of cells (a side of the board).
        goal: Indices of the other set.
        pieces: The pieces that join (a set).

    Examples:
        On the Hex board a chain from the top row to the bottom row:

        >>> from boardkit.topology import HexGrid
        >>> board = HexGrid.rhombus(3, 3)
        >>> cells = [None] * len(board)
        >>> for name in ["c1", "b2", "a3"]:
        ...     cells[board.index(board.cell(name))] = "R"
        >>> top, bottom = ([board.index(c) for c in board.side(s)] for s in ("top", "bottom"))
        >>> connects(board.compiled, cells, top, bottom, pieces={"R"})
        True
        >>> cells[board.index(board.cell("b2"))] = None
        >>> connects(board.compiled, cells, top, bottom, pieces={"R"})
        False
    """
    ends = set(goal)
    return not ends.isdisjoint(_grow(board, cells, start, pieces, ends))


def can_reach(
    board: CompiledTopology,
    start: int,
    goals: Container[int],
    walls: Sequence[object],
    *,
    closing: Collection[int] = (),
) -> bool:
    """Whether a piece on ``start`` can walk to a cell of ``goals``, step by
    step through neighbouring cells, never across an edge that holds a wall
    (``walls[k]`` not ``None``, by edge number: a kit state's
    :attr:`~boardkit.kit.BoardState.edge_marks`) nor across one numbered in
    ``closing`` (walls being tried). What stands on the cells does not
    matter: the question is whether the walls leave a way, as Quoridor asks
    of every pawn before a wall goes up. A search on the compiled tables
    (:attr:`~boardkit.topology.CompiledTopology.neighbor_edges`), stopping
    at the first goal it meets.

    Args:
        board: The compiled board.
        start: The index of the cell to walk from.
        goals: The indices of the cells to reach (a set).
        walls: The mark on every edge, by edge number (``None``: open).
        closing: Numbers of more edges to treat as walled.

    Examples:
        A 3x3 board walled across its middle row but for one gap:

        >>> from boardkit.topology import SquareGrid
        >>> board = SquareGrid(3, 3, origin="top")
        >>> walls = [None] * len(board.edges)
        >>> for a, b in [("a1", "a2"), ("b1", "b2")]:
        ...     walls[board.edge_index(a, b)] = "#"
        >>> top = {board.index(c) for c in board.side("top")}
        >>> can_reach(board.compiled, board.index("a3"), top, walls)
        True
        >>> can_reach(board.compiled, board.index("a3"), top, walls, closing=[board.edge_index("c1", "c2")])
        False
    """
    return start in goals or _search(board, start, goals, walls, closing, [-1] * board.size) >= 0


def shortest_way(
    board: CompiledTopology, start: int, goals: Container[int], walls: Sequence[object]
) -> list[int] | None:
    """The cells of one shortest way from ``start`` to a cell of ``goals``,
    step by step, never across an edge that holds a wall (``walls[k]`` not
    ``None``, by edge number, as for :func:`can_reach`): the cells stepped
    onto, the goal last (``[]`` when ``start`` is a goal), or ``None`` when
    the walls leave no way. Its length is how far the goal is: what a
    Quoridor player weighs, and a wall that blocks none of the players'
    ways leaves every player a way. The arguments are those of
    :func:`can_reach`, but for ``closing``.

    Examples:
        The way up a 3x3 Quoridor board past two walls between its first two rows:

        >>> from quoridor import Quoridor
        >>> state = Quoridor(size=3).new_game(seed=0)
        >>> state.put_edge("a1", "a2", "#"); state.put_edge("b2", "b1", "#")
        >>> board, top = state.board, {0, 1, 2}  # the cells of row 1, by index
        >>> way = shortest_way(board.compiled, board.index("a3"), top, state.edge_marks)
        >>> [board.name(board.cells[i]) for i in way]
        ['a2', 'b2', 'c2', 'c1']
    """
    if start in goals:
        return []
    came = [-1] * board.size
    j = _search(board, start, goals, walls, (), came)
    if j < 0:
        return None
    way = [j]
    while came[j] != start:
        j = came[j]
        way.append(j)
    way.reverse()
    return way


def _search(
    board: CompiledTopology,
    start: int,
    goals: Container[int],
    walls: Sequence[object],
    closing: Collection[int],
    came: list[int],
) -> int:
    """Breadth first from ``start`` (not itself a goal) past the walls: the
    first cell of ``goals`` it meets, or -1; ``came[j]`` is then the cell
    it stepped to ``j`` from (-1: not reached)."""
    neighbors = board.neighbors
    through = board.neighbor_edges
    came[start] = start
    todo = [start]
    for i in todo:  # the list grows as the search goes: a queue without a deque
        for j, k in zip(neighbors[i], through[i]):  # noqa: B905  (plain zip: one loop when compiled)
            if came[j] < 0 and walls[k] is None and k not in closing:
                came[j] = i
                if j in goals:
                    return j
                todo.append(j)
    return -1


class Stones:
    """Chains of stones, their liberties and captures on a rectangular grid,
    for Go and the games that take a chain left without a liberty.

    Each player's stones are one whole number, a bit a point (a bitboard):
    the cell of index ``i`` (row ``i // width`` from the top, column
    ``i % width``, as :class:`~boardkit.topology.SquareGrid` numbers its
    cells) is bit ``(width + 1) * row + column``, the extra bit of each row
    always clear, so that a shift by one or by a row finds the points next
    door. A chain and its liberties then take a few operations on whole
    numbers, not a walk over the board. Make one per board size, once; it
    changes nothing, its methods are pure functions of the bitboards given.

    A board wider than one machine word (9x9 takes 90 bits) makes those
    numbers Python objects even on the compiled build, so there, on boards
    that fit in two words of 62 bits (up to 11x10), :meth:`legal` cuts them
    into two 64-bit words of whole rows and works in those, and :meth:`place`
    first asks in them whether the stone takes anything; ``words`` asks
    for that (``True``, where the board fits) or for whole numbers
    (``False``) on either build: the answers are the same.

    Attributes:
        bit: Each cell's bit, by cell index.
        near: The bits of each cell's neighbours (up, down, left, right).
        board: Every point's bit.

    Examples:
        Black ``x`` and white ``o`` on a 3x3 board; a white stone on the
        middle of the top row takes the black corner ``x`` at index 0:

        >>> stones = Stones(3, 3)
        >>> black = stones.bits([0, 4])
        >>> white = stones.bits([3])
        >>> stones.cells(stones.take(1, white, black))
        [0]
        >>> chain, free = stones.chain(stones.bit[4], black, ~(black | white) & stones.board)
        >>> stones.cells(chain), free  # the chain at index 4 has a liberty
        ([4], True)
        >>> stones.cells(stones.legal(black, white)), stones.area(black, white)
        ([1, 2, 5, 6, 7, 8], (2, 1))
        >>> rows = stones.rows("abcdefghi")  # each point's move, a row at a time
        >>> stones.pick(stones.legal(black, white), rows)
        ['b', 'c', 'f', 'g', 'h', 'i']
        >>> white, black, taken, ko = stones.place(1, white, black)  # no ko: index 2 is empty
        >>> stones.cells(white), stones.cells(black), stones.cells(ko)
        ([1, 3], [4], [])
    """

    def __init__(self, width: int, height: int, *, words: bool | None = None) -> None:
        self.width = width
        self.height = height
        self.stride = width + 1
        self.bit: list[int] = [1 << (self.stride * (i // width) + i % width) for i in range(width * height)]
        self.board = sum(self.bit)
        self.near: list[int] = [self.around(b) for b in self.bit]
        self._cell = {b: i for i, b in enumerate(self.bit)}
        # Each point's neighbours: by index, and each point's bit to their bits.
        self._near_cells: list[list[int]] = [self.cells(n) for n in self.near]
        self._next: dict[int, list[int]] = {
            b: [self.bit[j] for j in self._near_cells[i]] for i, b in enumerate(self.bit)
        }
        # The same bitboards as two machine words of whole rows, for legal() on the compiled build: row
        # r is in word r // per, from bit stride * (r % per); at most 62 bits a word, so that no shift
        # leaves an i64. The masks are whole numbers first: mypyc 2.4 shifts a constant 1 as a 32-bit
        # C int (``(1 << top) - 1`` with ``top: i64`` is wrong past bit 31).
        row = self.stride
        per = max(1, 62 // row)
        two = row <= 62 and height <= 2 * per
        self._native = (NATIVE if words is None else words) and two and height > per
        span = per * row if two else 0
        self._span: i64 = span
        self._top: i64 = span - row if two else 0  # the shift that takes word 0's top row to word 1's bottom
        self._below: i64 = (1 << (span - row)) - 1 if two else 0  # a word but its top row
        self._first: i64 = (1 << row) - 1 if two else 0  # a word's bottom row
        self._low = (1 << span) - 1  # word 0's bits, as a whole number
        self._board0: i64 = self.board & self._low if two else 0
        self._board1: i64 = self.board >> span if two else 0
        # Each cell's bit in its word, and whether that word is the second; its neighbours in each word.
        self._word_bit: list[i64] = [b >> span if b >> span else b for b in self.bit] if two else []
        self._high: list[bool] = [b >> span != 0 for b in self.bit] if two else []
        self._near0: list[i64] = [n & self._low for n in self.near] if two else []
        self._near1: list[i64] = [n >> span for n in self.near] if two else []

    def bits(self, cells: Iterable[int]) -> int:
        """The bitboard of the cells of these indices."""
        found = 0
        for i in cells:
            found |= self.bit[i]
        return found

    def cells(self, bits: int) -> list[int]:
        """The indices of the cells of ``bits``, in order."""
        found = []
        while bits:
            low = bits & -bits
            found.append(self._cell[low])
            bits ^= low
        return found

    def rows(self, table: Sequence[T]) -> list[list[tuple[T, ...]]]:
        """``table`` (an entry per cell, by index: each point's move, say) a row at a time, for
        :meth:`pick`: for each row, the entries of its points for every value of the row's bits.
        Make it once."""
        width = self.width
        return [
            [tuple(table[width * row + n] for n in range(width) if bits >> n & 1) for bits in range(1 << width)]
            for row in range(self.height)
        ]

    def pick(self, bits: int, rows: Sequence[Sequence[tuple[T, ...]]]) -> list[T]:
        """The entries of the points of ``bits`` in board order, from the table :meth:`rows` made:
        a row of bits at a time, not a point at a time."""
        found: list[T] = []
        mask, stride = (1 << self.width) - 1, self.stride
        # Compiled, a board of two words: each read as a machine word (rows of a taller board, whose
        # bits go past the two words, are read below).
        if self._native and type(rows) is list and len(rows) <= self.height:
            try:
                return self._pick_pair(bits, rows)
            except TypeError:  # rows not lists of tuples, as rows() makes them: read below, as Python reads them
                pass
        for row in rows:
            found += row[bits & mask]
            bits >>= stride
        return found

    def _pick_pair(self, bits: int, table: list[list[tuple[T, ...]]]) -> list[T]:
        """:meth:`pick` on the two machine words of ``bits`` (a row's bits never cross from one to the other)."""
        found: list[T] = []
        stride = self.stride
        span: int = int(self._span)
        low: int = self._low
        word: i64 = bits & low
        high: i64 = bits >> span & low
        mask: int = (1 << self.width) - 1
        cut: i64 = mask
        per = span // stride  # the rows in the first word
        for r in range(len(table)):
            if r == per:
                word = high
            found += table[r][word & cut]
            word >>= stride
        return found

    def around(self, bits: int) -> int:
        """The points next to any of ``bits`` (those of ``bits`` too, when next to another)."""
        row = self.stride
        return (bits << 1 | bits >> 1 | bits << row | bits >> row) & self.board

    def chain(self, seed: int, stones: int, goal: int = 0) -> tuple[int, bool]:
        """The chain of ``stones`` (or the empty region) holding the point(s) ``seed``, and whether
        it touches a point of ``goal`` (a liberty, say): then only as much of the chain as it took
        to get there."""
        row = self.stride
        chain, more = 0, seed
        while more != chain:
            chain = more
            more = chain | chain << 1 | chain >> 1 | chain << row | chain >> row  # goal, stones: on the board
            if more & goal:
                return chain, True
            more &= stones
        return chain, False

    def take(self, cell: int, mine: int, theirs: int) -> int:
        """The stones of ``theirs`` a stone of ``mine`` put on the empty ``cell`` takes: their
        chains next to it left without a liberty."""
        return self.place(cell, mine, theirs)[2]

    def place(self, cell: int, mine: int, theirs: int) -> tuple[int, int, int, int]:
        """A stone of ``mine`` put on the empty ``cell``: ``mine`` and ``theirs`` after it, the stones
        it took (:meth:`take`), and the point simple ko forbids next (the bit of the one stone it
        took when it was put where every point next to it was theirs, else 0)."""
        bit, near = self.bit[cell], self.near[cell]
        taken = 0
        touching = near & theirs
        if touching and not (self._native and self._breathes(cell, mine, theirs)):
            row, empty = self.stride, self.board & ~(mine | theirs | bit)
            if touching & ~(empty << 1 | empty >> 1 | empty << row | empty >> row):
                for j in self._next[bit]:  # a stone of theirs next to it with no liberty of its own
                    if j & theirs & ~taken:
                        chain, free = self.chain(j, theirs, empty)
                        if not free:
                            taken |= chain
        if not taken:  # most stones take nothing: no more whole-number sums (each a new object)
            return mine | bit, theirs, 0, 0
        ko = taken if not near & ~theirs and taken & (taken - 1) == 0 else 0  # one, from their eye
        return mine | bit, theirs & ~taken, taken, ko

    def legal(self, mine: int, theirs: int, forbidden: int = 0) -> int:
        """The empty points (but ``forbidden``) where a stone of ``mine`` has a liberty once it has
        taken what it takes: every point but suicides."""
        if self._native:
            try:
                return self._legal_pair(mine, theirs, forbidden)
            except (ValueError, OverflowError):  # bits past the two words: read as the whole numbers read them
                pass
        row, board = self.stride, self.board
        empty = board & ~(mine | theirs)
        a, b, c, d = empty << 1 & board, empty >> 1 & board, empty << row & board, empty >> row
        # Legal: a point next to an empty one ...
        beside_empty = a | b | c | d
        legal = empty & beside_empty & ~forbidden
        hard = empty & ~beside_empty & ~forbidden  # the others
        if not hard:
            return legal
        # ... or next to a stone of mine next to two empty points or more (the point and another) ...
        breathing = a & (b | c | d) | b & (c | d) | c & d
        mine_breathing = mine & breathing
        legal |= hard & (mine_breathing << 1 | mine_breathing >> 1 | mine_breathing << row | mine_breathing >> row)
        # ... or next to a chain of mine with another liberty, or a chain of theirs that loses its last
        # (stones of theirs next to two empty points cannot be taken by one stone).
        seen = keeps = 0  # the stones whose chains were looked at, and those of such chains
        stones = mine | theirs & ~breathing  # the stones whose chain may lose its last liberty here
        hard &= ~legal & (stones << 1 | stones >> 1 | stones << row | stones >> row)
        after = self._next
        while hard:
            bit = hard & -hard
            hard ^= bit
            for j in after[bit]:
                if j & ~seen & stones:
                    chain, free = self.chain(j, mine if j & mine else theirs, empty ^ bit)  # another liberty?
                    seen |= chain
                    if free == bool(j & mine):
                        keeps |= chain
                if j & keeps:
                    legal |= bit
                    break
        return legal

    # -- legal() in two machine words, for the compiled build -------------------------------------

    def _around_pair(self, x0: i64, x1: i64) -> tuple[i64, i64]:
        """:meth:`around` of the two words ``x0``, ``x1``, with ``x0``, ``x1`` themselves."""
        row, top, below, first = self.stride, self._top, self._below, self._first
        y0 = x0 | x0 << 1 | x0 >> 1 | (x0 & below) << row | x0 >> row | (x1 & first) << top
        y1 = x1 | x1 << 1 | x1 >> 1 | (x1 & below) << row | x1 >> row | x0 >> top
        return y0 & self._board0, y1 & self._board1

    def _breathes(self, cell: int, mine: int, theirs: int) -> bool:
        """:meth:`_breathe_pair`, or ``False`` (ask the whole numbers) for bitboards with bits past
        the two words, which the whole numbers read as they always did."""
        try:
            return self._breathe_pair(cell, mine, theirs)
        except (ValueError, OverflowError):  # a whole number too wide for a machine word
            return False

    def _breathe_pair(self, cell: int, mine: int, theirs: int) -> bool:
        """Whether every stone of ``theirs`` next to ``cell`` still has an empty point next to it once a
        stone is put on ``cell`` (so the stone takes nothing): :meth:`place`'s first test, in two
        machine words, where the whole numbers cost a dozen new objects."""
        span: int = int(self._span)
        low: int = self._low
        t0: i64 = theirs & low
        t1: i64 = theirs >> span
        m0: i64 = mine & low
        m1: i64 = mine >> span
        bit: i64 = self._word_bit[cell]
        high = self._high[cell]
        e0 = self._board0 & ~(m0 | t0 | (0 if high else bit))
        e1 = self._board1 & ~(m1 | t1 | (bit if high else 0))
        a0, a1 = self._around_pair(e0, e1)
        return (self._near0[cell] & t0 & ~a0) | (self._near1[cell] & t1 & ~a1) == 0

    def _chain_pair(self, high: bool, bit: i64, s0: i64, s1: i64, g0: i64, g1: i64) -> tuple[i64, i64, bool]:
        """:meth:`chain` in two words: the chain of ``s0``, ``s1`` from ``bit`` (of word 1 when
        ``high``), and whether it touches ``g0``, ``g1``."""
        c0: i64 = 0 if high else bit
        c1: i64 = bit if high else 0
        while True:
            n0, n1 = self._around_pair(c0, c1)
            if n0 & g0 or n1 & g1:
                return c0, c1, True
            n0 &= s0
            n1 &= s1
            if n0 == c0 and n1 == c1:
                return c0, c1, False
            c0, c1 = n0, n1

    def _legal_pair(self, mine: int, theirs: int, forbidden: int) -> int:
        """:meth:`legal`, step for step, on two machine words a bitboard."""
        span: int = int(self._span)  # whole numbers: the bitboards do not fit an i64
        low: int = self._low
        m0: i64 = mine & low
        m1: i64 = mine >> span
        t0: i64 = theirs & low
        t1: i64 = theirs >> span
        f0: i64 = forbidden & low
        f1: i64 = forbidden >> span
        b0, b1 = self._board0, self._board1
        row, top, below, first = self.stride, self._top, self._below, self._first
        e0 = b0 & ~(m0 | t0)
        e1 = b1 & ~(m1 | t1)
        # The empty points' neighbours: right, left, up (to a higher row) and down.
        a0, a1 = e0 << 1 & b0, e1 << 1 & b1
        l0, l1 = e0 >> 1 & b0, e1 >> 1 & b1
        u0, u1 = (e0 & below) << row & b0, ((e1 & below) << row | e0 >> top) & b1
        d0, d1 = e0 >> row | (e1 & first) << top, e1 >> row
        beside0, beside1 = a0 | l0 | u0 | d0, a1 | l1 | u1 | d1
        legal0, legal1 = e0 & beside0 & ~f0, e1 & beside1 & ~f1
        hard0, hard1 = e0 & ~beside0 & ~f0, e1 & ~beside1 & ~f1
        if not hard0 | hard1:
            return int(legal1) << span | int(legal0)
        breathing0 = a0 & (l0 | u0 | d0) | l0 & (u0 | d0) | u0 & d0
        breathing1 = a1 & (l1 | u1 | d1) | l1 & (u1 | d1) | u1 & d1
        near0, near1 = self._around_pair(m0 & breathing0, m1 & breathing1)
        legal0 |= hard0 & near0
        legal1 |= hard1 & near1
        s0, s1 = m0 | t0 & ~breathing0, m1 | t1 & ~breathing1
        near0, near1 = self._around_pair(s0, s1)
        hard0 &= ~legal0 & near0
        hard1 &= ~legal1 & near1
        seen0: i64 = 0
        seen1: i64 = 0
        keeps0: i64 = 0
        keeps1: i64 = 0
        width, word_bit, high = self.width, self._word_bit, self._high
        per: i64 = span // row
        for upper in (False, True):
            h = hard1 if upper else hard0
            while h:
                bit = h & -h
                h ^= bit
                at: i64 = int(bit).bit_length() - 1
                cell = ((per if upper else 0) + at // row) * width + at % row
                g0, g1 = (e0, e1 ^ bit) if upper else (e0 ^ bit, e1)
                for j in self._near_cells[cell]:
                    jb, jh = word_bit[j], high[j]
                    if jb & ~(seen1 if jh else seen0) & (s1 if jh else s0):
                        own = jb & (m1 if jh else m0) != 0
                        c0, c1, free = self._chain_pair(jh, jb, m0 if own else t0, m1 if own else t1, g0, g1)
                        seen0 |= c0
                        seen1 |= c1
                        if free == own:
                            keeps0 |= c0
                            keeps1 |= c1
                    if jb & (keeps1 if jh else keeps0):
                        if upper:
                            legal1 |= bit
                        else:
                            legal0 |= bit
                        break
        return int(legal1) << span | int(legal0)

    def area(self, black: int, white: int) -> tuple[int, int]:
        """Each side's points by area scoring: its stones, and the empty regions touching only its stones."""
        score = [black.bit_count(), white.bit_count()]
        empty = self.board & ~(black | white)
        while empty:
            region = self.chain(empty & -empty, empty)[0]
            empty &= ~region
            edge = self.around(region)
            if edge & black and not edge & white:
                score[0] += region.bit_count()
            elif edge & white and not edge & black:
                score[1] += region.bit_count()
        return score[0], score[1]


def _grow(
    board: CompiledTopology,
    cells: Sequence[P],
    start: Iterable[int],
    pieces: Container[P],
    ends: set[int] | None = None,
) -> set[int]:
    """The cells :func:`reach` finds; with ``ends``, it stops at the first
    of them it finds (:func:`connects`). A plain loop on a list, not a
    generator: half the time of one."""
    neighbors = board.neighbors
    seen = {i for i in start if cells[i] in pieces}
    if ends is not None and not seen.isdisjoint(ends):
        return seen
    stack = list(seen)
    while stack:
        for j in neighbors[stack.pop()]:
            if j not in seen and cells[j] in pieces:
                seen.add(j)
                if ends is not None and j in ends:
                    return seen
                stack.append(j)
    return seen
