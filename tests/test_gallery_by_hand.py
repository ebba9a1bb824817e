"""A position changed by hand is judged whole: the gallery's judges that look only at what the last
move changed (Hex's chain, Gomoku's lines, Breakthrough's step) read no last move then, and look at
the whole board for either side, so a win set up by hand ends the game whoever it belongs to."""

from __future__ import annotations

from typing import Any

import pytest
from breakthrough import Breakthrough
from einstein_wurfelt_nicht import EinsteinWurfeltNicht
from havannah import Havannah
from hex import Hex
from k_in_a_row import KInARow
from tic_tac_toe import TicTacToe, TicTacToeState
from ultimate_tic_tac_toe import UltimateTicTacToe
from y import Y

from boardkit.kit import BoardGame


def _after(game: BoardGame[Any, Any], *moves: str) -> Any:
    state = game.new_game(seed=0)
    for move in moves:
        state.apply(move)
    assert not state.is_over
    return state


def _judged(state: Any, puts: dict[str, str | None]) -> tuple[int | None, str] | None:
    for cell, piece in puts.items():
        state.put(cell, piece)
    outcome = state.outcome
    return None if outcome is None else (outcome.winner, outcome.reason)


# Each: the game, the moves first played, the cells then changed by hand, and the outcome they make.
# The wins set up are the other side's (the player to move), whom a judge of the last move alone never asks.
CASES = [
    (Hex(size=3), ["a1", "c3"], {"b1": "R", "b2": "R", "b3": "R"}, (0, "red joins top and bottom")),
    (Hex(size=3), ["a1"], {"a2": "B", "b2": "B", "c2": "B"}, (1, "blue joins left and right")),
    (Y(size=3), ["a1", "c1"], {"b1": "O", "b2": "O"}, (0, "a chain touches all three sides")),
    (KInARow(), ["h8", "a1"], {f"{c}8": "B" for c in "bcdef"}, (0, "five in a line")),
    (KInARow(), ["h8"], {f"a{r}": "W" for r in range(1, 6)}, (1, "five in a line")),
    (Havannah(size=3), ["a1"], dict.fromkeys(["d3", "c2", "b2", "b3", "c4", "d4"], "@"), (1, "a ring")),
    (Havannah(size=3), ["c3", "e5"], {"a1": "O", "b1": "O", "c1": "O"}, (0, "a bridge")),
    (Breakthrough(), ["a7-a6"], {"h2": None, "h8": "w"}, (1, "reached the far row")),
    (Breakthrough(), ["a7-a6", "a2-a3"], {"b7": None, "b1": "b"}, (0, "reached the far row")),
]


@pytest.mark.parametrize(
    ("game", "moves", "puts", "outcome"), CASES, ids=[f"{c[0].name}-{k}" for k, c in enumerate(CASES)]
)
def test_a_win_set_up_by_hand_after_some_moves_ends_the_game(
    game: BoardGame[Any, Any], moves: list[str], puts: dict[str, str | None], outcome: tuple[int, str]
) -> None:
    state = _after(game, *moves)
    assert _judged(state, puts) == outcome
    assert state.legal_moves() == []
    assert state.last_move is not None and str(state.last_move) == moves[-1]  # between moves: the last one played


def test_breakthrough_judges_a_side_left_with_nothing_by_hand() -> None:
    state = _after(Breakthrough(), "a7-a6")
    for i, piece in enumerate(state.layout()):
        if piece == "w":
            state.put(state.board.cells[i], None)
    assert (state.outcome.winner, state.outcome.reason) == (0, "took every piece")


def test_einstein_judges_either_side_by_hand() -> None:
    state = EinsteinWurfeltNicht().new_game(seed=3)
    state.apply(state.legal_moves()[0])
    waiting = state.current_player  # the side to move: a judge of the last move alone never asks of it
    cube = next(p for p in state.layout() if p and p[0] == "BW"[waiting])
    state.put(("e5", "a1")[waiting], cube)  # its far corner
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (waiting, "reached the far corner")


def test_ultimate_tic_tac_toe_judges_its_records_set_by_hand() -> None:
    """Ultimate tic-tac-toe reads its record of the small boards decided, which a change by hand sets
    along with the squares (its docstring says so): three boards won in a row so end the game."""
    state = _after(UltimateTicTacToe(), "e5")  # O must now play in the centre board
    for small in ("a1", "d1", "g1"):  # three small boards along the top, each won by hand with its top row
        column = small[0]
        for k in range(3):
            state.put(f"{chr(ord(column) + k)}1", "O")
    assert state.outcome is None  # the record says no board is decided yet
    state.set("_won", "OOO......")
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (1, "three small boards in a row")


class Watching(TicTacToeState):
    """Tic-tac-toe whose judge notes the last move it reads."""

    read: list[object] = []

    def judge(self) -> Any:
        type(self).read.append(self.last_move)
        return super().judge()


class WatchedTicTacToe(TicTacToe):
    state_class = Watching


def test_a_judge_reads_no_last_move_for_a_position_changed_by_hand() -> None:
    Watching.read = []
    state = WatchedTicTacToe().new_game(seed=0)
    state.apply("b2")
    state.put("a1", "O")
    assert [str(m) if m is not None else None for m in Watching.read] == [None, "b2", None]
    assert str(state.last_move) == "b2"  # and afterwards it is the last move again
    state.set_turn(1)
    assert Watching.read[-1] is None and str(state.last_move) == "b2"
