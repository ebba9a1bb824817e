"""Hex on the authoring kit: the rules and nothing else.

A rhombus of hexes, 11 by 11 unless you choose another size
(``Hex(size=7)``): columns a, b, ... from the left and rows 1, 2, ... from
the top, ``a1`` the top-left hex. Red (player 0) and blue (player 1) take
turns putting a stone on any empty hex, red first. Red wins by joining the
top and bottom sides with a chain of red stones, blue by joining the left and
right sides with blue ones. A full board always holds exactly one such chain,
so there are no draws. (The swap rule is not played, nor is it by
default in OpenSpiel's ``hex``, with which this game agrees over 200 random
games at size 11: ``tests/test_gallery_more.py``.)

Run it with ``boardkit play examples/hex.py:Hex``.

Examples:
    >>> state = Hex(size=3).new_game(seed=0)
    >>> for cell in ["c1", "a1", "b2", "b1", "a3"]:
    ...     state.apply(cell)
    >>> state.outcome.winner, state.outcome.reason
    (0, 'red joins top and bottom')
"""

from __future__ import annotations

import functools
from typing import ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import Cell, HexGrid, Topology

STONES = "RB"
GOALS = [("red", "top", "bottom"), ("blue", "left", "right")]  # each player's colour and sides to join
SIDES = {"top": 1, "bottom": 2, "left": 4, "right": 8}  # each side's bit in a hex's marks
GOAL = [SIDES[one] | SIDES[other] for _, one, other in GOALS]  # each player's two sides' bits together


@functools.cache
def board(size: int) -> tuple[HexGrid, list[Place], list[int]]:
    """The board of this size, built once: its hexes, a move to each hex (by
    cell index), and each hex's marks: the bits of the sides it lies on."""
    grid = HexGrid.rhombus(size, size)
    marks = [0] * len(grid)
    for side, bit in SIDES.items():
        for cell in grid.side(side):
            marks[grid.index(cell)] |= bit
    return grid, Place.every(grid), marks


@attrs.frozen
class HexOptions:
    """The board's size: ``size`` hexes along each side, from 1 to 26."""

    size: int = attrs.field(default=11, validator=attrs.validators.in_(range(1, 27)))


class HexState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        _, places, _ = board(self.game.options.size)
        return self.place_moves(places)

    def play(self, move: Place) -> None:
        self.put(move.cell, STONES[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        grid, _, marks = board(self.game.options.size)
        last = self.last_move  # the stone just put: only its chain can be new, and only its player has won
        if last is not None:
            return self.joined(1 - self.player, last.cell, marks)
        for player, (_, one, _) in enumerate(GOALS):  # no move made the position: every chain on a first side
            for cell, bits in zip(grid.cells, marks, strict=True):
                if bits & SIDES[one] and self[cell] == STONES[player] and (won := self.joined(player, cell, marks)):
                    return won
        return None

    def joined(self, player: int, cell: Cell, marks: list[int]) -> Outcome | None:
        """The player's win if the chain on ``cell`` touches both their sides."""
        if self.chain_marks(cell, marks) & GOAL[player] == GOAL[player]:
            return Outcome.win(player, "{} joins {} and {}".format(*GOALS[player]))  # red joins top and bottom
        return None


class Hex(BoardGame[HexState, Place]):
    """Hex for two on a rhombus of ``size`` by ``size`` hexes (11 by default)."""

    name = "hex"
    about = About(
        goal="Red joins the top and bottom sides with a chain of red stones, blue the left and right; there are no "
        "draws.",
        turn="Put a stone on any empty hex (red first): type its name, e.g. f6, a1 top-left.",
    )
    pieces: ClassVar = {"R": "player 0 (red): top to bottom", "B": "player 1 (blue): left to right"}
    colours: ClassVar = {"R": "#d32f2f", "B": "#1e5bc6"}
    sides: ClassVar = {"top": "R", "bottom": "R", "left": "B", "right": "B"}
    moves = (Place,)
    options_class = HexOptions
    state_class = HexState

    def make_board(self) -> Topology:
        return board(self.options.size)[0]
