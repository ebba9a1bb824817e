"""Harvest: a game of your own that declares everything the applications show.

A rhombus of ``size`` by ``size`` hexes (columns a, b, ... from the left,
rows 1, 2, ... from the top); every hex bears a crop worth 1, 2 or 3, in
diagonal bands (``a1`` bears 1, ``b1`` 2, ``c1`` 3, ``a2`` 3, ...). Gold
(player 0) and Silver (player 1) take turns to claim an empty hex: the first
claim of each player anywhere, every later claim next to one of their own
hexes. A player who cannot claim passes; when neither can, the harvest is
over and the higher total of crops wins (equal totals: a draw).

Nothing in boardkit knows this game. It declares its seat names, goal and
turn summary (``about``), an option with choices (``size``), its scores, what
every player may see beside the board (``public_info``) and what each move
did (``describe``); ``boardkit list``, ``boardkit play``, the web page and
the RL observation show them with no line of theirs written for it.

Run it with ``boardkit play examples/harvest.py:Harvest``.

Examples:
    >>> state = Harvest(size=3).new_game(seed=0)
    >>> state.apply("b2"); state.apply("a1")
    >>> state.scores, state.public_info()
    ((1, 1), {'hexes left': '7', 'crops left': '16'})
    >>> before = state.copy(); state.apply("c2"); state.describe(state.history[-1], before)
    'Gold harvested 2 at c2'
"""

from __future__ import annotations

import functools
from typing import ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About, option
from boardkit.kit import BoardGame, BoardState, Pass, Place
from boardkit.topology import HexGrid, Topology

SEATS = ("Gold", "Silver")
STONES = "GS"


@functools.cache
def crops(size: int) -> tuple[HexGrid, tuple[int, ...], tuple[Place, ...]]:
    """The field of this size, each hex's crop and the claim of each hex, by cell index."""
    grid = HexGrid.rhombus(size, size)
    return grid, tuple((q + 2 * r) % 3 + 1 for q, r in grid.hexes), tuple(Place(grid.name(c)) for c in grid.cells)


@attrs.frozen
class HarvestOptions:
    size: int = option(5, "hexes along each side of the field", choices=(3, 4, 5, 6))


class HarvestState(BoardState[str, Place | Pass]):
    def claims(self, player: int) -> list[Place]:
        stone, claims = STONES[player], crops(self.game.options.size)[2]
        if stone in self.at:  # a player's later claims are next to one of their hexes
            return self.place_moves(claims, beside=stone)
        return self.place_moves(claims)

    def moves(self) -> list[Place | Pass]:
        return [*self.claims(self.player)] or [Pass()]

    def play(self, move: Place | Pass) -> None:
        if isinstance(move, Place):
            self.put(move.cell, STONES[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        if self.claims(0) or self.claims(1):
            return None
        gold, silver = self.scores
        if gold == silver:
            return Outcome.draw("equal harvests", (gold, silver))
        return Outcome.win(0 if gold > silver else 1, "the larger harvest", (gold, silver))

    @property
    def scores(self) -> tuple[int, int]:
        worth = crops(self.game.options.size)[1]
        layout = self.layout()
        return (
            sum(w for w, s in zip(worth, layout, strict=True) if s == "G"),
            sum(w for w, s in zip(worth, layout, strict=True) if s == "S"),
        )

    def public_info(self) -> dict[str, str]:
        worth = crops(self.game.options.size)[1]
        left = [w for w, s in zip(worth, self.layout(), strict=True) if s is None]
        return {"hexes left": str(len(left)), "crops left": str(sum(left))}

    def describe(self, move: Place | Pass, before: BoardState) -> str:
        who = SEATS[before.player]
        if isinstance(move, Pass):
            return f"{who} could not claim, and passed"
        gained = max(a - b for a, b in zip(self.scores, before.scores or (0, 0), strict=True))
        return f"{who} harvested {gained} at {move.cell}"


class Harvest(BoardGame[HarvestState, Place | Pass]):
    """Harvest for two: claim a connected patch of the field worth more than your rival's."""

    name = "harvest"
    about = About(
        title="Harvest",
        seats=SEATS,
        goal="Claim hexes whose crops add up to more than your rival's when the field is full.",
        turn="Claim one empty hex next to one of yours (your first claim may be anywhere); pass if you cannot.",
    )
    pieces: ClassVar = {"G": "Gold", "S": "Silver"}
    colours: ClassVar = {"G": "#d4a017", "S": "#9e9e9e"}
    moves = (Place, Pass)
    options_class = HarvestOptions
    state_class = HarvestState

    def make_board(self) -> Topology:
        return crops(self.options.size)[0]
