"""A random walk of a kit state through what its kept answers (chains, links) must survive: moves,
take-backs of one to four moves, copies, pickles and changes by hand. Shared by the tests of
``chain_marks`` and ``linked_marks``."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from typing import Any

from boardkit.chance import Random


def random_walk(state: Any, rng: Random, steps: int, by_hand: Callable[[Any, Random], None]) -> Iterator[Any]:
    """The state after each of ``steps`` random steps (a copy or a pickle is a new state, walked on):
    mostly a random move; now and then one to four moves taken back (always, once the game is over),
    a copy, a pickled and unpickled state, or ``by_hand(state, rng)``, a change outside a move."""
    for _ in range(steps):
        roll = rng.randbelow(12)
        if state.is_over or (roll == 0 and state.history):
            for _ in range(min(len(state.history), rng.randbelow(4) + 1)):
                state.undo()
        elif roll == 1:
            state = state.copy()
        elif roll == 2:
            state = pickle.loads(pickle.dumps(state))
        elif roll == 3:
            by_hand(state, rng)
        else:
            state.apply(state.random_move(rng))
        yield state
