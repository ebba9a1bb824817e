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
