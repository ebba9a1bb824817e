"""Specs: the written forms of games and options that the command and the web server both read, written once.

Applications floor: it imports the core and the registry; the ``boardkit``
command (:mod:`boardkit.cli`) and ``boardkit serve`` (:mod:`boardkit.web`)
import it, and it imports neither.

* A **game** is a registered name (``tafl``; see ``boardkit list``), an
  importable ``package.module:Class`` or a ``path/to/file.py:Class`` naming
  a :class:`~boardkit.Game` subclass: :func:`game_factory`.
* An **option** is ``KEY=VALUE`` with a JSON value (text that is not JSON
  is taken as a string), and a **variant** picks the option the game's
  :attr:`About.variant_option <boardkit.about.About.variant_option>` names
  (``variant`` for every shipped game that has variants), read as the
  declared choice it spells: :func:`parse_options`.
* An **agent** is read by the match layer's one grammar,
  :func:`boardkit.match.parse_agent`; the names it had here
  (``parse_agent``, ``make_agent``, ``AgentSpec``, ``AGENT_KINDS``,
  ``LEVELS`` and the limits) still work, with a :class:`DeprecationWarning`.

Examples:
    >>> name, factory = game_factory("boardkit.testing:Nim")
    >>> name, factory(**parse_options(factory, None, ["heap=5"])).options.heap
    ('nim', 5)
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from boardkit import games, match
from boardkit.errors import OptionError
from boardkit.game import Game

__all__ = ["game_factory", "load_game", "option_value", "parse_options"]

#: The agent grammar's names that lived here before the match layer: each still works, with a warning.
_MOVED = frozenset(
    ("AGENT_KINDS", "DEFAULT_SECONDS", "LEVELS", "MAX_DEPTH", "MAX_ITERATIONS", "MAX_SECONDS", "AgentSpec",
     "make_agent", "parse_agent")
)


def __getattr__(name: str) -> Any:
    """The agent grammar's old names, from :mod:`boardkit.match`, with a :class:`DeprecationWarning`."""
    if name in _MOVED:
        warnings.warn(f"boardkit.specs.{name} is now boardkit.match.{name}", DeprecationWarning, 2)
        return getattr(match, name)
    raise AttributeError(f"module 'boardkit.specs' has no attribute {name!r}")

_SPEC_FORMS = "a registered name (boardkit list), package.module:Class or path/to/file.py:Class"


def _import_spec(where: str, spec: str) -> Any:
    """The module a game spec names: a file ``path/to/game.py`` or an
    importable ``package.module`` (the current directory included)."""
    if where.endswith(".py") or os.sep in where or "/" in where:
        path = os.path.abspath(where)
        if not os.path.isfile(path):
            raise OptionError(f"no file {where!r:.200} for the game {spec!r:.200}")
        folder, name = os.path.split(path)
        name = name[:-3] if name.endswith(".py") else name
        if folder not in sys.path:  # its own imports, and the workers' unpickling, find it by name
            sys.path.insert(0, folder)
        known = sys.modules.get(name)
        if known is not None and os.path.abspath(getattr(known, "__file__", "") or "") == path:
            return known
        loader = importlib.util.spec_from_file_location(name, path)
        if loader is None or loader.loader is None:
            raise OptionError(f"cannot load {where!r:.200} as Python")
        module = importlib.util.module_from_spec(loader)
        sys.modules[name] = module
        try:
            loader.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        return module
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as `python -m` does: games in the current directory are found
    return importlib.import_module(where)


def _imported(where: str, spec: str) -> Any:
    """:func:`_import_spec`, a module that fails to import said in one line."""
    try:
        return _import_spec(where, spec)
    except OptionError:
        raise
    except Exception as exc:  # the user's module failed to import: say why in one line
        reason = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
        raise OptionError(f"cannot import {where!r:.200} for the game {spec!r:.200}: {reason:.300}") from None


def _only_game(path: str) -> str:
    """The name of the one :class:`~boardkit.Game` class the file ``path``
    defines (not those it imports), for a spec written without ``:Class``."""
    module = _imported(path, path)
    found: list[str] = [
        name
        for name, value in vars(module).items()
        if isinstance(value, type) and issubclass(value, Game) and value.__module__ == module.__name__
    ]
    if len(found) == 1:
        return found[0]
    if not found:
        raise OptionError(f"{path!r:.200} defines no boardkit Game class")
    forms = " or ".join(f"{path}:{name}" for name in found[:6])
    raise OptionError(f"{path!r:.200} defines {len(found)} games: name one, as {forms:.400}")


def game_factory(spec: str) -> tuple[str, Callable[..., Game[Any, Any]]]:
    """The name and factory of a registered game or a ``module:Class`` or
    ``file.py:Class`` path.

    Raises:
        OptionError: for an unknown name, a module that does not import, or
            a name that is not a :class:`~boardkit.Game` class.

    Examples:
        >>> game_factory("tafl")[0]
        'tafl'
    """
    if ":" not in spec and spec.endswith(".py"):  # a file alone: the one game it defines
        spec = f"{spec}:{_only_game(spec)}"
    if ":" not in spec:
        return spec, lambda **options: games.load(spec, **options)
    where, _, attr = spec.rpartition(":")
    if not where.strip() or not attr.strip() or not attr.isidentifier():
        raise OptionError(f"a game is {_SPEC_FORMS}, not {spec!r:.200}")
    factory = getattr(_imported(where, spec), attr, None)
    if not (isinstance(factory, type) and issubclass(factory, Game)):
        raise OptionError(f"{spec!r:.200} does not name a boardkit Game class")
    game_class: type[Game[Any, Any]] = factory

    def build(**options: Any) -> Game[Any, Any]:
        try:
            return game_class(**options)
        except TypeError as exc:
            raise OptionError(f"bad options for {spec}: {exc}") from None

    return str(game_class.name or spec), build


def option_value(text: str) -> Any:
    """An option's value from its text: JSON where it reads as JSON, else the text.

    Examples:
        >>> option_value("7"), option_value("[1, 2]"), option_value("brandubh")
        (7, [1, 2], 'brandubh')
    """
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


#: The words `boardkit list` and the option errors use for None, True and False, read as those values for an
#: option that is not text (JSON's null, true and false read so already).
_WORDS: dict[str, Any] = {"none": None, "true": True, "false": False}


def parse_options(
    factory: Callable[..., Game[Any, Any]], variant: str | None, pairs: Sequence[str]
) -> dict[str, Any]:
    """The options ``KEY=VALUE`` pairs and a variant name give, as keyword arguments for ``factory``.

    Raises:
        OptionError: for a pair without ``=``, an option given twice (a
            pair and ``--variant`` included), or a variant for a game
            without variants.

    A variant is the declared choice of that option whose text it is (Cloth
    of Gold's ``2020`` is the number), else the text as it is, for the
    game's own check to refuse.

    Examples:
        >>> parse_options(game_factory("cloth-of-gold")[1], "2020", [])
        {'variant': 2020}
        >>> parse_options(game_factory("tafl")[1], "brandubh", [])
        {'variant': 'brandubh'}
        >>> parse_options(game_factory("tafl")[1], None, ["repetition=none", "mate=True", "escape=edge"])
        {'repetition': None, 'mate': True, 'escape': 'edge'}
    """
    options: dict[str, Any] = {}
    infos: dict[str, Any] | None = None
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"an option is written KEY=VALUE, not {pair!r}")
        read = option_value(value.strip())
        word = read.lower() if isinstance(read, str) else None
        if word in _WORDS:  # none, True, False: as `list` and the errors spell them
            infos = infos if infos is not None else {i.name: i for i in factory().option_info()}
            info = infos.get(key.strip())
            if info is not None and info.type != "str" and (
                (word == "none" and info.optional and info.type != "bool") or (word != "none" and info.type == "bool")
            ):
                read = _WORDS[word]
        if key.strip() in options:
            raise OptionError(f"the option {key.strip()!r:.60} is given twice; give it once")
        options[key.strip()] = read
    if variant is not None:
        default = factory()
        key = default.about.variant_option
        info = {i.name: i for i in default.option_info()}.get(key)
        if info is None:
            raise OptionError(f"{default.name} has no variants; set its options with --option KEY=VALUE")
        if key in options:
            raise OptionError(f"the variant is given twice, by --variant and by --option {key}=...; give it once")
        spelled = variant if info.type == "str" else option_value(variant)
        options[key] = next((choice for choice in info.choices if str(choice) == variant), spelled)
    return options


def load_game(spec: str, variant: str | None = None, pairs: Sequence[str] = ()) -> Game[Any, Any]:
    """The game a spec, a variant and ``KEY=VALUE`` pairs name.

    Examples:
        >>> load_game("tafl", "brandubh", ["escape=corner"]).options.escape
        'corner'
    """
    _, factory = game_factory(spec)
    return factory(**parse_options(factory, variant, pairs))
