"""Field of the Cloth of Gold (Amabel Holland), for two players, both editions
(its two variants, 2023 and 2020).

Two kings take turns moving a token onto one of seven oval spaces: the tile
beside it goes as a Gift to the rival's Court, then the space's action
resolves. Tiles in Hand are secret until revealed into the Court, where they
score. The game ends at 30 points or when the Darkness (the bag) runs out;
jewels and gold in Court then score. See :doc:`/reference/games/cloth-of-gold`.

Examples:
    >>> from boardkit.games.cloth_of_gold import ClothOfGold, Space, Tile
    >>> state = ClothOfGold(2023).new_game(seed=11)
    >>> while not state.is_over:
    ...     state.apply(state.legal_moves()[0])
    >>> state.outcome.reason in ("score 30 reached", "the darkness ran out")
    True
"""

from __future__ import annotations

from boardkit.games.cloth_of_gold.board import COLOURS, OVALS, TILE_SPACES, TILES, Space, Tile
from boardkit.games.cloth_of_gold.rules import (
    TOKEN_NAMES,
    ClothOfGold,
    ClothOfGoldState,
    ClothOfGoldView,
    Move,
    winners_of,
)
from boardkit.games.cloth_of_gold.variants import TILE_SETS, VARIANTS, ClothOfGoldOptions

__all__ = [
    "COLOURS",
    "OVALS",
    "TILES",
    "TILE_SETS",
    "TILE_SPACES",
    "TOKEN_NAMES",
    "VARIANTS",
    "ClothOfGold",
    "ClothOfGoldOptions",
    "ClothOfGoldState",
    "ClothOfGoldView",
    "Move",
    "Space",
    "Tile",
    "winners_of",
]

