"""Camelot's moves and their notation: :class:`Place`, :class:`Conceal`,
:class:`EndTurn` and the :data:`Move` union.

This module imports only the game's plan and tiles; the rules read moves
(``Camelot.parse_move``) with tables built from the game's own tiles.
"""

from __future__ import annotations

import attrs

from boardkit.games.camelot.plan import Cell, square_name
from boardkit.games.camelot.tiles import Tile

__all__ = ["Conceal", "EndTurn", "Move", "Place"]


@attrs.frozen
class Place:
    """Lay a tile from the hand on an empty square of its kind.

    Notation ``place <tile name> <square>``, e.g. ``place garden c5``; the name
    is written in lower case and may have several words (``place holy grail b2``).

    Examples:
        >>> from boardkit.games.camelot import Camelot, tile
        >>> move = Place((2, 4), tile("garden"))
        >>> str(move)
        'place garden c5'
        >>> Camelot().parse_move(str(move)) == move
        True
    """

    cell: Cell
    tile: Tile

    def __str__(self) -> str:
        return f"place {self.tile} {square_name(self.cell)}"


@attrs.frozen
class Conceal:
    """Turn a face-up Hand tile face down (free; at most three are concealed).

    Notation ``conceal <tile name>``, e.g. ``conceal wall blank``.

    Examples:
        >>> from boardkit.games.camelot import tile
        >>> str(Conceal(tile("Wall Blank")))
        'conceal wall blank'
    """

    tile: Tile

    def __str__(self) -> str:
        return f"conceal {self.tile}"


@attrs.frozen
class EndTurn:
    """End the turn: score it, then draw back up to ten tiles. Notation ``end``.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> str(EndTurn()), Camelot().parse_move("end")
        ('end', EndTurn())
    """

    def __str__(self) -> str:
        return "end"


#: A Camelot move.
Move = Place | Conceal | EndTurn
