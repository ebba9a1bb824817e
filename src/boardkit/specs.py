"""Specs: the written forms of games, options and agents that the command
and the web server both read, written once.

Applications floor: it imports the core, the registry and the agents; the
``boardkit`` command (:mod:`boardkit.cli`) and ``boardkit serve``
(:mod:`boardkit.web`) import it, and it imports neither.

* A **game** is a registered name (``tafl``; see ``boardkit list``), an
  importable ``package.module:Class`` or a ``path/to/file.py:Class`` naming
  a :class:`~boardkit.Game` subclass: :func:`game_factory`.
* An **option** is ``KEY=VALUE`` with a JSON value (text that is not JSON
  is taken as a string), and a **variant** picks the option the game's
  :attr:`About.variant_option <boardkit.about.About.variant_option>` names
  (``variant`` for every shipped game that has variants), read as the
  declared choice it spells: :func:`parse_options`.
* An **agent** is ``random``, ``greedy``, ``mcts``, ``alphabeta`` or
  ``best``, the last three with an optional budget: ``:N`` (``mcts:2000``
  playouts, ``alphabeta:4`` plies, ``N`` in ASCII digits) or ``@T`` a move
  (``best@2s``, ``alphabeta@500ms``): :func:`parse_agent` and
  :func:`make_agent`.

Examples:
    >>> name, factory = game_factory("boardkit.testing:Nim")
    >>> name, factory(**parse_options(factory, None, ["heap=5"])).options.heap
    ('nim', 5)
    >>> parse_agent("mcts:200")
    AgentSpec(kind='mcts', iterations=200, seconds=None, level='')
    >>> parse_agent("mcts:١٢")
    Traceback (most recent call last):
    ...
    boardkit.errors.OptionError: mcts:N needs a positive number of iterations in ASCII digits, not 'mcts:١٢'
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from boardkit import games
from boardkit.agents import DEFAULT_THINK, Agent, AlphaBetaAgent, GreedyAgent, MCTSAgent, RandomAgent, best_agent
from boardkit.errors import OptionError, shown
from boardkit.game import Game

__all__ = [
    "AGENT_KINDS",
    "DEFAULT_SECONDS",
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "LEVELS",
    "AgentSpec",
    "game_factory",
    "load_game",
    "make_agent",
    "option_value",
    "parse_agent",
    "parse_options",
]

#: The bots every application offers.
AGENT_KINDS = ("random", "greedy", "mcts", "alphabeta", "best")
#: The most MCTS iterations an agent spec may ask for.
MAX_ITERATIONS = 10_000_000

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


def parse_options(
    factory: Callable[..., Game[Any, Any]], variant: str | None, pairs: Sequence[str]
) -> dict[str, Any]:
    """The options ``KEY=VALUE`` pairs and a variant name give, as keyword arguments for ``factory``.

    Raises:
        OptionError: for a pair without ``=``, or a variant for a game without variants.

    A variant is the declared choice of that option whose text it is (Cloth
    of Gold's ``2020`` is the number), else the text as it is, for the
    game's own check to refuse.

    Examples:
        >>> parse_options(game_factory("cloth-of-gold")[1], "2020", [])
        {'variant': 2020}
        >>> parse_options(game_factory("tafl")[1], "brandubh", [])
        {'variant': 'brandubh'}
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"an option is written KEY=VALUE, not {pair!r}")
        options[key.strip()] = option_value(value.strip())
    if variant is not None:
        default = factory()
        key = default.about.variant_option
        info = {i.name: i for i in default.option_info()}.get(key)
        if info is None:
            raise OptionError(f"{default.name} has no variants; set its options with --option KEY=VALUE")
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


#: The longest think time an agent spec may ask for, in seconds.
MAX_SECONDS = 3600.0
#: The deepest alpha-beta search an agent spec may ask for, in plies.
MAX_DEPTH = 64
#: Think time of ``alphabeta`` and ``best`` when the spec gives no budget, in seconds.
DEFAULT_SECONDS = DEFAULT_THINK

#: The bot levels every application offers, each a documented agent and budget: ``easy`` looks one
#: move ahead, ``medium`` and ``hard`` are the strongest agent for the game thinking half a second and
#: two seconds a move (see :doc:`/explanation/bots`).
LEVELS = {"easy": "greedy", "medium": "best@500ms", "hard": "best@2s"}

_GRAMMAR = (
    "random, greedy, mcts, alphabeta or best, with an optional budget: "
    "mcts:N playouts, alphabeta:N plies, or @2s / @500ms a move (best@2s); or a level: easy, medium, hard"
)


@attrs.frozen
class AgentSpec:
    """A bot as written: its kind and its budget (``0`` and ``None``: the defaults).

    Attributes:
        kind: One of :data:`AGENT_KINDS`.
        iterations: ``mcts:N``'s playouts, or ``alphabeta:N``'s depth in plies.
        seconds: ``@T``'s think time a move, in seconds.
        level: The level it was asked for by (:data:`LEVELS`), or ``""``.

    Examples:
        >>> parse_agent("greedy")
        AgentSpec(kind='greedy', iterations=0, seconds=None, level='')
        >>> parse_agent("best@500ms")
        AgentSpec(kind='best', iterations=0, seconds=0.5, level='')
        >>> parse_agent("hard")
        AgentSpec(kind='best', iterations=0, seconds=2.0, level='hard')
    """

    kind: str
    iterations: int = 0
    seconds: float | None = None
    level: str = ""

    @property
    def text(self) -> str:
        """The spec written as :func:`parse_agent` reads it.

        Examples:
            >>> [parse_agent(t).text for t in ("mcts", "mcts:50", "best@2s", "alphabeta@250ms", "medium")]
            ['mcts', 'mcts:50', 'best@2s', 'alphabeta@250ms', 'medium']
        """
        if self.level:
            return self.level
        if self.seconds is not None:
            return f"{self.kind}@{self.seconds:g}s" if self.seconds >= 1 else f"{self.kind}@{self.seconds * 1000:g}ms"
        return f"{self.kind}:{self.iterations}" if self.iterations else self.kind

    def build(self, seed: int, iterations: int = 1000, *, game: Game[Any, Any] | None = None) -> Agent:
        """The agent, seeded. ``iterations`` is the MCTS default when the
        spec names no budget; ``game`` is the game it will play, which
        ``best`` needs to choose (see :func:`~boardkit.agents.best_agent`).

        Raises:
            OptionError: for ``best`` without a game.

        Examples:
            >>> parse_agent("mcts:50").build(seed=1).iterations
            50
            >>> parse_agent("alphabeta@2s").build(seed=1)
            AlphaBetaAgent(depth=None, time_limit=2.0, seed=1, table_size=500000)
            >>> from boardkit.games.tafl import Tafl
            >>> type(parse_agent("best").build(seed=1, game=Tafl())).__name__
            'AlphaBetaAgent'
        """
        if self.kind == "random":
            return RandomAgent(seed=seed)
        if self.kind == "greedy":
            return GreedyAgent(seed=seed)
        if self.kind == "mcts":
            if self.seconds is not None:
                return MCTSAgent(iterations=MAX_ITERATIONS, time_limit=self.seconds, seed=seed)
            return MCTSAgent(iterations=self.iterations or iterations, seed=seed)
        if self.kind == "alphabeta":
            if self.iterations:
                return AlphaBetaAgent(depth=self.iterations, seed=seed)
            return AlphaBetaAgent(time_limit=self.seconds or DEFAULT_SECONDS, seed=seed)
        if game is None:
            raise OptionError("'best' chooses its agent from the game it plays: give the game")
        return best_agent(game, seconds=self.seconds or DEFAULT_SECONDS, seed=seed)

    def label(self) -> str:
        """The spec in words, for seat tables and thinking lines.

        Examples:
            >>> parse_agent("mcts:400").label(), parse_agent("best@2s").label()
            ('mcts, 400 playouts', 'best, 2 s a move')
            >>> parse_agent("easy").label()
            'easy (greedy)'
        """
        if self.level:
            return f"{self.level} ({attrs.evolve(self, level='').label()})"
        if self.seconds is not None:
            return f"{self.kind}, {self.seconds:g} s a move"
        if self.iterations:
            unit = "plies deep" if self.kind == "alphabeta" else "playouts"
            return f"{self.kind}, {self.iterations} {unit}"
        return self.kind


def _budget(name: str, text: str, whole: object) -> tuple[int, float | None]:
    """The budget after the agent ``name``: ``:N`` (a count) or ``@T`` (seconds)."""
    if text.startswith(":"):
        arg = text[1:]
        unit = "plies" if name == "alphabeta" else "iterations"
        if not (arg.isascii() and arg.isdigit()) or len(arg) > 9 or not 1 <= int(arg) <= MAX_ITERATIONS:
            raise OptionError(f"{name}:N needs a positive number of {unit} in ASCII digits, not {shown(whole, 40)}")
        return int(arg), None
    arg = text[1:]
    number, scale = (arg[:-2], 0.001) if arg.endswith("ms") else (arg[:-1], 1.0) if arg.endswith("s") else ("", 0)
    digits = number.replace(".", "", 1)
    if not (digits.isascii() and digits.isdigit()) or len(number) > 9:
        raise OptionError(f"a time budget is written @2s or @500ms, not {shown(whole, 40)}")
    seconds = float(number) * scale
    if not 0 < seconds <= MAX_SECONDS:
        raise OptionError(f"a time budget must be above 0 and at most {MAX_SECONDS:g} s, not {shown(whole, 40)}")
    return 0, seconds


def parse_agent(text: object) -> AgentSpec:
    """Read an agent: a kind from :data:`AGENT_KINDS` with an optional budget,
    ``:N`` (``mcts:2000`` playouts, ``alphabeta:4`` plies) or ``@T`` a move
    (``best@2s``, ``alphabeta@500ms``), or a level from :data:`LEVELS`
    (``easy``, ``medium``, ``hard``). The one grammar the command, the web
    server and Python read.

    Raises:
        OptionError: for anything else, a budget for ``random`` or
            ``greedy``, an ``N`` that is not a positive number in ASCII
            digits (at most :data:`MAX_ITERATIONS`, or :data:`MAX_DEPTH`
            plies), or a time that is not above 0 and at most
            :data:`MAX_SECONDS`.

    Examples:
        >>> parse_agent("alphabeta:4"), parse_agent("mcts@1.5s").seconds
        (AgentSpec(kind='alphabeta', iterations=4, seconds=None, level=''), 1.5)
        >>> parse_agent("random:3")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: 'random:3': random plays at once and takes no budget
    """
    if not isinstance(text, str):
        raise OptionError(f"an agent is written as text, not {shown(text, 40)}")
    if text in LEVELS:
        return attrs.evolve(parse_agent(LEVELS[text]), level=text)
    cut = min((i for i in (text.find(":"), text.find("@")) if i >= 0), default=len(text))
    name, rest = text[:cut], text[cut:]
    if name not in AGENT_KINDS:
        raise OptionError(f"unknown agent {shown(text, 40)}; agents are {_GRAMMAR}")
    if not rest:
        return AgentSpec(name)
    if name in ("random", "greedy"):
        raise OptionError(f"{shown(text, 40)}: {name} plays at once and takes no budget")
    if name == "best" and rest.startswith(":"):
        raise OptionError(f"{shown(text, 40)}: best takes a time budget, such as best@2s")
    count, seconds = _budget(name, rest, text)
    if name == "alphabeta" and count > MAX_DEPTH:
        raise OptionError(f"alphabeta:N searches at most {MAX_DEPTH} plies, not {shown(text, 40)}")
    return AgentSpec(name, count, seconds)


def make_agent(kind: str, seed: int, iterations: int = 1000, *, game: Game[Any, Any] | None = None) -> Agent:
    """The agent ``kind`` names (see :func:`parse_agent`), seeded; ``game``
    is the game it will play (``best`` needs it).

    Examples:
        >>> make_agent("random", seed=3)
        RandomAgent(seed=3)
    """
    return parse_agent(kind).build(seed, iterations, game=game)
