"""Pentago on the authoring kit, as OpenSpiel's ``pentago`` plays it.

A 6x6 board in four quarters of 3x3: ``nw``, ``ne``, ``se`` and ``sw``.
Columns a to f from the left and rows 1 to 6 from the top, ``a1`` the top
left. White (``W``, player 0) moves first, then black (``B``). A turn is in
two parts (the kit's :attr:`~boardkit.kit.BoardGame.parts`): put a marble
on an empty square (``c3``), then turn one quarter a quarter turn,
clockwise (``ne-cw``) or anticlockwise (``ne-ccw``), whether it holds
marbles or not. Five marbles of one colour in a line (across, down or
diagonal) win once the turn is over; a twist that makes five for both
players, or a full board without five, is a draw.

OpenSpiel plays a variant in one thing, followed here: five made by the
marble alone do not win, since OpenSpiel only looks for five after the
twist (which may break them). It plays a turn as one action, named by the
square and a letter for the twist, ``s`` to ``z`` (``c3`` then ``ne-cw`` is
``c3v``): :func:`openspiel_names` names the twist so and the marble
``None``, the part of a turn that the lockstep oracle reads from the game's
history. ``tests/test_gallery_more.py`` plays this game and OpenSpiel's
side by side.

A twist turns the pieces round the ring of a quarter's outer squares
(:meth:`~boardkit.topology.SquareGrid.ring`) by two places
(:meth:`~boardkit.kit.BoardState.cycle`). The picture shows the quarters,
dark and light, by naming each square's colour (the kit's
``cell_colours`` by cell name).

Run it with ``boardkit play examples/pentago.py:Pentago``.

Examples:
    >>> state = Pentago().new_game(seed=0)
    >>> state.prompt(), len(state.legal_moves())
    ('place a marble', 36)
    >>> state.apply("a1")
    >>> state.prompt(), [str(m) for m in state.legal_moves()][:3]
    ('twist a quarter', ['nw-ccw', 'nw-cw', 'ne-ccw'])
    >>> state.apply("nw-cw")  # a1 turns to c1
    >>> state["a1"], state["c1"], state.current_player
    (None, 'W', 1)
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place, line_table
from boardkit.topology import SquareGrid, Topology

BOARD = SquareGrid(6, 6, diagonals=True, origin="top")  # index 0 is a1, the top left: OpenSpiel's order
PLACES = Place.every(BOARD)
MARBLES = "WB"
QUARTERS = ("nw", "ne", "se", "sw")  # OpenSpiel's order
#: Each quarter's eight outer squares by index, clockwise from its top-left corner (its centre never moves).
RINGS = [[BOARD.index(cell) for cell in BOARD.ring(centre, 1)] for centre in [(1, 1), (4, 1), (4, 4), (1, 4)]]
#: Each square's colour in the picture: the quarters dark and light in turn, nw and se dark.
SHADES = {BOARD.name((x, y)): ("#d4b48c", "#f4ead5")[(x // 3 + y // 3) % 2] for x, y in BOARD.cells}
#: Every five squares in a line, by index, each line once.
FIVES = line_table(BOARD, 5)


@attrs.frozen
class Twist:
    """Turn a quarter of the board a quarter turn: ``ne-cw``, ``ne-ccw``."""

    quarter: int
    clockwise: bool

    def __str__(self) -> str:
        return f"{QUARTERS[self.quarter]}-{'cw' if self.clockwise else 'ccw'}"

    @classmethod
    def every(cls, board: Topology) -> list[Twist]:
        return list(TWISTS)

    @classmethod
    def parse(cls, text: str, board: Topology) -> Twist | None:
        return NAMED.get(text.strip().lower())


TWISTS = [Twist(q, clockwise) for q in range(4) for clockwise in (False, True)]  # OpenSpiel's s to z
NAMED = {str(twist): twist for twist in TWISTS}


def openspiel_names(move: Place | Twist, state: BoardState) -> str | None:
    """OpenSpiel's action for a turn, named at its twist: ``c3`` then
    ``ne-cw`` is ``c3v``; the marble is ``None`` (the turn goes on)."""
    if isinstance(move, Place):
        return None
    return f"{state.history[-1]}{'stuvwxyz'[2 * move.quarter + move.clockwise]}"


class PentagoState(BoardState[str, Place | Twist]):
    def moves(self) -> list[Place | Twist]:
        return list(TWISTS) if self.part == "twist" else self.place_moves(PLACES)

    def play(self, move: Place | Twist) -> None:
        if isinstance(move, Place):
            self.put(move.cell, MARBLES[self.player])
            self.next_part()
            return
        # A quarter turn moves each outer square two places round its ring, clockwise or back.
        self.cycle(RINGS[move.quarter], 2 if move.clockwise else -2)
        self.next_turn()

    def judge(self) -> Outcome | None:
        if self.part == "twist":
            return None  # five count only once the quarter has turned
        fives = set(self.all_filled(FIVES))
        if len(fives) == 2:
            return Outcome.draw("the twist made five for both")
        if fives:
            return Outcome.win(MARBLES.index(fives.pop()), "five in a line")
        return None if None in self.at else Outcome.draw("the board is full")


class Pentago(BoardGame[PentagoState, Place | Twist]):
    """Pentago for two on a 6x6 board of four turning quarters."""

    name = "pentago"
    about = About(
        goal=(
            "Have five marbles in a line once your turn is over; five for both at once, or a full board without five, "
            "is a draw."
        ),
        turn="Put a marble on an empty square (c3), then turn one quarter a quarter turn: ne-cw or ne-ccw.",
    )
    board = BOARD
    pieces: ClassVar = {"W": "player 0 (white)", "B": "player 1 (black)"}
    colours: ClassVar = {"W": "#f5f5f5", "B": "#222222"}
    cell_colours: ClassVar = SHADES
    parts: ClassVar = {"place": "place a marble", "twist": "twist a quarter"}
    moves = (Place, Twist)
    state_class = PentagoState
