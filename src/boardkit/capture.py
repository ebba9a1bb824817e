"""Custodial capture, flanking capture, enclosure and jump chains on any board.

Components floor: it imports the core and the boards only, never a game or
an application.

Both work on the compiled tables of a :class:`~boardkit.topology.Topology`
(integer cells, integer directions) and a board held as a flat sequence of
piece codes indexed by cell, so games call them on their hot paths. They only
*find* captures; the game removes the pieces.

Custodial capture: after a piece lands on a cell, an enemy next to it along a
direction is taken when the cell beyond that enemy, on the same line, is an
*anvil*: a friendly piece, or an empty cell that is hostile. Flanking
capture: every unbroken run of enemies along a line from the landing cell,
closed at its far end by a friendly piece, is taken (Othello's flips, line
capture in Hasami Shogi). Enclosure: a piece is taken when every neighbour is
an enemy or a hostile empty cell. Jump chains: a piece takes an enemy by
jumping over it to an empty cell beyond, and goes on jumping while it can
(draughts and its family; :func:`chains`).

Examples:
    >>> from boardkit.topology import SquareGrid
    >>> board = SquareGrid(5, 1)
    >>> cells = [None, "b", "w", None, None]   # a white piece between ...
    >>> cells[3] = "b"                          # ... black lands on the far side
    >>> custodial(board.compiled, cells, 3, enemies={"w"}, friends={"b"})
    [2]
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any, Literal, TypeVar

import attrs

from boardkit.errors import OptionError
from boardkit.topology import CompiledTopology, TopologyError

__all__ = ["Chain", "between", "chains", "custodial", "enclosed", "flanking", "flanks"]

P = TypeVar("P")

_NOTHING: frozenset[Any] = frozenset()


def custodial(
    board: CompiledTopology,
    cells: Sequence[P],
    landed: int,
    *,
    enemies: Container[P],
    friends: Container[P],
    hostile: Container[int] = _NOTHING,
    immune: Container[P] = _NOTHING,
    empty: object = None,
    directions: Iterable[int] | None = None,
) -> list[int]:
    """The cells whose pieces a piece landing on ``landed`` captures custodially.

    Args:
        board: The compiled board (``topology.compiled``).
        cells: The piece on every cell, by cell index; ``empty`` for none.
        landed: The index of the cell the capturing piece just moved to.
        enemies: Piece codes that can be captured.
        friends: Piece codes that close a capture from the far side.
        hostile: Cell indices that close a capture when *empty* (a throne,
            a corner). An occupied hostile cell counts by its piece.
        immune: Enemy piece codes never captured custodially (a King taken
            only by enclosure).
        empty: The code of an empty cell.
        directions: Direction indices to look along; default every direction
            that has an opposite (so diagonals capture only on boards where
            they are directions).

    Returns:
        The captured cells' indices, in direction order.

    Examples:
        >>> from boardkit.topology import HexGrid
        >>> hexes = HexGrid.hexagon(1)
        >>> c = hexes.compiled
        >>> cells = [None] * len(hexes)
        >>> cells[hexes.index((0, 0))] = "x"
        >>> cells[hexes.index((-1, 0))] = "o"
        >>> custodial(c, cells, hexes.index((1, 0)), enemies={"x"}, friends={"o"})
        [3]
        >>> hexes.cells[3]
        (0, 0)
    """
    steps = board.steps
    taken: list[int] = []
    around = steps[landed]
    dirs = range(len(around)) if directions is None else directions
    opposite = board.opposite
    for d in dirs:
        if directions is None and opposite[d] < 0:
            continue
        victim = around[d]
        if victim < 0:
            continue
        piece = cells[victim]
        if piece is empty or piece not in enemies or piece in immune:
            continue
        beyond = steps[victim][d]
        if beyond < 0:
            continue
        far = cells[beyond]
        if far is empty:
            if beyond in hostile:
                taken.append(victim)
        elif far in friends:
            taken.append(victim)
    return taken


def flanking(
    board: CompiledTopology,
    cells: Sequence[P],
    landed: int,
    *,
    enemies: Container[P],
    friends: Container[P],
    directions: Iterable[int] | None = None,
) -> list[int]:
    """The cells a piece on ``landed`` flanks: along each direction, the
    unbroken run of enemies next to it when a friend closes the run's far end.

    This is Othello's rule (the discs a move flips; a move is legal where
    this is not empty) and line capture (Hasami Shogi). ``landed`` itself is
    not read, so the same call asks what a piece *would* flank on an empty
    cell. A run that reaches the edge or an empty cell, or that has no enemy
    in it, takes nothing.

    Args:
        board: The compiled board (``topology.compiled``).
        cells: The piece on every cell, by cell index.
        landed: The index of the cell the piece lands on.
        enemies: Pieces that can be flanked (a set: ``None in "ab"`` fails).
        friends: Pieces that close a run from the far end (a set).
        directions: Direction indices to look along; default every direction
            of the board (so diagonals flank only on boards that have them).

    Returns:
        The flanked cells' indices, direction by direction, nearest first.

    Raises:
        TopologyError: if the board has no directions (no lines to flank along).

    Examples:
        Black lands on the left end of a row: the white run is closed by a
        black disc, so both whites are flanked; the run to the south is open.

        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(4, 2)
        >>> cells = [None, "w", "w", "b",
        ...          "w", None, None, None]
        >>> flanking(grid.compiled, cells, 0, enemies={"w"}, friends={"b"})
        [1, 2]
        >>> flanking(grid.compiled, cells, 0, enemies={"w"}, friends={"b"}, directions=[grid.directions.index("s")])
        []
    """
    rays = board.rays[landed]
    if not rays:
        raise TopologyError("this board has no directions, so nothing lies in a line to flank")
    taken: list[int] = []
    for ray in rays if directions is None else [rays[d] for d in directions]:
        run = 0
        for j in ray:
            piece = cells[j]
            if piece in enemies:
                run += 1
                continue
            if run and piece in friends:
                taken.extend(ray[:run])
            break
    return taken


def flanks(
    board: CompiledTopology, cells: Sequence[P], landed: int, *, enemies: Container[P], friends: Container[P]
) -> bool:
    """Whether a piece on ``landed`` flanks anything along any direction:
    :func:`flanking` is not empty, answered at the first run found instead
    of listing them all (Othello's test of a legal square, asked of every
    candidate square on every move).

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(4, 2)
        >>> cells = [None, "w", "w", "b",
        ...          "w", None, None, None]
        >>> flanks(grid.compiled, cells, 0, enemies={"w"}, friends={"b"})
        True
        >>> flanks(grid.compiled, cells, 5, enemies={"w"}, friends={"b"})
        False
    """
    for ray in board.rays[landed]:
        run = 0
        for j in ray:
            piece = cells[j]
            if piece in enemies:
                run += 1
                continue
            if run and piece in friends:
                return True
            break
    return False


def enclosed(
    board: CompiledTopology,
    cells: Sequence[P],
    cell: int,
    *,
    enemies: Container[P],
    hostile: Container[int] = _NOTHING,
    empty: object = None,
    edge_hostile: bool = False,
) -> bool:
    """True when every side of ``cell`` is closed: an enemy piece, or an empty
    hostile cell (and, with ``edge_hostile``, the board's edge).

    Args:
        board: The compiled board; sides are its directions (or, on a board
            without directions, its neighbours).
        cells: The piece on every cell, by index.
        cell: The cell of the piece that may be enclosed.
        enemies: Piece codes that close a side.
        hostile: Cells that close a side when empty.
        empty: The code of an empty cell.
        edge_hostile: Whether a side off the board counts as closed.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(3, 3)
        >>> cells = ["", "A", "", "A", "K", "A", "", "", ""]
        >>> throne = {grid.index((1, 2))}
        >>> enclosed(grid.compiled, cells, 4, enemies={"A"}, empty="")
        False
        >>> enclosed(grid.compiled, cells, 4, enemies={"A"}, hostile=throne, empty="")
        True
    """
    sides = board.steps[cell] if board.steps and board.steps[cell] else board.neighbors[cell]
    for j in sides:
        if j < 0:
            if not edge_hostile:
                return False
            continue
        piece = cells[j]
        if piece is empty or piece == empty:
            if j not in hostile:
                return False
        elif piece not in enemies:
            return False
    return True


@attrs.frozen
class Chain:
    """One capturing move that :func:`chains` found: the cells the piece
    stands on in turn, and the pieces it takes.

    Attributes:
        path: The start cell, then each cell the piece lands on, by index.
        taken: The cells of the pieces it jumps, in the order it jumps them.

    Examples:
        >>> chain = Chain((41, 27, 13), (34, 20))
        >>> chain.path[-1], len(chain.taken)
        (13, 2)
    """

    path: tuple[int, ...]
    taken: tuple[int, ...]


def chains(
    board: CompiledTopology,
    cells: Sequence[P],
    starts: Iterable[int],
    *,
    enemies: Container[P],
    directions: Mapping[Any, Sequence[int]] | None = None,
    flying: Container[P] = _NOTHING,
    stop: Mapping[Any, Container[int]] | None = None,
    taken: Literal["as-you-go", "at-end"] = "as-you-go",
    longest: bool = False,
    empty: object = None,
) -> list[Chain]:
    """Every capture chain of the pieces on ``starts``: the jumps of the
    draughts family, found on the compiled tables.

    A piece jumps an enemy next to it along one of its directions onto the
    empty cell just beyond, and from there goes on jumping while it can: a
    chain ends only where the piece has no jump left, or on one of its
    ``stop`` cells (an English man that reaches the far row is crowned and
    its move ends). Every chain returned is such a whole chain, so a game
    with forced capture writes ``chains(...) or plain_moves``. A start
    that holds no piece, or an enemy, or a piece without directions, gives
    no chain: nothing ever jumps from an empty cell. The piece leaves its
    start when it jumps, so a chain may pass that cell again.

    Args:
        board: The compiled board (``topology.compiled``).
        cells: The piece on every cell, by cell index; ``empty`` for none.
        starts: The cells of the pieces that may capture (the mover's), by index.
        enemies: The pieces that can be jumped (a set).
        directions: The direction indices each piece jumps along, by piece
            (``{"w": (ne, nw), "W": (ne, se, sw, nw)}`` for men that capture
            forwards only, and kings); a piece left out does not jump.
            Default: every piece along every direction of the board.
        flying: Pieces that jump from afar (international draughts' kings):
            along a line over any number of empty cells to the first piece,
            an enemy, and onto any empty cell beyond it before the next piece.
        stop: For a piece, the cells on which its chain ends.
        taken: ``"as-you-go"`` (English draughts, as OpenSpiel plays it): a
            jumped piece leaves the board at once, so its cell may be crossed
            or landed on later in the chain. ``"at-end"`` (international
            draughts): jumped pieces stay until the move ends, may not be
            jumped twice and block the way.
        longest: Keep only the chains that take the most pieces, over all
            starts (international draughts' rule); default every chain.
        empty: The code of an empty cell.

    Raises:
        OptionError: for a ``taken`` other than those two.

    Returns:
        The chains, start by start in the order given, then direction by
        direction; empty when no piece can capture.

    Examples:
        A white man on c3 with black men on d4 and f6 (and one on b6, which it
        cannot reach) jumps twice, to e5 and then g7; the man on a1 cannot jump.

        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(8, 8, diagonals=True)
        >>> cells = [None] * 64
        >>> at = {name: grid.index(grid.cell(name)) for name in ("a1", "c3", "d4", "f6", "b6")}
        >>> cells[at["a1"]] = cells[at["c3"]] = "w"
        >>> cells[at["d4"]] = cells[at["f6"]] = cells[at["b6"]] = "b"
        >>> forward = [grid.directions.index(d) for d in ("ne", "nw")]
        >>> found = chains(grid.compiled, cells, [at["a1"], at["c3"]], enemies={"b"}, directions={"w": forward})
        >>> [[grid.name(grid.cells[i]) for i in chain.path] for chain in found]
        [['c3', 'e5', 'g7']]
        >>> [grid.name(grid.cells[i]) for i in found[0].taken]
        ['d4', 'f6']

        An empty start jumps nothing, whatever lies around it:

        >>> chains(grid.compiled, cells, [at["d4"] - 9], enemies={"b"}, directions={"w": forward})
        []
    """
    if taken not in ("as-you-go", "at-end"):
        raise OptionError(f"taken must be 'as-you-go' or 'at-end', not {taken!r:.40}")
    steps = board.steps
    scratch: list[Any] = list(cells)  # the board as the chain goes: the piece lifted, pieces taken as it goes
    search: _Search | None = None  # made at the first piece that can jump: most positions have none
    everywhere = tuple(range(len(board.opposite)))
    for start in starts:
        piece = scratch[start]  # the board as given between chains (a list: read in C compiled, where cells may not be)
        if piece is empty or piece == empty or piece in enemies:
            continue
        if directions is None:
            ways: Sequence[int] = everywhere
        else:
            ways = directions.get(piece, ())
        fly = piece in flying
        if not fly:  # most pieces have no jump: look first, without searching
            around = steps[start]
            for d in ways:
                victim = around[d]
                if victim >= 0 and scratch[victim] in enemies:
                    land = steps[victim][d]
                    if land >= 0 and (scratch[land] is empty or scratch[land] == empty):
                        break
            else:
                continue
        if search is None:
            search = _Search(steps, board.rays, scratch, enemies, taken == "as-you-go", empty)
        scratch[start] = empty  # the piece has left its cell
        search.path.append(start)
        search.jump(start, ways, fly, stop.get(piece, _NOTHING) if stop is not None else _NOTHING)
        search.path.pop()
        scratch[start] = piece
    found = [] if search is None else search.found
    if longest and found:
        most = max(len(chain.taken) for chain in found)
        return [chain for chain in found if len(chain.taken) == most]
    return found


class _Search:
    """The search of :func:`chains`: the board as a chain goes, the chain so far and the chains found
    (a class rather than a closure, whose variables compiled code would keep in an object of its own)."""

    def __init__(
        self,
        steps: tuple[tuple[int, ...], ...],
        rays: tuple[tuple[tuple[int, ...], ...], ...],
        scratch: list[Any],
        enemies: Container[Any],
        as_you_go: bool,
        empty: object,
    ) -> None:
        self.steps, self.rays, self.scratch, self.enemies = steps, rays, scratch, enemies
        self.as_you_go, self.empty = as_you_go, empty
        self.found: list[Chain] = []
        self.path: list[int] = []
        self.took: list[int] = []

    def jump(self, at: int, ways: Sequence[int], fly: bool, ends: Container[int]) -> None:
        """Every chain on from ``at``, the piece having come there: found, or searched on from each landing."""
        scratch, empty, path, took, as_you_go = self.scratch, self.empty, self.path, self.took, self.as_you_go
        went = False
        for d in ways:
            if fly:  # over empty cells to the first piece, then onto any empty cell before the next one
                ray = self.rays[at][d]
                k = 0
                while k < len(ray) and (scratch[ray[k]] is empty or scratch[ray[k]] == empty):
                    k += 1
                if k + 1 >= len(ray):
                    continue
                victim = ray[k]
                beyond: list[int] = []
                for j in ray[k + 1 :]:
                    if not (scratch[j] is empty or scratch[j] == empty):
                        break
                    beyond.append(j)
                landings: Sequence[int] = beyond
            else:
                victim = self.steps[at][d]
                if victim < 0:
                    continue
                land = self.steps[victim][d]
                if land < 0:
                    continue
                landings = (land,)
            piece = scratch[victim]
            if piece is empty or piece not in self.enemies or (not as_you_go and victim in took):
                continue
            for land in landings:
                if not (scratch[land] is empty or scratch[land] == empty):
                    continue
                went = True
                if as_you_go:
                    scratch[victim] = empty
                path.append(land)
                took.append(victim)
                if land in ends:
                    self.found.append(Chain(tuple(path), tuple(took)))
                else:
                    self.jump(land, ways, fly, ends)
                path.pop()
                took.pop()
                if as_you_go:
                    scratch[victim] = piece
        if not went and took:
            self.found.append(Chain(tuple(path), tuple(took)))


def between(board: CompiledTopology, a: int, b: int) -> tuple[int, ...]:
    """The cells strictly between ``a`` and ``b`` on the line that joins
    them (empty when they are next to each other, or on no common line):
    the cells a jump from ``a`` to ``b`` passes over.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> grid = SquareGrid(8, 8, diagonals=True)
        >>> c3, e5, h8 = (grid.index(grid.cell(name)) for name in ("c3", "e5", "h8"))
        >>> [grid.name(grid.cells[i]) for i in between(grid.compiled, c3, e5)]
        ['d4']
        >>> [grid.name(grid.cells[i]) for i in between(grid.compiled, c3, h8)]
        ['d4', 'e5', 'f6', 'g7']
    """
    for ray in board.rays[a]:
        if b in ray:
            return ray[: ray.index(b)]
    return ()
