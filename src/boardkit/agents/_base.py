"""What every agent shares: the :class:`Agent` protocol and the rewards an
outcome gives each player.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from boardkit.game import Outcome, Player, State

__all__ = ["Agent", "rewards"]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks a move: a bot, a person at a terminal, a network.

    An agent is asked for a move only when it is ``player``'s turn, and must
    return one of ``state.legal_moves()``. It must not change ``state`` and,
    in a game with hidden information, should read only what ``player`` may
    see (``state.view(player)``) or search copies made by
    ``state.determinize(player, seed)``.

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


def rewards(outcome: Outcome | None, players: int) -> tuple[float, ...]:
    """Each player's reward for an outcome: 1 for a win, 0 for a loss, and
    ``1/k`` each for a victory shared by ``k`` players. When nobody won (a
    draw) or the game did not finish, every player gets ``1/players``.

    Examples:
        >>> rewards(Outcome.win(1, "king captured"), 2)
        (0.0, 1.0)
        >>> rewards(Outcome.draw("repetition"), 2)
        (0.5, 0.5)
        >>> rewards(Outcome(frozenset({0, 2}), None, "tie"), 3)
        (0.5, 0.0, 0.5)
    """
    if outcome is None or not outcome.winners:
        return (1.0 / players,) * players
    share = 1.0 / len(outcome.winners)
    return tuple(share if p in outcome.winners else 0.0 for p in range(players))
