"""The Game of the Amazons on the authoring kit, as OpenSpiel's ``amazons``
plays it (its default 10x10 board).

White (``X``, player 0) starts with amazons on a4, j4, d1 and g1 and moves
first; black (``O``, player 1) on d10, g10, a7 and j7. A turn is in two
parts (the kit's :attr:`~boardkit.kit.BoardGame.parts`): move one of your
amazons like a chess queen, any distance along a line over empty squares,
then shoot an arrow (``#``) from where it landed, the same way; the arrow
stays where it falls for the rest of the game. Nothing is ever taken. A
player who cannot move loses.

The move part is written ``d1-d5`` and the shot ``d8``. OpenSpiel plays a
turn in three actions: the amazon picked (``X From (10, 4)``, its row from
the top and its column), where it goes (``X To (6, 4)``), then the shot
(``X Shoot: (3, 4)``), as :func:`openspiel_names` says.
``tests/test_gallery_oracle.py`` plays this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/amazons.py:Amazons``.

Examples:
    >>> state = Amazons().new_game(seed=0)
    >>> state.prompt(), len(state.legal_moves())
    ('move an amazon', 80)
    >>> state.apply("d1-d5")
    >>> state.current_player, state.prompt(), len(state.legal_moves())
    (0, 'shoot an arrow', 32)
    >>> state.apply("d1")
    >>> state["d1"], state.current_player, state.prompt()
    ('#', 1, 'move an amazon')
"""

from __future__ import annotations

from itertools import takewhile
from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place, Step, slide_table
from boardkit.topology import SquareGrid

BOARD = SquareGrid(10, 10, diagonals=True)  # index 0 is a10, the top left: OpenSpiel's order
RAYS = BOARD.compiled.rays
AMAZONS = "XO"
START = {"X": ("a4", "j4", "d1", "g1"), "O": ("d10", "g10", "a7", "j7")}
#: Every queen move from each square, made once, along each line nearest first: (square, move).
LINES = slide_table(BOARD, Step)
#: Every arrow shot from each square, the same way, each named by where it lands.
SHOTS = slide_table(BOARD, Place)


def openspiel_names(move: Step | Place, state: BoardState) -> list[str]:
    """OpenSpiel's actions for ``move``: ``d1-d5`` is ``X From (10, 4)``, then
    ``X To (6, 4)``; the shot ``d8`` is ``X Shoot: (3, 4)``."""
    amazon = AMAZONS[state.player]

    def square(name: str) -> str:
        i = BOARD.index(name)
        return f"({i // 10 + 1}, {i % 10 + 1})"

    if isinstance(move, Step):
        return [f"{amazon} From {square(move.source)}", f"{amazon} To {square(move.target)}"]
    return [f"{amazon} Shoot: {square(move.cell)}"]


class AmazonsState(BoardState[str, Step | Place]):
    def setup(self) -> None:
        for amazon, squares in START.items():
            for name in squares:
                self.put(name, amazon)

    def moves(self) -> list[Step | Place]:
        if self.part == "shoot":
            return self.slide_moves(SHOTS, start=self.counter("_amazon"))
        return self.slide_moves(LINES, AMAZONS[self.player])

    def play(self, move: Step | Place) -> None:
        if isinstance(move, Step):
            self.put(move.target, self[move.source])
            self.put(move.source, None)
            self.set("_amazon", BOARD.index(move.target))
            self.next_part()
        else:
            self.put(move.cell, "#")
            self.next_turn()

    def judge(self) -> Outcome | None:
        return self.no_move_loses("the other side cannot move")

    def reach(self, amazon: str) -> list[int]:
        """The squares the amazons of one colour could move to, each once for every amazon that could."""
        cells = self.at
        return [
            j for i, piece in enumerate(cells) if piece == amazon for ray in RAYS[i]
            for j in takewhile(lambda j: cells[j] is None, ray)
        ]

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player``, from -1 to 1: mobility
        (the moves each side's amazons have) and territory (the squares only
        one side's amazons reach in a move: the other side cannot contest
        them soon)."""
        self.check_player(player)  # a seat of this game, else a boardkit error
        if self.is_over:
            return super().evaluate(player)  # 1 won, -1 lost
        ours, theirs = self.reach(AMAZONS[player]), self.reach(AMAZONS[1 - player])
        mine, yours = len(ours) + 2 * len(set(ours) - set(theirs)), len(theirs) + 2 * len(set(theirs) - set(ours))
        return (mine - yours) / (mine + yours + 1)


class Amazons(BoardGame[AmazonsState, Step | Place]):
    """The Game of the Amazons for two on a 10x10 board."""

    name = "amazons"
    about = About(
        goal="Make the last move: a player who cannot move loses.",
        turn="Move an amazon like a chess queen, e.g. d1-d5, then shoot an arrow from where it landed the same way, "
        "e.g. d8.",
    )
    board = BOARD
    pieces: ClassVar = {"X": "player 0 (white) amazon", "O": "player 1 (black) amazon", "#": "arrow"}
    colours: ClassVar = {"X": "#f5f5f5", "O": "#222222", "#": "#b71c1c"}
    counters: ClassVar = {"_amazon": -1}
    parts: ClassVar = {"move": "move an amazon", "shoot": "shoot an arrow"}
    moves = (Step, Place)
    state_class = AmazonsState
