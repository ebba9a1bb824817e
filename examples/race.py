"""Pawn race: Breakthrough on a 5x5 board."""

from __future__ import annotations

from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Step
from boardkit.topology import SquareGrid

BOARD = SquareGrid(5, 5)
FILES = "abcde"


class RaceState(BoardState[str, Step]):
    def setup(self) -> None:
        for file in FILES:
            self.put(f"{file}1", "w")
            self.put(f"{file}5", "b")

    def moves(self) -> list[Step]:
        mine, ahead = "wb"[self.player], (1, -1)[self.player]
        found = []
        for cell in self.cells_of(mine):
            name = self.name(cell)
            file, rank = FILES.index(name[0]), int(name[1])
            for side in (-1, 0, 1):  # a step ahead, or a diagonal step that may take
                if 0 <= file + side < 5 and 1 <= rank + ahead <= 5:
                    target = f"{FILES[file + side]}{rank + ahead}"
                    if self[target] is None or (side and self[target] != mine):
                        found.append(Step(name, target))
        return found

    def play(self, move: Step) -> None:
        self.put(move.target, self[move.source])
        self.put(move.source, None)
        self.next_turn()

    def judge(self) -> Outcome | None:
        for player, (pawn, goal) in enumerate((("w", "5"), ("b", "1"))):
            if any(self.name(cell)[1] == goal for cell in self.cells_of(pawn)):
                return Outcome.win(player, "reached the far row")
        return self.no_move_loses("no pawn can move")

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player``, from -1 to 1: pawns kept,
        and how far each side's furthest pawn has come."""
        self.check_player(player)  # a seat of this game, else a boardkit error
        if self.is_over:
            return super().evaluate(player)  # 1 won, -1 lost
        value = 0.0
        for side, (pawn, start) in enumerate((("w", 1), ("b", 5))):
            ranks = [int(self.name(cell)[1]) for cell in self.cells_of(pawn)]
            ahead = max(abs(rank - start) for rank in ranks)  # 0 to 3 while the game goes on
            worth = len(ranks) / 5 + ahead / 3
            value += worth if side == player else -worth
        return value / 2


class Race(BoardGame[RaceState, Step]):
    """Breakthrough's pawns on a 5x5 board."""

    name = "race"
    about = About(
        goal="Be the first to get a pawn to the far row; a player who cannot move loses.",
        turn="Move a pawn a square ahead: straight to an empty square, or diagonally, taking any pawn of the other "
        "side there. Type a1-a2.",
    )
    board = BOARD
    pieces: ClassVar = {"w": "player 0 (white)", "b": "player 1 (black)"}
    moves = (Step,)
    state_class = RaceState
