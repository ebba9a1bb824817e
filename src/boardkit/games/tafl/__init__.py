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

The package also declares the parts of the game that build on its rules, and
so cannot be imported by them: :data:`PARTS`, the state class of OpenTafl's
own rules and the record formats, which :class:`Tafl` reads here when a game
starts or a format is asked for.
"""

from __future__ import annotations

from typing import Final

from boardkit.games.tafl.moves import MAX_SIZE, Move, Piece, parse_square, read_position, square_name, write_position
from boardkit.games.tafl.opentafl import OTG, read_opentafl_game, write_opentafl_game
from boardkit.games.tafl.rules import Tafl, TaflState
from boardkit.games.tafl.shape import TaflParts
from boardkit.games.tafl.special import SpecialTaflState
from boardkit.games.tafl.variants import RULE_SETS, VARIANTS, TaflOptions, canonical_layout
from boardkit.games.tafl.view import TaflView

__all__ = [
    "MAX_SIZE",
    "PARTS",
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

#: Tafl's parts that build on the rules, assembled here where the package sees them all: the state
#: class of games with OpenTafl's own rules and the record formats (:class:`~boardkit.games.tafl.shape.TaflParts`).
PARTS: Final[TaflParts[TaflState, Tafl]] = TaflParts(special_state=SpecialTaflState, formats={OTG.key: OTG})
