"""Tafl's board kernel: the board its move loops read, and the loops, behind one small API.

The rules (:mod:`~boardkit.games.tafl.rules`, :mod:`~boardkit.games.tafl.special`) keep one board,
the same on both builds: a list of piece codes, a square each (numbered row by row from the
top-left, as the :class:`~boardkit.topology.SquareGrid`'s compiled tables), and a bitboard a side.
They change it only through :func:`move_piece`, :func:`remove_pieces` and :func:`unmove_piece`, and
ask for moves with :func:`has_moves`, :func:`legal_entries` and :func:`random_step`, handing over
the :data:`Squares` that :func:`squares_of` made and :func:`squares_copy` copies. What the loops
read is this module's business, and no rules module knows it:

- Pure, the board list itself (``Squares`` is the same list): :func:`bits_has_moves` and
  :func:`bits_step` count and find moves a whole line of squares at a time on the bitboards (a few
  integer operations move every piece a step); :func:`list_entries` lists them on the list.
- Compiled with mypyc, the same codes in a ``bytearray`` kept in step by the three functions that
  change the board, of which the loops read a ``bytes`` snapshot: :func:`walk_has_moves`,
  :func:`walk_step` and :func:`walk_entries` find the same moves square by square, with
  machine-word indices and counters (a row's squares are 1 apart, a column's ``n``) and one
  ``bytes`` table a square (:attr:`Board.walk <boardkit.games.tafl.board.Board.walk>`: 0 where a
  piece may not pass, 1 where it may pass but not stop, 2 where it may pass and stop).

Why two paths: compiled, a bitboard of 121 (up to 361) squares is an integer wider than a machine
word, a Python object to compiled code, each shift and mask making a new one; pure, the square by
square loops run several times slower than the bitboards. Why the compiled build keeps its own
copy (measured with CPython 3.11 and mypyc 2.4.1): compiled code reads an item of a list 8x slower
than a byte of ``bytes`` (an object to fetch, check and unbox), and a byte of a ``bytearray``
slower still (mypyc has no primitive for it: the generic item protocol, 30x), while the pure build
reads ``bytes`` and ``bytearray`` 1.4x slower than a list and would copy a board a move to keep one
in ``bytes``. Both paths find the same moves in the same order and draw the same move with the same
generator: ``tests/test_tafl_native.py`` holds them to it, on both builds.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("brandubh").new_game(seed=0)
    >>> g = state.game.tables()
    >>> squares = squares_of(state._board)
    >>> len(legal_entries(g, squares, ATTACKER, -1, g.moves)) == len(state.legal_moves())
    True
    >>> has_moves(g, squares, state._att, state._dfn, state._king, 0)
    True
    >>> frm, to = random_step(g, squares, state._att, state._dfn, -1, 0, Random(1))
    >>> g.moves[frm * g.cells + to] in state.legal_moves()
    True
    >>> walk = bytes([2] * 9)                 # a 3x3 board without special squares
    >>> b = bytes([0, 0, 0, 1, 0, 0, 0, 0, 0])       # one man on the middle row's left
    >>> walk_entries(3, walk, walk, b, 1, -1, list(range(81)))   # origin * 9 + target
    [27, 31, 32, 33]
"""

from __future__ import annotations

import sys
from typing import Final, TypeAlias, TypeVar, cast

from boardkit.chance import Random
from boardkit.compiling import i64, mypyc_attr
from boardkit.games.tafl.board import ATTACKER, DEFENDER, EMPTY, KING, Board, king_targets, move_buckets

__all__ = [
    "WALKS",
    "Squares",
    "Walked",
    "bits_has_moves",
    "bits_step",
    "has_moves",
    "legal_entries",
    "list_entries",
    "move_piece",
    "random_step",
    "remove_pieces",
    "squares_copy",
    "squares_of",
    "unmove_piece",
    "walk_entries",
    "walk_has_moves",
    "walk_step",
]

T = TypeVar("T")

#: Whether the loops walk the board square by square in bytes: this module runs compiled (an
#: extension module's file is not its source).
WALKS: Final = not __file__.endswith(".py")

# Compiled with mypyc: a native class, made only by the compiled build.
@mypyc_attr(allow_interpreted_subclasses=False)
class Walked:
    """The compiled build's squares: the board's codes in a ``bytearray``, changed with the board,
    and a ``bytes`` snapshot of them, taken when the loops next read them after a change (a search
    that plays a move and takes it back before reading takes none).

    Examples:
        >>> walked = Walked(bytearray([0, 1, 3]))
        >>> walked.snapshot(), walked[2]
        (b'\\x00\\x01\\x03', 3)
    """

    __slots__ = ("codes", "look")

    def __init__(self, codes: bytearray, look: bytes | None = None) -> None:
        #: The board's codes, a byte a square.
        self.codes = codes
        #: A snapshot of ``codes`` as ``bytes``, or ``None`` when they have changed since.
        self.look = look

    def snapshot(self) -> bytes:
        """The codes as ``bytes``, what the loops read the quickest."""
        look = self.look
        if look is None:
            look = self.look = bytes(self.codes)
        return look

    def __getitem__(self, cell: int) -> int:
        """The code on ``cell``, as the board list has it."""
        return self.codes[cell]


#: What the move loops read, made by :func:`squares_of`: the board list itself, or on the compiled
#: build a :class:`Walked`.
Squares: TypeAlias = "list[int] | Walked"


def squares_of(board: list[int]) -> Squares:
    """What the loops read for the board list ``board`` (kept in step by :func:`move_piece`,
    :func:`remove_pieces` and :func:`unmove_piece`).

    Examples:
        >>> squares = squares_of([0, 1, 3])
        >>> [squares[cell] for cell in range(3)]
        [0, 1, 3]
    """
    return Walked(bytearray(board)) if WALKS else board


def squares_copy(squares: Squares, board: list[int]) -> Squares:
    """A copy of ``squares`` for ``board``, a copy of the board list they were made for.

    Examples:
        >>> board = [0, 1, 3]
        >>> squares = squares_copy(squares_of(board), list(board))
        >>> [squares[cell] for cell in range(3)]
        [0, 1, 3]
    """
    if WALKS:
        walked = cast("Walked", squares)
        return Walked(bytearray(walked.codes), walked.look)  # the snapshot is immutable: shared
    return board


def move_piece(board: list[int], squares: Squares, frm: int, to: int, piece: int) -> None:
    """Move the piece of code ``piece`` on ``frm`` to ``to``, on the board list and its squares.

    Examples:
        >>> board = [1, 0]; squares = squares_of(board)
        >>> move_piece(board, squares, 0, 1, ATTACKER)
        >>> board, [squares[0], squares[1]]
        ([0, 1], [0, 1])
    """
    board[frm] = EMPTY
    board[to] = piece
    if WALKS:
        walked = cast("Walked", squares)
        codes = walked.codes
        codes[frm] = EMPTY
        codes[to] = piece
        walked.look = None


def remove_pieces(board: list[int], squares: Squares, captured: list[tuple[int, int]]) -> None:
    """Empty the squares of ``captured`` (square, code) on the board list and its squares.

    Examples:
        >>> board = [1, 2]; squares = squares_of(board)
        >>> remove_pieces(board, squares, [(1, DEFENDER)])
        >>> board, [squares[0], squares[1]]
        ([1, 0], [1, 0])
    """
    for c, _ in captured:
        board[c] = EMPTY
    if WALKS and captured:
        walked = cast("Walked", squares)
        codes = walked.codes
        for c, _ in captured:
            codes[c] = EMPTY
        walked.look = None


def unmove_piece(
    board: list[int], squares: Squares, frm: int, to: int, piece: int, captured: list[tuple[int, int]]
) -> None:
    """:func:`move_piece` (then :func:`remove_pieces` of ``captured``) taken back.

    Examples:
        >>> board = [0, 1, 0]; squares = squares_of(board)
        >>> unmove_piece(board, squares, 0, 1, ATTACKER, [(2, DEFENDER)])
        >>> board, [squares[cell] for cell in range(3)]
        ([1, 0, 2], [1, 0, 2])
    """
    for c, q in captured:
        board[c] = q
    board[to] = EMPTY
    board[frm] = piece
    if WALKS:
        walked = cast("Walked", squares)
        codes = walked.codes
        for c, q in captured:
            codes[c] = q
        codes[to] = EMPTY
        codes[frm] = piece
        walked.look = None


def has_moves(g: Board, squares: Squares, att: int, dfn: int, king: int, side: int) -> bool:
    """Whether ``side`` (0 attackers, 1 defenders) has a legal move: :func:`walk_has_moves` or
    :func:`bits_has_moves`.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").new_game(seed=0)
        >>> has_moves(state.game.tables(), squares_of(state._board), state._att, state._dfn, state._king, 0)
        True
    """
    if WALKS:
        men = ATTACKER if side == 0 else DEFENDER
        look = cast("Walked", squares).snapshot()
        return walk_has_moves(g.size, g.walk[men], g.walk[KING], look, men, king if side == 1 else -1)
    return bits_has_moves(g, squares, att, dfn, king, side)


def legal_entries(g: Board, squares: Squares, men: int, king: int, table: list[T]) -> list[T]:
    """What ``table`` holds for each move of the pieces of code ``men`` and of the King on ``king``
    (``-1``: none to move), by origin square, then direction (up, right, down, left), then distance:
    ``table[origin * cells + target]`` (:func:`walk_entries` or :func:`list_entries`).

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(7, False)
        >>> b = [0] * 49; b[24] = KING
        >>> legal_entries(g, squares_of(b), DEFENDER, 24, g.moves)[:3]
        [Move('d4', 'd5'), Move('d4', 'd6'), Move('d4', 'd7')]
    """
    if WALKS:
        look = cast("Walked", squares).snapshot()
        return walk_entries(g.size, g.walk[men], g.walk[KING], look, men, king, table)
    return list_entries(g, squares, men, king, table)  # type: ignore[arg-type]  # pure: the board list


def random_step(g: Board, squares: Squares, att: int, dfn: int, king: int, turn: int, rng: Random) -> tuple[int, int]:
    """A legal move of ``turn``'s side drawn uniformly with ``rng``, as (origin, target), without
    listing the moves: the same move from :func:`walk_step` and :func:`bits_step`.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").new_game(seed=0)
        >>> g, squares = state.game.tables(), squares_of(state._board)
        >>> frm, to = random_step(g, squares, state._att, state._dfn, -1, 0, Random(1))
        >>> state._board[frm] == ATTACKER and state._board[to] == EMPTY
        True
    """
    if WALKS:
        men = ATTACKER if turn == 0 else DEFENDER
        look = cast("Walked", squares).snapshot()
        return walk_step(g.size, g.walk[men], g.walk[KING], look, men, king if turn == 1 else -1, rng)
    return bits_step(g, squares, att, dfn, king, turn, rng)


# -- the pure build's paths: bitboards, and the board list ------------------------------------


def bits_has_moves(g: Board, board: Squares | bytes, att: int, dfn: int, king: int, side: int) -> bool:
    """Whether ``side`` (0 attackers, 1 defenders) has a legal move, found on the bitboards (the
    King's neighbours on the board, where no square bars him).

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(3, False)
        >>> bits_has_moves(g, [1, 1, 1, 1, 3, 1, 1, 1, 1], 0b111101111, 0, 4, 0)
        False
    """
    n = g.size
    kbit = 1 << king if king >= 0 else 0
    empty = g.full ^ (att | dfn | kbit)
    if side == 0:
        src = att
        free = empty & g.pass_att
        stop = free & g.stop_att
    else:
        src = dfn
        free = empty & g.pass_dfn
        stop = free & g.stop_dfn
        if king >= 0:
            if g.king_free:
                b = board
                for s in g.steps[king]:
                    if s >= 0 and b[s] == EMPTY:
                        return True
            elif king_targets(g, g.full ^ empty, king):
                return True
    if not src:
        return False
    east = free & g.not_first_col
    west = free & g.not_last_col
    x = src
    while x:
        x = (x >> n) & free
        if x & stop:
            return True
    x = src
    while x:
        x = (x << n) & free
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


def list_entries(g: Board, b: list[int] | bytes, men: int, king: int, table: list[T]) -> list[T]:
    """What :func:`legal_entries` gives, found on the board list ``b`` along the board's rays.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(7, False)
        >>> b = [0] * 49; b[24] = KING
        >>> list_entries(g, b, DEFENDER, 24, g.moves)[:3]
        [Move('d4', 'd5'), Move('d4', 'd6'), Move('d4', 'd7')]
    """
    rays = g.rays
    cells = g.cells
    out: list[T] = []
    # The side's men share their rules; the King has his own.
    stop = g.stop_flag[men]
    through = g.pass_flag[men]
    walled = g.walled[men]
    # The men found in order on the board list (quicker than on a bitboard, compiled or not): pure,
    # with list.index; compiled, square by square, quicker than calls to list.index through Python.
    left = b.count(men)
    i = -1
    while left or king >= 0:
        if not left:
            i = cells
        elif WALKS:
            i += 1
            while b[i] != men:
                i += 1
        else:
            i = b.index(men, i + 1)
        if king >= 0 and king < i:
            _king_entries(g, b, king, table, out)
            king = -1
        if not left:
            break
        left -= 1
        base = i * cells
        if walled:
            for ray in rays[i]:
                for j in ray:
                    if b[j] or not through[j]:
                        break
                    if stop[j]:
                        out.append(table[base + j])
        else:
            for ray in rays[i]:
                for j in ray:
                    if b[j]:
                        break
                    if stop[j]:
                        out.append(table[base + j])
    return out


def _king_entries(g: Board, b: list[int] | bytes, king: int, table: list[T], out: list[T]) -> None:
    """Add the King's moves from ``king`` to ``out``, in :func:`list_entries`' order."""
    base = king * g.cells
    if g.king_free:
        for ray in g.rays[king]:
            for j in ray:
                if b[j]:
                    break
                out.append(table[base + j])
    else:
        king_stop = g.stop_flag[KING]
        king_through = g.pass_flag[KING]
        for ray in g.rays[king]:
            for j in ray:
                if b[j] or not king_through[j]:
                    break
                if king_stop[j]:
                    out.append(table[base + j])


def bits_step(
    g: Board, squares: Squares, att: int, dfn: int, king: int, turn: int, rng: Random
) -> tuple[int, int]:
    """What :func:`random_step` draws, counted and found on the bitboards (:func:`move_buckets
    <boardkit.games.tafl.board.move_buckets>`) without listing the moves: the King's targets by
    square, then the men's moves by direction (up, down, right, left), distance and target square;
    the move with index ``rng.randbelow(total)`` in that order. ``squares`` is not read (the bitboards
    say it all): it keeps :func:`random_step`'s arguments, which the pure build calls this by.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(3, False)
        >>> sorted({bits_step(g, [], 1 << 4, 0, -1, 0, Random(seed)) for seed in range(40)})
        [(4, 1), (4, 3), (4, 5), (4, 7)]
    """
    total, targets, buckets = move_buckets(g, att, dfn, king, turn)
    r = rng.randbelow(total)
    if targets:
        c = targets.bit_count()
        if r < c:
            while r:
                targets &= targets - 1
                r -= 1
            return king, (targets & -targets).bit_length() - 1
        r -= c
    for c, t, off in buckets:
        if r < c:
            while r:
                t &= t - 1
                r -= 1
            to = (t & -t).bit_length() - 1
            return to + off, to
        r -= c
    raise RuntimeError("move buckets do not add up")  # pragma: no cover


# -- the compiled build's paths: square by square on the board in bytes ------------------------


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


def walk_step(n: i64, walk: bytes, kwalk: bytes, b: bytes, men: i64, king: i64, rng: Random) -> tuple[int, int]:
    """A move of the pieces of code ``men`` on the ``n`` x ``n`` board list ``b`` and of the King
    on ``king`` (``-1``: none to move), as (origin, target), drawn uniformly with ``rng`` in the
    order of :func:`bits_step` (the King's targets ascending, then
    the men's by direction up, down, right, left, then distance, then target): the same move for
    the same generator. ``walk`` and ``kwalk`` are the men's and the King's
    :attr:`Board.walk <boardkit.games.tafl.board.Board.walk>`.

    Examples:
        >>> from boardkit import Random
        >>> walk = bytes([2] * 9)
        >>> b = bytes([0, 0, 0, 0, 1, 0, 0, 0, 0])   # one man in the middle of a 3x3 board
        >>> sorted({walk_step(3, walk, walk, b, 1, -1, Random(seed)) for seed in range(40)})
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


def walk_has_moves(n: i64, walk: bytes, kwalk: bytes, b: bytes, men: i64, king: i64) -> bool:
    """Whether the pieces of code ``men`` or the King on ``king`` (``-1``: none to move) have a
    move, as :func:`walk_step` finds them.

    Examples:
        >>> walk = bytes([2] * 9)
        >>> walk_has_moves(3, walk, walk, bytes([1, 1, 1, 1, 3, 1, 1, 1, 1]), 1, -1)
        False
        >>> walk_has_moves(3, walk, walk, bytes([1, 1, 1, 1, 3, 1, 1, 1, 0]), 1, -1)
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


def walk_entries(n: i64, walk: bytes, kwalk: bytes, b: bytes, men: i64, king: i64, table: list[T]) -> list[T]:
    """What ``table`` holds for each move of the pieces of code ``men`` and of the King on
    ``king`` (``-1``: none to move), in the order of
    :func:`list_entries` (origin square, then direction up, right,
    down, left, then distance): ``table[origin * cells + target]``.

    Examples:
        >>> walk = bytes([2] * 9)
        >>> walk_entries(3, walk, walk, bytes([0, 0, 0, 0, 1, 0, 0, 0, 0]), 1, -1, list(range(81)))
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


if not WALKS:
    # Pure, the rules call the bitboard and list paths by the kernel's names, the dispatch above
    # skipped: a call fewer a ply (brandubh's random playouts about 3% quicker). Compiled, this never
    # runs, and the rules call the dispatchers directly, in C.
    for _name, _path in (("has_moves", bits_has_moves), ("legal_entries", list_entries), ("random_step", bits_step)):
        setattr(sys.modules[__name__], _name, _path)
