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
from boardkit.topology import Hex

__all__ = [
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
