"""The choices of a player of 5 Fields: the ways to start moving a pawn or
go on with a walk, castling, building and regenerating, and why a move is
refused.

Examples:
    >>> from boardkit.games.five_fields import FiveFields
    >>> state = FiveFields(map="PSP/MSSM/PSPSP/MSSM/PMP").new_game(seed=1)
    >>> state.apply("end")
    Traceback (most recent call last):
    ...
    boardkit.errors.IllegalMoveError: illegal move 'end': no pawn has moved: end closes a move action
"""

from __future__ import annotations

from boardkit.compiling import mypyc_attr
from boardkit.games.five_fields.board import (
    CELL_COUNT,
    CELL_INDEX,
    CELLS,
    DISTANCE,
    HIDDEN_CODE,
    MOST_CITIES,
    MOST_FIELDS,
    MOST_PRINCES,
    NEIGHBORS,
    SEA_CODE,
    Pawn,
    format_hex,
)
from boardkit.games.five_fields.moves import (
    BuildCity,
    BuildField,
    Castle,
    End,
    Explore,
    Move,
    Pass,
    PawnMove,
    RegeneratePrince,
    RegenerateQueen,
    Reveal,
    Step,
)
from boardkit.games.five_fields.trial import Trial

__all__ = ["Choices"]

_NB = NEIGHBORS
_DIST = DISTANCE


# Compiled with mypyc (hatch_build.py): subclassed in Python; pickles, copies and deep-copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Choices(Trial):
    """The legal moves and the reasons for refusing one (see the module)."""

    def _pawn_starts(self, p: int, only: tuple[Pawn, int] | None = None) -> list[Move]:
        """Every legal way to start moving a pawn now (``only``: one pawn)."""
        if len(self._moved) + self._qmoved >= 2:
            return []
        pending = any(self._blocks(1 - p, i) for i in self._moved)
        moves: list[Move] = []
        if only is None or only[0] is Pawn.QUEEN:
            h = self._queen[p]
            for j in self._queen_ends(p):
                if only is not None and only[1] != h:
                    continue
                move = PawnMove(Pawn.QUEEN, CELLS[h], CELLS[j])
                if not pending or self._try(move):
                    moves.append(move)
        for a in self._unmoved(p):
            if only is not None and (only[0] is not Pawn.PRINCE or only[1] != a):
                continue
            if not self._blank:
                for j in self._prince_ends(p, a):
                    move = PawnMove(Pawn.PRINCE, CELLS[a], CELLS[j])
                    if (not pending and not self._blocks(1 - p, j)) or self._try(move):
                        moves.append(move)
                continue
            for j in _NB[a]:
                if self._terrain[j] == HIDDEN_CODE:
                    continue
                move = PawnMove(Pawn.PRINCE, CELLS[a], CELLS[j])
                if (not pending and not self._blocks(1 - p, j) and self._can_end(p, j)) or self._try(move):
                    moves.append(move)
            for j in _NB[a]:
                if self._terrain[j] == HIDDEN_CODE and (not pending or self._try_explore(p, a)):
                    moves.append(Explore(CELLS[a], CELLS[j]))
        return moves

    def _walk_moves(self, p: int) -> list[Move]:
        walk = self._walk
        if walk is None:
            return []
        points, entered, free = walk
        x = self._moved[-1]
        sea = self._terrain[x] == SEA_CODE
        moves: list[Move] = []
        for j in _NB[x]:
            t = self._terrain[j]
            if t == HIDDEN_CODE or (j != free and points < 1) or ((t == SEA_CODE) != sea and entered):
                continue
            move: Move = Step(CELLS[x], CELLS[j])
            if self._try(move):
                moves.append(move)
        if points >= 1 and sum(self._pool) > 0:
            hidden = [j for j in _NB[x] if self._terrain[j] == HIDDEN_CODE]
            if hidden:
                self._walk = (points - 1, entered, -1)
                ok = self._completable(p)
                self._walk = walk
                if ok:
                    moves.extend(Reveal(CELLS[x], CELLS[j]) for j in hidden)
        return moves

    def _castles(self, p: int) -> list[Move]:
        h = self._queen[p]
        if h < 0:
            return []
        moves: list[Move] = []
        for j in sorted(set(self._princes[p])):
            if 1 <= _DIST[h][j] <= 2 and self._queen_stand(p, j, allowed=1) and self._queen_path(p, h, j):
                moves.append(Castle(CELLS[h], CELLS[j]))
        return moves

    def _builds(self, p: int) -> list[Move]:
        h = self._queen[p]
        if h < 0 or self._field[h] >= 0 or self._city[h] >= 0 or self._terrain[h] in (SEA_CODE, HIDDEN_CODE):
            return []
        moves: list[Move] = []
        if self._field.count(p) < MOST_FIELDS:
            moves.append(BuildField())
        if self._city.count(p) < MOST_CITIES:
            moves.append(BuildCity())
        return moves

    def _regenerations(self, p: int) -> list[Move]:
        mine = self._princes[p]
        cities = [i for i in range(CELL_COUNT) if self._city[i] == p]
        moves: list[Move] = []
        if self._lost[p] > 0 and len(mine) < MOST_PRINCES and self._field.count(p) >= len(mine) + 1:
            moves.extend(RegeneratePrince(CELLS[c]) for c in cities if c not in mine and self._queen[p] != c)
        if self._queen[p] < 0:
            for c in cities:
                for a in sorted(set(mine)):
                    if mine.count(c) - (a == c) == 0:
                        moves.append(RegenerateQueen(CELLS[c], CELLS[a]))
        return moves

    def _refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal now, or ``None`` if it is legal."""
        p = self._to_move
        acting = self._in_action()
        if isinstance(move, (Castle, BuildField, BuildCity, RegeneratePrince, RegenerateQueen, Pass)) and acting:
            return "a move action is under way: move a second pawn or end it"
        if isinstance(move, PawnMove):
            return self._pawn_refusal(p, move)
        if isinstance(move, Explore):
            if not self._blank:
                return "hexes are turned over only with the blank_map option"
            a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
            if self._terrain[j] != HIDDEN_CODE or j not in _NB[a]:
                return f"{format_hex(move.target)} is not a face-down neighbour of {format_hex(move.source)}"
            return self._start_refusal(p, Pawn.PRINCE, a) or (
                None
                if move in self._pawn_starts(p, (Pawn.PRINCE, a))
                else "the battles of this action could no longer be won"
            )
        if isinstance(move, (Step, Reveal)):
            if self._walk is None or CELLS[self._moved[-1]] != move.source:
                return f"no Prince is moving step by step from {format_hex(move.source)}"
            if move in self._walk_moves(p):
                return None
            return f"the moving Prince cannot {'step to' if isinstance(move, Step) else 'turn over'} " + format_hex(
                move.target
            )
        if isinstance(move, End):
            if not acting:
                return "no pawn has moved: end closes a move action"
            if move in self.legal_moves():
                return None
            if not self._walker_can_stop(p):
                return f"a Prince cannot stop on {format_hex(CELLS[self._moved[-1]])}"
            return self._battle_reason(p) or "the action cannot end here"
        if move in self.legal_moves():
            return None
        if isinstance(move, Pass):
            return "pass is not allowed right after both players passed"
        if isinstance(move, Castle):
            return f"the Queen on {format_hex(move.queen)} cannot castle with a Prince on {format_hex(move.prince)}"
        if isinstance(move, (BuildField, BuildCity)):
            what = "Field" if isinstance(move, BuildField) else "City"
            return f"the Queen cannot build a {what} where she stands (or none is left to build)"
        if isinstance(move, RegeneratePrince):
            if self._lost[self._to_move] == 0:
                return "only a Prince lost in a Battle can be regenerated, and none is waiting"
            return f"no Prince can be regenerated in {format_hex(move.city)}"
        return f"the Queen cannot return in {format_hex(move.city)} for the Prince on {format_hex(move.prince)}"

    def _start_refusal(self, p: int, pawn: Pawn, a: int) -> str | None:
        if len(self._moved) + self._qmoved >= 2:
            return "two pawns have already moved this turn"
        if not self._walker_can_stop(p):
            return f"the moving Prince cannot stop on {format_hex(CELLS[self._moved[-1]])}"
        if pawn is Pawn.QUEEN:
            if self._queen[p] != a:
                return f"no Queen of player {p} on {format_hex(CELLS[a])}"
            if self._qmoved:
                return "the Queen has already moved this turn"
        elif a not in self._unmoved(p):
            return f"no Prince of player {p} left to move on {format_hex(CELLS[a])}"
        return None

    def _pawn_refusal(self, p: int, move: PawnMove) -> str | None:
        a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
        name = "Queen" if move.pawn is Pawn.QUEEN else "Prince"
        reason = self._start_refusal(p, move.pawn, a)
        if reason is not None:
            return reason
        if move in self._pawn_starts(p, (move.pawn, a)):
            return None
        if move.pawn is Pawn.QUEEN:
            return f"the Queen cannot go from {format_hex(move.source)} to {format_hex(move.target)}"
        if self._blank and j not in _NB[a]:
            return "with blank_map a Prince moves one hex at a time"
        ends = self._reach(p, a, self._value(p, a), True) if not self._blank else list(_NB[a])
        if j not in ends or not self._can_end(p, j):
            return f"the {name} on {format_hex(move.source)} cannot reach {format_hex(move.target)}"
        if self._blocks(1 - p, j):
            attack = self._value(p, j) * (self._princes[p].count(j) + 1)
            defence = self._defence(1 - p, j)
            if attack <= defence:
                return (
                    f"the attack on {format_hex(move.target)} would be {attack} against a defence of {defence},"
                    " and no second pawn can make it stronger"
                )
        return self._battle_reason(p) or f"the {name} cannot move to {format_hex(move.target)} now"
