"""The edge rules of the rule sets played today: shieldwalls, exit forts, encirclement.

Each rule is decided exactly on the state's bitboards (one integer per side,
bit ``i`` for cell ``i`` of the :class:`~boardkit.topology.SquareGrid`, row 0
at the top), and :class:`~boardkit.games.tafl.TaflState` asks only after a
move that could have made one: encirclement after an attacker's move, an exit
fort after a defender's move with the King on an edge square, a shieldwall
after a move onto an edge square.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("copenhagen").from_position(
    ...     position="/3TK6/3TTT5/6T4/11/11/t9t/11/11/11/11/11/", to_move=1)
    >>> state.apply("g3-g1")       # closes a fort around the King on e1
    >>> state.outcome.reason
    'exit fort'
"""

from __future__ import annotations

from typing import Final

from boardkit.games.tafl.board import Board, king_targets

__all__ = ["Geometry", "encircled", "exit_fort", "shieldwall"]

# Piece codes, as on the state's board list.
_EMPTY: Final = 0
_ATTACKER: Final = 1
_DEFENDER: Final = 2
_KING: Final = 3

#: The fixed tables of a board that these rules read.
Geometry = Board


def _spread(g: Geometry, x: int) -> int:
    """``x`` and every cell orthogonally next to a cell of ``x``."""
    n = g.size
    return (x | (x << n) | (x >> n) | ((x << 1) & g.not_first_col) | ((x >> 1) & g.not_last_col)) & g.full


def _flood(g: Geometry, seed: int, passable: int, stop: int = 0) -> int:
    """The cells of ``passable`` joined to ``seed`` through ``passable``;
    it returns early (with a cell of ``stop`` in it) once it reaches ``stop``."""
    region = seed
    while True:
        grown = _spread(g, region) & passable | region
        if grown == region or grown & stop:
            return grown
        region = grown


def encircled(g: Geometry, att: int, dfn: int, king: int) -> bool:
    """Whether no defender (King included) can reach an edge square, moving
    through empty squares and squares of his own side.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("federation-brandubh").from_position(position="/3t3/7/2t1t2/1t1K1t1/2t1t2/3t3/7/", to_move=0)
        >>> state.apply("d1-d2")       # the last gap in the ring
        >>> state.outcome.reason
        'encirclement: no defender can reach the edge'
    """
    seed = dfn | (1 << king if king >= 0 else 0)
    edge = g.edge_bits
    if not seed or seed & edge:
        return not seed
    return not _flood(g, seed, g.full ^ att, edge) & edge


def exit_fort(g: Geometry, board: list[int], att: int, dfn: int, king: int) -> bool:
    """Whether the King stands on an edge square, can move, and is shut in by
    defenders that the attackers can never capture, with no attacker inside.

    The fort's inside is the King's square and every empty square he can
    reach. Its wall is the defenders next to the inside. A defender is safe
    when, along both lines through it, at least one neighbour is off the
    board, inside (and not a square hostile to defenders, such as the empty
    throne), or another safe defender (one behind the wall counts: while it
    stands, the wall piece it guards cannot be taken; not one on a square
    hostile to defenders while held); the fort stands when every wall
    defender is safe.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("copenhagen").from_position(position="/3TK1T4/3TTT5/11/11/11/t9t/11/11/11/11/11/", to_move=0)
        >>> state.outcome.reason       # the King on e1 can move to f1, and nothing can break the wall
        'exit fort'
    """
    if king < 0:
        return False
    kbit = 1 << king
    if not kbit & g.edge_bits:
        return False
    empty = g.full ^ (att | dfn | kbit)
    if not (_spread(g, kbit) & empty if g.king_free else king_targets(g, g.full ^ empty, king)):
        return False
    inside = _flood(g, kbit, empty | kbit, att)
    rim = _spread(g, inside) ^ inside
    if rim & att:
        return False
    wall = [c for c in range(g.size * g.size) if rim >> c & 1]
    guards = [c for c in range(g.size * g.size) if dfn >> c & 1]  # the wall and every defender behind it
    # What holds a line: the inside but squares hostile to defenders when empty, and the
    # defenders (the King too) but on squares hostile to them when held.
    safe = (inside & ~g.defender_hostile_empty) | (dfn & ~g.defender_hostile_held)
    safe &= ~(kbit & g.defender_hostile_held)
    steps = g.steps
    changed = True
    while changed:
        changed = False
        for c in guards:
            if not safe >> c & 1:
                continue
            north, east, south, west = steps[c]
            for a, b in ((north, south), (east, west)):
                if a >= 0 and b >= 0 and not (safe >> a & 1 or safe >> b & 1):
                    safe &= ~(1 << c)
                    changed = True
                    break
    return all(safe >> c & 1 for c in wall)


def shieldwall(g: Geometry, board: list[int], frm: int, to: int, *, along: bool = True) -> list[tuple[int, int]]:
    """The pieces a move onto an edge square takes by closing a shieldwall, as
    ``(cell, piece code)``; the King in a row is never taken.

    A row runs along the edge from the square next to ``to``: two or more
    enemy pieces, each with a piece of the mover's side directly in front of
    it (one row inward), closed at the far end by another of the mover's
    pieces or by a corner. Without ``along`` (the ruling, Copenhagen's
    ``shieldwall_close="onto-edge"``) any move onto the edge square closes
    one, along the edge or from inside the board; with it
    (``shieldwall_close="along-edge"``) only a move along the edge does.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("copenhagen").from_position(position="/2tTT2t3/3tt6/11/11/11/5K5/11/11/11/11/11/", to_move=0)
        >>> state.apply("h1-f1")       # brackets d1 and e1, each faced by an attacker
        >>> state.to_record().moves
        ('h1-f1xd1/e1',)
        >>> state = Tafl("copenhagen").from_position(position="/2tTT6/3tt6/11/5t5/11/5K5/11/11/11/11/11/", to_move=0)
        >>> state.apply("f4-f1")       # from inside the board: the same wall is taken
        >>> state.last_captured
        ('d1', 'e1')
    """
    n = g.size
    steps = g.steps
    mover = board[to]
    friends = (_ATTACKER,) if mover == _ATTACKER else (_DEFENDER, _KING)
    tr, tc = divmod(to, n)
    fr, fc = divmod(frm, n)
    taken: list[tuple[int, int]] = []
    for inward, onward in _EDGE_LINES[tr == 0, tr == n - 1, tc == 0, tc == n - 1]:
        if along and (fr != tr if onward in (1, 3) else fc != tc):
            continue
        row: list[int] = []
        j = steps[to][onward]
        while j >= 0:
            q = board[j]
            if q == _EMPTY or q in friends or board[steps[j][inward]] not in friends:
                break
            row.append(j)
            j = steps[j][onward]
        if len(row) >= 2 and j >= 0 and (board[j] in friends or (board[j] == _EMPTY and j in g.corners)):
            taken.extend((c, board[c]) for c in row if board[c] != _KING)
    return taken


def _lines(top: bool, bottom: bool, left: bool, right: bool) -> list[tuple[int, int]]:
    # Directions: 0 north, 1 east, 2 south, 3 west (SquareGrid's order).
    out = []
    if top or bottom:
        inward = 2 if top else 0
        out += [(inward, 1), (inward, 3)]
    if left or right:
        inward = 1 if left else 3
        out += [(inward, 0), (inward, 2)]
    return out


_EDGE_LINES: Final = {
    (top, bottom, left, right): _lines(top, bottom, left, right)
    for top in (False, True)
    for bottom in (False, True)
    for left in (False, True)
    for right in (False, True)
}
