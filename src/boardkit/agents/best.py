"""The strongest agent boardkit has for a game: :func:`best_agent`.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

from typing import Any, Final

from boardkit.about import Chance
from boardkit.agents._base import Agent
from boardkit.agents.alphabeta import AlphaBetaAgent
from boardkit.agents.mcts import MCTSAgent
from boardkit.game import Game, State

__all__ = ["DEFAULT_THINK", "best_agent"]

#: Seconds a move the best agent thinks when nobody says.
DEFAULT_THINK: Final = 1.0
# Playouts for a Monte Carlo search bounded by time alone.
_UNBOUNDED: Final = 10_000_000


def best_agent(game: Game[Any, Any], *, seconds: float = DEFAULT_THINK, seed: int = 0) -> Agent:
    """The strongest agent boardkit has for ``game``, thinking ``seconds`` a move,
    chosen from what the game declares: alpha-beta search for a game of two
    players, perfect information and no chance whose states declare their
    own evaluation (they override :meth:`State.evaluate
    <boardkit.State.evaluate>`); Monte Carlo tree search for every other.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> from boardkit.testing import Nim
        >>> best_agent(Tafl(), seconds=2).time_limit
        2.0
        >>> type(best_agent(Nim(), seconds=1)).__name__      # Nim declares no evaluation
        'MCTSAgent'
    """
    about = game.about
    searchable = not about.hides_information and about.chance is Chance.NONE and game.min_players <= 2
    if searchable and 2 in range(game.min_players, game.max_players + 1):
        state = game.new_game(players=2, seed=0)
        if type(state).evaluate is not State.evaluate:
            return AlphaBetaAgent(time_limit=seconds, seed=seed)
    return MCTSAgent(iterations=_UNBOUNDED, time_limit=seconds, seed=seed)
