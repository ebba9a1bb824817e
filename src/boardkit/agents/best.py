"""The strongest agent boardkit has for a game: :func:`best_agent`.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

from typing import Any, Final

from boardkit.about import Chance
from boardkit.agents._base import Agent
from boardkit.agents.alphabeta import AlphaBetaAgent
from boardkit.agents.evaluators import EvaluationOnly, RandomRollout
from boardkit.agents.expectimax import ExpectimaxAgent
from boardkit.agents.mcts import MCTSAgent
from boardkit.errors import OptionError
from boardkit.game import Game, State

__all__ = ["DEFAULT_THINK", "best_agent"]

#: Seconds a move the best agent thinks when nobody says.
DEFAULT_THINK: Final = 1.0
# Playouts for a Monte Carlo search bounded by time alone.
_UNBOUNDED: Final = 10_000_000
# The UCT exploration constant where leaves are scored by an evaluation: evaluations stay near 0, so
# their rewards differ by little, and the constant of win-or-loss playouts (1.4) spreads the search
# almost evenly. At 0.2 s a move against today's mcts on the compiled build, the same games' seeds for
# each constant: Field of the Cloth of Gold (40 games) +108 Elo at 1.4, +191 at 0.5, +269 at 0.25, +70
# at 0.1; Camelot (30 games) +176 at 1.4, +585 at 0.25 (benchmarks/README.md, "Bot strength").
_JUDGED_EXPLORATION: Final = 0.25


def best_agent(game: Game[Any, Any], *, seconds: float = DEFAULT_THINK, seed: int = 0) -> Agent:
    """The strongest agent boardkit has for ``game``, thinking ``seconds`` a move,
    chosen from what the game declares:

    * alpha-beta search (:class:`~boardkit.agents.AlphaBetaAgent`) for a game
      of two players, perfect information and no chance whose states
      declare their own evaluation (they override :meth:`State.evaluate
      <boardkit.State.evaluate>`);
    * expectimax search (:class:`~boardkit.agents.ExpectimaxAgent`) for the
      same where chance is public (the Game of 5 Fields): alpha-beta that
      averages the outcomes of a move that draws chance;
    * Monte Carlo tree search (:class:`~boardkit.agents.MCTSAgent`) for every
      other: where the game declares an evaluation, each new leaf scored by
      it at once (:class:`~boardkit.agents.EvaluationOnly`: at equal time,
      +143 Elo over random playouts on Field of the Cloth of Gold and +360
      on Camelot in ``benchmarks/bench_strength.py``) with a smaller
      exploration constant (0.25: evaluations differ by less than wins and
      losses), else by random playouts to the end; proving wins and losses
      (``solver``) in a two-player game without hidden information or
      chance; keeping its tree between moves (``reuse``) where nothing is
      hidden.

    Examples:
        >>> from boardkit.games import load
        >>> from boardkit.games.tafl import Tafl
        >>> from boardkit.testing import Nim
        >>> best_agent(Tafl(), seconds=2).time_limit
        2.0
        >>> best_agent(load("five-fields"), seconds=1)
        ExpectimaxAgent(depth=None, time_limit=1.0, samples=4, seed=0, table_size=500000, quiescence=4)
        >>> best_agent(load("cloth-of-gold")).exploration   # hidden hands: Monte Carlo, leaves evaluated
        0.25
        >>> nim = best_agent(Nim(), seconds=1)      # Nim declares no evaluation
        >>> type(nim).__name__, nim.solver, nim.reuse, nim.rollout_moves
        ('MCTSAgent', True, True, 10000)
    """
    about = game.about
    players, state = _a_state(game)
    judged = type(state).evaluate is not State.evaluate
    plain = not about.hides_information and about.chance is Chance.NONE
    if players == 2 and judged and not about.hides_information:
        if about.chance is Chance.NONE:
            return AlphaBetaAgent(time_limit=seconds, seed=seed)
        return ExpectimaxAgent(time_limit=seconds, seed=seed)
    return MCTSAgent(
        iterations=_UNBOUNDED,
        time_limit=seconds,
        seed=seed,
        exploration=_JUDGED_EXPLORATION if judged else 1.4,
        solver=plain and game.min_players == game.max_players == 2,
        reuse=not about.hides_information,
        evaluator=EvaluationOnly() if judged else RandomRollout(),
    )


def _a_state(game: Game[Any, Any]) -> tuple[int, State[Any]]:
    """A state of ``game`` to read its class from, and its number of players: two where the game is played
    by two, else the fewest it allows; where its options rule that count out (Camelot's ``first=3`` needs four
    seats), the fewest they allow."""
    counts = range(game.min_players, game.max_players + 1)
    preferred = 2 if 2 in counts else game.min_players
    refusal: OptionError | None = None
    for players in (preferred, *(n for n in counts if n != preferred)):
        try:
            return players, game.new_game(players=players, seed=0)
        except OptionError as exc:
            refusal = refusal or exc
    assert refusal is not None  # every count refused: min_players <= max_players, so one was tried
    raise refusal
