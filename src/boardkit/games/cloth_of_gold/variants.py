"""The variants (the game's two editions, 2023 and 2020) and the options of
Field of the Cloth of Gold.

The variants are declared as every game's are: the option ``variant``, with
its choices, which ``boardkit list``, ``--variant`` and the web form read.
The option's old name, ``edition``, is read by
:class:`~boardkit.games.cloth_of_gold.ClothOfGold` alone, for one release,
with a :class:`DeprecationWarning`.

Examples:
    >>> sum(TILE_SETS[2023].values()), sum(TILE_SETS[2020].values())
    (54, 54)
    >>> ClothOfGoldOptions(variant=2020)
    ClothOfGoldOptions(variant=2020, first=0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from boardkit.about import option
from boardkit.errors import OptionError
from boardkit.games.cloth_of_gold.board import Tile

__all__ = ["TILE_SETS", "VARIANTS", "ClothOfGoldOptions"]

#: The tiles of each variant, that is of each edition. 2023 has 12 of each
#: colour and 6 jewels; 2020 has 18 gold, 12 of the other colours and no jewels.
TILE_SETS: Final[Mapping[int, Mapping[Tile, int]]] = {
    2023: {Tile.GOLD: 12, Tile.BLUE: 12, Tile.WHITE: 12, Tile.RED: 12, Tile.JEWEL: 6},
    2020: {Tile.GOLD: 18, Tile.BLUE: 12, Tile.WHITE: 12, Tile.RED: 12},
}
#: The variants: the editions, newest first.
VARIANTS: Final[tuple[int, ...]] = (2023, 2020)


def _check_variant(_: object, __: object, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value not in VARIANTS:
        raise OptionError(f"variant must be 2023 or 2020, not {value!r}")


def _check_first(_: object, __: object, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1):
        raise OptionError(f"first must be player 0 or 1, not {value!r}")


@attrs.frozen
class ClothOfGoldOptions:
    """The options of :class:`~boardkit.games.cloth_of_gold.ClothOfGold`.

    Attributes:
        variant: The edition: ``2023`` (default: 12 gold and 6 jewels) or
            ``2020`` (18 gold, no jewels).
        first: The player who takes the first turn (default 0).

    Examples:
        >>> ClothOfGoldOptions(variant=2019)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: variant must be 2023 or 2020, not 2019
    """

    variant: int = option(
        2023,
        "the edition: 2023, 12 gold and 6 jewels; 2020, 18 gold, no jewels",
        choices=VARIANTS,
        validator=_check_variant,
    )
    first: int = option(0, "the player who takes the first turn", low=0, high=1, validator=_check_first)
