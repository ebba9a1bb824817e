"""What the adapters share: finding a game by name or value, and the rewards
from -1 to 1 (:func:`signed_rewards`).

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

import warnings
from typing import Any

from boardkit.errors import OptionError
from boardkit.game import Game, Outcome
from boardkit.games import load

__all__ = ["game_of", "signed_rewards"]


def game_of(name_or_game: str | Game[Any, Any], options: dict[str, Any]) -> Game[Any, Any]:
    """A game from its registry name and options, or the game itself.

    Raises:
        OptionError: for an unknown name or option, or options given with a game.
    """
    if isinstance(name_or_game, Game):
        if options:
            raise OptionError(f"options {sorted(options)!r} go with a game's name, not with a game")
        return name_or_game
    if not isinstance(name_or_game, str):
        raise OptionError(f"expected a game or a game's name, not {name_or_game!r}")
    return load(name_or_game, **options)


def signed_rewards(outcome: Outcome, players: int) -> list[float]:
    """Each player's final reward, from -1 to 1: +1 for a win, -1 for a loss,
    0 for a draw.

    A win shared by ``k`` of the players gives each of them ``1/k``; when
    nobody or everybody wins the rewards are those of a draw, 0 (a one-player
    game of Camelot, kept for its score, ends with no winner: 0). For shares
    of the victory from 0 to 1, as tournaments count them, see
    :func:`boardkit.agents.win_shares`.

    Examples:
        >>> signed_rewards(Outcome.win(1, "king escaped"), 2)
        [-1.0, 1.0]
        >>> signed_rewards(Outcome(frozenset({0, 2}), None, "tie"), 3)
        [0.5, -1.0, 0.5]
        >>> signed_rewards(Outcome.draw("no moves"), 2)
        [0.0, 0.0]
    """
    winners = outcome.winners
    if not winners or (players > 1 and len(winners) == players):
        return [0.0] * players
    share = 1.0 / len(winners)
    return [share if p in winners else -1.0 for p in range(players)]


def rewards(outcome: Outcome, players: int) -> list[float]:
    """Deprecated: the old name of :func:`signed_rewards` (from -1 to 1),
    renamed so that its scale is plain beside
    :func:`boardkit.agents.win_shares` (from 0 to 1).

    Warns:
        DeprecationWarning: on every call.
    """
    warnings.warn(
        "boardkit.rl.common.rewards is deprecated: use boardkit.rl.common.signed_rewards (the same rewards, "
        "from -1 to 1)",
        DeprecationWarning,
        stacklevel=2,
    )
    return signed_rewards(outcome, players)
