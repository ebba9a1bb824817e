"""The game registry: every shipped game, plus games other packages register.

The top of the games floor: the four shipped games' packages are below it,
and the applications (the command, the web server, RL, analysis) find every
game here, by name. It imports the games only for the type checker, so that
``load("tafl")`` is a :class:`~boardkit.games.tafl.Tafl` to ``mypy``; at run
time a game is imported when it is first loaded, by the registry's table
(:mod:`boardkit.registry`, on the core floor, which records also read).

A third-party package makes its game appear here (and in the ``boardkit``
command) by declaring an entry point in the ``boardkit.games`` group that
points at its :class:`~boardkit.Game` subclass::

    [project.entry-points."boardkit.games"]
    my-game = "my_package.rules:MyGame"

Examples:
    >>> from boardkit import games
    >>> games.load("chess")
    Traceback (most recent call last):
    ...
    boardkit.errors.OptionError: unknown game 'chess'; known games: ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, cast, overload

from boardkit import registry
from boardkit.registry import names, unregister

if TYPE_CHECKING:  # the game packages are imported only when a game is first loaded
    from boardkit.game import Game
    from boardkit.games.camelot import Camelot
    from boardkit.games.cloth_of_gold import ClothOfGold
    from boardkit.games.five_fields import FiveFields
    from boardkit.games.tafl import Tafl

__all__ = ["ENTRY_POINT_GROUP", "load", "names", "register", "unregister"]

#: The entry-point group third-party games register under.
ENTRY_POINT_GROUP = registry.ENTRY_POINT_GROUP


def register(name: str, factory: Callable[..., Game[Any, Any]], *, replace: bool = False) -> None:
    """Register a game under ``name`` for this process.

    An entry point does the same for an installed package; this is for
    notebooks and tests.

    Args:
        name: The registry name.
        factory: Called with the options as keyword arguments; usually the
            :class:`~boardkit.Game` subclass itself.
        replace: Allow replacing an existing registration.

    Raises:
        OptionError: if the name is taken and ``replace`` is false.
        OptionTypeError: if the name is not a string.

    Examples:
        >>> from boardkit.testing import Nim
        >>> register("nim", Nim)
        >>> load("nim", heap=5).options.heap
        5
        >>> unregister("nim")
    """
    registry.register(name, factory, replace=replace)


@overload
def load(name: Literal["tafl"], **options: Any) -> Tafl: ...
@overload
def load(name: Literal["cloth-of-gold"], **options: Any) -> ClothOfGold: ...
@overload
def load(name: Literal["five-fields"], **options: Any) -> FiveFields: ...
@overload
def load(name: Literal["camelot"], **options: Any) -> Camelot: ...
@overload
def load(name: str, **options: Any) -> Game[Any, Any]: ...


def load(name: str, **options: Any) -> Game[Any, Any]:
    """Return the game registered as ``name``, configured with ``options``.

    To a type checker, a shipped game's name gives its class, so
    ``load("tafl")`` is a :class:`~boardkit.games.tafl.Tafl` and
    ``load("tafl").new_game()`` a :class:`~boardkit.games.tafl.TaflState`,
    whose misspelt methods ``mypy`` reports; any other name gives a
    :class:`~boardkit.Game` of unknown states and moves.

    Raises:
        OptionError: for an unknown game, an unknown option, or a bad value.
        OptionTypeError: for a name that is not a string (also a ``TypeError``).

    Examples:
        >>> load("tafl", variant="tablut").options.variant
        'tablut'
        >>> load("tafl", variant="chess")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: ...
        >>> load(["tafl"])
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionTypeError: a game's name must be a string, not ['tafl']
    """
    return cast("Game[Any, Any]", registry.load(name, **options))
