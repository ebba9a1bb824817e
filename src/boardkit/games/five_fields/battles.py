"""Battles and the end of an action in 5 Fields: attack and defence, the
Battles an action fights, and what the end of an action settles (captures,
Fields taken, the Separation rule, victory).

Examples:
    A Prince worth 4 takes a lone Prince (defence 1) when the action ends:

    >>> from boardkit.games.five_fields import BOARD, FiveFields, Pawn, Terrain
    >>> state = FiveFields().from_position(
    ...     terrain={cell: Terrain.PLAIN for cell in BOARD.cells},
    ...     pawns={(0, 2): [(0, Pawn.QUEEN)], (0, 1): [(0, Pawn.PRINCE)], (1, 1): [(1, Pawn.PRINCE)],
    ...            (0, -2): [(1, Pawn.QUEEN)]},
    ... )
    >>> state.apply("move P f2->h2"); state.apply("end")
    >>> state.princes(1), state.princes_lost
    ((), (0, 1))
"""

from __future__ import annotations

from boardkit.compiling import mypyc_attr
from boardkit.game import Outcome
from boardkit.games.five_fields.board import CELLS, GOAL, MOST_FIELDS, MOUNTAIN_CODE, format_hex
from boardkit.games.five_fields.position import Position

__all__ = ["Battles"]

_GOAL = GOAL


# Compiled with mypyc (hatch_build.py): subclassed in Python; pickles, copies and deep-copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Battles(Position):
    """The Battles of an action and its end (see the module)."""

    def _defence(self, e: int, i: int) -> int:
        mountain = self._terrain[i] == MOUNTAIN_CODE
        city = self._city[i] == e
        double = 2 if mountain and not city else 1
        total = sum(self._value(e, i) * double for _ in range(self._princes[e].count(i)))
        if self._queen[e] == i:
            total += 7 if mountain and not city else 4
        if city:
            total += 5 if mountain else 3
        return total

    def _battles(self, p: int) -> list[tuple[int, int, int]]:
        """``(hex, attack, defence)`` for every battle the action would fight."""
        e = 1 - p
        found = []
        for i in sorted(set(self._moved)):
            if self._blocks(e, i):
                attack = self._value(p, i) * self._princes[p].count(i)
                found.append((i, attack, self._defence(e, i)))
        return found

    def _battles_won(self, p: int) -> bool:
        return all(attack > defence for _, attack, defence in self._battles(p))

    def _battle_reason(self, p: int) -> str | None:
        for i, attack, defence in self._battles(p):
            if attack <= defence:
                return f"the attack on {format_hex(CELLS[i])} is {attack} against a defence of {defence}"
        return None

    def _finish(self, passed: bool) -> None:
        """End the action: battles, captures, separation, victory."""
        p = self._to_move
        e = 1 - p
        for i, _, _ in self._battles(p):
            if self._queen[e] == i:
                self._queen[e] = -1
            survivors = [k for k in self._princes[e] if k != i]
            self._lost[e] += len(self._princes[e]) - len(survivors)
            self._princes[e] = survivors
            if self._city[i] == e:
                self._city[i] = p
        standing = set(self._moved)
        if self._qmoved:
            standing.add(self._queen[p])
        for i in sorted(standing):
            if self._field[i] == e:
                self._field[i] = p if self._field.count(p) < MOST_FIELDS else -1
        for i in self._pairs:
            if self._princes[p].count(i) >= 2:
                self._princes[p].remove(i)
        self._moved = []
        self._qmoved = False
        self._walk = None
        self._passes = self._passes + 1 if passed else 0
        self._turns += 1
        self._to_move = e
        self._pairs = self._pairs_of(e)
        self._outcome = self._judge(p)

    def _judge(self, actor: int, count_turn: bool = True) -> Outcome | None:
        for p in (actor, 1 - actor):
            if self._chain(p) >= _GOAL:
                return Outcome.win(p, "a city linked to fields worth 5")
        for p in (actor, 1 - actor):
            if self._queen[p] < 0:
                if not any(c == p for c in self._city):
                    return Outcome.win(1 - p, "queen lost with no city")
                if not self._princes[p]:
                    return Outcome.win(1 - p, "queen lost with no prince left")
        if count_turn and self._limit is not None and self._turns >= self._limit:
            return Outcome.draw("turn limit reached")
        return None
