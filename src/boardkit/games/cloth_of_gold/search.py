"""What Monte Carlo search runs on a game of Field of the Cloth of Gold every
iteration before its playout: :func:`determinize` (a copy with the rival's
Hand and the Darkness dealt afresh).

The state's ``determinize`` (through ``hidden.py``, what a player may know)
comes here: apart from ``hidden.py``'s view class (an attrs
class, which mypyc cannot compile) and from the rules (a module of its own
size), and compiled with the rules in the compiled build (``hatch_build.py``).
This module imports the core, the components and the game's board and
shapes, never the rules.

Examples:
    >>> from boardkit.games.cloth_of_gold import ClothOfGold
    >>> state = ClothOfGold().new_game(seed=2)
    >>> twin = determinize(state, 0, 9)
    >>> twin.view(0) == state.view(0), twin.seed
    (True, 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from boardkit.bag import TileBag
from boardkit.chance import Random, check_seed
from boardkit.games.cloth_of_gold.board import TILES, Tile
from boardkit.games.cloth_of_gold.shape import StateFields
from boardkit.zones import Hand

__all__ = ["deal_hand", "determinize"]

#: The state's own class (a ClothOfGoldState): ``determinize`` returns a copy of it.
_State = TypeVar("_State", bound=StateFields)


def _can_finish(held: list[int], left: list[int], limits: list[int], size: int) -> bool:
    """Whether a Hand holding ``held`` (per colour, in ``limits``' order) can
    still be completed to ``size`` tiles from ``left`` within the bounds."""
    total = 0
    best = 0
    for j, limit in enumerate(limits):
        total += held[j]
        if total > limit:
            return False
        best = min(limit, best + held[j] + left[j])
    return best >= size


def deal_hand(pool: Sequence[Tile], size: int, since: Sequence[int]) -> tuple[list[Tile], list[Tile]]:
    """Split a shuffled ``pool`` into a Hand of ``size`` tiles and the rest,
    keeping to the public bounds: for every ``k``, the tiles of the colours
    drawn-since-reveal ``<= k`` number at most ``k`` (they were all drawn
    among the last ``k`` draws). Tiles are taken in pool order, each one
    only if the Hand can still be completed; the rest keep their order.

    Examples:
        >>> deal_hand([Tile.GOLD, Tile.RED, Tile.BLUE], 1, [0, 9, 9, 9, 9])   # no gold drawn since
        ([<Tile.RED: 'red'>], [<Tile.GOLD: 'gold'>, <Tile.BLUE: 'blue'>])
    """
    order = sorted(range(len(TILES)), key=lambda i: (since[i], i))
    limits = [since[i] for i in order]
    place = {TILES[i]: j for j, i in enumerate(order)}
    held = [0] * len(order)
    left = [0] * len(order)
    for tile in pool:
        left[place[tile]] += 1
    hand: list[Tile] = []
    rest: list[Tile] = []
    for tile in pool:
        j = place[tile]
        left[j] -= 1
        if len(hand) < size:
            held[j] += 1
            if _can_finish(held, left, limits, size):
                hand.append(tile)
                continue
            held[j] -= 1
        rest.append(tile)
    if len(hand) != size:  # pragma: no cover - the real Hand always fits the bounds
        raise RuntimeError("no Hand fits what the moves made public")
    return hand, rest


def determinize(state: _State, player: Any, seed: Any) -> _State:
    """A copy of ``state`` with the rival's Hand and the Darkness dealt afresh
    (``state.determinize(player, seed)``). ``player`` and ``seed`` are what a
    user passed, typed ``Any``: a wrong type is a boardkit error on both builds."""
    rival = 1 - state.check_player(player)
    check_seed(seed)
    twin = state.copy()
    hand = state._hands[rival]
    dark = state._darkness.counts
    pool = [t for t in TILES for _ in range(hand.count(t) + dark.get(t, 0))]
    Random(seed).shuffle(pool)
    dealt, rest = deal_hand(pool, len(hand), state._since[rival])
    twin._hands[rival] = Hand(owner=rival, items=dealt)
    # A new seed, generator and sealed undo records: the real ones would
    # give the hidden parts away.
    twin._redeal(seed)
    twin._darkness = TileBag(rest, rng=twin.rng)
    return twin

