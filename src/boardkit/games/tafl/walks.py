"""Tafl's move loops on the board in bytes, for the compiled build.

:mod:`boardkit.games.tafl.board` finds moves on bitboards, one integer per side with a bit per
square: a few operations move every piece a step at once, which is the
quicker way in Python. Compiled with mypyc it is not: a board of 121 (up to
361) squares needs integers wider than a machine word, which compiled code
keeps as Python objects, each shift and mask making a new one. The loops
here find the same moves square by square, with machine-word indices and
counters (a row's squares are 1 apart, a column's ``n``), on the board in
``bytes`` (a piece code a byte: :func:`moved` and :func:`unmoved` keep it
beside the state's board list) and one ``bytes`` table read a square (:attr:`Board.walk
<boardkit.games.tafl.board.Board.walk>`: 0 where a piece may not pass, 1
where it may pass but not stop, 2 where it may pass and stop). Compiled code
reads a byte in a few machine instructions, where an item of a list is a
Python object to fetch, check and unbox. About twice as quick compiled,
several times slower pure. So that module hands over to them on the compiled
build only (``native``), and ``tests/test_tafl_native.py`` holds both ways to
the same moves, in the same order, on both builds.

Examples:
    >>> walk = bytes([2] * 9)                 # a 3x3 board without special squares
    >>> b = bytes([0, 0, 0, 1, 0, 0, 0, 0, 0])       # one man on the middle row's left
    >>> native_entries(3, walk, walk, b, 1, -1, list(range(81)))   # origin * 9 + target
    [27, 31, 32, 33]
"""

from __future__ import annotations

from typing import TypeVar

from boardkit.chance import Random
from boardkit.compiling import i64

__all__ = ["moved", "native_entries", "native_has_moves", "native_step", "unmoved"]

T = TypeVar("T")


def _count_run(b: bytes, walk: bytes, j: i64, step: i64, end: i64) -> i64:
    """How many squares a piece may stop on from ``j`` on by ``step`` (``end``: the first square
    past the board's edge), before a piece or a square it may not pass over."""
    count: i64 = 0
    while j != end:
        if b[j]:
            break
        w: i64 = walk[j]
        if not w:
            break
        count += w >> 1
        j += step
    return count


def _nth_stop(walk: bytes, j: i64, step: i64, nth: i64) -> i64:
    """The ``nth`` (from 0) square a piece may stop on from ``j`` on by ``step``, on a run known
    to hold more than ``nth`` of them."""
    while True:
        if walk[j] == 2:
            if not nth:
                return j
            nth -= 1
        j += step


def native_step(n: i64, walk: bytes, kwalk: bytes, b: bytes, men: i64, king: i64, rng: Random) -> tuple[int, int]:
    """A move of the pieces of code ``men`` on the ``n`` x ``n`` board list ``b`` and of the King
    on ``king`` (``-1``: none to move), as (origin, target), drawn uniformly with ``rng`` in the
    order of :func:`~boardkit.games.tafl.board.random_step` (the King's targets ascending, then
    the men's by direction up, down, right, left, then distance, then target): the same move for
    the same generator. ``walk`` and ``kwalk`` are the men's and the King's
    :attr:`Board.walk <boardkit.games.tafl.board.Board.walk>`.

    Examples:
        >>> from boardkit import Random
        >>> walk = bytes([2] * 9)
        >>> b = bytes([0, 0, 0, 0, 1, 0, 0, 0, 0])   # one man in the middle of a 3x3 board
        >>> sorted({native_step(3, walk, walk, b, 1, -1, Random(seed)) for seed in range(40)})
        [(4, 1), (4, 3), (4, 5), (4, 7)]
    """
    cells: i64 = n * n
    # The King's targets each way; in random_step's order (his targets ascending) north and west
    # come farthest first.
    kn: i64 = 0
    kw: i64 = 0
    ke: i64 = 0
    ks: i64 = 0
    if king >= 0:
        kc = king % n
        kn = _count_run(b, kwalk, king - n, -n, kc - n)
        kw = _count_run(b, kwalk, king - 1, -1, king - kc - 1)
        ke = _count_run(b, kwalk, king + 1, 1, king - kc + n)
        ks = _count_run(b, kwalk, king + n, n, kc + cells)
    # The men's moves each way, in move_buckets' order (up, down, right, left); their squares kept.
    where: list[int] = []
    up: i64 = 0
    down: i64 = 0
    right: i64 = 0
    left: i64 = 0
    col: i64 = 0
    for i in range(cells):
        if b[i] == men:
            where.append(i)
            up += _count_run(b, walk, i - n, -n, col - n)
            down += _count_run(b, walk, i + n, n, col + cells)
            right += _count_run(b, walk, i + 1, 1, i - col + n)
            left += _count_run(b, walk, i - 1, -1, i - col - 1)
        col += 1
        if col == n:
            col = 0
    pick: i64 = rng.randbelow(kn + kw + ke + ks + up + down + right + left)
    if pick < kn:
        return king, _nth_stop(kwalk, king - n, -n, kn - 1 - pick)
    pick -= kn
    if pick < kw:
        return king, _nth_stop(kwalk, king - 1, -1, kw - 1 - pick)
    pick -= kw
    if pick < ke:
        return king, _nth_stop(kwalk, king + 1, 1, pick)
    pick -= ke
    if pick < ks:
        return king, _nth_stop(kwalk, king + n, n, pick)
    pick -= ks
    # The way, then the distance, then the origin ascending (one distance's targets ascend with
    # their origins): how many moves go each distance that way, then the one drawn.
    if pick < up:
        step = -n
    elif pick < up + down:
        pick -= up
        step = n
    elif pick < up + down + right:
        pick -= up + down
        step = 1
    else:
        pick -= up + down + right
        step = -1
    counts = [0] * n
    for i in where:
        col = i % n
        end = col - n if step == -n else col + cells if step == n else i - col + n if step == 1 else i - col - 1
        j = i + step
        k: i64 = 1
        while j != end:
            if b[j]:
                break
            w = walk[j]
            if not w:
                break
            if w == 2:
                counts[k] = counts[k] + 1  # not +=: compiled, that would add Python objects
            j += step
            k += 1
    k = 1
    while pick >= counts[k]:
        pick -= counts[k]
        k += 1
    for i in where:
        col = i % n
        room = i // n if step == -n else n - 1 - i // n if step == n else n - 1 - col if step == 1 else col
        if room < k:
            continue
        j = i
        d = k
        while d:
            j += step
            if b[j] or not walk[j]:
                break
            d -= 1
        if not d and walk[j] == 2:
            if not pick:
                return i, j
            pick -= 1
    raise RuntimeError("move counts do not add up")  # pragma: no cover


def _any_run(b: bytes, walk: bytes, j: i64, step: i64, end: i64) -> bool:
    """Whether :func:`_count_run` would be more than 0."""
    while j != end:
        if b[j]:
            return False
        w: i64 = walk[j]
        if w == 2:
            return True
        if not w:
            return False
        j += step
    return False


def native_has_moves(n: i64, walk: bytes, kwalk: bytes, b: bytes, men: i64, king: i64) -> bool:
    """Whether the pieces of code ``men`` or the King on ``king`` (``-1``: none to move) have a
    move, as :func:`native_step` finds them.

    Examples:
        >>> walk = bytes([2] * 9)
        >>> native_has_moves(3, walk, walk, bytes([1, 1, 1, 1, 3, 1, 1, 1, 1]), 1, -1)
        False
        >>> native_has_moves(3, walk, walk, bytes([1, 1, 1, 1, 3, 1, 1, 1, 0]), 1, -1)
        True
    """
    cells: i64 = n * n
    col: i64 = king % n
    if king >= 0 and (
        _any_run(b, kwalk, king - n, -n, col - n)
        or _any_run(b, kwalk, king - 1, -1, king - col - 1)
        or _any_run(b, kwalk, king + 1, 1, king - col + n)
        or _any_run(b, kwalk, king + n, n, col + cells)
    ):
        return True
    col = 0
    for i in range(cells):
        if b[i] == men and (
            _any_run(b, walk, i - n, -n, col - n)
            or _any_run(b, walk, i + n, n, col + cells)
            or _any_run(b, walk, i + 1, 1, i - col + n)
            or _any_run(b, walk, i - 1, -1, i - col - 1)
        ):
            return True
        col += 1
        if col == n:
            col = 0
    return False


def _add_run(b: bytes, walk: bytes, table: list[T], out: list[T], base: i64, j: i64, step: i64, end: i64) -> None:
    """Add ``table[base + s]`` to ``out`` for each square ``s`` that :func:`_count_run` counts."""
    while j != end:
        if b[j]:
            return
        w: i64 = walk[j]
        if not w:
            return
        if w == 2:
            out.append(table[base + j])
        j += step


def native_entries(n: i64, walk: bytes, kwalk: bytes, b: bytes, men: i64, king: i64, table: list[T]) -> list[T]:
    """What ``table`` holds for each move of the pieces of code ``men`` and of the King on
    ``king`` (``-1``: none to move), in the order of
    :func:`~boardkit.games.tafl.board.legal_entries` (origin square, then direction up, right,
    down, left, then distance): ``table[origin * cells + target]``.

    Examples:
        >>> walk = bytes([2] * 9)
        >>> native_entries(3, walk, walk, bytes([0, 0, 0, 0, 1, 0, 0, 0, 0]), 1, -1, list(range(81)))
        [37, 41, 43, 39]
    """
    cells: i64 = n * n
    out: list[T] = []
    col: i64 = 0
    for i in range(cells):
        q = b[i]
        if q == men or i == king:
            w = walk if q == men else kwalk
            base = i * cells
            row = i - col
            _add_run(b, w, table, out, base, i - n, -n, col - n)
            _add_run(b, w, table, out, base, i + 1, 1, row + n)
            _add_run(b, w, table, out, base, i + n, n, col + cells)
            _add_run(b, w, table, out, base, i - 1, -1, row - 1)
        col += 1
        if col == n:
            col = 0
    return out


def moved(board: bytearray, frm: int, to: int, piece: int, gone: list[tuple[int, int]]) -> bytes:
    """``board``, a copy of the state's board list in bytes, after the piece of code ``piece``
    on ``frm`` went to ``to`` and took the pieces on the squares of ``gone`` (square, code),
    and a snapshot of it as ``bytes``: what the loops above read the quickest.

    Examples:
        >>> board = bytearray([1, 0, 2, 0])
        >>> moved(board, 0, 1, 1, [(2, 2)]), board
        (b'\\x00\\x01\\x00\\x00', bytearray(b'\\x00\\x01\\x00\\x00'))
    """
    board[frm] = 0
    board[to] = piece
    for c, _ in gone:
        board[c] = 0
    return bytes(board)


def unmoved(board: bytearray, frm: int, to: int, piece: int, gone: list[tuple[int, int]]) -> bytes:
    """:func:`moved` taken back: ``board`` as it was before that move, and its snapshot.

    Examples:
        >>> unmoved(bytearray([0, 1, 0, 0]), 0, 1, 1, [(2, 2)])
        b'\\x01\\x00\\x02\\x00'
    """
    for c, q in gone:
        board[c] = q
    board[to] = 0
    board[frm] = piece
    return bytes(board)
