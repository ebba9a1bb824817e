"""OpenTafl's Berserk rules, on the state's board list: officers, jumps and the berserk move.

Berserk (OpenTafl's built-in variant, ``rules/berserk/``) adds to Tafl two
kinds of officer, a *commander* and a *knight* (position letters ``c``/``n``
for the attackers, ``C``/``N`` for the defenders), jumps, and the *berserk*
move. The state class of OpenTafl's own rules
(:class:`~boardkit.games.tafl.special.SpecialTaflState`) plays them with these
functions; its board list holds each officer as a man of its side (codes 1 and
2, so every test of a piece's side reads it right) and keeps the officers in
two bitboards beside it, ``commanders`` and ``knights``.

How the rules are read (from OpenTafl's engine, ``GenericRules``,
``Taflman`` and ``GameState``):

- A piece moves as a man of its side. A piece with a jump (the King:
  ``king_jump``; knights: ``knight_jump``; commanders: ``commander_jump``)
  may also jump over an enemy man next to it (not a King, commander or
  knight) onto the empty square just beyond, where it may stop; a
  ``"restricted"`` jump only from or onto a special square, a
  ``"capturing"`` one takes the man jumped over.
- A capture is made only where it is one both before the move (the mover on
  its start square) and after it, so a jumper does not trap the man it jumped
  against the plain square it left.
- Where the attackers started with an officer, the King is taken only between
  two squares on a line through the mover (not when the throne is one of the
  three), when the mover is an officer and an officer or a hostile corner
  closes the other side (:func:`taken`).
- Berserk: after a move that captured, if the piece that moved can capture
  again from its new square (``berserk="capture"``) or move at all
  (``"any-move"``), the same side moves again, that piece only.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("brandubh", king_jump="jump").from_position(position="/7/7/7/2tK3/7/7/7/", to_move=1)
    >>> "d4-b4" in [str(m) for m in state.legal_moves()]
    True
"""

from __future__ import annotations

from typing import Final

from boardkit.games.tafl.board import Board
from boardkit.games.tafl.captures import ATTACKER, DEFENDER, EMPTY, KING
from boardkit.games.tafl.variants import JUMPS, TaflOptions

__all__ = [
    "CAPTURING",
    "CODE_NAMES",
    "OFFICER_CODES",
    "shown_board",
    "COMMANDER",
    "KNIGHT",
    "OfficerRules",
    "capturing_move",
    "captures_after",
    "destinations",
    "jump_over",
    "officer_kind",
    "officer_rules",
    "taken",
    "why_no_jump",
]

#: The jump modes, as numbers: ``JUMPS.index(mode)``.
NO_JUMP: Final = 0
RESTRICTED: Final = 1
JUMP: Final = 2
CAPTURING: Final = 3
#: An officer's kind (0: a plain man or the King).
COMMANDER: Final = 1
KNIGHT: Final = 2
#: The piece name (:func:`~boardkit.games.tafl.moves.read_position`'s) of each code of a
#: board as shown (:func:`shown_board`): 4 to 7 the officers.
CODE_NAMES: Final = (
    None,
    "attacker",
    "defender",
    "king",
    "attacker-commander",
    "attacker-knight",
    "defender-commander",
    "defender-knight",
)
#: The officers' codes by piece name (the start position's codes; a state's board list holds
#: them as men of their side).
OFFICER_CODES: Final = {name: code for code, name in enumerate(CODE_NAMES) if code > 3 and name}
#: The berserk rule, as numbers: none, "capture", "any-move".
BERSERK_MODES: Final = ("none", "capture", "any-move")


class OfficerRules:
    """The Berserk rules of one game.

    Attributes:
        jumps: The jump mode of a plain man, a commander, a knight, the King
            (indexed by :func:`officer_kind`, the King at 3).
        berserk: 0 none, 1 ``"capture"``, 2 ``"any-move"``.
        armed: Whether the King captures.
    """

    __slots__ = ("armed", "berserk", "jumps")

    def __init__(self, jumps: tuple[int, int, int, int], berserk: int, armed: bool) -> None:
        self.jumps = jumps
        self.berserk = berserk
        self.armed = armed


def officer_rules(options: TaflOptions) -> OfficerRules | None:
    """The game's Berserk rules, or ``None`` if it has none.

    Examples:
        >>> officer_rules(TaflOptions()) is None, officer_rules(TaflOptions(berserk="capture")).jumps
        (True, (0, 2, 3, 0))
    """
    if not options.has_officers():
        return None
    jumps = (NO_JUMP, JUMPS.index(options.commander_jump), JUMPS.index(options.knight_jump))
    return OfficerRules(
        (*jumps, JUMPS.index(options.king_jump)), BERSERK_MODES.index(options.berserk), options.king_armed
    )


def officer_kind(commanders: int, knights: int, cell: int) -> int:
    """:data:`COMMANDER`, :data:`KNIGHT` or 0 for the piece on ``cell``."""
    if commanders >> cell & 1:
        return COMMANDER
    return KNIGHT if knights >> cell & 1 else 0


def _mode(rules: OfficerRules, b: list[int], commanders: int, knights: int, cell: int) -> int:
    return rules.jumps[3] if b[cell] == KING else rules.jumps[officer_kind(commanders, knights, cell)]


def jump_over(g: Board, b: list[int], officers: int, frm: int, to: int) -> int:
    """The square a move from ``frm`` to ``to`` jumps over (a man of the other
    side, not an officer), or -1 if it is no jump."""
    for d, over in enumerate(g.steps[frm]):
        if over >= 0 and g.steps[over][d] == to:
            q = b[over]
            if q in (ATTACKER, DEFENDER) and not officers >> over & 1 and (q == ATTACKER) != (b[frm] == ATTACKER):
                return over
            return -1
    return -1


def _jumps(g: Board, b: list[int], officers: int, frm: int, mode: int, out: list[int]) -> None:
    piece = b[frm]
    stop = g.stop_flag[piece]
    special = g.restricted_flag
    for d, over in enumerate(g.steps[frm]):
        if over < 0:
            continue
        q = b[over]
        if q not in (ATTACKER, DEFENDER) or (q == ATTACKER) == (piece == ATTACKER) or officers >> over & 1:
            continue
        land = g.steps[over][d]
        if land < 0 or b[land] or not stop[land]:
            continue
        if mode == RESTRICTED and not (special[land] or special[frm]):
            continue
        out.append(land)


def destinations(g: Board, b: list[int], commanders: int, knights: int, frm: int, rules: OfficerRules) -> list[int]:
    """Every square the piece on ``frm`` may move to: along its lines, then its jumps."""
    piece = b[frm]
    stop = g.stop_flag[piece]
    through = g.pass_flag[piece]
    out: list[int] = []
    for ray in g.rays[frm]:
        for j in ray:
            if b[j] or not through[j]:
                break
            if stop[j]:
                out.append(j)
    mode = _mode(rules, b, commanders, knights, frm)
    if mode:
        _jumps(g, b, commanders | knights, frm, mode, out)
    return out


def _hostile(g: Board, b: list[int], cell: int, victim_side: int, armed: bool) -> bool:
    """Whether ``cell`` closes a capture of a piece of ``victim_side``."""
    q = b[cell]
    if victim_side == 0:
        if q == DEFENDER or (q == KING and armed):
            return True
        return g.empty_hostile_att[cell] if q == EMPTY else g.held_hostile_att[cell]
    if q == ATTACKER:
        return True
    return g.empty_hostile_dfn[cell] if q == EMPTY else g.held_hostile_dfn[cell]


def taken(
    g: Board,
    b: list[int],
    officers: int,
    victim: int,
    mover_officer: bool,
    mover_at: int,
    move: int,
    officer_king: bool,
    armed: bool,
) -> bool:
    """Whether the piece on ``victim`` is taken by a piece of the other side (an
    officer if ``mover_officer``) standing on ``mover_at`` and moving to
    ``move`` (next to ``victim``), on ``b`` as it stands: before the move
    (``mover_at`` its origin, ``move`` empty but closing) or after it
    (``mover_at == move``). ``officer_king``: the attackers started with an
    officer, so the King is taken only by officers (see the module).
    ``officers`` are the commanders' and knights' cells, as a bitboard.
    """
    q = b[victim]
    side = 0 if q == ATTACKER else 1
    steps = g.steps
    if q == KING and not officer_king:  # taken by four
        return all(s >= 0 and (s == move or _hostile(g, b, s, 1, armed)) for s in steps[victim])
    d = steps[move].index(victim)
    far = steps[victim][d]
    if far < 0 or not _hostile(g, b, far, side, armed):
        return False
    if far == mover_at and not g.restricted_flag[far]:
        return False  # a jumper does not trap a man against the plain square it left
    if q != KING:
        return True
    thrones = g.thrones
    if move in thrones or far in thrones or victim in thrones:
        return False
    count = (far in g.corners) + (officers >> far & 1) + (officers >> move & 1) + mover_officer
    return count >= 2


def capturing_move(
    g: Board, b: list[int], commanders: int, knights: int, frm: int, to: int, rules: OfficerRules, officer_king: bool
) -> bool:
    """Whether the piece on ``frm`` would capture anything by moving to ``to``
    (one of its destinations), judged on the board before the move."""
    officers = commanders | knights
    kind = officer_kind(commanders, knights, frm)
    if _mode(rules, b, commanders, knights, frm) == CAPTURING and jump_over(g, b, officers, frm, to) >= 0:
        return True
    side = 0 if b[frm] == ATTACKER else 1
    for v in g.steps[to]:
        if v < 0 or v == frm or not b[v] or (b[v] == ATTACKER) == (side == 0):
            continue
        if taken(g, b, officers, v, kind > 0, frm, to, officer_king, rules.armed):
            return True
    return False


def captures_after(
    g: Board,
    b: list[int],
    commanders: int,
    knights: int,
    to: int,
    jumped: int,
    rules: OfficerRules,
    officer_king: bool,
) -> list[tuple[int, int]]:
    """The (square, piece code) of what the piece now on ``to`` takes, judged on the
    board after the move: the man it jumped over (``jumped``, -1 for none) if its
    jump captures, then each enemy next to it caught against a hostile square, in the
    order OpenTafl lists them (left, right, down, up)."""
    officers = commanders | knights
    out: list[tuple[int, int]] = []
    if jumped >= 0 and _mode(rules, b, commanders, knights, to) == CAPTURING:
        out.append((jumped, b[jumped]))
    side = 0 if b[to] == ATTACKER else 1
    mover_officer = officers >> to & 1 == 1
    steps = g.steps[to]
    for v in (steps[3], steps[1], steps[2], steps[0]):  # OpenTafl's order: left, right, down, up
        if v < 0 or not b[v] or (b[v] == ATTACKER) == (side == 0) or (out and v == out[0][0]):
            continue
        if taken(g, b, officers, v, mover_officer, to, to, officer_king, rules.armed):
            out.append((v, b[v]))
    return out


def why_no_jump(g: Board, b: list[int], commanders: int, knights: int, frm: int, to: int, rules: OfficerRules) -> str:
    """Why the piece on ``frm`` may not jump to ``to``, two squares away on a line."""
    mode = _mode(rules, b, commanders, knights, frm)
    over = next(o for d, o in enumerate(g.steps[frm]) if o >= 0 and g.steps[o][d] == to)
    if not mode:
        return f"the way is blocked at {g.names[over]} (this piece does not jump)"
    q = b[over]
    if (q == ATTACKER) == (b[frm] == ATTACKER) or q == KING or (commanders | knights) >> over & 1:
        return "a piece jumps only over an enemy man, not a King, commander or knight"
    if b[to]:
        return f"{g.names[to]} is occupied"
    if not g.stop_flag[b[frm]][to]:
        return f"this piece may not stop on {g.names[to]}"
    return "a restricted jump starts or lands on a special square (the throne, a corner)"


def shown_board(b: list[int], commanders: int, knights: int) -> list[int]:
    """The board list as views and pictures show it: each officer as its own code,
    4 an attacker commander, 5 an attacker knight, 6 a defender commander, 7 a
    defender knight (:data:`CODE_NAMES`).

    Examples:
        >>> shown_board([1, 2, 1, 3], 0b0001, 0b0010)
        [4, 7, 1, 3]
    """
    out = list(b)
    for i, q in enumerate(b):
        if commanders >> i & 1:
            out[i] = 4 if q == ATTACKER else 6
        elif knights >> i & 1:
            out[i] = 5 if q == ATTACKER else 7
    return out
