"""Tafl's captures: what a move takes, found on the state's board list.

A man is taken when the moved piece and a hostile square close on him along
a row or a column: a piece of the other side, or a square hostile to his side
(the throne or a corner, empty or held as the rule set says); in the rule sets
played today also a whole shieldwall along an edge (:mod:`.forts`), and in
Linnaeus' rules a defender beside the King on the throne. The King is taken
by two (a weak King) or when every side of him is closed.
:class:`~boardkit.games.tafl.TaflState` asks here after each move, with its
board and the options that decide, and takes the pieces off itself.

Examples:
    >>> from boardkit.games.tafl.board import board_tables
    >>> g = board_tables(7, False)
    >>> b = [0] * 49
    >>> b[16], b[23], b[30] = ATTACKER, DEFENDER, ATTACKER   # a defender on c4, between c5 and c3
    >>> attacker_captures(g, b, 37, 30, -1, False, False, False, False)   # no options on
    [(23, 2)]
    >>> b[16] = EMPTY
    >>> attacker_captures(g, b, 37, 30, -1, False, False, False, False)
    []
"""

from __future__ import annotations

from typing import Final

from boardkit.games.tafl.board import Board, king_enclosed
from boardkit.games.tafl.forts import shieldwall

__all__ = ["ATTACKER", "DEFENDER", "EMPTY", "KING", "attacker_captures", "defender_captures"]

# Piece codes on the state's board list.
EMPTY: Final = 0
ATTACKER: Final = 1
DEFENDER: Final = 2
KING: Final = 3


def attacker_captures(
    g: Board,
    b: list[int],
    frm: int,
    to: int,
    king: int,
    weak: bool,
    shieldwall_on: bool,
    along: bool,
    linnaean: bool,
) -> list[tuple[int, int]]:
    """The (square, piece code) of everything an attacker just moved from
    ``frm`` to ``to`` (already on ``b``) takes; ``weak`` when the King on
    ``king`` is taken like a defender, by two."""
    steps = g.steps
    captured: list[tuple[int, int]] = []
    # A square beyond a defender closes the capture when it holds an attacker,
    # or is hostile to defenders: empty, or held by one of theirs.
    empty_hostile = g.empty_hostile_dfn
    held_hostile = g.held_hostile_dfn
    for d, v in enumerate(steps[to]):
        if v < 0:
            continue
        q = b[v]
        if q == DEFENDER or (q == KING and weak):
            beyond = steps[v][d]
            if beyond >= 0:
                r = b[beyond]
                if r == ATTACKER or (empty_hostile[beyond] if r == EMPTY else held_hostile[beyond]):
                    captured.append((v, q))
    if shieldwall_on and g.edge_bits >> to & 1:
        captured.extend(shieldwall(g, b, frm, to, along=along))
    if linnaean and to in g.linnaean:
        beside, others = g.linnaean[to]
        if (
            b[beside] == DEFENDER
            and b[g.centre] == KING
            and all(b[c] == ATTACKER for c in others)
            and (beside, DEFENDER) not in captured
        ):
            captured.append((beside, DEFENDER))
    if not weak and king >= 0 and king in steps[to] and king_enclosed(g, b, king):
        captured.append((king, KING))
    return captured


def defender_captures(
    g: Board, b: list[int], frm: int, to: int, armed: bool, shieldwall_on: bool, along: bool
) -> list[tuple[int, int]]:
    """The (square, piece code) of every attacker a defender (or the King,
    when ``armed``) just moved from ``frm`` to ``to`` (already on ``b``) takes."""
    steps = g.steps
    captured: list[tuple[int, int]] = []
    # Beyond an attacker: a defender, the armed King, or a square hostile to
    # attackers (empty, or held by an attacker or an unarmed King).
    empty_hostile = g.empty_hostile_att
    held_hostile = g.held_hostile_att
    for d, v in enumerate(steps[to]):
        if v >= 0 and b[v] == ATTACKER:
            beyond = steps[v][d]
            if beyond >= 0:
                r = b[beyond]
                if (
                    r == DEFENDER
                    or (r == KING and armed)
                    or (empty_hostile[beyond] if r == EMPTY else held_hostile[beyond])
                ):
                    captured.append((v, ATTACKER))
    if shieldwall_on and g.edge_bits >> to & 1:
        captured.extend(shieldwall(g, b, frm, to, along=along))
    return captured


def king_confined(g: Board, b: list[int], king: int) -> bool:
    """Whether every side of the King on ``king`` that lies on the board is
    closed (an attacker, or a square hostile to the defenders): the
    "middleweight" King's capture, by three on an edge square.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(7, False)
        >>> b = [0] * 49
        >>> b[3], b[2], b[4], b[10] = KING, ATTACKER, ATTACKER, ATTACKER   # the King on d7, the top edge
        >>> king_confined(g, b, 3)
        True
    """
    empty = g.empty_hostile_dfn
    held = g.held_hostile_dfn
    for s in g.steps[king]:
        if s < 0:
            continue
        q = b[s]
        if q != ATTACKER and not (empty[s] if q == EMPTY else held[s]):
            return False
    return True


def every_shieldwall(g: Board, b: list[int], side: int, gone: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every enemy row that ``side`` (0 attackers, 1 defenders) has shut in along
    an edge, as ``(cell, piece code)``, the King in a row excepted: OpenTafl's
    relaxed shieldwall (``shieldwall_close="any-move"``), asked after any move
    of ``side``. ``gone`` are the pieces the move has already taken, which no
    longer stand.

    A row is two or more enemy pieces side by side along an edge, each with a
    piece of ``side`` directly in front of it (one row inward), closed at both
    ends by a piece of ``side`` or an empty corner square.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(7, False)
        >>> b = [0] * 49
        >>> b[1], b[2], b[3], b[4] = ATTACKER, DEFENDER, DEFENDER, ATTACKER   # b7 t, c7 T, d7 T, e7 t
        >>> b[9], b[10] = ATTACKER, ATTACKER                                  # c6 and d6 face them
        >>> every_shieldwall(g, b, 0, [])
        [(2, 2), (3, 2)]
        >>> every_shieldwall(g, b, 0, [(9, DEFENDER)])   # c6 no longer stands
        []
    """
    n = g.size
    gone_cells = {c for c, _ in gone}
    friends = (ATTACKER,) if side == 0 else (DEFENDER, KING)

    def friend(c: int) -> bool:
        return b[c] in friends and c not in gone_cells

    def faced(c: int, inward: int) -> bool:
        """An enemy piece still standing on ``c``, a friend in front of it."""
        return b[c] != EMPTY and c not in gone_cells and b[c] not in friends and friend(c + inward)

    last = n * n - 1
    edges = (
        (range(n), n),  # the top row, inward downwards
        (range(last - n + 1, last + 1), -n),  # the bottom row
        (range(0, last + 1, n), 1),  # the left column
        (range(n - 1, last + 1, n), -1),  # the right column
    )
    taken: list[tuple[int, int]] = []
    for line, inward in edges:
        cells = list(line)
        k = 0
        while k < len(cells):
            if not faced(cells[k], inward):
                k += 1
                continue
            start = k
            while k < len(cells) and faced(cells[k], inward):
                k += 1
            row = cells[start:k]
            before = cells[start - 1] if start > 0 else -1
            after = cells[k] if k < len(cells) else -1
            closed = all(e >= 0 and (friend(e) or (b[e] == EMPTY and e in g.corners)) for e in (before, after))
            if len(row) >= 2 and closed:
                taken.extend((c, b[c]) for c in row if b[c] != KING)
    return taken


def extra_captures(
    g: Board,
    b: list[int],
    to: int,
    side: int,
    king: int,
    middleweight: bool,
    all_walls: bool,
    captured: list[tuple[int, int]],
) -> list[tuple[int, int]]:
    """``captured`` (what a move of ``side`` to ``to`` took by the usual rules)
    with what the rules asked only by games that have them take besides: the
    middleweight King on ``king`` (``king_captured_by="middleweight"``), and
    every shieldwall shut in (``shieldwall_close="any-move"``).

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(7, False)
        >>> b = [0] * 49
        >>> b[3], b[2], b[4], b[10] = KING, ATTACKER, ATTACKER, ATTACKER
        >>> extra_captures(g, b, 10, 0, 3, True, False, [])
        [(3, 3)]
    """
    out = list(captured)
    if middleweight and king >= 0 and king in g.steps[to] and (king, KING) not in out and king_confined(g, b, king):
        out.append((king, KING))
    if all_walls:
        out.extend(x for x in every_shieldwall(g, b, side, out) if x not in out)
    return out
