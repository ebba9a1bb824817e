"""The kit's position store: the cells, counters, turn and undo log of a
:class:`~boardkit.kit.BoardState`, and every method that reads or changes
them (the hot half of the kit, compiled on the compiled build).

Components floor: it imports the core and the boards only. A game never
names this module: it subclasses :class:`~boardkit.kit.BoardState`, whose
first base :class:`BoardCells` is, and calls these methods on ``self``.
On the compiled build :class:`BoardCells` is a native class that the
interpreted :class:`~boardkit.kit.BoardState` (and the game's own state
class) subclasses: the rules' code stays Python, and every ``put``,
``state[cell]``, ``line``, ``slide``, ``sow``, the legal-move cache, the
check of a move and the undo log run in C.
"""

from __future__ import annotations

import warnings
from bisect import bisect_left
from collections.abc import Callable, Collection, Container, Hashable, Iterable, Mapping, Sequence
from functools import reduce
from itertools import compress, permutations, repeat
from operator import index, is_, is_not, or_
from typing import Any, Final, Generic, SupportsIndex, cast

from typing_extensions import TypeVar

from boardkit.chance import Random, check_generator
from boardkit.compiling import i64, mypyc_attr
from boardkit.errors import CellError, IllegalMoveError, OptionError
from boardkit.game import Outcome, Player, no_move_error
from boardkit.patterns import can_reach as reaches
from boardkit.patterns import line as count_line
from boardkit.patterns import shortest_way
from boardkit.render.text import symbol
from boardkit.topology import Cell, CompiledTopology, SquareGrid, Topology, TopologyError  # noqa: F401  (SquareGrid: the doctests')

__all__ = ["PART", "BoardCells", "BoardTables", "CellBits", "CellWords", "P", "WallTable"]

#: What a cell holds: a piece's symbol (``str``, the default), a count
#: (``int``: ``BoardState[int]``, seeds in a pit) or a stack of symbols
#: (``tuple[str, ...]``, bottom first, for games that pile pieces).
P = TypeVar("P", default=str)

_CELL, _COUNTER, _TURN, _EDGE, _CROSSING, _LEGAL, _SEEN, _FORGOT, _BY_HAND = range(9)
#: How many of the last moves keep the legal moves of the position before them, for undo to give back.
_KEEP_LEGAL: Final = 64
#: The version of legal moves listed during a move (BoardCells._listed), never a position's.
_ASKED: Final = -2
#: The counter a game with :attr:`~boardkit.kit.BoardGame.parts` keeps the part of the turn in.
PART = "_part"
#: Whether this module runs compiled (then a plain loop is C, and beats the pure build's itertools).
NATIVE: Final = not __file__.endswith(".py")
#: The length of a table from which place_moves brings its last answer forward rather than finding it anew.
_LONG: Final = 64
#: How many moves back place_moves and chain_marks look for the position of their last answer.
_BACK: Final = 4
#: The anchor of an answer found after a move whose undo record is no log (BoardCells._anchor): a list
#: never on the move stack, so the answer is found anew.
_UNREAD: Final[list[tuple[int, Any, Any]]] = []


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class BoardTables:
    """What every state of one game reads its board through, built once per
    game (:attr:`boardkit.kit.BoardGame.tables`).

    Attributes:
        where: a cell, or its name, to its index.
        names: each index's cell name.
        directions: each direction's index in the compiled tables.
        axes: one direction index per line through a cell (a direction and
            its opposite are one line), the lines :meth:`BoardCells.line` counts.
        edge_ends: each edge's two cells by index, in
            :attr:`Topology.edges <boardkit.topology.Topology.edges>` order.
        ways: the way :meth:`BoardCells.wall_moves` last found from a cell to a
            set of goals, by the cell and the goals' id: the goals and the
            edges along the way, used again while none of them holds a mark.
        starts: the game's start position by number of players and state
            class, as :meth:`boardkit.kit.BoardState.setup` laid it out, which
            later games copy instead of setting it up again.

    Examples:
        >>> tables = BoardTables(SquareGrid(3, 3))
        >>> tables.where["b1"], tables.where[(1, 2)], tables.names[7]
        (7, 7, 'b1')
    """

    def __init__(self, board: Topology) -> None:
        self.names: tuple[str, ...] = tuple(board.name(c) for c in board.cells)
        where: dict[Any, int] = dict(board.indices)
        for i, name in enumerate(self.names):
            where.setdefault(name, i)
        self.where = where
        self.directions: dict[Any, int] = {d: i for i, d in enumerate(board.directions)}
        #: The board's cells, and its steps (board.compiled.steps), read here by the walks (sow, streak)
        #: in one native attribute read rather than two on the board, a Python object.
        self.cells: tuple[Any, ...] = tuple(board.cells)
        self.steps: tuple[tuple[int, ...], ...] = board.compiled.steps if board.directions else ()
        #: Each cell's neighbours (board.compiled.neighbors), which chain_marks joins.
        self.near: tuple[tuple[int, ...], ...] = board.compiled.neighbors
        opposite = board.compiled.opposite if board.directions else ()
        self.axes: tuple[int, ...] = tuple(d for d, back in enumerate(opposite) if not 0 <= back < d)
        #: The board's whole lines through each cell, by number (board.compiled.lines), and how many there
        #: are: what line_counts counts.
        self.through: tuple[tuple[int, ...], ...] = tuple(
            tuple(k for k in dict.fromkeys(row) if k >= 0) for row in board.compiled.line_of
        )
        self.line_total: int = len(board.compiled.lines)
        #: Each edge's two cells by index, in ``board.edges`` order (the chains of linked_marks), and each
        #: edge's number by its two cells' indices, in either order.
        self.edge_ends: tuple[tuple[int, int], ...] = tuple((where[a], where[b]) for a, b in board.edges)
        self.edge_numbers: dict[tuple[int, int], int] = {}
        for k, (i, j) in enumerate(self.edge_ends):
            self.edge_numbers[i, j] = self.edge_numbers[j, i] = k
        # The entries of each move table given to place_moves that are not None (None: all are), by the table's
        # id; the table is kept with its answer, so its id is never another's. A table is made once, as
        # place_moves says.
        self._gaps: dict[int, tuple[Sequence[Any], list[int] | None]] = {}
        self._spotted: tuple[Sequence[Any], list[int] | None] | None = None  # the entry of _gaps asked last
        # The goals are kept with their way, as the tables below, so their id is never another's.
        self.ways: dict[tuple[int, int], tuple[Container[int], list[int]]] = {}
        self._words: list[CellWords] = []
        self._walls: dict[int, tuple[Sequence[Any], WallTable]] = {}
        self._hops: dict[int, tuple[Sequence[Any], HopTable]] = {}
        self._ends: list[list[int]] = []  # wall_ends: the board's wall ends as two columns
        self._bits: list[CellBits] = []
        # The board's steps in an order that goes round every cell (closes_ring; () if none), found when asked.
        self._round: tuple[tuple[int, ...], ...] | None = None
        # The start position by number of players and state class, as BoardState._start keeps it to copy
        # for later games (a boardkit.kit._Kept: how far it holds, its seed, the position, the generator after it).
        self.starts: dict[tuple[int, type], Any] = {}

    def gapped(self, table: Sequence[Any]) -> bool:
        """Whether ``table`` has a ``None`` entry (a cell without a move),
        found once per table (:meth:`BoardCells.place_moves`).

        Examples:
            >>> tables = BoardTables(SquareGrid(2, 1))
            >>> tables.gapped(["a1", None]), tables.gapped(["a1", "b1"])
            (True, False)
        """
        return self.spots(table) is not None

    def round_steps(self) -> tuple[tuple[int, ...], ...]:
        """The board's steps (:attr:`steps`) with its six directions put in
        an order that goes round every cell, each neighbour of a cell a
        neighbour of the next, for :meth:`BoardCells.closes_ring`, on a board
        without holes (each of its pieces a disc: cells minus edges plus
        triangles is the number of pieces). A :class:`~boardkit.topology.HexGrid`
        of any shape without holes is such a board, and so is any board of
        hexes whose six directions are named in another order.

        Raises:
            TopologyError: on another board (a square grid, a hex board with
                a hole in it).

        Examples:
            >>> from boardkit.topology import HexGrid
            >>> len(BoardTables(HexGrid.hexagon(1)).round_steps())
            7
            >>> BoardTables(SquareGrid(3, 3)).round_steps()
            Traceback (most recent call last):
            ...
            boardkit.topology._base.TopologyError: a ring needs a board of hexes without holes (a HexGrid)
        """
        if self._round is None:
            self._round = _round_order(self.steps, self.near)
        if not self._round:
            raise TopologyError("a ring needs a board of hexes without holes (a HexGrid)")
        return self._round

    def spots(self, table: Sequence[Any]) -> list[int] | None:
        """The indices of ``table``'s entries that are not ``None``, or
        ``None`` when it has no gap, found once per table
        (:meth:`BoardCells.place_moves` reads only these cells of a table
        with few moves, such as Connect Four's drops on the top row).

        Examples:
            >>> tables = BoardTables(SquareGrid(3, 1))
            >>> tables.spots(["a1", None, "c1"]), tables.spots(["a1", "b1", "c1"])
            ([0, 2], None)
        """
        known = self._spotted  # the table asked last: a game asks of one table every move
        if known is None or known[0] is not table:
            known = self._gaps.get(id(table))
            if known is None or known[0] is not table:
                spots = [i for i, move in enumerate(table) if move is not None]
                known = (table, _kept(self._gaps, table, None if len(spots) == len(table) else spots))
            self._spotted = known
        return known[1]

    def cell_bits(self, board: CompiledTopology) -> CellBits:
        """The board's cells as bits (:class:`CellBits`), made once.

        Examples:
            >>> board = SquareGrid(3, 3)
            >>> tables = BoardTables(board)
            >>> tables.cell_bits(board.compiled) is tables.cell_bits(board.compiled)
            True
        """
        if not self._bits:
            self._bits.append(_recalled(_BOARD_BITS, board, CellBits))  # made once per board, for every game on it
        return self._bits[0]

    def cell_words(self, board: CompiledTopology) -> CellWords:
        """The board's cells as the bits of two machine words (:class:`CellWords`), made once.

        Examples:
            >>> board = SquareGrid(9, 9)
            >>> tables = BoardTables(board)
            >>> words = tables.cell_words(board.compiled)
            >>> words is tables.cell_words(board.compiled), words.usable
            (True, True)
        """
        if not self._words:  # made once per board, for every game on it
            self._words.append(_recalled(_BOARD_WORDS, board, lambda _: CellWords(self.cell_bits(board))))
        return self._words[0]

    def walls(self, table: Sequence[tuple[Sequence[int], Sequence[int], Any]]) -> WallTable:
        """``table``, a table of walls as :meth:`BoardCells.wall_moves` reads
        it, read once (by the table's id, as :meth:`gapped`): its walls by the
        edges and the crossing points they take.

        Examples:
            >>> tables = BoardTables(SquareGrid(3, 3))
            >>> walls = tables.walls([((0, 1), (0,), "x"), ((1, 2), (), "y")])
            >>> walls.moves, walls.by_edge[1], walls.by_point
            (['x', 'y'], [0, 1], {0: [0]})
        """
        return _recalled(self._walls, table, WallTable)

    def wall_ends(self, ends: Sequence[tuple[int, int]], rim: int) -> tuple[list[int], list[int]]:
        """The board's :attr:`~boardkit.topology.CompiledTopology.wall_ends`
        (``ends``) as two lists of ints, each edge's first end and its
        second, an end at the rim (-1) read as ``rim``: made once.

        Examples:
            >>> tables = BoardTables(SquareGrid(2, 2))
            >>> tables.wall_ends([(-1, 0), (0, 3)], 9)
            ([9, 0], [0, 3])
        """
        if not self._ends:
            self._ends.append([rim if a < 0 else a for a, _ in ends])
            self._ends.append([rim if b < 0 else b for _, b in ends])
        return self._ends[0], self._ends[1]

    def hops(self, table: Sequence[Sequence[tuple[int, Any, int, Any]]]) -> HopTable:
        """``table``, a table of steps and hops as :meth:`BoardCells.hop_moves`
        reads it, read once (by the table's id, as :meth:`gapped`) into flat
        columns (:class:`HopTable`).

        Examples:
            >>> tables = BoardTables(SquareGrid(3, 1))
            >>> hops = tables.hops([[(1, "a-b", 2, "a^c")], [], []])
            >>> hops is tables.hops(hops.table), hops.starts, hops.hops
            (True, [0, 1, 1, 1], ['a^c'])
        """
        return _recalled(self._hops, table, HopTable)


#: Each board's CellBits and CellWords, by its compiled tables' id (kept with them): made once per board,
#: not once per game (a program that makes a game for each playout would otherwise make them each time).
_BOARD_BITS: dict[int, tuple[CompiledTopology, CellBits]] = {}
_BOARD_WORDS: dict[int, tuple[CompiledTopology, CellWords]] = {}

_K = TypeVar("_K")
_V = TypeVar("_V")
#: The collections of cells a game usually passes, told by their type alone.
_PLAIN_COLLECTIONS: Final = (frozenset, set, list, tuple, range)


def _kept(known: dict[int, tuple[_K, _V]], key: _K, value: _V) -> _V:
    """Keep ``value``, read once from ``key`` (a table or a board), in ``known`` by the key's id, the key
    beside it so that its id is never another's; a program that makes its tables anew each time would
    fill ``known`` without end, so past 64 entries the old ones are forgotten. The readers look up first
    (:func:`_recalled`)."""
    if len(known) >= 64:
        known.clear()
    known[id(key)] = (key, value)
    return value


def _recalled(known: dict[int, tuple[_K, _V]], key: _K, make: Callable[[_K], _V]) -> _V:
    """What ``known`` keeps for ``key`` (by its id, :func:`_kept`), or ``make(key)``, kept there."""
    found = known.get(id(key))
    if found is not None and found[0] is key:
        return found[1]
    return _kept(known, key, make(key))


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class HopTable:
    """A table of steps and hops (:meth:`BoardCells.hop_moves`) read once
    into flat columns: cell ``i``'s routes are rows ``starts[i]`` to
    ``starts[i + 1] - 1``, each the cell stepped to or hopped over
    (``over``), the cell a hop lands on (``to``, -1: none) and the two
    moves. The compiled loop reads these lists of ints instead of unpacking
    a tuple per route (about twice as quick).

    Examples:
        >>> hops = HopTable([[(1, "a-b", 2, "a^c"), (3, "a-d", -1, None)], []])
        >>> hops.starts, hops.over, hops.to, hops.steps
        ([0, 2, 2], [1, 3], [2, -1], ['a-b', 'a-d'])
    """

    def __init__(self, table: Sequence[Sequence[tuple[int, Any, int, Any]]]) -> None:
        self.table = table
        self.starts: list[int] = [0]
        self.over: list[int] = []
        self.to: list[int] = []
        self.steps: list[Any] = []
        self.hops: list[Any] = []
        for routes in table:
            for j, step, k, hop in routes:
                self.over.append(j)
                self.to.append(k)
                self.steps.append(step)
                self.hops.append(hop)
            self.starts.append(len(self.over))


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class WallTable:
    """A table of walls (:meth:`BoardCells.wall_moves`) read once: each
    wall's move and edges, and the walls by each edge and each crossing
    point they take, so that the walls a mark rules out are found from the
    marks.

    Examples:
        >>> walls = WallTable([((0, 1), (0,), "x"), ((1, 2), (), "y")])
        >>> walls.edges, walls.by_edge
        ([(0, 1), (1, 2)], {0: [0], 1: [0, 1], 2: [1]})
    """

    def __init__(self, table: Sequence[tuple[Sequence[int], Sequence[int], Any]]) -> None:
        self.moves: list[Any] = []
        self.edges: list[Sequence[int]] = []
        self.by_edge: dict[int, list[int]] = {}
        self.by_point: dict[int, list[int]] = {}
        #: Whether every wall is two edges long.
        self.pairs = True
        self._corners: list[list[int]] = []
        self._masks: list[list[int]] = []
        self._rings: list[list[int]] = []
        for i, (edges, crossings, move) in enumerate(table):
            self.moves.append(move)
            self.edges.append(edges)
            self.pairs = self.pairs and len(edges) == 2
            for k in edges:
                self.by_edge.setdefault(k, []).append(i)
            for x in crossings:
                self.by_point.setdefault(x, []).append(i)

    def corners(self, ends: Sequence[tuple[int, int]]) -> list[list[int]]:
        """For walls two edges long (:attr:`pairs`), four columns: each
        wall's first edge's two ends and its second edge's two ends, as
        ``ends`` gives them (:attr:`~boardkit.topology.CompiledTopology.wall_ends`
        of the board the table was made for), found once.

        Examples:
            >>> walls = WallTable([((0, 1), (0,), "x")])
            >>> walls.corners([(-1, 0), (0, 3)])
            [[-1], [0], [0], [3]]
        """
        if not self._corners:
            self._corners = [[ends[edges[side]][end] for edges in self.edges] for side in (0, 1) for end in (0, 1)]
        return self._corners

    def masks(self, edges: int, points: int) -> list[list[int]]:
        """The walls as the bits of an int (wall ``i`` as ``1 << i``) by each of ``edges`` edge numbers and,
        then, by each of ``points`` crossing points: the walls each takes, found once.

        Examples:
            >>> WallTable([((0, 1), (0,), "x"), ((1, 2), (), "y")]).masks(3, 1)
            [[1, 3, 2], [1]]
        """
        if not self._masks:
            made = []
            for size, walls in ((edges, self.by_edge), (points, self.by_point)):
                masks = [0] * size
                for k, taken in walls.items():
                    for i in taken:
                        masks[k] |= 1 << i
                made.append(masks)
            self._masks = made  # kept whole or not at all: a table that fails here fails again the same way
        return self._masks

    def ring_bits(self, ends: Sequence[tuple[int, int]], rim: int) -> list[list[int]]:
        """For walls two edges long (:attr:`pairs`), each crossing point's walls as the bits of one int,
        by each of the four :meth:`corners` columns (wall ``i`` at column ``c`` as ``1 << (i + c * n)``,
        ``n`` walls; the rim, ``-1`` in ``ends``, read as point ``rim``), and the pairs of columns that
        name one point (as :meth:`BoardCells.wall_moves` pairs them: the bits of ``w & w >> c * n``, for
        ``c`` 1 to 3, over every point's ``w``), found once.

        Examples:
            One wall from the rim (point 4 here) by point 0 to point 3: its ends a, b, c, d are
            points 4, 0, 0 and 3, so b and c name one point (the bit of ``w & w >> n`` that pairs them):

            >>> WallTable([((0, 1), (0,), "x")]).ring_bits([(-1, 0), (0, 3)], 4)
            [[6, 0, 0, 8, 1], [2, 0, 0]]
        """
        if not self._rings:
            n = len(self.moves)
            spread = [0] * (rim + 1)
            for c, column in enumerate(self.corners(ends)):
                for i, x in enumerate(column):
                    spread[rim if x < 0 else x] |= 1 << (i + c * n)
            same = [0, 0, 0]
            for w in spread:
                for c in range(3):
                    same[c] |= w & w >> (c + 1) * n
            self._rings = [spread, same]
        return self._rings


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class CellBits:
    """A board's cells as the bits of one int (cell ``i`` as ``1 << i``), for
    searches that go a whole layer at a time: on a board whose every direction
    is one shift of the cell index (a square grid's, a hex rhombus'), a step of
    every cell of a set that way is ``(cells & open) << shift``, so that a
    breadth-first search past walls costs a few integer operations a layer.
    The pure build's :meth:`BoardCells.wall_moves` searches so; ``usable`` is
    ``False`` on a board whose steps are not shifts (the plain search is used).
    The compiled build, where big ints are slow, searches on two machine words
    instead (:class:`CellWords`).

    Examples:
        >>> bits = CellBits(SquareGrid(3, 3, origin="top").compiled)
        >>> bits.usable, bits.reaches(bits.opens([]), 1 << 6, 0b111, ())
        (True, True)
    """

    def __init__(self, board: CompiledTopology) -> None:
        self.steps = board.steps
        self.step_edges = board.step_edges
        #: Each direction's shift (left when positive) and the cells with a step that way.
        self.shifts: list[int] = []
        self.masks: list[int] = []
        #: Each edge's two (direction, cell bit) steps across it, by edge number.
        self.edge_bits: list[tuple[int, int, int, int]] = []
        #: For each direction, by edge number, the cell that steps that way across the edge (as a bit, or 0).
        self.crossers: list[list[int]] = []
        self._goals: dict[int, tuple[Container[int], int]] = {}
        self.usable = bool(board.steps) and bool(board.step_edges)
        if not self.usable:
            return
        size = len(board.steps)
        found: dict[int, list[int]] = {}
        for d in range(len(board.steps[0])):
            shift, mask = 0, 0
            for i in range(size):
                j = board.steps[i][d]
                if j < 0:
                    continue
                if (mask and j - i != shift) or j == i:
                    self.usable = False
                    return
                shift = j - i
                mask |= 1 << i
                k = board.step_edges[i][d]
                if k >= 0:
                    found.setdefault(k, []).extend((d, 1 << i))
            self.shifts.append(shift)
            self.masks.append(mask)
        # Every neighbour must be a step, for the search to see every way, and every edge stepped across both ways.
        stepped = all(sorted(board.neighbors[i]) == sorted(j for j in board.steps[i] if j >= 0) for i in range(size))
        if not stepped or any(len(steps) != 4 for steps in found.values()):
            self.usable = False
            return
        self.edge_bits = [(-1, 0, -1, 0)] * (max(found) + 1 if found else 0)
        self.crossers = [[0] * len(self.edge_bits) for _ in self.shifts]
        for k, (da, a, db, b) in found.items():
            self.edge_bits[k] = (da, a, db, b)
            self.crossers[da][k] = a
            self.crossers[db][k] = b

    def goal_bits(self, goals: Container[int]) -> int:
        """``goals`` (cell indices) as bits, found once per set (by its id, kept with it)."""
        known = self._goals.get(id(goals))
        if known is not None and known[0] is goals:
            return known[1]
        bits = 0
        for i in range(len(self.steps)):
            if i in goals:
                bits |= 1 << i
        return _kept(self._goals, goals, bits)

    def opens(self, marked: Sequence[int]) -> list[int]:
        """For each direction, the cells that may step that way across none of the edges numbered in ``marked``."""
        return [
            mask & ~reduce(or_, map(crossers.__getitem__, marked), 0)
            for mask, crossers in zip(self.masks, self.crossers)  # noqa: B905  (plain zip: one loop when compiled)
        ]

    def reaches(self, opens: Sequence[int], start: int, goals: int, closing: Sequence[int]) -> bool:
        """Whether the cells ``start`` (bits) reach a cell of ``goals`` (bits) stepping as ``opens``
        lets them (:meth:`opens`), never across the edges numbered in ``closing``."""
        if start & goals:
            return True
        masks = list(opens)
        for k in closing:
            da, a, db, b = self.edge_bits[k]
            masks[da] &= ~a
            masks[db] &= ~b
        steps = list(zip(self.shifts, masks))  # noqa: B905  (plain zip: one loop when compiled)
        seen = front = start
        while front:
            new = 0
            for shift, mask in steps:
                new |= (front & mask) << shift if shift > 0 else (front & mask) >> -shift
            front = new & ~seen
            if front & goals:
                return True
            seen |= front
        return False

    def way_edges(self, opens: Sequence[int], start: int, goals: int) -> list[int] | None:
        """The edges along one shortest way from cell ``start`` (an index) to ``goals`` (bits), stepping as
        ``opens`` lets them (:meth:`opens`): ``[]`` when ``start`` is a goal, ``None`` when there is no way."""
        front = seen = 1 << start
        layers: list[int] = []
        steps = list(zip(self.shifts, opens))  # noqa: B905  (plain zip: one loop when compiled)
        while not front & goals:
            if not front:
                return None
            layers.append(front)
            new = 0
            for shift, mask in steps:
                new |= (front & mask) << shift if shift > 0 else (front & mask) >> -shift
            front = new & ~seen
            seen |= front
        at = (front & goals & -(front & goals)).bit_length() - 1
        edges: list[int] = []
        for layer in reversed(layers):  # back a layer at a time, to a cell that steps to ``at``
            row = self.steps[at]
            for d in range(len(row)):
                j = row[d]
                if j >= 0 and layer >> j & 1:
                    back = self.step_edges[at][d]
                    da, a, db, b = self.edge_bits[back]
                    if opens[da] & a if a == 1 << j else opens[db] & b:
                        edges.append(back)
                        at = j
                        break
        return edges


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class CellWords:
    """A board's cells as the bits of two 64-bit machine words, for the
    compiled build's searches past walls: what :class:`CellBits` does with
    one Python int (big ints are slow in compiled code), on a board of four
    directions each one shift of the cell index (a square grid's) and at
    most ``2 * width`` cells, ``width`` bits a word (63 less the longest
    shift, so that no shift leaves a word: 54 bits on a board 9 wide).
    Cell ``i`` is bit ``i % width`` of word ``i // width``; ``usable`` is
    ``False`` on any other board (the plain search is used).

    Examples:
        >>> words = CellWords(CellBits(SquareGrid(9, 9, origin="top").compiled))
        >>> opens = words.opens([])
        >>> words.usable, words.width, words.reaches(opens, 76, 0b111111111, 0, ())
        (True, 54, True)
    """

    def __init__(self, bits: CellBits) -> None:
        size = len(bits.steps)
        shifts = bits.shifts
        longest = max([abs(shift) for shift in shifts] or [0])
        width = 63 - longest
        self.usable = bits.usable and len(shifts) == 4 and 0 < longest < width and size <= 2 * width
        if not self.usable:
            width = 1
            shifts = [0, 0, 0, 0]
        # Every mask is made as a whole number first (mypyc shifts a constant 1 as a 32-bit C int).
        self.width: i64 = width
        self.full: i64 = (1 << width) - 1
        self.shifts: list[i64] = list(shifts)
        #: For each direction, the bits a shift right (a negative shift) carries from word 1 into word 0.
        self.carries: list[i64] = [(1 << -shift) - 1 if shift < 0 else 0 for shift in shifts]
        #: For each direction, the cells with a step that way: word 0, then word 1.
        self.masks: list[i64] = []
        for mask in bits.masks if self.usable else ():
            self.masks += [mask & (1 << width) - 1, mask >> width]
        #: Each edge's two steps across it, by edge number: the step's direction, times two, plus its cell's
        #: word, then the cell's bit in that word (0: no such edge).
        self.edge_bits: list[tuple[i64, i64, i64, i64]] = []
        for da, a, db, b in bits.edge_bits if self.usable else ():
            i, j = a.bit_length() - 1, b.bit_length() - 1
            self.edge_bits.append((2 * da + i // width, 1 << i % width, 2 * db + j // width, 1 << j % width))

    def goals(self, goals: int) -> tuple[i64, i64]:
        """``goals``, the bits of cells (:meth:`CellBits.goal_bits`), as two words."""
        return goals & (1 << int(self.width)) - 1, goals >> int(self.width)

    def opens(self, marked: Sequence[int]) -> list[i64]:
        """For each direction, the cells that may step that way across none of the edges numbered in
        ``marked``: word 0, then word 1 (as :meth:`CellBits.opens`)."""
        masks = list(self.masks)
        for k in marked:
            da, a, db, b = self.edge_bits[k]
            masks[da] &= ~a
            masks[db] &= ~b
        return masks

    def reaches(self, opens: list[i64], start: i64, goals0: i64, goals1: i64, closing: Sequence[int]) -> bool:
        """Whether the cell of index ``start`` reaches a cell of the goals (two words, :meth:`goals`)
        stepping as ``opens`` lets it (:meth:`opens`), never across the edges numbered in ``closing``:
        a breadth-first search a layer at a time, each layer a few operations on machine words."""
        width = self.width
        m0, m1, m2, m3, m4, m5, m6, m7 = opens[0], opens[1], opens[2], opens[3], opens[4], opens[5], opens[6], opens[7]
        for k in closing:
            da, a, db, b = self.edge_bits[k]
            for side in range(2):
                at = da if side == 0 else db
                bit = ~(a if side == 0 else b)
                if at < 4:
                    if at == 0:
                        m0 &= bit
                    elif at == 1:
                        m1 &= bit
                    elif at == 2:
                        m2 &= bit
                    else:
                        m3 &= bit
                elif at == 4:
                    m4 &= bit
                elif at == 5:
                    m5 &= bit
                elif at == 6:
                    m6 &= bit
                else:
                    m7 &= bit
        seen0: i64 = 0
        seen1: i64 = 0
        if start < width:
            seen0 = 1
            seen0 <<= start
        else:
            seen1 = 1
            seen1 <<= start - width
        if seen0 & goals0 or seen1 & goals1:
            return True
        front0, front1 = seen0, seen1
        while front0 or front1:
            new0, new1 = self._step(0, front0 & m0, front1 & m1)
            x0, x1 = self._step(1, front0 & m2, front1 & m3)
            new0 |= x0
            new1 |= x1
            x0, x1 = self._step(2, front0 & m4, front1 & m5)
            new0 |= x0
            new1 |= x1
            x0, x1 = self._step(3, front0 & m6, front1 & m7)
            front0 = (new0 | x0) & ~seen0
            front1 = (new1 | x1) & ~seen1
            if front0 & goals0 or front1 & goals1:
                return True
            seen0 |= front0
            seen1 |= front1
        return False

    def _step(self, d: i64, word0: i64, word1: i64) -> tuple[i64, i64]:
        """The cells ``word0``, ``word1`` (two words) each moved one step in direction ``d``."""
        shift = self.shifts[d]
        width = self.width
        if shift > 0:
            full = self.full
            return word0 << shift & full, (word1 << shift | word0 >> width - shift) & full
        shift = -shift
        return word0 >> shift | (word1 & self.carries[d]) << width - shift, word1 >> shift


class _Forward:
    """An answer kept for the position after ``read`` entries of the log
    ``anchor`` (a move's log: :meth:`BoardCells._anchor`; ``None``: the
    start) and brought forward from the cells the moves since changed, as
    :meth:`BoardCells._brought_forward` reads their logs: the chains of
    :meth:`~BoardCells.chain_marks`, the moves of
    :meth:`~BoardCells.place_moves` on a long table. A position set up by
    hand, a copy or a move taken back past the anchor finds it anew."""

    def __init__(self) -> None:
        self.anchor: list[tuple[int, Any, Any]] | None = None
        self.read = 0

    def bring(self, logged: list[tuple[int, Any, Any]], first: int, cells: list[Any]) -> bool:
        """Bring the answer forward over the cells changed in ``logged[first:]`` (a move's log), as
        they stand in ``cells`` now: ``False`` when it cannot be, to be found anew."""
        raise NotImplementedError


class _Placed(_Forward):
    """The moves :meth:`BoardCells.place_moves` finds on a long ``table``
    (one entry per cell), and their cells' indices, in board order: an
    entry that is not ``None`` on every empty cell. Brought forward at the
    cells a move changed, each put in or taken out of the sorted indices:
    a game of 121 cells changes one a move."""

    def __init__(self, table: Sequence[Any], cells: list[Any]) -> None:
        super().__init__()
        self.table = table
        self.where: list[int] = []
        self.moves: list[Any] = []
        if NATIVE and type(table) is list:  # compiled, a list read by index in C, in one pass
            entries: list[Any] = table
            for i in range(len(cells)):
                if cells[i] is None:
                    entry = entries[i]
                    if entry is not None:
                        self.where.append(i)
                        self.moves.append(entry)
            return
        self.where = [i for i in range(len(cells)) if cells[i] is None and table[i] is not None]
        self.moves = [table[i] for i in self.where]

    def bring(self, logged: list[tuple[int, Any, Any]], first: int, cells: list[Any]) -> bool:
        table, where, moves = self.table, self.where, self.moves
        for k in range(first, len(logged)):
            what, i, _ = logged[k]
            if what != _CELL:
                continue
            at = _sorted_at(where, i) if NATIVE else bisect_left(where, i)
            listed = at < len(where) and where[at] == i
            if listed != (cells[i] is None and table[i] is not None):
                if listed:
                    del where[at], moves[at]
                else:
                    where.insert(at, i)
                    moves.insert(at, table[i])
        return True


class _Chains(_Forward):
    """The chains of a position for :meth:`BoardCells.chain_marks`: a union-find
    over the cells, each chain's root holding the bitwise or of its cells'
    marks, kept for the position after ``read`` entries of the log ``anchor``
    (a move's log: :meth:`BoardCells._anchor`) and brought forward from the
    cells the moves since changed. Only stones added to empty cells are
    brought forward: a stone taken or changed, a move taken back past the
    anchor or a position set up by hand builds them anew."""

    def __init__(
        self,
        marks: list[int],
        cells: list[Any],
        near: tuple[tuple[int, ...], ...],
        ends: tuple[tuple[int, int], ...] | None = None,
    ) -> None:
        super().__init__()
        self.marks = marks
        self.near = near
        # Given the ends of every edge, the chains are of cells joined by marked edges (linked_marks): what
        # is held is then the edges' marks, and every cell is in a chain, alone where no marked edge meets it.
        self.ends = ends
        self.held: list[Any] = list(cells)
        self.parent: list[int] = list(range(len(near)))
        self.bits: list[int] = list(marks) if ends is not None else [0] * len(near)
        if ends is not None:
            for k, mark in enumerate(cells):
                if mark is not None:
                    self.join(ends[k][0], ends[k][1])
            return
        for i, piece in enumerate(cells):
            if piece is not None:
                self.bits[i] = marks[i]
                for j in near[i]:
                    there = cells[j]
                    if j < i and there is not None and _same(there, piece):
                        self.join(i, j)

    def join(self, i: int, j: int) -> None:
        """Make the chains of cells ``i`` and ``j`` one."""
        a = _root(self.parent, i)
        b = _root(self.parent, j)
        if a != b:
            self.parent[b] = a
            self.bits[a] |= self.bits[b]

    def bring(self, logged: list[tuple[int, Any, Any]], first: int, cells: list[Any]) -> bool:
        """Bring the chains forward over the cells changed in ``logged[first:]`` (a move's log),
        as they stand in ``cells`` now: ``False`` when one held a stone that is gone or changed."""
        held, near = self.held, self.near
        ends = self.ends
        for k in range(first, len(logged)):
            what, i, _ = logged[k]
            if ends is not None:  # the chains of marked edges: the edges a move marked join their ends
                if what == _EDGE and cells[i] != held[i]:
                    if held[i] is not None:
                        return False
                    held[i] = cells[i]
                    self.join(ends[i][0], ends[i][1])
                continue
            if what != _CELL:
                continue
            piece = cells[i]
            was = held[i]
            if was is piece or (was is not None and _same(was, piece)):  # mostly None or the very object
                continue
            if was is not None:
                return False
            held[i] = piece
            parent = self.parent
            parent[i] = i
            mark = self.marks[i]
            for j in near[i]:  # the new stone becomes the root of the chains it joins
                there = held[j]
                if there is not None and _same(there, piece):  # as __init__ joins them (a piece may not equal itself)
                    root = _root(parent, j)
                    if root != i:
                        parent[root] = i
                        mark |= self.bits[root]
            self.bits[i] = mark
        return True


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class BoardCells(Generic[P]):
    """The position of a :class:`~boardkit.kit.BoardState` and the methods
    that read and change it: its first base, where the kit's hot work is
    done (a native class on the compiled build, which the game's state
    class, written in Python, subclasses). Read the position with
    ``state[cell]`` (a cell or its name), :meth:`counter`, :meth:`empty` and
    :meth:`cells_of`; change it only with :meth:`put`, :meth:`set`,
    :meth:`next_turn` and :meth:`set_turn`: each change is logged while a
    move is played, so undo puts it back exactly.
    """

    #: The board the game is played on.
    board: Topology
    #: How many players take part.
    players: int
    # The base State's generator and move stack (State.apply and undo keep them), declared here so that
    # a native instance holds them in its slots.
    rng: Random
    _moves: list[Any]
    _tokens: list[Any]
    _draws: list[tuple[int, int]]
    # The rest of the base State's fields, declared here too: an instance that keeps no field in a
    # __dict__ lets Python 3.11 and later specialise ``self.method`` look-ups in the game's own
    # (interpreted) rules, which it refuses for an instance whose __dict__ exists.
    game: Any
    seed: int
    _setup: Any
    _determinized: bool

    def __init__(
        self,
        board: Topology,
        tables: BoardTables,
        counters: dict[str, Hashable],
        first_part: str | None,
        edges: bool,
        walls: bool = False,
    ) -> None:
        self.board = board
        self._tables = tables
        self._where: dict[Any, int] = tables.where
        self._cells: list[P | None] = [None] * len(board.cells)
        # The mark on every edge, by Topology.edges order, for a game that plays on edges or keeps walls,
        # and on every crossing point, by Topology.crossings order, for a game that keeps walls.
        self._lines: list[P | None] | None = [None] * len(board.edges) if edges or walls else None
        self._points: list[P | None] | None = [None] * len(board.crossings) if walls else None
        # The legal moves of the position numbered _version, computed once for legal_moves and check.
        self._version = 0
        self._legal: tuple[int, list[Any]] = (-1, [])
        #: Whether the game writes its own check (else the kit's is called without looking it up).
        self._own_check = type(self).check is not BoardCells.check
        # While a move is played: the length of its log when the legal moves were listed (-1: not asked),
        # so that moves asked for during a move are listed again after any later change (each is logged).
        self._asked_at = -1
        self._counters = counters
        self._first_part = first_part
        if first_part is not None:
            counters[PART] = first_part
        self._turn: Player = 0
        self._result: Outcome | None = None
        # The positions seen (remember), each with how many times; the move being played, then the last one.
        self._positions_seen: dict[Hashable, int] = {}
        self._last_move: Any = None
        # While a move is played: what it overwrote, as (what, where, old value), for undo.
        # Plain data, not bound methods, so that a copy's undo changes the copy.
        self._log: list[tuple[int, Any, Any]] | None = None
        # The chains chain_marks keeps (built when first asked, brought forward from the moves' logs), and the
        # chains of cells joined by marked edges that linked_marks keeps, the same way.
        self._chains: _Chains | None = None
        self._links: _Chains | None = None
        # The last answers of place_moves on long tables (_placed_now), brought forward the same way
        # (None until a long table is asked: a game of few moves makes none).
        self._placed: list[_Placed] | None = None

    def _game_name(self) -> str:
        return str(getattr(getattr(self, "game", None), "name", None) or type(self).__name__)

    def _copy_cells_into(self, twin: BoardCells[P]) -> None:
        """Copy the position onto ``twin`` (for ``copy``): a fresh legal-move cache, no log."""
        twin.board = self.board
        twin._tables = self._tables
        twin._where = self._where
        twin._first_part = self._first_part
        twin._version = self._version  # the numbering goes on: the logs the twin shares name versions of it
        twin._legal = (-1, [])
        twin._own_check = self._own_check
        twin._asked_at = -1
        twin._cells = list(self._cells)
        twin._lines = None if self._lines is None else list(self._lines)
        twin._points = None if self._points is None else list(self._points)
        twin._counters = dict(self._counters)
        twin._turn = self._turn
        twin._result = self._result
        twin._positions_seen = dict(self._positions_seen)
        twin._last_move = self._last_move
        twin._log = None
        twin._chains = None  # built anew when the twin asks: brought forward by one state only
        twin._links = None
        twin._placed = None

    def _start_position(self) -> tuple[Any, ...]:
        """The position just set up and judged (copies of what later moves change in place), for
        :meth:`_restart` to start the game's later states from: the cells, the edge and crossing
        marks, the counters, the turn, the outcome, the positions seen and the legal moves found
        (a list the kit never changes in place, so shared)."""
        lines = None if self._lines is None else list(self._lines)
        points = None if self._points is None else list(self._points)
        counters = dict(self._counters)
        seen = dict(self._positions_seen)
        return (list(self._cells), lines, points, counters, self._turn, self._result, seen, self._version, self._legal)

    def _restart(self, start: tuple[Any, ...]) -> None:
        """Take the start position :meth:`_start_position` kept, as the set-up and the judge left it."""
        cells, lines, points, counters, turn, result, seen, version, legal = start
        self._cells = list(cells)
        self._lines = None if lines is None else list(lines)
        self._points = None if points is None else list(points)
        self._counters = dict(counters)
        self._turn = turn
        self._result = result
        self._positions_seen = dict(seen)
        self._version = version
        self._legal = legal
        self._asked_at = -1
        self._chains = None
        self._links = None
        self._placed = None

    def moves(self) -> list[Any]:
        """Every legal move while the game goes on, in a deterministic order
        (:meth:`legal_moves` gives none once the game is over)."""
        raise NotImplementedError(f"{type(self).__name__} does not define moves(), where a kit game lists its moves")

    def legal_moves(self) -> list[Any]:
        if self._result is None and self._log is None:  # the cache read, or filled, here: one call less
            version, moves = self._legal
            if version != self._version:
                moves = self.moves()
                self._legal = (self._version, moves)
            return list(moves)
        return list(BoardCells._listed(self))

    def play(self, move: Any) -> None:
        """Carry out a legal move (it has been checked): change the board with
        :meth:`put` and :meth:`set`, and pass the turn with :meth:`next_turn`."""
        raise NotImplementedError(f"{type(self).__name__} does not define play(move), where a kit game plays a move")

    def judge(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on; asked after the
        set-up and after every move. It may ask :meth:`legal_moves` (none
        left: a draw, say); the moves it finds are kept for the next player."""
        return None

    def no_move_loses(self, reason: str = "no legal move") -> Outcome | None:
        """For :meth:`judge`: the player to move loses when they have no
        legal move (every other player wins), else ``None``; the rule of
        draughts, Breakthrough and Amazons. It asks :meth:`legal_moves`,
        which the kit keeps for the player's turn.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.no_move_loses() is None
            True
        """
        if BoardCells._listed(self):
            return None
        return Outcome(frozenset(p for p in range(self.players) if p != self._turn), reason=reason)

    def check(self, move: Any) -> str | None:
        """Why ``move`` is illegal now, or ``None``. By default a move is legal
        when it is among :meth:`legal_moves`; override it for a faster test.

        :meth:`apply` hands it whatever it was given. An error it raises for
        a value that is not a move of the game (one its notation does not
        read back, such as ``Place(5)`` or a cell off the board) refuses the
        value with an :class:`~boardkit.IllegalMoveError`; an error it raises
        for a move of the game, legal or not, is a bug in the rules and
        propagates as itself."""
        return BoardCells._among_legal(self, move)

    def place_moves(
        self, table: Sequence[Any], *, beside: P | None = None, among: Iterable[int] | None = None
    ) -> list[Any]:
        """The moves ``table[i]`` of every empty cell ``i``, in board order,
        skipping cells whose entry is ``None``: a placement game's legal
        moves from the moves it made once (tic-tac-toe's marks, Connect
        Four's drops on the top row's empty cells). With ``beside``, only
        the empty cells next to one holding that piece (the board's
        :attr:`~boardkit.topology.CompiledTopology.neighbors`): a game whose
        pieces grow a group one cell at a time. With ``among`` (cell
        indices), only those cells, in that order: the small board a player
        is sent to in Ultimate tic-tac-toe (and no move: that part of the
        board is full). The answer for a table of 64 cells or more is the
        last one for that table, updated at the cells the moves since
        changed; on the compiled build the other loops run in C. The kit
        may read a table's entries once and keep them: a game whose moves
        change passes another table rather than changing this one's
        entries.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("a1"); state.apply("c1")
            >>> state.place_moves(["x", "y", "z", None, None, None, None, None, None])
            ['y']
            >>> names = [state.name(cell) for cell in state.board.cells]
            >>> state.place_moves(names, beside="X")  # the empty cells next to X's a1
            ['b1', 'a2']
            >>> state.place_moves(names, among=[2, 1, 0])  # the top row, right to left
            ['b1']
        """
        cells = self._cells
        if among is not None:
            if beside is None:
                return [table[i] for i in among if cells[i] is None and table[i] is not None]
            near = self.board.compiled.neighbors
            return [
                table[i]
                for i in among
                if cells[i] is None and table[i] is not None and any(cells[j] == beside for j in near[i])
            ]
        if beside is None:
            if len(table) >= _LONG and len(table) == len(cells):
                return BoardCells._placed_now(self, table)
            if NATIVE:  # compiled, this loop is C already: quicker than the calls below
                if type(table) is list:  # read by index in C (a Sequence is read through Python's protocols)
                    entries: list[Any] = table
                    picked: list[Any] = []
                    spots = self._tables.spots(table)
                    if spots is not None and 3 * len(spots) <= len(table):  # few moves (Connect Four's drops)
                        size = len(cells)
                        for i in spots:
                            if i < size and cells[i] is None:
                                picked.append(entries[i])
                        return picked
                    for i in range(min(len(entries), len(cells))):
                        if cells[i] is None:
                            entry = entries[i]
                            if entry is not None:
                                picked.append(entry)
                    return picked
                # Plain zip (one entry per cell): mypyc compiles it to one loop, as it does not zip(strict=True).
                return [move for move, here in zip(table, cells) if here is None and move is not None]  # noqa: B905
            spots = self._tables.spots(table)
            if spots is not None and 3 * len(spots) <= len(table):  # few moves (Connect Four's): only their cells
                return [table[i] for i in spots if cells[i] is None]
            # The moves of the empty cells picked in C (itertools), then the table's gaps dropped, if it has any.
            found: list[Any] = list(compress(table, map(is_, cells, repeat(None))))
            if spots is not None:
                return [move for move in found if move is not None]
            return found
        neighbors = self.board.compiled.neighbors
        found = []
        for i, here in enumerate(cells):
            if here is None and table[i] is not None:
                for j in neighbors[i]:
                    if cells[j] == beside:
                        found.append(table[i])
                        break
        return found

    @staticmethod
    def _placed_now(state: BoardCells[Any], table: Sequence[Any]) -> list[Any]:
        """:meth:`place_moves` on a long table (one entry per cell): the last answer for that table
        brought forward (:class:`_Placed`; the state keeps those of its last two tables, as a game
        whose players place from tables of their own asks), or found anew."""
        kept = state._placed
        if kept is None:
            kept = state._placed = []
        placed = kept[0] if kept and kept[0].table is table else None
        if placed is None and len(kept) > 1 and kept[1].table is table:
            placed = kept.pop()
            kept.insert(0, placed)
        if placed is None or not BoardCells._brought_forward(state, placed, state._cells):
            placed = _Placed(table, state._cells)
            if kept and kept[0].table is table:
                kept[0] = placed
            else:
                kept.insert(0, placed)
                del kept[2:]
        anchor = BoardCells._anchor(state)
        placed.anchor, placed.read = anchor, 0 if anchor is None else len(anchor)
        return list(placed.moves)

    @staticmethod
    def _anchor(state: BoardCells[Any]) -> list[tuple[int, Any, Any]] | None:
        """Where an answer kept to bring forward (:class:`_Forward`) is found: during a move (its
        log) or after one (the last move's log, or ``None`` at the start; after a move whose record
        is no log, sealed or trimmed to a tuple, :data:`_UNREAD`, which no position meets again:
        ``None`` there would be taken for the start once every move is taken back). Called through
        the class, as :meth:`_listed`."""
        log = state._log
        if log is not None:
            return log
        tokens = state._tokens
        if not tokens:
            return None
        last = tokens[-1]
        return last if type(last) is list else _UNREAD

    @staticmethod
    def _logs_since(state: BoardCells[Any], anchor: list[tuple[int, Any, Any]] | None) -> list[list[Any]] | None:
        """The logs of the moves played since ``anchor`` (a move's log, where :meth:`_anchor` said;
        ``None``: the start), oldest first, the move being played (if any) last; ``None`` when they
        cannot be told: the anchor lies further back than the last four moves, or a sealed undo
        record (a determinized move) lies between. What :meth:`place_moves` and
        :meth:`chain_marks` bring their last answers forward from."""
        log = state._log
        if anchor is not None and log is anchor:
            return []
        logs: list[list[Any]] = [] if log is None else [log]
        tokens = state._tokens
        k = len(tokens)
        stop = max(0, k - _BACK)
        while k > stop:
            k -= 1
            token = tokens[k]
            if token is anchor:
                break
            if type(token) is not list:  # a sealed undo record (determinize): no log to read
                return None
            logs.append(token)
        else:  # the anchor not met: only the start, with every move since in the logs read
            if anchor is not None or k != 0:
                return None
        logs.reverse()
        return logs

    def held_moves(self, table: Sequence[tuple[int, Any]]) -> list[Any]:
        """The moves of the cells in ``table`` that hold something, in the
        table's order: ``table`` lists ``(i, move)`` pairs, ``move`` being
        legal when cell index ``i`` holds a piece, a stack or a count above
        zero. A sowing game's moves from its own pits that hold seeds, made
        once per player; on the compiled build the loop runs in C.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(4, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> state.put("a1", 3); state.put("b1", 0); state.put("c1", "x")
            >>> state.held_moves([(0, "a"), (1, "b"), (2, "c"), (3, "d")])
            ['a', 'c']
        """
        cells = self._cells
        return [move for i, move in table if cells[i] is not None and cells[i] != 0]

    def filled(self, lines: Sequence[Sequence[int]]) -> P | None:
        """The piece standing on every cell of the first of ``lines`` (each
        a sequence of cell indices) that one piece fills, or ``None``:
        tic-tac-toe's three in a row, a mill (:meth:`all_filled` finds every
        full line). On the compiled build the loop runs in C.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> for cell in ["a1", "c1", "a2", "c2", "a3"]:
            ...     state.apply(cell)
            >>> state.filled([[0, 1, 2], [0, 3, 6]]), state.filled([[0, 1, 2], [0, 4, 8]])
            ('X', None)
        """
        cells = self._cells
        if NATIVE and type(lines) is list:
            try:
                for line in lines:
                    first = _full(cells, line)
                    if first is not None:
                        return cast(P, first)
                return None
            except TypeError:  # a line neither a list nor a tuple: read below, as Python reads it
                pass
        for line in lines:
            first = cells[line[0]]
            if first is not None:
                for i in line:
                    if cells[i] != first:
                        break
                else:
                    return first
        return None

    def all_filled(self, lines: Sequence[Sequence[int]]) -> list[P]:
        """The piece filling each of ``lines`` that one piece fills, one
        entry per full line in the lines' order (empty when none is):
        where :meth:`filled` stops at the first full line, this finds every
        one, for rules that ask who made a line when both may have
        (Pentago's twist that completes five for both players is a draw)
        or how many lines a move made. On the compiled build the loop runs
        in C.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> for cell in ["a1", "b1", "c1"]:
            ...     state.put(cell, "X")
            >>> for cell in ["a3", "b3", "c3"]:
            ...     state.put(cell, "O")
            >>> state.all_filled([[0, 1, 2], [0, 4, 8], [6, 7, 8]])  # both made a line: a draw
            ['X', 'O']
            >>> state.filled([[0, 1, 2], [0, 4, 8], [6, 7, 8]])  # the first full line only
            'X'
        """
        cells = self._cells
        found: list[P] = []
        if NATIVE and type(lines) is list:
            try:
                for line in lines:
                    first = _full(cells, line)
                    if first is not None:
                        found.append(first)
                return found
            except TypeError:  # a line neither a list nor a tuple: read below, as Python reads it
                found = []
        for line in lines:
            first = cells[line[0]]
            if first is not None:
                for i in line:  # a loop, not all() over a generator: a third of the time
                    if cells[i] != first:
                        break
                else:
                    found.append(first)
        return found

    def line_counts(self) -> list[int]:
        """How many pieces stand on each whole straight line of the board,
        by the line's number in the board's tables
        (:attr:`~boardkit.topology.CompiledTopology.lines`; ``line_of[i][d]``
        there is the line through cell ``i`` along direction ``d``): Lines
        of Action moves a piece as far as there are pieces on its line. On
        the compiled build the loop runs in C.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> for cell in ["a1", "b1", "b2"]:
            ...     state.apply(cell)
            >>> tables = state.board.compiled
            >>> east = state.board.directions.index("e")
            >>> counts = state.line_counts()
            >>> [counts[tables.line_of[state.board.index(c)][east]] for c in ["a1", "a2", "a3"]]  # the rows
            [2, 1, 0]
            >>> len(counts), sum(counts)  # 3 rows and 3 columns; each piece stands on one of each
            (6, 6)
        """
        counts = [0] * self._tables.line_total
        through = self._tables.through
        for i, piece in enumerate(self._cells):
            if piece is not None:
                for k in through[i]:
                    counts[k] += 1
        return counts

    def chain_marks(self, cell: Cell, marks: list[int]) -> int:
        """The marks of the chain on ``cell``: the bitwise or of ``marks[i]``
        over every cell ``i`` of the chain of equal pieces that holds
        ``cell`` (cells joined through their
        :attr:`~boardkit.topology.CompiledTopology.neighbors`, as
        :func:`boardkit.patterns.reach` grows them), 0 for an empty cell.
        Give each cell the bits of what it touches (a side of the board, a
        corner) and a connection game's win is a test on one number: Hex's
        chain joins its two sides when both their bits are set.

        The kit keeps the chains with the state (a union-find, built the
        first time it is asked and brought forward from the cells each move
        changed since, in C on the compiled build), so asking after every
        move costs about as much as one look-up. They are built anew after a
        stone is taken or changed, a move is taken back past the last answer,
        more than four moves have been played since it, and in a copy, a
        pickled state or a position set up by hand. Keep ``marks`` in one
        list made once per board and never changed (the chains are kept for
        that very list: another list builds them anew, and a change to it
        would go unseen).

        Examples:
            >>> from hex import Hex
            >>> state = Hex(size=3).new_game(seed=0)
            >>> for cell in ["a1", "c1", "a2", "c2"]:
            ...     state.apply(cell)
            >>> top, bottom, left, right = 1, 2, 4, 8
            >>> marks = [top * (i < 3) | bottom * (i >= 6) | left * (i % 3 == 0) | right * (i % 3 == 2)
            ...          for i in range(9)]
            >>> state.chain_marks("a1", marks) == top | left  # a1-a2: the top row and the left side
            True
            >>> state.apply("a3"); state.chain_marks("a2", marks) == top | bottom | left
            True
            >>> state.chain_marks("b2", marks)  # an empty cell
            0
        """
        i = BoardCells._cell_index(self, cell)
        chains = BoardCells._chains_now(self, marks)
        if chains.held[i] is None:
            return 0
        return chains.bits[_root(chains.parent, i)]

    def same_chain(self, a: Cell, b: Cell) -> bool:
        """Whether cells ``a`` and ``b`` hold one chain of equal pieces
        (joined through neighbouring cells, as :meth:`chain_marks` joins
        them); ``False`` when either is empty. From the chains the state
        keeps, so it costs about one look-up: before a stone is put, whether
        two of its neighbours are joined already tells whether it closes a
        loop (:meth:`closes_ring` asks it so of a hex board's rings).

        Examples:
            >>> from hex import Hex
            >>> state = Hex(size=3).new_game(seed=0)
            >>> for cell in ["a1", "c1", "a2", "c2"]:
            ...     state.apply(cell)
            >>> state.same_chain("a1", "a2"), state.same_chain("a1", "c1"), state.same_chain("a1", "b1")
            (True, False, False)
        """
        i = BoardCells._cell_index(self, a)
        j = BoardCells._cell_index(self, b)
        chains = BoardCells._chains_now(self, None)
        if chains.held[i] is None or chains.held[j] is None:
            return False
        return _root(chains.parent, i) == _root(chains.parent, j)

    def closes_ring(self, cell: Cell, piece: P) -> bool:
        """Whether ``piece`` put on the empty ``cell`` of a position with no
        ring of ``piece`` yet would make one: a loop of equal pieces round
        one cell or more, whatever those hold (Havannah's ring, which ends
        the game). It does when the stone joins two separate arcs of
        ``piece`` round it that are one chain already (the loop then goes
        round what lies between them on one side), or a neighbour holding
        ``piece`` would then have it on all six sides. From the chains the
        state keeps (:meth:`chain_marks`), in C on the compiled build: ask it
        before the stone goes down. Where ``piece`` has a ring already, a
        second loop may go unseen.

        Raises:
            CellError: if ``cell`` is not empty, or ``piece`` is ``None`` (a
                ``ValueError``).
            TopologyError: on a board whose cells' six directions do not go
                round them, or with a hole in it
                (:meth:`BoardTables.round_steps`): a ring needs a
                :class:`~boardkit.topology.HexGrid` without holes.

        Examples:
            >>> from havannah import Havannah
            >>> state = Havannah(size=3).new_game(seed=0)
            >>> for cell in ["d3", "c3", "c2", "b1", "b2", "d5", "b3", "a2", "c4", "e4"]:
            ...     state.apply(cell)  # player 0's stones round c3, all but d4
            >>> state.closes_ring("d4", "O"), state.closes_ring("d4", "@")
            (True, False)
        """
        i = BoardCells._cell_index(self, cell)
        steps = self._tables.round_steps()
        cells = self._cells
        if cells[i] is not None:
            raise CellError(f"{self._tables.names[i]} holds {cells[i]!r:.20}: a ring is closed on an empty cell")
        if piece is None:
            raise CellError("a ring is closed by a piece, not by None")
        near = steps[i]
        ours = 0  # bit d: the neighbour in direction d holds piece
        for d in range(6):
            j = near[d]
            if j >= 0 and cells[j] == piece:
                ours |= 1 << d
        if ours & (ours - 1) == 0:  # fewer than two
            return False
        before = (ours << 1 | ours >> 5) & 63  # bit d: the neighbour before it round the cell holds piece
        after = (ours >> 1 | ours << 5) & 63
        starts = ours & ~before  # the first stone of each arc
        if starts & (starts - 1):  # two arcs or more: a loop if two are one chain already
            parent = BoardCells._chains_now(self, None).parent
            roots: list[int] = []
            for d in range(6):
                if starts >> d & 1:
                    root = _root(parent, near[d])
                    if root in roots:
                        return True
                    roots.append(root)
        flanked = ours & before & after  # a neighbour of ours whose two neighbours shared with cell are ours
        for d in range(6):
            if flanked >> d & 1:
                for k in steps[near[d]]:
                    if k != i and (k < 0 or cells[k] != piece):
                        break
                else:
                    return True
        return False

    def linked_marks(self, cell: Cell, marks: list[int]) -> int:
        """The marks of the cells joined to ``cell`` through marked edges:
        the bitwise or of ``marks[i]`` over every cell ``i`` that a path of
        edges holding a mark (any mark) leads to from ``cell``, ``cell``
        itself included. TwixT's chain of linked pegs, whose marks say which
        border rows it reaches. For a game that keeps marks on its edges
        (it lists :class:`~boardkit.kit.Edge` among its moves or declares
        ``walls``).

        Kept with the state as :meth:`chain_marks` keeps its chains (a
        union-find brought forward from the edges each move marked, in C on
        the compiled build), and built anew in the same cases, an edge's mark
        taken away or changed among them. Keep ``marks`` in one list made
        once per board.

        Raises:
            TopologyError: if the game keeps no marks on its edges.

        Examples:
            >>> from dots_and_boxes import DotsAndBoxes
            >>> state = DotsAndBoxes().new_game(seed=0)  # dots a1 to c3; a line joins two dots
            >>> for line in ["a1-b1", "b1-b2", "c3-c2"]:
            ...     state.apply(line)
            >>> marks = [1 << i for i in range(9)]  # each dot its own bit
            >>> names = state.board.cells
            >>> sorted(state.name(names[i]) for i in range(9) if state.linked_marks("a1", marks) >> i & 1)
            ['a1', 'b1', 'b2']
            >>> state.linked_marks("a3", marks) == marks[state.board.index("a3")]  # no line: itself alone
            True
        """
        i = BoardCells._cell_index(self, cell)
        links = BoardCells._chains_now(self, marks, linked=True)
        return links.bits[_root(links.parent, i)]

    @staticmethod
    def _chains_now(state: BoardCells[Any], marks: list[int] | None, linked: bool = False) -> _Chains:
        """The chains of the position now (``linked``: of cells joined by marked edges), for ``marks``
        (``None``: any marks, the chains alone), brought forward or built anew, and anchored where the
        state is."""
        near = state._tables.near
        chains = state._links if linked else state._chains
        if (
            chains is None
            or (marks is not None and chains.marks is not marks)
            or not BoardCells._brought_forward(state, chains, BoardCells._edge_lines(state) if linked else state._cells)
        ):
            every = marks if marks is not None else [0] * len(near)
            if linked:
                chains = _Chains(every, BoardCells._edge_lines(state), near, state._tables.edge_ends)
                state._links = chains
            else:
                chains = _Chains(every, state._cells, near)
                state._chains = chains
        anchor = BoardCells._anchor(state)
        chains.anchor, chains.read = anchor, 0 if anchor is None else len(anchor)
        return chains

    @staticmethod
    def _brought_forward(state: BoardCells[Any], kept: _Forward, cells: list[Any]) -> bool:
        """Bring ``kept`` forward to the position now (``cells``, what it reads) from the logs of the
        moves since its anchor (:meth:`_logs_since`): ``False`` when it cannot be (those logs cannot be
        told, or it cannot follow a change: a stone taken from chains), to be found anew."""
        anchor, log = kept.anchor, state._log
        tokens = state._tokens
        if log is not None and anchor is not None and tokens and tokens[-1] is anchor:  # asked once a move
            return kept.bring(anchor, kept.read, cells) and kept.bring(log, 0, cells)
        logs = BoardCells._logs_since(state, anchor)
        if logs is None or (anchor is not None and not kept.bring(anchor, kept.read, cells)):
            return False
        return all(kept.bring(logged, 0, cells) for logged in logs)

    def step_moves(
        self, piece: P, table: Sequence[Sequence[tuple[int, Any, Any]]], enemy: P | None = None
    ) -> list[Any]:
        """The moves of every ``piece`` on the board one step along its
        routes, in board order: ``table[i]`` lists, for a piece on cell
        ``i``, its routes as ``(j, quiet, capture)``: the move ``quiet`` is
        legal when cell ``j`` is empty, ``capture`` when it holds ``enemy``
        (either may be ``None``: no such move). The game makes its moves
        once (the table, from :func:`~boardkit.kit.step_table`) and the kit
        finds the legal ones; on the compiled build that loop runs in C.
        Breakthrough's steps and captures, Clobber's clobbers.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("a1"); state.apply("b1")
            >>> routes = [[(j, f"{i}-{j}", f"{i}x{j}") for j in (1, 3) if j != i] for i in range(9)]
            >>> state.step_moves("X", routes, enemy="O")
            ['0x1', '0-3']
        """
        cells = self._cells
        if NATIVE and type(table) is list:
            try:
                return _steps(cells, piece, cast(Any, table), enemy)
            except TypeError:  # rows that are not lists of triples: read below, as Python reads them
                pass
        found: list[Any] = []
        for i, here in enumerate(cells):
            if here is piece or (here is not None and here == piece):  # mostly the very object: no comparison
                for j, quiet, capture in table[i]:
                    held = cells[j]
                    if held is None:
                        if quiet is not None:
                            found.append(quiet)
                    elif capture is not None and held == enemy:
                        found.append(capture)
        return found

    def hop_moves(
        self,
        piece: P | None,
        table: Sequence[Sequence[tuple[int, Any, int, Any]]],
        *,
        start: int = -1,
        steps: bool = True,
        skip: Container[int] = (),
    ) -> list[Any]:
        """The steps and hops of every ``piece`` on the board (or of the
        piece on cell index ``start``), in board order: ``table[i]`` lists,
        for a piece on cell ``i``, its routes as ``(j, step, k, hop)``: the
        move ``step`` is legal when cell ``j`` is empty, ``hop`` (over ``j``
        to ``k``) when ``j`` holds a piece, any piece, and ``k`` is empty
        (``k`` -1 and ``hop`` ``None``: no hop that way). No hop lands on
        a cell in ``skip`` (the cells a hop chain has already visited); with
        ``steps=False`` only the hops are listed: a hop chain going on
        (Chinese checkers, Halma). With ``start``, the routes of that cell
        are read whatever stands on it (``piece`` is not looked at). On the
        compiled build the loop runs in C. :func:`~boardkit.kit.hop_table`
        makes the table.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("a1"); state.apply("b1")
            >>> east = [[(i + 1, f"{i}-{i + 1}", i + 2, f"{i}^{i + 2}")] if i % 3 == 0 else [] for i in range(9)]
            >>> state.hop_moves("X", east), state.hop_moves(None, east, start=0, steps=False, skip={2})
            (['0^2'], [])
        """
        cells = self._cells
        found: list[Any] = []
        if NATIVE:  # the table read once into lists of ints (HopTable): no tuple unpacked per route
            hops = self._tables.hops(table)
            starts, over, to, step_moves, hop_moves = hops.starts, hops.over, hops.to, hops.steps, hops.hops
            first, last = (0, len(cells)) if start < 0 else (start, start + 1)
            for i in range(first, last):
                here = cells[i]
                if start >= 0 or here is piece or (here is not None and here == piece):
                    for r in range(starts[i], starts[i + 1]):
                        if cells[over[r]] is None:
                            if steps:
                                found.append(step_moves[r])
                        else:
                            k = to[r]
                            if k >= 0 and cells[k] is None and k not in skip:
                                found.append(hop_moves[r])
            return found
        sources: list[int] = []
        if start >= 0:
            sources.append(start)
        else:  # the piece's cells found by list.index, in C: quicker than comparing every cell in Python
            find, i = cells.index, -1
            try:
                while True:
                    i = find(piece, i + 1)
                    sources.append(i)
            except ValueError:
                pass
        for i in sources:
            for j, step, k, hop in table[i]:
                if cells[j] is None:
                    if steps:
                        found.append(step)
                elif k >= 0 and cells[k] is None and k not in skip:
                    found.append(hop)
        return found

    def route_moves(self, routes: Mapping[Any, Sequence[Sequence[tuple[int, Any]]]]) -> list[Any]:
        """The steps of every piece on the board that ``routes`` lists, in
        board order: ``routes[piece][i]`` gives, for that piece on cell
        ``i``, its routes as ``(j, move)``, the move legal when cell ``j``
        is empty. For sides with several kinds of piece (draughts' men and
        kings), all listed square by square, whatever the kind; on the
        compiled build the loop runs in C. :func:`~boardkit.kit.route_table`
        makes each piece's table.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("a1"); state.apply("b1")
            >>> routes = [[(j, f"{i}-{j}") for j in (1, 3) if j != i] for i in range(9)]
            >>> state.route_moves({"X": routes, "O": routes})
            ['0-3', '1-3']
        """
        cells = self._cells
        found: list[Any] = []
        for i, here in enumerate(cells):
            if here is not None and here in routes:
                for j, move in routes[here][i]:
                    if cells[j] is None:
                        found.append(move)
        return found

    def slide_moves(
        self, table: Sequence[Sequence[Sequence[tuple[int, Any]]]], piece: P | None = None, *, start: int = -1
    ) -> list[Any]:
        """The moves of every ``piece`` on the board (or of the piece on
        cell index ``start``) sliding along its lines over empty cells, in
        board order: ``table[i]`` lists the lines from cell ``i``, each as
        ``(j, move)`` pairs nearest first, ``move`` being the slide to
        ``j``; a line stops before the first cell that is not empty. The
        moves of a queen, an Amazon or its arrow, a Hasami piece; on the
        compiled build the loop runs in C. :func:`~boardkit.kit.slide_table`
        makes the table.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("a1"); state.apply("c1")
            >>> rays = state.board.compiled.rays
            >>> lines = [[[(j, state.name(state.board.cells[j])) for j in ray] for ray in rays[i]] for i in range(9)]
            >>> state.slide_moves(lines, "X")
            ['b1', 'a2', 'a3']
            >>> state.slide_moves(lines, start=2)
            ['c2', 'c3', 'b1']
        """
        cells = self._cells
        if NATIVE and type(table) is list:
            try:
                return _slides(cells, cast(Any, table), piece, start)
            except TypeError:  # rows that are not lists of lists of pairs: read below, as Python reads them
                pass
        found: list[Any] = []
        for i in range(len(cells)) if start < 0 else (start,):
            here = cells[i]
            if start >= 0 or here is piece or (here is not None and here == piece):  # mostly the very object
                for line in table[i]:
                    for step in line:  # read by index: quicker compiled than unpacking a step of unknown type
                        if cells[step[0]] is not None:
                            break
                        found.append(step[1])
        return found

    # -- reading the position ---------------------------------------------------

    def __getitem__(self, cell: Cell) -> P | None:
        """The piece on a cell (or cell name), or ``None``."""
        try:
            return self._cells[self._where[cell]]
        except (KeyError, TypeError):  # no such cell: say so
            return self._cells[BoardCells._cell_index(self, cell)]

    def name(self, cell: Cell) -> str:
        """A cell's name in the move notation."""
        try:
            return self._tables.names[self._where[cell]]
        except (KeyError, TypeError):
            return self.board.name(cell)

    def counter(self, name: Any) -> Any:  # Any: the compiled build would refuse a non-str with a TypeError
        """The value of the counter ``name``, one the game declares in its
        :attr:`~boardkit.kit.BoardGame.counters` (``state[cell]`` reads a
        cell; :meth:`set` changes a counter).

        Raises:
            OptionError: for a counter the game does not declare.

        Examples:
            >>> from dots_and_boxes import DotsAndBoxes
            >>> state = DotsAndBoxes().new_game(seed=0)
            >>> state.counter("boxes")
            (0, 0)
            >>> state.counter("a1")
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: no counter 'a1'; dots-and-boxes declares 'boxes'
        """
        try:
            return self._counters[name]
        except (KeyError, TypeError):
            known = self._counter_names()
            raise OptionError(f"no counter {name!r:.40}; {self._game_name()} declares {known}") from None

    def _counter_names(self) -> str:
        return ", ".join(repr(k) for k in self._counters) or "none"

    def get(self, counter: str) -> Any:
        """Deprecated: :meth:`counter` (``get`` read a counter while
        ``state[cell]`` reads a cell; it goes in a later release).

        Examples:
            >>> import warnings
            >>> from dots_and_boxes import DotsAndBoxes
            >>> with warnings.catch_warnings():
            ...     warnings.simplefilter("ignore", DeprecationWarning)
            ...     DotsAndBoxes().new_game(seed=0).get("boxes")
            (0, 0)
        """
        warnings.warn(
            "state.get(name) is deprecated: read a counter with state.counter(name)", DeprecationWarning, stacklevel=2
        )
        return self.counter(counter)

    def empty(self) -> list[Any]:
        """The empty cells, in board order."""
        cells = self.board.cells
        return [cells[i] for i, piece in enumerate(self._cells) if piece is None]

    def layout(self) -> tuple[P | None, ...]:
        """The piece on every cell, by cell index (``None`` for empty): the
        ``cells`` argument of the rules helpers that read the compiled
        tables, such as :func:`boardkit.capture.custodial`.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("b1")
            >>> state.layout()[:3]
            (None, 'X', None)
        """
        return tuple(self._cells)

    @property
    def at(self) -> Sequence[P | None]:
        """What stands on every cell, by cell index (``None`` for empty),
        read in place: no copy is made, so it is the fastest way for rules
        code to read the board (``self.at[j] is None``), and it follows the
        position as moves are played. Change cells with :meth:`put` only;
        :meth:`layout` gives a copy to keep.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> board = state.at
            >>> state.apply("b1")
            >>> board[:3]
            [None, 'X', None]
        """
        return self._cells

    def cells_of(self, piece: P) -> list[Any]:
        """The cells holding ``piece``, in board order."""
        cells = self.board.cells
        return [cells[i] for i, p in enumerate(self._cells) if p == piece]

    def tally(self, piece: P) -> int:
        """How many cells hold ``piece``: the men a side has left in Nine
        Men's Morris, the stones on the board. On the compiled build a loop
        in C that passes over empty cells without comparing them (quicker
        than ``self.at.count(piece)``); on the pure build that count.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> for cell in ["a1", "b2", "c3"]:
            ...     state.apply(cell)
            >>> state.tally("X"), state.tally("O"), state.tally("Z")
            (2, 1, 0)
        """
        if not NATIVE:
            return self._cells.count(piece)
        found = 0
        for here in self._cells:
            if here is piece or (here is not None and here == piece):  # mostly the very object: no comparison
                found += 1
        return found

    def find(self, piece: P) -> int:
        """The index of the first cell, in board order, that holds
        ``piece``, or -1 when none does: where a game's only pawn of a
        colour stands (Quoridor). On the compiled build a loop in C that
        passes over empty cells without comparing them (quicker than
        ``self.at.index(piece)``); on the pure build that search.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("b2"); state.apply("a1")
            >>> state.find("X"), state.find("O"), state.find("Z")
            (4, 0, -1)
        """
        cells = self._cells
        if not NATIVE:
            try:
                return cells.index(piece)
            except ValueError:
                return -1
        for i, here in enumerate(cells):
            if here is piece or (here is not None and here == piece):
                return i
        return -1

    def line(self, cell: Cell, direction: str | None = None) -> int:
        """How many of the piece on ``cell`` stand in an unbroken line through
        it along ``direction`` and its opposite, or with no direction the
        longest such line along any of the board's axes (0 on an empty cell):
        the check of Connect Four and Gomoku. Reads the compiled tables.

        Raises:
            TopologyError: for a cell or direction the board does not have.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> for cell in ["a1", "c3", "b1"]:
            ...     state.apply(cell)
            >>> state.line("a1", "e"), state.line("a1", "s"), state.line("b2", "e")
            (2, 1, 0)
            >>> state.line("a1")
            2
        """
        try:
            index = self._where[cell]
        except (KeyError, TypeError):
            index = BoardCells._cell_index(self, cell)
        if self._cells[index] is None:
            return 0
        if not self.board.directions:
            return 1  # a board without directions has no lines but the piece itself
        directions = self._tables.axes if direction is None else (BoardCells._direction_index(self, direction),)
        return count_line(self.board.compiled, self._cells, index, directions=directions)

    def slide(self, cell: Cell, direction: str) -> Any:
        """Where a piece moving from ``cell`` along ``direction`` over empty
        cells stops: the last empty cell before an occupied one or the edge
        (``cell`` itself when the next cell is not empty). A disc dropped in
        a Connect Four column slides from its top cell down. Reads the
        compiled tables.

        Raises:
            TopologyError: for a cell or direction the board does not have.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("a3")
            >>> state.name(state.slide("a1", "s")), state.name(state.slide("c1", "s"))
            ('a2', 'c3')
            >>> state.name(state.slide("a3", "n")), state.name(state.slide("a3", "s"))
            ('a1', 'a3')
        """
        try:
            index = self._where[cell]
        except (KeyError, TypeError):
            index = BoardCells._cell_index(self, cell)
        cells = self._cells
        stop = index
        for j in self.board.compiled.rays[index][BoardCells._direction_index(self, direction)]:
            if cells[j] is not None:
                break
            stop = j
        return self.board.cells[stop]

    # -- changing it (undoable) -------------------------------------------------

    def _changed_outside_a_move(self) -> None:
        """A change made outside a move (a position set up by hand after the
        start): the legal moves are listed again and the game judged again,
        so a won position set up so is over and a filled cell is no longer
        offered. (The start position's own set-up is logged to a list
        thrown away, so it is judged once, at the end.)"""
        self._version += 1
        self._chains = self._links = None
        self._placed = None
        BoardCells._mark_by_hand(self)
        self._judge_as_set_up()

    @staticmethod
    def _mark_by_hand(state: BoardCells[Any]) -> None:
        """Note on the last move's record that the position was changed by hand after it, so that its
        undo judges again the position it leaves (the one before the move, with that change): kept in
        the record, not in a field (one field more gives a pure state's attributes no shared keys)."""
        tokens = state._tokens
        if tokens:
            top = tokens[-1]
            if (type(top) is list or type(top) is tuple) and (not top or top[-1][0] != _BY_HAND):
                # A new record, not the old one changed: a copy of this state shares the old one (and undoes
                # it as it was). The legal moves it kept go: a position changed by hand is listed anew.
                tokens[-1] = [*(entry for entry in top if entry[0] != _LEGAL), (_BY_HAND, None, None)]

    def _judge_as_set_up(self) -> None:
        """Judge a position that no move made (changed by hand, or one such a change left after an undo),
        as a game going on whose legal moves are listed anew: a judge that looks only at what the last
        move changed reads no last move, and looks at the whole board (Hex's chains, Gomoku's lines)."""
        self._result = None
        last, self._last_move = self._last_move, None
        try:
            self._result = self.judge()
        finally:
            self._last_move = last
            self._version += 1  # moves listed while it judged read no last move: listed again when asked

    def put(self, cell: Cell, piece: P | None) -> None:
        """Put ``piece`` on ``cell`` (``None`` empties it), replacing what was there.

        Between moves (a position changed by hand) the game is judged again,
        whole (:attr:`last_move` reads ``None`` while it is), and its legal
        moves are listed anew; a move taken back later, across such a
        change, judges the position again too. A game that keeps records of
        its own drawn from the cells, in counters (Go's bitboards, Ultimate
        tic-tac-toe's small boards decided), reads those and not the cells:
        set them too (:meth:`set`) when you change the cells by hand.
        """
        try:
            index = self._where[cell]
        except (KeyError, TypeError):
            index = BoardCells._cell_index(self, cell)
        if self._log is not None:
            self._log.append((_CELL, index, self._cells[index]))
            self._cells[index] = piece
        else:
            self._cells[index] = piece
            self._changed_outside_a_move()

    # Counts and stacks: a cell of a BoardState[int] holds a number, one of a
    # BoardState[tuple[str, ...]] a pile; put, undo, copy and == are the same.

    def count(self, cell: Cell) -> int:
        """How many pieces are on ``cell``: the number on a cell that holds
        a count, the height of a stack, 1 for a piece's symbol, 0 when empty.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(2, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> state.put("a1", 4); state.count("a1"), state.count("b1")
            (4, 0)
            >>> state.add("b1", 2); state.count("b1")
            2
        """
        piece: Any = self._cells[BoardCells._cell_index(self, cell)]
        if piece is None:
            return 0
        if isinstance(piece, int):
            return piece
        return len(piece) if isinstance(piece, tuple) else 1

    def total(self, indices: Iterable[int]) -> int:
        """The counts on the cells of these indices added up (an empty cell
        counts 0): the seeds in a row of pits, for the sowing games' "is
        that side empty" and their final scores. On the compiled build the
        loop runs in C.

        Raises:
            CellError: if one of the cells holds a symbol or a stack, not a count.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(3, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> state.put("a1", 4); state.put("b1", 2)
            >>> state.total([0, 1, 2]), state.total(range(1, 3))
            (6, 2)
        """
        cells: list[Any] = self._cells
        found = 0
        for i in indices:
            held = cells[i]
            if held is not None:
                if type(held) is not int:
                    raise CellError(f"{self._tables.names[i]} holds {held!r:.20}, not a count")
                found += held
        return found

    def label(self, cell: Cell) -> str:
        """What the text board writes on ``cell`` (:func:`boardkit.render.text.symbol`):
        a piece's symbol, a count's digits (``"0"`` for an empty pit), a
        stack's top piece and its height (``"x3"``); ``""`` for an empty
        cell (the text board shows ``.``).

        A game may override it, to write a cell its own way in the text
        board and on the picture alike: a label that differs from this
        default is written on the cell in the picture too (over its piece,
        if it has one), and the web page shows that picture. To draw a
        cell's contents another way altogether, override
        :meth:`~boardkit.kit.BoardState.cell_svg`.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(3, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> state.put("a1", 0); state.put("b1", ("x", "o", "o"))
            >>> state.label("a1"), state.label("b1"), state.label("c1")
            ('0', 'o3', '')
        """
        piece = self[cell]
        return "" if piece is None else symbol(piece)

    def add(self, cell: Cell, amount: int = 1) -> None:
        """Add ``amount`` to the count on ``cell`` (an empty cell counts 0).

        Raises:
            CellError: if the cell holds a symbol or a stack, not a count.
        """
        piece: Any = self[cell]
        if piece is not None and (not isinstance(piece, int) or isinstance(piece, bool)):
            raise CellError(f"{self.name(cell)} holds {piece!r:.20}, not a count")
        self.put(cell, cast(Any, (piece or 0) + amount))

    def stack(self, cell: Cell) -> tuple[Any, ...]:
        """The pieces piled on ``cell``, bottom first (``()`` when empty; a
        single symbol is a stack of one).

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Piles(BoardGame):
            ...     name, board, state_class = "piles", SquareGrid(2, 1), BoardState
            >>> state = Piles().new_game(seed=0)
            >>> state.push("a1", "x"); state.push("a1", "o"); state.stack("a1")
            ('x', 'o')
            >>> state.pop("a1"), state.stack("a1")
            ('o', ('x',))
        """
        piece: Any = self[cell]
        if piece is None:
            return ()
        return piece if isinstance(piece, tuple) else (piece,)

    def push(self, cell: Cell, piece: Any) -> None:
        """Put ``piece`` on top of the stack on ``cell``."""
        self.put(cell, cast(Any, (*self.stack(cell), piece)))

    def pop(self, cell: Cell) -> Any:
        """Take the top piece off the stack on ``cell`` and return it (the
        cell is empty, ``None``, once its last piece is taken).

        Raises:
            CellError: if the cell is empty (a ``ValueError`` too).
        """
        pile = self.stack(cell)
        if not pile:
            raise CellError(f"no piece on {self.name(cell)} to take")
        self.put(cell, cast(Any, pile[:-1] or None))
        return pile[-1]

    def sow(self, cell: Cell, direction: str, *, skip: Collection[Cell] = ()) -> Any:
        """Sow the count on ``cell``: take it all, and drop one in each cell
        after it along ``direction``, going round a ring of pits as often as
        the count asks (the start too, when the walk comes back to it),
        passing over the cells in ``skip`` (the other player's store in
        Kalah); return the cell the last one fell in (``cell`` itself when
        it held none). Reads the compiled tables.

        Raises:
            TopologyError: for a cell or direction the board does not have,
                or when the walk leaves the board or finds no cell to sow.
            CellError: when ``cell`` holds a piece or a count below 0, or a
                cell sown into holds a piece.

        Examples:
            Four pits in a ring, sown with ``"next"``:

            >>> import networkx as nx
            >>> from boardkit.topology import from_graph
            >>> ring = nx.DiGraph()
            >>> for a, b in [("p0", "p1"), ("p1", "p2"), ("p2", "p3"), ("p3", "p0")]:
            ...     ring.add_edge(a, b, direction="next"); ring.add_edge(b, a, direction="back")
            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Ring(BoardGame):
            ...     name, board, state_class = "ring", from_graph(ring), BoardState
            >>> state = Ring().new_game(seed=0)
            >>> state.put("p1", 5)
            >>> state.sow("p1", "next", skip=["p2"])
            'p0'
            >>> [state.count(c) for c in ("p0", "p1", "p2", "p3")]
            [2, 1, 0, 2]
        """
        tables = self._tables
        start = at = BoardCells._cell_index(self, cell)
        cells: list[Any] = self._cells
        held = cells[start]
        if held is not None and type(held) is not int:
            raise CellError(f"{tables.names[start]} holds {held!r:.20}, not a count to sow")
        seeds: int = held or 0
        if seeds < 0:  # sown one by one, such a count never ran out
            raise CellError(f"{tables.names[start]} holds {seeds}, a count below 0: nothing to sow")
        steps = tables.steps
        d = BoardCells._direction_index(self, direction)
        passed: list[int] = []  # a few cells (a store): a list, without a comprehension's call
        for c in skip:
            passed.append(BoardCells._cell_index(self, c))
        sown: list[int] = []
        idle, lap, left = 0, len(steps), seeds  # idle: steps since the last seed fell (a lap: nowhere to sow)
        while left:
            at = steps[at][d]
            if at < 0 or idle > lap:
                raise TopologyError(f"sowing from {self.name(cell)} along {direction!r} finds no cell to sow")
            if at in passed:
                idle += 1
                continue
            here = cells[at]
            if here is not None and type(here) is not int:
                raise CellError(f"{tables.names[at]} holds {here!r:.20}, not a count")
            idle = 0
            sown.append(at)
            left -= 1
        log = self._log
        if log is not None:  # on the tables directly, each change logged for undo as put does
            log.append((_CELL, start, cells[start]))
            cells[start] = 0
            for j in sown:
                log.append((_CELL, j, cells[j]))
                cells[j] = (cells[j] or 0) + 1
        else:
            cells[start] = 0
            for j in sown:
                cells[j] = (cells[j] or 0) + 1
            self._changed_outside_a_move()
        return tables.cells[at]

    def streak(self, cell: Cell, direction: str, *, counts: Container[int], within: Container[int]) -> list[int]:
        """The cell indices from ``cell`` along ``direction``, ``cell``
        first, for as long as each lies in ``within`` (indices) and holds a
        count in ``counts`` (an empty cell counts 0): the houses an Oware
        capture takes, back from where the last seed fell while they hold
        two or three, in the other player's row. Stops at the board's edge
        and before coming round a ring to ``cell`` again; empty when
        ``cell`` itself does not qualify. On the compiled build the walk
        runs in C.

        Raises:
            TopologyError: for a cell or direction the board does not have.

        Examples:
            Six pits in a row, walked back (west) from ``e1``:

            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(6, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> for cell, seeds in zip(["a1", "b1", "c1", "d1", "e1", "f1"], [2, 3, 1, 2, 3, 2]):
            ...     state.put(cell, seeds)
            >>> state.streak("e1", "w", counts=(2, 3), within=range(6))
            [4, 3]
            >>> state.streak("b1", "w", counts=(2, 3), within=range(1, 6))  # a1 is not within
            [1]
        """
        start = BoardCells._cell_index(self, cell)
        steps = self._tables.steps
        d = BoardCells._direction_index(self, direction)
        cells: list[Any] = self._cells
        found: list[int] = []
        at = start
        while at >= 0 and at in within:
            held = cells[at]
            if (0 if held is None else held) not in counts:
                break
            found.append(at)
            at = steps[at][d]
            if at == start:
                break
        return found

    def gather(self, indices: Iterable[int], into: Cell) -> int:
        """Move the counts on the cells of these (distinct) indices onto
        ``into``: each of them is left at 0 and ``into`` gains their sum,
        which is returned (the seeds a capture takes to the store, or a
        row's seeds swept in at the end of a sowing game); ``into`` itself,
        if listed, keeps its count. On the compiled build the loop runs in
        C; each change is logged for undo.

        Raises:
            CellError: if one of the cells, or ``into``, holds a symbol or a stack, not a count.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(4, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> for cell, seeds in zip(["a1", "b1", "c1", "d1"], [2, 3, 0, 5]):
            ...     state.put(cell, seeds)
            >>> state.gather([0, 1], "d1")
            5
            >>> [state.count(cell) for cell in ["a1", "b1", "c1", "d1"]]
            [0, 0, 0, 10]
        """
        target = BoardCells._cell_index(self, into)
        cells: list[Any] = self._cells
        names = self._tables.names
        taken = list(indices)
        found = 0
        for i in taken:
            held = cells[i]
            if held is not None and i != target:
                if type(held) is not int:
                    raise CellError(f"{names[i]} holds {held!r:.20}, not a count")
                found += held
        there = cells[target]
        if there is not None and type(there) is not int:
            raise CellError(f"{names[target]} holds {there!r:.20}, not a count")
        log = self._log
        for i in taken:
            if i != target and cells[i] != 0:
                if log is not None:
                    log.append((_CELL, i, cells[i]))
                cells[i] = 0
        if found:
            if log is not None:
                log.append((_CELL, target, cells[target]))
            cells[target] = (cells[target] or 0) + found
        if log is None:
            self._changed_outside_a_move()
        return found

    def cycle(self, ring: Sequence[int], shift: int) -> None:
        """Move what stands on each cell of ``ring`` (distinct cell indices,
        in order round the ring) ``shift`` places along it, the last
        places wrapping round to the first: Pentago's twist of a quarter
        (its eight outer squares, ``shift`` 2 a quarter turn one way, -2
        the other), a turntable, a conveyor of cells. One move of the undo
        log per cell whose contents change; on the compiled build the loop
        runs in C.

        Raises:
            TopologyError: for an index that is not a cell of the board.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.put("a1", "X"); state.put("b1", "O")
            >>> ring = [0, 1, 2, 5, 8, 7, 6, 3]  # the squares round the centre, clockwise from a1
            >>> state.cycle(ring, 2)  # a quarter turn clockwise: a1 goes to c1, b1 to c2
            >>> state["c1"], state["c2"], state["a1"]
            ('X', 'O', None)
            >>> state.cycle(ring, -2); state["a1"], state["b1"]
            ('X', 'O')
        """
        cells = self._cells
        size = len(cells)
        n = len(ring)
        if NATIVE or not (n and min(ring) >= 0 and max(ring) < size):  # pure: the bounds checked in C
            for i in ring:
                if not 0 <= i < size:
                    raise TopologyError(f"{i!r} is not a cell index of this board (0 to {size - 1})")
        if n == 0:
            return
        before = [cells[i] for i in ring] if NATIVE else list(map(cells.__getitem__, ring))
        log = self._log
        for k in range(n):
            j = ring[(k + shift) % n]
            piece = before[k]
            if cells[j] is not piece:  # an empty cell onto an empty one (most of them): nothing to log
                if log is not None:
                    log.append((_CELL, j, cells[j]))
                cells[j] = piece
        if log is None:
            self._changed_outside_a_move()

    # Edges, for a game that lists Edge among its moves or declares walls; crossing points, for walls.

    @staticmethod
    def _edge_lines(state: BoardCells[Any]) -> list[Any]:
        """The marks on the edges of ``state`` (a static method called through the class: compiled, a call
        through ``self`` is looked up in Python on a game's state)."""
        if state._lines is None:
            raise TopologyError(
                f"{state._game_name()} keeps no marks on edges: it lists no Edge among its moves and declares no walls"
            )
        return state._lines

    @staticmethod
    def _crossing_points(state: BoardCells[Any]) -> list[Any]:
        """The marks on the crossing points of ``state`` (called through the class, as :meth:`_edge_lines`)."""
        if state._points is None:
            raise TopologyError(f"{state._game_name()} keeps no marks on crossing points: it declares no walls")
        return state._points

    def edge(self, a: Cell, b: Cell) -> P | None:
        """The mark on the edge between ``a`` and ``b`` (cells or names, in
        either order), or ``None``: a line drawn (Dots and Boxes), a wall
        between two cells (Quoridor). :attr:`edge_marks` reads every edge
        by number.

        Raises:
            TopologyError: if they are not neighbours, or the game keeps no
                marks on edges (it neither plays on them nor declares walls).

        Examples:
            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)  # a 3x3 board with walls, a1 at the top left
            >>> state.put_edge("a1", "b1", "#")
            >>> state.edge("b1", "a1"), state.edge("a1", "a2")
            ('#', None)
        """
        mark: P | None = BoardCells._edge_lines(self)[self._edge_number(a, b)]
        return mark

    def _edge_number(self, a: Cell, b: Cell) -> int:
        where = self._where
        try:
            return self._tables.edge_numbers[where[a], where[b]]
        except (KeyError, TypeError):
            return self.board.edge_index(a, b)

    def put_edge(self, a: Cell, b: Cell, mark: P | None) -> None:
        """Put ``mark`` on the edge between ``a`` and ``b`` (``None`` clears
        it); undone with the move, like :meth:`put`. :meth:`put_edge_at`
        puts it by the edge's number.

        Raises:
            TopologyError: if they are not neighbours, or the game keeps no
                marks on edges.

        Examples:
            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)  # a 3x3 board with walls, a1 at the top left
            >>> state.put_edge("a2", "a1", "#")
            >>> state.edge_marks[state.board.edge_index("a1", "a2")]
            '#'
        """
        self._put_mark(_EDGE, BoardCells._edge_lines(self), self._edge_number(a, b), mark)

    def put_edge_at(self, k: SupportsIndex, mark: P | None) -> None:
        """Put ``mark`` on edge number ``k`` (:attr:`Topology.edges
        <boardkit.topology.Topology.edges>` order; ``None`` clears it),
        undone with the move: :meth:`put_edge` by number, for rules code
        that reads the board's tables
        (:attr:`~boardkit.topology.CompiledTopology.step_edges`).

        Raises:
            TopologyError: if the game keeps no marks on edges, or the board
                has no edge of that number.

        Examples:
            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)  # a 3x3 board with walls, a1 at the top left
            >>> state.put_edge_at(0, "#")
            >>> state.board.edges[0], state.edge("a1", "b1")
            (((0, 0), (1, 0)), '#')
        """
        self._put_mark(_EDGE, BoardCells._edge_lines(self), k, mark)

    def _put_mark(self, what: int, marks: list[P | None], number: object, mark: P | None) -> None:
        """Put ``mark`` at ``number`` of ``marks`` (an edge's or a crossing point's), logged as ``what`` for
        undo. The number is read here, not at the call (typed ``SupportsIndex``, which the compiled build
        does not check at the door), so that anything else is refused as boardkit refuses it."""
        if type(number) is int:
            k = number
        elif type(number) is not bool and hasattr(number, "__index__"):  # a NumPy integer
            k = index(cast(SupportsIndex, number))
        else:
            k = -1
        if not 0 <= k < len(marks):
            kind = "edge" if what == _EDGE else "crossing point"
            raise TopologyError(f"no {kind} {number!r:.40} on this board: they are numbered 0 to {len(marks) - 1}")
        if self._log is not None:
            self._log.append((what, k, marks[k]))
            marks[k] = mark
        else:
            marks[k] = mark
            self._changed_outside_a_move()

    @property
    def edge_marks(self) -> Sequence[P | None]:
        """The mark on every edge, by edge number (:attr:`Topology.edges
        <boardkit.topology.Topology.edges>` order; ``None`` where none is),
        read in place as :attr:`at` reads the cells: what rules code and
        :func:`boardkit.patterns.can_reach` read. Change it with
        :meth:`put_edge` or :meth:`put_edge_at` only.

        Raises:
            TopologyError: if the game keeps no marks on edges.

        Examples:
            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)  # a 3x3 board with walls, a1 at the top left
            >>> marks = state.edge_marks
            >>> state.put_edge("b1", "c1", "#")
            >>> [k for k, mark in enumerate(marks) if mark is not None], state.board.edge_index("b1", "c1")
            ([2], 2)
        """
        return BoardCells._edge_lines(self)

    def crossing(self, a: Cell, b: Cell) -> P | None:
        """The mark on the crossing point where ``a`` and ``b``, cells that
        touch at one corner, meet (:meth:`Topology.crossing_index
        <boardkit.topology.Topology.crossing_index>`), or ``None``: the
        middle of a Quoridor wall, which no other wall may cross.

        Raises:
            TopologyError: if the cells do not touch at one corner, or the
                game declares no walls.

        Examples:
            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)  # a 3x3 board with walls, a1 at the top left
            >>> state.put_crossing("a1", "b2", "#")
            >>> state.crossing("b1", "a2"), state.crossing("b2", "c3")
            ('#', None)
        """
        mark: P | None = BoardCells._crossing_points(self)[self.board.crossing_index(a, b)]
        return mark

    def put_crossing(self, a: Cell, b: Cell, mark: P | None) -> None:
        """Put ``mark`` on the crossing point where ``a`` and ``b`` meet
        (``None`` clears it), undone with the move, like :meth:`put`;
        :meth:`put_crossing_at` puts it by number.

        Raises:
            TopologyError: as :meth:`crossing` does.

        Examples:
            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)
            >>> state.put_crossing("b2", "a1", "#")
            >>> list(state.crossing_marks)
            ['#', None, None, None]
        """
        self._put_mark(_CROSSING, BoardCells._crossing_points(self), self.board.crossing_index(a, b), mark)

    def put_crossing_at(self, x: SupportsIndex, mark: P | None) -> None:
        """Put ``mark`` on crossing point number ``x`` (:attr:`Topology.crossings
        <boardkit.topology.Topology.crossings>` order; ``None`` clears it),
        undone with the move.

        Raises:
            TopologyError: if the game declares no walls, or the board has no
                crossing point of that number.

        Examples:
            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)  # a 3x3 board with walls, a1 at the top left
            >>> state.put_crossing_at(3, "#")
            >>> state.crossing("b2", "c3")
            '#'
        """
        self._put_mark(_CROSSING, BoardCells._crossing_points(self), x, mark)

    @property
    def crossing_marks(self) -> Sequence[P | None]:
        """The mark on every crossing point, by number (:attr:`Topology.crossings
        <boardkit.topology.Topology.crossings>` order), read in place.

        Raises:
            TopologyError: if the game declares no walls.

        Examples:
            >>> from quoridor import Quoridor
            >>> Quoridor(size=3).new_game(seed=0).crossing_marks
            [None, None, None, None]
        """
        return BoardCells._crossing_points(self)

    def can_reach(self, start: int | Cell, goals: Container[int | Cell], *, closing: Collection[int] = ()) -> bool:
        """Whether a piece on cell ``start`` (an index or a name) can still
        walk to a cell of ``goals`` (a set of indices or names), step by step, never across an
        edge that holds a mark (a wall), nor across the edges numbered in
        ``closing`` (a wall being tried, before it is put): Quoridor's "every
        pawn keeps a way to its goal". Pieces on the way do not stop it.
        :func:`boardkit.patterns.can_reach` on this position's
        :attr:`edge_marks`; on the compiled build it runs in C.

        Raises:
            TopologyError: if the game keeps no marks on edges, or a cell or
                edge named is not one of the board's.

        Examples:
            Walls across the middle of a 3x3 board but for one gap, which
            is then tried too:

            >>> from quoridor import Quoridor
            >>> state = Quoridor(size=3).new_game(seed=0)  # a 3x3 board with walls, a1 at the top left
            >>> for column in "ab":
            ...     state.put_edge(f"{column}1", f"{column}2", "#")
            >>> top = {state.board.index(c) for c in state.board.side("top")}
            >>> start = state.board.index("a3")
            >>> state.can_reach(start, top)
            True
            >>> state.can_reach(start, top, closing=[state.board.edge_index("c1", "c2")])
            False
            >>> state.can_reach("a3", {"a1", "b1", "c1"})
            True
        """
        lines = BoardCells._edge_lines(self)
        for k in cast(Collection[object], closing):  # read here: the compiled build would refuse a str as a TypeError
            if type(k) is not int or not 0 <= k < len(lines):
                raise TopologyError(f"no edge {k!r:.40} on this board: its edges are numbered 0 to {len(lines) - 1}")
        return reaches(self.board.compiled, self._index_of(start), self._indices_of(goals), lines, closing=closing)

    def _index_of(self, cell: object) -> int:
        """A cell given by its index, its name or the board's own value for it, as its index."""
        if type(cell) is int:
            if 0 <= cell < len(self._cells):
                return cell
            raise TopologyError(f"no cell {cell} on this board: its cells are numbered 0 to {len(self._cells) - 1}")
        return self.board.index(cast(Any, cell))

    def _indices_of(self, cells: Container[Any]) -> Container[int]:
        """Cells given as indices (kept as they are: one look at the first) or as names, as indices."""
        if type(cells) not in _PLAIN_COLLECTIONS:  # those need no slower isinstance test against the ABC
            if isinstance(cells, str):
                raise TopologyError(f"give the cells as a set of them, not the text {cells!r:.40}")
            if not isinstance(cells, Collection):
                return cells  # a container that cannot be listed: read as indices
        for first in cast(Collection[Any], cells):
            if type(first) is not int:
                return {self._index_of(cell) for cell in cast(Collection[Any], cells)}
            break
        return cells

    def _ways_to_keep(self, keep: Sequence[Any]) -> Sequence[tuple[int, Container[int]]]:
        """``keep``'s ``(start, goals)`` pairs with their cells as indices (``keep`` itself when they are:
        a pawn's index and a set of indices, as a move generator passes them on every call)."""
        size, plain = len(self._cells), True
        for pair in keep:
            if type(pair) is not tuple or len(pair) != 2:
                plain = False
                break
            start, goals = pair
            kind = type(goals)
            if type(start) is not int or not 0 <= start < size or (kind is not frozenset and kind is not set):
                plain = False
                break
            for first in goals:
                plain = type(first) is int
                break
            if not plain:
                break
        if plain:
            return cast(Sequence[tuple[int, Container[int]]], keep)
        kept: list[tuple[int, Container[int]]] = []
        for pair in keep:
            try:
                start, goals = pair
            except (TypeError, ValueError):
                raise TopologyError(f"keep lists (start, goals) pairs, not {pair!r:.40}") from None
            kept.append((self._index_of(start), self._indices_of(goals)))
        return kept

    def wall_moves(
        self,
        table: Sequence[tuple[Sequence[int], Sequence[int], Any]],
        keep: Sequence[tuple[int | Cell, Container[int | Cell]]] = (),
    ) -> list[Any]:
        """The walls that may be put now, in the table's order: ``table``
        lists each wall as ``(edges, crossings, move)``, the numbers of the
        edges it closes and of the crossing points it covers, and ``move``
        is listed when none of them holds a mark and, once it is put, every
        ``(start, goals)`` pair of ``keep`` (a cell and a set of cells, by
        index or by name) still joins (:meth:`can_reach`): Quoridor's walls, which
        may neither overlap nor cross another, nor cut a pawn off from its
        goal. The game makes the table once (:attr:`~boardkit.topology.Topology.crossings`,
        :meth:`~boardkit.topology.Topology.edge_index`) and puts the walls
        it plays itself.

        On a square grid a wall that does not join two walls already there
        (or a wall and the rim) closes no ring and cuts nobody off, so only
        the walls that do are searched (the board's
        :attr:`~boardkit.topology.CompiledTopology.wall_ends`); on the
        compiled build the loop runs in C and the searches on the cells as
        two 64-bit machine words (``boardkit.kit.cells.CellWords``, on square
        grids up to 10x10), and on the pure build the ring test of
        every wall and the searches run on the cells and the walls as the
        bits of ints (``boardkit.kit.cells.CellBits``).

        Raises:
            TopologyError: if the game keeps no marks on edges, or the
                table names crossing points of a game that declares no walls.

        Examples:
            On a board four cells wide, walls two cells long between its
            first two rows (``across``) and between two of its columns
            (``down``), each named by the cell at its top left:

            >>> from boardkit.kit import BoardGame, BoardState
            >>> class Maze(BoardGame):
            ...     name, board, state_class, walls = "maze", SquareGrid(4, 3, origin="top"), BoardState, True
            >>> board = Maze.board
            >>> def wall(name, a, b, c, d):  # across a-c and b-d, which meet where a and d do
            ...     return ((board.edge_index(a, c), board.edge_index(b, d)), (board.crossing_index(a, d),), name)
            >>> WALLS = [wall("a1 across", "a1", "b1", "a2", "b2"), wall("c1 across", "c1", "d1", "c2", "d2"),
            ...          wall("a1 down", "a1", "a2", "b1", "b2"), wall("b1 down", "b1", "b2", "c1", "c2")]
            >>> state = Maze().new_game(seed=0)
            >>> keep = [(board.index("a3"), {board.index(c) for c in board.side("top")})]  # a3 to the top row
            >>> state.wall_moves(WALLS, keep)
            ['a1 across', 'c1 across', 'a1 down', 'b1 down']
            >>> edges, crossings, _ = WALLS[0]
            >>> for k in edges:
            ...     state.put_edge_at(k, "#")
            >>> state.put_crossing_at(crossings[0], "#")
            >>> state.wall_moves(WALLS, keep)  # c1 would close the way up, a1 down crosses the wall
            ['b1 down']
            >>> state.wall_moves(WALLS)  # nobody's way kept
            ['c1 across', 'b1 down']
        """
        lines = BoardCells._edge_lines(self)
        walls = self._tables.walls(table)
        ends = self.board.compiled.wall_ends
        kept: Sequence[tuple[int, Container[int]]] = self._ways_to_keep(keep) if keep else ()
        marked = self._marked(lines)
        if not NATIVE and kept and ends and walls.pairs:
            bits = self._tables.cell_bits(self.board.compiled)
            if bits.usable:
                return self._wall_moves_bits(walls, kept, lines, marked, bits)
        if NATIVE and kept and ends and walls.pairs:
            return self._wall_moves_native(walls, kept, lines, marked)
        groups = self._wall_groups(ends, marked) if kept and ends else None
        out = self._ruled_out(walls, marked)
        # Each pair's way to its goals (the edges of one way), found when first needed: a wall
        # across none of them leaves every way open.
        ways: list[list[int] | None] = [None] * len(kept)
        found: list[Any] = []
        moves, edge_lists = walls.moves, walls.edges
        for i in range(len(moves)):
            if out[i]:
                continue
            edges = edge_lists[i]
            # A wall that closes no ring of walls (or of walls and the rim) cuts nobody off.
            ring = groups is None or _closes_a_ring(groups, ends, edges)
            if not kept or not ring or self._keeps_ways(edges, kept, ways, lines):
                found.append(moves[i])
        return found

    def _ruled_out(self, walls: WallTable, marked: Sequence[int]) -> list[bool]:
        """Whether each wall of ``walls`` overlaps or crosses one already up (across the edges numbered
        in ``marked``), found from the marks (few) rather than wall by wall, through the table's walls by
        edge and by crossing point."""
        out = [False] * len(walls.moves)
        points = self._marked(BoardCells._crossing_points(self)) if walls.by_point else []
        for numbers, by_number in ((marked, walls.by_edge), (points, walls.by_point)):
            for k in numbers:
                taken = by_number.get(k)
                if taken is not None:
                    for i in taken:
                        out[i] = True
        return out

    def _wall_moves_native(
        self,
        walls: WallTable,
        keep: Sequence[tuple[int, Container[int]]],
        lines: Sequence[P | None],
        marked: list[int],
    ) -> list[Any]:
        """:meth:`wall_moves` on the compiled build for walls two edges long: the walls ruled out flagged
        in a list from the marks, each wall's four ends read from the table's columns (lists of ints, quick
        in C), a ring when one edge's ends, or the ends of both, are joined already, and only a wall that
        closes a ring and crosses a pair's way searched, on the cells as two machine words where the
        board allows (:class:`CellWords`; else the plain search)."""
        ends = self.board.compiled.wall_ends
        groups = self._wall_groups(ends, marked)
        moves, edge_lists = walls.moves, walls.edges
        out = self._ruled_out(walls, marked)
        words: CellWords | None = self._tables.cell_words(self.board.compiled)
        if words is not None and not words.usable:
            words = None
        opens: list[i64] = []  # made on the first search (few calls search): CellWords.opens, then each pair's goals
        targets: list[tuple[i64, i64]] = []
        ways: list[list[int] | None] = [None] * len(keep)
        found: list[Any] = []
        # Whether each edge lies on a pair's way, made at the first wall that closes a ring: a wall across
        # none of them keeps every way open, without a call to _keeps_ways (most of the walls that close a ring).
        crossed: list[bool] = []
        firsts, seconds, thirds, fourths = walls.corners(ends)
        for i in range(len(moves)):
            if out[i]:
                continue
            a, b, c, d = groups[firsts[i]], groups[seconds[i]], groups[thirds[i]], groups[fourths[i]]
            if a == b or c == d or (c in (a, b) and d in (a, b)):  # a ring
                if not crossed:
                    crossed = [False] * len(lines)
                    for n in range(len(keep)):
                        start, goals = keep[n]
                        way = ways[n] = self._way_edges(start, goals, lines)
                        for k in way:
                            crossed[k] = True
                edges = edge_lists[i]
                if (crossed[edges[0]] or crossed[edges[1]]) and not self._keeps_ways(
                    edges, keep, ways, lines, words, opens, targets, marked
                ):
                    continue
            found.append(moves[i])
        return found

    def _keeps_ways(
        self,
        edges: Sequence[int],
        keep: Sequence[tuple[int, Container[int]]],
        ways: list[list[int] | None],
        lines: Sequence[P | None],
        words: CellWords | None = None,
        opens: list[i64] | None = None,
        targets: list[tuple[i64, i64]] | None = None,
        marked: Sequence[int] = (),
    ) -> bool:
        """Whether every ``(start, goals)`` of ``keep`` still joins with walls across ``edges`` too;
        ``ways[n]``, each pair's way (found when first needed), spares the search for a wall across none.
        With ``words``, the search runs on the cells as two machine words (:meth:`CellWords.reaches`), with
        ``opens`` and each pair's goals as words, ``targets``, made here on the first search from the edges
        numbered in ``marked`` (the walls up)."""
        compiled = self.board.compiled
        for n in range(len(keep)):
            start, goals = keep[n]
            way = ways[n]
            if way is None:
                way = ways[n] = self._way_edges(start, goals, lines)
            crossed = False
            for k in edges:
                if k in way:
                    crossed = True
                    break
            if not crossed:
                continue
            if words is not None and opens is not None and targets is not None:
                if not opens:
                    opens.extend(words.opens(marked))
                    bits = self._tables.cell_bits(compiled)
                    targets.extend([words.goals(bits.goal_bits(pair[1])) for pair in keep])
                goals0, goals1 = targets[n]
                if not words.reaches(opens, start, goals0, goals1, edges):
                    return False
            elif not reaches(compiled, start, goals, lines, closing=edges):
                return False
        return True

    def _wall_moves_bits(
        self,
        walls: WallTable,
        keep: Sequence[tuple[int, Container[int]]],
        lines: Sequence[P | None],
        marked: list[int],
        bits: CellBits,
    ) -> list[Any]:
        """:meth:`wall_moves` on the pure build for walls two edges long on a board whose steps are shifts:
        the walls ruled out as the bits of one int (from each marked edge's and crossing point's walls),
        the ring test of every wall at once in C (map over the groups of each wall's four ends: a ring
        when one edge's ends, or the ends of both, are joined already), and the few walls that close a
        ring and cross a pair's way searched a layer at a time (:class:`CellBits`)."""
        ends = self.board.compiled.wall_ends
        points = BoardCells._crossing_points(self)
        by_edge, by_point = walls.masks(len(lines), len(points))
        blocked = reduce(or_, map(by_edge.__getitem__, marked), 0)
        if walls.by_point:
            blocked = reduce(or_, map(by_point.__getitem__, self._marked(points)), blocked)
        moves, edge_lists = walls.moves, walls.edges
        n = len(moves)
        # The ring test of every wall at once: a wall closes a ring when two of its ends (a, b: its first
        # edge's; c, d: its second's) are one point or in one group of points joined by walls.
        spread, same = walls.ring_bits(ends, len(self.board.crossings))
        ab_bc_cd, ac_bd, ad = same
        for w in self._joined_walls(ends, marked, spread):
            ab_bc_cd |= w & w >> n
            ac_bd |= w & w >> 2 * n
            ad |= w & w >> 3 * n
        full = (1 << n) - 1
        ab, bc, cd = ab_bc_cd & full, ab_bc_cd >> n & full, ab_bc_cd >> 2 * n & full
        ac, bd = ac_bd & full, ac_bd >> n & full
        todo = (ab | cd | (ac | bc) & (ad & full | bd)) & ~blocked
        if todo:
            # Only a wall across a pair's way (one way, kept while open) may cut that pair off: search those.
            opens = bits.opens(marked)
            crossing: list[int] = []
            for start, goals in keep:
                way = self._way_edges(start, goals, lines, bits, opens)
                crossing.append(reduce(or_, map(by_edge.__getitem__, way), 0) & todo)
            todo &= reduce(or_, crossing, 0)
            while todo:
                low = todo & -todo
                todo ^= low
                edges = edge_lists[low.bit_length() - 1]
                for pair in range(len(keep)):
                    if crossing[pair] & low:
                        start, goals = keep[pair]
                        if not bits.reaches(opens, 1 << start, bits.goal_bits(goals), edges):
                            blocked |= low
                            break
        return list(compress(moves, map("0".__eq__, reversed(format(blocked, f"0{n}b")))))

    def _joined_walls(self, ends: Sequence[tuple[int, int]], marked: Sequence[int], spread: list[int]) -> list[int]:
        """For each group of crossing points joined by the walls across the edges numbered in ``marked``
        (:meth:`_wall_groups`), the bits of ``spread`` (:meth:`WallTable.ring_bits`) of its points,
        gathered as the groups join."""
        rim = len(spread) - 1
        parent = list(range(rim + 1))
        joined: dict[int, int] = {}
        for k in marked:
            a, b = ends[k]
            a = rim if a < 0 else a
            b = rim if b < 0 else b
            x, y = _root(parent, a), _root(parent, b)
            if x != y:
                parent[x] = y
                joined[y] = joined.pop(x, 0) | joined.get(y, 0) | spread[a] | spread[b]
        return list(joined.values())

    def _way_edges(
        self,
        start: int,
        goals: Container[int],
        lines: Sequence[P | None],
        bits: CellBits | None = None,
        opens: Sequence[int] = (),
    ) -> list[int]:
        """The edges along one way from ``start`` to ``goals`` past the marks (none when there is none):
        the way found last time from the same cell to the same goals while it is still open (walls go up
        away from it more often than across it), else one shortest way. The list is the one kept (read it,
        never change it)."""
        tables = self._tables
        key = (start, id(goals))
        known = tables.ways.get(key)
        if known is not None and known[0] is goals:
            for k in known[1]:
                if lines[k] is not None:
                    break
            else:
                return known[1]
        edges: list[int] = []
        if bits is not None:  # the search on the cells as bits (CellBits)
            edges = bits.way_edges(opens, start, bits.goal_bits(goals)) or []
            if edges:
                if len(tables.ways) >= 256:
                    tables.ways.clear()
                tables.ways[key] = (goals, edges)
            return edges
        cells = shortest_way(self.board.compiled, start, goals, lines)
        numbers = tables.edge_numbers
        if cells:
            at = start
            for j in cells:
                edges.append(numbers[at, j])
                at = j
            if len(tables.ways) >= 256:  # many boards' or pawns' ways: forget the old ones
                tables.ways.clear()
            tables.ways[key] = (goals, edges)
        return edges

    def _marked(self, marks: Sequence[P | None]) -> list[int]:
        """The numbers of the entries of ``marks`` that hold a mark (on the pure build picked in C)."""
        if NATIVE:
            return [k for k, mark in enumerate(marks) if mark is not None]
        return list(compress(range(len(marks)), map(is_not, marks, repeat(None))))

    def _wall_groups(self, ends: Sequence[tuple[int, int]], marked: Sequence[int]) -> list[int]:
        """The walls already up (across the edges numbered in ``marked``) joined
        into groups: for every crossing point (and, last, the rim), the number
        of its group (points joined by walls, or by walls and the rim, share one)."""
        rim = len(self.board.crossings)
        parent = list(range(rim + 1))  # the rim last, so that an end at the rim, -1, reads it
        heads, tails = self._tables.wall_ends(ends, rim)
        touched: list[int] = []
        for k in marked:
            a = heads[k]
            b = tails[k]
            touched.append(a)
            touched.append(b)
            a = _root(parent, a)
            b = _root(parent, b)
            if a != b:
                parent[a] = b
        groups = list(range(rim + 1))  # a point no wall touches is a group of its own
        for x in touched:
            groups[x] = _root(parent, x)
        return groups

    def empty_edges(self) -> list[tuple[Cell, Cell]]:
        """The edges without a mark, in :attr:`~boardkit.topology.Topology.edges` order.

        Raises:
            TopologyError: if the game does not play on edges.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Edge
            >>> class Lines(BoardGame):
            ...     name, board, state_class, moves = "lines", SquareGrid(2, 2), BoardState, (Edge,)
            >>> state = Lines().new_game(seed=0)
            >>> state.put_edge("a1", "b1", "x")
            >>> state.edge("b1", "a1"), len(state.empty_edges())
            ('x', 3)
        """
        edges = self.board.edges
        return [edges[k] for k, mark in enumerate(BoardCells._edge_lines(self)) if mark is None]

    def edge_moves(self, table: Sequence[Any]) -> list[Any]:
        """The moves ``table[k]`` of every edge ``k`` without a mark, in
        :attr:`~boardkit.topology.Topology.edges` order: :meth:`place_moves`
        for a game on edges (Dots and Boxes' lines, made once).

        Raises:
            TopologyError: if the game does not play on edges.

        Examples:
            >>> from dots_and_boxes import LINES, DotsAndBoxes
            >>> state = DotsAndBoxes().new_game(seed=0)
            >>> state.apply("a1-b1")
            >>> len(LINES), len(state.edge_moves(LINES)), LINES[0] in state.edge_moves(LINES)
            (12, 11, False)
        """
        lines = BoardCells._edge_lines(self)
        return [move for k, move in enumerate(table) if lines[k] is None]

    def closed(self, groups: Sequence[Sequence[int]]) -> int:
        """How many of ``groups`` (each a sequence of edge numbers) have a
        mark on every edge: the boxes a line closes in Dots and Boxes.

        Raises:
            TopologyError: if the game does not play on edges.

        Examples:
            >>> from dots_and_boxes import BOXES, DotsAndBoxes
            >>> state = DotsAndBoxes().new_game(seed=0)
            >>> for line in ["a1-b1", "a2-b2", "a1-a2"]:
            ...     state.apply(line)
            >>> state.closed(BOXES), state.current_player
            (0, 1)
            >>> state.apply("b1-b2"); state.closed(BOXES), state.current_player
            (1, 1)
        """
        lines = BoardCells._edge_lines(self)
        count = 0
        for group in groups:
            for k in group:
                if lines[k] is None:
                    break
            else:
                count += 1
        return count

    # The positions seen, for repetition rules; undone with the move that saw them.

    def remember(self, key: Hashable | None = None) -> int:
        """Count this position among the positions seen, and return how many
        times it had been seen before (0: never): a repetition rule's
        record (Oware's and Lines of Action's "a position came back", Go's
        superko), kept by the kit so that a move adds one entry and its
        undo takes it back (no copy of the record a move). ``key`` is what
        to compare; by default the cells, the marks and the player to move.
        :meth:`forget_seen` clears the record (after a move that cannot be
        undone in play, such as a capture), :meth:`times_seen` reads it.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.remember(), state.remember(), state.remember("my key")
            (0, 1, 0)
            >>> state.times_seen(), state.times_seen("other")
            (2, 0)
        """
        if key is None:
            key = BoardCells._seen_key(self)
        before = self._positions_seen.get(key, 0)
        self._positions_seen[key] = before + 1
        if self._log is not None:
            self._log.append((_SEEN, key, before))
        else:
            self._changed_outside_a_move()
        return before

    def times_seen(self, key: Hashable | None = None) -> int:
        """How many times :meth:`remember` counted this position (or ``key``)
        since the record was last cleared.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.times_seen()
            0
        """
        return self._positions_seen.get(BoardCells._seen_key(self) if key is None else key, 0)

    def forget_seen(self) -> None:
        """Clear the record of positions seen (:meth:`remember`): a move
        after which no earlier position can come back, such as Oware's
        capture. Undone with the move.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.remember()
            0
            >>> state.forget_seen(); state.remember()
            0
        """
        old = self._positions_seen
        self._positions_seen = {}
        if self._log is not None:
            self._log.append((_FORGOT, None, old))
        else:
            self._changed_outside_a_move()

    @property
    def last_move(self) -> Any:
        """The move being played, while :meth:`play` and :meth:`judge` run,
        and the last move played otherwise (``None`` before the first): what
        a judge that looks only at what the last move changed reads (the
        stone just put in Hex, Y or Havannah). While :meth:`judge` looks at
        a position that no move made (the start, or one changed by hand with
        :meth:`put`, :meth:`set` and the like) it is ``None``: such a judge
        then looks at the whole board, for either side.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.last_move is None
            True
            >>> state.apply("b2"); state.last_move
            Place('b2')
            >>> state.undo(); state.last_move is None
            Place('b2')
            True
        """
        return self._last_move

    def set(self, counter: str, value: Hashable) -> None:
        """Set a declared counter to a hashable value (a number, a text, a
        tuple of them): it is part of the position, compared and hashed with
        it.

        Raises:
            OptionError: if the game declares no such counter.
            TypeError: if ``value`` is not hashable (a list, a dict): a bug
                in the rules, refused here rather than where the position
                is next compared.
        """
        if counter not in self._counters:
            raise OptionError(f"no counter {counter!r:.40}; {self._game_name()} declares {self._counter_names()}")
        if type(value) is not int and type(value) is not tuple and type(value) is not str:
            try:
                hash(value)
            except TypeError:
                raise TypeError(
                    f"counter {counter!r:.40} holds hashable values (a number, a text, a tuple),"
                    f" not a {type(value).__name__}"
                ) from None
        if self._log is not None:
            self._log.append((_COUNTER, counter, self._counters[counter]))
            self._counters[counter] = value
        else:
            self._counters[counter] = value
            self._changed_outside_a_move()

    def set_turn(self, player: Player) -> None:
        """Make ``player`` the one to move (at the first of the game's
        :attr:`~BoardGame.parts`, if it declares them)."""
        if self._log is not None:
            self._log.append((_TURN, None, self._turn))
        self._turn = player
        if self._first_part is not None and self._counters[PART] != self._first_part:
            self.set(PART, self._first_part)
        elif self._log is None:
            self._changed_outside_a_move()

    def next_turn(self, skip: Callable[[Player], bool] | None = None) -> None:
        """Pass the turn to the next player in order, skipping those for whom
        ``skip(player)`` is true (players who must pass); if every other
        player is skipped the turn comes back to the one who moved. The new
        turn starts at the first of the game's :attr:`~BoardGame.parts`."""
        player = self._turn
        if skip is None:
            if self._log is not None:
                self._log.append((_TURN, None, player))
            self._turn = (player + 1) % self.players
            if self._first_part is not None and self._counters[PART] != self._first_part:
                self.set(PART, self._first_part)
            elif self._log is None:
                self._changed_outside_a_move()
            return
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if skip is None or candidate == player or not skip(candidate):
                self.set_turn(candidate)
                return

    @property
    def part(self) -> str:
        """The part of the turn the player to move is playing (a name from
        the game's :attr:`~BoardGame.parts`), or ``""`` for a game whose
        turns are one move."""
        if self._first_part is None:
            return ""
        part = self._counters[PART]
        return part if type(part) is str else str(part)

    # -- the protocol, derived --------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        return None if self._result is not None else self._turn

    @property
    def player(self) -> Player:
        """The player whose turn it is, as a number even once the game is
        over (then the player who would have moved): what :meth:`moves`,
        :meth:`play` and :meth:`judge` read instead of
        ``current_player or 0``.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("b2"); state.player
            1
        """
        return self._turn

    @property
    def outcome(self) -> Outcome | None:
        return self._result

    @property
    def is_over(self) -> bool:
        return self._result is not None

    def random_move(self, rng: Any) -> Any:
        moves = BoardCells._listed(self)
        if not moves:
            raise no_move_error(cast(Any, self))
        try:
            return moves[rng.randbelow(len(moves))]
        except AttributeError:  # checked only when it failed: playouts call this every move
            check_generator(rng)
            raise  # a Random's own: a bug, as itself

    def _random_plies(self, stop: int, rng: Any, moves: list[Any], tokens: list[object], befores: list[int]) -> None:
        """The loop of the kit's playout (:meth:`State._random_plies
        <boardkit.State._random_plies>`; it stops when ``moves``, the move
        stack, holds ``stop`` moves, -1: no limit), here so
        that on the compiled build it runs in C: each move chosen by
        :meth:`random_move` is played by :meth:`_play`, and goes on
        ``moves``, with what undo needs on ``tokens`` and the generator's
        state before it on ``befores`` (put there before the move is played,
        so one more when a move raised)."""
        chance = self.rng
        while len(moves) != stop and self._result is None:
            move = self.random_move(rng)
            befores.append(chance.state)
            token = self._play(move)
            tokens.append(token)
            moves.append(move)

    def _play(self, move: Any) -> object:
        if self._result is not None:
            raise IllegalMoveError(move, "the game is over")
        try:
            if self._own_check:
                reason = self.check(move)
            else:  # the kit's own check (_among_legal), here: one call less a move on the pure build
                version, moves = self._legal
                if version != self._version:
                    moves = BoardCells._listed(self)
                for legal in moves:  # the move usually is one of these very values: no comparisons needed
                    if legal is move:
                        reason = None
                        break
                else:
                    reason = None if move in moves else BoardCells._refusal(self, move)
        except Exception:
            # A value that is not a move of the game (fields of the wrong kind, a cell off the board)
            # is refused; an error raised checking a move of the game is a bug in the rules: itself.
            if cast(Any, self).is_well_formed(move):
                raise
            reason = "not a move of this game"
        if reason is not None:
            raise IllegalMoveError(move, reason)
        log: list[tuple[int, Any, Any]] = []
        self._log = log
        previous = self._last_move
        self._last_move = move
        before = self._legal
        self._version += 1
        try:
            self.play(move)
            self._result = self.judge()
        except BaseException:
            self._log = None
            self._asked_at = -1
            self._unwind(log)
            self._result = None  # it was played while the game went on
            # The last move played, as it was: in a playout the moves before this one are not yet on the stack.
            self._last_move = previous
            raise
        self._log = None
        if self._asked_at >= 0:  # the moves were asked for during the move: kept if nothing changed since
            if self._asked_at == len(log) and self._legal[0] == _ASKED:
                self._legal = (self._version, self._legal[1])
            self._asked_at = -1
        # The legal moves known before the move, given back by its undo when nothing else changed since
        # (a search, or lockstep, tries a move, takes it back and goes on with the next: no listing again).
        # The version is the one before the move's plus one (nothing else moves it while a move is played).
        log.append((_LEGAL, self._version, before))
        # A move _KEEP_LEGAL moves back keeps its record, but not the legal moves before it: a search takes
        # back the moves it tried long before that, while every list kept is one more object for the garbage
        # collector's full passes to walk (a long game kept them all: a third of Chinese checkers' time).
        tokens = self._tokens
        at = len(tokens) - _KEEP_LEGAL
        if at >= 0:
            old = tokens[at]
            if type(old) is list and old and old[-1][0] == _LEGAL:  # a copy that shares it keeps its own
                tokens[at] = tuple(old[:-1])  # plain numbers and pieces: a tuple the collector stops tracking
        return log

    def _unplay(self, move: Any, token: Any) -> None:
        by_hand = self._unwind(token)
        moves = self._moves  # the move taken back is off the stack already (or, refused, never on it)
        self._last_move = moves[-1] if moves else None
        if by_hand:  # changed by hand since the move: the position before it, with that change, and so before
            BoardCells._mark_by_hand(self)  # the move before it too
            self._judge_as_set_up()
        else:
            self._result = None  # a move is only ever played while the game goes on

    def _unwind(self, token: Any) -> bool:
        """Put back what a move's record says it changed; whether the position was changed by hand
        after the move (:meth:`_mark_by_hand`)."""
        version = self._version
        self._version += 1
        by_hand = False
        for what, where, old in reversed(token):
            if what == _CELL:
                self._cells[where] = old
            elif what == _COUNTER:
                self._counters[where] = old
            elif what == _EDGE:
                BoardCells._edge_lines(self)[where] = old
            elif what == _CROSSING:
                BoardCells._crossing_points(self)[where] = old
            elif what == _LEGAL:
                if where == version:  # the position is the one the move left: the one before it comes back whole
                    self._version = version - 1
                    self._legal = old
            elif what == _SEEN:
                if old:
                    self._positions_seen[where] = old
                else:
                    del self._positions_seen[where]
            elif what == _FORGOT:  # a copy of the record: a copy of this state shares the log, and may undo it too
                self._positions_seen = dict(old)
            elif what == _BY_HAND:
                by_hand = True
            else:
                self._turn = old
        return by_hand

    @staticmethod
    def _listed(state: BoardCells[Any]) -> list[Any]:
        """The legal moves of ``state``, listed once per position (the list itself, which the kit never
        changes in place): a static method called through the class, which the compiled build calls
        directly (a method called through ``self`` is looked up in Python on a game's state, a Python
        subclass)."""
        if state._result is not None:  # judge may have asked for them before it ended the game
            return []
        version, moves = state._legal
        if version != state._version:
            log = state._log
            if log is None:
                moves = state.moves()
                state._legal = (state._version, moves)
            elif version != _ASKED or state._asked_at != len(log):
                # Asked for during a move: kept as version _ASKED, used again while the log does not grow,
                # and the position's own once the move is over if nothing changed after (_play).
                moves = state.moves()
                state._legal = (_ASKED, moves)
                state._asked_at = len(log)
        return moves

    @staticmethod
    def _among_legal(state: BoardCells[Any], move: Any) -> str | None:
        """The kit's :meth:`BoardCells.check`: ``None`` when ``move`` is among the legal moves."""
        version, moves = state._legal
        if version != state._version:
            moves = BoardCells._listed(state)
        for legal in moves:  # the move usually is one of these very values: no comparisons needed
            if legal is move:
                return None
        return None if move in moves else BoardCells._refusal(state, move)

    @staticmethod
    def _refusal(state: BoardCells[Any], move: Any) -> str:
        """Why ``move``, not among the legal moves, is refused: a move onto a cell by name (a
        :class:`~boardkit.kit.Place`) whose cell holds a piece says so, any other is not legal here."""
        cell = getattr(move, "cell", None)
        if type(cell) is str:
            i = state._where.get(cell)
            if i is not None and state._cells[i] is not None:
                return f"{cell} holds {symbol(state._cells[i])}"
        return "not a legal move in this position"

    def _key(self) -> Hashable:
        # The positions seen (remember) are the game's history, not its position: left out, as the move stack is.
        return (self._marks(), tuple(sorted(self._counters.items())), self._turn, self._result)

    def _marks(self) -> tuple[Any, ...]:
        """What stands on the cells, then the marks on the edges and crossing points, if kept."""
        cells = tuple(self._cells) if self._lines is None else (*self._cells, *self._lines)
        if self._points is not None:
            cells = (*cells, *self._points)
        return cells

    # Helpers of the hot methods, static methods called through the class (BoardCells._cell_index(self,
    # cell)), which the compiled build calls directly, where a method called through ``self`` is looked
    # up in Python on a game's state (a Python subclass): a lookup that took most of the time of the walks
    # (sow, streak) and remember in Oware's profile.

    @staticmethod
    def _cell_index(state: BoardCells[Any], cell: Cell) -> int:
        """The index of ``cell`` (a cell or its name): one dictionary lookup, the board's own error otherwise."""
        try:
            return state._where[cell]
        except (KeyError, TypeError):
            return state.board.index(state.board.cell(cell) if isinstance(cell, str) else cell)

    @staticmethod
    def _direction_index(state: BoardCells[Any], direction: str) -> int:
        """The index of ``direction`` in the compiled tables, or a :class:`TopologyError`."""
        try:
            return state._tables.directions[direction]
        except (KeyError, TypeError):
            raise TopologyError(f"no direction {direction!r:.20} on this board") from None

    @staticmethod
    def _seen_key(state: BoardCells[Any]) -> tuple[Any, ...]:
        """What stands on the cells (and marks the edges and crossing points) and who is to move."""
        if state._lines is None and state._points is None:
            return (tuple(state._cells), state._turn)
        return (state._marks(), state._turn)


# The kit's loops over a game's tables, typed as the tables the kit's makers return (lists, and lists or
# tuples of cell indices) for the compiled build, where they run by index in C: read through Python's
# protocols, a table of unknown type costs an iterator and a boxed index per item (a third of Amazons'
# time went on it). The methods call them only compiled and with a list; a table of another shape raises
# TypeError at once, and the method reads it the generic way.


def _sorted_at(where: list[int], i: int) -> int:
    """``bisect_left(where, i)``, typed for the compiled build, where it runs in C on machine integers
    (the standard library's is a call through Python's protocols there)."""
    low, high = 0, len(where)
    while low < high:
        middle = (low + high) >> 1
        if where[middle] < i:
            low = middle + 1
        else:
            high = middle
    return low


def _same(a: object, b: object) -> bool:
    """``a == b`` for two pieces, as the generic loops read it: two texts compared in C without Python's
    comparison protocol (a third of a Breakthrough position's step moves went on it), anything else as
    Python compares it (no shortcut for the very object: a piece need not equal itself)."""
    if type(a) is str:
        if type(b) is str:
            text: str = a
            other: str = b
            return text == other
        if b is None:  # no text equals None: the capture of no enemy
            return False
    return bool(a == b)


def _differ(a: object, b: object) -> bool:
    """``a != b`` for two pieces, as :meth:`BoardCells.filled` reads it (a class may define ``!=`` apart
    from ``==``, as a subclass of ``str`` that defines only ``__eq__`` does), two texts compared in C."""
    if type(b) is str:
        if type(a) is str:
            text: str = a
            other: str = b
            return text != other
        if a is None:  # an empty cell of a line of texts
            return True
    return bool(a != b)


def _full(cells: list[Any], line: object) -> Any:
    """The piece on every cell of ``line`` (a list or tuple of cell indices), or ``None``."""
    if type(line) is list:
        row = cast(list[int], line)
        first = cells[row[0]]
        if first is not None:
            for i in row:
                if _differ(cells[i], first):
                    return None
        return first
    fixed = cast(tuple[int, ...], line)
    first = cells[fixed[0]]
    if first is not None:
        for i in fixed:
            if _differ(cells[i], first):
                return None
    return first


def _steps(cells: list[Any], piece: Any, table: list[list[tuple[int, Any, Any]]], enemy: Any) -> list[Any]:
    """:meth:`BoardCells.step_moves` on a table of lists of ``(cell, quiet, capture)`` triples."""
    found: list[Any] = []
    for i in range(len(cells)):
        here = cells[i]
        if here is piece or (here is not None and _same(here, piece)):
            for j, quiet, capture in table[i]:
                held = cells[j]
                if held is None:
                    if quiet is not None:
                        found.append(quiet)
                elif capture is not None and _same(held, enemy):
                    found.append(capture)
    return found


def _slides(cells: list[Any], table: list[list[list[tuple[int, Any]]]], piece: Any, start: int) -> list[Any]:
    """:meth:`BoardCells.slide_moves` on a table of lists of lines of ``(cell, move)`` pairs."""
    found: list[Any] = []
    first, last = (0, len(cells)) if start < 0 else (start, start + 1)
    for i in range(first, last):
        here = cells[i]  # read for a start too: one off the board is an IndexError, as the generic loop's
        if start >= 0 or here is piece or (here is not None and _same(here, piece)):
            for line in table[i]:
                for j, move in line:
                    if cells[j] is not None:
                        break
                    found.append(move)
    return found


def _round_order(steps: Sequence[Sequence[int]], near: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """``steps`` with their six directions in an order that goes round every cell, each neighbour
    next to the next, on a board whose pieces are discs (:meth:`BoardTables.round_steps`); ``()``
    when no order does, or the board has a hole."""
    if not steps or any(len(ways) != 6 for ways in steps):
        return ()
    if any(sorted(j for j in ways if j >= 0) != sorted(near[i]) for i, ways in enumerate(steps)):
        return ()
    for rest in permutations(range(1, 6)):
        if rest[0] > rest[-1]:  # each order once, not its mirror too
            continue
        order = (0, *rest)
        found = tuple(tuple(ways[d] for d in order) for ways in steps)
        corners = _corners(found, near)
        if corners >= 0:
            return found if _is_discs(near, corners // 3) else ()
    return ()


def _corners(steps: Sequence[Sequence[int]], near: Sequence[Sequence[int]]) -> int:
    """How many corners of triangles of neighbours ``steps`` go round (each triangle counted at its
    three corners), or -1 when two neighbours next to each other round a cell are not neighbours."""
    corners = 0
    for ways in steps:
        for d in range(6):
            a, b = ways[d], ways[(d + 1) % 6]
            if a >= 0 and b >= 0:
                if b not in near[a]:
                    return -1
                corners += 1
    return corners


def _is_discs(near: tuple[tuple[int, ...], ...], triangles: int) -> bool:
    """Whether a board of these neighbours and ``triangles`` is in pieces without holes: cells minus
    edges plus triangles (its Euler characteristic) is the number of pieces, found as the chains of a
    board whose every cell holds the same piece."""
    parent = _Chains([0] * len(near), [True] * len(near), near).parent
    pieces = sum(1 for i in range(len(near)) if _root(parent, i) == i)
    edges = sum(len(ways) for ways in near) // 2
    return len(near) - edges + triangles == pieces


def _root(parent: list[int], x: int) -> int:
    """The group of ``x`` in a union-find of crossing points, halving the path as it goes."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _closes_a_ring(groups: Sequence[int], ends: Sequence[tuple[int, int]], edges: Sequence[int]) -> bool:
    """Whether walls across ``edges``, put beside those in ``groups``
    (:meth:`BoardCells._wall_groups`), would join two points already joined:
    close a ring of walls (or of walls and the rim), which may fence cells off."""
    joined: dict[int, int] = {}
    for k in edges:
        a, b = ends[k]
        a = groups[a]  # -1, the rim, is the last
        b = groups[b]
        while a in joined:
            a = joined[a]
        while b in joined:
            b = joined[b]
        if a == b:
            return True
        joined[a] = b
    return False
