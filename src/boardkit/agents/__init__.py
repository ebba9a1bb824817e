"""Agents that play any boardkit game: random, greedy, alpha-beta, expectimax and Monte Carlo tree search.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Every agent follows the :class:`Agent` protocol, ``choose(state, player) ->
move``, and works with every game through the core protocol alone: legal
moves, ``apply``/``undo``, ``evaluate`` and, for hidden information,
``determinize``. Agents are plain classes, so they pickle for process pools
and clusters, and they are deterministic for a given seed.

Examples:
    >>> from boardkit.testing import Nim
    >>> from boardkit.agents import MCTSAgent, RandomAgent
    >>> from boardkit.play import play_game
    >>> record = play_game(Nim(heap=9), [MCTSAgent(iterations=200, seed=1), RandomAgent(seed=2)], seed=0)
    >>> record.outcome.winner
    0
"""

from __future__ import annotations

from boardkit.agents._base import Agent
from boardkit.agents._base import rewards as rewards  # deprecated: importable, not exported
from boardkit.agents.alphabeta import AlphaBetaAgent, SearchInfo
from boardkit.agents.best import DEFAULT_THINK, best_agent
from boardkit.agents.evaluators import CutoffRollout, EvaluationOnly, Evaluator, RandomRollout
from boardkit.agents.expectimax import ExpectimaxAgent
from boardkit.agents.mcts import MCTSAgent
from boardkit.agents.simple import Evaluation, GreedyAgent, RandomAgent

__all__ = [
    "DEFAULT_THINK",
    "Agent",
    "AlphaBetaAgent",
    "CutoffRollout",
    "Evaluation",
    "EvaluationOnly",
    "Evaluator",
    "ExpectimaxAgent",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "RandomRollout",
    "SearchInfo",
    "best_agent",
]
