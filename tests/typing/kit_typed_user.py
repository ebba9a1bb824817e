"""A typed kit game, as mypy --strict sees it: ``BoardGame[S, M]`` and
``BoardState[P, M]`` make ``new_game()`` the game's own state class and the
moves the game's own move type, from the gallery's games to a user's; the
bare ``BoardGame``/``BoardState`` spelling still checks, as ``Any``. Checked
by tests/test_typing.py (never run; the examples folder is on its path): a
line ending in ``# error: <text>`` must give one error that starts with that
text, and no other line any error; ``assert_type`` fails the check if the
type mypy infers is not the one written.
"""

from __future__ import annotations

from typing import Any, ClassVar

from breakthrough import Breakthrough, BreakthroughState
from go import Go, GoState
from kalah import Kalah, KalahState
from typing_extensions import assert_type

from boardkit.kit import BoardGame, BoardState, Pass, Path, Place, Step, hop_table, route_table, slide_table, step_table
from boardkit.topology import SquareGrid


class SlideState(BoardState[str, Step]):
    slides: int = 0

    def moves(self) -> list[Step]:
        return [Step(self.name(c), self.name(c)) for c in self.cells_of("x")]

    def play(self, move: Step) -> None:
        self.put(move.target, self[move.source])
        self.next_turn()


class Slide(BoardGame[SlideState, Step]):
    name = "slide"
    board = SquareGrid(3, 3)
    pieces: ClassVar = {"x": "player 0", "o": "player 1"}
    moves = (Step,)
    state_class = SlideState


class UntypedState(BoardState):
    def play(self, move: Place) -> None:
        self.put(move.cell, "x")
        self.next_turn()


class Untyped(BoardGame):
    name = "untyped"
    board = SquareGrid(3, 3)
    state_class = UntypedState


class CountsState(BoardState[int]):  # the old one-argument spelling: counts, moves of any type
    def play(self, move: Place) -> None:
        self.add(move.cell, self.count("a1"))
        self.put(move.cell, "x")  # error: Argument 2 to "put" of "BoardCells" has incompatible type "str"


class WrongPlayState(BoardState[str, Step]):
    def play(self, move: Place) -> None:  # error: Argument 1 of "play" is incompatible with supertype
        self.next_turn()


class WrongState(BoardGame[SlideState, Step]):
    board = SquareGrid(3, 3)
    state_class = UntypedState  # error: Incompatible types in assignment (expression has type "type[UntypedState]"


def the_gallery() -> None:
    state = Breakthrough().new_game(seed=0)
    assert_type(state, BreakthroughState)
    assert_type(state.legal_moves(), list[Path])
    assert_type(state.undo(), Path)
    assert_type(state.copy(), BreakthroughState)
    assert_type(Breakthrough().parse_move("a7-a6"), Path)
    assert_type(Go().new_game().legal_moves(), list[Place | Pass])
    assert_type(Kalah().new_game(), KalahState)
    assert_type(Kalah().new_game()["a1"], int | None)
    state.apply("a7-a6")
    state.apply(state.legal_moves()[0])
    print(state.celll)  # error: "BreakthroughState" has no attribute "celll"
    state.apply(42)  # error: Argument 1 to "apply" of "BoardState" has incompatible type "int"; expected "Path | str"
    Go().new_game().apply(Step("a1", "b1"))  # error: Argument 1 to "apply" of "BoardState" has incompatible type "Step"
    assert_type(Go().new_game(), GoState)


def a_users_game() -> None:
    state = Slide().new_game(seed=0)
    assert_type(state, SlideState)
    assert_type(state.slides, int)
    assert_type(state.random_move(state.rng), Step)
    assert_type(Slide().all_moves(), list[Step])
    state.apply(Place("a1"))  # error: Argument 1 to "apply" of "BoardState" has incompatible type "Place"
    print(state.slidez)  # error: "SlideState" has no attribute "slidez"


def the_untyped_spelling() -> None:
    state = Untyped().new_game(seed=0)
    assert_type(state, BoardState[Any, Any])
    assert_type(state.legal_moves(), list[Any])
    assert_type(Untyped().parse_move("a1"), Any)
    state.apply(42)  # no type to check it against: refused at run time only
    assert_type(CountsState(Untyped(), 2, 0).legal_moves(), list[Any])
    assert_type(CountsState(Untyped(), 2, 0)["a1"], int | None)


def route_tables() -> None:
    board = SquareGrid(3, 3)
    assert_type(step_table(board, Path, ways=("n",), capture=("n",)), list[list[tuple[int, Path | None, Path | None]]])
    assert_type(slide_table(board, Place), list[list[list[tuple[int, Place]]]])
    assert_type(hop_table(board, Step)[0][0][3], Step | None)
    assert_type(route_table(board, Step)[0][0][1], Step)
    step_table(board, int)  # error: Value of type variable "K" of "step_table" cannot be "int"
