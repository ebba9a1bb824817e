"""What a bot's search found, in words: the hint's reason and the line a page shows after a bot moves.

Read from the agents' own reports (:attr:`AlphaBetaAgent.last_search
<boardkit.agents.AlphaBetaAgent.last_search>`, :attr:`MCTSAgent.last_iterations
<boardkit.agents.MCTSAgent.last_iterations>`), so ``boardkit play``'s ``hint``
command and ``boardkit serve``'s hint button say the same thing.

Examples:
    >>> from boardkit.agents import AlphaBetaAgent
    >>> from boardkit.testing import Nim
    >>> agent = AlphaBetaAgent(depth=2)
    >>> move = agent.choose(Nim(heap=9).new_game(seed=0), 0)
    >>> search_summary(agent).startswith("depth 2, ")
    True
"""

from __future__ import annotations

from typing import Any

from boardkit.agents import Agent, AlphaBetaAgent, MCTSAgent, best_agent
from boardkit.agents.alphabeta import WIN
from boardkit.chance import derive_seed
from boardkit.game import State

__all__ = ["HINT_SECONDS", "hint_agent", "hint_reason", "search_summary"]

#: How long a hint thinks, in seconds (the terminal's ``hint`` and the web page's hint button).
HINT_SECONDS = 1.0


def hint_agent(state: State[Any], seconds: float | None = None) -> Agent:
    """The bot that gives a hint in ``state``: the strongest for the game
    (:func:`~boardkit.agents.best_agent`), thinking ``seconds`` (``None``:
    :data:`HINT_SECONDS`), seeded from
    the game's seed and the ply, so the same position gets the same hint.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> type(hint_agent(Tafl().new_game(seed=1))).__name__
        'AlphaBetaAgent'
    """
    seconds = HINT_SECONDS if seconds is None else seconds
    return best_agent(state.game, seconds=seconds, seed=derive_seed(state.seed, "hint", len(state.history)))


def search_summary(agent: Agent) -> str:
    """What ``agent``'s last search did, in a few words (``""`` for a bot that does not search).

    Examples:
        >>> from boardkit.agents import MCTSAgent
        >>> from boardkit.testing import Nim
        >>> agent = MCTSAgent(iterations=50, seed=1)
        >>> _ = agent.choose(Nim(heap=9).new_game(seed=0), 0)
        >>> search_summary(agent)
        '50 playouts'
    """
    if isinstance(agent, AlphaBetaAgent) and agent.last_search is not None:
        return agent.last_search.describe()
    if isinstance(agent, MCTSAgent) and agent.last_iterations:
        return f"{agent.last_iterations:,} playouts"
    return ""


def hint_reason(agent: Agent, move: Any) -> str:
    """Why ``agent`` chose ``move``, in a few words, from what its last search found.

    Examples:
        >>> from boardkit.agents import AlphaBetaAgent
        >>> from boardkit.testing import Nim
        >>> agent = AlphaBetaAgent(depth=4)
        >>> move = agent.choose(Nim(heap=5).new_game(seed=0), 0)
        >>> hint_reason(agent, move)
        'wins by force in 3 plies (depth 3)'
    """
    if isinstance(agent, AlphaBetaAgent) and agent.last_search is not None:
        info = agent.last_search
        if info.proven and info.score > 0:
            plies = round(WIN - info.score)
            return f"wins by force in {plies} {'ply' if plies == 1 else 'plies'} (depth {info.depth})"
        lost = info.forced_losses
        others = len(info.ranked) - 1
        if info.proven:
            return f"every move loses by force; this one lasts longest ({info.describe()})"
        if lost and lost == others:
            return f"every other move loses by force ({info.describe()})"
        if lost:
            return f"{lost} of the other {others} moves lose by force ({info.describe()})"
        line = ", then ".join(str(m) for m in info.line[:4])
        return f"the search expects {line} ({info.describe()})"
    if isinstance(agent, MCTSAgent):
        return f"the move the search tried most, in {agent.last_iterations:,} playouts"
    return ""
