"""What Tafl's sibling modules read of the game and its states, named below the rules.

:mod:`~boardkit.games.tafl.encoding` needs a few attributes of a
:class:`~boardkit.games.tafl.Tafl` and a :class:`~boardkit.games.tafl.TaflState`;
it annotates with the protocols here instead of importing
:mod:`~boardkit.games.tafl.rules`, which imports it (when asked), so that the
rules stand above every module of the package. This module imports only the
core and Tafl's options.

Examples:
    >>> from boardkit.games.tafl import Tafl, TaflState
    >>> from boardkit.games.tafl.shape import TABLE_STATES
    >>> TABLE_STATES == [TaflState]
    True
    >>> isinstance(Tafl("brandubh"), TaflShape), isinstance(Tafl("brandubh").new_game(seed=1), NumbersMoves)
    (True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, TypeVar, runtime_checkable

from boardkit.games.tafl.variants import TaflOptions

__all__ = ["TABLE_STATES", "NumbersMoves", "TaflShape"]

T = TypeVar("T")


@runtime_checkable
class TaflShape(Protocol):
    """A game of Tafl as the encoder reads it: its board size and options
    (:class:`~boardkit.games.tafl.Tafl` is one)."""

    @property
    def size(self) -> int:
        """The number of squares along each side of the board."""

    @property
    def options(self) -> TaflOptions:
        """The game's options."""


@runtime_checkable
class NumbersMoves(Protocol):
    """A state whose legal moves are numbered through a table indexed
    ``origin * cells + target`` (:class:`~boardkit.games.tafl.TaflState` is one)."""

    @property
    def size(self) -> int:
        """The number of squares along each side of the board."""

    def legal_entries(self, table: Sequence[T]) -> list[T]:
        """What ``table`` holds for each legal move, in the legal moves' order."""


#: The state classes whose :meth:`~boardkit.games.tafl.TaflState.legal_entries`
#: number the legal moves of the plain rules: exactly
#: :class:`~boardkit.games.tafl.TaflState`, which :mod:`~boardkit.games.tafl.rules`
#: puts here when it is imported. A subclass with rules of its own
#: (:class:`~boardkit.games.tafl.SpecialTaflState`, or a user's) is not here,
#: so :func:`~boardkit.games.tafl.encoding.all_moves` numbers its moves the
#: generic way.
TABLE_STATES: Final[list[type[NumbersMoves]]] = []
