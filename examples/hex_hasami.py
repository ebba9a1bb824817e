"""Hex Hasami: a small capture game on a hexagon, built on boardkit's kit.

Two players, nine stones each, on the 37-cell hexagon of radius 3. A stone
slides any distance in one of the six directions over empty cells. Every
enemy stone it lands next to, with a stone of the mover beyond it on the same
line, is captured. Five captures win, and so does leaving the opponent
without a move; 200 moves without a winner is a draw.

This file is the tutorial "Build your first game", whose code blocks put
together are exactly this file. Run it to watch a random game::

    python examples/hex_hasami.py
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from boardkit import Outcome, capture
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Step, slide_table
from boardkit.topology import HexGrid

BOARD = HexGrid.hexagon(3)
#: Every slide, made once: from each cell (by index), along each direction, the cells nearest first,
#: each with the move that lands there.
SLIDES = slide_table(BOARD, Step)


@attrs.frozen
class HexHasamiOptions:
    """How many captures win, and after how many moves the game is drawn."""

    captures_to_win: int = attrs.field(default=5, validator=attrs.validators.in_(range(1, 10)))
    move_limit: int = attrs.field(default=200, validator=attrs.validators.ge(1))


class HexHasamiState(BoardState[str, Step]):
    """A game of Hex Hasami: its rules, and nothing else."""

    def setup(self) -> None:
        for q, r in BOARD.hexes:
            if r >= 2:
                self.put((q, r), "x")
            elif r <= -2:
                self.put((q, r), "o")

    def moves(self) -> list[Step]:
        stone = "xo"[self.player]
        return self.slide_moves(SLIDES, stone)  # each stone's slides, stopping before the first stone

    def play(self, move: Step) -> None:
        stone = self[move.source]
        self.put(move.source, None)
        self.put(move.target, stone)
        enemy = "o" if stone == "x" else "x"
        landed = BOARD.index(BOARD.cell(move.target))
        taken = capture.custodial(BOARD.compiled, self.at, landed, enemies={enemy}, friends={stone})
        for index in taken:
            self.put(BOARD.cells[index], None)
        self.set(f"taken by {stone}", self.counter(f"taken by {stone}") + len(taken))
        self.set("moves", self.counter("moves") + 1)
        self.next_turn()

    def judge(self) -> Outcome | None:
        options = self.game.options
        for player, stone in enumerate("xo"):
            if self.counter(f"taken by {stone}") >= options.captures_to_win:
                return Outcome.win(player, f"captured {self.counter(f'taken by {stone}')} stones")
        if not self.moves():
            return Outcome.win(1 - self.player, "the opponent has no move")
        if self.counter("moves") >= options.move_limit:
            return Outcome.draw("move limit reached")
        return None


class HexHasami(BoardGame[HexHasamiState, Step]):
    """Hex Hasami for two: slide stones on a hexagon, capture by surrounding."""

    name = "hex-hasami"
    about = About(
        goal="Capture five stones first, or leave your opponent without a move; 200 moves without a winner is a draw.",
        turn="Slide one of your stones any distance in one of the six directions over empty cells (type it as 'moves' "
        "lists it); it captures each enemy stone it lands next to with your stone beyond it.",
    )
    board = BOARD
    pieces: ClassVar = {"x": "player 0", "o": "player 1"}
    counters: ClassVar = {"taken by x": 0, "taken by o": 0, "moves": 0}
    moves = (Step,)
    options_class = HexHasamiOptions
    state_class = HexHasamiState


if __name__ == "__main__":
    from boardkit import Random

    state = HexHasami().new_game(seed=2026)
    rng = Random(7)
    while not state.is_over:
        state.apply(state.random_move(rng))
    print(state.render())
