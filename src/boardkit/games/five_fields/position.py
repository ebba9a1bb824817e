"""The position of a game of 5 Fields as small integer lists, and what is
read straight from them: a Prince's value, who blocks a hex, the winning chain.

:class:`Position` is the first floor of the state: it declares the lists
(indexed by the board's compiled cell numbers; ``-1`` for none) and the undo
record. The floors above it are ``battles.py``, ``movement.py``, ``trial.py``
and ``choices.py``; :class:`~boardkit.games.five_fields.FiveFieldsState` in
``rules.py`` is the top one, which sets the lists up in ``__init__``.

Why ``copy``, ``_key`` and undo are written by hand (not derived from
:mod:`boardkit.fields`, although the undo record is a copy of every field, as
a derived one is): ``_save`` and ``_restore`` copy the integer lists with
slices in one function each, where the derived ones make a call per field.
``benchmarks/bench_fields.py``: ``apply`` + ``undo`` 17,100 a second against
12,600 derived, random games (capped at 100 turns) 81 against 63 a second. A
new field goes in ``FiveFieldsState.__init__``, here in the declarations,
``_key``, ``_save`` and ``_restore``.

Examples:
    The public queries read these lists: where a Queen stands, the chain.

    >>> from boardkit.games.five_fields import FiveFields
    >>> state = FiveFields(map="PSP/MSSM/PSPSP/MSSM/PMP").new_game(seed=1)
    >>> state.queen(0), state.chain_value(0), isinstance(state, Position)
    ((0, 2), 0.0, True)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from boardkit.compiling import mypyc_attr
from boardkit.game import Outcome, State
from boardkit.games.five_fields.board import (
    CELL_COUNT,
    DISTANCE,
    MOUNTAIN_CODE,
    NEIGHBORS,
    PLAIN_CODE,
    SEA_CODE,
)
from boardkit.games.five_fields.moves import Move
from boardkit.topology import HexGrid

__all__ = ["Position", "Walk"]

_NB = NEIGHBORS
_DIST = DISTANCE

#: A Prince's walk under way on a blank map: (points left, has entered a hex,
#: hex just turned over or -1).
Walk = tuple[int, bool, int]


# Compiled with mypyc (hatch_build.py): subclassed in Python; pickles, copies and deep-copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Position(State[Move]):
    """The lists of a 5 Fields position and the undo record (see the module)."""

    topology: HexGrid
    _blank: bool
    _limit: int | None
    _terrain: list[int]
    _pool: list[int]
    _queen: list[int]
    _princes: list[list[int]]
    _lost: list[int]
    _field: list[int]
    _city: list[int]
    _to_move: int
    _passes: int
    _turns: int
    _pairs: tuple[int, ...]
    _moved: list[int]
    _qmoved: bool
    _walk: Walk | None
    _outcome: Outcome | None

    def _key(self) -> Hashable:
        return (
            tuple(self._terrain),
            tuple(self._pool),
            tuple(self._queen),
            tuple(sorted(self._princes[0])),
            tuple(sorted(self._princes[1])),
            tuple(self._lost),
            tuple(self._field),
            tuple(self._city),
            self._to_move,
            self._passes,
            self._turns,
            self._pairs,
            tuple(self._moved),
            self._qmoved,
            self._walk,
            self._outcome,
        )

    def _save(self) -> tuple[Any, ...]:
        return (
            self._terrain[:],
            self._pool[:],
            self._queen[:],
            [self._princes[0][:], self._princes[1][:]],
            self._field[:],
            self._city[:],
            self._to_move,
            self._passes,
            self._turns,
            self._pairs,
            self._moved[:],
            self._qmoved,
            self._walk,
            self._outcome,
            self.rng.state,
            self._lost[:],
        )

    def _restore(self, saved: tuple[Any, ...]) -> None:
        terrain, pool, queen, princes, field, city, to_move, passes, turns, pairs, moved, qmoved, walk = saved[:13]
        outcome, rng, lost = saved[13:]
        self._terrain = terrain[:]
        self._pool = pool[:]
        self._queen = queen[:]
        self._princes = [princes[0][:], princes[1][:]]
        self._field = field[:]
        self._city = city[:]
        self._to_move = to_move
        self._passes = passes
        self._turns = turns
        self._pairs = pairs
        self._moved = moved[:]
        self._qmoved = qmoved
        self._walk = walk
        self._outcome = outcome
        self.rng.state = rng
        self._lost = lost[:]

    def _draw(self, pool: list[int]) -> int:
        k = self.rng.randbelow(sum(pool))
        for t in (PLAIN_CODE, MOUNTAIN_CODE, SEA_CODE):
            if k < pool[t]:
                pool[t] -= 1
                return t
            k -= pool[t]
        raise AssertionError("unreachable: the pool count is exhausted")  # pragma: no cover

    def _in_action(self) -> bool:
        return bool(self._moved) or self._qmoved

    def _pairs_of(self, p: int) -> tuple[int, ...]:
        mine = self._princes[p]
        return tuple(sorted(i for i in set(mine) if mine.count(i) >= 2))

    def _value(self, p: int, i: int) -> int:
        """A Prince's range and attack value on hex ``i``."""
        q = self._queen[p]
        return 5 - _DIST[q][i] if q >= 0 else 1

    def _blocks(self, e: int, i: int) -> bool:
        """Whether player ``e`` has a Queen, Prince or City on hex ``i``."""
        return self._queen[e] == i or i in self._princes[e] or self._city[i] == e

    def _chain(self, p: int) -> int:
        """The best linked Field value of ``p``, in halves."""
        terrain, field, city = self._terrain, self._field, self._city
        princes = self._princes[p]
        best = 0
        seen: set[int] = set()
        for start in range(CELL_COUNT):
            if city[start] != p or start in seen:
                continue
            seen.add(start)
            stack = [start]
            worth = 0
            while stack:
                i = stack.pop()
                if field[i] == p:
                    worth += 2 if terrain[i] == PLAIN_CODE else 1
                for j in _NB[i]:
                    if j not in seen and (field[j] == p or city[j] == p or (terrain[j] == SEA_CODE and j in princes)):
                        seen.add(j)
                        stack.append(j)
            best = max(best, worth)
        return best
