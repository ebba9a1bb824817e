"""What Tafl's modules read of the game and its states, named below the rules.

:mod:`~boardkit.games.tafl.encoding` needs a few attributes of a
:class:`~boardkit.games.tafl.Tafl` and a :class:`~boardkit.games.tafl.TaflState`;
it annotates with the protocols here instead of importing
:mod:`~boardkit.games.tafl.rules`, so that the rules stand above every module
of the package (the package's declaration, ``PARTS``, imports the encoding
when RL asks). This module imports only
Tafl's options.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> isinstance(Tafl("brandubh"), TaflShape), isinstance(Tafl("brandubh").new_game(seed=1), NumbersMoves)
    (True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

from boardkit.games.tafl.variants import TaflOptions

__all__ = ["NumbersMoves", "TaflShape"]

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
