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

The rules read the stones of each colour from a counter that holds them
one bit a point (a bitboard: rows of ten bits, the tenth always clear, so
that a shift by one or by ten finds the points next door), so that a chain
and its liberties take a few operations on whole numbers, not a walk over
the board: that is Go's speed in plain Python. The board's cells hold the
same stones, for the pictures, the text board and the players.

Over the 110 code lines of the gallery's budget (Go may take 140), because
two things are missing from the kit: chains and their liberties on the
board's tables, kept up to date move by move (``boardkit.patterns.reach``
finds a chain, but walks the board each time, several times a position: too
slow here, hence the bitboard helpers ``around``, ``grow``, ``each`` and
``ROWS``, some 25 lines), and the positions seen so far, for a superko rule
(kept here by hand in a counter).

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
    >>> state["a2"], state["b2"], state.get("captured")
    (None, None, 2)
"""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.kit import BoardGame, BoardState, Pass, Place
from boardkit.topology import SquareGrid

BOARD = SquareGrid(9, 9)  # index 0 is a9, the top left
NAMES = [BOARD.name(cell) for cell in BOARD.cells]
INDEX = {name: i for i, name in enumerate(NAMES)}
POINTS = [Place(name) for name in NAMES]
PASS = Pass()
STONES = "BW"
KOMI = 7.5
MOST_MOVES = 162
#: Each point's bit (row r from the top, column c: bit 10 r + c), and the bits of the points next to it.
BIT = [1 << (10 * (i // 9) + i % 9) for i in range(81)]
ON_BOARD = sum(BIT)
AROUND = [[BIT[j] for j in BOARD.compiled.neighbors[i]] for i in range(81)]
NEAR = [sum(bits) for bits in AROUND]
POINT = {bit: i for i, bit in enumerate(BIT)}
#: Bits to moves, a row at a time: the moves to the points of each row for each value of its nine bits.
ROWS = [[tuple(POINTS[9 * row + n] for n in range(9) if bits >> n & 1) for bits in range(512)] for row in range(9)]


def around(bits: int) -> int:
    """The points next to any of ``bits``."""
    return (bits << 1 | bits >> 1 | bits << 10 | bits >> 10) & ON_BOARD


def grow(seed: int, stones: int, goal: int = 0) -> tuple[int, bool]:
    """The chain of ``stones`` (or the empty region) that holds the point ``seed``, and whether it reaches a
    point of ``goal`` (a liberty, say): then only as much of the chain as it took to get there."""
    chain, more = 0, seed
    while more != chain:
        chain = more
        more = chain | chain << 1 | chain >> 1 | chain << 10 | chain >> 10  # goal and stones are on the board
        if more & goal:
            return chain, True
        more &= stones
    return chain, False


def each(bits: int) -> list[int]:
    """The points of ``bits``, one bit each."""
    found = []
    while bits:
        found.append(bits & -bits)
        bits &= bits - 1
    return found


def openspiel_names(move: Place | Pass, state: BoardState) -> str:
    """OpenSpiel's action for ``move``: ``e5`` is ``B e5`` for black, ``i5`` is ``B j5``, a pass ``B PASS``."""
    point = move.cell.replace("i", "j") if isinstance(move, Place) else "PASS"
    return f"{STONES[state.player]} {point}"


def area(black: int, white: int) -> tuple[int, int]:
    """Each side's points by area scoring: its stones, and the empty regions touching only its stones."""
    score, empty = [black.bit_count(), white.bit_count()], ON_BOARD & ~(black | white)
    while empty:
        region = grow(empty & -empty, empty)[0]
        empty &= ~region
        edge = around(region)
        if edge & black and not edge & white:
            score[0] += region.bit_count()
        elif edge & white and not edge & black:
            score[1] += region.bit_count()
    return score[0], score[1]


class GoState(BoardState):
    def moves(self) -> list[Place | Pass]:
        black, white, ko, _ = self.get("_board")
        mine, theirs = (black, white) if self.player == 0 else (white, black)
        empty = ON_BOARD & ~(black | white)
        a, b, c, d = empty << 1 & ON_BOARD, empty >> 1 & ON_BOARD, empty << 10 & ON_BOARD, empty >> 10
        breathing = a & (b | c | d) | b & (c | d) | c & d  # the points next to two empty points or more
        # Legal: a point next to an empty one, or next to a stone of mine next to another empty one ...
        legal = empty & (a | b | c | d | around(mine & breathing))
        # ... or next to a chain of mine with another liberty, or a chain of theirs that loses its last
        # (stones of theirs next to two empty points cannot be taken by one stone).
        seen = keeps = 0  # the stones whose chains were looked at, and those of such chains
        hard = empty & ~legal & ~ko & around(mine | theirs & ~breathing)
        while hard:
            bit = hard & -hard
            hard ^= bit
            for j in AROUND[POINT[bit]]:
                if j & ~seen & (mine | theirs & ~breathing):
                    chain, free = grow(j, mine if j & mine else theirs, empty ^ bit)  # another liberty?
                    seen |= chain
                    if free == bool(j & mine):
                        keeps |= chain
                if j & keeps:
                    legal |= bit
                    break
        legal &= ~ko
        return [
            *ROWS[0][legal & 511], *ROWS[1][legal >> 10 & 511], *ROWS[2][legal >> 20 & 511],
            *ROWS[3][legal >> 30 & 511], *ROWS[4][legal >> 40 & 511], *ROWS[5][legal >> 50 & 511],
            *ROWS[6][legal >> 60 & 511], *ROWS[7][legal >> 70 & 511], *ROWS[8][legal >> 80], PASS,
        ]

    def play(self, move: Place | Pass) -> None:
        player, (black, white, ko, seen) = self.player, self.get("_board")
        self.set("moves played", self.get("moves played") + 1)
        if isinstance(move, Pass):
            self.set("passes", self.get("passes") + 1)
            if ko:  # a pass lifts the ko
                self.set("_board", (black, white, 0, seen))
        else:
            if self.get("passes"):
                self.set("passes", 0)
            p = INDEX[move.cell]
            mine, theirs = (black, white) if player == 0 else (white, black)
            eye, mine = not NEAR[p] & ~theirs, mine | BIT[p]  # eye: every point next to it is theirs
            self.put(move.cell, STONES[player])
            taken, empty = 0, ON_BOARD & ~(mine | theirs)
            if NEAR[p] & theirs & ~around(empty):  # a stone of theirs next to it, with no liberty next to it
                for j in AROUND[p]:  # its chain, with no liberty left, is taken
                    chain, free = grow(j, theirs, empty) if j & theirs else (0, True)
                    if not free:
                        theirs &= ~chain
                        taken |= chain
            if taken:
                for bit in each(taken):
                    self.put(NAMES[POINT[bit]], None)
                self.set("captured", self.get("captured") + taken.bit_count())
            ko = taken if eye and taken.bit_count() == 1 else 0  # one stone taken by a stone put in their eye
            black, white = (mine, theirs) if player == 0 else (theirs, mine)
            position = black << 90 | white  # both colours' stones in one number
            if position in seen:
                self.set("_repeated", True)
            self.set("_board", (black, white, ko, seen | {position}))
        self.next_turn()

    def judge(self) -> Outcome | None:
        if self.get("_repeated"):
            return Outcome.draw("superko: an earlier position came back")
        if self.get("passes") < 2 and self.get("moves played") < MOST_MOVES:
            return None
        black, white = area(*self.get("_board")[:2])
        scores = (black, white + KOMI)
        reason = f"black {black}, white {white} + {KOMI} komi"
        return Outcome.win(int(scores[1] > scores[0]), reason, scores)


class Go(BoardGame):
    """Go on a 9x9 board with OpenSpiel's rules: area scoring, komi 7.5."""

    name = "go"
    board = BOARD
    pieces: ClassVar = {"B": "player 0 (black)", "W": "player 1 (white)"}
    colours: ClassVar = {"B": "#222222", "W": "#f5f5f5"}
    counters: ClassVar = {
        "moves played": 0, "passes": 0, "captured": 0,
        # The rules' own bookkeeping: black's and white's stones as bitboards, the point ko forbids (or 0),
        # and every position so far (both colours' stones in one number); whether one came back.
        "_board": (0, 0, 0, frozenset({0})), "_repeated": False,
    }
    moves = (Place, Pass)
    state_class = GoState
