"""The board protocol: :class:`Topology` (a frozen networkx graph with a
position on every cell and a step on every edge), :class:`CompiledTopology`
(the integer tables move generation uses) and :func:`from_graph` for any
graph.

Part of the boards floor: it imports the core only, never a component or a
game.
"""

from __future__ import annotations

import math
import numbers
from collections import deque
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import Any, Generic, cast

import attrs
import networkx as nx
from typing_extensions import TypeVar

from boardkit.errors import BoardkitError, shown

__all__ = ["MAX_CELLS", "Cell", "CompiledTopology", "Direction", "Topology", "TopologyError", "from_graph"]

#: The most cells a grid constructor builds (a 1000 x 1000 board). Larger
#: sizes are refused at once rather than spending minutes and gigabytes on a
#: networkx graph; build a bigger graph yourself and use :func:`from_graph`.
MAX_CELLS = 1_000_000

#: A cell of a board: any hashable networkx node. Grids use coordinate tuples.
Cell = Hashable
#: The type of a board's cells: ``tuple[int, int]`` on the grids, any
#: hashable on a board of your own (:class:`Topology` is generic in it).
C = TypeVar("C", bound=Hashable, default=Any)
#: A direction label such as ``"n"`` or ``"se"``.
Direction = str

#: Boards with at most this many cells get an all-pairs distance table.
_DISTANCE_TABLE_LIMIT = 1024


class TopologyError(BoardkitError, ValueError):
    """A board that cannot be built, or a cell or direction it does not have.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> SquareGrid(3, 3).index((5, 5))
        Traceback (most recent call last):
        ...
        boardkit.topology._base.TopologyError: no cell (5, 5) on this board
    """


@attrs.frozen(eq=False)
class CompiledTopology:
    """A topology compiled into integer-indexed tuples for hot paths.

    Cells are numbered ``0 .. size - 1`` in :attr:`Topology.cells` order and
    directions ``0 .. len(directions) - 1`` in :attr:`Topology.directions`
    order. Nothing here is networkx; move generators read only these tuples.

    Attributes:
        size: The number of cells.
        neighbors: ``neighbors[i]`` is the tuple of cell indices next to ``i``.
        steps: ``steps[i][d]`` is the cell one step from ``i`` in direction
            ``d``, or ``-1`` off the board.
        rays: ``rays[i][d]`` is every cell beyond ``i`` in direction ``d``,
            nearest first.
        opposite: ``opposite[d]`` is the direction opposite ``d``, or ``-1``.
        distance: ``distance[i][j]`` in steps, for boards of at most 1024
            cells (``None`` for larger ones).
        step_edges: ``step_edges[i][d]`` is the number of the edge
            (:attr:`Topology.edges`) that the step ``steps[i][d]`` crosses,
            or ``-1`` off the board: where a game keeps walls on edges, the
            wall in the way of that step.
        neighbor_edges: ``neighbor_edges[i][n]`` is the number of the edge
            between ``i`` and ``neighbors[i][n]``.
        wall_ends: ``wall_ends[k]`` is the two crossing points
            (:attr:`Topology.crossings`) at the ends of a wall drawn across
            edge ``k``, ``-1`` where it meets the rim of the board; empty on
            a board whose walls do not join so (any but a square grid
            without diagonals). Walls that join up into a ring (or from rim
            to rim) fence cells off; walls that do not cannot.
        lines: every whole straight line of the board, as its cells from
            one end to the other: for each direction that has an opposite
            (the one of each pair the board names first), the cells from
            an end (no cell behind it) along that direction; a line that
            closes on itself (a ring) starts at its first cell in board
            order. A cell alone on its line is a line of one. They come
            pair by pair in the order of :attr:`Topology.directions`, and
            within a pair by their first cell in board order, the lines
            with ends before the rings.
        line_of: ``line_of[i][d]`` is the number, in :attr:`lines`, of the
            line through ``i`` along ``d`` and its opposite (the same for
            both), or ``-1`` for a direction without an opposite.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> c = SquareGrid(3, 3).compiled
        >>> c.size, len(c.rays[0])
        (9, 4)
        >>> c.rays[0][SquareGrid(3, 3).directions.index("e")]
        (1, 2)
        >>> east = SquareGrid(3, 3).directions.index("e")
        >>> k = c.step_edges[0][east]  # the edge between (0, 0) and (1, 0)
        >>> SquareGrid(3, 3).edges[k], c.wall_ends[k]
        (((0, 0), (1, 0)), (-1, 0))
        >>> len(c.lines), c.lines[c.line_of[4][east]]  # three rows, three columns; the middle row
        (6, (3, 4, 5))
    """

    size: int
    neighbors: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    opposite: tuple[int, ...]
    distance: tuple[tuple[int, ...], ...] | None
    step_edges: tuple[tuple[int, ...], ...] = ()
    neighbor_edges: tuple[tuple[int, ...], ...] = ()
    wall_ends: tuple[tuple[int, int], ...] = ()
    lines: tuple[tuple[int, ...], ...] = ()
    line_of: tuple[tuple[int, ...], ...] = ()


class Topology(Generic[C]):
    """A board: cells joined by steps, held as a networkx graph.

    The graph is the source of truth and is yours to use with any networkx
    algorithm (shortest paths, components, subgraph views). Cells are its
    nodes and carry a ``"pos"`` attribute with ``(x, y)`` drawing coordinates,
    y pointing up. Each edge carries a ``"steps"`` attribute mapping each of
    its two cells to the direction label of the step *from* that cell, so a
    square grid's edge between ``(0, 0)`` and ``(1, 0)`` has
    ``steps == {(0, 0): "e", (1, 0): "w"}``. Boards without directions leave
    ``steps`` out. Opposite directions come in pairs (``"e"`` and ``"w"``,
    each named the other's), and an edge stepped along a direction that has
    an opposite is stepped back along that opposite, so that a straight line
    reads the same both ways; a board that breaks either raises
    :class:`TopologyError`.

    For speed the board is compiled once into integer tables
    (:attr:`compiled`); move generation uses those, never the graph.

    Every method that takes a cell takes its name too (``"f3"`` as well as
    ``(5, 5)``), as a game's state does, and gives back cells.

    The graph is frozen (:func:`networkx.freeze`; the topology keeps its own
    frozen copy of the graph it was given), because the cells and tables are
    computed from it once and boards are shared between games: adding or
    removing a cell or a step raises :class:`networkx.NetworkXError`. To
    change a board, copy its graph (``networkx.Graph(board.graph)``), edit the
    copy and build a new topology from it with :func:`from_graph`.

    Examples:
        >>> import networkx as nx
        >>> from boardkit.topology import SquareGrid
        >>> board = SquareGrid(4, 3)
        >>> nx.shortest_path_length(board.graph, (0, 0), (3, 2))
        5
        >>> board.ray((0, 0), "e")
        ((1, 0), (2, 0), (3, 0))
        >>> board.ray("a3", "e") == board.ray((0, 0), "e")
        True
        >>> board.graph.remove_node((0, 0))
        Traceback (most recent call last):
        ...
        networkx.exception.NetworkXError: Frozen graph can't be modified
        >>> edited = nx.Graph(board.graph)
        >>> edited.remove_node((0, 0))
        >>> len(from_graph(edited).cells)
        11
    """

    def __init__(
        self,
        graph: nx.Graph[Any],
        directions: Sequence[Direction] = (),
        opposites: Mapping[Direction, Direction] | None = None,
    ) -> None:
        if graph.is_directed() or graph.is_multigraph():
            raise TopologyError("a topology's graph must be an undirected nx.Graph")
        if graph.number_of_nodes() == 0:
            raise TopologyError("a board needs at least one cell")
        # A frozen copy: the tables below are computed from it once, and boards are shared
        # (Tafl's come from a cache), so nobody may change it behind the board's back.
        self.graph: nx.Graph[Any] = graph if nx.is_frozen(graph) else nx.freeze(graph.copy())
        self.directions: tuple[Direction, ...] = tuple(directions)
        self._opposites: dict[Direction, Direction] = dict(opposites or {})
        self.cells: tuple[C, ...] = tuple(graph.nodes)
        self._index: dict[Hashable, int] = {cell: i for i, cell in enumerate(self.cells)}
        # What index() looks up: the cells, and their names too once a name has been asked for.
        self._lookup = self._index
        for d, o in self._opposites.items():
            if d not in self.directions or o not in self.directions:
                raise TopologyError(f"opposite pair {d!r}/{o!r} names an unknown direction")
            if self._opposites.get(o) != d:  # a line along d and back along o is the same line both ways
                back = f"{o!r} is opposite {self._opposites[o]!r}" if o in self._opposites else f"name {o!r}: {d!r} too"
                raise TopologyError(f"opposite pair {d!r}/{o!r} goes one way only: {back}")
        self._check_steps()

    def _check_steps(self) -> None:
        if not self.directions:
            return
        known = set(self.directions)
        seen: dict[tuple[Cell, Direction], Cell] = {}
        for a, b, steps in self.graph.edges(data="steps"):
            if not isinstance(steps, Mapping) or set(steps) != {a, b}:
                raise TopologyError(f"edge {a!r}-{b!r} needs a 'steps' mapping from each of its cells to a direction")
            for src, dst in ((a, b), (b, a)):
                d = steps[src]
                if d not in known:
                    raise TopologyError(f"edge {a!r}-{b!r} uses unknown direction {d!r}")
                if (src, d) in seen:
                    raise TopologyError(f"cell {src!r} has two steps in direction {d!r}")
                seen[src, d] = dst
                # A step along a direction that has an opposite comes back along the opposite: rays, captures
                # and the board's whole lines walk a straight line both ways.
                if d in self._opposites and steps[dst] != self._opposites[d]:
                    raise TopologyError(
                        f"edge {a!r}-{b!r} steps {d!r} from {src!r} but {steps[dst]!r} back, not {self._opposites[d]!r}"
                    )

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {len(self.cells)} cells, directions {list(self.directions)}>"

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[C]:
        return iter(self.cells)

    def __contains__(self, cell: object) -> bool:
        try:
            return cell in self._index
        except TypeError:
            return False

    def name(self, cell: C | str) -> str:
        """A cell's name in move notation. Grids override it with their own
        notation (:meth:`SquareGrid.name`); any other board writes the cell
        as ``str(cell)``.

        Examples:
            >>> import networkx as nx
            >>> from_graph(nx.path_graph(3)).name(2)
            '2'
        """
        return str(self.cells[self.index(cell)])

    def cell(self, name: C | str) -> C:
        """The cell a name stands for (see :meth:`name`); a cell stands for
        itself.

        Raises:
            TopologyError: if no cell has that name.

        Examples:
            >>> import networkx as nx
            >>> from_graph(nx.path_graph(3)).cell("2"), from_graph(nx.path_graph(3)).cell(2)
            (2, 2)
        """
        if not isinstance(name, str):
            return self.cells[self.index(name)]
        names: dict[str, C] | None = self.__dict__.get("_names")
        if names is None:
            names = {self.name(c): c for c in self.cells}
            self.__dict__["_names"] = names
        if name not in names:
            raise TopologyError(f"no cell named {name!r:.40} on this board")
        return names[name]

    def side(self, name: str) -> tuple[C, ...]:
        """The cells along one side of the board, in order along it.

        Grids name their sides: a :class:`SquareGrid` and a
        :meth:`HexGrid.rhombus` have ``"top"``, ``"bottom"`` (each left to
        right), ``"left"`` and ``"right"`` (each top to bottom); a
        :meth:`HexGrid.hexagon` has six (see :meth:`HexGrid.side`). Any other
        board has none.

        Raises:
            TopologyError: for a side the board does not have.

        Examples:
            >>> import networkx as nx
            >>> from_graph(nx.path_graph(3)).side("top")
            Traceback (most recent call last):
            ...
            boardkit.topology._base.TopologyError: no side 'top': this board has no named sides
        """
        sides = self.__dict__.get("_sides")
        if sides is None:
            sides = self.__dict__["_sides"] = self._make_sides()
        try:
            return sides[name]
        except (KeyError, TypeError):
            known = ", ".join(repr(k) for k in sides)
            why = f"sides are {known}" if known else "this board has no named sides"
            raise TopologyError(f"no side {name!r:.20}: {why}") from None

    def _make_sides(self) -> dict[str, tuple[C, ...]]:
        """Each named side's cells, for :meth:`side`; boards with sides override it."""
        return {}

    def index(self, cell: C | str) -> int:
        """The dense index ``0 .. len(cells) - 1`` of ``cell``, given as the
        cell or by its name (as every method of a board takes it).

        Raises:
            TopologyError: if the cell is not on the board.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(3, 2).index((2, 1)), SquareGrid(3, 2).index("c1")
            (5, 5)
        """
        try:
            return self._lookup[cell]
        except (KeyError, TypeError):
            if not isinstance(cell, str):
                raise TopologyError(f"no cell {cell!r:.40} on this board") from None
        if self._lookup is self._index:  # the first name: from now on names are one lookup too
            lookup: dict[Hashable, int] = {}
            for i, c in enumerate(self.cells):
                with suppress(TopologyError):  # a grid too wide for letters names no cell past z
                    lookup[self.name(c)] = i
            lookup.update(self._index)  # a cell that is also another cell's name stays itself
            self._lookup = lookup
            if cell in lookup:
                return lookup[cell]
        return self._index[self.cell(cell)]  # a loose name ("E4 "), or the board's own error

    @property
    def indices(self) -> Mapping[C, int]:
        """Every cell's index, read-only: ``indices[cell] == index(cell)``
        for the cells themselves (not their names), one dictionary lookup.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(3, 2).indices[(2, 1)]
            5
        """
        return MappingProxyType(cast("dict[C, int]", self._index))

    def _direction(self, direction: Direction) -> int:
        try:
            return self.directions.index(direction)
        except ValueError:
            known = ", ".join(repr(d) for d in self.directions) or "none"
            raise TopologyError(f"no direction {direction!r}; directions are: {known}") from None

    @cached_property
    def compiled(self) -> CompiledTopology:
        """The board as integer tables, built once on first use."""
        n = len(self.cells)
        idx = self._index
        nd = len(self.directions)
        dir_of = {d: i for i, d in enumerate(self.directions)}
        steps = [[-1] * nd for _ in range(n)]
        neighbors: list[tuple[int, ...]] = []
        for i, cell in enumerate(self.cells):
            if nd:
                for nb in self.graph.neighbors(cell):
                    steps[i][dir_of[self.graph.edges[cell, nb]["steps"][cell]]] = idx[nb]
                # With directions, neighbours come in direction order.
                neighbors.append(tuple(j for j in steps[i] if j >= 0))
            else:
                neighbors.append(tuple(idx[c] for c in self.graph.neighbors(cell)))
        rays: list[tuple[tuple[int, ...], ...]] = []
        for i in range(n):
            per_dir = []
            for d in range(nd):
                ray: list[int] = []
                j = steps[i][d]
                while j >= 0 and j != i and len(ray) < n:
                    ray.append(j)
                    j = steps[j][d]
                per_dir.append(tuple(ray))
            rays.append(tuple(per_dir))
        opposite = tuple(dir_of.get(self._opposites.get(d, ""), -1) for d in self.directions)
        distance = _distance_table(neighbors) if n <= _DISTANCE_TABLE_LIMIT else None
        numbers = self._edge_numbers
        step_edges = tuple(tuple(numbers[i, j] if j >= 0 else -1 for j in row) for i, row in enumerate(steps))
        neighbor_edges = tuple(tuple(numbers[i, j] for j in row) for i, row in enumerate(neighbors))
        lines, line_of = _whole_lines(steps, rays, opposite)
        return CompiledTopology(
            n,
            tuple(neighbors),
            tuple(tuple(s) for s in steps),
            tuple(rays),
            opposite,
            distance,
            step_edges,
            neighbor_edges,
            self._wall_ends(),
            lines,
            line_of,
        )

    def _wall_ends(self) -> tuple[tuple[int, int], ...]:
        """:attr:`CompiledTopology.wall_ends`; none here: boards whose walls join at crossings override it."""
        return ()

    @cached_property
    def crossings(self) -> tuple[tuple[C, ...], ...]:
        """The points where cells meet at their corners, each as the cells
        around it (on a square grid the four cells of a 2x2 block: top left,
        top right, bottom left, bottom right), in board order of their first
        cell: crossing ``x`` of :meth:`crossing_index`. A wall across two
        edges passes one (Quoridor's walls), and a game may mark it so
        that no other wall crosses there (:meth:`boardkit.kit.BoardState.put_crossing`).
        A board without corners that meet (hexes, a graph) has none.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(3, 2).crossings
            (((0, 0), (1, 0), (0, 1), (1, 1)), ((1, 0), (2, 0), (1, 1), (2, 1)))
            >>> import networkx as nx
            >>> from_graph(nx.path_graph(3)).crossings
            ()
        """
        return self._make_crossings()

    def _make_crossings(self) -> tuple[tuple[C, ...], ...]:
        """The crossings, for :attr:`crossings`; boards with corners override it."""
        return ()

    @cached_property
    def _crossing_numbers(self) -> dict[tuple[int, int], int]:
        numbers: dict[tuple[int, int], int] = {}
        index = self._index
        for x, group in enumerate(self.crossings):
            tl, tr, bl, br = (index[c] for c in group)
            numbers[tl, br] = numbers[br, tl] = numbers[tr, bl] = numbers[bl, tr] = x
        return numbers

    def crossing_index(self, a: C | str, b: C | str) -> int:
        """The number in :attr:`crossings` of the point where ``a`` and
        ``b``, cells that touch at a corner only (in either order, cells or
        names), meet: on a square grid ``a1`` and ``b2`` meet at the middle
        of the block ``a1``, ``b1``, ``a2``, ``b2``.

        Raises:
            TopologyError: if the two cells do not touch at one corner.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> board = SquareGrid(3, 3, origin="top")
            >>> board.crossing_index("a1", "b2"), board.crossing_index("c2", "b3")
            (0, 3)
            >>> board.crossing_index("a1", "b1")
            Traceback (most recent call last):
            ...
            boardkit.topology._base.TopologyError: no crossing between 'a1' and 'b1' on this board; ...
        """
        try:
            return self._crossing_numbers[self.index(a), self.index(b)]
        except KeyError:
            raise TopologyError(
                f"no crossing between {a!r:.20} and {b!r:.20} on this board; name two cells that touch at one corner"
            ) from None

    def neighbors(self, cell: C | str) -> tuple[C, ...]:
        """The cells one step from ``cell``.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(3, 3).neighbors((0, 0))
            ((1, 0), (0, 1))
        """
        cells = self.cells
        return tuple(cells[j] for j in self.compiled.neighbors[self.index(cell)])

    def step(self, cell: C | str, direction: Direction) -> C | None:
        """The cell one step from ``cell`` in ``direction``, or ``None`` off the board.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(3, 3).step((0, 0), "s"), SquareGrid(3, 3).step((0, 0), "n")
            ((0, 1), None)
        """
        j = self.compiled.steps[self.index(cell)][self._direction(direction)]
        return None if j < 0 else self.cells[j]

    def ray(self, cell: C | str, direction: Direction) -> tuple[C, ...]:
        """Every cell beyond ``cell`` in ``direction``, nearest first.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(4, 4).ray((1, 1), "se")
            Traceback (most recent call last):
            ...
            boardkit.topology._base.TopologyError: no direction 'se'; directions are: 'n', 'e', 's', 'w'
            >>> SquareGrid(4, 4, diagonals=True).ray((1, 1), "se")
            ((2, 2), (3, 3))
        """
        cells = self.cells
        return tuple(cells[j] for j in self.compiled.rays[self.index(cell)][self._direction(direction)])

    @cached_property
    def edges(self) -> tuple[tuple[C, C], ...]:
        """The edges of the board's graph as pairs of cells, each pair in
        board order and the pairs in order of their first then second cell:
        edge ``k`` of :meth:`edge_index`. A game may play on them (Dots and
        Boxes, :class:`boardkit.kit.Edge`).

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(2, 2).edges
            (((0, 0), (1, 0)), ((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 1), (1, 1)))
        """
        index = self._index
        pairs = sorted(tuple(sorted((index[a], index[b]))) for a, b in self.graph.edges)
        return tuple((self.cells[i], self.cells[j]) for i, j in pairs)

    @cached_property
    def _edge_numbers(self) -> dict[tuple[int, int], int]:
        numbers: dict[tuple[int, int], int] = {}
        for k, (a, b) in enumerate(self.edges):
            i, j = self._index[a], self._index[b]
            numbers[i, j] = numbers[j, i] = k
        return numbers

    @cached_property
    def crossing_edges(self) -> tuple[tuple[int, ...], ...]:
        """For each edge, by its number in :attr:`edges`, the numbers of the
        edges that cross it as the board is drawn: their straight lines
        between the cells' :meth:`pos` meet at a point inside both (edges
        that only touch, at a shared cell or end on end, do not cross).
        TwixT's links, which may not cross one another. Found once, by
        sweeping the edges from left to right.

        Examples:
            >>> import networkx as nx
            >>> from boardkit.topology import from_graph
            >>> graph = nx.Graph()
            >>> for name, pos in {"a": (0, 0), "b": (2, 2), "c": (0, 2), "d": (2, 0), "e": (4, 4)}.items():
            ...     graph.add_node(name, pos=pos)
            >>> graph.add_edges_from([("a", "b"), ("c", "d"), ("b", "e")])
            >>> board = from_graph(graph)
            >>> [(board.edges[k], [board.edges[j] for j in board.crossing_edges[k]]) for k in range(3)]
            [(('a', 'b'), [('c', 'd')]), (('b', 'e'), []), (('c', 'd'), [('a', 'b')])]
        """
        ends = [(self.pos(a), self.pos(b)) for a, b in self.edges]
        order = sorted(range(len(ends)), key=lambda k: min(ends[k][0][0], ends[k][1][0]))
        found: list[list[int]] = [[] for _ in ends]
        for n, k in enumerate(order):
            (ax, ay), (bx, by) = ends[k]
            right, low, high = max(ax, bx), min(ay, by), max(ay, by)
            for j in order[n + 1 :]:
                (cx, cy), (dx, dy) = ends[j]
                if min(cx, dx) > right:
                    break  # this edge and every later one start to the right of k's end
                if max(cy, dy) < low or min(cy, dy) > high:
                    continue
                if _side((ax, ay), (bx, by), (cx, cy)) * _side((ax, ay), (bx, by), (dx, dy)) < 0 and (
                    _side((cx, cy), (dx, dy), (ax, ay)) * _side((cx, cy), (dx, dy), (bx, by)) < 0
                ):
                    found[k].append(j)
                    found[j].append(k)
        return tuple(tuple(sorted(crossed)) for crossed in found)

    def edge_index(self, a: C | str, b: C | str) -> int:
        """The number of the edge between ``a`` and ``b`` (in either order,
        cells or names) in :attr:`edges`.

        Raises:
            TopologyError: if the two cells are not neighbours.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(2, 2).edge_index("a1", "b1"), SquareGrid(2, 2).edge_index((1, 1), (0, 1))
            (3, 3)
        """
        try:
            return self._edge_numbers[self.index(a), self.index(b)]
        except KeyError:
            raise TopologyError(f"no edge between {a!r:.20} and {b!r:.20} on this board") from None

    def walk(self, cell: C | str, direction: Direction, steps: int) -> tuple[C, ...]:
        """The next ``steps`` cells from ``cell`` along ``direction``, going
        round a ring as often as it takes (where :meth:`ray` stops before
        coming back), fewer if the walk leaves the board: the pits a sowing
        passes (see also :meth:`boardkit.kit.BoardState.sow`).

        Examples:
            >>> import networkx as nx
            >>> ring = nx.DiGraph()
            >>> for a, b in [(0, 1), (1, 2), (2, 0)]:
            ...     ring.add_edge(a, b, direction="next"); ring.add_edge(b, a, direction="back")
            >>> board = from_graph(ring)
            >>> board.walk(0, "next", 5), board.ray(0, "next")
            ((1, 2, 0, 1, 2), (1, 2))
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(3, 1).walk("a1", "e", 5)
            ((1, 0), (2, 0))
        """
        steps_of, cells = self.compiled.steps, self.cells
        d = self._direction(direction)
        at, found = self.index(cell), []
        for _ in range(steps):
            at = steps_of[at][d]
            if at < 0:
                break
            found.append(cells[at])
        return tuple(found)

    def opposite(self, direction: Direction) -> Direction:
        """The direction opposite ``direction``.

        Raises:
            TopologyError: for an unknown direction or one without an opposite.

        Examples:
            >>> from boardkit.topology import HexGrid
            >>> HexGrid.hexagon(1).opposite("ne")
            'sw'
        """
        self._direction(direction)
        try:
            return self._opposites[direction]
        except KeyError:
            raise TopologyError(f"direction {direction!r} has no opposite on this board") from None

    def distance(self, a: C | str, b: C | str) -> int:
        """The number of steps on a shortest path from ``a`` to ``b``.

        Raises:
            TopologyError: if a cell is not on the board or ``b`` cannot be
                reached from ``a``.

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(5, 5).distance((0, 0), (4, 4))
            8
        """
        i, j = self.index(a), self.index(b)
        a, b = self.cells[i], self.cells[j]
        table = self.compiled.distance
        if table is not None:
            d = table[i][j]
        else:
            try:
                d = nx.shortest_path_length(self.graph, a, b)
            except nx.NetworkXNoPath:
                d = -1
        if d < 0:
            raise TopologyError(f"no path from {a!r} to {b!r}")
        return d

    def pos(self, cell: C | str) -> tuple[float, float]:
        """The ``(x, y)`` drawing position of ``cell`` (y pointing up).

        Examples:
            >>> from boardkit.topology import SquareGrid
            >>> SquareGrid(3, 3).pos((2, 0))
            (2.0, 0.0)
        """
        x, y = self.graph.nodes[self.cells[self.index(cell)]].get("pos", (0.0, 0.0))
        return float(x), float(y)


def _side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> int:
    """Which side of the line from ``p`` through ``q`` the point ``r`` lies on: 1 or -1, 0 on it;
    worked out again in exact fractions where the floats are too near to tell (three points on one
    line in binary may not be in floating point, and tiny products underflow)."""
    a = (q[0] - p[0]) * (r[1] - p[1])
    b = (q[1] - p[1]) * (r[0] - p[0])
    if abs(a - b) > 1e-9 * (abs(a) + abs(b)):
        return 1 if a > b else -1
    fp, fq, fr = [(Fraction(x), Fraction(y)) for x, y in (p, q, r)]
    exact = (fq[0] - fp[0]) * (fr[1] - fp[1]) - (fq[1] - fp[1]) * (fr[0] - fp[0])
    return (exact > 0) - (exact < 0)


def grid_sides(width: int, height: int) -> dict[str, tuple[tuple[int, int], ...]]:
    """The four sides of a grid of ``(column, row)`` cells, row 0 at the top."""
    return {
        "top": tuple((c, 0) for c in range(width)),
        "bottom": tuple((c, height - 1) for c in range(width)),
        "left": tuple((0, r) for r in range(height)),
        "right": tuple((width - 1, r) for r in range(height)),
    }


def grid_name(cell: tuple[int, int], height: int, top: bool) -> str:
    """The name ``"a1"`` of a grid's ``(column, row)`` cell: a column letter
    from the left and a row number from the top (``top``) or the bottom row."""
    col, row = cell
    if col >= 26:
        raise TopologyError(f"cells are named a1 to z{height}: column {col} has no letter")
    return f"{chr(ord('a') + col)}{row + 1 if top else height - row}"


def join_steps(graph: nx.Graph[Any], moves: Mapping[Direction, tuple[int, int]]) -> None:
    """Join every two ``(a, b)`` cells of a grid's ``graph`` one of ``moves`` apart, in node order, each
    edge's ``"steps"`` naming that move from one cell and the move back (its opposite) from the other."""
    back = {step: label for label, step in moves.items()}
    for cell in list(graph.nodes):
        for label, (da, db) in moves.items():
            other = (cell[0] + da, cell[1] + db)
            if other in graph and not graph.has_edge(cell, other):
                graph.add_edge(cell, other, steps={cell: label, other: back[-da, -db]})


def check_cells(count: int, what: str) -> None:
    """Refuse a grid of more than :data:`MAX_CELLS` cells."""
    if count > MAX_CELLS:
        raise TopologyError(f"{what} would have {shown(count)} cells; grids have at most {MAX_CELLS}")


def grid_cell(name: str, width: int, height: int, top: bool) -> tuple[int, int]:
    """The ``(column, row)`` cell a grid's name (:func:`grid_name`) stands for."""
    text = name.strip().lower() if isinstance(name, str) else ""
    if 2 <= len(text) <= 4 and "a" <= text[0] <= "z" and text[1:].isdigit() and text[1] != "0":
        col, number = ord(text[0]) - ord("a"), int(text[1:])
        row = number - 1 if top else height - number
        if col < width and 0 <= row < height:
            return (col, row)
    last = f"{chr(ord('a') + min(width, 26) - 1)}{height}"
    raise TopologyError(f"no cell {name!r:.20} on the {width}x{height} board; cells are a1 to {last}")


def from_graph(
    graph: nx.Graph[Any] | nx.DiGraph[Any],
    *,
    direction: str = "direction",
    opposites: Mapping[Direction, Direction] | None = None,
) -> Topology[Any]:
    """Make a board of any networkx graph.

    An undirected graph becomes a board without directions: cells, neighbours
    and distances, good for point-to-point maps. To give steps directions, pass
    a :class:`networkx.DiGraph` whose every arc ``u -> v`` carries its label in
    the ``direction`` attribute; each arc must have its reverse. A graph whose
    nodes have no ``"pos"`` attribute is laid out for drawing by
    a layout of its own: on a circle in node order, then moved apart by a few
    rounds of springs along its edges (a ring stays a circle, a grid comes
    out as a grid); where only some nodes lack one, those are placed on a
    circle, in node order.

    The graph is copied; the board's :attr:`~Topology.graph` is a plain
    undirected graph as described in :class:`Topology`.

    Args:
        graph: The board.
        direction: The arc attribute holding each step's direction label.
        opposites: Pairs of opposite directions, for captures and rays;
            inferred from reverse arcs when omitted.

    Raises:
        TopologyError: if the graph is empty, an arc has no direction or no
            reverse, a cell has two steps with the same label, the
            opposites given do not pair up or are not what the reverse arcs
            say, or a ``"pos"`` is not two finite numbers.

    Examples:
        >>> import networkx as nx
        >>> ring = from_graph(nx.cycle_graph(6))
        >>> ring.distance(0, 3), ring.directions
        (3, ())
        >>> g = nx.DiGraph()
        >>> g.add_edge("hall", "yard", direction="out")
        >>> g.add_edge("yard", "hall", direction="in")
        >>> board = from_graph(g)
        >>> board.step("hall", "out"), board.opposite("out")
        ('yard', 'in')
    """
    if not isinstance(graph, nx.Graph):
        raise TopologyError(f"a board is made of a networkx graph, not {shown(graph)}")
    if isinstance(graph, nx.MultiGraph | nx.MultiDiGraph):
        raise TopologyError("multigraphs are not supported; a board has at most one step between two cells")
    if not isinstance(direction, str):
        raise TopologyError(f"direction names an edge attribute, not {shown(direction)}")
    board: nx.Graph[Any] = nx.Graph()
    board.add_nodes_from(graph.nodes(data=True))
    labels: list[Direction] = []
    inferred: dict[Direction, Direction] = {}
    if graph.is_directed():
        for u, v, label in graph.edges(data=direction):
            if u == v:
                raise TopologyError(f"cell {u!r} has a step to itself")
            if label is None:
                raise TopologyError(f"arc {u!r} -> {v!r} has no {direction!r} attribute")
            if not graph.has_edge(v, u):
                raise TopologyError(f"arc {u!r} -> {v!r} has no reverse arc")
            back = graph.edges[v, u].get(direction)
            if back is None:
                raise TopologyError(f"arc {v!r} -> {u!r} has no {direction!r} attribute")
            if label not in labels:
                labels.append(label)
            if inferred.setdefault(label, back) != back:
                inferred[label] = ""
            board.add_edge(u, v, steps={u: label, v: back})
    else:
        board.add_edges_from((u, v) for u, v in graph.edges() if u != v)
    if opposites is None:
        opposites = {d: o for d, o in inferred.items() if o and inferred.get(o) == d}
    for node, data in board.nodes(data=True):
        if "pos" in data and not _is_position(data["pos"]):
            said = f"cell {shown(node, 30)} has pos {shown(data['pos'], 40)}"
            raise TopologyError(f"{said}; a position is a pair (x, y) of numbers")
    missing = [node for node, data in board.nodes(data=True) if "pos" not in data]
    placed = _spread(board) if len(missing) == len(board) else {}
    for k, node in enumerate(missing):
        angle = 2 * math.pi * k / len(missing)
        board.nodes[node]["pos"] = placed.get(node) or (round(math.cos(angle), 6), round(math.sin(angle), 6))
    return Topology(board, labels, opposites)


def _is_position(pos: object) -> bool:
    """Whether ``pos`` is a cell's drawing position: two finite numbers (a tuple, a list, a
    networkx layout's array), as :meth:`Topology.pos` and the drawings read it."""
    if not isinstance(pos, Iterable):
        return False
    pair = tuple(pos)
    return len(pair) == 2 and all(
        isinstance(v, numbers.Real) and not isinstance(v, bool) and math.isfinite(v) for v in pair
    )


#: The most nodes :func:`_spread` lays out; a larger graph stays on its circle.
_MOST_SPREAD = 150


def _distance_table(neighbors: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The number of steps between every two cells along ``neighbors`` (-1: no way between them)."""
    n = len(neighbors)
    table = []
    for start in range(n):
        dist = [-1] * n
        dist[start] = 0
        queue = deque([start])
        while queue:
            i = queue.popleft()
            for j in neighbors[i]:
                if dist[j] < 0:
                    dist[j] = dist[i] + 1
                    queue.append(j)
        table.append(tuple(dist))
    return tuple(table)


def _spread(graph: nx.Graph[Any], rounds: int = 30) -> dict[Any, tuple[float, float]]:
    """A drawing position for every node of ``graph``, as far apart as
    their distances along the graph say (stress majorization, started from
    two axes of pivots: the distances from the two ends of a longest
    shortest path, and from a node far from both), turned so that its
    edges lie along the axes as far as they can: a ring comes out a
    circle, a grid a square grid, a tree a tree. Scaled so that the two
    closest nodes are one unit apart. Deterministic, in plain Python (no numpy); a
    graph of more than :data:`_MOST_SPREAD` nodes is placed on a circle.

    Examples:
        >>> import networkx as nx
        >>> ring = _spread(nx.cycle_graph(6))
        >>> round(math.dist(ring[0], ring[1]), 3), round(math.dist(ring[0], ring[3]), 3)
        (1.0, 2.0)
        >>> grid = _spread(nx.grid_2d_graph(3, 3))
        >>> round(math.dist(grid[0, 0], grid[2, 2]) / math.dist(grid[0, 0], grid[0, 1]), 2)  # corner to corner
        2.83
    """
    nodes = list(graph)
    n = len(nodes)
    at = [[math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)] for k in range(n)]
    if 2 < n <= _MOST_SPREAD:
        index = {node: k for k, node in enumerate(nodes)}
        near = [tuple(index[m] for m in graph[node] if m != node) for node in nodes]
        apart = []  # the distance between every two nodes along the graph (unconnected: more than any)
        for hops in _distance_table(near):
            far = max(hops) + 1
            apart.append([h if h >= 0 else far for h in hops])

        def farthest(hops: list[int]) -> int:
            return max(range(n), key=lambda v: (hops[v], -v))

        a = farthest(apart[0])
        b = farthest(apart[a])
        c = max(range(n), key=lambda v: (min(apart[a][v], apart[b][v]), -v))
        d = farthest(apart[c])
        at = [[(apart[a][v] - apart[b][v]) / 2, (apart[c][v] - apart[d][v]) / 2 + 0.01 * math.sin(v)] for v in range(n)]
        for _ in range(rounds):
            for i in range(n):
                sx = sy = sw = 0.0
                xi, yi = at[i]
                for j, want in enumerate(apart[i]):
                    if j != i:
                        dx, dy = xi - at[j][0], yi - at[j][1]
                        norm = math.hypot(dx, dy) or 1e-9
                        w = 1.0 / (want * want)
                        sx += w * (at[j][0] + want * dx / norm)
                        sy += w * (at[j][1] + want * dy / norm)
                        sw += w
                at[i][0], at[i][1] = sx / sw, sy / sw
        # Turned so that the edges lie along the axes as far as they can (a grid stands square).
        turn = math.atan2(*(sum(f(4 * math.atan2(at[j][1] - at[i][1], at[j][0] - at[i][0])) for i, js in
                                enumerate(near) for j in js) for f in (math.sin, math.cos))) / 4
        cos, sin = math.cos(turn), math.sin(turn)
        at = [[x * cos + y * sin, y * cos - x * sin] for x, y in at]
    closest = min((math.dist(p, q) for k, p in enumerate(at) for q in at[k + 1 :]), default=1.0) or 1.0
    return {node: (round(x / closest, 6), round(y / closest, 6)) for node, (x, y) in zip(nodes, at, strict=True)}


def _whole_lines(
    steps: Sequence[Sequence[int]], rays: Sequence[Sequence[tuple[int, ...]]], opposite: Sequence[int]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """:attr:`CompiledTopology.lines` and :attr:`CompiledTopology.line_of`, from the compiled steps.

    The board's checks make a step along a direction and the step back along its opposite retrace each
    other, so a pair's lines are paths and rings that share no cell."""
    n = len(steps)
    lines: list[tuple[int, ...]] = []
    line_of = [[-1] * len(opposite) for _ in range(n)]
    for d, back in enumerate(opposite):
        if back < d:  # no opposite (-1), or the pair's lines are made along the one named first
            continue
        # From each end first (no cell behind it), then from what is left: lines that close on themselves.
        for ends_only in (True, False):
            for i in range(n):
                if line_of[i][d] < 0 and (steps[i][back] < 0 or not ends_only):
                    for j in (line := (i, *rays[i][d])):
                        line_of[j][d] = line_of[j][back] = len(lines)
                    lines.append(line)
    return tuple(lines), tuple(tuple(row) for row in line_of)

