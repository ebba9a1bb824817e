"""What a player may know of a game of Field of the Cloth of Gold:
:class:`ClothOfGoldView`, and the deal a determinized copy gets.

The state's ``view`` and ``determinize`` come here (the deal itself is
``search.py``'s, compiled in the compiled build). This module imports the
core, the components and the game's board, deal, moves and shapes (the state
as :class:`~boardkit.games.cloth_of_gold.shape.StateFields`), never the rules
(which import it).
"""

from __future__ import annotations

from typing import Any

import attrs

from boardkit.compiling import IntArgument
from boardkit.game import Outcome, Player, to_json_value
from boardkit.games.cloth_of_gold.board import TILE_SPACES, Space, Tile, tile_pairs
from boardkit.games.cloth_of_gold.moves import Move
from boardkit.games.cloth_of_gold.search import determinize
from boardkit.games.cloth_of_gold.shape import StateFields

__all__ = ["ClothOfGoldView", "determinize", "view_of"]


@attrs.frozen
class ClothOfGoldView:
    """What one player may know of a game: all but the rival's Hand (only its
    size) and the Darkness (only its size).

    Attributes:
        player: Whose view it is.
        to_move: The player to move, ``None`` once the game is over.
        hand: The player's own Hand, as ``(tile, count)`` pairs.
        rival_hand_size: How many tiles the rival holds.
        courts: Both Courts, as ``(tile, count)`` pairs.
        scores: Both scores.
        tile_spaces: The tile on each of the six tile spaces, in board order.
        tokens: Where each player's two tokens stand.
        dragon: Where the Dragon stands (``None``: at home).
        darkness_size: How many tiles are left in the Darkness.
        removed: The tiles removed from the game.
        drawn_since_reveal: For each player, per tile colour in :data:`~boardkit.games.cloth_of_gold.TILES`
            order, how many tiles they have drawn since they last revealed
            that colour (see :meth:`~boardkit.games.cloth_of_gold.ClothOfGoldState.drawn_since_reveal`):
            public knowledge that bounds what their Hand can hold.
        history: Every move so far (moves are public).
        outcome: How the game ended, if it has.

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> state = ClothOfGold().new_game(seed=1)
        >>> view = state.view(0)
        >>> view.rival_hand_size, view.darkness_size, sum(n for _, n in view.hand)
        (2, 44, 2)
    """

    player: Player
    to_move: Player | None
    hand: tuple[tuple[Tile, int], ...]
    rival_hand_size: int
    courts: tuple[tuple[tuple[Tile, int], ...], tuple[tuple[Tile, int], ...]]
    scores: tuple[int, int]
    tile_spaces: tuple[Tile | None, ...]
    tokens: tuple[tuple[Space | None, Space | None], tuple[Space | None, Space | None]]
    dragon: Space | None
    darkness_size: int
    removed: tuple[tuple[Tile, int], ...]
    drawn_since_reveal: tuple[tuple[int, ...], tuple[int, ...]]
    history: tuple[Move, ...]
    outcome: Outcome | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data: tile counts as ``{tile: count}`` objects,
        spaces, tiles and moves as their names; equal views give equal dicts.

        Examples:
            >>> import json
            >>> from boardkit.games.cloth_of_gold import ClothOfGold
            >>> view = ClothOfGold().new_game(seed=1).view(0)
            >>> view.to_dict()["hand"], view.to_dict()["tile_spaces"]["secrecy"]
            ({'blue': 1, 'red': 1}, 'red')
            >>> json.loads(json.dumps(view.to_dict())) == view.to_dict()
            True
        """
        data: dict[str, Any] = {f.name: to_json_value(getattr(self, f.name)) for f in attrs.fields(type(self))}
        for name in ("hand", "removed"):
            data[name] = {t.value: n for t, n in getattr(self, name)}
        data["courts"] = [{t.value: n for t, n in court} for court in self.courts]
        data["tile_spaces"] = {s.value: to_json_value(t) for s, t in zip(TILE_SPACES, self.tile_spaces, strict=True)}
        return data


def view_of(state: StateFields, player: IntArgument) -> ClothOfGoldView:
    """What ``player`` may know of ``state`` (``state.view(player)``)."""
    player = state.check_player(player)
    t0, t1 = state._places
    return ClothOfGoldView(
        player=player,
        to_move=state.current_player,
        hand=tile_pairs(state._hands[player].items),
        rival_hand_size=len(state._hands[1 - player]),
        courts=(tile_pairs(state._courts[0].items), tile_pairs(state._courts[1].items)),
        scores=state.scores,
        tile_spaces=tuple(state._spaces[s] for s in TILE_SPACES),
        tokens=((t0[0], t0[1]), (t1[0], t1[1])),
        dragon=state._dragon,
        darkness_size=len(state._darkness),
        removed=tile_pairs(state._removed),
        drawn_since_reveal=(tuple(state._since[0]), tuple(state._since[1])),
        history=tuple(state._moves),
        outcome=state._outcome,
    )
