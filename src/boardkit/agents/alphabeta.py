"""Alpha-beta search for two-player games of perfect information: :class:`AlphaBetaAgent`.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

The search is negamax with principal-variation windows, deepened one ply at a
time until its depth or its think time runs out, over a transposition table
keyed on :meth:`State.position_key <boardkit.State.position_key>`, with the
table's move, two killer moves a ply and the history heuristic ordering the
moves, and a ply more wherever the player to move must answer a threat to
lose at once (:meth:`State.urgent <boardkit.State.urgent>`: Tafl's King with
an open line), up to four plies past the iteration's depth. Where the
search stops, it plays on the moves the game marks as forcing
(:meth:`State.forcing_moves <boardkit.State.forcing_moves>`: Tafl's
captures) a few plies further, each side free to stop (stand pat) on the
evaluation instead (quiescence). It reads the game through the core
protocol alone: legal moves, ``apply``/``undo``, ``outcome``, ``urgent``,
``forcing_moves`` and an evaluation (by default the game's own
:meth:`State.evaluate <boardkit.State.evaluate>`).
"""

from __future__ import annotations

import math
import time
from typing import Any

import attrs

from boardkit.about import Chance
from boardkit.agents._base import refuse_finished
from boardkit.agents.simple import Evaluation
from boardkit.chance import Random, derive_seed
from boardkit.errors import OptionError
from boardkit.game import Game, Player, State, no_move_error

__all__ = ["AlphaBetaAgent", "SearchInfo", "WIN"]

#: The value of a won position, less one for each ply it takes to reach it: a
#: quicker win is worth more, a slower loss less. Evaluations lie in ``[-1, 1]``.
WIN = 1_000_000.0
# A value beyond this is a proven win or loss (a count of plies away).
_PROVEN = WIN - 100_000.0
_EXACT, _LOWER, _UPPER = 0, 1, 2
# How often (in nodes) the search looks at the clock.
_CLOCK_EVERY = 64
# How many plies past an iteration's depth the search may look to answer threats (State.urgent).
_EXTENSIONS = 4
#: How many plies of forcing moves (State.forcing_moves) the search plays past its depth, by default.
QUIESCENCE = 4


class _OutOfTimeError(Exception):
    """Raised inside the search when its deadline has passed."""


@attrs.frozen
class SearchInfo:
    """What one search did, for the thinking line and for tests.

    Attributes:
        depth: The deepest iteration completed (plies).
        nodes: Positions visited, all iterations together.
        score: The chosen move's value for the player who moves: an
            evaluation in ``[-1, 1]``, or beyond :data:`WIN` ``- 100000`` a
            proven win (positive) or loss (negative).
        seconds: Wall-clock time the search took.
        move: The move chosen.
        line: The principal variation, the chosen move first.
        ranked: Each root move with its value from the deepest iteration
            completed, best first (empty when there was nothing to search).

    Examples:
        >>> info = SearchInfo(depth=3, nodes=120, score=0.25, seconds=0.01, move=None, line=())
        >>> info.describe()
        'depth 3, 120 positions, score +0.25'
        >>> SearchInfo(depth=5, nodes=9, score=WIN - 3, seconds=0.0, move=None, line=()).describe()
        'depth 5, 9 positions, wins in 3 plies'
    """

    depth: int
    nodes: int
    score: float
    seconds: float
    move: Any
    line: tuple[Any, ...] = ()
    ranked: tuple[tuple[Any, float], ...] = ()

    @property
    def proven(self) -> bool:
        """Whether the score is a proven win or loss rather than an evaluation."""
        return abs(self.score) >= _PROVEN

    @property
    def forced_losses(self) -> int:
        """How many of the root moves the search proved lost.

        Examples:
            >>> SearchInfo(2, 5, 0.1, 0.0, "a", (), (("a", 0.1), ("b", -WIN + 2))).forced_losses
            1
        """
        return sum(1 for _, value in self.ranked if value <= -_PROVEN)

    def describe(self) -> str:
        """The search in a few words, as the thinking line shows it."""
        if self.proven:
            plies = round(WIN - abs(self.score))
            said = f"{plies} {'ply' if plies == 1 else 'plies'}"
            verdict = f"wins in {said}" if self.score > 0 else f"loses in {said}"
        else:
            verdict = f"score {self.score:+.2f}"
        return f"depth {self.depth}, {self.nodes:,} positions, {verdict}"


class AlphaBetaAgent:
    """Alpha-beta search, deepened iteratively, for two-player games of
    perfect information (Tafl, the kit's classics, a game of your own).

    Use it where a position can be judged by an evaluation (the game's
    :meth:`~boardkit.State.evaluate`, or ``evaluate``) and where tactics
    matter: it sees every line to its depth, where Monte Carlo search
    samples. For games with hidden information or more than two players,
    use :class:`~boardkit.agents.MCTSAgent`.

    Args:
        depth: The deepest iteration, in plies; ``None`` for no bound but
            the time. With neither ``depth`` nor ``time_limit`` the depth is 3.
        time_limit: Seconds a move. The search deepens while time remains
            and stops at the limit in the middle of an iteration if it must
            (keeping what that iteration proved), so a move never takes
            much longer than asked. A time limit makes the choice depend on
            the machine's speed; a depth alone does not.
        evaluate: ``evaluate(state, player) -> float`` in ``[-1, 1]`` for
            the positions where the search stops; ``None`` uses
            ``state.evaluate(player)``.
        seed: Seed for the copies a game with public chance is searched on.
        table_size: The most positions the transposition table keeps; it is
            emptied when full. It lives as long as the agent, so a game's
            later moves reuse what earlier searches learnt.
        quiescence: How many plies of forcing moves (captures) the search
            plays past its depth, where the game marks some
            (:meth:`State.forcing_moves <boardkit.State.forcing_moves>`),
            either side free to stop on the evaluation instead; 0 turns it
            off.

    Raises:
        OptionError: for a depth or table size that is not a positive
            integer, a quiescence that is not a non-negative integer, or a
            non-positive time limit; and from :meth:`choose`,
            for a game of more or fewer than two players or with hidden
            information.

    Examples:
        >>> from boardkit.testing import Nim
        >>> agent = AlphaBetaAgent(depth=6)
        >>> agent.choose(Nim(heap=6).new_game(seed=0), 0)   # leave a multiple of 4
        Take(2)
        >>> agent.last_search.describe()
        'depth 3, ... positions, wins in 3 plies'
    """

    def __init__(
        self,
        *,
        depth: Any = None,
        time_limit: Any = None,
        evaluate: Evaluation | None = None,
        seed: int = 0,
        table_size: Any = 500_000,
        quiescence: Any = QUIESCENCE,
    ) -> None:
        # depth, time_limit and table_size are typed Any: a compiled signature would refuse a wrong type
        # with a bare TypeError before the checks below name it in an OptionError.
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise OptionError(f"depth must be a positive integer or None, not {depth!r}")
        if time_limit is not None and (
            isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0
        ):
            raise OptionError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")
        if isinstance(table_size, bool) or not isinstance(table_size, int) or table_size < 1:
            raise OptionError(f"table_size must be a positive integer, not {table_size!r}")
        if isinstance(quiescence, bool) or not isinstance(quiescence, int) or quiescence < 0:
            raise OptionError(f"quiescence must be a non-negative integer, not {quiescence!r}")
        self.depth: int | None = depth if depth is not None or time_limit is not None else 3
        self.time_limit: float | None = None if time_limit is None else float(time_limit)
        self.evaluate = evaluate
        self.seed = seed
        self.table_size: int = table_size
        self.quiescence: int = quiescence
        self.rng = Random(seed)
        self._table: dict[Any, tuple[int, int, float, Any]] = {}
        self._judged: dict[Any, float] = {}
        self._killers: list[list[Any]] = []
        self._history: dict[Any, int] = {}
        self._nodes = 0
        self._deadline = math.inf
        self._ply_cap = 0  # no threat is looked past this ply
        #: What the last call to :meth:`choose` did (``None`` before the first).
        self.last_search: SearchInfo | None = None
        #: Positions searched so far by the current or last call to
        #: :meth:`choose`, counted as they are (another thread may read it).
        self.last_iterations = 0
        self._progress = (0, 0.0)  # the deepest iteration done so far in this search, and its value

    def __repr__(self) -> str:
        return (
            f"AlphaBetaAgent(depth={self.depth!r}, time_limit={self.time_limit!r}, seed={self.seed!r}, "
            f"table_size={self.table_size!r}, quiescence={self.quiescence!r})"
        )

    def _settings(self) -> dict[str, Any]:
        """The arguments that make this agent (a fresh one, or one unpickled)."""
        return {
            "depth": self.depth,
            "time_limit": self.time_limit,
            "evaluate": self.evaluate,
            "seed": self.seed,
            "table_size": self.table_size,
            "quiescence": self.quiescence,
        }

    def refusal(self, game: Game[Any, Any], players: int) -> str | None:
        """Why this search cannot play ``game`` with ``players`` players (it
        plays two-player games where every player sees the whole position),
        or ``None`` when it can: asked before a tournament's first game.

        Examples:
            >>> from boardkit.games import load
            >>> AlphaBetaAgent().refusal(load("tafl"), 2) is None
            True
            >>> AlphaBetaAgent().refusal(load("cloth-of-gold"), 2)[:81]
            'alpha-beta search needs every player to see the whole position, and cloth-of-gold'
        """
        if players != 2:
            return f"{self._kind()} plays two-player games, not {players}: use MCTSAgent"
        if game.about.hides_information:
            return (f"{self._kind()} needs every player to see the whole position, and {game.name} "
                    "hides information: use MCTSAgent")
        return None

    def _kind(self) -> str:
        """The search in words, for the refusals."""
        return "alpha-beta search"

    def __reduce__(self) -> tuple[Any, ...]:
        """What pickles: the settings, the generator where it stands and the last search, not the
        transposition table or the evaluations kept (caches that reach hundreds of megabytes, which
        a server's bot pool would send back and forth every move). Rebuilt by calling the class, the
        same on the pure and the compiled build."""
        return (_rebuilt, (type(self), self._settings(), self.rng, self.last_search))

    def progress(self) -> str:
        """What the search running now (or the last one) has done, for a
        thinking line: ``depth 5, 120,448 positions, score +0.25``.

        Examples:
            >>> AlphaBetaAgent().progress()
            'depth 0, 0 positions'
        """
        depth, value = self._progress
        text = f"depth {depth}, {self.last_iterations:,} positions"
        if depth:
            text += f", score {value:+.2f}" if abs(value) < _PROVEN else ", a forced result found"
        return text

    def for_game(self, seed: int) -> AlphaBetaAgent:
        """A fresh agent for one game (an empty table), seeded from this agent's seed and ``seed``.

        Examples:
            >>> AlphaBetaAgent(depth=2, seed=1).for_game(2).depth
            2
        """
        return type(self)(**{**self._settings(), "seed": derive_seed(self.seed, seed)})

    # -- the search ------------------------------------------------------------

    def choose(self, state: State[Any], player: Player) -> Any:
        """Search from ``state`` and return the best move found for ``player``.

        Raises:
            IllegalMoveError: when the game is over (there is no move to make).
            OptionError: for a game this search cannot play (see the class).

        Examples:
            >>> from boardkit.testing import Nim
            >>> AlphaBetaAgent(depth=2).choose(Nim(heap=3).new_game(seed=0), 0)
            Take(3)
        """
        start = time.perf_counter()
        about = state.game.about
        refused = self.refusal(state.game, state.players)
        if refused is not None:
            raise OptionError(refused)
        refuse_finished(state)
        legal = state.legal_moves()
        if not legal:
            raise no_move_error(state)
        self._nodes = 0
        self.last_iterations = 0
        if len(legal) == 1:
            self.last_search = SearchInfo(0, 0, 0.0, time.perf_counter() - start, legal[0], (legal[0],))
            return legal[0]
        sim = state.copy() if about.chance is Chance.NONE else state.determinize(player, seed=self.rng.bits64())
        self._deadline = math.inf if self.time_limit is None else start + self.time_limit * 0.97
        if len(self._table) > self.table_size:
            self._table.clear()
        if len(self._judged) > self.table_size:
            self._judged.clear()
        self._history.clear()
        best, score, depth = legal[0], 0.0, 0
        ranked = list(legal)
        values: tuple[tuple[Any, float], ...] = ()
        self._progress = (0, 0.0)
        limit = self.depth if self.depth is not None else 10_000
        for d in range(1, limit + 1):
            self._killers = [[None, None] for _ in range(d + 1 + _EXTENSIONS)]
            self._ply_cap = d + _EXTENSIONS
            try:
                found, value, scored = self._root(sim, ranked, d)
            except _OutOfTimeError as stop:
                partial = stop.args[0] if stop.args else None
                if partial is not None:  # the previous best was searched again first, so this is sound
                    best, score = partial
                break
            best, score, depth = found, value, d
            ranked = [m for m, _ in scored]
            values = tuple(scored)
            self._progress = (d, value)
            if abs(value) >= _PROVEN:
                break
            elapsed = time.perf_counter() - start
            if self.time_limit is not None and elapsed > self.time_limit * 0.45:
                break  # the next iteration would not finish in time
        self.last_iterations = self._nodes
        self.last_search = SearchInfo(
            depth, self._nodes, score, time.perf_counter() - start, best, self._line(state, best), values
        )
        return best

    def _root(self, sim: State[Any], moves: list[Any], depth: int) -> tuple[Any, float, list[tuple[Any, float]]]:
        """One iteration at the root: every move searched to ``depth``; the
        best move, its value and every move with its value, best first (the
        order of the next iteration)."""
        player: Player = sim.current_player or 0
        alpha = -math.inf
        best_move = moves[0]
        scored: list[tuple[float, int, Any]] = []
        for i, move in enumerate(moves):
            try:
                value = self._child(sim, move, player, depth - 1, alpha, math.inf, 1, first=i == 0)
            except _OutOfTimeError:
                raise _OutOfTimeError((best_move, alpha) if i > 0 else None) from None
            scored.append((value, -i, move))
            if value > alpha:
                alpha, best_move = value, move
        scored.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
        self._store(sim.position_key(), depth, _EXACT, alpha, best_move, 0)
        return best_move, alpha, [(m, v) for v, _, m in scored]

    def _child(
        self, sim: State[Any], move: Any, player: Player, depth: int, alpha: float, beta: float, ply: int,
        *, first: bool,
    ) -> float:
        """The value for ``player`` of playing ``move``, searched to ``depth``
        more plies within the window ``(alpha, beta)`` (principal-variation
        search: a move after the first is tried with a null window first)."""
        sim.apply(move)
        value = self._after(sim, player, depth, alpha, beta, ply, first=first)
        sim.undo()
        return value

    def _after(
        self, sim: State[Any], player: Player, depth: int, alpha: float, beta: float, ply: int, *, first: bool
    ) -> float:
        """The value for ``player`` of ``sim`` just after their move, searched
        to ``depth`` more plies within ``(alpha, beta)``: a null window first
        for a move after the first."""
        if sim.is_over:
            return self._terminal(sim, player, ply)
        if sim.current_player == player:  # a turn in parts: the same player again
            return self._search(sim, depth, alpha, beta, ply)
        if first or beta - alpha <= 1e-9:
            return -self._search(sim, depth, -beta, -alpha, ply)
        value = -self._search(sim, depth, -alpha - 1e-9, -alpha, ply)
        if alpha < value < beta:
            value = -self._search(sim, depth, -beta, -alpha, ply)
        return value

    def _search(self, sim: State[Any], depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of ``sim`` for the player to move, within ``(alpha, beta)``."""
        self._nodes += 1
        if not self._nodes % _CLOCK_EVERY:
            self.last_iterations = self._nodes
            if time.perf_counter() > self._deadline:
                raise _OutOfTimeError
        player: Player = sim.current_player or 0  # never None: a finished game is judged before
        if depth <= 0:
            if ply >= self._ply_cap or not sim.urgent():
                return self._quiet(sim, player, alpha, beta, ply, self.quiescence)
            depth = 1  # a threat to answer: look one ply further (a few times on a line at most)
        key = sim.position_key()
        entry = self._table.get(key)
        table_move = None
        if entry is not None:
            stored_depth, flag, stored, table_move = entry
            if stored_depth >= depth:
                value = _from_table(stored, ply)
                if flag == _EXACT or (flag == _LOWER and value >= beta) or (flag == _UPPER and value <= alpha):
                    return value
        moves = self._ordered(sim.legal_moves(), table_move, ply)
        start_alpha = alpha
        best = -math.inf
        best_move = None
        for i, move in enumerate(moves):
            value = self._child(sim, move, player, depth - 1, alpha, beta, ply + 1, first=i == 0)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._cutoff(move, depth, ply)
                        break
        flag = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self._store(key, depth, flag, best, best_move, ply)
        return best

    def _quiet(self, sim: State[Any], player: Player, alpha: float, beta: float, ply: int, left: int) -> float:
        """The value of ``sim`` for ``player``, the player to move, where the
        search stops: its evaluation, unless one of the forcing moves (up to
        ``left`` plies of them) does better within ``(alpha, beta)``
        (quiescence, the player free to stand pat on the evaluation)."""
        stand = self._leaf(sim, player)
        if left <= 0 or stand >= beta:
            return stand
        moves = sim.forcing_moves()
        best = stand
        alpha = max(alpha, stand)
        for move in moves:
            self._nodes += 1
            if not self._nodes % _CLOCK_EVERY and time.perf_counter() > self._deadline:
                raise _OutOfTimeError
            sim.apply(move)
            rival = sim.current_player
            if rival is None or sim.is_over:
                value = self._terminal(sim, player, ply + 1)
            elif rival == player:
                value = self._quiet(sim, player, alpha, beta, ply + 1, left - 1)
            else:
                value = -self._quiet(sim, rival, -beta, -alpha, ply + 1, left - 1)
            sim.undo()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _leaf(self, sim: State[Any], player: Player) -> float:
        """The evaluation of a position where the search stops, for the player to move
        (kept by position: the next iteration meets most of them again)."""
        key = sim.position_key()
        known = self._judged.get(key)
        if known is not None:
            return known
        value = float(self.evaluate(sim, player) if self.evaluate is not None else sim.evaluate(player))
        self._judged[key] = value
        return value

    def _terminal(self, sim: State[Any], player: Player, ply: int) -> float:
        """The value for ``player`` of the finished game ``sim``, ``ply`` plies from the root."""
        outcome = sim.outcome
        return (0.0 if outcome is None else outcome.rewards(2)[player]) * (WIN - ply)

    def _ordered(self, moves: list[Any], table_move: Any, ply: int) -> list[Any]:
        """``moves`` in the order to search them: the table's move, the
        killers of this ply, then by the history of cut-offs."""
        history = self._history
        first: dict[Any, int] = {}
        if ply < len(self._killers):
            killer, second = self._killers[ply]
            if second is not None:
                first[second] = 1 << 40
            if killer is not None:
                first[killer] = 1 << 41
        if table_move is not None:
            first[table_move] = 1 << 42
        if not first:
            if not history:
                return moves
            return sorted(moves, key=lambda m: history.get(m, 0), reverse=True)
        if not history:
            return sorted(moves, key=lambda m: first.get(m, 0), reverse=True)
        return sorted(moves, key=lambda m: first.get(m, 0) + history.get(m, 0), reverse=True)

    def _cutoff(self, move: Any, depth: int, ply: int) -> None:
        """Remember ``move`` as a killer of ``ply`` and credit its history."""
        self._history[move] = self._history.get(move, 0) + depth * depth
        if ply < len(self._killers):
            killers = self._killers[ply]
            if killers[0] != move:
                killers[1] = killers[0]
                killers[0] = move

    def _store(self, key: Any, depth: int, flag: int, value: float, move: Any, ply: int) -> None:
        self._table[key] = (depth, flag, _to_table(value, ply), move)

    def _line(self, state: State[Any], first: Any) -> tuple[Any, ...]:
        """The principal variation from ``state``, ``first`` first, read from the table."""
        sim = state.copy()
        line = [first]
        sim.apply(first)
        seen = {sim.position_key()}
        while not sim.is_over and len(line) < 32:
            entry = self._table.get(sim.position_key())
            if entry is None or entry[3] is None or entry[3] not in sim.legal_moves():
                break
            line.append(entry[3])
            sim.apply(entry[3])
            key = sim.position_key()
            if key in seen:
                break
            seen.add(key)
        return tuple(line)


def _rebuilt(cls: Any, settings: dict[str, Any], rng: Random, last_search: SearchInfo | None) -> Any:
    """An alpha-beta agent unpickled: made afresh from its settings, its generator and last search restored."""
    agent = cls(**settings)
    agent.rng = rng
    agent.last_search = last_search
    return agent


def _to_table(value: float, ply: int) -> float:
    """A value as the table keeps it: a proven result counted from the position, not the root."""
    if value >= _PROVEN:
        return value + ply
    if value <= -_PROVEN:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    """A value from the table, a proven result counted from the root again."""
    if value >= _PROVEN:
        return value - ply
    if value <= -_PROVEN:
        return value + ply
    return value
