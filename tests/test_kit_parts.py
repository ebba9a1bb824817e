"""Turns in parts (issue 30, item 2): a small Amazons whose turn is a move,
then an arrow, the same player throughout, the part shown by ``prompt``."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from boardkit import IllegalMoveError, OptionError, Outcome
from boardkit.kit import BoardGame, BoardState, Place, Step
from boardkit.testing import check_game
from boardkit.topology import SquareGrid

BOARD = SquareGrid(4, 4, diagonals=True)
TABLES = BOARD.compiled
QUEENS = "AB"


class AmazonsState(BoardState):
    """Amazons on 4x4, one amazon each: move it as a queen, then shoot an
    arrow from where it stands, as a queen moves; a player who cannot move loses."""

    def setup(self) -> None:
        self.put("a1", "A")
        self.put("d4", "B")

    def reach(self, index: int) -> list[int]:
        cells = self.layout()
        found = []
        for ray in TABLES.rays[index]:
            for j in ray:
                if cells[j] is not None:
                    break
                found.append(j)
        return found

    def moves(self) -> list[Place | Step]:
        if self.part == "shoot":
            start = self.board.index(self.board.cell(str(self.counter("_amazon"))))
            return [Place(self.name(BOARD.cells[j])) for j in self.reach(start)]
        source = self.cells_of(QUEENS[self.player])[0]
        return [Step(self.name(source), self.name(BOARD.cells[j])) for j in self.reach(BOARD.index(source))]

    def play(self, move: Place | Step) -> None:
        if isinstance(move, Step):
            self.put(move.target, self[move.source])
            self.put(move.source, None)
            self.set("_amazon", move.target)
            self.next_part()
        else:
            self.put(move.cell, "x")
            self.next_turn()

    def judge(self) -> Outcome | None:
        return self.no_move_loses()


class Amazons(BoardGame):
    name = "amazons-4"
    board = BOARD
    pieces: ClassVar = {"A": "player 0", "B": "player 1", "x": "arrow"}
    counters: ClassVar = {"_amazon": None}
    parts: ClassVar = {"move": "move your amazon", "shoot": "shoot an arrow"}
    moves = (Step, Place)
    state_class = AmazonsState


def test_a_turn_in_parts_keeps_the_player_and_says_what_to_do() -> None:
    state = Amazons().new_game(seed=0)
    assert (state.current_player, state.part, state.prompt()) == (0, "move", "move your amazon")
    state.apply("a1-b2")
    assert (state.current_player, state.part, state.prompt()) == (0, "shoot", "shoot an arrow")
    assert all(isinstance(m, Place) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError):
        state.apply("b2-c3")  # a move, where an arrow is due
    state.apply("b3")
    assert (state.current_player, state.part, state["b3"]) == (1, "move", "x")
    state.undo()
    assert (state.current_player, state.part, state["b3"]) == (0, "shoot", None)
    state.undo()
    assert state == Amazons().new_game(seed=0)


def test_the_part_is_in_copies_and_snapshots() -> None:
    one, two = Amazons().new_game(seed=0), Amazons().new_game(seed=0)
    one.apply("a1-a2")
    two.apply("a1-a2")
    copy = one.copy()
    assert copy == one and copy.part == "shoot"
    one.apply("a3")
    two.apply("a1")
    assert one.snapshot() != two.snapshot()
    assert copy.part == "shoot"


def test_the_part_is_not_printed_as_a_counter() -> None:
    state = Amazons().new_game(seed=0)
    state.apply("a1-b2")
    assert "_part" not in state.render()


def test_amazons_in_parts_passes_the_conformance_kit() -> None:
    report = check_game(Amazons(), games=6, sample=3)
    assert report.finished == 6


def test_the_game_over_asks_nothing_and_the_stuck_player_loses() -> None:
    state = Amazons().new_game(seed=3)
    while not state.is_over:
        state.apply(state.legal_moves()[-1])
    assert state.prompt() == ""
    assert state.outcome is not None and state.outcome.winner == 1 - state.player


def test_next_part_refuses_parts_the_game_does_not_have() -> None:
    state = Amazons().new_game(seed=0)
    with pytest.raises(OptionError, match="no part 'fly'"):
        state.next_part("fly")
    state.apply("a1-b2")
    with pytest.raises(OptionError, match="last part"):
        state.next_part()


def test_parts_are_checked_when_the_game_is_made() -> None:
    class Clash(Amazons):
        counters: ClassVar = {"_part": 0}

    with pytest.raises(OptionError, match="_part"):
        Clash()

    class Bad(Amazons):
        parts: ClassVar[Any] = {"move": 3}

    with pytest.raises(OptionError, match="prompt"):
        Bad()


def test_a_game_without_parts_has_no_part_and_no_prompt() -> None:
    from tic_tac_toe import TicTacToe

    state = TicTacToe().new_game(seed=0)
    assert (state.part, state.prompt()) == ("", "")
    with pytest.raises(OptionError, match="last part"):
        state.next_part()
