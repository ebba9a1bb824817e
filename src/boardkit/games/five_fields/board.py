"""The map of the Game of 5 Fields: terrain, pawns and the starting hexes.

The board is :meth:`HexGrid.hexagon(2) <boardkit.topology.HexGrid.hexagon>`:
19 hexes in axial ``(q, r)`` coordinates, ``r`` growing downwards. Player 0's
Queen starts on the bottom corner ``(0, 2)`` and player 1's on the top corner
``(0, -2)``; each Queen's three neighbours are that player's Prince hexes.

Examples:
    >>> BOARD.neighbors(QUEEN_HEXES[0]) == tuple(sorted(PRINCE_HEXES[0], reverse=True))
    True
    >>> sum(TILES.values())
    19
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

from boardkit.errors import NotationError, OptionError
from boardkit.topology import Hex, HexGrid

__all__ = [
    "BOARD",
    "HEX_NAMES",
    "PRINCE_HEXES",
    "QUEEN_HEXES",
    "TILES",
    "Pawn",
    "Terrain",
    "format_map",
    "format_hex",
    "parse_hex",
    "parse_map",
]


class Terrain(enum.Enum):
    """The three kinds of hex: plains and mountains are land, seas are not.

    Examples:
        >>> Terrain("mountain"), Terrain.SEA.letter
        (<Terrain.MOUNTAIN: 'mountain'>, 'S')
    """

    PLAIN = "plain"
    MOUNTAIN = "mountain"
    SEA = "sea"

    @property
    def letter(self) -> str:
        """The terrain's letter in a map string: ``P``, ``M`` or ``S``.

        Examples:
            >>> Terrain.PLAIN.letter
            'P'
        """
        return self.value[0].upper()


class Pawn(enum.Enum):
    """The two kinds of moving pawn. Fields and Cities are not pawns here.

    Examples:
        >>> Pawn.QUEEN.letter, Pawn("prince")
        ('Q', <Pawn.PRINCE: 'prince'>)
    """

    QUEEN = "queen"
    PRINCE = "prince"

    @property
    def letter(self) -> str:
        """``Q`` or ``P``, as written in move notation.

        Examples:
            >>> Pawn.PRINCE.letter
            'P'
        """
        return self.value[0].upper()


#: The 19-hex board, shared by every game (treat it as read-only).
BOARD: Final[HexGrid] = HexGrid.hexagon(2)
#: Each player's Queen starting hex (always a plain).
QUEEN_HEXES: Final[tuple[Hex, Hex]] = ((0, 2), (0, -2))
#: Each player's three Prince starting hexes.
PRINCE_HEXES: Final[tuple[tuple[Hex, Hex, Hex], tuple[Hex, Hex, Hex]]] = (
    ((-1, 2), (0, 1), (1, 1)),
    ((1, -2), (0, -1), (-1, -1)),
)
#: The hexagons in the box.
TILES: Final[Mapping[Terrain, int]] = {Terrain.PLAIN: 7, Terrain.MOUNTAIN: 5, Terrain.SEA: 7}

CELLS: tuple[Hex, ...] = tuple((int(c[0]), int(c[1])) for c in BOARD.cells)
_BY_LETTER = {t.letter: t for t in Terrain}


def format_hex(cell: Hex) -> str:
    """A hex's name, as notation and the drawn map write it: a column letter
    ``a`` to ``i`` (half a hex apart, from the left) and a row number ``1`` to
    ``5`` from the bottom. Player 0's Queen starts on ``g1``, player 1's on
    ``c5``; the centre is ``e3``. A hex off the board is written ``(q,r)``.

    Examples:
        >>> format_hex((0, 2)), format_hex((0, -2)), format_hex((0, 0)), format_hex((1, -1))
        ('g1', 'c5', 'e3', 'f4')
        >>> format_hex((5, 5))
        '(5,5)'
    """
    q, r = cell
    if cell not in BOARD:
        return f"({q},{r})"
    return f"{chr(ord('a') + 2 * q + r + 4)}{3 - r}"


_BY_NAME: dict[str, Hex] = {format_hex(cell): cell for cell in CELLS}
#: Every hex's name, bottom row first, as an error message lists them.
HEX_NAMES: Final[str] = ", ".join(
    " ".join(n for n, (q, r) in sorted(_BY_NAME.items()) if 3 - r == rank) for rank in range(1, 6)
)


def parse_hex(name: str) -> Hex:
    """The hex a name stands for (see :func:`format_hex`).

    Raises:
        NotationError: if no hex of the board has that name.

    Examples:
        >>> parse_hex("g1"), parse_hex("e3")
        ((0, 2), (0, 0))
        >>> parse_hex("a1")
        Traceback (most recent call last):
        ...
        boardkit.errors.NotationError: invalid notation 'a1': no hex 'a1' on the 19-hex board; hexes are c1 e1 g1, \
b2 d2 f2 h2, a3 c3 e3 g3 i3, b4 d4 f4 h4, c5 e5 g5
    """
    found = _BY_NAME.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise NotationError(name, f"no hex {name!r} on the 19-hex board; hexes are {HEX_NAMES}")
    return found


def format_map(terrain: Mapping[Hex, Terrain]) -> str:
    """A complete map as its canonical string: one letter per hex (``P``
    plain, ``M`` mountain, ``S`` sea), rows from the top separated by ``/``.

    Examples:
        >>> m = parse_map("PSP/MSSM/PSPSP/MSSM/PMP")
        >>> format_map(m)
        'PSP/MSSM/PSPSP/MSSM/PMP'
    """
    rows = ("".join(terrain[cell].letter for cell in CELLS if cell[1] == r) for r in range(-2, 3))
    return "/".join(rows)


def parse_map(value: Any) -> dict[Hex, Terrain]:
    """Read a fixed map and check it.

    Accepts a string of 19 letters ``P``/``M``/``S`` in board order (rows from
    the top, west to east; spaces and ``/`` are ignored, case too), a mapping
    from every hex to a :class:`Terrain` or its value, or a sequence of 19
    terrains in board order.

    Raises:
        OptionError: unless the map has 19 hexes, 7 plains, 5 mountains and
            7 seas, and both Queens' hexes are plains.

    Examples:
        >>> parse_map("PSP/MSSM/PSPSP/MSSM/PMP")[(0, 2)]
        <Terrain.PLAIN: 'plain'>
        >>> parse_map("SSS/MSSM/PSPSP/MSPM/PPP")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: bad map: the map needs 7 plains, 5 mountains and 7 seas, not 7, 4 and 8
    """
    cells = CELLS
    found: dict[Hex, Terrain] = {}
    if isinstance(value, str):
        letters = [ch for ch in value.upper() if ch not in " /\n\t"]
        if len(letters) != len(cells):
            raise OptionError(f"bad map: a map string has 19 letters P, M or S, not {value!r}")
        for cell, ch in zip(cells, letters, strict=True):
            if ch not in _BY_LETTER:
                raise OptionError(f"bad map: {ch!r} in {value!r} is not P, M or S")
            found[cell] = _BY_LETTER[ch]
    elif isinstance(value, Mapping):
        for cell, kind in value.items():
            if cell not in BOARD:
                raise OptionError(f"bad map: no hex {cell!r} on the board")
            found[cell] = _terrain(kind)
        if len(found) != len(cells):
            raise OptionError(f"bad map: the map must give all 19 hexes, not {len(found)}")
    elif isinstance(value, list | tuple):
        if len(value) != len(cells):
            raise OptionError(f"bad map: a map sequence has 19 terrains, not {len(value)}")
        found = {cell: _terrain(kind) for cell, kind in zip(cells, value, strict=True)}
    else:
        raise OptionError(f"bad map: expected a map string, mapping or sequence, not {value!r}")
    counts = [sum(1 for t in found.values() if t is kind) for kind in Terrain]
    if counts != [TILES[kind] for kind in Terrain]:
        raise OptionError(
            "bad map: the map needs 7 plains, 5 mountains and 7 seas, "
            f"not {counts[0]}, {counts[1]} and {counts[2]}"
        )
    for player, cell in enumerate(QUEEN_HEXES):
        if found[cell] is not Terrain.PLAIN:
            raise OptionError(f"bad map: player {player}'s Queen hex {format_hex(cell)} must be a plain")
    return {cell: found[cell] for cell in cells}


def _terrain(kind: Any) -> Terrain:
    if isinstance(kind, Terrain):
        return kind
    if isinstance(kind, str):
        key = kind.lower()
        for t in Terrain:
            if key in (t.value, t.letter.lower()):
                return t
    raise OptionError(f"bad map: {kind!r} is not a terrain; use 'plain', 'mountain' or 'sea'")


# -- the compiled tables the rules, the set-up, the views and the pictures read --

# Terrain codes in the internal lists.
PLAIN_CODE, MOUNTAIN_CODE, SEA_CODE, HIDDEN_CODE = 0, 1, 2, -1
TERRAIN_CODES = (Terrain.PLAIN, Terrain.MOUNTAIN, Terrain.SEA)
TERRAIN_CODE = {Terrain.PLAIN: PLAIN_CODE, Terrain.MOUNTAIN: MOUNTAIN_CODE, Terrain.SEA: SEA_CODE}
CELL_COUNT = len(CELLS)
CELL_INDEX: dict[Hex, int] = {cell: i for i, cell in enumerate(CELLS)}

MOST_FIELDS = 8
MOST_CITIES = 2
MOST_PRINCES = 3


def hex_index(cell: Any) -> int:
    # A pair of whole numbers: (False, 0.0) is equal to (0, 0) as a key, but no hex's name can be written from it.
    index = CELL_INDEX.get(cell) if type(cell) is tuple and all(type(c) is int for c in cell) else None
    if index is None:
        raise OptionError(f"no hex {cell!r} on the 19-hex board; hexes are axial (q, r) pairs")
    return index


# The tables the rules read: neighbours and distances by cell number, the
# cells within two steps, the start cells, and the goal in half points.
NEIGHBORS: tuple[tuple[int, ...], ...] = BOARD.compiled.neighbors
DISTANCE: tuple[tuple[int, ...], ...] = BOARD.compiled.distance or ()
WITHIN_TWO: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(CELL_COUNT) if 1 <= DISTANCE[i][j] <= 2) for i in range(CELL_COUNT)
)
QUEEN_START: tuple[int, ...] = tuple(CELL_INDEX[c] for c in QUEEN_HEXES)
PRINCE_START: tuple[tuple[int, ...], ...] = tuple(tuple(CELL_INDEX[c] for c in hexes) for hexes in PRINCE_HEXES)
GOAL = 10  # Fields worth 5, counted in halves
