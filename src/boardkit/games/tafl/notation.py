"""Tafl notation (squares, moves, OpenTafl position text), now in
:mod:`boardkit.games.tafl.moves`; its names stay importable from here.
"""

from __future__ import annotations

from boardkit.games.tafl.moves import (
    MAX_SIZE,
    Move,
    Piece,
    parse_square,
    read_position,
    square_name,
    write_position,
)

__all__ = ["MAX_SIZE", "Move", "Piece", "parse_square", "read_position", "square_name", "write_position"]
