"""OpenTafl's own rules, played by a state class of their own.

Four of OpenTafl's built-in variants play rules that the quick path of
:class:`~boardkit.games.tafl.TaflState` leaves out: the relaxed shieldwall
(``shieldwall_close="any-move"``), the middleweight King
(``king_captured_by="middleweight"``), a King's speed limit (``king_speed``),
attacker forts (``attacker_forts``) and Berserk's commanders, knights, jumps
and berserk moves (``king_jump``, ``knight_jump``, ``commander_jump``,
``berserk``; :mod:`boardkit.games.tafl.officers`). :class:`SpecialTaflState` plays a
game with any of them (:meth:`Tafl.new_game <boardkit.games.tafl.Tafl.new_game>`
picks it, :func:`~boardkit.games.tafl.movement.plays_apart` says when), so every
other game keeps the quick path untouched. A move is made by the usual rules
first; then the captures the new rules add
(:func:`~boardkit.games.tafl.captures.extra_captures`) are taken and the
outcome is decided again; with a speed limit or forts, moves are listed
square by square (:mod:`boardkit.games.tafl.movement`). A game with officers,
jumps or the berserk rule is played by :mod:`~boardkit.games.tafl.officers`
from move to move (:meth:`SpecialTaflState.berserker` names the piece that
owes a berserk move).

This module imports the rules (never the other way round): the package lists
its class among its parts (``boardkit.games.tafl.PARTS``), where
:meth:`Tafl.new_game <boardkit.games.tafl.Tafl.new_game>` finds it.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> state = Tafl("copenhagen", shieldwall_close="any-move").new_game(seed=0)
    >>> type(state).__name__, type(Tafl("copenhagen").new_game(seed=0)).__name__
    ('SpecialTaflState', 'TaflState')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, TypeVar, cast

from boardkit.chance import Random, check_generator
from boardkit.compiling import RandomArgument
from boardkit.errors import IllegalMoveError
from boardkit.game import Outcome, State
from boardkit.games.tafl.board import escape_lines
from boardkit.games.tafl.captures import ATTACKER, DEFENDER, KING, extra_captures
from boardkit.games.tafl.forts import encircled, exit_fort
from boardkit.games.tafl.kernel import has_moves, move_piece, remove_pieces
from boardkit.games.tafl.movement import movement_rules, slow_moves, why_not
from boardkit.games.tafl.moves import Move
from boardkit.games.tafl.officers import (
    captures_after,
    capturing_move,
    destinations,
    jump_over,
    officer_kind,
    officer_rules,
    shown_board,
    why_no_jump,
)
from boardkit.games.tafl.rules import (
    ENCIRCLED,
    EXIT_FORT,
    KING_CAPTURED,
    KING_ESCAPED,
    MATE,
    NO_MOVE,
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
        >>> state = Tafl("brandubh", king_speed=1).from_position(position="/7/7/7/3K3/7/7/7/", to_move=1)
        >>> state.count_moves(), isinstance(state, SpecialTaflState)
        (4, True)
    """

    def __init__(self, game: Tafl, players: int, seed: Any, start: tuple[int, ...], first: int) -> None:
        # Officers (codes 4 to 7) stand on the board list as men of their side; two bitboards say which.
        self._cmd = sum(1 << i for i, q in enumerate(start) if q in (4, 6))
        self._kn = sum(1 << i for i, q in enumerate(start) if q in (5, 7))
        #: Whether the attackers started with an officer (then the King is taken by officers only).
        self._officer_king = any(q in (4, 5) for q in start)
        super().__init__(
            game, players, seed, tuple(q if q < 4 else ATTACKER if q < 6 else DEFENDER for q in start), first
        )
        options = game.options
        self._movement = movement_rules(options, game.size)
        self._officers = officer_rules(options)
        self._slow = self._movement is not None or self._officers is not None
        self._berserker = -1  # the square of the piece that owes a berserk move
        # Before each move: (commanders, knights, berserker, turn, the square it jumps over or -1).
        self._log: list[tuple[int, int, int, int, int]] = []
        if self._officers is not None:
            self._seen = {self._position_key(): 1}
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
        twin._officers = self._officers
        twin._slow = self._slow
        # The officers, who owes a berserk move, and what each move found (for undo and records).
        twin._cmd = self._cmd
        twin._kn = self._kn
        twin._officer_king = self._officer_king
        twin._berserker = self._berserker
        twin._log = list(self._log)
        twin._middleweight = self._middleweight
        twin._all_walls = self._all_walls
        return twin

    def _key(self) -> Hashable:
        return (self._att, self._dfn, self._king, self._turn, self._over, self._cmd, self._kn, self._berserker)

    def _position_key(self) -> tuple[int, int, int, int]:
        """The position and the side to move, as the repetition rule counts it (officers told apart)."""
        cells = self._g.cells
        return (self._att | self._cmd << cells | self._kn << 2 * cells, self._dfn, self._king, self._turn)

    @property
    def berserker(self) -> str | None:
        """The square of the piece that has just captured and must move again
        (OpenTafl's berserk rule: only it moves, for the same side), or ``None``.

        Examples:
            >>> from boardkit.games.tafl import Tafl
            >>> state = Tafl(layout="/3t3/7/1tT4/7/4Tt1/5K1/7/", berserk="capture").new_game(seed=0)
            >>> state.apply("d1-d3")  # takes c3; from d3 it could take e5 (at d5): it moves again
            >>> state.last_captured, state.berserker, state.current_player
            (('c3',), 'd3', 0)
        """
        return None if self._berserker < 0 else self._g.names[self._berserker]

    def _can_move(self, side: int) -> bool:
        if not self._slow:
            return has_moves(self._g, self._squares, self._att, self._dfn, self._king, side)
        return bool(self._pairs(side))

    def _pairs(self, side: int) -> list[tuple[int, int]]:
        """The legal moves of ``side`` as (origin, target), square by square."""
        rules = self._officers
        if rules is not None:
            g = self._g
            b = self._board
            if self._berserker >= 0:
                starts = [self._berserker]
            else:
                own = (ATTACKER,) if side == 0 else (DEFENDER, KING)
                starts = [i for i, q in enumerate(b) if q in own]
            return [(i, j) for i in starts for j in destinations(g, b, self._cmd, self._kn, i, rules)]
        movement = self._movement
        assert movement is not None
        men = ATTACKER if side == 0 else DEFENDER
        return slow_moves(self._g, self._board, men, self._king if side == 1 else -1, movement)

    # -- moves listed square by square (a King's speed limit, attacker forts) ------

    def legal_moves(self) -> list[Move]:
        if not self._slow or self._over is not None:
            return super().legal_moves()
        return self.legal_entries(self._g.moves)  # type: ignore[arg-type]

    def legal_entries(self, table: Sequence[T]) -> list[T]:
        if not self._slow or self._over is not None:
            return super().legal_entries(table)
        cells = self._g.cells
        return [table[frm * cells + to] for frm, to in self._pairs(self._turn)]

    def count_moves(self) -> int:
        if not self._slow or self._over is not None:
            return super().count_moves()
        return len(self._pairs(self._turn))

    def random_move(self, rng: RandomArgument | None = None) -> Move:
        if not self._slow or self._over is not None:
            return super().random_move(rng)
        pairs = self._pairs(self._turn)
        frm, to = pairs[(self._chooser() if rng is None else check_generator(rng)).randbelow(len(pairs))]
        return self._g.moves[frm * self._g.cells + to]  # type: ignore[return-value]

    def _random_plies(
        self, stop: int, rng: Random, moves: list[Move], tokens: list[object], befores: list[int]
    ) -> None:
        # Slow movement: the base State's loop of random_move and _play, not Tafl's quick one.
        if self._slow:
            State._random_plies(self, stop, rng, moves, tokens, befores)
        else:
            super()._random_plies(stop, rng, moves, tokens, befores)

    def _play(self, move: Move) -> object:
        movement = self._movement
        g = self._g
        b = self._board
        frm = g.index.get(move.source, -1) if isinstance(move, Move) else -1
        to = g.index.get(move.target, -1) if isinstance(move, Move) else -1
        usual = frm < 0 or to < 0 or not b[frm] or b[to] or g.moves[frm * g.cells + to] is None
        if self._officers is not None and not usual and (0 if b[frm] == ATTACKER else 1) == self._turn:
            return self._play_officers(move, frm, to)
        if movement is None or usual or (0 if b[frm] == ATTACKER else 1) != self._turn:
            return super()._play(move)  # the usual checks, and their errors
        reason = why_not(g, b, frm, to, movement)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        token = self._do(frm, to)
        if move.captures is not None:
            self._check_claim(move, token)
        return token

    def _play_officers(self, move: Move, frm: int, to: int) -> object:
        g = self._g
        b = self._board
        rules = self._officers
        assert rules is not None
        if self._berserker >= 0 and frm != self._berserker:
            there = g.names[self._berserker]
            raise IllegalMoveError(move, f"the piece on {there} has just captured and moves again (berserk)")
        if to not in destinations(g, b, self._cmd, self._kn, frm, rules):
            jump = any(o >= 0 and g.steps[o][d] == to and b[o] for d, o in enumerate(g.steps[frm]))
            if jump:
                raise IllegalMoveError(move, why_no_jump(g, b, self._cmd, self._kn, frm, to, rules))
            return super()._play(move)  # the usual checks, and their errors
        token = self._do(frm, to)
        if move.captures is not None:
            self._check_claim(move, token)
        return token

    # -- the move, then what OpenTafl's own rules add -------------------------------

    def _do(self, frm: int, to: int) -> Token:
        if self._officers is not None:
            return self._do_officers(frm, to)
        token = super()._do(frm, to)
        _, _, piece, captured, _, key = token
        side = 0 if piece == ATTACKER else 1
        g = self._g
        b = self._board
        king = self._king if side == 0 and self._middleweight else -1
        more = extra_captures(g, b, to, side, king, king >= 0, self._all_walls, captured)[len(captured) :]
        remove_pieces(b, self._squares, more)
        for c, q in more:
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

    def _do_officers(self, frm: int, to: int) -> Token:
        """The move under Berserk's rules (:mod:`~boardkit.games.tafl.officers`)."""
        g = self._g
        b = self._board
        rules = self._officers
        assert rules is not None
        cmd = self._cmd
        kn = self._kn
        piece = b[frm]
        jumped = jump_over(g, b, cmd | kn, frm, to)
        gate = capturing_move(g, b, cmd, kn, frm, to, rules, self._officer_king)
        self._log.append((cmd, kn, self._berserker, self._turn, jumped))
        move_piece(b, self._squares, frm, to, piece)
        moved = (1 << frm) | (1 << to)
        if piece == KING:
            self._king = to
        elif piece == ATTACKER:
            self._att ^= moved
        else:
            self._dfn ^= moved
        if cmd >> frm & 1:
            cmd ^= moved
        elif kn >> frm & 1:
            kn ^= moved
        captured = captures_after(g, b, cmd, kn, to, jumped, rules, self._officer_king) if gate else []
        remove_pieces(b, self._squares, captured)
        for c, q in captured:
            bit = 1 << c
            if q == KING:
                self._king = -1
            elif q == ATTACKER:
                self._att ^= bit
            else:
                self._dfn ^= bit
            cmd &= ~bit
            kn &= ~bit
        self._cmd = cmd
        self._kn = kn
        self._berserker = -1
        if captured and self._king >= 0 and rules.berserk:
            targets = destinations(g, b, cmd, kn, to, rules)
            if rules.berserk == 2:
                again = bool(targets)
            else:
                again = any(capturing_move(g, b, cmd, kn, to, t, rules, self._officer_king) for t in targets)
            if again:
                self._berserker = to
        if self._berserker < 0:
            self._turn = 1 - self._turn
        key = self._position_key()
        count = self._seen.get(key, 0) + 1
        self._seen[key] = count
        self._over = self._standing(piece, count)
        return (frm, to, piece, captured, None, key)

    def _standing(self, piece: int, count: int) -> Outcome | None:
        """How a game with officers stands after a move, the position now seen
        ``count`` times (in OpenTafl's order; no repetition while a berserk move is owed)."""
        g = self._g
        b = self._board
        king = self._king
        if king < 0:
            return KING_CAPTURED
        if g.winning[king]:
            return KING_ESCAPED
        if piece == KING and self._mate and escape_lines(g, b, king) >= 2:
            return MATE
        if self._fort and g.edge_bits >> king & 1 and exit_fort(g, b, self._att, self._dfn, king):
            return EXIT_FORT
        if self._encircle and encircled(g, self._att, self._dfn, king):
            return ENCIRCLED
        if not self._can_move(self._turn):
            return NO_MOVE[self._turn]
        if self._berserker < 0 and self._limit and count >= self._limit:
            return self._repeated(count)
        return None

    def _undo(self, token: Token) -> None:
        super()._undo(token)
        if self._officers is not None:  # who was to move, and the officers, as the move found them
            self._cmd, self._kn, self._berserker, self._turn, _ = self._log.pop()

    def _record_moves(self) -> tuple[str, ...]:
        """The moves as OpenTafl's notation writes them in a game with officers: ``^`` a jump,
        ``=`` a berserk move, the letter of an officer or the King before its square, the
        captures in the order OpenTafl finds them."""
        if self._officers is None:
            return super()._record_moves()
        names = self._g.names
        out = []
        for token, (cmd, kn, berserker, _, jumped) in zip(self._tokens, self._log, strict=True):
            frm, to, piece, captured, _, _ = cast("Token", token)
            kind = ("^" if jumped >= 0 else "") + ("=" if berserker >= 0 else "") or "-"
            text = _letter(piece, cmd, kn, frm) + names[frm] + kind + names[to]
            if captured:  # in the order they were found, as OpenTafl lists them
                text += "x" + "/".join(_letter(q, cmd, kn, c) + names[c] for c, q in captured)
            out.append(text)
        return tuple(out)

    # -- the position as shown, officers told apart --------------------------------

    def _shown(self) -> list[int]:
        return self._board if self._officers is None else shown_board(self._board, self._cmd, self._kn)

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


def _letter(code: int, commanders: int, knights: int, cell: int) -> str:
    """OpenTafl's letter for the piece of ``code`` on ``cell`` in a move's text: an
    officer's or the King's, none for a man."""
    if code == KING:
        return "K"
    letter = ("", "c", "n")[officer_kind(commanders, knights, cell)]
    return letter if code == ATTACKER else letter.upper()
