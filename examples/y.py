"""Y on the authoring kit, as OpenSpiel's ``y`` plays it (its default
``board_size=19``; the swap rule is not played, as in OpenSpiel).

A triangle of hexes, 19 along each side unless you choose another size
(``Y(size=7)``): row 1 at the top holds 19 hexes, each row below one fewer
and half a hex further right, down to a single hex in row 19. A hex is named
by its column letter and its row, ``a1`` the top-left corner, ``s1`` the
top-right one and ``a19`` the bottom one, as OpenSpiel names them. Player 0
(``O``) and player 1 (``@``) take turns putting a stone on any empty hex,
player 0 first. A chain of one player's stones that touches all three sides
wins (a corner hex lies on two sides). A full board always holds such a
chain, so there are no draws.

Missing from the kit: nothing. The board is the kit's triangle of hexes
(:meth:`HexGrid.triangle <boardkit.topology.HexGrid.triangle>`), named and
sided as OpenSpiel's; the kit keeps each chain and what it touches
(:meth:`~boardkit.kit.BoardState.chain_marks`).
``tests/test_gallery_connection.py`` plays this game and OpenSpiel's side
by side.

Run it with ``boardkit play examples/y.py:Y``.

Examples:
    >>> state = Y(size=3).new_game(seed=0)
    >>> len(state.legal_moves()), [str(m) for m in state.legal_moves()]
    (6, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3'])
    >>> for cell in ["b1", "a1", "b2", "c1", "a2"]:
    ...     state.apply(cell)
    >>> state.outcome.winner, state.outcome.reason  # b1 on the top, b2 on the right, a2 on the left
    (0, 'a chain touches all three sides')
"""

from __future__ import annotations

import functools
from typing import ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import HexGrid, Topology

STONES = "O@"
ALL_THREE = "a chain touches all three sides"  # the win's reason


@functools.cache
def board(size: int) -> tuple[HexGrid, list[Place], list[int]]:
    """The board of this size, built once: its hexes, a move to each hex, and
    each hex's marks: the bits of the sides it lies on (top 1, left 2 and
    right 4; a corner is on two)."""
    grid = HexGrid.triangle(size)
    sides = [set(grid.side(name)) for name in ("top", "left", "right")]
    marks = [sum(1 << k for k, side in enumerate(sides) if cell in side) for cell in grid.cells]
    return grid, Place.every(grid), marks


@attrs.frozen
class YOptions:
    """The board's size: ``size`` hexes along each side, from 1 to 26."""

    size: int = attrs.field(default=19, validator=attrs.validators.in_(range(1, 27)))


class YState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        return self.place_moves(board(self.game.options.size)[1])

    def play(self, move: Place) -> None:
        self.put(move.cell, STONES[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        grid, _, marks = board(self.game.options.size)
        last = self.last_move  # the stone just put: only its chain can be new, and only its player has won
        if last is not None:
            return Outcome.win(1 - self.player, ALL_THREE) if self.chain_marks(last.cell, marks) == 7 else None
        for cell, bits in zip(grid.cells, marks, strict=True):  # no move made it: every chain on the top side
            if bits & 1 and self[cell] is not None and self.chain_marks(cell, marks) == 7:
                return Outcome.win(STONES.index(self[cell] or ""), ALL_THREE)
        return None


class Y(BoardGame[YState, Place]):
    """Y for two on a triangle of ``size`` hexes a side (19 by default)."""

    name = "y"
    about = About(
        goal="Make a chain of your stones that touches all three sides (a corner hex is on two); there are no draws.",
        turn="Put a stone on any empty hex: type its name, such as c3.",
    )
    pieces: ClassVar = {"O": "player 0", "@": "player 1"}
    colours: ClassVar = {"O": "#f5f5f5", "@": "#222222"}
    moves = (Place,)
    options_class = YOptions
    state_class = YState

    def make_board(self) -> Topology:
        return board(self.options.size)[0]
