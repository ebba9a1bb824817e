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

__all__ = [
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
