"""Nim, the smallest complete game, which the docstrings use to show the
protocol, and :class:`NimByHand`, Nim written without boardkit as a
:class:`~boardkit.testing.Reference` for :func:`~boardkit.testing.lockstep`.

Examples:
    >>> Nim(heap=2).new_game(seed=0).legal_moves()
    [Take(1), Take(2)]
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

import attrs

from boardkit.about import About, option
from boardkit.errors import IllegalMoveError, NotationError, OptionError, shown
from boardkit.game import Game, Outcome, Player, State, make_options

__all__ = ["Nim", "NimByHand", "NimOptions", "NimState", "Take"]


@attrs.frozen
class Take:
    """A Nim move: take ``count`` counters from the heap. Notation ``take 2``.

    Examples:
        >>> str(Take(2)), Take(2)
        ('take 2', Take(2))
    """

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"

    def __repr__(self) -> str:
        return f"Take({self.count})"


#: The largest heap: the heap is drawn a stroke a counter, and one of a 4,000-digit number of counters
#: cannot be drawn at all (an internal error).
_MOST_HEAP: Final = 100_000


@attrs.frozen
class NimOptions:
    """Nim's options: the starting ``heap`` and the ``most`` one may take.

    Examples:
        >>> Nim(heap=7).options
        NimOptions(heap=7, most=3)
    """

    heap: int = option(21, "counters on the heap at the start", low=1, high=_MOST_HEAP)
    most: int = option(3, "the most counters one may take in a turn", low=1)

    @heap.validator
    def _check_heap(self, _: object, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OptionError(f"heap must be a positive integer, not {shown(value)}")
        if value > _MOST_HEAP:
            raise OptionError(f"heap must be at most {_MOST_HEAP:,}, not {shown(value)}")

    @most.validator
    def _check_most(self, _: object, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OptionError(f"most must be a positive integer, not {shown(value)}")


class Nim(Game["NimState", Take]):
    """Nim for two: take 1 to ``most`` counters in turn; who takes the last wins.

    Small enough to read in one sitting, and complete: it is the game the
    docstrings use to show the protocol.

    Examples:
        >>> state = Nim(heap=3).new_game(seed=0)
        >>> state.legal_moves()
        [Take(1), Take(2), Take(3)]
        >>> state.apply("take 3")
        >>> state.outcome
        Outcome(winners=frozenset({0}), scores=None, reason='took the last counter')
    """

    name = "nim"
    about = About(title="Nim")

    def __init__(self, **options: Any) -> None:
        self.options = make_options(NimOptions, options, game="nim")

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> NimState:
        return NimState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> Take:
        words = text.split() if isinstance(text, str) else []
        if len(words) != 2 or words[0] != "take" or not words[1].isdigit() or len(words[1]) > 6:
            raise NotationError(text, "a Nim move is 'take N'")
        return Take(int(words[1]))


class NimState(State[Take]):
    """A game of :class:`Nim` in progress: the heap and whose turn it is.

    Examples:
        >>> state = Nim(heap=4).new_game(seed=0)
        >>> state.apply("take 3")
        >>> state.heap, state.current_player, state.render()
        (1, 1, 'heap: | (1)')
    """

    def __init__(self, game: Nim, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.heap: int = game.options.heap
        self._most: int = game.options.most

    @property
    def current_player(self) -> Player | None:
        return None if self.heap == 0 else len(self._moves) % 2

    @property
    def outcome(self) -> Outcome | None:
        if self.heap:
            return None
        return Outcome.win((len(self._moves) - 1) % 2, "took the last counter")

    def legal_moves(self) -> list[Take]:
        return [Take(n) for n in range(1, min(self._most, self.heap) + 1)]

    def _play(self, move: Take) -> None:
        if not isinstance(move, Take):
            raise IllegalMoveError(move, "not a Nim move")
        if move.count < 1:
            raise IllegalMoveError(move, "take at least one")
        if move.count > self._most:
            raise IllegalMoveError(move, f"at most {self._most} may be taken")
        if move.count > self.heap:
            raise IllegalMoveError(move, f"only {self.heap} left")
        self.heap -= move.count

    def _unplay(self, move: Take, token: None) -> None:
        self.heap += move.count

    def _key(self) -> Hashable:
        return self.heap

    def copy(self) -> NimState:
        twin = NimState.__new__(NimState)
        self._copy_base_into(twin)
        twin.heap = self.heap
        twin._most = self._most
        return twin

    def render(self) -> str:
        return f"heap: {'|' * self.heap} ({self.heap})"


class NimByHand:
    """Nim written without boardkit, as a :class:`~boardkit.testing.Reference`:
    the reference of :func:`~boardkit.testing.lockstep`'s examples.

    Examples:
        >>> reference = NimByHand(2)
        >>> reference.apply("take 2")
        >>> reference.is_over(), reference.returns()
        (True, (1.0, -1.0))
    """

    def __init__(self, heap: int = 5) -> None:
        self.heap, self.turn = heap, 0

    def legal_moves(self) -> list[str]:
        return [f"take {n}" for n in range(1, min(3, self.heap) + 1)]

    def current_player(self) -> int | None:
        return None if self.heap == 0 else self.turn

    def is_over(self) -> bool:
        return self.heap == 0

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0) if self.turn == 1 else (-1.0, 1.0)  # who took the last counter has won

    def apply(self, move: str) -> None:
        self.heap -= int(move.split()[1])
        self.turn = 1 - self.turn
