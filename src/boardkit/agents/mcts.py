"""Monte Carlo tree search: :class:`MCTSAgent`.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

import time
from typing import Any, Final

from boardkit.about import Chance
from boardkit.agents._base import refuse_finished
from boardkit.agents._uct import Mast, Node, iterate
from boardkit.agents.evaluators import Evaluator
from boardkit.agents.simple import Evaluation
from boardkit.chance import Random, derive_seed
from boardkit.errors import OptionError
from boardkit.game import Player, State, fields_of, from_fields, no_move_error

__all__ = ["MCTSAgent"]

#: The ways a playout may choose its moves (``MCTSAgent(playout=...)``).
PLAYOUTS: Final = ("random", "mast")
# How often a MAST playout plays a random move instead of the best-rewarded one.
_EPSILON: Final = 0.1
# How many random moves a MAST playout draws to play the best-rewarded of them.
_SAMPLE: Final = 4
# The check after the search may run this far into the think time (1.05: 5% over it) before it stops.
_CHECK_OVER: Final = 1.05


class MCTSAgent:
    """Upper-confidence tree search (UCT) with random playouts.

    Each iteration starts from a fresh *determinization* of the position,
    ``state.determinize(player, seed=seed)``: the player's own knowledge, with
    everything it cannot see (an opponent's hand, the order of a bag, the
    generator) resampled. All iterations share one tree keyed by moves
    (single-observer information-set MCTS), so in a game with hidden
    information the agent never reads what its player cannot see; in a game
    without, this is plain UCT with the chance events resampled.

    Playouts are random and stop after ``rollout_moves`` moves; an unfinished
    playout is scored by the state's :meth:`~boardkit.State.evaluate` (or
    ``evaluate``). Rewards come from the outcome: 1 for a win, 0 for a loss,
    ``1/k`` for a victory shared by ``k`` players or for a draw among ``k``.
    In a solo game the evaluation of the final position is the reward, since
    only the score tells a good game from a bad one.

    Args:
        iterations: How many playouts per move.
        time_limit: Seconds per move; the search stops at whichever of
            ``iterations`` and ``time_limit`` comes first. A time limit makes
            the agent's choices depend on the machine's speed.
        seed: Seed of the agent's generator; with no time limit, the same
            seed gives the same choices in the same positions.
        exploration: The UCT exploration constant.
        rollout_moves: The most moves a playout plays before it is scored by
            the evaluation.
        evaluate: ``evaluate(state, player) -> float`` in ``[-1, 1]`` for
            unfinished playouts; ``None`` uses ``state.evaluate(player)``.
        guard: The safety check two moves ahead (on a determinization): the
            most positions it looks at. A move that wins at once is played
            without a search. When every move and every reply to it make no
            more positions than this, the moves that let the next player win
            at once are left out before the search; on a bigger board (11x11
            Tafl), the search's choice is checked after it instead, and the
            next most visited move is taken while the choice lets the next
            player win at once, within this many positions and the think time
            (the check's time is part of it). 0 turns the check off.
        solver: Prove wins and losses in the tree and play by them
            (MCTS-Solver): a proven win is played, a proven loss avoided.
            Only for two-player games without hidden information or chance
            (elsewhere a "proof" would hold in one imagined world only, so it
            is refused).
        reuse: Keep the tree between moves of one game: the next search
            starts from the subtree of the moves played since, with its
            counts. Only for games without hidden information.
        evaluator: How a leaf is scored, instead of ``rollout_moves`` and
            ``evaluate``: a :class:`~boardkit.agents.RandomRollout`,
            :class:`~boardkit.agents.CutoffRollout` or
            :class:`~boardkit.agents.EvaluationOnly`.
        playout: How a playout chooses its moves: ``"random"``, uniformly;
            ``"mast"``, by move-average sampling (MAST): of four random
            legal moves, the one with the best average reward for its mover
            so far in this search, whatever the position (one time in ten,
            a random move). It helps where a good move stays good across
            positions: at equal time (0.25 s a move) it won 29 of 40 games
            against random playouts at Breakthrough, but 9 of 20 at Connect
            Four, 8 of 20 at Field of the Cloth of Gold and 4.5 of 20 at
            Camelot; measure it on your game before you choose it.

    Raises:
        OptionError: for a non-positive ``iterations`` or ``time_limit``, a
            negative ``rollout_moves`` or ``guard``, or an unknown ``playout``.

    Examples:
        >>> from boardkit.testing import Nim
        >>> agent = MCTSAgent(iterations=300, seed=1)
        >>> agent.choose(Nim(heap=6).new_game(seed=0), 0)   # leave a multiple of 4
        Take(2)
    """

    def __init__(
        self,
        *,
        iterations: int = 200,
        time_limit: float | None = None,
        seed: int = 0,
        exploration: float = 1.4,
        rollout_moves: int = 200,
        evaluate: Evaluation | None = None,
        guard: int = 5000,
        solver: bool = False,
        reuse: bool = False,
        evaluator: Evaluator | None = None,
        playout: str = "random",
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise OptionError(f"iterations must be a positive integer, not {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise OptionError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")
        if isinstance(rollout_moves, bool) or not isinstance(rollout_moves, int) or rollout_moves < 0:
            raise OptionError(f"rollout_moves must be a non-negative integer, not {rollout_moves!r}")
        if isinstance(guard, bool) or not isinstance(guard, int) or guard < 0:
            raise OptionError(f"guard must be a non-negative integer, not {guard!r}")
        if playout not in PLAYOUTS:
            raise OptionError(f"playout must be one of {', '.join(map(repr, PLAYOUTS))}, not {playout!r}")
        self.iterations = iterations
        self.time_limit = time_limit
        self.seed = seed
        self.exploration = float(exploration)
        self.rollout_moves = rollout_moves
        self.evaluate = evaluate
        self.guard = guard
        self.solver = bool(solver)
        self.reuse = bool(reuse)
        self.evaluator = evaluator
        self.playout = playout
        if evaluator is not None:
            self.rollout_moves, self.evaluate = evaluator.rollout_moves, evaluator.evaluate
        self.rng = Random(seed)
        self._tree: Node | None = None  # with reuse: the last search's root, and the moves played to it
        self._tree_at: tuple[Any, ...] = ()
        #: Iterations run by the last call to :meth:`choose`, counted as they
        #: run (another thread may read it while the search goes on).
        self.last_iterations = 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its fields by name, rebuilt by :func:`~boardkit.game.from_fields` (the same pickle
        on the pure and the compiled build), without the tree a reusing agent keeps: a cache of the
        last search, holding its positions, which a server's bot pool would send every move."""
        return (from_fields, (type(self), {**fields_of(self), "_tree": None, "_tree_at": ()}))

    def __repr__(self) -> str:
        return (
            f"MCTSAgent(iterations={self.iterations!r}, time_limit={self.time_limit!r}, seed={self.seed!r}, "
            f"exploration={self.exploration!r}, rollout_moves={self.rollout_moves!r}, guard={self.guard!r}"
            + (f", solver={self.solver!r}" if self.solver else "")
            + (f", reuse={self.reuse!r}" if self.reuse else "")
            + (f", playout={self.playout!r}" if self.playout != "random" else "")
            + ")"
        )

    def for_game(self, seed: int) -> MCTSAgent:
        """A fresh agent for one game, seeded from this agent's seed and ``seed``.

        Examples:
            >>> MCTSAgent(iterations=5, seed=1).for_game(2).iterations
            5
        """
        return MCTSAgent(
            iterations=self.iterations,
            time_limit=self.time_limit,
            seed=derive_seed(self.seed, seed),
            exploration=self.exploration,
            rollout_moves=self.rollout_moves,
            evaluate=self.evaluate,
            guard=self.guard,
            solver=self.solver,
            reuse=self.reuse,
            evaluator=self.evaluator,
            playout=self.playout,
        )

    def _sample(self, state: State[Any], player: Player, seed: int) -> State[Any]:
        """The position one iteration searches: a determinization for ``player``."""
        return state.determinize(player, seed=seed)

    def choose(self, state: State[Any], player: Player) -> Any:
        """Search from ``state`` and return the most visited move.

        Examples:
            >>> from boardkit.testing import Nim
            >>> MCTSAgent(iterations=50).choose(Nim(heap=2).new_game(seed=0), 0)
            Take(2)
        """
        start = time.perf_counter()
        refuse_finished(state)
        about = state.game.about
        if self.solver and (state.players != 2 or about.hides_information or about.chance is not Chance.NONE):
            raise OptionError(
                "the MCTS solver proves results in two-player games without hidden information or chance only"
            )
        if self.reuse and about.hides_information:
            raise OptionError("a tree kept between moves would remember what the player may not see: no reuse")
        legal = state.legal_moves()
        if not legal:
            raise no_move_error(state)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        allowed: set[Any] | None = None
        after: State[Any] | None = None  # where the chosen move is checked after the search
        if self.guard:
            sim = self._sample(state, player, self.rng.bits64())
            winning, safe, checked = self._guard(sim, player, legal)
            if winning is not None:
                return winning
            if not checked:
                after = sim
            elif len(safe) == 1:
                return safe[0]
            elif len(safe) < len(legal):
                allowed = set(safe)
                legal = safe
        root = self._kept(state) if self.reuse and allowed is None else Node(None, None)
        deadline = until = None
        if self.time_limit is not None:
            # Keep back time for the check after the search: looking at one move's replies costs about
            # what the look at every move for a win at once took; keep enough for a few moves.
            reserve = 0.0 if after is None else min(4.0 * (time.perf_counter() - start), 0.25 * self.time_limit)
            deadline = start + self.time_limit - reserve
            until = start + self.time_limit * _CHECK_OVER
        mast = Mast(state.players, _EPSILON, _SAMPLE) if self.playout == "mast" else None
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if self.solver and root.proven:
                break  # the position is solved: searching on changes nothing
            self._iterate(root, self._sample(state, player, self.rng.bits64()), allowed, mast)
            done += 1
            self.last_iterations = done  # counted as they run: the terminal shows it while the bot thinks
        ranked: list[tuple[int, int, Any]] = []
        for i, move in enumerate(legal):
            child = root.children.get(move)
            visits = -1 if child is None else child.visits
            if child is not None and self.solver and child.proven:
                visits = 1 << 62 if child.proven > 0 else -2  # play a proven win, avoid a proven loss
            ranked.append((visits, -i, move))
        ranked.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)  # most visited first, then legal order
        best = ranked[0][2]
        if after is not None and ranked[0][0] != 1 << 62:
            best = self._checked(after, player, [move for _, _, move in ranked], until)
        if self.reuse:
            self._tree, self._tree_at = root, (*state.history, best)
            kept = root.children.get(best)
            if kept is not None:
                self._tree = kept
        return best

    def _kept(self, state: State[Any]) -> Node:
        """The subtree of the last search for the position ``state`` has
        reached since, or a new root when there is none to keep."""
        history = state.history
        at = self._tree_at
        node = self._tree
        if node is None or history[: len(at)] != at:
            return Node(None, None)
        for move in history[len(at) :]:
            node = node.children.get(move)
            if node is None:
                return Node(None, None)
        node.move, node.mover, node.available = None, None, 0
        return node

    def _guard(self, sim: State[Any], player: Player, legal: list[Any]) -> tuple[Any | None, list[Any], bool]:
        """Before the search, on the determinization ``sim``: a move that wins
        at once, if there is one; the moves after which the next player
        cannot win at once (all moves, if none is safe); and whether every
        move's replies could be looked at within :attr:`guard` positions (if
        not, the second lists every move, and :meth:`_checked` looks at the
        chosen move after the search)."""
        for move in legal:  # a win at once first: one position a move, on any board
            sim.apply(move)
            outcome = sim.outcome
            sim.undo()
            if outcome is not None and outcome.winners == frozenset({player}):
                return move, legal, True
        safe: list[Any] = []
        budget = self.guard
        for move in legal:
            sim.apply(move)
            try:
                verdict, cost = self._after(sim, player, min(budget, self.guard // len(legal)))
            finally:
                sim.undo()
            if verdict == "too costly":
                return None, legal, False
            if verdict == "safe":
                safe.append(move)
            budget -= cost
        return None, safe or legal, True

    def _checked(self, sim: State[Any], player: Player, ranked: list[Any], until: float | None) -> Any:
        """After the search, on ``sim``: the first of ``ranked`` (the search's
        choice first) after which the next player cannot win at once. It
        looks at :attr:`guard` positions at most, or until ``until`` (the end
        of the think time, and a little more), but always at every reply to
        the first move;
        when it stops before it finds a safe move, the next move it has not
        looked at; when every move loses, the search's choice."""
        spent = 0
        for i, move in enumerate(ranked):
            if i and (spent >= self.guard or (until is not None and time.perf_counter() >= until)):
                return move  # not looked at, but not known to lose at once either
            sim.apply(move)
            try:
                verdict, cost = self._after(sim, player, -1)
            finally:
                sim.undo()
            if verdict == "safe":
                return move
            spent += cost
        return ranked[0]

    def _after(self, sim: State[Any], player: Player, most: int) -> tuple[str, int]:
        """Judge the position ``sim`` after one of ``player``'s moves:
        ``"safe"`` (the next player cannot win at once), ``"unsafe"``, or
        ``"too costly"`` when the next player has more than ``most`` replies
        (``-1``: no bound); and how many replies were tried. (A function of
        its own, so the loops that call it keep no ``continue`` inside
        ``try``/``finally``.)"""
        outcome = sim.outcome
        if outcome is not None:
            return ("safe" if player in outcome.winners or not outcome.winners else "unsafe"), 0
        rival = sim.current_player
        if rival == player or rival is None:
            return "safe", 0
        replies = sim.legal_moves()
        if 0 <= most < len(replies):
            return "too costly", 0
        for reply in replies:
            sim.apply(reply)
            after = sim.outcome
            sim.undo()
            if after is not None and rival in after.winners and player not in after.winners:
                return "unsafe", len(replies)
        return "safe", len(replies)

    def _iterate(self, root: Node, sim: State[Any], allowed: set[Any] | None, mast: Mast | None = None) -> None:
        # The loop itself is agents/_uct.py's, compiled in the compiled build.
        iterate(root, sim, allowed, self.rng, self.exploration, self.rollout_moves, self.evaluate, self.solver, mast)
