"""Field of the Cloth of Gold for reinforcement learning: every move at a
fixed action index, and a player's view as a vector of numbers.

Games floor: it imports the core, the components (:mod:`boardkit.encoding`,
which imports numpy) and the game's board, moves and shapes, never the rules.
:meth:`ClothOfGold.all_moves
<boardkit.games.cloth_of_gold.ClothOfGold.all_moves>` and
:meth:`ClothOfGold.observation_encoder
<boardkit.games.cloth_of_gold.ClothOfGold.observation_encoder>` import it
when asked, so that importing the game never imports numpy.

The encoder reads only a player's view (``state.view(player)``), never the
state: the rival's Hand is its size alone.
"""

from __future__ import annotations

from typing import Any

from boardkit.encoding import Array, Encoder
from boardkit.games.cloth_of_gold.board import TILE_ORDER, Space
from boardkit.games.cloth_of_gold.moves import Move
from boardkit.games.cloth_of_gold.shape import GameShape

__all__ = ["CLOTH_OF_GOLD_FEATURES", "all_moves", "observation_encoder"]

#: Cloth of Gold's features, in order (the observer first, then the rival).
CLOTH_OF_GOLD_FEATURES = (
    ("to move: observer, rival", 2),
    ("observer's Hand, per tile colour", 5),
    ("rival's Hand size", 1),
    ("Courts, observer's then rival's, per tile colour", 10),
    ("scores, observer's then rival's", 2),
    ("each tile space: empty or a tile colour, one-hot", 36),
    ("each token (observer's two, rival's two): home or an oval, one-hot", 32),
    ("the Dragon: home or an oval, one-hot", 8),
    ("Darkness size", 1),
    ("tiles removed, per colour", 5),
    ("drawn since last reveal, observer's then rival's, per colour", 10),
    ("the observer's seat, one-hot", 2),
)


def all_moves(game: GameShape) -> list[Move]:
    """Every move at its action index: token (2) x oval (7) x the Dragon's
    oval or none (8).

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> moves = all_moves(ClothOfGold())
        >>> len(moves), str(moves[0]) == str(moves[0])
        (112, True)
    """
    return [Move(token, to, dragon) for token in (0, 1) for to in Space for dragon in (None, *Space)]


def observation_encoder(game: GameShape, players: int) -> Encoder:
    """A player's view as a vector of 114 numbers
    (:data:`CLOTH_OF_GOLD_FEATURES`).

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> game = ClothOfGold()
        >>> encode = observation_encoder(game, 2)
        >>> obs = encode(game.new_game(seed=1).view(0))
        >>> obs.shape, encode.high, float(obs[112])  # the observer's seat
        ((114,), 1000.0, 1.0)
    """
    ovals: dict[Space | None, int] = {s: k for k, s in enumerate((None, *Space))}  # home 0, then the ovals
    size = sum(n for _, n in CLOTH_OF_GOLD_FEATURES)

    def fill(view: Any, flat: Array) -> None:
        me = view.player
        rival = 1 - me
        if view.to_move is not None:
            flat[0 if view.to_move == me else 1] = 1.0
        for t, n in view.hand:
            flat[2 + TILE_ORDER[t]] = n
        flat[7] = view.rival_hand_size
        for side, who in enumerate((me, rival)):
            for t, n in view.courts[who]:
                flat[8 + 5 * side + TILE_ORDER[t]] = n
            flat[18 + side] = view.scores[who]
        for k, t in enumerate(view.tile_spaces):
            flat[20 + 6 * k + (0 if t is None else 1 + TILE_ORDER[t])] = 1.0
        for side, who in enumerate((me, rival)):
            for k, space in enumerate(view.tokens[who]):
                flat[56 + 16 * side + 8 * k + ovals[space]] = 1.0
        flat[88 + ovals[view.dragon]] = 1.0
        flat[96] = view.darkness_size
        for t, n in view.removed:
            flat[97 + TILE_ORDER[t]] = n
        for side, who in enumerate((me, rival)):
            flat[102 + 5 * side : 107 + 5 * side] = view.drawn_since_reveal[who]
        flat[112 + me] = 1.0

    return Encoder((size,), fill, high=1000.0)
