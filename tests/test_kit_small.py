"""The kit's smaller gaps found by writing Pentago, Quoridor and Backgammon
from the docs (issue 39, item 4): every full line from ``all_filled``, the
terminal's ``moves`` grouping a custom move class, a move class's ``parse``
given the state, and an example whose board depends on its options."""

from __future__ import annotations

import io
from typing import Any, ClassVar

import attrs
import pytest
from k_in_a_row import KInARow
from tic_tac_toe import TicTacToe

from boardkit import Outcome
from boardkit.chance import Random
from boardkit.errors import IllegalMoveError, NotationError, OptionError
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.terminal import Session
from boardkit.testing import check_game
from boardkit.topology import SquareGrid, Topology

# -- all_filled: every full line, not the first --------------------------------------------------

SIX = SquareGrid(6, 6, diagonals=True)
#: Pentago's lines of five on its 6x6 board, by cell index (rows, columns, diagonals).
FIVES = [
    [SIX.index(c) for c in ray[:5]]
    for c in SIX.cells
    for d in ("e", "s", "se", "sw")
    if len(ray := [c, *SIX.ray(c, d)]) >= 5
]


class Sixes(BoardGame):
    name, board, state_class = "sixes", SIX, BoardState


def test_all_filled_finds_both_players_lines_where_filled_stops_at_the_first() -> None:
    state = Sixes().new_game(seed=0)
    for column in "abcde":
        state.put(f"{column}1", "X")
        state.put(f"{column}6", "O")
    state.put("f6", "O")  # O's row 6 holds two lines of five
    assert state.filled(FIVES) in ("X", "O")
    made = state.all_filled(FIVES)
    assert sorted(made) == ["O", "O", "X"]  # both made five: Pentago calls it a draw
    assert state.all_filled([]) == [] and Sixes().new_game(seed=0).all_filled(FIVES) == []


@pytest.mark.parametrize("seed", range(5))
def test_all_filled_is_every_line_one_piece_fills_in_order(seed: int) -> None:
    state = Sixes().new_game(seed=seed)
    rng = Random(seed)
    for i in range(36):
        state.put(SIX.cells[i], "XO."[rng.randbelow(3)] if rng.randbelow(4) else "X")
    cells = state.at
    plain = [cells[line[0]] for line in FIVES if cells[line[0]] is not None and len({cells[i] for i in line}) == 1]
    assert state.all_filled(FIVES) == plain
    assert state.filled(FIVES) == (plain[0] if plain else None)


# -- moves: a custom move class grouped by its class ------------------------------------------------


@attrs.frozen
class Fence:
    """A fence along a cell's top or right side: ``"a1h"``, ``"a1v"``."""

    cell: str
    way: str

    def __str__(self) -> str:
        return f"{self.cell}{self.way}"

    @classmethod
    def parse(cls, text: str, board: Topology) -> Fence | None:
        text = text.strip().lower()
        if len(text) < 3 or text[-1] not in "hv" or text[:-1] not in {board.name(c) for c in board.cells}:
            return None
        return cls(text[:-1], text[-1])


class Wall(Fence):
    """A fence by another name: the group's name is the class's, in words."""


class FenceState(BoardState):
    def moves(self) -> list[Any]:
        fence = self.game.moves[0]
        places = [Place(self.name(c)) for c in self.empty()]
        return places + [fence(self.name(c), way) for c in self.board.cells for way in "hv"]

    def play(self, move: Any) -> None:
        if isinstance(move, Place):
            self.put(move.cell, "XO"[self.player])
        self.next_turn()


class Fences(BoardGame):
    name, board, moves, state_class = "fences", SquareGrid(5, 5), (Fence, Place), FenceState


class Walls(Fences):
    moves = (Wall, Place)


def listed(game: BoardGame) -> list[str]:
    out = io.StringIO()
    session = Session(game, ["human", "human"], seed=1, out=out, read=lambda prompt: "")
    session.list_moves("")
    return out.getvalue().splitlines()


def test_moves_groups_a_custom_move_class_by_its_class_not_in_groups_of_one() -> None:
    lines = listed(Fences())
    assert lines[0] == "75 legal moves in 2 groups; type 'moves WORD' to number some of them:"
    assert lines[1].startswith("  place (1-25): a5") and any(line.startswith("  fence (26-75): a5h") for line in lines)


def test_moves_of_one_group_say_one_group() -> None:
    from havannah import Havannah

    lines = listed(Havannah())
    assert lines[0] == "169 legal moves in 1 group; type 'moves WORD' to number some of them:"


def test_moves_names_a_group_by_its_move_class_in_words() -> None:
    lines = listed(Walls())
    assert lines[0].startswith("75 legal moves in 2 groups")
    assert any(line.startswith("  wall (26-75): a5h  a5v  b5h") for line in lines), lines


def test_moves_still_groups_by_notation_where_the_notation_groups() -> None:
    from amazons import Amazons

    lines = listed(Amazons())
    assert "groups" in lines[0] and any(line.startswith("  a4 (1-20): a5  a6") for line in lines), lines


# -- parse with the state ----------------------------------------------------------------------------


@attrs.frozen
class Lift:
    """Take up the piece on a cell: ``"lift b1 X"``, or ``"lift b1"`` where the position says what."""

    cell: str
    piece: str
    seen: ClassVar[list[object]] = []

    def __str__(self) -> str:
        return f"lift {self.cell} {self.piece}"

    @classmethod
    def parse(cls, text: str, board: Topology, state: BoardState | None) -> Lift | None:
        cls.seen.append(state)
        word, _, rest = text.partition(" ")
        cell, _, piece = rest.partition(" ")
        if word != "lift" or cell not in {board.name(c) for c in board.cells}:
            return None
        if not piece and state is not None and state[cell] is not None:
            piece = str(state[cell])
        return cls(cell, piece) if piece else None


class LiftState(BoardState):
    def moves(self) -> list[Any]:
        lifts = [Lift(self.name(c), str(self[c])) for c in self.board.cells if self[c] is not None]
        return lifts + [Place(self.name(c)) for c in self.empty()]

    def play(self, move: Any) -> None:
        self.put(move.cell, None if isinstance(move, Lift) else "XO"[self.player])
        self.set("played", int(self.counter("played")) + 1)
        self.next_turn()

    def judge(self) -> Outcome | None:
        return Outcome.draw("six moves") if self.counter("played") == 6 else None


class Lifts(BoardGame):
    name, board, moves, state_class = "lifts", SquareGrid(3, 1), (Lift, Place), LiftState
    counters: ClassVar = {"played": 0}


def test_a_parse_that_takes_the_state_reads_text_in_the_position() -> None:
    state = Lifts().new_game(seed=0)
    state.apply("b1")  # Place, whose parse takes no state, read as always
    Lift.seen.clear()
    state.apply("lift b1")
    assert state.history == (Place("b1"), Lift("b1", "X")) and Lift.seen == [state]
    state.apply("a1")
    assert state.parse_move("lift a1") == state.game.parse_move("lift a1", state) == Lift("a1", "X")
    assert state.game.parse_move("lift b1 O") == Lift("b1", "O")  # no position: what the text alone says
    with pytest.raises(NotationError):
        state.game.parse_move("lift b1")
    with pytest.raises(IllegalMoveError):
        state.apply("lift c1 X")  # read, but nothing stands on c1
    assert state.history == (Place("b1"), Lift("b1", "X"), Place("a1"))
    check_game(Lifts(), games=3)


class OwnReading(BoardGame):
    """A game with its own ``parse_move`` of one argument, as written before the state was given."""

    name, board, state_class = "own", SquareGrid(3, 1), FenceState
    moves = (Fence, Place)

    def parse_move(self, text: str) -> Any:  # type: ignore[override]
        return super().parse_move(text.replace("put ", ""))


def test_old_one_argument_parse_hooks_keep_working() -> None:
    state = OwnReading().new_game(seed=0)
    state.apply("put a1")
    state.apply("b1h")
    assert state.history == (Place("a1"), Fence("b1", "h")) and state.is_well_formed(Place("c1"))
    ttt = TicTacToe().new_game(seed=0)
    ttt.apply("B2")
    assert ttt.history == (Place("b2"),) and not ttt.is_well_formed(Place("z9"))


# -- a board that depends on the options -------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "cells", "reason"),
    [({}, 225, "five in a line"), ({"columns": 7, "rows": 4, "k": 4}, 28, "four in a line"),
     ({"columns": 3, "rows": 3, "k": 3}, 9, "three in a line")],
)
def test_k_in_a_row_builds_its_board_from_its_options(options: dict[str, int], cells: int, reason: str) -> None:
    game = KInARow(**options)
    assert len(game.topology.cells) == cells and len(game.new_game(seed=0).legal_moves()) == cells
    report = check_game(game, games=3)
    assert all(o.reason in (reason, "the board is full") for o in report.outcomes)


def test_k_in_a_row_wins_on_the_size_it_was_given() -> None:
    state = KInARow(columns=7, rows=4, k=4).new_game(seed=0)
    for cell in ["a1", "a2", "b1", "b2", "c1", "c2", "g1"]:  # three in a row is not four
        state.apply(cell)
    assert state.outcome is None
    state.apply("d2")
    assert state.outcome is not None and state.outcome.winner == 1 and state.outcome.reason == "four in a line"


@pytest.mark.parametrize("options", [{"k": 16}, {"k": 1}, {"rows": 0}, {"columns": 27}])
def test_k_in_a_row_refuses_options_that_make_no_game(options: dict[str, int]) -> None:
    with pytest.raises(OptionError):
        KInARow(**options)



def test_moves_numbers_a_group_asked_for_by_its_name() -> None:
    # A group named by its move class ("fence") is what a newcomer reads off the screen and types:
    # "moves fence" numbers its 50 moves, though no notation ("a5h") mentions the word.
    out = io.StringIO()
    session = Session(Fences(), ["human", "human"], seed=1, out=out, read=lambda prompt: "")
    session.list_moves("fence")
    lines = out.getvalue().splitlines()
    assert lines[0] == "50 legal moves matching:", lines
    assert "26 a5h" in " ".join(lines[1:])


def test_a_place_on_a_taken_cell_says_what_holds_it() -> None:
    """The newcomer pass: a taken hex read "not a legal move in this position", which does not say why."""
    from othello import Othello

    state = TicTacToe().new_game(seed=0)
    state.apply("b2")
    with pytest.raises(IllegalMoveError, match=r"^illegal move 'b2': b2 holds X$"):
        state.apply("b2")
    board = Othello().new_game(seed=0)  # an empty square that flanks nothing: no piece to name
    with pytest.raises(IllegalMoveError, match="not a legal move in this position"):
        board.apply("a1")


# -- a state class that leaves out its rules says which ------------------------------------------


def test_a_state_without_moves_or_play_says_which_it_lacks() -> None:
    """A newcomer's game with ``state_class = BoardState`` (as the drawing guide's are) that is
    played: the error was a bare NotImplementedError, shown as ``NotImplementedError:  at cells.py``."""

    class Bare(BoardGame):
        name, board, state_class = "bare", SquareGrid(3, 3), BoardState

    class Listed(BoardState[str, Place]):
        def moves(self) -> list[Place]:
            return [Place("a1")]

    class Unplayed(BoardGame[Listed, Place]):
        name, board, state_class, moves = "unplayed", SquareGrid(3, 3), Listed, (Place,)

    with pytest.raises(NotImplementedError, match=r"^BoardState does not define moves\(\), where a kit game lists"):
        Bare().new_game(seed=0).legal_moves()
    with pytest.raises(NotImplementedError, match=r"^Listed does not define play\(move\), where a kit game plays"):
        Unplayed().new_game(seed=0).apply("a1")
