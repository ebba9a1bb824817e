"""Go on a 9x9 board on the authoring kit, as OpenSpiel's ``go`` plays it
(``board_size=9``, its other parameters at their defaults).

Black (``B``, player 0) and white (``W``, player 1) take turns to put a
stone on an empty point or to pass; black moves first. A chain of stones
(joined up, down, left and right) with no empty point next to it is taken
off the board, the other side's chains first: a stone that takes nothing
and leaves its own chain without a liberty (suicide) may not be played.
OpenSpiel's ko and superko, followed here: a stone put into the other
side's eye that takes exactly one stone makes that stone's point unplayable
for the very next move (simple ko); and a stone that brings back any earlier
position of the board (positional superko) is legal but ends the game at
once, as a draw. The game also ends after two passes in a row, or after 162
moves (OpenSpiel's cap, twice the points on the board), and is scored by
area (Tromp-Taylor): each side's stones plus the empty regions that touch
only its stones, and white adds a komi of 7.5, so there is no draw.

The rules keep the stones of each colour in a counter, one bit a point (a
bitboard), and ask the kit's :class:`boardkit.patterns.Stones` for the
points where a stone may go, the stones it takes and the score: a chain and
its liberties take a few operations on whole numbers, not a walk over the
board, and run in C on the compiled build. The board's cells hold the same
stones, for the pictures, the text board and the players. The kit keeps
the positions seen so far, for the superko rule
(:meth:`~boardkit.kit.BoardState.remember`).

Points are named as the kit names squares, ``a1`` to ``i9`` with ``a1``
at the bottom left; OpenSpiel skips the letter i, so its ``B j5`` is ``i5``
here (:func:`openspiel_names`). ``tests/test_gallery_oracle.py`` plays this
game and OpenSpiel's side by side.

Run it with ``boardkit play examples/go.py:Go``.

Examples:
    >>> state = Go().new_game(seed=0)
    >>> len(state.legal_moves()), str(state.legal_moves()[-1])
    (82, 'pass')
    >>> for move in ["b1", "a2", "c2", "b2", "b3", "pass", "a3", "pass", "a1"]:
    ...     state.apply(move)  # black takes white's a2 and b2 with a1
    >>> state["a2"], state["b2"], state.counter("captured")
    (None, None, 2)
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Pass, Place
from boardkit.patterns import Stones
from boardkit.topology import SquareGrid

BOARD = SquareGrid(9, 9)  # index 0 is a9, the top left
NAMES = [BOARD.name(cell) for cell in BOARD.cells]
INDEX = {name: i for i, name in enumerate(NAMES)}
POINTS = [Place(name) for name in NAMES]
PASS = Pass()
STONES = "BW"
KOMI = 7.5
MOST_MOVES = 162
#: Chains, liberties and captures on bitboards: one whole number a colour, a bit a point (row r from the
#: top, column c: bit 10 r + c).
CHAINS = Stones(9, 9)
#: The moves to the points of each row for each value of its nine bits, for ``CHAINS.pick``.
ROWS = CHAINS.rows(POINTS)


def openspiel_names(move: Place | Pass, state: BoardState) -> str:
    """OpenSpiel's action for ``move``: ``e5`` is ``B e5`` for black, ``i5`` is ``B j5``, a pass ``B PASS``."""
    point = move.cell.replace("i", "j") if isinstance(move, Place) else "PASS"
    return f"{STONES[state.player]} {point}"


class GoState(BoardState[str, Place | Pass]):
    def setup(self) -> None:
        self.remember(0)  # the empty board: both colours' stones in one number

    def moves(self) -> list[Place | Pass]:
        black, white, ko = self.counter("_board")
        mine, theirs = (black, white) if self.player == 0 else (white, black)
        legal = CHAINS.legal(mine, theirs, ko)  # every empty point but suicides and the ko
        moves: list[Place | Pass] = CHAINS.pick(legal, ROWS)
        moves.append(PASS)
        return moves

    def play(self, move: Place | Pass) -> None:
        player, (black, white, ko) = self.player, self.counter("_board")
        self.set("moves played", self.counter("moves played") + 1)
        if isinstance(move, Pass):
            self.set("passes", self.counter("passes") + 1)
            if ko:  # a pass lifts the ko
                self.set("_board", (black, white, 0))
        else:
            if self.counter("passes"):
                self.set("passes", 0)
            p = INDEX[move.cell]
            mine, theirs = (black, white) if player == 0 else (white, black)
            # It takes the chains of theirs next to it left without a liberty; one stone taken by a stone
            # put in their eye (every point next to it theirs) makes that point ko for the next move.
            mine, theirs, taken, ko = CHAINS.place(p, mine, theirs)
            self.put(move.cell, STONES[player])
            if taken:
                for i in CHAINS.cells(taken):
                    self.put(NAMES[i], None)
                self.set("captured", self.counter("captured") + taken.bit_count())
            black, white = (mine, theirs) if player == 0 else (theirs, mine)
            if self.remember(black << 90 | white):  # both colours' stones in one number: seen before
                self.set("_repeated", True)
            self.set("_board", (black, white, ko))
        self.next_turn()

    def judge(self) -> Outcome | None:
        if self.counter("_repeated"):
            return Outcome.draw("superko: an earlier position came back")
        if self.counter("passes") < 2 and self.counter("moves played") < MOST_MOVES:
            return None
        black, white = CHAINS.area(*self.counter("_board")[:2])
        scores = (black, white + KOMI)
        reason = f"black {black}, white {white} + {KOMI} komi"
        return Outcome.win(int(scores[1] > scores[0]), reason, scores)


class Go(BoardGame[GoState, Place | Pass]):
    """Go on a 9x9 board with OpenSpiel's rules: area scoring, komi 7.5."""

    name = "go"
    about = About(
        goal="Have more area (stones plus the empty points only you surround; white adds 7.5) after two passes, or at "
        "162 moves; repeating an earlier position ends the game as a draw.",
        turn="Put a stone on an empty point, e.g. e5 (a1 bottom-left), taking any chains left without liberties; or "
        "type pass.",
    )
    board = BOARD
    pieces: ClassVar = {"B": "player 0 (black)", "W": "player 1 (white)"}
    colours: ClassVar = {"B": "#222222", "W": "#f5f5f5"}
    counters: ClassVar = {
        "moves played": 0, "passes": 0, "captured": 0,
        # The rules' own bookkeeping: black's and white's stones as bitboards, the point ko forbids (or 0),
        # and whether a position came back.
        "_board": (0, 0, 0), "_repeated": False,
    }
    moves = (Place, Pass)
    state_class = GoState
