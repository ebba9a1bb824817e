"""Camelot's set-up: the deal that starts a game.

With two or more players the high tiles and the gardens are held back: with
three or four players a few tiles are laid on the plan first, then each
player is dealt two high tiles and a garden face down, and every hand is
filled face up from the bag. This module imports the components and the
game's plan, tiles and shape (what it reads of the state), never the rules
(which import it).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardkit.bag import TileBag
from boardkit.chance import Random
from boardkit.games.camelot.plan import Plan
from boardkit.games.camelot.shape import CamelotStateShape
from boardkit.games.camelot.tiles import Tile

__all__ = ["HAND_SIZE", "HIGH_VALUE", "deal"]

#: Tiles in a full hand.
HAND_SIZE = 10
#: Tiles worth this much or more are held back and dealt at the set-up.
HIGH_VALUE = 3


def deal(state: CamelotStateShape, everything: Sequence[Tile], plan: Plan, rng: Random, players: int) -> None:
    """Deal the start of a game onto the fresh ``state``: its bag, the tiles
    laid at the set-up, and every hand (see the module's description)."""
    if players == 1:
        state.bag = TileBag(everything, rng=rng)
    else:
        high = [t for t in everything if t.value >= HIGH_VALUE and not t.garden]
        gardens = [t for t in everything if t.garden]
        held = set(high) | set(gardens)
        state.bag = TileBag([t for t in everything if t not in held], rng=rng)
        for _ in range({3: 5, 4: 4}.get(players, 0)):
            if not state.bag:
                break
            t = state.bag.draw_one()
            free = [c for c in plan.squares_of[t.kind] if c not in state._board]
            state._board[free[rng.randbelow(len(free))]] = t
        high_bag = TileBag(high, rng=rng)
        garden_bag = TileBag(gardens, rng=rng)
        dealt = []
        for p in range(players):
            two, one = high_bag.draw(2), garden_bag.draw(1)
            state.hands[p].add(*two, *one)
            dealt.append((len(two), len(one)))
        state._dealt = tuple(dealt)
        state.bag.put(*high_bag.clear(), *garden_bag.clear())
    for p in range(players):
        state.hands[p].add_face_up(*state.bag.draw(HAND_SIZE - len(state.hands[p])))
