"""The game registry: every shipped game, plus games other packages register.

Core floor: it imports only other core modules, never a board, a component,
a game or an application.

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

import importlib
import importlib.util
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, overload

from boardkit.errors import OptionError, OptionTypeError, shown

if TYPE_CHECKING:  # the game packages are imported only when a game is first loaded
    from boardkit.game import Game
    from boardkit.games.camelot import Camelot
    from boardkit.games.cloth_of_gold import ClothOfGold
    from boardkit.games.five_fields import FiveFields
    from boardkit.games.tafl import Tafl

__all__ = ["ENTRY_POINT_GROUP", "load", "names", "register", "unregister"]

#: The entry-point group third-party games register under.
ENTRY_POINT_GROUP = "boardkit.games"

# Built-in games, imported only when first asked for.
_BUILTIN: dict[str, str] = {
    "tafl": "boardkit.games.tafl:Tafl",
    "cloth-of-gold": "boardkit.games.cloth_of_gold:ClothOfGold",
    "five-fields": "boardkit.games.five_fields:FiveFields",
    "camelot": "boardkit.games.camelot:Camelot",
}


def _shipped() -> list[str]:
    return [name for name, path in _BUILTIN.items() if importlib.util.find_spec(path.partition(":")[0]) is not None]


def _check_name(name: object) -> str:
    """``name`` if it is a string; a list, ``None`` or bytes is refused naming it."""
    if not isinstance(name, str):
        raise OptionTypeError(f"a game's name must be a string, not {shown(name)}")
    return name


_registered: dict[str, Callable[..., Game[Any, Any]]] = {}


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
    _check_name(name)
    if not replace and (name in _shipped() or name in _registered):
        raise OptionError(f"a game named {name!r} is already registered")
    _registered[name] = factory


def unregister(name: str) -> None:
    """Remove a game registered with :func:`register` in this process.

    Raises:
        OptionError: if no game was registered under that name (shipped games
            and entry points cannot be unregistered).

    Examples:
        >>> unregister("tafl")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: no game named 'tafl' was registered with register()
    """
    if _check_name(name) not in _registered:
        raise OptionError(f"no game named {shown(name)} was registered with register()")
    del _registered[name]


def _plugins() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> list[str]:
    """The names of every game that :func:`load` knows, shipped games first.

    Examples:
        >>> isinstance(names(), list)
        True
    """
    found = _shipped()
    for name in [*_registered, *sorted(_plugins())]:
        if name not in found:
            found.append(name)
    return found


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
    factory: Callable[..., Game[Any, Any]]
    if _check_name(name) in _registered:
        factory = _registered[name]
    elif name in _shipped():
        module, _, attr = _BUILTIN[name].partition(":")
        factory = getattr(importlib.import_module(module), attr)
    else:
        plugins = _plugins()
        if name not in plugins:
            known = ", ".join(repr(n) for n in names()) or "none"
            raise OptionError(f"unknown game {shown(name)}; known games: {known}")
        factory = plugins[name].load()
    try:
        return factory(**options)
    except OptionError:
        raise
    except TypeError as exc:
        raise OptionError(f"bad options for {name}: {exc}") from exc
