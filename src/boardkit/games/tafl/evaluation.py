"""How good a Tafl position is for the defenders: the evaluation bots search with.

Written from the rules and our own play: the defenders win by bringing the
King to a winning square (an edge, or a corner), the attackers by capturing
or enclosing him. So the evaluation weighs, on the state's bitboards:

* **the King's routes**: the winning squares he reaches in one move (one
  open line is a threat the attackers must answer at once, two are a win
  unless they take him first) and in two;
* **the attackers' cordon**: the winning squares still joined to the King
  by steps through squares no attacker holds (none left: he is walled in);
* **material**: each side's men against the men it started with;
* **the King's freedom and his danger**: the squares he can move to, and,
  where two attackers capture him, the sides of him they (or hostile
  squares) close; an attacker beside a King that needs four is only a
  target for the King and his men (tried at Copenhagen against OpenTafl:
  without that term, and with material weighed more, boardkit's attackers
  lasted 173 plies a game on average instead of 62, and won one of six).

One function serves edge and corner escape: the winning squares are the
board's own. It reads bitboards only (bit ``i`` for cell ``i``, row 0 at the
top), so it costs a few dozen integer operations a position.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("brandubh").new_game(seed=0)
    >>> value = state.evaluate(1)    # the defenders' view; the attackers' is its negative
    >>> -1 < value < 1 and state.evaluate(0) == -value
    True
    >>> state = Tafl("brandubh").from_position(position="/7/7/7/3K3/7/7/7/", to_move=1)
    >>> state.evaluate(1)            # the King to move with open lines: as good as won
    0.95
"""

from __future__ import annotations

import functools
from typing import Any, Final

from boardkit.errors import IllegalMoveError
from boardkit.games.tafl.board import ATTACKER, DEFENDER, KING, Board, escape_lines

__all__ = [
    "defenders_value",
    "forcing_moves_on",
    "king_in_danger",
    "king_reach",
    "lines_to",
    "slides",
    "threatened",
    "winning_bits",
]

#: The value of a position the defenders win at once (the King to move with an open line).
ESCAPING: Final = 0.95
#: The value, for the defenders, of the King with two open lines and the attackers to move.
TWO_LINES: Final = 0.85
#: The value, for the defenders to move, of a King one move from a square with two open lines.
FORK: Final = 0.75


@functools.lru_cache(maxsize=64)
def winning_bits(g: Board) -> int:
    """The squares the King wins on, as bits.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> bin(winning_bits(board_tables(3, True)))   # the four corners of 3x3
        '0b101000101'
    """
    return sum(1 << i for i, wins in enumerate(g.winning) if wins)


def slides(g: Board, sources: int, open_squares: int) -> tuple[int, int, int, int]:
    """The squares a piece on any of ``sources`` reaches in one straight move
    through ``open_squares`` (bits), whether or not it may stop there, one
    set per direction it runs: right, left, down, up.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(3, False)
        >>> [bin(x) for x in slides(g, 1 << 0, g.full)]   # from the top-left corner of 3x3
        ['0b110', '0b0', '0b1001000', '0b0']
    """
    n = g.size
    left_ok = g.not_first_col
    right_ok = g.not_last_col
    right = left = down = up = 0
    x = sources
    while x:
        x = ((x & right_ok) << 1) & open_squares
        right |= x
    x = sources
    while x:
        x = ((x & left_ok) >> 1) & open_squares
        left |= x
    x = sources
    while x:
        x = (x << n) & open_squares
        down |= x
    x = sources
    while x:
        x = (x >> n) & open_squares
        up |= x
    return right, left, down, up


def king_reach(g: Board, sources: int, open_squares: int) -> int:
    """The squares a piece on any of ``sources`` reaches in one straight
    move through ``open_squares`` (bits), whether or not it may stop there.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(3, False)
        >>> bin(king_reach(g, 1 << 4, g.full ^ (1 << 4)))   # the centre of 3x3 reaches its four neighbours
        '0b10101010'
    """
    right, left, down, up = slides(g, sources, open_squares)
    return right | left | down | up


def _joined(g: Board, start: int, through: int) -> int:
    """The squares joined to ``start`` by orthogonal steps through ``through`` (bits)."""
    n = g.size
    left_ok = g.not_first_col
    right_ok = g.not_last_col
    region = start
    while True:
        grown = region | ((region & right_ok) << 1) | ((region & left_ok) >> 1) | (region << n) | (region >> n)
        grown &= through
        grown |= start
        if grown == region:
            return region
        region = grown


def lines_to(g: Board, targets: int, open_squares: int) -> tuple[int, int, int, int]:
    """The squares from which a straight move through ``open_squares``
    reaches one of ``targets`` (bits), one set per direction the move runs:
    right, left, down, up (the squares :func:`slides` reaches from the
    targets the other way).

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(3, True)
        >>> [bin(x) for x in lines_to(g, 1 << 2, g.full)]   # the top-right corner
        ['0b11', '0b0', '0b0', '0b100100000']
    """
    right, left, down, up = slides(g, targets, open_squares)
    return left, right, up, down


def king_in_danger(g: Board, board: list[int], att: int, empty: int, king: int, weak: bool) -> bool:
    """Whether an attacker can capture the King on ``king`` with its next
    move: by two on either side (``weak``) or on all four sides, counting
    the squares hostile to him, the one side left open reachable by an
    attacker in one move (``empty``: the empty squares' bits). A side off
    the board never closes.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").from_position(position="/7/7/7/2tK3/7/4t2/7/", to_move=0)
        >>> g, empty = state._g, state._g.full & ~(state._att | 1 << state._king)
        >>> king_in_danger(g, state._board, state._att, empty, state._king, True)  # e6 comes to e4
        True
    """
    hostile = g.empty_hostile_dfn
    closed = [False, False, False, False]
    open_side = [-1, -1, -1, -1]
    shut = 0
    for d, s in enumerate(g.steps[king]):
        if s < 0:
            continue
        piece = board[s]
        if piece == ATTACKER or (piece == 0 and hostile[s]):
            closed[d] = True
            shut += 1
        elif piece == 0:
            open_side[d] = s
    if shut == 0 or (not weak and shut < 3):
        return False
    reach = king_reach(g, att, empty & g.pass_att) & g.stop_att
    if weak:  # two on either side: up and down (0, 2), right and left (1, 3)
        for a, b in ((0, 2), (2, 0), (1, 3), (3, 1)):
            if closed[a] and open_side[b] >= 0 and (reach >> open_side[b]) & 1:
                return True
        return False
    return shut == 3 and any(s >= 0 and (reach >> s) & 1 for s in open_side)


def threatened(g: Board, board: list[int], att: int, dfn: int, king: int, turn: int, weak: bool) -> bool:
    """Whether the side to move (``turn``, 0 attackers) must answer a threat
    to lose at once: the attackers, a King with a clear line to a winning
    square; the defenders, an attacker's capture of him next move
    (:func:`king_in_danger`; ``weak``: two attackers capture him there).

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").from_position(position="/7/7/7/3K3/7/7/t6/", to_move=0)
        >>> threatened(state._g, state._board, state._att, state._dfn, state._king, 0, False)
        True
    """
    if turn == 0:
        return escape_lines(g, board, king) > 0
    return king_in_danger(g, board, att, g.full & ~(att | dfn | 1 << king), king, weak)


def defenders_value(
    g: Board,
    board: list[int],
    att: int,
    dfn: int,
    king: int,
    turn: int,
    att0: int,
    dfn0: int,
    winning: int,
    weak: bool,
) -> float:
    """The position's value for the defenders, in ``[-0.99, 0.99]`` (the
    attackers' is its negative), for a game that goes on: ``att`` and
    ``dfn`` are the men's bitboards, ``king`` the King's square, ``turn``
    the side to move (0 attackers), ``att0`` and ``dfn0`` the men each side
    started with (the King counted with the defenders), ``winning`` the
    winning squares' bits, ``weak`` whether two attackers capture the King
    where he stands.
    """
    if king < 0:
        return -0.99
    kbit = 1 << king
    full = g.full
    empty = full & ~(att | dfn | kbit)
    open_squares = empty & g.pass_bits[KING]
    stop = g.king_stop
    one = king_reach(g, kbit, open_squares)
    escapes = (one & stop & winning).bit_count()
    if escapes and turn == 1:
        return ESCAPING
    if turn == 0 and king_in_danger(g, board, att, empty, king, weak):
        return -ESCAPING
    if escapes >= 2:
        return TWO_LINES
    landing = one & stop
    right, left, down, up = lines_to(g, winning & stop & empty, open_squares)
    forks = (right & (left | down | up)) | (left & (down | up)) | (down & up)
    if turn == 1 and landing & forks:
        return FORK
    two = king_reach(g, landing, open_squares) | one
    near = (two & stop & winning).bit_count()
    # The cordon: winning squares the King could still walk to, step by step, past no attacker.
    region = _joined(g, kbit, full & ~att)
    free = (region & winning).bit_count()
    total = winning.bit_count()
    value = 0.5 * ((dfn.bit_count() + 1) / dfn0 - att.bit_count() / att0)
    value += 0.22 * escapes + 0.05 * min(near, 4)
    if landing & forks:  # the attackers to move, and the King one move from a fork
        value += 0.2
    value += (0.25 * free / total if total else 0.0) - (0.15 if free == 0 else 0.0)
    value += 0.08 * min(landing.bit_count(), 2 * g.size) / (2 * g.size)
    if weak:  # an attacker beside a King that two capture is half a capture; beside a strong one, a target
        hostile = g.empty_hostile_dfn
        for s in g.steps[king]:
            if s >= 0 and (board[s] == ATTACKER or (board[s] == 0 and hostile[s])):
                value -= 0.06
    return max(-0.99, min(0.99, value))


@functools.lru_cache(maxsize=64)
def _hostile_bits(g: Board, victim: int) -> int:
    """The squares that may close a capture of a man of side ``victim`` (0
    attackers, 1 defenders) without a man of the capturing side on them: the
    hostile squares, empty or held."""
    empty, held = g.hostile_empty[victim], g.hostile_held[victim]
    return sum(1 << i for i in range(g.cells) if empty[i] or held[i])


def _custodial_targets(g: Board, victims: int, hammers: int, empty: int) -> int:
    """The empty squares (bits) a man may move to so that a victim lies
    between it and a hammer (a man of its side, or a hostile square)."""
    n = g.size
    first, last = g.not_first_col, g.not_last_col
    to_right = victims & (hammers >> 1) & last  # a hammer to the victim's right: the mover comes from its left
    to_left = victims & (hammers << 1) & first
    below = victims & (hammers >> n)
    above = victims & (hammers << n)
    targets = ((to_right & first) >> 1) | ((to_left & last) << 1) | (below >> n) | (above << n)
    return targets & empty


def forcing_moves_on(
    state: Any, g: Board, board: list[int], att: int, dfn: int, king: int, turn: int, weak: bool
) -> list[Any]:
    """The forcing moves of the side to move (``turn``, 0 attackers) on
    ``state`` (the position of ``board``, ``att``, ``dfn`` and ``king``;
    ``weak``: two attackers capture the King where he stands): the King's
    moves onto a winning square first, then the captures: a man moved
    between a man of the other side and a hammer (a man of its own, or a
    hostile square), and an attacker's move that takes the King. The
    squares are found on the bitboards; each move found is played and
    taken back on ``state`` to keep only those the rules say win or capture.
    (Captures of a whole row along an edge, a shield wall, are not looked
    for.)

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").from_position(position="/3t3/7/1tT4/7/7/4K2/7/", to_move=0)
        >>> [str(m) for m in state.forcing_moves()]
        ['d1-d3']
    """
    if state.is_over:
        return []
    full = g.full
    kbit = 0 if king < 0 else 1 << king
    empty = full & ~(att | dfn | kbit)
    cells = g.cells
    table = g.moves
    found: list[Any] = []
    if turn == 1 and king >= 0:
        wins = king_reach(g, kbit, empty & g.pass_bits[KING]) & g.king_stop & winning_bits(g)
        while wins:
            low = wins & -wins
            wins ^= low
            found.append(table[king * cells + low.bit_length() - 1])
    if turn == 0:
        men, mine, targets = ATTACKER, att, _custodial_targets(g, dfn, att | _hostile_bits(g, 1), empty)
        if king >= 0 and king_in_danger(g, board, att, empty, king, weak):  # the squares beside him
            n = g.size
            beside = ((kbit & g.not_last_col) << 1) | ((kbit & g.not_first_col) >> 1) | (kbit << n) | (kbit >> n)
            targets |= beside & empty
    else:
        men, mine, targets = DEFENDER, dfn | kbit, _custodial_targets(g, att, dfn | kbit | _hostile_bits(g, 0), empty)
    if not king_reach(g, mine, empty) & targets:  # no man of the side reaches one
        targets = 0
    while targets:
        low = targets & -targets
        targets ^= low
        to = low.bit_length() - 1
        for ray in g.rays[to]:
            for j in ray:
                piece = board[j]
                if not piece:
                    continue
                if piece == men or (turn == 1 and piece == KING):
                    found.append(table[j * cells + to])
                break
    out: list[Any] = []
    for move in found:
        try:
            state.apply(move)
        except IllegalMoveError:
            continue  # a square on the way it may not pass, or one it may not stop on
        if (state.is_over or state.last_captured) and move not in out:
            out.append(move)
        state.undo()
    return out
