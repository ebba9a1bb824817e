"""Expectimax search for two-player games with public chance: :class:`ExpectimaxAgent`.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Chance in boardkit happens inside :meth:`State.apply <boardkit.State.apply>`,
drawn from the state's own generator (``state.rng``), so a search that reads
the game through the protocol alone cannot list a die's faces. It samples
them: at a move that draws chance (the generator moved while it was played,
as :meth:`State.drew_chance <boardkit.State.drew_chance>` reports) the value
is the average over ``samples`` worlds, the move played once with the
generator as it stands and again after reseeding it in place, as
:meth:`State.determinize <boardkit.State.determinize>` deals a new world
(chance-sampling or "sparse sampling" expectimax). Between chance moves the
search is :class:`~boardkit.agents.AlphaBetaAgent`'s: negamax with
principal-variation windows, iterative deepening under a time or depth
limit, a transposition table, killer and history move ordering.
"""

from __future__ import annotations

from typing import Any

from boardkit.agents.alphabeta import QUIESCENCE, AlphaBetaAgent
from boardkit.agents.simple import Evaluation
from boardkit.chance import derive_seed
from boardkit.errors import OptionError
from boardkit.game import Player, State

__all__ = ["ExpectimaxAgent"]


class ExpectimaxAgent(AlphaBetaAgent):
    """Expectimax search, deepened iteratively, for two-player games of
    perfect information where chance takes part (dice, hexes turned face
    up: ``About.chance`` is ``PUBLIC``).

    Use it where a position can be judged by an evaluation and chance
    decides along the way: alpha-beta (:class:`~boardkit.agents.AlphaBetaAgent`)
    on such a game plays as if the throws to come were already known. At a
    move that draws chance this search averages the values of ``samples``
    outcomes, each searched to the same depth, so a chance move costs
    ``samples`` times a plain one. The outcomes are dealt from the
    generator's state in the position, so the moves of one position are
    compared on the same throws (common random numbers) and two positions
    get throws of their own. The average is on the scale of evaluations, a
    win counted 1 and a loss -1, so a chance to win is worth its
    probability; a win in every world sampled scores 1, not a proven win
    (an outcome left unsampled may differ): only lines that draw no chance
    are proven. In a game whose moves draw no chance it plays as
    :class:`~boardkit.agents.AlphaBetaAgent` does.

    Args:
        depth: The deepest iteration, in plies; ``None`` for no bound but
            the time. With neither ``depth`` nor ``time_limit`` the depth is 3.
        time_limit: Seconds a move, kept as alpha-beta keeps it.
        samples: How many outcomes of each chance move are searched.
        evaluate: ``evaluate(state, player) -> float`` in ``[-1, 1]`` for
            the positions where the search stops; ``None`` uses
            ``state.evaluate(player)``.
        seed: Seed of the worlds searched: the generator of the copy the
            search runs on, and the outcomes sampled.
        table_size: The most positions the transposition table keeps.
        quiescence: Plies of forcing moves searched past the depth, as
            :class:`~boardkit.agents.AlphaBetaAgent` searches them (played in
            the one world the generator stands in).

    Raises:
        OptionError: for ``samples`` that is not a positive integer, and as
            alpha-beta does for the other options; from :meth:`choose`, for
            a game of more or fewer than two players or with hidden
            information.

    Examples:
        >>> from boardkit.testing import Nim
        >>> agent = ExpectimaxAgent(depth=6, samples=3)
        >>> agent.choose(Nim(heap=6).new_game(seed=0), 0)   # no chance: alpha-beta's answer
        Take(2)
        >>> agent.last_search.describe()
        'depth 3, ... positions, wins in 3 plies'
    """

    def __init__(
        self,
        *,
        depth: Any = None,
        time_limit: Any = None,
        samples: Any = 4,
        evaluate: Evaluation | None = None,
        seed: int = 0,
        table_size: Any = 500_000,
        quiescence: Any = QUIESCENCE,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise OptionError(f"samples must be a positive integer, not {samples!r}")
        super().__init__(
            depth=depth, time_limit=time_limit, evaluate=evaluate, seed=seed, table_size=table_size,
            quiescence=quiescence,
        )
        self.samples: int = samples

    def __repr__(self) -> str:
        return (
            f"ExpectimaxAgent(depth={self.depth!r}, time_limit={self.time_limit!r}, samples={self.samples!r}, "
            f"seed={self.seed!r}, table_size={self.table_size!r}, quiescence={self.quiescence!r})"
        )

    def _settings(self) -> dict[str, Any]:
        return {**super()._settings(), "samples": self.samples}

    def _kind(self) -> str:
        return "expectimax search"

    def _child(
        self, sim: State[Any], move: Any, player: Player, depth: int, alpha: float, beta: float, ply: int,
        *, first: bool,
    ) -> float:
        """The value for ``player`` of playing ``move``: alpha-beta's for a
        move that draws no chance, else the average over the sampled outcomes."""
        rng = sim.rng
        before = rng.state
        sim.apply(move)
        if rng.state == before:  # no chance drawn (State.drew_chance() is False)
            value = self._after(sim, player, depth, alpha, beta, ply, first=first)
            sim.undo()
            return value
        values = [self._after(sim, player, depth, -_INF, _INF, ply, first=True)]
        sim.undo()
        for k in range(1, self.samples):
            rng.reseed(derive_seed(before, k))  # the same worlds for every move from this position
            sim.apply(move)
            values.append(self._after(sim, player, depth, -_INF, _INF, ply, first=True))
            sim.undo()
        rng.state = before
        return _expectation(values)


_INF = float("inf")


def _expectation(values: list[float]) -> float:
    """The mean of the sampled outcomes' values on the evaluations' scale: a
    proven win counts 1 and a proven loss -1, since a result found in the
    worlds sampled is not a proof (an outcome left unsampled may differ).

    Examples:
        >>> _expectation([0.5, -0.25])
        0.125
        >>> _expectation([999_997.0, -999_995.0, 0.5])
        0.1666...
        >>> _expectation([999_997.0, 999_999.0])
        1.0
    """
    return sum(max(-1.0, min(1.0, v)) for v in values) / len(values)
