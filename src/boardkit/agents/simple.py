"""Agents without search: :class:`RandomAgent` and :class:`GreedyAgent`.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardkit.agents._base import refuse_finished
from boardkit.chance import Random, derive_seed
from boardkit.game import Player, State, by_position, no_move_error

__all__ = ["Evaluation", "GreedyAgent", "RandomAgent"]

#: A position evaluation: ``evaluate(state, player)`` in ``[-1, 1]``, higher
#: is better for ``player``.
Evaluation = Callable[[State[Any], Player], float]


class RandomAgent:
    """Plays a uniformly random legal move.

    Args:
        seed: Seed of the agent's own generator; the same seed gives the same
            choices in the same positions.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=9).new_game(seed=0)
        >>> RandomAgent(seed=3).choose(state, 0) == RandomAgent(seed=3).choose(state, 0)
        True
    """

    def __init__(self, *, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Random(seed)

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"

    def for_game(self, seed: int) -> RandomAgent:
        """A fresh agent for one game, seeded from this agent's seed and ``seed``.

        Examples:
            >>> RandomAgent(seed=1).for_game(5).seed == RandomAgent(seed=1).for_game(5).seed
            True
        """
        return RandomAgent(seed=derive_seed(self.seed, seed))

    def choose(self, state: State[Any], player: Player) -> Any:
        """Return a random legal move.

        Examples:
            >>> from boardkit.testing import Nim
            >>> RandomAgent(seed=0).choose(Nim(heap=1).new_game(seed=0), 0)
            Take(1)
        """
        refuse_finished(state)
        return state.random_move(self.rng)


class GreedyAgent:
    """Looks one move ahead and plays the move whose resulting position
    evaluates best for it; ties are broken at random.

    A move that wins at once is always preferred, and one that loses is
    avoided. Other positions are judged by ``evaluate`` (by default the
    game's own :meth:`~boardkit.State.evaluate`). In a game with hidden
    information the lookahead runs on a determinized copy, so the agent
    never reads what its player cannot see.

    Args:
        evaluate: ``evaluate(state, player) -> float``, higher is better;
            ``None`` uses ``state.evaluate(player)``. Keyword-only, as every
            agent's arguments are; given by position it still works, with a
            :class:`DeprecationWarning`, until a later release.
        seed: Seed for breaking ties and for determinizing.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=3).new_game(seed=0)
        >>> GreedyAgent(seed=0).choose(state, 0)
        Take(3)
        >>> fewest = GreedyAgent(evaluate=lambda s, p: s.heap / 10)
        >>> fewest.choose(Nim(heap=9).new_game(seed=0), 0)
        Take(1)
    """

    def __init__(self, *args: Evaluation | None, evaluate: Evaluation | None = None, seed: int = 0) -> None:
        if args:
            (evaluate,) = by_position("GreedyAgent", ("evaluate",), args, (evaluate,))
        self.evaluate = evaluate
        self.seed = seed
        self.rng = Random(seed)

    def __repr__(self) -> str:
        return f"GreedyAgent(evaluate={self.evaluate!r}, seed={self.seed!r})"

    def for_game(self, seed: int) -> GreedyAgent:
        """A fresh agent for one game, seeded from this agent's seed and ``seed``.

        Examples:
            >>> GreedyAgent(seed=2).for_game(1).seed != 2
            True
        """
        return GreedyAgent(evaluate=self.evaluate, seed=derive_seed(self.seed, seed))

    def score(self, state: State[Any], player: Player) -> float:
        """How good ``state`` is for ``player``: the outcome once a game of
        several players is over, the evaluation otherwise (and at the end of
        a solo game, which only its score can judge).

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=1).new_game(seed=0)
            >>> state.apply("take 1")
            >>> GreedyAgent().score(state, 0), GreedyAgent().score(state, 1)
            (1.0, -1.0)
        """
        outcome = state.outcome
        if outcome is not None and state.players > 1:
            # The outcome's reward: 1 for a sole win, -1 for a loss, in between for shared wins and draws.
            return outcome.rewards(state.players)[player]
        if self.evaluate is not None:
            return float(self.evaluate(state, player))
        return float(state.evaluate(player))

    def choose(self, state: State[Any], player: Player) -> Any:
        """Return the legal move that looks best one move ahead.

        Examples:
            >>> from boardkit.testing import Nim
            >>> GreedyAgent().choose(Nim(heap=2).new_game(seed=0), 0)
            Take(2)
        """
        refuse_finished(state)
        legal = state.legal_moves()
        if not legal:
            raise no_move_error(state)
        if len(legal) == 1:
            return legal[0]
        scratch = state.determinize(player, seed=self.rng.bits64())
        best: list[Any] = []
        best_value = -float("inf")
        for move in legal:
            scratch.apply(move)
            value = self.score(scratch, player)
            scratch.undo()
            if value > best_value + 1e-12:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-12:
                best.append(move)
        return self.rng.choice(best)
