"""High Tiles: the smallest game with hidden information, built from boardkit's parts.

The tutorial "Add hidden information" builds it step by step.

Rules:
    Tiles numbered 1 to 9, two of each, go into a bag. Each player draws
    three secret tiles. In turn, a player lays one tile from their hand face
    up in their Court and draws a replacement while the bag lasts. When both
    hands are empty, the higher Court total wins; equal totals share the win.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs

from boardkit import (
    Hand,
    IllegalMoveError,
    NotationError,
    Outcome,
    Player,
    Random,
    State,
    TileBag,
    Zone,
    make_options,
)
from boardkit.about import About, Chance, Information
from boardkit.game import Game, view_dict

__all__ = ["HighState", "HighTiles", "HighView", "Lay"]


@attrs.frozen
class Lay:
    """Lay the tile numbered ``tile`` in your Court. Notation ``lay 7``.

    Examples:
        >>> str(Lay(7))
        'lay 7'
    """

    tile: int

    def __str__(self) -> str:
        return f"lay {self.tile}"


@attrs.frozen
class HighOptions:
    """Options: how many copies of each number the bag holds."""

    copies: int = attrs.field(default=2, validator=attrs.validators.in_(range(2, 10)))


@attrs.frozen
class HighView:
    """What one player may know: their own hand, the size of the rival's,
    both Courts, the size of the bag and the moves so far."""

    player: Player
    hand: tuple[tuple[int, int], ...]
    rival_hand: int
    courts: tuple[Hashable, ...]
    bag: int
    moves: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data (the web page's and OpenSpiel's observation string)."""
        return view_dict(self)


class HighTiles(Game["HighState", Lay]):
    """High Tiles for two players.

    Examples:
        >>> state = HighTiles().new_game(seed=4)
        >>> state.legal_moves()
        [Lay(tile=2), Lay(tile=4)]
        >>> state.view(1).hand != state.view(0).hand
        True
    """

    name = "high-tiles"
    about = About(title="High Tiles", information=Information.IMPERFECT, chance=Chance.HIDDEN)

    def __init__(self, **options: Any) -> None:
        self.options = make_options(HighOptions, options, game=self.name)

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> HighState:
        return HighState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> Lay:
        words = text.split() if isinstance(text, str) else []
        if len(words) != 2 or words[0] != "lay" or not words[1].isdigit() or len(words[1]) > 3:
            raise NotationError(text, "a move is 'lay N', for example 'lay 7'")
        return Lay(int(words[1]))


class HighState(State[Lay]):
    """A game of High Tiles in progress."""

    def __init__(self, game: HighTiles, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.bag: TileBag[int] = TileBag(dict.fromkeys(range(1, 10), game.options.copies), rng=self.rng)
        self.hands: list[Hand[int]] = [Hand(p, self.bag.draw(3)) for p in range(players)]
        self.courts: list[Zone[int]] = [Zone(p, "public") for p in range(players)]

    @property
    def current_player(self) -> Player | None:
        return None if self.outcome else len(self._moves) % self.players

    @property
    def outcome(self) -> Outcome | None:
        if any(len(h) for h in self.hands):
            return None
        totals = [sum(t * n for t, n in c.items.items()) for c in self.courts]
        best = max(totals)
        return Outcome(frozenset(p for p, t in enumerate(totals) if t == best), tuple(totals), "hands empty")

    def legal_moves(self) -> list[Lay]:
        if self.outcome:
            return []
        hand = self.hands[len(self._moves) % self.players]
        return [Lay(t) for t in sorted(hand.items)]

    def _play(self, move: Lay) -> object:
        me = len(self._moves) % self.players
        if not isinstance(move, Lay) or move.tile not in self.hands[me]:
            raise IllegalMoveError(move, "you hold no such tile")
        saved = (self.rng.state, self.bag.key())
        self.hands[me].remove(move.tile)
        self.courts[me].add(move.tile)
        drawn = self.bag.draw(1)
        self.hands[me].add(*drawn)
        return (saved, drawn)

    def _unplay(self, move: Lay, token: Any) -> None:
        (rng_state, bag_items), drawn = token
        me = len(self._moves) % self.players
        for tile in drawn:
            self.hands[me].remove(tile)
        self.courts[me].remove(move.tile)
        self.hands[me].add(move.tile)
        self.rng.state = rng_state
        self.bag.restore(bag_items)

    def _key(self) -> Hashable:
        return (tuple(h.key() for h in self.hands), tuple(c.key() for c in self.courts), self.bag.key())

    def copy(self) -> HighState:
        twin = HighState.__new__(HighState)
        self._copy_base_into(twin)
        twin.bag = self.bag.copy(rng=twin.rng)
        twin.hands = [h.copy() for h in self.hands]
        twin.courts = [c.copy() for c in self.courts]
        return twin

    def view(self, player: Player) -> HighView:
        """Everything but the rival's tiles and the bag's contents' order."""
        self.check_player(player)
        rival = 1 - player
        return HighView(
            player,
            self.hands[player].view(player).visible,
            len(self.hands[rival]),
            tuple(c.key() for c in self.courts),
            len(self.bag),
            tuple(str(m) for m in self._moves),
        )

    def _determinize(self, player: Player, seed: int) -> HighState:
        """Deal the tiles ``player`` has not seen at random between the
        rival's hand and the bag (:meth:`~boardkit.State.determinize` checks
        the player and the seed, then asks this)."""
        twin = self.copy()
        rival = 1 - player
        # The unseen pool in a canonical order: never in the real hidden order.
        pool = sorted((self.hands[rival].items + self.bag.counts).elements())
        Random(seed).shuffle(pool)
        n = len(self.hands[rival])
        twin._redeal(seed)  # a new seed and generator; undo stops at the deal
        twin.hands[rival] = Hand(rival, pool[:n])
        twin.bag = TileBag(pool[n:], rng=twin.rng)
        return twin

    def render(self) -> str:
        return " | ".join(f"court {p}: {sorted(c.items.elements())}" for p, c in enumerate(self.courts))

    def render_for(self, player: Player) -> str:
        """``player``'s screen, drawn from their view only: the Courts, their
        own hand, and how many tiles the rival holds."""
        view = self.view(player)
        hand = " ".join(str(tile) for tile, n in view.hand for _ in range(n)) or "-"
        return f"{self.render()}\nyour hand (player {player}): {hand}; the rival holds {view.rival_hand} tiles"
