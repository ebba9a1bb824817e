"""What a game's options make of its board and moves: the special squares' rules
(:func:`square_rules`, the board tables' key), whether the game plays
OpenTafl's own rules (:func:`plays_apart`), and moves under the rules that
Tafl's bitboard loops leave out: a King's speed limit and attacker forts.

The quick loops of :mod:`boardkit.games.tafl.board` decide where a piece may go from fixed
tables alone. Two of OpenTafl's rules depend on more: how far the piece has
gone (``king_speed``: its Magpie's King moves one square) and where it started
(``attacker_forts``: a piece on a fort square may move over and onto the fort
squares, a piece off them only as ``attacker_fort_enter`` says). A game with
either rule lists its moves here, square by square, in the order of
:func:`~boardkit.games.tafl.board.legal_entries` (origin square, then
direction, then distance); every other game never comes here.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("brandubh", king_speed=1).new_game(seed=0)
    >>> state.apply("d2-b2"); state.apply("d3-c3")
    >>> state.apply("b2-b1")
    >>> sorted(str(m) for m in state.legal_moves() if m.source == "d4")
    ['d4-d3']
"""

from __future__ import annotations

from boardkit.games.tafl.board import KING, Board, SquareRules, refusal
from boardkit.games.tafl.variants import TaflOptions, who_may

__all__ = ["Movement", "movement_rules", "plays_apart", "slow_moves", "square_rules", "why_not"]


class Movement:
    """The rules a game's moves need beyond its board tables.

    Attributes:
        king_speed: The most squares the King moves at once (``0``: no limit).
        forts: The attacker forts' cells.
    """

    __slots__ = ("forts", "king_speed")

    def __init__(self, king_speed: int, forts: frozenset[int]) -> None:
        self.king_speed = king_speed
        self.forts = forts


def square_rules(options: TaflOptions, size: int) -> SquareRules:
    """The special squares of a ``size`` x ``size`` board and their rules, as
    :class:`~boardkit.games.tafl.board.SquareRules` (the board tables' key).

    Examples:
        >>> sorted(square_rules(TaflOptions(variant="brandubh"), 7).thrones)
        [24]
    """
    o = options
    return SquareRules(
        o.corner_cells(size),
        o.throne_cells(size),
        o.escape == "corner",
        o.throne_stop,
        o.throne_pass,
        o.corner_stop,
        o.corner_pass,
        o.throne_hostile,
        o.throne_hostile_empty,
        o.corner_hostile,
        o.fort_cells(size),
        o.attacker_fort_enter,
        o.attacker_fort_hostile,
    )


def plays_apart(options: TaflOptions) -> bool:
    """Whether a game needs OpenTafl's own rules, which a state class of their own
    plays (:mod:`boardkit.games.tafl.special`): a King's speed limit, attacker
    forts, the middleweight King, the relaxed shieldwall, or Berserk's
    officers, jumps and berserk moves (:mod:`boardkit.games.tafl.officers`).

    Examples:
        >>> plays_apart(TaflOptions()), plays_apart(TaflOptions(king_speed=1))
        (False, True)
    """
    o = options
    all_walls = o.shieldwall and o.shieldwall_close == "any-move"
    special = o.king_speed is not None or bool(o.attacker_forts) or all_walls or o.king_captured_by == "middleweight"
    return special or o.has_officers()


def movement_rules(options: TaflOptions, size: int) -> Movement | None:
    """The rules of a game's moves beyond its board tables, or ``None`` if it has none.

    Examples:
        >>> movement_rules(TaflOptions(), 11) is None, movement_rules(TaflOptions(king_speed=2), 11).king_speed
        (True, 2)
    """
    if options.king_speed is None and not options.attacker_forts:
        return None
    return Movement(options.king_speed or 0, options.fort_cells(size))


def _targets(g: Board, b: list[int], i: int, piece: int, rules: Movement, out: list[tuple[int, int]]) -> None:
    """Add the moves of the piece ``piece`` on ``i`` to ``out``, as (origin, target)."""
    stop = g.stop_flag[piece]
    through = g.pass_flag[piece]
    forts = rules.forts
    on_fort = i in forts
    limit = rules.king_speed if piece == KING else 0
    for ray in g.rays[i]:
        distance = 0
        for j in ray:
            distance += 1
            if b[j] or (limit and distance > limit):
                break
            if on_fort and j in forts:
                out.append((i, j))  # from a fort, every piece moves over and onto the forts
                continue
            if not through[j]:
                break
            if stop[j]:
                out.append((i, j))


def slow_moves(g: Board, b: list[int], men: int, king: int, rules: Movement) -> list[tuple[int, int]]:
    """Every legal (origin, target) of the pieces of code ``men`` on ``b`` and of
    the King on ``king`` (``-1``: none to move), in
    :func:`~boardkit.games.tafl.board.legal_entries`' order.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(7, False)
        >>> b = [0] * 49; b[24] = KING
        >>> slow_moves(g, b, 2, 24, Movement(1, frozenset()))
        [(24, 17), (24, 25), (24, 31), (24, 23)]
    """
    out: list[tuple[int, int]] = []
    for i, q in enumerate(b):
        if q == men or (i == king and q == KING):
            _targets(g, b, i, q, rules, out)
    return out


def why_not(g: Board, b: list[int], frm: int, to: int, rules: Movement) -> str | None:
    """Why the piece on ``frm`` may not move to ``to`` (on a straight line from it,
    ``to`` empty), or ``None`` if it may.

    Examples:
        >>> from boardkit.games.tafl.board import board_tables
        >>> g = board_tables(7, False)
        >>> b = [0] * 49; b[24] = KING
        >>> why_not(g, b, 24, 10, Movement(1, frozenset()))
        'the king moves at most 1 square at a time'
    """
    piece = b[frm]
    out: list[tuple[int, int]] = []
    _targets(g, b, frm, piece, rules, out)
    if (frm, to) in out:
        return None
    forts = rules.forts
    for ray in g.rays[frm]:
        if to not in ray:
            continue
        distance = 0
        for j in ray:
            distance += 1
            if piece == KING and rules.king_speed and distance > rules.king_speed:
                plural = "" if rules.king_speed == 1 else "s"
                return f"the king moves at most {rules.king_speed} square{plural} at a time"
            if b[j] and j != to:
                return f"the way is blocked at {g.names[j]}"
            if frm in forts and j in forts:
                continue
            if not g.pass_flag[piece][j] or (j == to and not g.stop_flag[piece][j]):
                if j in forts:
                    return f"{who_may(g.rules.attacker_fort_enter)} may come onto an attacker fort ({g.names[j]})"
                return refusal(g, j, pass_over=j != to or g.stop_flag[piece][j])
            if j == to:
                break
    return "pieces move in a straight line along a row or a column"
