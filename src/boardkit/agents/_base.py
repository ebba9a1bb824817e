"""What every agent shares: the :class:`Agent` protocol and each player's
share of an outcome's victory, from 0 to 1 (:func:`win_shares`).

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

import warnings
from typing import Any, Protocol, runtime_checkable

from boardkit.errors import IllegalMoveError
from boardkit.game import Outcome, Player, State

__all__ = ["Agent", "refuse_finished", "win_shares"]


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
    agent has a move to choose (every agent refuses it the same way).

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
        raise IllegalMoveError("(none)", "the game is over, so there is no move to choose")


def win_shares(outcome: Outcome | None, players: int) -> tuple[float, ...]:
    """Each player's share of the victory, from 0 to 1 (the shares add up to
    1): 1 for a win, 0 for a loss, and ``1/k`` each for a victory shared by
    ``k`` players. When nobody won (a draw) or the game did not finish, every
    player gets ``1/players``. For rewards from -1 to 1, as reinforcement
    learning uses, see :func:`boardkit.rl.common.signed_rewards`.

    Examples:
        >>> win_shares(Outcome.win(1, "king captured"), 2)
        (0.0, 1.0)
        >>> win_shares(Outcome.draw("repetition"), 2)
        (0.5, 0.5)
        >>> win_shares(Outcome(frozenset({0, 2}), None, "tie"), 3)
        (0.5, 0.0, 0.5)
    """
    if outcome is None or not outcome.winners:
        return (1.0 / players,) * players
    share = 1.0 / len(outcome.winners)
    return tuple(share if p in outcome.winners else 0.0 for p in range(players))


def rewards(outcome: Outcome | None, players: int) -> tuple[float, ...]:
    """Deprecated: the old name of :func:`win_shares` (shares from 0 to 1),
    renamed so that its scale is plain beside
    :func:`boardkit.rl.common.signed_rewards` (from -1 to 1).

    Warns:
        DeprecationWarning: on every call.
    """
    warnings.warn(
        "boardkit.agents.rewards is deprecated: use boardkit.agents.win_shares (the same shares, from 0 to 1)",
        DeprecationWarning,
        stacklevel=2,
    )
    return win_shares(outcome, players)
