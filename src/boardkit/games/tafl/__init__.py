"""Tafl, the Norse siege game: seven historical layouts and three rule sets played today.

The attackers (player 0) try to capture the King; the defenders (player 1)
try to bring him to the edge of the board. :class:`Tafl` holds the rules and
options, :class:`TaflState` a game in progress, and moves are written
``d1-d4`` on squares named from ``a1`` at the bottom left.

Examples:
    >>> from boardkit.games import tafl
    >>> game = tafl.Tafl("brandubh")
    >>> state = game.new_game(seed=7)
    >>> state.apply("d2-b2")
    >>> state.piece_at("b2"), state.current_player
    (<Piece.ATTACKER: 't'>, 1)
    >>> state.position()
    '/3t3/1t5/3T3/ttTKTtt/3T3/3t3/3t3/'
"""

from __future__ import annotations

from boardkit.games.tafl.moves import MAX_SIZE, Move, Piece, parse_square, read_position, square_name, write_position
from boardkit.games.tafl.opentafl import read_opentafl_game, write_opentafl_game
from boardkit.games.tafl.rules import Tafl, TaflState
from boardkit.games.tafl.special import SpecialTaflState
from boardkit.games.tafl.variants import RULE_SETS, VARIANTS, TaflOptions, canonical_layout
from boardkit.games.tafl.view import TaflView

__all__ = [
    "MAX_SIZE",
    "RULE_SETS",
    "VARIANTS",
    "Move",
    "Piece",
    "SpecialTaflState",
    "Tafl",
    "TaflOptions",
    "TaflState",
    "TaflView",
    "canonical_layout",
    "parse_square",
    "read_opentafl_game",
    "read_position",
    "square_name",
    "write_opentafl_game",
    "write_position",
]
