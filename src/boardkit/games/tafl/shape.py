"""What Tafl's modules read of the game, its states and its parts, named below the rules.

:mod:`~boardkit.games.tafl.encoding` needs a few attributes of a
:class:`~boardkit.games.tafl.Tafl` and a :class:`~boardkit.games.tafl.TaflState`;
it annotates with the protocols here instead of importing
:mod:`~boardkit.games.tafl.rules`, which imports it (when asked), so that the
rules stand above every module of the package. :class:`TaflParts` is the type
of the parts the rules cannot import, because those build on the rules: the
package assembles them (``boardkit.games.tafl.PARTS``), and the rules read them
there. This module imports only the core and Tafl's options and record formats.

Examples:
    >>> from boardkit.games.tafl import PARTS, SpecialTaflState, Tafl
    >>> PARTS.special_state is SpecialTaflState, sorted(PARTS.formats)
    (True, ['otg'])
    >>> isinstance(Tafl("brandubh"), TaflShape), isinstance(Tafl("brandubh").new_game(seed=1), NumbersMoves)
    (True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar, runtime_checkable

import attrs

from boardkit.games.tafl.formats import RecordFormat
from boardkit.games.tafl.variants import TaflOptions

__all__ = ["NumbersMoves", "TaflParts", "TaflShape"]

T = TypeVar("T")
S = TypeVar("S")
G = TypeVar("G")


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


def _frozen(formats: Mapping[str, RecordFormat[S, G]]) -> Mapping[str, RecordFormat[S, G]]:
    return MappingProxyType(dict(formats))


@attrs.frozen
class TaflParts(Generic[S, G]):
    """The parts of Tafl that build on its rules, declared where the package
    sees them all: ``boardkit.games.tafl.PARTS`` is a
    ``TaflParts[TaflState, Tafl]``, which :class:`~boardkit.games.tafl.Tafl`
    reads when a game starts or a record format is asked for.

    Attributes:
        special_state: The state class of games with OpenTafl's own rules
            (:func:`~boardkit.games.tafl.movement.plays_apart`):
            :class:`~boardkit.games.tafl.SpecialTaflState`.
        formats: The record formats by key (``"otg"``, OpenTafl's saved games).

    Examples:
        >>> from boardkit.games.tafl import PARTS
        >>> PARTS.special_state.__name__, PARTS.formats["otg"].suffix
        ('SpecialTaflState', '.otg')
    """

    special_state: type[S]
    formats: Mapping[str, RecordFormat[S, G]] = attrs.field(converter=_frozen)
