"""A Tafl board's fixed tables, and the moves counted on its bitboards.

:class:`Board` holds what a board size and the rules of its special squares
fix once: rays, the throne and corner squares, who may stop on and pass over
each square, to whom each is hostile (empty, or with a piece on it), bit masks
and the move table. The functions count moves a whole line of squares at a
time on the state's bitboards (one integer per side, bit ``i`` for cell ``i``
of the :class:`~boardkit.topology.SquareGrid`, row 0 at the top), and read a
King's surroundings on the board list. The move loops themselves, with the
board they read, are the kernel's (:mod:`boardkit.games.tafl.kernel`).

Examples:
    >>> g = board_tables(7, False)   # 7x7, edge escape
    >>> sorted(g.thrones), sorted(g.corners)
    ([24], [])
    >>> g.stop_flag[DEFENDER][24], g.stop_flag[KING][24]
    (False, True)
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("brandubh").new_game(seed=0)
    >>> move_buckets(g, state._att, state._dfn, state._king, 0)[0] == len(state.legal_moves())
    True
"""

from __future__ import annotations

import functools
from typing import Any, Final, NamedTuple

from boardkit.compiling import mypyc_attr
from boardkit.games.tafl.moves import Move, square_name
from boardkit.games.tafl.variants import default_corners, default_throne, who_may
from boardkit.topology import SquareGrid

__all__ = [
    "SIDES",
    "Board",
    "SquareRules",
    "board_tables",
    "escape_lines",
    "king_enclosed",
    "king_targets",
    "move_buckets",
    "refusal",
]

# Piece codes on the state's board list.
EMPTY: Final = 0
ATTACKER: Final = 1
DEFENDER: Final = 2
KING: Final = 3
#: The sides by seat, as the status line and the errors name them.
SIDES: Final = ("attackers", "defenders")
#: Each piece code's letter in :class:`SquareRules`' lists (``t``, ``T``, ``K``).
_LETTERS: Final = ("", "t", "T", "K")


class SquareRules(NamedTuple):
    """Which squares are corners and thrones, and what they do: the options
    of :class:`~boardkit.games.tafl.TaflOptions` as cells (numbered row by row
    from the top-left).

    The lists of letters are the options' own: ``t`` attackers, ``T``
    defenders, ``K`` the King (who may stop or pass), or ``t`` and ``T`` for
    the sides a square is hostile to.
    """

    corners: frozenset[int]
    thrones: frozenset[int]
    corner_escape: bool
    throne_stop: str = "K"
    throne_pass: str = "tTK"
    corner_stop: str = "K"
    corner_pass: str = "K"
    throne_hostile: str = ""
    throne_hostile_empty: str = "tT"
    corner_hostile: str = "tT"
    #: Attacker forts: who may come onto one from off the forts (the state's slow path lets a
    #: piece on a fort move over and onto the others), and to whom one is hostile, empty or held.
    attacker_forts: frozenset[int] = frozenset()
    attacker_fort_enter: str = "tTK"
    attacker_fort_hostile: str = "T"


class _Grid:
    """The tables every board of one size shares: rays, masks, names, moves."""

    def __init__(self, size: int) -> None:
        n = size
        cells = n * n
        self.grid = SquareGrid(n, n)
        compiled = self.grid.compiled
        self.compiled = compiled
        if self.grid.directions != ("n", "e", "s", "w") or compiled.steps[n + 1] != (1, n + 2, 2 * n + 1, n):
            raise RuntimeError("SquareGrid no longer numbers cells row by row from the top-left")
        self.full = (1 << cells) - 1
        self.edge_bits = sum(1 << (r * n + c) for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1))
        first_col = sum(1 << (r * n) for r in range(n))
        self.not_first_col = self.full ^ first_col
        self.not_last_col = self.full ^ (first_col << (n - 1))
        self.ray_bits = tuple(tuple(sum(1 << j for j in ray) for ray in rays) for rays in compiled.rays)
        self.names = tuple(square_name(i, n) for i in range(cells))
        self.index = {name: i for i, name in enumerate(self.names)}
        moves: list[Move | None] = [None] * (cells * cells)
        for i in range(cells):
            for ray in compiled.rays[i]:
                for j in ray:
                    moves[i * cells + j] = Move(self.names[i], self.names[j])
        self.moves = moves


@functools.lru_cache(maxsize=32)
def _grid(size: int) -> _Grid:
    return _Grid(size)


# Compiled with mypyc: a state's board pickles, copies and deep-copies with it.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Board:
    """A board's fixed tables: rays, special squares, who may stop and pass
    where, hostile squares, bit masks, moves.

    The per-square tables are indexed by piece code (``stop_flag[DEFENDER][c]``)
    or by the side of the piece a square may help to capture
    (``hostile_empty[1][c]``: whether the empty square ``c`` is hostile to a
    defender or the King).
    """

    # Slots: the move loops read these fields on every ply.
    __slots__ = (
        "cells",
        "centre",
        "compiled",
        "corners",
        "defender_hostile_empty",
        "defender_hostile_held",
        "edge_bits",
        "empty_hostile_att",
        "empty_hostile_dfn",
        "full",
        "grid",
        "held_hostile_att",
        "held_hostile_dfn",
        "hostile_empty",
        "hostile_held",
        "index",
        "king_free",
        "king_stop",
        "king_wall",
        "linnaean",
        "moves",
        "names",
        "not_first_col",
        "not_last_col",
        "pass_att",
        "pass_bits",
        "pass_dfn",
        "pass_flag",
        "ray_bits",
        "rays",
        "restricted",
        "restricted_flag",
        "rules",
        "size",
        "steps",
        "stop_att",
        "stop_bits",
        "stop_dfn",
        "stop_flag",
        "throne_area",
        "thrones",
        "walk",
        "walled",
        "winning",
    )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its size and special squares, plain data from which :func:`_tables` finds (or
        builds) the same tables: the same pickle on the pure and the compiled build."""
        return (_tables, (self.size, self.rules))

    def __init__(self, size: int, rules: SquareRules) -> None:
        n = size
        cells = n * n
        shared = _grid(n)
        self.size = n
        self.cells = cells
        self.rules = rules
        self.grid = shared.grid
        self.compiled = shared.compiled
        self.steps = shared.compiled.steps
        self.rays = shared.compiled.rays
        self.full = shared.full
        self.edge_bits = shared.edge_bits
        self.not_first_col = shared.not_first_col
        self.not_last_col = shared.not_last_col
        self.ray_bits = shared.ray_bits
        self.names = shared.names
        self.index = shared.index
        self.moves = shared.moves
        #: The board's centre (Linnaean captures happen around it, throne or not).
        self.centre = (n // 2) * n + n // 2
        self.thrones = rules.thrones
        self.corners = rules.corners
        #: The special squares: thrones and corners (drawn ``+`` when empty).
        forts = rules.attacker_forts
        self.restricted = rules.thrones | rules.corners | forts
        self.restricted_flag = [i in self.restricted for i in range(cells)]
        kind = [2 if i in rules.corners else 1 if i in rules.thrones else 3 if i in forts else 0 for i in range(cells)]

        def flags(throne: str, corner: str, letter: str, elsewhere: bool = True, fort: str = "") -> list[bool]:
            return [(elsewhere, letter in throne, letter in corner, letter in fort)[k] for k in kind]

        def bits(flag: list[bool]) -> int:
            return sum(1 << i for i, f in enumerate(flag) if f)

        enter = rules.attacker_fort_enter
        stop = [flags(rules.throne_stop, rules.corner_stop, letter, True, enter) for letter in _LETTERS]
        through = [flags(rules.throne_pass, rules.corner_pass, letter, True, enter) for letter in _LETTERS]
        #: Per piece code: whether it may stop on each square (given the way there is open).
        self.stop_flag = stop
        #: Per piece code: whether it may pass over (and so reach) each square.
        self.pass_flag = through
        self.stop_bits = tuple(bits(f) for f in stop)
        self.pass_bits = tuple(bits(f) for f in through)
        # The same for the two sides' men, as plain fields for the bitboard loops.
        self.pass_att, self.stop_att = self.pass_bits[ATTACKER], self.stop_bits[ATTACKER]
        self.pass_dfn, self.stop_dfn = self.pass_bits[DEFENDER], self.stop_bits[DEFENDER]
        #: Per piece code: whether some square bars its way (else the quick loops, which
        #: check only where it may stop, suffice). A board corner it may not pass over
        #: nor stop on bars nothing: every line through it ends there.
        board_corners = default_corners(n, "corner")
        self.walled = tuple(
            any(not f[i] and (i not in board_corners or s[i]) for i in range(cells))
            for f, s in zip(through, stop, strict=True)
        )
        #: Per piece code, for the compiled build's move loops: 0 where it may not pass over a
        #: square, 1 where it may pass but not stop, 2 where it may pass and stop (in bytes).
        self.walk = [
            bytes((2 if s[i] else 1) if f[i] else 0 for i in range(cells)) for f, s in zip(through, stop, strict=True)
        ]
        #: Where the King may end a move: a square he may both reach and stop on.
        self.king_stop = self.stop_bits[KING] & self.pass_bits[KING]
        #: The squares the King cannot pass over.
        self.king_wall = self.full ^ self.pass_bits[KING]
        #: Whether the King goes everywhere (the quick checks then suffice).
        self.king_free = self.king_stop == self.full
        #: Per side of the victim (0 attackers, 1 defenders and the King): whether
        #: each square, empty, closes a capture.
        fort_hostile = rules.attacker_fort_hostile
        self.hostile_empty = tuple(
            flags(rules.throne_hostile_empty, rules.corner_hostile, s, False, fort_hostile) for s in "tT"
        )
        #: Per side of the victim: whether each square closes a capture with a piece
        #: on it that does not by itself (a friend of the victim, or an unarmed King).
        self.hostile_held = tuple(
            flags(rules.throne_hostile, rules.corner_hostile, s, False, fort_hostile) for s in "tT"
        )
        #: The same lists by name, for the capture loops.
        self.empty_hostile_att, self.empty_hostile_dfn = self.hostile_empty
        self.held_hostile_att, self.held_hostile_dfn = self.hostile_held
        #: Bit masks of the squares hostile to defenders, empty and held (exit forts).
        self.defender_hostile_empty = bits(self.hostile_empty[1])
        self.defender_hostile_held = bits(self.hostile_held[1])
        if rules.corner_escape:
            self.winning = [i in rules.corners for i in range(cells)]
        else:
            self.winning = [r in (0, n - 1) or c in (0, n - 1) for r in range(n) for c in range(n)]
        #: The thrones and the squares beside them, where a King strong only there is strong.
        self.throne_area = frozenset(
            {*rules.thrones, *(s for t in rules.thrones for s in self.steps[t] if s >= 0)}
        )
        #: For a Linnaean capture: the square an attacker moves to -> (the defender
        #: beside the centre it takes, the centre's three other neighbours).
        self.linnaean: dict[int, tuple[int, tuple[int, ...]]] = {}
        around = self.steps[self.centre]
        if n >= 5:
            for d, beside in enumerate(around):
                others = tuple(s for e, s in enumerate(around) if e != d)
                self.linnaean[self.steps[beside][d]] = (beside, others)


@functools.lru_cache(maxsize=64)
def _tables(size: int, rules: SquareRules) -> Board:
    return Board(size, rules)


def board_tables(size: int, corner_escape: bool, rules: SquareRules | None = None) -> Board:
    """The tables of a ``size`` x ``size`` board, shared by every game with the
    same special squares; ``rules`` defaults to the rulebook's (the centre is
    the throne; the four corners are corners with ``corner_escape``).

    Examples:
        >>> board_tables(7, True) is board_tables(7, True)
        True
        >>> sorted(board_tables(7, True).corners)
        [0, 6, 42, 48]
    """
    if rules is None:
        corners = default_corners(size, "corner" if corner_escape else "edge")
        rules = SquareRules(corners, default_throne(size), corner_escape)
    return _tables(size, rules)


def king_targets(g: Board, occupied: int, king: int) -> int:
    """The squares the King on ``king`` may move to, as bits, with ``occupied``
    the squares holding a piece (the King's own included)."""
    blockers = occupied | g.king_wall
    up, right, down, left = g.ray_bits[king]
    block = blockers & up
    targets = up >> block.bit_length() << block.bit_length() if block else up
    block = blockers & left
    targets |= left >> block.bit_length() << block.bit_length() if block else left
    block = blockers & right
    targets |= right & ((block & -block) - 1) if block else right
    block = blockers & down
    targets |= down & ((block & -block) - 1) if block else down
    return targets & g.king_stop


def king_enclosed(g: Board, board: list[int], king: int) -> bool:
    """Whether every side of the King on ``king`` is closed: an attacker, or a
    square hostile to the defenders (empty, or held by a defender); never on
    the edge of the board."""
    empty = g.empty_hostile_dfn
    held = g.held_hostile_dfn
    for s in g.steps[king]:
        if s < 0:
            return False
        q = board[s]
        if q != ATTACKER and not (empty[s] if q == EMPTY else held[s]):
            return False
    return True


def move_buckets(g: Board, att: int, dfn: int, king: int, turn: int) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Every legal move: the total, the King's targets as bits, and the
    other pieces' moves grouped as (count, target bits, origin offset)."""
    n = g.size
    kbit = 1 << king if king >= 0 else 0
    occupied = att | dfn | kbit
    empty = g.full ^ occupied
    buckets: list[tuple[int, int, int]] = []
    append = buckets.append
    total = 0
    targets = 0
    if turn == 0:
        src = att
        free = empty & g.pass_att
        stop = free & g.stop_att
    else:
        src = dfn
        free = empty & g.pass_dfn
        stop = free & g.stop_dfn
        if king >= 0:  # king_targets, written out: this is the playouts' inner loop
            king_free = g.king_free
            blockers = occupied if king_free else occupied | g.king_wall
            up, right, down, left = g.ray_bits[king]
            block = blockers & up
            targets = up >> block.bit_length() << block.bit_length() if block else up
            block = blockers & left
            targets |= left >> block.bit_length() << block.bit_length() if block else left
            block = blockers & right
            targets |= right & ((block & -block) - 1) if block else right
            block = blockers & down
            targets |= down & ((block & -block) - 1) if block else down
            if not king_free:
                targets &= g.king_stop
            total = targets.bit_count()
    east = free & g.not_first_col
    west = free & g.not_last_col
    x = src
    off = 0
    while True:
        x = (x >> n) & free
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
        x = (x << n) & free
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


def escape_lines(g: Board, b: list[int], king: int) -> int:
    """How many clear straight lines the King on ``king`` has to a square he wins on.

    Examples:
        >>> g = board_tables(7, False)
        >>> b = [0] * 49; b[24] = KING
        >>> escape_lines(g, b, 24)
        4
    """
    winning = g.winning
    through = g.pass_flag[KING]
    stop = g.stop_flag[KING]
    count = 0
    for ray in g.rays[king]:
        for s in ray:  # the first square he would win on, with the way clear
            if b[s] or not through[s]:
                break
            if winning[s] and stop[s]:
                count += 1
                break
    return count


def refusal(g: Board, cell: int, *, pass_over: bool) -> str:
    """Why a piece may not pass over (or stop on) the special square ``cell``, as an error says it.

    Examples:
        >>> refusal(board_tables(7, False), 24, pass_over=False)
        'only the king may stop on the throne (d4)'
    """
    rules = g.rules
    throne = cell in g.thrones
    if pass_over:
        letters = rules.throne_pass if throne else rules.corner_pass
    else:
        letters = rules.throne_stop if throne else rules.corner_stop
    what = f"the throne ({g.names[cell]})" if throne else f"a corner ({g.names[cell]})"
    return f"{who_may(letters)} may {'pass over' if pass_over else 'stop on'} {what}"
