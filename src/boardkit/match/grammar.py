"""The agent grammar and registry: every kind of bot, its budgets, and how a written agent becomes one.

One table, :data:`AGENTS`, says what each kind of bot is and which budgets
it takes; :func:`parse_agent` reads the one grammar that ``boardkit play``,
``boardkit simulate``, ``boardkit serve`` and Python share, and
:meth:`AgentSpec.build` turns what it read into an agent:

* a kind, ``random``, ``greedy``, ``mcts``, ``alphabeta``, ``expectimax`` or ``best``;
* a budget where the kind takes one: ``:N`` (``mcts:2000`` playouts,
  ``alphabeta:4`` plies, ``N`` in ASCII digits) or ``@T`` a move
  (``best@2s``, ``alphabeta@500ms``);
* or a level, ``easy``, ``medium`` or ``hard`` (:data:`LEVELS`), each a
  documented kind and budget.

Examples:
    >>> parse_agent("mcts:200")
    AgentSpec(kind='mcts', iterations=200, seconds=None, level='')
    >>> parse_agent("hard").label()
    'hard (best, 2 s a move)'
    >>> parse_agent("mcts:١٢")
    Traceback (most recent call last):
    ...
    boardkit.errors.OptionError: mcts:N needs a positive number of playouts in ASCII digits, not 'mcts:١٢'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from boardkit.agents import (
    DEFAULT_THINK,
    Agent,
    AlphaBetaAgent,
    ExpectimaxAgent,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    best_agent,
)
from boardkit.errors import OptionError, OptionTypeError, shown
from boardkit.game import Game

__all__ = [
    "AGENTS",
    "AGENT_KINDS",
    "DEFAULT_PLAYOUTS",
    "DEFAULT_SECONDS",
    "LEVELS",
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "AgentKind",
    "AgentSpec",
    "check_iterations",
    "make_agent",
    "parse_agent",
]

#: The most MCTS playouts an agent spec may ask for.
MAX_ITERATIONS = 10_000_000
#: The longest think time an agent spec may ask for, in seconds.
MAX_SECONDS = 3600.0
#: The deepest alpha-beta search an agent spec may ask for, in plies.
MAX_DEPTH = 64
#: Think time of ``alphabeta`` and ``best`` when the spec gives no budget, in seconds.
DEFAULT_SECONDS = DEFAULT_THINK
#: Playouts a move of ``mcts`` when the spec gives no budget, everywhere the grammar is read
#: (:class:`~boardkit.agents.MCTSAgent`'s own default).
DEFAULT_PLAYOUTS = 200

#: The bot levels every application offers, each a documented agent and budget: ``easy`` looks one
#: move ahead, ``medium`` and ``hard`` are the strongest agent for the game thinking half a second and
#: two seconds a move (see :doc:`/explanation/bots`).
LEVELS: Mapping[str, str] = {"easy": "greedy", "medium": "best@500ms", "hard": "best@2s"}


@attrs.frozen
class AgentSpec:
    """A bot as written: its kind and its budget (``0`` and ``None``: the kind's default).

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

    def filled(self, iterations: int | None = None) -> AgentSpec:
        """The spec with its budget written out: the kind's default where it
        names none (``iterations``, when given, is ``mcts``'s default instead
        of :data:`DEFAULT_PLAYOUTS`).

        Examples:
            >>> parse_agent("mcts").filled(), parse_agent("best").filled().seconds
            (AgentSpec(kind='mcts', iterations=200, seconds=None, level=''), 1.0)
        """
        kind = AGENTS[self.kind]
        if self.iterations or self.seconds is not None or not kind.takes_budget:
            return self
        if kind.default_count:
            return attrs.evolve(self, iterations=iterations or kind.default_count)
        return attrs.evolve(self, seconds=DEFAULT_SECONDS)

    def build(
        self,
        seed: int,
        iterations: int | None = None,
        *,
        game: Game[Any, Any] | None = None,
        most_seconds: float | None = None,
    ) -> Agent:
        """The agent, seeded.

        Args:
            seed: The agent's seed.
            iterations: ``mcts``'s playouts when the spec names no budget
                (``None``: :data:`DEFAULT_PLAYOUTS`).
            game: The game it will play, which ``best`` needs to choose
                (see :func:`~boardkit.agents.best_agent`).
            most_seconds: The longest it may think a move, whatever its own
                budget (a server's cap); ``None``: no cap.

        Raises:
            OptionError: for ``best`` without a game.

        Examples:
            >>> parse_agent("mcts:50").build(seed=1).iterations
            50
            >>> parse_agent("alphabeta@2s").build(seed=1).time_limit
            2.0
            >>> parse_agent("alphabeta:6").build(seed=1, most_seconds=0.5).time_limit
            0.5
            >>> from boardkit.games.tafl import Tafl
            >>> type(parse_agent("best").build(seed=1, game=Tafl())).__name__
            'AlphaBetaAgent'
        """
        spec = self.filled(iterations)
        if spec.seconds is not None and most_seconds is not None and spec.seconds > most_seconds:
            spec = attrs.evolve(spec, seconds=most_seconds)
        return AGENTS[spec.kind].make(spec, seed, game, most_seconds)

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
            return f"{self.kind}, {self.iterations} {AGENTS[self.kind].count}"
        return self.kind


#: How a kind of bot is made from a spec with its budget filled, a seed, the game and a time cap.
Maker = Callable[[AgentSpec, int, "Game[Any, Any] | None", "float | None"], Agent]


@attrs.frozen
class AgentKind:
    """One kind of bot the grammar reads: what it is, the budgets it takes, and how it is made.

    Attributes:
        name: The kind as written (``mcts``).
        summary: What it is, in a few words, for help texts.
        make: Builds the agent from a spec whose budget is filled in, a seed,
            the game it will play and the longest it may think (or ``None``).
        count: The unit of ``:N`` (``playouts``, ``plies``), or ``""`` where
            the kind takes no count.
        timed: Whether it takes ``@T``, a think time a move.
        default_count: ``:N`` when the spec gives no budget (``0``: it thinks
            :data:`DEFAULT_SECONDS` instead).
        most_count: The largest ``:N`` the grammar accepts.

    Examples:
        >>> AGENTS["alphabeta"].count, AGENTS["alphabeta"].timed, AGENTS["greedy"].takes_budget
        ('plies', True, False)
    """

    name: str
    summary: str
    make: Maker = attrs.field(repr=False)
    count: str = ""
    timed: bool = False
    default_count: int = 0
    most_count: int = MAX_ITERATIONS

    @property
    def takes_budget(self) -> bool:
        """Whether the kind takes a budget at all."""
        return bool(self.count) or self.timed


def _mcts(spec: AgentSpec, seed: int, game: Game[Any, Any] | None, most: float | None) -> Agent:
    if spec.seconds is not None:
        return MCTSAgent(iterations=MAX_ITERATIONS, time_limit=spec.seconds, seed=seed)
    return MCTSAgent(iterations=spec.iterations, time_limit=most, seed=seed)


def _search(agent: type[AlphaBetaAgent]) -> Maker:
    """How alpha-beta or expectimax is made: ``:N`` plies (within the cap), or ``@T`` a move."""

    def make(spec: AgentSpec, seed: int, game: Game[Any, Any] | None, most: float | None) -> Agent:
        if spec.seconds is not None:
            return agent(time_limit=spec.seconds, seed=seed)
        return agent(depth=spec.iterations, time_limit=most, seed=seed)

    return make


def _best(spec: AgentSpec, seed: int, game: Game[Any, Any] | None, most: float | None) -> Agent:
    if game is None:
        raise OptionError("'best' chooses its agent from the game it plays: give the game")
    return best_agent(game, seconds=spec.seconds or DEFAULT_SECONDS, seed=seed)


#: Every kind of bot, by name: the one registry the grammar, the command, the server and the docs read.
AGENTS: Mapping[str, AgentKind] = {
    kind.name: kind
    for kind in (
        AgentKind("random", "plays a legal move at random", lambda spec, seed, game, most: RandomAgent(seed=seed)),
        AgentKind("greedy", "the move whose position evaluates best, one move ahead",
                  lambda spec, seed, game, most: GreedyAgent(seed=seed)),
        AgentKind("mcts", "Monte Carlo tree search with random playouts", _mcts,
                  count="playouts", timed=True, default_count=DEFAULT_PLAYOUTS),
        AgentKind("alphabeta", "alpha-beta search on the game's evaluation", _search(AlphaBetaAgent),
                  count="plies", timed=True, most_count=MAX_DEPTH),
        AgentKind("expectimax", "alpha-beta that averages sampled throws where chance takes part",
                  _search(ExpectimaxAgent), count="plies", timed=True, most_count=MAX_DEPTH),
        AgentKind("best", "the strongest search for the game, chosen from its declaration", _best, timed=True),
    )
}
#: The names of the bots every application offers, in the order help texts list them.
AGENT_KINDS = tuple(AGENTS)

_GRAMMAR = (
    f"{', '.join(AGENT_KINDS[:-1])} or {AGENT_KINDS[-1]}, with an optional budget: "
    f"mcts:N playouts, alphabeta:N plies, or @2s / @500ms a move (best@2s); or a level: {', '.join(LEVELS)}"
)


def _seconds(text: str, whole: object) -> float:
    """``@T``'s think time in seconds, from the text after the ``@``."""
    number, scale = (text[:-2], 0.001) if text.endswith("ms") else (text[:-1], 1.0) if text.endswith("s") else ("", 0)
    digits = number.replace(".", "", 1)
    if not (digits.isascii() and digits.isdigit()) or len(number) > 9:
        raise OptionError(f"a time budget is written @2s or @500ms, not {shown(whole, 40)}")
    seconds = float(number) * scale
    if not 0 < seconds <= MAX_SECONDS:
        raise OptionError(f"a time budget must be above 0 and at most {MAX_SECONDS:g} s, not {shown(whole, 40)}")
    return seconds


def parse_agent(text: object) -> AgentSpec:
    """Read an agent: a kind from :data:`AGENTS` with an optional budget,
    ``:N`` (``mcts:2000`` playouts, ``alphabeta:4`` plies) or ``@T`` a move
    (``best@2s``, ``alphabeta@500ms``), or a level from :data:`LEVELS`
    (``easy``, ``medium``, ``hard``). The one grammar the command, the web
    server and Python read.

    Raises:
        OptionError: for anything else, a budget a kind does not take, an
            ``N`` that is not a positive number in ASCII digits (at most
            :data:`MAX_ITERATIONS` playouts or :data:`MAX_DEPTH` plies), or a
            time that is not above 0 and at most :data:`MAX_SECONDS`.

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
    kind = AGENTS.get(name)
    if kind is None:
        raise OptionError(f"unknown agent {shown(text, 40)}; agents are {_GRAMMAR}")
    if not rest:
        return AgentSpec(name)
    if not kind.takes_budget:
        raise OptionError(f"{shown(text, 40)}: {name} plays at once and takes no budget")
    if rest.startswith("@"):
        if not kind.timed:
            raise OptionError(f"{shown(text, 40)}: {name} takes :N {kind.count}, not a time")
        return AgentSpec(name, 0, _seconds(rest[1:], text))
    if not kind.count:
        raise OptionError(f"{shown(text, 40)}: {name} takes a time budget, such as {name}@2s")
    arg = rest[1:]
    if not (arg.isascii() and arg.isdigit()) or len(arg) > 9 or not 1 <= int(arg) <= MAX_ITERATIONS:
        raise OptionError(f"{name}:N needs a positive number of {kind.count} in ASCII digits, not {shown(text, 40)}")
    if int(arg) > kind.most_count:
        raise OptionError(f"{name}:N searches at most {kind.most_count} {kind.count}, not {shown(text, 40)}")
    return AgentSpec(name, int(arg))


def check_iterations(iterations: object, name: str = "iterations") -> None:
    """Refuse a default playout count (``--iterations``, say) that ``mcts:N``
    would refuse: anything but a whole number from 1 to :data:`MAX_ITERATIONS`
    (None, no count, passes).

    Examples:
        >>> check_iterations(50), check_iterations(None)
        (None, None)
        >>> check_iterations(-3, "--iterations")
        Traceback (most recent call last):
        boardkit.errors.OptionError: --iterations must be 1 to 10,000,000 playouts, not -3
    """
    if iterations is None:
        return
    if isinstance(iterations, bool) or not isinstance(iterations, int):
        raise OptionTypeError(f"{name} must be a whole number of playouts, not {shown(iterations)}")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise OptionError(f"{name} must be 1 to {MAX_ITERATIONS:,} playouts, not {iterations}")


def make_agent(
    kind: str, seed: int, iterations: int | None = None, *, game: Game[Any, Any] | None = None
) -> Agent:
    """The agent ``kind`` names (see :func:`parse_agent`), seeded; ``game``
    is the game it will play (``best`` needs it).

    Examples:
        >>> make_agent("random", seed=3)
        RandomAgent(seed=3)
    """
    return parse_agent(kind).build(seed, iterations, game=game)
