"""A Tafl board's fixed tables and bitboard move generation.

:class:`Board` holds what a board size and its corner rule fix once: rays,
restricted and hostile squares, bit masks and the move table. The functions
count and find moves a whole line of squares at a time on the state's
bitboards (one integer per side, bit ``i`` for cell ``i`` of the
:class:`~boardkit.topology.SquareGrid`, row 0 at the top).

Examples:
    >>> g = board_tables(7, False)   # 7x7, edge escape
    >>> g.throne, sorted(g.corners)
    (24, [0, 6, 42, 48])
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("brandubh").new_game(seed=0)
    >>> move_buckets(g, state._att, state._dfn, state._king, 0)[0] == len(state.legal_moves())
    True
"""

from __future__ import annotations

import functools
from typing import Final

from boardkit.games.tafl.moves import Move, square_name
from boardkit.topology import SquareGrid

__all__ = ["Board", "board_tables", "has_moves", "move_buckets"]

EMPTY: Final = 0
#: The sides by seat, as the status line and the errors name them.
_SIDES: Final = ("attackers", "defenders")


class Board:
    """A board size's fixed tables: rays, restricted and hostile squares, bit masks, moves."""

    def __init__(self, size: int, corner_escape: bool) -> None:
        n = size
        cells = n * n
        self.size = n
        self.cells = cells
        self.grid = SquareGrid(n, n)
        compiled = self.grid.compiled
        self.compiled = compiled
        self.steps = compiled.steps
        self.rays = compiled.rays
        if self.grid.directions != ("n", "e", "s", "w") or compiled.steps[n + 1] != (1, n + 2, 2 * n + 1, n):
            raise RuntimeError("SquareGrid no longer numbers cells row by row from the top-left")
        self.throne = (n // 2) * n + n // 2
        self.corners = frozenset({0, n - 1, cells - n, cells - 1})
        restricted = {self.throne} | (set(self.corners) if corner_escape else set())
        self.restricted = frozenset(restricted)
        #: Squares that close a capture while empty (and, for the King, the throne).
        self.hostile = self.restricted
        self.hostile_flag = [i in restricted for i in range(cells)]
        self.restricted_flag = self.hostile_flag
        if corner_escape:
            self.winning = [i in self.corners for i in range(cells)]
        else:
            self.winning = [r in (0, n - 1) or c in (0, n - 1) for r in range(n) for c in range(n)]
        self.full = (1 << cells) - 1
        self.edge_bits = sum(1 << (r * n + c) for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1))
        #: The throne and the squares beside it, where a King strong only there is strong.
        self.throne_area = frozenset({self.throne, *(s for s in compiled.steps[self.throne] if s >= 0)})
        first_col = sum(1 << (r * n) for r in range(n))
        last_col = first_col << (n - 1)
        self.not_first_col = self.full ^ first_col
        self.not_last_col = self.full ^ last_col
        self.stop = self.full ^ sum(1 << i for i in restricted)
        #: The squares of each ray as one bitboard, per cell and direction.
        self.ray_bits = tuple(tuple(sum(1 << j for j in ray) for ray in rays) for rays in self.rays)
        self.names = tuple(square_name(i, n) for i in range(cells))
        self.index = {name: i for i, name in enumerate(self.names)}
        moves: list[Move | None] = [None] * (cells * cells)
        for i in range(cells):
            for ray in self.rays[i]:
                for j in ray:
                    moves[i * cells + j] = Move(self.names[i], self.names[j])
        self.moves = moves


@functools.lru_cache(maxsize=64)
def board_tables(size: int, corner_escape: bool) -> Board:
    """The tables of a ``size`` x ``size`` board, shared by every game of that size."""
    return Board(size, corner_escape)


def has_moves(g: Board, board: list[int], att: int, dfn: int, king: int, side: int) -> bool:
    """Whether ``side`` (0 attackers, 1 defenders) has a legal move, found on bitboards."""
    n = g.size
    kbit = 1 << king if king >= 0 else 0
    empty = g.full ^ (att | dfn | kbit)
    stop = g.stop & empty
    if side == 0:
        src = att
    else:
        src = dfn
        if king >= 0:
            b = board
            for s in g.steps[king]:
                if s >= 0 and b[s] == EMPTY:
                    return True
    if not src:
        return False
    east = empty & g.not_first_col
    west = empty & g.not_last_col
    x = src
    while x:
        x = (x >> n) & empty
        if x & stop:
            return True
    x = src
    while x:
        x = (x << n) & empty
        if x & stop:
            return True
    x = src
    while x:
        x = (x << 1) & east
        if x & stop:
            return True
    x = src
    while x:
        x = (x >> 1) & west
        if x & stop:
            return True
    return False


def move_buckets(g: Board, att: int, dfn: int, king: int, turn: int) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Every legal move: the total, the King's targets as bits, and the
    other pieces' moves grouped as (count, target bits, origin offset)."""
    n = g.size
    kbit = 1 << king if king >= 0 else 0
    occupied = att | dfn | kbit
    empty = g.full ^ occupied
    stop = g.stop & empty
    buckets: list[tuple[int, int, int]] = []
    append = buckets.append
    total = 0
    targets = 0
    if turn == 0:
        src = att
    else:
        src = dfn
        if king >= 0:
            up, right, down, left = g.ray_bits[king]
            block = occupied & up
            targets = up >> block.bit_length() << block.bit_length() if block else up
            block = occupied & left
            targets |= left >> block.bit_length() << block.bit_length() if block else left
            block = occupied & right
            targets |= right & ((block & -block) - 1) if block else right
            block = occupied & down
            targets |= down & ((block & -block) - 1) if block else down
            total = targets.bit_count()
    east = empty & g.not_first_col
    west = empty & g.not_last_col
    x = src
    off = 0
    while True:
        x = (x >> n) & empty
        if not x:
            break
        off += n
        t = x & stop
        if t:
            c = t.bit_count()
            total += c
            append((c, t, off))
    x = src
    off = 0
    while True:
        x = (x << n) & empty
        if not x:
            break
        off -= n
        t = x & stop
        if t:
            c = t.bit_count()
            total += c
            append((c, t, off))
    x = src
    off = 0
    while True:
        x = (x << 1) & east
        if not x:
            break
        off -= 1
        t = x & stop
        if t:
            c = t.bit_count()
            total += c
            append((c, t, off))
    x = src
    off = 0
    while True:
        x = (x >> 1) & west
        if not x:
            break
        off += 1
        t = x & stop
        if t:
            c = t.bit_count()
            total += c
            append((c, t, off))
    return total, targets, buckets
