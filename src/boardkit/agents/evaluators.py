"""How Monte Carlo tree search scores a leaf: :class:`RandomRollout`,
:class:`CutoffRollout` and :class:`EvaluationOnly`.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

These are OpenSpiel's three evaluators for MCTS, as values an
:class:`~boardkit.agents.MCTSAgent` takes (``evaluator=``): each says how
many random moves a playout plays from the new leaf (``rollout_moves``) and
what scores a playout that stops before the game ends (``evaluate``, or the
game's own :meth:`State.evaluate <boardkit.State.evaluate>` when ``None``).

* :class:`RandomRollout`: random moves to the end of the game (MCTS knowing
  nothing but the rules; a game without an end of its own still stops at
  ``max_moves``).
* :class:`CutoffRollout`: a few random moves, then the evaluation: the
  usual best choice for a game with a good evaluation and long games.
* :class:`EvaluationOnly`: no playout at all, the evaluation of the leaf.

Examples:
    >>> from boardkit.agents import MCTSAgent
    >>> from boardkit.testing import Nim
    >>> agent = MCTSAgent(iterations=300, seed=1, evaluator=CutoffRollout(moves=4))
    >>> agent.rollout_moves, agent.choose(Nim(heap=6).new_game(seed=0), 0)
    (4, Take(2))
"""

from __future__ import annotations

from typing import Protocol

import attrs

from boardkit.agents.simple import Evaluation
from boardkit.errors import OptionError

__all__ = ["CutoffRollout", "EvaluationOnly", "Evaluator", "RandomRollout"]


class Evaluator(Protocol):
    """What :class:`~boardkit.agents.MCTSAgent` reads of an evaluator: any
    object with these two attributes will do.

    Examples:
        >>> from boardkit.agents import MCTSAgent
        >>> class TwoMoves:
        ...     rollout_moves = 2
        ...     evaluate = None
        >>> MCTSAgent(evaluator=TwoMoves()).rollout_moves
        2
    """

    @property
    def rollout_moves(self) -> int:
        """The most random moves a playout plays from a new leaf."""

    @property
    def evaluate(self) -> Evaluation | None:
        """What scores a playout that stops before the end (``None``: the game's own evaluation)."""


def _moves(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionError(f"{attribute.name} must be a non-negative integer, not {value!r}")


@attrs.frozen
class RandomRollout:
    """Random moves to the end of the game, at most ``max_moves`` of them.

    Examples:
        >>> RandomRollout().rollout_moves
        10000
    """

    max_moves: int = attrs.field(default=10_000, validator=_moves)
    evaluate: Evaluation | None = None

    @property
    def rollout_moves(self) -> int:
        """The most random moves a playout plays: ``max_moves``."""
        return self.max_moves


@attrs.frozen
class CutoffRollout:
    """``moves`` random moves, then the evaluation (``evaluate``, or the game's own).

    Examples:
        >>> CutoffRollout(moves=8).rollout_moves
        8
        >>> CutoffRollout(moves=-1)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: moves must be a non-negative integer, not -1
    """

    moves: int = attrs.field(default=10, validator=_moves)
    evaluate: Evaluation | None = None

    @property
    def rollout_moves(self) -> int:
        """The most random moves a playout plays: ``moves``."""
        return self.moves


@attrs.frozen
class EvaluationOnly:
    """No playout: the new leaf is scored by the evaluation at once.

    Examples:
        >>> EvaluationOnly().rollout_moves
        0
    """

    evaluate: Evaluation | None = None

    @property
    def rollout_moves(self) -> int:
        """No random moves at all."""
        return 0
