"""What the adapters share: finding a game by name or value. Their rewards are
:meth:`Outcome.rewards <boardkit.Outcome.rewards>` (from -1 to 1).

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

import warnings
from typing import Any

from boardkit.errors import OptionError
from boardkit.game import Game, Outcome
from boardkit.games import load

__all__ = ["game_of"]


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


def rewards(outcome: Outcome, players: int) -> list[float]:
    """Deprecated: each player's final reward, from -1 to 1, now
    :meth:`Outcome.rewards <boardkit.Outcome.rewards>` (the same rewards,
    as a tuple).

    Warns:
        DeprecationWarning: on every call.

    Examples:
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     rewards(Outcome.win(1, "king escaped"), 2)
        [-1.0, 1.0]
    """
    warnings.warn(
        "boardkit.rl.common.rewards is deprecated: use outcome.rewards(players) (the same rewards, from -1 to 1)",
        DeprecationWarning,
        stacklevel=2,
    )
    return list(outcome.rewards(players))
