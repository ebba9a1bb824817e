"""Lines of Action on the authoring kit, as OpenSpiel's ``lines_of_action``
plays it (its default ``max_game_length=1000``, an option here too).

An 8x8 board, ``a1`` at the bottom left. Black (``x``, player 0) starts on
``b1`` to ``g1`` and ``b8`` to ``g8`` and moves first; white (``o``, player 1)
on ``a2`` to ``a7`` and ``h2`` to ``h7``. A piece moves in a straight line,
across, up and down or diagonally, exactly as many squares as there are
pieces (of both sides, itself included) on that whole line. It may jump over
its own pieces, never over the other side's; it lands on an empty square, or
on an enemy piece, which it takes.

A player whose pieces are all joined in one group (next to each other
across, up and down or diagonally) wins; a move that joins both sides' at
once wins for the player who made it. A player who cannot move loses. As in
OpenSpiel, a board that comes back, with either player to move, draws, and
so does the 1000th move (``LinesOfAction(max_game_length=200)`` for
another), even one that joins a side.

A move is written ``b1-b3``, a capture ``b1xb3``, as OpenSpiel writes them.
``tests/test_gallery_connection.py`` plays this game and OpenSpiel's side by
side. The kit counts the pieces on each line
(:meth:`~boardkit.kit.BoardState.line_counts`) and keeps the boards seen so
far, for the repetition rule (:meth:`~boardkit.kit.BoardState.remember`), as
in ``examples/go.py``. Missing from the kit: a table of slides that take
(:func:`~boardkit.kit.slide_table` gives the move onto each square of a
ray, not the capture); both are tabled here.

Run it with ``boardkit play examples/lines_of_action.py:LinesOfAction``.

Examples:
    >>> state = LinesOfAction().new_game(seed=0)
    >>> len(state.legal_moves()), [str(m) for m in state.legal_moves() if m.source == "d1"]
    (36, ['d1-d3', 'd1-f3', 'd1-b3'])
    >>> state.apply("d1-d3")  # two pieces on column d: two squares
    >>> [str(m) for m in state.legal_moves() if m.source == "a3"]  # three on row 3: a3 takes d3
    ['a3-c5', 'a3xd3', 'a3xc1']
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import eq
from typing import ClassVar

import attrs

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Path
from boardkit.patterns import reach
from boardkit.topology import SquareGrid

BOARD = SquareGrid(8, 8, diagonals=True)  # index 0 is a8, the top left
TABLES = BOARD.compiled
PIECES = "xo"
#: Each square's rays, one a direction: the number of the board's line it runs along (line_counts counts
#: the pieces on each), the squares beyond nearest first, how many, and the moves onto each of them (a step,
#: and a capture).
RAYS = [
    [
        (line, ray, len(ray), [Path.through(BOARD, (i, j)) for j in ray],
         [Path.through(BOARD, (i, j), capture=True) for j in ray])
        for ray, line in zip(TABLES.rays[i], TABLES.line_of[i], strict=True)
    ]
    for i in range(64)
]


@attrs.frozen
class LinesOfActionOptions:
    """After how many moves the game is drawn: OpenSpiel's ``max_game_length``, 1000 by default."""

    max_game_length: int = attrs.field(default=1000, validator=attrs.validators.ge(1))


class LinesOfActionState(BoardState[str, Path]):
    def setup(self) -> None:
        for i, (column, row) in enumerate(BOARD.squares):
            if 0 < column < 7 and row in (0, 7):
                self.put(BOARD.cells[i], "x")
            elif 0 < row < 7 and column in (0, 7):
                self.put(BOARD.cells[i], "o")
        self.remember(tuple(self.at))  # the board alone, whoever is to move

    def moves(self) -> list[Path]:
        cells, mine, theirs = self.at, PIECES[self.player], PIECES[1 - self.player]
        on_line = self.line_counts()  # the pieces on each line of the board
        found = []
        for i in compress(range(64), map(eq, cells, repeat(mine))):  # my pieces
            for line, ray, length, steps, captures in RAYS[i]:
                distance = on_line[line]  # the pieces on the whole line, this one included
                if distance > length:
                    continue
                target = ray[distance - 1]
                there = cells[target]
                if there == mine:
                    continue
                for j in ray[: distance - 1]:
                    if cells[j] == theirs:  # never over theirs
                        break
                else:
                    found.append(captures[distance - 1] if there == theirs else steps[distance - 1])
        return found

    def play(self, move: Path) -> None:
        self.put(move.target, self[move.source])
        self.put(move.source, None)
        self.set("moves played", self.counter("moves played") + 1)
        self.set("_repeated", self.remember(tuple(self.at)) > 0)
        self.next_turn()

    def judge(self) -> Outcome | None:
        most = self.game.options.max_game_length
        if self.counter("moves played") >= most:
            return Outcome.draw(f"{most} moves")  # even when the last one joined a side
        if self.counter("_repeated"):
            return Outcome.draw("a board came back")
        mover = 1 - self.player
        for player in (mover, self.player):  # the one who moved first, when both are joined
            if self.joined(PIECES[player]):
                return Outcome.win(player, "all its pieces are joined")
        return self.no_move_loses("the other side cannot move")

    def joined(self, piece: str) -> bool:
        """Whether every piece of this side is in one group (none left, set up by hand: not joined)."""
        cells = self.at
        if piece not in cells:
            return False
        return len(reach(TABLES, cells, [cells.index(piece)], pieces={piece})) == cells.count(piece)


class LinesOfAction(BoardGame[LinesOfActionState, Path]):
    """Lines of Action for two on an 8x8 board."""

    name = "lines-of-action"
    about = About(
        goal=(
            "Join all your pieces in one group; a player who cannot move loses, and a board that comes back or the "
            "1000th move (an option) is a draw."
        ),
        turn=(
            "Move a piece in a straight line as many squares as there are pieces on that line, never over an enemy: "
            "type b1-b3, or b1xb3 to take."
        ),
    )
    board = BOARD
    pieces: ClassVar = {"x": "player 0 (black)", "o": "player 1 (white)"}
    colours: ClassVar = {"x": "#222222", "o": "#f5f5f5"}
    counters: ClassVar = {"moves played": 0, "_repeated": False}
    moves = (Path,)
    options_class = LinesOfActionOptions
    state_class = LinesOfActionState
