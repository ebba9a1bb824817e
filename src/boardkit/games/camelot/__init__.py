"""Camelot: The Build, for 1 to 5 players: lay tiles on the plan of a castle,
scoring each tile's value and the values of the tiles it touches.

boardkit's plan (10 by 8 squares) and tile list (80 tiles) are a
reconstruction; the published ones could not be recovered. Both can be
replaced with your own as options.

Examples:
    >>> from boardkit.games import camelot
    >>> game = camelot.Camelot()
    >>> state = game.new_game(players=2, seed=1)
    >>> camelot.tile("Holy Grail").value
    5
    >>> camelot.score_turn({(1, 1): camelot.tile("Holy Grail")}, [((1, 2), camelot.tile("blank"))])
    5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from boardkit.games.camelot import render
from boardkit.games.camelot.plan import KIND_COLOURS, STANDARD_PLAN, Cell, Plan, parse_square, square_name
from boardkit.games.camelot.rules import (
    Camelot,
    CamelotOptions,
    CamelotState,
    CamelotView,
    Conceal,
    EndTurn,
    Move,
    Place,
)
from boardkit.games.camelot.scoring import score_turn
from boardkit.games.camelot.tiles import KIND_NAMES, STANDARD_TILES, Tile, TileSet, tile
from boardkit.parts import Parts

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = [
    "PARTS",
    "KIND_COLOURS",
    "KIND_NAMES",
    "STANDARD_PLAN",
    "STANDARD_TILES",
    "Camelot",
    "CamelotOptions",
    "CamelotState",
    "CamelotView",
    "Cell",
    "Conceal",
    "EndTurn",
    "Move",
    "Place",
    "Plan",
    "TileSet",
    "Tile",
    "parse_square",
    "score_turn",
    "square_name",
    "tile",
]


def _all_moves(game: Camelot) -> Sequence[Move]:
    """Every move at its action index (:func:`boardkit.games.camelot.encoding.all_moves`)."""
    from boardkit.games.camelot.encoding import all_moves  # numpy, the rl extra: imported when RL asks

    return all_moves(game)


def _observation_encoder(game: Camelot, players: int) -> Encoder:
    """A player's view as numbers (:func:`boardkit.games.camelot.encoding.observation_encoder`)."""
    from boardkit.games.camelot.encoding import observation_encoder  # numpy, the rl extra

    return observation_encoder(game, game.check_players(players))


#: Camelot's parts, assembled here where the package sees them all (:attr:`Camelot.declared`): the state
#: class, the picture, the RL action list and the observation encoder.
PARTS: Final[Parts[CamelotState, Camelot]] = Parts(
    states=(CamelotState,),
    picture=render.picture,
    all_moves=_all_moves,
    observation_encoder=_observation_encoder,
)
