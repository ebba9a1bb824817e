"""Havannah on the authoring kit, as OpenSpiel's ``havannah`` plays it (its
defaults: ``board_size=8``, no swap rule; ``Havannah(swap=True)`` plays
OpenSpiel's ``swap=True``).

A hexagon of hexes, 8 along each side unless you choose another size
(``Havannah(size=4)``), 169 in all. Player 0 (``O``) and player 1 (``@``)
take turns putting a stone on any empty hex, player 0 first. A player wins
with a chain of their stones that makes one of three shapes:

* a ring: a loop around one hex or more, whatever those hexes hold (empty,
  the other player's stones or the player's own);
* a bridge: a chain joining two of the six corners;
* a fork: a chain joining three of the six sides (a corner belongs to no
  side).

A full board without any of them is a draw. With the swap rule, the second
player's first move may be on the first stone, which becomes theirs.

Hexes are named as OpenSpiel names them: rows 1 to 15 from the top, and
columns a, b, ... along each row from its left end, counted so that the
letter goes down-right with the rows: ``a1`` to ``h1`` on the top row, ``a8``
to ``o8`` across the middle and ``h15`` to ``o15`` on the bottom row.

Missing from the kit: a hex board of another shape than the rhombus names
its cells ``(q, r)``; the board here is a :class:`~boardkit.topology.HexGrid`
that names them as OpenSpiel does. The kit keeps the chains: what they touch
(:meth:`~boardkit.kit.BoardState.chain_marks`, for bridges and forks) and
whether a stone about to go down closes a ring
(:meth:`~boardkit.kit.BoardState.closes_ring`). ``tests/test_gallery_connection.py`` plays
this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/havannah.py:Havannah``.

Examples:
    >>> state = Havannah(size=3).new_game(seed=0)
    >>> len(state.legal_moves()), str(state.legal_moves()[0])
    (19, 'a1')
    >>> for cell in ["d3", "c3", "c2", "b1", "b2", "d5", "b3", "a2", "c4", "e4", "d4"]:
    ...     state.apply(cell)  # player 0 closes a ring round c3, which holds player 1's stone
    >>> state.outcome.winner, state.outcome.reason
    (0, 'a ring')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import HexGrid, Topology

STONES = "O@"
SIDES = ("top", "top-right", "bottom-right", "bottom", "bottom-left", "top-left")
#: The win a chain makes (or None) by what it touches, as its cells' marks together (chain_marks): two corners
#: (bits 6 to 11) a bridge, three sides (bits 0 to 5) a fork.
SHAPES = [
    "a bridge" if (t >> 6).bit_count() >= 2 else "a fork" if (t & 63).bit_count() >= 3 else None for t in range(1 << 12)
]


class Hexagon(HexGrid):
    """A hexagon of hexes named as OpenSpiel names them: row ``y`` from the
    top and column ``x``, with ``q = x - y`` and ``r = y - radius``."""

    def name(self, cell: tuple[int, int] | str) -> str:
        q, r = self.hexes[self.index(cell)]
        y = r + (self.radius or 0)
        return f"{chr(ord('a') + q + y)}{y + 1}"


@attrs.frozen
class Board:
    """The board of one size and what the rules read of it, as cell indices."""

    grid: HexGrid
    places: list[Place]
    corners: set[int]
    marks: list[int]  # each cell's side (bits 0 to 5, corners not counted) or corner (bits 6 to 11), for chain_marks
    index: dict[str, int]  # each hex's name to its index


@functools.cache
def board(size: int) -> Board:
    grid = Hexagon.hexagon(size - 1)
    sides = [{grid.index(cell) for cell in grid.side(name)} for name in SIDES]
    corners = {i for k, side in enumerate(sides) for i in side & sides[k - 1]}
    marks = [0] * len(grid)
    for k, side in enumerate(sides):
        for i in side - corners:
            marks[i] = 1 << k
    for k, i in enumerate(sorted(corners)):
        marks[i] = 1 << (6 + k)
    return Board(grid, Place.every(grid), corners, marks, {grid.name(cell): i for i, cell in enumerate(grid.cells)})


@attrs.frozen
class HavannahOptions:
    """The board's size (hexes along each side, 2 to 13) and whether the swap rule is played."""

    size: int = attrs.field(default=8, validator=attrs.validators.in_(range(2, 14)))
    swap: bool = False


class HavannahState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        places = board(self.game.options.size).places
        moves = self.place_moves(places)
        if self.game.options.swap and self.player == 1 and self.at.count(None) == len(places) - 1:
            last = self.last_move  # the swap: on the first stone, where the first move put it
            moves[:0] = [last] if last and self[last.cell] else []
        return moves

    def play(self, move: Place) -> None:
        stone = STONES[self.player]
        ring = self[move.cell] is None and self.closes_ring(move.cell, stone)  # not the swap, on the first stone
        if ring or self.counter("_ring"):  # seen before the stone joins its neighbours' chains (and a ring
            self.set("_ring", ring)  # broken by hand since the last move is no ring of this one)
        self.put(move.cell, stone)
        self.next_turn()

    def judge(self) -> Outcome | None:
        last, b = self.last_move, board(self.game.options.size)  # the stone just put: only its chain is new
        if last is not None:
            shape = "a ring" if self.counter("_ring") else SHAPES[self.chain_marks(last.cell, b.marks)]
            if shape:
                return Outcome.win(1 - self.player, shape)
        else:  # no move made the position: every chain of either player
            cells = self.at
            for player, stone in enumerate(STONES):
                if ringed(cells, b.grid, stone):
                    return Outcome.win(player, "a ring")
                for i, held in enumerate(cells):
                    if held == stone and (shape := SHAPES[self.chain_marks(b.grid.cells[i], b.marks)]):
                        return Outcome.win(player, shape)
        return None if None in self.at else Outcome.draw("the board is full")


def ringed(cells: Sequence[str | None], grid: HexGrid, stone: str) -> bool:
    """Whether ``stone``'s stones ring a hex, looked at afresh (for a position
    no move made): a hex, whatever it holds, whose every way to the board's
    rim crosses one of them."""
    near = grid.compiled.neighbors
    for start in range(len(cells)):
        seen, todo = {start}, [start]
        while todo:
            i = todo.pop()
            if len(near[i]) < 6:  # on the rim: out
                break
            fresh = [j for j in near[i] if j not in seen and cells[j] != stone]
            seen.update(fresh)
            todo += fresh
        else:
            return True
    return False


class Havannah(BoardGame[HavannahState, Place]):
    """Havannah for two on a hexagon of ``size`` hexes a side (8 by default)."""

    name = "havannah"
    about = About(
        goal=(
            "Make a ring, a bridge joining two corners or a fork joining three sides; a full board without one is a "
            "draw."
        ),
        turn=(
            "Put a stone on any empty hex: type its name, such as d4. With the swap rule on, the second player's first "
            "move may take over the first stone."
        ),
    )
    pieces: ClassVar = {"O": "player 0", "@": "player 1"}
    counters: ClassVar = {"_ring": False}  # whether the last stone closed a ring
    colours: ClassVar = {"O": "#f5f5f5", "@": "#222222"}
    moves = (Place,)
    options_class = HavannahOptions
    state_class = HavannahState

    def make_board(self) -> Topology:
        return board(self.options.size).grid
