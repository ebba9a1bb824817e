"""How the pawns of 5 Fields move: where a Prince or a Queen can go, a
Prince's walk step by step on a blank map, and carrying a move out.

Examples:
    A Prince next to its Queen may move 4 hexes:

    >>> from boardkit.games.five_fields import FiveFields
    >>> FiveFields(map="PSP/MSSM/PSPSP/MSSM/PMP").new_game(seed=1).prince_range((0, 1))
    4
"""

from __future__ import annotations

from boardkit.compiling import mypyc_attr
from boardkit.games.five_fields.battles import Battles
from boardkit.games.five_fields.board import (
    CELL_INDEX,
    DISTANCE,
    HIDDEN_CODE,
    MOUNTAIN_CODE,
    NEIGHBORS,
    PLAIN_CODE,
    SEA_CODE,
    WITHIN_TWO,
    Pawn,
)
from boardkit.games.five_fields.moves import (
    BuildCity,
    BuildField,
    Castle,
    End,
    Explore,
    Move,
    PawnMove,
    RegeneratePrince,
    RegenerateQueen,
    Reveal,
    Step,
)
from boardkit.games.five_fields.position import Walk

__all__ = ["Movement"]

_NB = NEIGHBORS
_DIST = DISTANCE
_WITHIN2 = WITHIN_TWO


# Compiled with mypyc (hatch_build.py): subclassed in Python; pickles, copies and deep-copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Movement(Battles):
    """Where pawns can go, and a move carried out (see the module)."""

    def _reach(self, p: int, a: int, points: int, cross: bool) -> list[int]:
        """Hexes a Prince of ``p`` on ``a`` can end on with ``points`` of
        movement, before the end-of-move checks (``a`` itself excluded)."""
        terrain = self._terrain
        sea = terrain[a] == SEA_CODE
        e = 1 - p
        seen = {a}
        found: list[int] = []
        if cross and points >= 1:
            for j in _NB[a]:
                t = terrain[j]
                if t != HIDDEN_CODE and (t == SEA_CODE) != sea:
                    seen.add(j)
                    found.append(j)
        frontier = [a]
        for _ in range(points):
            nxt = []
            for i in frontier:
                for j in _NB[i]:
                    if j in seen:
                        continue
                    t = terrain[j]
                    if t == HIDDEN_CODE or (t == SEA_CODE) != sea:
                        continue
                    seen.add(j)
                    found.append(j)
                    if not self._blocks(e, j):
                        nxt.append(j)
            frontier = nxt
        return found

    def _can_end(self, p: int, j: int, extra: int = 1) -> bool:
        """Whether a Prince may end on ``j``, ``extra`` counting it if it is not there yet."""
        return self._queen[p] != j and self._princes[p].count(j) + extra <= 2

    def _prince_ends(self, p: int, a: int) -> list[int]:
        ends = self._reach(p, a, self._value(p, a), True)
        return sorted(j for j in ends if self._can_end(p, j))

    def _queen_stand(self, p: int, j: int, allowed: int = 0) -> bool:
        t = self._terrain[j]
        return (
            t in (PLAIN_CODE, MOUNTAIN_CODE)
            and not self._blocks(1 - p, j)
            and self._princes[p].count(j) == allowed
            and self._queen[p] != j
        )

    def _queen_cross(self, p: int, m: int) -> bool:
        t = self._terrain[m]
        return t != HIDDEN_CODE and (t != SEA_CODE or m in self._princes[p]) and not self._blocks(1 - p, m)

    def _queen_path(self, p: int, h: int, j: int) -> bool:
        return _DIST[h][j] == 1 or any(self._queen_cross(p, m) for m in _NB[h] if _DIST[m][j] == 1)

    def _queen_ends(self, p: int) -> list[int]:
        h = self._queen[p]
        if h < 0 or self._qmoved:
            return []
        return [j for j in _WITHIN2[h] if self._queen_stand(p, j) and self._queen_path(p, h, j)]

    def _unmoved(self, p: int) -> list[int]:
        """Hexes holding a Prince of ``p`` that has not moved this action."""
        mine, moved = self._princes[p], self._moved
        return sorted(i for i in set(mine) if mine.count(i) > moved.count(i))

    def _walker_can_stop(self, p: int) -> bool:
        if self._walk is None:
            return True
        return self._can_end(p, self._moved[-1], extra=0)

    def _walker_ends(self, p: int) -> list[int]:
        walk = self._walk
        if walk is None:
            return []
        points, entered, free = walk
        x = self._moved[-1]
        ends = set(self._reach(p, x, points, not entered))
        if free >= 0 and self._terrain[free] != HIDDEN_CODE:
            same = (self._terrain[free] == SEA_CODE) == (self._terrain[x] == SEA_CODE)
            if same:
                ends.add(free)
                if not self._blocks(1 - p, free):
                    ends.update(self._reach(p, free, points, False))
            elif not entered:
                ends.add(free)
        ends.discard(x)
        found = [x] if self._can_end(p, x, extra=0) else []
        return found + sorted(j for j in ends if self._can_end(p, j))

    def _do(self, move: Move) -> None:
        p = self._to_move
        mine = self._princes[p]
        if isinstance(move, PawnMove):
            a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
            self._walk = None
            if move.pawn is Pawn.QUEEN:
                self._queen[p] = j
                self._qmoved = True
                return
            points = self._value(p, a)
            mine.remove(a)
            mine.append(j)
            self._moved.append(j)
            if self._blank:
                self._walk = self._after_step(p, a, j, points - 1, False)
            return
        if isinstance(move, Explore):
            a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
            points = self._value(p, a)
            self._moved.append(a)
            self._terrain[j] = self._draw(self._pool)
            self._walk = (points - 1, False, j)
            return
        if isinstance(move, Step):
            points, entered, free = self._walk or (0, True, -1)
            x, j = self._moved[-1], CELL_INDEX[move.target]
            if j != free:
                points -= 1
            mine.remove(x)
            mine.append(j)
            self._moved[-1] = j
            self._walk = self._after_step(p, x, j, points, entered)
            return
        if isinstance(move, Reveal):
            points, entered, _ = self._walk or (1, True, -1)
            j = CELL_INDEX[move.target]
            self._terrain[j] = self._draw(self._pool)
            self._walk = (points - 1, entered, j)
            return
        if isinstance(move, End):
            self._walk = None
            return
        if isinstance(move, Castle):
            h, j = CELL_INDEX[move.queen], CELL_INDEX[move.prince]
            self._queen[p] = j
            mine.remove(j)
            mine.append(h)
        elif isinstance(move, BuildField):
            self._field[self._queen[p]] = p
        elif isinstance(move, BuildCity):
            self._city[self._queen[p]] = p
        elif isinstance(move, RegeneratePrince):
            mine.append(CELL_INDEX[move.city])
            self._lost[p] -= 1
        elif isinstance(move, RegenerateQueen):
            mine.remove(CELL_INDEX[move.prince])
            self._queen[p] = CELL_INDEX[move.city]

    def _after_step(self, p: int, x: int, j: int, points: int, entered: bool) -> Walk | None:
        """The walk after a Prince stepped from ``x`` to ``j``, or ``None`` when it is over."""
        crossed = (self._terrain[x] == SEA_CODE) != (self._terrain[j] == SEA_CODE)
        if crossed or points <= 0 or self._blocks(1 - p, j):
            return None
        return (points, True, -1)
