"""The registry's table: which games ``boardkit`` knows by name, and how to
make one. Read it through :mod:`boardkit.games`, which gives the same
functions with a game's own type (``games.load("tafl")`` is a
:class:`~boardkit.games.tafl.Tafl` to a type checker).

Core floor, at its bottom: it imports nothing of boardkit but the errors, so
records (:meth:`boardkit.GameRecord.replay`) find a game by its name here
without reaching up to the games. It names no game class, not even for the
type checker: a shipped game is a string (``"boardkit.games.tafl:Tafl"``)
imported when first asked for, a registered one the factory it was given.

Examples:
    >>> load("tafl", variant="brandubh").options.variant
    'brandubh'
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from boardkit.errors import OptionError, OptionTypeError, shown

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

# What register() was given in this process (a factory: usually a Game subclass).
_registered: dict[str, Callable[..., Any]] = {}


def _shipped() -> list[str]:
    return [name for name, path in _BUILTIN.items() if importlib.util.find_spec(path.partition(":")[0]) is not None]


def _check_name(name: object) -> str:
    """``name`` if it is a string; a list, ``None`` or bytes is refused naming it."""
    if not isinstance(name, str):
        raise OptionTypeError(f"a game's name must be a string, not {shown(name)}")
    return name


def _plugins() -> dict[str, Any]:
    # importlib.metadata takes longer to import than the rest of the core together, and only
    # a lookup of a game that is neither shipped nor registered needs it.
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def register(name: str, factory: Callable[..., Any], *, replace: bool = False) -> None:
    """Register ``factory`` as the game ``name``: see :func:`boardkit.games.register`.

    Examples:
        >>> register("tafl", print)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: a game named 'tafl' is already registered
    """
    _check_name(name)
    if not replace and (name in _shipped() or name in _registered):
        raise OptionError(f"a game named {name!r} is already registered")
    _registered[name] = factory


def unregister(name: str) -> None:
    """Remove a game registered with :func:`boardkit.games.register` in this process.

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


def names() -> list[str]:
    """The names of every game that :func:`boardkit.games.load` knows, shipped games first.

    Examples:
        >>> names()[:2]
        ['tafl', 'cloth-of-gold']
    """
    found = _shipped()
    for name in [*_registered, *sorted(_plugins())]:
        if name not in found:
            found.append(name)
    return found


def load(name: str, **options: Any) -> Any:
    """The game registered as ``name``, configured with ``options``: see
    :func:`boardkit.games.load`, which says its type.

    Raises:
        OptionError: for an unknown game, an unknown option, or a bad value.
        OptionTypeError: for a name that is not a string (also a ``TypeError``).

    Examples:
        >>> load("chess")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: unknown game 'chess'; known games: ...
    """
    factory: Callable[..., Any]
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
