"""Setting up a game of Tafl by hand: ``from_position``'s checks.

The start positions themselves are layouts (see :mod:`boardkit.games.tafl.variants`);
a position set up by hand becomes a custom layout of a new :class:`~boardkit.games.tafl.Tafl`.
This module imports the core and Tafl's notation and variants, never the rules
(which import it and hand it the game class to build): it types the game with
the core's :class:`~boardkit.Game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from boardkit.errors import NotationError, OptionError, check_int
from boardkit.game import Game, Player, State
from boardkit.games.tafl.moves import read_position
from boardkit.games.tafl.variants import CUSTOM

__all__ = ["from_position"]

S = TypeVar("S", bound=State[Any])


def from_position(
    game: Game[S, Any], game_type: Callable[..., Game[S, Any]], text: str, to_move: Player, seed: int | None
) -> S:
    """A game of ``game``'s rules set up from OpenTafl position ``text``
    (``game.from_position(text, to_move=..., seed=...)``), built as a new ``game_type``
    (:class:`~boardkit.games.tafl.Tafl` itself: its options plus ``layout`` and ``first``).

    Raises:
        NotationError: if the text is not a valid position.
        OptionError: if ``to_move`` is not 0 or 1.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = from_position(Tafl("brandubh"), Tafl, "/7/7/3K3/7/t6/7/7/", 1, seed=3)
        >>> state.position(), state.current_player, state.game.options.variant
        ('/7/7/3K3/7/t6/7/7/', 1, 'custom')
    """
    check_int(to_move, "to_move (0 for the attackers, 1 for the defenders)", low=0, high=1)
    read_position(text)
    settings = game.option_values()
    settings.update(variant=CUSTOM, layout=text, first=to_move)
    try:
        game = game_type(**settings)
    except OptionError as exc:
        raise NotationError(text, str(exc)) from None
    return game.new_game(seed=seed)
