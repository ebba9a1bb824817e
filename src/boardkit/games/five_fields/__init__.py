"""The Game of 5 Fields: Queens, Princes, Fields and Cities on a 19-hex map.

Each player's Queen builds Fields and Cities; Princes explore, bridge seas and
fight. The first player with a City linked to Fields worth 5 wins. See
:doc:`/reference/games/five-fields` for the rules as boardkit plays them.

Examples:
    >>> from boardkit.games import load
    >>> game = load("five-fields", turn_limit=300)
    >>> state = game.new_game(seed=11)
    >>> state.terrain((0, 2)), state.pawns((0, -2))
    (<Terrain.PLAIN: 'plain'>, ((1, <Pawn.QUEEN: 'queen'>),))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from boardkit.games.five_fields import render
from boardkit.games.five_fields.board import (
    BOARD,
    PRINCE_HEXES,
    QUEEN_HEXES,
    TILES,
    Pawn,
    Terrain,
    format_hex,
    parse_hex,
)
from boardkit.games.five_fields.moves import (
    BuildCity,
    BuildField,
    Castle,
    End,
    Explore,
    Move,
    Pass,
    PawnMove,
    RegeneratePrince,
    RegenerateQueen,
    Reveal,
    Step,
    parse_move,
)
from boardkit.games.five_fields.rules import FiveFields, FiveFieldsState, FiveFieldsView
from boardkit.games.five_fields.variants import FiveFieldsOptions
from boardkit.parts import Parts
from boardkit.topology import Hex

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = [
    "PARTS",
    "BOARD",
    "PRINCE_HEXES",
    "QUEEN_HEXES",
    "TILES",
    "BuildCity",
    "BuildField",
    "Castle",
    "End",
    "Explore",
    "FiveFields",
    "FiveFieldsOptions",
    "FiveFieldsState",
    "FiveFieldsView",
    "Hex",
    "Move",
    "Pass",
    "Pawn",
    "PawnMove",
    "RegeneratePrince",
    "RegenerateQueen",
    "Reveal",
    "Step",
    "Terrain",
    "format_hex",
    "parse_hex",
    "parse_move",
]


def _all_moves(game: FiveFields) -> Sequence[Move]:
    """Every move at its action index (:func:`boardkit.games.five_fields.encoding.all_moves`)."""
    from boardkit.games.five_fields.encoding import all_moves  # numpy, the rl extra: imported when RL asks

    return all_moves(game)


def _observation_encoder(game: FiveFields, players: int) -> Encoder:
    """A player's view as numbers (:func:`boardkit.games.five_fields.encoding.observation_encoder`)."""
    from boardkit.games.five_fields.encoding import observation_encoder  # numpy, the rl extra

    return observation_encoder(game, game.check_players(players))


#: 5 Fields' parts, assembled here where the package sees them all (:attr:`FiveFields.declared`): the state
#: class, the picture, the RL action list and the observation encoder.
PARTS: Final[Parts[FiveFieldsState, FiveFields]] = Parts(
    states=(FiveFieldsState,),
    picture=render.picture,
    all_moves=_all_moves,
    observation_encoder=_observation_encoder,
)
