"""What a player may know of a game of Camelot: :class:`CamelotView`, and the
deal a determinized copy gets.

The state's ``view`` and ``determinize`` come here. This module imports the
core, the components and the game's plan, tiles, moves, set-up and shape
(what it reads of the state), never the rules (which import it).
"""

from __future__ import annotations

import bisect
from collections import Counter
from typing import Any, TypeVar

import attrs

from boardkit.bag import TileBag
from boardkit.chance import Random, check_seed
from boardkit.compiling import IntArgument
from boardkit.game import Player
from boardkit.games.camelot.moves import Move
from boardkit.games.camelot.plan import Cell, square_name
from boardkit.games.camelot.setup import HIGH_VALUE
from boardkit.games.camelot.shape import CamelotStateShape, CopyableStateShape
from boardkit.games.camelot.tiles import Tile
from boardkit.zones import Hand, ZoneView

__all__ = ["CamelotView", "board_with", "determinize", "view_of"]

S = TypeVar("S", bound=CopyableStateShape)


@attrs.frozen
class CamelotView:
    """What one player may know of a game of Camelot.

    Attributes:
        player: Whose view it is.
        board: The tiles laid, as ``(square, tile)`` pairs in plan order.
        hands: Every player's hand as a :class:`~boardkit.ZoneView`: the viewer
            sees their whole hand, the others' face-up tiles and how many
            are concealed.
        bag: How many tiles are left in the bag (their order is hidden).
        scores: Everybody's score.
        to_move: The player to move (``None`` once the game is over).
        laid: The tiles laid so far in the current turn.
        history: Every move so far (``str(move)`` is its notation).
        concealed: Which of the viewer's own tiles lie face down, as
            ``(tile, count)`` pairs in tile-list order.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> state = Camelot().new_game(players=2, seed=1)
        >>> view = state.view(1)
        >>> view.hands[1].hidden, view.hands[0].hidden, view.hands[0].size
        (0, 3, 10)
        >>> sum(n for _, n in view.concealed)
        3
    """

    player: Player
    board: tuple[tuple[Cell, Tile], ...]
    hands: tuple[ZoneView[Tile], ...]
    bag: int
    scores: tuple[int, ...]
    to_move: Player | None
    laid: tuple[tuple[Cell, Tile], ...]
    history: tuple[Move, ...]
    concealed: tuple[tuple[Tile, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data: squares by name (``"c5"``), tiles by name,
        counts as ``{tile: count}`` objects; equal views give equal dicts.

        Examples:
            >>> import json
            >>> from boardkit.games.camelot import Camelot
            >>> state = Camelot().new_game(players=2, seed=1)
            >>> state.apply("place wall blank b1")
            >>> data = state.view(0).to_dict()
            >>> data["board"], data["hands"][1]["hidden"], data["bag"]
            ({'b1': 'wall blank'}, 3, 60)
            >>> json.loads(json.dumps(data)) == data
            True
        """
        return {
            "player": self.player,
            "board": {square_name(c): str(t) for c, t in self.board},
            "hands": [
                {"owner": h.owner, "visible": {str(t): n for t, n in h.visible}, "hidden": h.hidden}
                for h in self.hands
            ],
            "bag": self.bag,
            "scores": list(self.scores),
            "to_move": self.to_move,
            "laid": {square_name(c): str(t) for c, t in self.laid},
            "history": [str(m) for m in self.history],
            "concealed": {str(t): n for t, n in self.concealed},
        }


def view_of(state: CamelotStateShape, player: IntArgument) -> CamelotView:
    """What ``player`` may know of ``state`` (``state.view(player)``)."""
    player = state.check_player(player)
    # The board and the hands' views are kept until they change: most moves change one hand.
    board = state._board_pairs
    if board is None:
        laid = state._board
        cells = sorted(laid, key=state.game.cell_order.__getitem__)
        board = state._board_pairs = tuple(zip(cells, map(laid.__getitem__, cells), strict=True))
    hands = tuple([h.view(player) for h in state.hands])
    # The hand keeps its concealed tiles until they change (most moves lay or draw face-up ones).
    own = state.hands[player].concealed_pairs()
    kept = state._own_concealed.get(player)
    if kept is not None and kept[0] is own:
        concealed = kept[1]
    else:
        order = state.game.tiles.order
        concealed = tuple(sorted(own, key=lambda kv: order[kv[0]]))
        state._own_concealed[player] = (own, concealed)
    return CamelotView(
        player=player,
        board=board,
        hands=hands,
        bag=len(state.bag),
        scores=state.track.scores,
        to_move=state.current_player,
        laid=tuple(state._laid),
        history=tuple(state._moves),
        concealed=concealed,
    )


def board_with(
    pairs: tuple[tuple[Cell, Tile], ...], cell: Cell, tile: Tile, order: dict[Cell, int],
) -> tuple[tuple[Cell, Tile], ...]:
    """A view's board after ``tile`` is laid on ``cell`` (not covered before):
    its pair inserted where :func:`view_of`'s sort in plan order (``order``)
    puts it, without sorting the whole board again."""
    i = bisect.bisect(pairs, order[cell], key=lambda pair: order[pair[0]])
    return (*pairs[:i], (cell, tile), *pairs[i:])


def determinize(state: S, player: Player, seed: int) -> S:
    """A copy of ``state`` with everything ``player`` cannot see dealt afresh
    (``state.determinize(player, seed)``)."""
    state.check_player(player)
    check_seed(seed)
    twin = state.copy()
    order = state.game.tiles.order
    unseen = state.bag.counts
    known: dict[int, Counter[Tile]] = {}
    for p, hand in enumerate(state.hands):
        if p != player:
            unseen.update(hand.concealed)
            known[p] = state.known_concealed(p)
    for sure in known.values():
        unseen.subtract(sure)
    pool = sorted(unseen.elements(), key=order.__getitem__)
    Random(seed).shuffle(pool)
    for p, sure in known.items():
        high, gardens = state._dealt[p]
        for t, n in state._need[p].items():
            if t.garden:
                gardens -= n
            elif t.value >= HIGH_VALUE:
                high -= n
        chosen: list[Tile] = []
        rest: list[Tile] = []
        for t in pool:
            if t.garden and gardens > 0:
                gardens -= 1
                chosen.append(t)
            elif not t.garden and t.value >= HIGH_VALUE and high > 0:
                high -= 1
                chosen.append(t)
            else:
                rest.append(t)
        pool = rest
        face_up = state.hands[p].face_up
        twin.hands[p] = Hand(owner=p, items=[*sure.elements(), *chosen], face_up=face_up.elements())
    twin._redeal(seed)
    twin.bag = TileBag(pool, rng=twin.rng)
    return twin
