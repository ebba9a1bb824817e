"""OpenTafl's own rules, played by a state class of their own.

Three of OpenTafl's built-in variants play rules that the quick path of
:class:`~boardkit.games.tafl.TaflState` leaves out: the relaxed shieldwall
(``shieldwall_close="any-move"``), the middleweight King
(``king_captured_by="middleweight"``), a King's speed limit (``king_speed``)
and attacker forts (``attacker_forts``). :class:`SpecialTaflState` plays a
game with any of them (:meth:`Tafl.new_game <boardkit.games.tafl.Tafl.new_game>`
picks it, :func:`~boardkit.games.tafl.movement.plays_apart` says when), so every
other game keeps the quick path untouched. A move is made by the usual rules
first; then the captures the new rules add
(:func:`~boardkit.games.tafl.captures.extra_captures`) are taken and the
outcome is decided again; with a speed limit or forts, moves are listed
square by square (:mod:`boardkit.games.tafl.movement`).

This module imports the rules and puts its class in
:data:`~boardkit.games.tafl.rules.PLAYED_APART` when the package is imported.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("copenhagen", shieldwall_close="any-move").new_game(seed=0)
    >>> type(state).__name__, type(Tafl("copenhagen").new_game(seed=0)).__name__
    ('SpecialTaflState', 'TaflState')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from boardkit.chance import Random
from boardkit.errors import IllegalMoveError, OptionError
from boardkit.game import Outcome
from boardkit.games.tafl.board import escape_lines, has_moves
from boardkit.games.tafl.captures import ATTACKER, DEFENDER, EMPTY, KING, extra_captures
from boardkit.games.tafl.forts import encircled, exit_fort
from boardkit.games.tafl.movement import movement_rules, slow_moves, why_not
from boardkit.games.tafl.moves import Move
from boardkit.games.tafl.rules import (
    ENCIRCLED,
    EXIT_FORT,
    KING_CAPTURED,
    KING_ESCAPED,
    MATE,
    NO_MOVE,
    PLAYED_APART,
    Tafl,
    TaflState,
    Token,
)

__all__ = ["SpecialTaflState"]

T = TypeVar("T")


class SpecialTaflState(TaflState):
    """A game of :class:`~boardkit.games.tafl.Tafl` under OpenTafl's own rules
    (see the module); everything else as :class:`~boardkit.games.tafl.TaflState`.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh", king_speed=1).from_position("/7/7/7/3K3/7/7/7/", to_move=1)
        >>> state.count_moves(), isinstance(state, SpecialTaflState)
        (4, True)
    """

    def __init__(self, game: Tafl, players: int, seed: Any, start: tuple[int, ...], first: int) -> None:
        super().__init__(game, players, seed, start, first)
        options = game.options
        self._movement = movement_rules(options, game.size)
        self._middleweight = options.king_captured_by == "middleweight"
        self._all_walls = options.shieldwall and options.shieldwall_close == "any-move"
        if self._all_walls:
            self._shieldwall = False  # the usual rule looks only next to the move; this one everywhere
        if self._over is None or self._over == NO_MOVE[first]:
            self._over = None if self._can_move(first) else NO_MOVE[first]

    def copy(self) -> SpecialTaflState:
        twin = super().copy()
        assert isinstance(twin, SpecialTaflState)
        twin._movement = self._movement
        twin._middleweight = self._middleweight
        twin._all_walls = self._all_walls
        return twin

    def _can_move(self, side: int) -> bool:
        if self._movement is None:
            return has_moves(self._g, self._board, self._att, self._dfn, self._king, side)
        return bool(self._pairs(side))

    def _pairs(self, side: int) -> list[tuple[int, int]]:
        """The legal moves of ``side`` as (origin, target), square by square."""
        movement = self._movement
        assert movement is not None
        men = ATTACKER if side == 0 else DEFENDER
        return slow_moves(self._g, self._board, men, self._king if side == 1 else -1, movement)

    # -- moves listed square by square (a King's speed limit, attacker forts) ------

    def legal_moves(self) -> list[Move]:
        if self._movement is None or self._over is not None:
            return super().legal_moves()
        return self.legal_entries(self._g.moves)  # type: ignore[arg-type]

    def legal_entries(self, table: Sequence[T]) -> list[T]:
        if self._movement is None or self._over is not None:
            return super().legal_entries(table)
        cells = self._g.cells
        return [table[frm * cells + to] for frm, to in self._pairs(self._turn)]

    def count_moves(self) -> int:
        if self._movement is None or self._over is not None:
            return super().count_moves()
        return len(self._pairs(self._turn))

    def random_move(self, rng: Random | None = None) -> Move:
        if self._movement is None or self._over is not None:
            return super().random_move(rng)
        pairs = self._pairs(self._turn)
        frm, to = pairs[(self._chooser() if rng is None else rng).randbelow(len(pairs))]
        return self._g.moves[frm * self._g.cells + to]  # type: ignore[return-value]

    def playout(self, max_plies: Any = None, rng: Random | None = None) -> int:
        if self._movement is None:
            return super().playout(max_plies, rng)
        if max_plies is not None and (isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 0):
            raise OptionError(f"max_plies must be a non-negative integer or None, not {max_plies!r}")
        rng = self._chooser() if rng is None else rng
        played = 0
        while self._over is None and played != max_plies:
            self.apply(self.random_move(rng))
            played += 1
        return played

    def _play(self, move: Move) -> object:
        movement = self._movement
        g = self._g
        b = self._board
        frm = g.index.get(move.source, -1) if isinstance(move, Move) else -1
        to = g.index.get(move.target, -1) if isinstance(move, Move) else -1
        usual = frm < 0 or to < 0 or not b[frm] or b[to] or g.moves[frm * g.cells + to] is None
        if movement is None or usual or (0 if b[frm] == ATTACKER else 1) != self._turn:
            return super()._play(move)  # the usual checks, and their errors
        reason = why_not(g, b, frm, to, movement)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        token = self._do(frm, to)
        if move.captures is not None:
            self._check_claim(move, token)
        return token

    # -- the move, then what OpenTafl's own rules add -------------------------------

    def _do(self, frm: int, to: int) -> Token:
        token = super()._do(frm, to)
        _, _, piece, captured, _, key = token
        side = 0 if piece == ATTACKER else 1
        g = self._g
        b = self._board
        king = self._king if side == 0 and self._middleweight else -1
        more = extra_captures(g, b, to, side, king, king >= 0, self._all_walls, captured)[len(captured) :]
        for c, q in more:
            b[c] = EMPTY
            if q == KING:
                self._king = -1
            elif q == ATTACKER:
                self._att ^= 1 << c
            else:
                self._dfn ^= 1 << c
        captured.extend(more)
        if not more and self._movement is None:
            return token
        # The position changed (or the quick check of who can move does not hold): decide again.
        seen = self._seen
        if seen[key] == 1:
            del seen[key]
        else:
            seen[key] -= 1
        key = (self._att, self._dfn, self._king, self._turn)
        count = seen.get(key, 0) + 1
        seen[key] = count
        self._over = self._decided(piece, to, count)
        return (frm, to, piece, captured, None, key)

    def _decided(self, piece: int, to: int, count: int) -> Outcome | None:
        """How the game stands after ``piece`` moved to ``to`` and everything it took is
        off the board, the position now seen ``count`` times, in the quick path's order."""
        g = self._g
        b = self._board
        king = self._king
        if piece == ATTACKER:
            if king < 0:
                return KING_CAPTURED
            if self._encircle and encircled(g, self._att, self._dfn, king):
                return ENCIRCLED
        else:
            if piece == KING and g.winning[to]:
                return KING_ESCAPED
            if piece == KING and self._mate and escape_lines(g, b, to) >= 2:
                return MATE
            if self._fort and g.edge_bits >> king & 1 and exit_fort(g, b, self._att, self._dfn, king):
                return EXIT_FORT
        if self._limit and count >= self._limit:
            return self._repeated(count)
        return None if self._can_move(self._turn) else NO_MOVE[self._turn]


PLAYED_APART.append(SpecialTaflState)
