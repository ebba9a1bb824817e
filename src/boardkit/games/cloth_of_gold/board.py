"""The components of Field of the Cloth of Gold: tiles, the seven oval
spaces and the Track of Scoring.

Examples:
    >>> [s.value for s in OVALS]
    ['dragon', 'secrecy', 'gold', 'blue', 'white', 'red', 'purple']
    >>> Tile("jewel") is Tile.JEWEL
    True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

from boardkit.track import ScoreTrack

__all__ = [
    "ACTION_TILE",
    "COLOURS",
    "GOLD_POINTS",
    "OVALS",
    "ROW_SIZES",
    "SECRECY_DRAWS",
    "TARGET",
    "TILES",
    "TILE_SPACES",
    "Space",
    "Tile",
    "new_track",
]


class Tile(enum.Enum):
    """A tile colour. Jewels exist only in the 2023 edition.

    Examples:
        >>> Tile.GOLD.value, Tile("red")
        ('gold', <Tile.RED: 'red'>)
    """

    GOLD = "gold"
    BLUE = "blue"
    WHITE = "white"
    RED = "red"
    JEWEL = "jewel"

    # Hashed by identity (a member is equal only to itself), in C: Enum's own hash is Python code,
    # and counting tiles in hands, courts and the bag hashes them about 50 times a move.
    __hash__ = object.__hash__


class Space(enum.Enum):
    """One of the seven oval spaces, each tied to an action.

    Every space but the Dragon's has a tile space beside it.

    Examples:
        >>> Space("purple"), Space.DRAGON.has_tile_space
        (<Space.PURPLE: 'purple'>, False)
    """

    DRAGON = "dragon"
    SECRECY = "secrecy"
    GOLD = "gold"
    BLUE = "blue"
    WHITE = "white"
    RED = "red"
    PURPLE = "purple"

    # Hashed by identity, in C, as Tile is.
    __hash__ = object.__hash__

    @property
    def has_tile_space(self) -> bool:
        """True for the six spaces that have a tile space (all but the Dragon's).

        Examples:
            >>> Space.GOLD.has_tile_space
            True
        """
        return self is not Space.DRAGON


#: The tile colours in their canonical order (for sorting and display).
TILES: Final[tuple[Tile, ...]] = tuple(Tile)
#: The four colours that make a Set for the Purple action (jewels excluded).
COLOURS: Final[tuple[Tile, ...]] = (Tile.GOLD, Tile.BLUE, Tile.WHITE, Tile.RED)
#: The seven oval spaces in board order.
OVALS: Final[tuple[Space, ...]] = tuple(Space)
#: The six spaces with a tile space, in board order (the order of refills).
TILE_SPACES: Final[tuple[Space, ...]] = OVALS[1:]

#: The tile colour each colour action reveals (and scores): Gold, Blue, White and Red.
ACTION_TILE: Final[Mapping[Space, Tile]] = {
    Space.GOLD: Tile.GOLD,
    Space.BLUE: Tile.BLUE,
    Space.WHITE: Tile.WHITE,
    Space.RED: Tile.RED,
}
#: Spaces per row of the Track of Scoring: 0-7, 8-15, 16-23, 24-31, 32-39.
ROW_SIZES: Final[tuple[int, ...]] = (8, 8, 8, 8, 8)
#: Tiles a Secrecy action draws, by the acting player's row.
SECRECY_DRAWS: Final[tuple[int, ...]] = (1, 2, 2, 3, 0)
#: Points per Gold tile in Court at the end, by the player's row.
GOLD_POINTS: Final[tuple[int, ...]] = (3, 3, 2, 1, 1)
#: The score that ends the game.
TARGET: Final = 30


def new_track() -> ScoreTrack:
    """A fresh Track of Scoring for two players.

    Examples:
        >>> track = new_track()
        >>> track.add(1, 17), track.value("secrecy", 1), track.value("gold", 1)
        (17, 2, 2)
    """
    return ScoreTrack(
        2,
        rows=ROW_SIZES,
        values={"secrecy": SECRECY_DRAWS, "gold": GOLD_POINTS},
        threshold=TARGET,
    )


TILE_ORDER: Final = {t: i for i, t in enumerate(TILES)}


def tile_pairs(counts: Mapping[Tile, int]) -> tuple[tuple[Tile, int], ...]:
    return tuple((t, counts[t]) for t in TILES if counts.get(t, 0) > 0)
