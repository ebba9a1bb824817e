"""The turn-scoring rule, usable on any position.

A turn scores the values of the tiles laid in it, plus the value of every tile
that was already on the board when the turn began and touches a new tile edge
to edge (corner to corner too, for a garden laid this turn); each board tile
counts once per turn however many new tiles touch it. Three tiles laid in one
turn and joined edge to edge (a line or an L) double the turn's score. A
player's last tile is scored alone, as though nothing else were laid in the
turn (so it collects only from tiles already there when the turn began),
doubled and subtracted; tiles laid before it in that turn score as a turn of
their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import chain, combinations
from typing import Any

from boardkit.errors import IllegalMoveError, OptionTypeError, shown
from boardkit.games.camelot.tiles import Tile

__all__ = ["score_turn"]

Cell = tuple[int, int]
Neighbours = Callable[[Cell], Sequence[Cell]]


def _edges(cell: Cell) -> tuple[Cell, ...]:
    c, r = cell
    return (c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)


def _corners(cell: Cell) -> tuple[Cell, ...]:
    c, r = cell
    return (c + 1, r - 1), (c + 1, r + 1), (c - 1, r + 1), (c - 1, r - 1)


def joined(cells: Sequence[Cell]) -> bool:
    """Whether exactly three squares are joined edge to edge (a line or an L).

    Examples:
        >>> joined([(0, 0), (1, 0), (2, 0)]), joined([(0, 0), (1, 0), (1, 1)])
        (True, True)
        >>> joined([(0, 0), (1, 0), (3, 0)]), joined([(0, 0), (1, 1), (2, 2)])
        (False, False)
    """
    if len(cells) != 3:
        return False
    pairs = combinations(cells, 2)
    return sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairs) >= 2  # two of the three pairs touch


def turn_points(
    board: Mapping[Cell, Tile],
    placements: Sequence[tuple[Cell, Tile]],
    edges: Neighbours = _edges,
    corners: Neighbours = _corners,
) -> int:
    """The plain turn score (no last-tile rule), with the neighbourhoods given
    as functions; :func:`score_turn` checks its input and calls this.

    Examples:
        >>> from boardkit.games.camelot.tiles import tile
        >>> turn_points({(0, 0): tile("clerk")}, [((1, 0), tile("blank"))])
        3
    """
    total = 0
    counted: set[Cell] = set()
    for cell, laid in placements:
        total += laid.value
        near = edges(cell)
        if laid.garden:
            near = (*near, *corners(cell))
        for other in near:
            if other not in counted:
                found = board.get(other)
                if found is not None:
                    counted.add(other)
                    total += found.value
    if len(placements) == 3 and joined([cell for cell, _ in placements]):
        total *= 2
    return total


def last_tile_points(
    board: Mapping[Cell, Tile],
    placements: Sequence[tuple[Cell, Tile]],
    edges: Neighbours = _edges,
    corners: Neighbours = _corners,
) -> int:
    """A turn whose final placement is the player's last tile: the earlier
    placements score as a turn of their own; the last tile is scored alone,
    as the only tile of the turn, against the tiles on the board when the
    turn began (not those laid earlier in it), doubled and subtracted.

    Examples:
        >>> from boardkit.games.camelot.tiles import tile
        >>> last_tile_points({(0, 0): tile("clerk")}, [((1, 0), tile("blank"))])
        -6
        >>> last_tile_points({(0, 0): tile("clerk")}, [((1, 0), tile("well")), ((2, 0), tile("blank"))])
        4
    """
    *earlier, final = placements
    points = turn_points(board, earlier, edges, corners) if earlier else 0
    return points - 2 * turn_points(board, [final], edges, corners)


def score_turn(
    board: Mapping[tuple[int, int], Tile],
    placements: Sequence[tuple[tuple[int, int], Tile]],
    *,
    last: bool = False,
) -> int:
    """Score one turn on any position.

    The plan does not matter here: squares are ``(column, row)`` pairs and
    touch when they are next to each other, so any position can be scored,
    legal or not. Squares are not checked against a plan's kinds.

    Args:
        board: The tiles on the board when the turn began, by square.
        placements: The tiles laid in the turn, in order, each with its square.
        last: The final placement is the player's last tile (see the module
            docs): it scores alone against ``board``, doubled and subtracted.

    Returns:
        The points the turn scores (negative for a costly last tile).

    Raises:
        IllegalMoveError: if a placement is not a ``((column, row), Tile)``
            pair, lands on a covered square, or two share a square; or if
            ``last`` is asked for a turn with no placement.
        OptionTypeError: if ``board`` is not a mapping from ``(column, row)``
            squares to tiles, or ``placements`` is not a list of placements.

    Examples:
        >>> from boardkit.games.camelot import tile
        >>> board = {(1, 1): tile("Holy Grail"), (2, 1): tile("clerk")}
        >>> score_turn(board, [((1, 2), tile("blank"))])
        5
        >>> score_turn(board, [((0, 2), tile("garden"))])
        6
        >>> score_turn(board, [((0, 2), tile("garden")), ((1, 2), tile("blank")), ((2, 2), tile("blank"))])
        18
        >>> score_turn(board, [((3, 1), tile("well"))], last=True)
        -8
    """
    if not isinstance(board, Mapping) or not _all_tiles_on_squares(board):
        raise OptionTypeError(f"a board maps (column, row) squares to tiles, not {shown(board)}")
    if isinstance(placements, str | bytes | Mapping) or not isinstance(placements, Sequence):
        raise OptionTypeError(f"placements are a list of ((column, row), Tile) pairs, not {shown(placements)}")
    seen: set[Cell] = set()
    checked: list[tuple[Cell, Tile]] = []
    for placement in placements:
        if (
            not isinstance(placement, tuple)
            or len(placement) != 2
            or not isinstance(placement[1], Tile)
            or not _is_square(placement[0])
        ):
            raise IllegalMoveError(placement, "a placement is a ((column, row), Tile) pair")
        cell, laid = placement
        if cell in board:
            raise IllegalMoveError(placement, f"square {cell!r} is already covered")
        if cell in seen:
            raise IllegalMoveError(placement, f"two placements share square {cell!r}")
        seen.add(cell)
        checked.append((cell, laid))
    if last:
        if not checked:
            raise IllegalMoveError(placements, "a last tile needs at least one placement")
        return last_tile_points(board, checked)
    return turn_points(board, checked)


def _is_square(cell: object) -> bool:
    return isinstance(cell, tuple) and len(cell) == 2 and all(type(x) is int for x in cell)


def _all_tiles_on_squares(board: Mapping[Any, Any]) -> bool:
    """Whether every key is a ``(column, row)`` pair of ints and every value a
    Tile, checked by type sets (C loops) so that scoring stays cheap."""
    return (
        set(map(type, board.values())) <= {Tile}
        and set(map(type, board)) <= {tuple}
        and set(map(len, board)) <= {2}
        and set(map(type, chain.from_iterable(board))) <= {int}
    )
