"""Othello on the authoring kit: the rules and nothing else.

An 8x8 board, columns a to h from the left and rows 1 to 8 from the top, with
white discs on d4 and e5 and black ones on d5 and e4 to start; black (player
0) moves first. A move puts a disc of your colour on an empty square so that,
along one or more of the eight lines from it, it closes an unbroken run of
the other colour against a disc of yours: every disc of such a run turns
over. A player without such a move says "pass"; the game ends when neither
player can move, and whoever has more discs on the board wins (equal counts
draw). It agrees with OpenSpiel's ``othello`` over 200 random games
(``tests/test_gallery_more.py``).

Run it with ``boardkit play examples/othello.py:Othello``.

Examples:
    >>> state = Othello().new_game(seed=0)
    >>> [str(m) for m in state.legal_moves()]
    ['d3', 'c4', 'f5', 'e6']
    >>> state.apply("d3")
    >>> state["d4"], len(state.cells_of("B")), len(state.cells_of("W"))
    ('B', 4, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.capture import flanking, flanks
from boardkit.kit import BoardGame, BoardState, Pass, Place
from boardkit.topology import SquareGrid

BOARD = SquareGrid(8, 8, diagonals=True, origin="top")
TABLES = BOARD.compiled
DISCS = "BW"
SIDES = [({"W"}, {"B"}), ({"B"}, {"W"})]  # each player's (enemies, friends)
SQUARES = range(64)  # place_moves's table: each empty square's own index
PLACES = [Place(BOARD.name(cell)) for cell in BOARD.cells]  # the move of each square, made once
#: Each corner, and the square diagonally inside it (a gift of the corner while the corner is empty).
CORNERS = {0: 9, 7: 14, 56: 49, 63: 54}


def flips(cells: Sequence[str | None], square: int, player: int) -> list[int]:
    """The discs that a disc of ``player`` put on ``square`` turns over."""
    enemies, friends = SIDES[player]
    return flanking(TABLES, cells, square, enemies=enemies, friends=friends)


class OthelloState(BoardState[str, Place | Pass]):
    def setup(self) -> None:
        for cell, disc in {"d4": "W", "e5": "W", "d5": "B", "e4": "B"}.items():
            self.put(cell, disc)

    def squares(self, player: int) -> Iterator[int]:
        """The squares ``player`` may put a disc on, in board order."""
        cells, (enemies, friends) = self.at, SIDES[player]
        # Only an empty square next to an enemy disc can turn one over.
        near = self.place_moves(SQUARES, beside=DISCS[1 - player])
        return (square for square in near if flanks(TABLES, cells, square, enemies=enemies, friends=friends))

    def moves(self) -> list[Place | Pass]:
        return [PLACES[i] for i in self.squares(self.player)] or [Pass()]

    def play(self, move: Place | Pass) -> None:
        player = self.player
        if isinstance(move, Place):
            square = BOARD.index(BOARD.cell(move.cell))
            for i in [square, *flips(self.at, square, player)]:
                self.put(BOARD.cells[i], DISCS[player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        # The moves the player to move has are kept for their turn.
        if not isinstance(self.legal_moves()[0], Pass) or next(self.squares(1 - self.player), None) is not None:
            return None
        discs = black, white = len(self.cells_of("B")), len(self.cells_of("W"))
        score = f"black {black} discs, white {white}"
        return Outcome.draw(score, discs) if black == white else Outcome.win(int(white > black), score, discs)

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player``, from -1 to 1: corners held
        (a disc there is never turned over) and squares that give one away,
        then mobility (having moves while the other side runs out of them),
        and the discs themselves only as the board fills."""
        self.check_player(player)  # a seat of this game, else a boardkit error
        if self.is_over:
            return super().evaluate(player)  # 1 won, -1 lost, 0 drawn
        cells, mine = self.at, DISCS[player]

        def side(disc: str | None) -> int:  # +1 for a disc of player's, -1 for the other's, 0 for none
            return 0 if disc is None else 1 if disc == mine else -1

        corners = sum(side(cells[c]) if cells[c] else -side(cells[x]) / 2 for c, x in CORNERS.items())
        ours, theirs = len(list(self.squares(player))), len(list(self.squares(1 - player)))
        discs, placed = sum(side(disc) for disc in cells), sum(disc is not None for disc in cells)
        mobility = (ours - theirs) / (ours + theirs + 1)
        return 0.15 * corners + 0.3 * mobility + 0.1 * (placed / 64) ** 3 * discs / placed  # 4 corners: 0.6 at most


class Othello(BoardGame[OthelloState, Place | Pass]):
    """Othello (Reversi) for two on an 8x8 board."""

    name = "othello"
    about = About(
        goal="Have more discs on the board than your rival when neither of you can move; equal counts draw.",
        turn="Put a disc where it closes a line of the other colour against one of yours, turning that line over: type"
        " the square, e.g. d3. With no such square, type pass.",
    )
    board = BOARD
    pieces: ClassVar = {"B": "player 0 (black)", "W": "player 1 (white)"}
    colours: ClassVar = {"B": "#222222", "W": "#f5f5f5"}
    moves = (Place, Pass)
    state_class = OthelloState
