"""Quoridor on the authoring kit, as OpenSpiel's ``quoridor`` plays it, for
two, three or four players (``new_game(players=4)``).

Each player has a pawn and walls. Two players start in the middle of the
bottom and the top rows and race for the other side; with four, the third
and fourth start in the middle of the left and the right columns and race
across. Play goes round clockwise, from the bottom pawn: bottom, (left),
top, (right). A turn is one of:

* a step up, down, left or right to an empty cell, never through a wall;
* a jump over a pawn next to it to the cell behind, when no wall and no
  pawn is there; when a wall or the board's edge is behind it, a step
  aside from it instead, left or right of it (diagonally), past no wall;
  when a pawn is behind it, neither (OpenSpiel's reading for four);
* a wall, two cells long, between two rows (``e3h``, under ``e3`` and
  ``f3``) or two columns (``e3v``, right of ``e3`` and ``e4``), named by
  the cell at its top left: it may not overlap a wall, nor cross one at
  its middle, nor leave any pawn without a way to its goal.

The first pawn to reach its goal wins. Pawns are named ``A`` to ``D`` in
turn order and cells ``a1`` (top left) to ``i9``, as OpenSpiel prints the
board, and moves as OpenSpiel names them: a pawn's move is the cell it goes
to (``e8``, also for a jump), a wall as above.

Where OpenSpiel plays a variant, this file plays OpenSpiel's: every player
has ``size * size // 8`` walls (10 on the 9x9 board, whatever the number of
players: the box gives 5 each to four players); after ``4 * size * size``
moves (324) the game is a draw, even when the last move reached the goal.
OpenSpiel numbers four players 0 (bottom), 2 (left), 1 (top), 3 (right),
moving in the order 0, 2, 1, 3 (its returns follow the order of play); here
they are numbered in the order they move. A player who cannot move (boxed
in by walls and pawns, with no wall left to put) passes here; OpenSpiel
offers such a player an action it cannot play, and stops with an error (rare
with two players, less so with four).

``tests/test_gallery_quoridor.py`` plays this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/quoridor.py:Quoridor``.

Examples:
    Player 1 walls off the right of ``c1`` and ``c2``; player 0 may then
    jump over player 1's pawn to ``c1``:

    >>> state = Quoridor(size=5).new_game(seed=0)
    >>> for move in ["c4", "c2", "c3", "c1v"]:
    ...     state.apply(move)
    >>> print("\\n".join(state.render().splitlines()[:6]))
       a   b   c   d   e
    1  .   .   . | .   .  1
                 +
    2  .   .   B | .   .  2
    <BLANKLINE>
    3  .   .   A   .   .  3
    >>> sorted(str(move) for move in state.legal_moves() if isinstance(move, Place))
    ['b3', 'c1', 'c4', 'd3']
    >>> state.counter("walls left"), len(state.legal_moves())
    ((3, 2), 33)
"""

from __future__ import annotations

import functools
from typing import ClassVar, NamedTuple

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Pass, Place
from boardkit.topology import SquareGrid, Topology

PAWNS = "ABCD"
WALL = "#"
#: Where each seat starts, in the order of play by the number of players, and the side it makes for.
SEATS = {2: ("bottom", "top"), 3: ("bottom", "left", "top"), 4: ("bottom", "left", "top", "right")}
GOAL = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}


@attrs.frozen
class Wall:
    """A wall two cells long: ``e3h`` lies under ``e3`` and ``f3``, ``e3v`` right of ``e3`` and ``e4``."""

    cell: str
    lie: str

    def __str__(self) -> str:
        return f"{self.cell}{self.lie}"

    @classmethod
    def every(cls, board: Topology) -> list[Wall]:
        """Every wall of the board, in its table's order."""
        return [move for _, _, move in layout(len(board.side("top"))).walls]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Wall | None:
        """The wall ``text`` names (``"e3h"``), or ``None``."""
        return layout(len(board.side("top"))).named.get(text.strip().lower())


Move = Place | Wall | Pass
#: A wall as the kit's ``wall_moves`` reads it: the edges it closes, the crossing point it covers, the move.
Entry = tuple[tuple[int, ...], tuple[int], Wall]


class Layout(NamedTuple):
    """One board size's tables, made once: the board, a move to each cell, every wall
    (as a table, and by name and by move), and each seat's start and goal."""

    board: SquareGrid
    places: list[Place]
    walls: list[Entry]
    named: dict[str, Wall]
    entry: dict[Wall, Entry]
    starts: dict[str, int]
    goals: dict[str, frozenset[int]]


@functools.cache
def layout(size: int) -> Layout:
    board = SquareGrid(size, size, origin="top")
    walls: list[Entry] = []
    for r in range(size - 1):
        for c in range(size - 1):
            a, b, d, e = (c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)  # a 2x2 block; its walls cross mid-block
            middle = (board.crossing_index(a, e),)
            for lie, sides in (("h", ((a, d), (b, e))), ("v", ((a, b), (d, e)))):
                walls.append((tuple(board.edge_index(*pair) for pair in sides), middle, Wall(board.name(a), lie)))
    half = size // 2
    starts = {"bottom": (half, size - 1), "top": (half, 0), "left": (0, half), "right": (size - 1, half)}
    return Layout(
        board,
        Place.every(board),
        walls,
        {str(entry[2]): entry[2] for entry in walls},
        {entry[2]: entry for entry in walls},
        {seat: board.index(cell) for seat, cell in starts.items()},
        {seat: frozenset(board.index(cell) for cell in board.side(seat)) for seat in GOAL.values()},
    )


@attrs.frozen
class QuoridorOptions:
    """The board's ``size`` (3 to 25, OpenSpiel's ``board_size``) and the walls each player has
    (``walls_each``, OpenSpiel's ``wall_count``; by default ``size * size // 8``)."""

    size: int = attrs.field(default=9, validator=attrs.validators.in_(range(3, 26)))
    walls_each: int | None = attrs.field(default=None, validator=attrs.validators.optional(attrs.validators.ge(0)))


class QuoridorState(BoardState[str, Move]):
    def setup(self) -> None:
        size, walls = self.game.options.size, self.game.options.walls_each
        tables = layout(size)
        for player, seat in enumerate(SEATS[self.players]):
            self.put(tables.board.cells[tables.starts[seat]], PAWNS[player])
        self.set("walls left", (size * size // 8 if walls is None else walls,) * self.players)

    def moves(self) -> list[Move]:
        tables, at, marks = layout(self.game.options.size), self.at, self.edge_marks
        steps, through = tables.board.compiled.steps, tables.board.compiled.step_edges
        here = self.find(PAWNS[self.player])
        found: list[Move] = []
        for d in range(4):  # north, east, south, west: (d + 1) % 4 and (d + 3) % 4 are its sides
            j = steps[here][d]
            if j < 0 or marks[through[here][d]] is not None:
                continue
            if at[j] is None:
                found.append(tables.places[j])
                continue
            behind = steps[j][d]
            if behind >= 0 and marks[through[j][d]] is None:  # a jump straight over, unless a pawn stands there
                if at[behind] is None:
                    found.append(tables.places[behind])
                continue
            for side in ((d + 1) % 4, (d + 3) % 4):  # a wall or the edge behind: aside
                k = steps[j][side]
                if k >= 0 and marks[through[j][side]] is None and at[k] is None and tables.places[k] not in found:
                    found.append(tables.places[k])
        if self.counter("walls left")[self.player]:
            seats = enumerate(SEATS[self.players])  # each pawn, and the goal it must still reach
            keep = [(here if p == self.player else self.find(PAWNS[p]), tables.goals[GOAL[seat]]) for p, seat in seats]
            found += self.wall_moves(tables.walls, keep)
        return found or [Pass()]

    def play(self, move: Move) -> None:
        if isinstance(move, Wall):
            edges, (middle,), _ = layout(self.game.options.size).entry[move]
            for k in edges:
                self.put_edge_at(k, WALL)
            self.put_crossing_at(middle, WALL)
            left = list(self.counter("walls left"))
            left[self.player] -= 1
            self.set("walls left", tuple(left))
        elif isinstance(move, Place):
            self.put(self.board.cells[self.find(PAWNS[self.player])], None)
            self.put(move.cell, PAWNS[self.player])
        self.set("_plies", self.counter("_plies") + 1)
        self.next_turn()

    def judge(self) -> Outcome | None:
        size = self.game.options.size
        if self.counter("_plies") >= 4 * size * size:
            return Outcome.draw(f"{4 * size * size} moves")
        mover = (self.player - 1) % self.players  # the only pawn that moved
        goal = GOAL[SEATS[self.players][mover]]
        if self.find(PAWNS[mover]) in layout(size).goals[goal]:
            return Outcome.win(mover, f"pawn {PAWNS[mover]} reached the {goal}")
        return None


class Quoridor(BoardGame[QuoridorState, Move]):
    """Quoridor for two to four players on a ``size`` by ``size`` board (9 by default)."""

    name = "quoridor"
    about = About(
        goal=(
            "Be the first to bring your pawn to the far side; after 4 x size x size moves (324 on 9x9) the game is a "
            "draw."
        ),
        turn=(
            "Move your pawn a step or a jump (type the cell it goes to, such as e8), or put a wall (e3h or e3v) that "
            "leaves every pawn a way to its goal."
        ),
    )
    min_players, max_players = 2, 4
    pieces: ClassVar = {"A": "player 0", "B": "player 1", "C": "player 2", "D": "player 3", WALL: "a wall"}
    colours: ClassVar = {"A": "#f5f5f5", "B": "#222222", "C": "#c62828", "D": "#1565c0", WALL: "#a1887f"}
    counters: ClassVar = {"walls left": (), "_plies": 0}
    moves = (Place, Wall, Pass)
    walls = True
    options_class = QuoridorOptions
    state_class = QuoridorState

    def make_board(self) -> Topology:
        return layout(self.options.size).board
