"""Trying a move of 5 Fields out: whether an action under way can still end
legally (its Battles won) after a move, found by carrying the move out on the
state itself and putting everything back.

Every trial saves the position with ``_save`` and puts it back with
``_restore`` (or undoes its own few changes by hand in the inner loops), so
nothing is copied for a move that is only tried.

Examples:
    On a blank map a Prince may start by turning a hex over only if the
    action can then end legally, whatever the hex turns out to be:

    >>> from boardkit.games.five_fields import Explore, FiveFields
    >>> state = FiveFields(blank_map=True).new_game(seed=3)
    >>> [str(m) for m in state.legal_moves() if isinstance(m, Explore)][:2]
    ['explore P f2 g3', 'explore P f2 e3']
"""

from __future__ import annotations

from boardkit.compiling import mypyc_attr
from boardkit.games.five_fields.movement import Movement
from boardkit.games.five_fields.moves import Move

__all__ = ["Trial"]


# Compiled with mypyc (hatch_build.py): subclassed in Python; pickles, copies and deep-copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Trial(Movement):
    """Whether an action can still be completed (see the module)."""

    def _try(self, move: Move) -> bool:
        """Whether the action can still be completed legally after ``move``."""
        saved = self._save()
        self._do(move)
        ok = self._completable(self._to_move)
        self._restore(saved)
        return ok

    def _try_explore(self, p: int, a: int) -> bool:
        """Whether the action can be completed after the Prince on ``a`` starts
        by turning a hex over, whatever the hex turns out to be."""
        saved = self._save()
        self._walk = (self._value(p, a) - 1, False, -1)
        self._moved.append(a)
        ok = self._completable(p)
        self._restore(saved)
        return ok

    def _completable(self, p: int) -> bool:
        """Whether some way of finishing the current action is legal."""
        if self._walk is None:
            return self._completable_closed(p)
        x = self._moved[-1]
        walk = self._walk
        for j in self._walker_ends(p):
            mine = self._princes[p]
            mine.remove(x)
            mine.append(j)
            self._moved[-1] = j
            self._walk = None
            ok = self._completable_closed(p)
            self._walk = walk
            self._moved[-1] = x
            mine.remove(j)
            mine.append(x)
            if ok:
                return True
        return False

    def _completable_closed(self, p: int) -> bool:
        if not all(self._can_end(p, i, extra=0) for i in self._moved):
            return False
        if self._battles_won(p):
            return True
        if len(self._moved) + self._qmoved >= 2:
            return False
        # A second pawn may still save the battles: the Queen closing in, or a
        # Prince joining the attack.
        h = self._queen[p]
        for j in self._queen_ends(p):
            self._queen[p] = j
            self._qmoved = True
            ok = self._battles_won(p)
            self._queen[p] = h
            self._qmoved = False
            if ok:
                return True
        mine = self._princes[p]
        targets = {i for i in self._moved if self._blocks(1 - p, i)}
        for a in self._unmoved(p):
            for j in self._prince_ends(p, a):
                if j not in targets:
                    continue
                mine.remove(a)
                mine.append(j)
                self._moved.append(j)
                ok = self._battles_won(p)
                self._moved.pop()
                mine.remove(j)
                mine.append(a)
                if ok:
                    return True
        return False
