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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from boardkit.games.cloth_of_gold import render
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
from boardkit.parts import Parts

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = [
    "PARTS",
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


def _all_moves(game: ClothOfGold) -> Sequence[Move]:
    """Every move at its action index (:func:`boardkit.games.cloth_of_gold.encoding.all_moves`)."""
    from boardkit.games.cloth_of_gold.encoding import all_moves  # numpy, the rl extra: imported when RL asks

    return all_moves(game)


def _observation_encoder(game: ClothOfGold, players: int) -> Encoder:
    """A player's view as numbers (:func:`boardkit.games.cloth_of_gold.encoding.observation_encoder`)."""
    from boardkit.games.cloth_of_gold.encoding import observation_encoder  # numpy, the rl extra

    return observation_encoder(game, game.check_players(players))


#: Field of the Cloth of Gold's parts, assembled here where the package sees them all
#: (:attr:`ClothOfGold.declared`): the state class, the picture, the RL action list and the observation encoder.
PARTS: Final[Parts[ClothOfGoldState, ClothOfGold]] = Parts(
    states=(ClothOfGoldState,),
    picture=render.picture,
    all_moves=_all_moves,
    observation_encoder=_observation_encoder,
)
