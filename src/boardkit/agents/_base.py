"""What every agent shares: the :class:`Agent` protocol and the refusal of a
finished game.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

import warnings
from typing import Any, Protocol, runtime_checkable

from boardkit.game import Outcome, Player, State, no_move_error

__all__ = ["Agent", "refuse_finished"]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks a move: a bot, a person at a terminal, a network.

    An agent is asked for a move only when it is ``player``'s turn, and must
    return one of ``state.legal_moves()``. It must not change ``state`` and,
    in a game with hidden information, should read only what ``player`` may
    see (``state.view(player)``) or search copies made by
    ``state.determinize(player, seed=seed)``.

    An agent may also offer ``for_game(seed) -> Agent``: a fresh copy for one
    game, its randomness derived from its own seed and ``seed``.
    :func:`~boardkit.play.play_game` calls it when present, so that every
    game of a tournament is reproducible on its own.

    Examples:
        >>> from boardkit.testing import Nim
        >>> class TakeOne:
        ...     def choose(self, state, player):
        ...         return state.legal_moves()[0]
        >>> isinstance(TakeOne(), Agent)
        True
        >>> TakeOne().choose(Nim().new_game(seed=0), 0)
        Take(1)
    """

    def choose(self, state: State[Any], player: Player) -> Any:
        """Return the move ``player`` makes in ``state``."""


def refuse_finished(state: State[Any]) -> None:
    """Raise :class:`~boardkit.IllegalMoveError` for a finished game, where no
    agent has a move to choose (every agent refuses it the same way). A game
    its rules leave going on with no legal move (a bug in the game) is said
    as such by :func:`~boardkit.game.no_move_error`, where an agent finds
    the moves empty (not here: a random move need not list them).

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=1).new_game(seed=0)
        >>> state.apply("take 1")
        >>> refuse_finished(state)
        Traceback (most recent call last):
        ...
        boardkit.errors.IllegalMoveError: illegal move '(none)': the game is over, so there is no move to choose
    """
    if state.is_over:
        raise no_move_error(state)


def rewards(outcome: Outcome | None, players: int) -> tuple[float, ...]:
    """Deprecated: each player's share of the victory, from 0 to 1, now
    :meth:`Outcome.rewards <boardkit.Outcome.rewards>` (from -1 to 1, the
    scale the agents and reinforcement learning share) moved onto 0 to 1:
    ``(1 + reward) / 2``. The same as before for two players; with more,
    a draw is 0.5 each (it was ``1/players``).

    Warns:
        DeprecationWarning: on every call.

    Examples:
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     rewards(Outcome.win(1, "king captured"), 2)
        (0.0, 1.0)
    """
    warnings.warn(
        "boardkit.agents.rewards is deprecated: use outcome.rewards(players) (from -1 to 1; "
        "(1 + r) / 2 is this function's 0 to 1)",
        DeprecationWarning,
        stacklevel=2,
    )
    signed = (outcome or Outcome.draw("unfinished")).rewards(players)
    return tuple((1.0 + r) / 2.0 for r in signed)
