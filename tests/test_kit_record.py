"""The kit's records that let plain rules code skip work (issue 39, item 6):
the positions seen, kept by the kit with undo (``remember``, ``times_seen``,
``forget_seen``), the move being judged (``last_move``), and legal moves a
move's own ``play`` asks for, listed again after every later change."""

from __future__ import annotations

import pickle
from typing import ClassVar

from chinese_checkers import ChineseCheckers
from oware import Oware
from tic_tac_toe import TicTacToe, TicTacToeState

from boardkit import Outcome
from boardkit.chance import Random
from boardkit.kit import BoardGame, BoardState, Place, cells
from boardkit.topology import SquareGrid


def test_remember_counts_a_position_and_undo_takes_the_count_back() -> None:
    state = TicTacToe().new_game(seed=0)
    assert state.remember() == 0 and state.times_seen() == 1  # set up by hand: kept, not undone
    state.apply("b2")
    assert state.times_seen() == 0  # another position now
    state.undo()
    assert state.times_seen() == 1


class Walk(BoardGame):
    """A pawn steps left or right on a row of four; a position seen three times draws, and stepping
    onto the last cell wipes the record (a capture, say)."""

    name, board = "walk", SquareGrid(4, 1)
    counters: ClassVar = {"_repeated": 0}

    class state_class(BoardState[str, Place]):  # noqa: N801  (a state class, as the kit names it)
        def setup(self) -> None:
            self.put("a1", "P")
            self.remember()

        def moves(self) -> list[Place]:
            here = self.at.index("P")
            return [Place(self.name(self.board.cells[j])) for j in (here - 1, here + 1) if 0 <= j < 3]

        def play(self, move: Place) -> None:
            self.put(self.board.cells[self.at.index("P")], None)
            self.put(move.cell, "P")
            if move.cell == "c1":
                self.forget_seen()
            self.set("_repeated", self.remember())

        def judge(self) -> Outcome | None:
            return Outcome.draw("seen three times") if self.counter("_repeated") >= 2 else None


def test_the_record_follows_moves_undo_forget_and_copies() -> None:
    state = Walk().new_game(seed=0)
    start = (tuple(state.at), state.player)  # a1, player 0 to move: the record's key of a board without edges
    state.apply("b1")
    state.apply("a1")
    state.apply("b1")
    assert state.times_seen() == 2 and state.times_seen(start) == 2
    twin = state.copy()
    state.apply("c1")  # the record wiped
    assert state.times_seen() == 1 and state.times_seen(start) == 0
    state.apply("b1")
    assert state.times_seen() == 1  # b1 was seen before the wipe: forgotten
    state.undo()
    state.undo()
    assert state.times_seen() == 2 and state.times_seen(start) == 2  # the wipe undone
    twin.apply("a1")  # a third visit: a draw, in the copy only
    assert twin.is_over and twin.times_seen(start) == 3
    assert not state.is_over and state.times_seen(start) == 2
    pickled = pickle.loads(pickle.dumps(twin))
    assert pickled.times_seen(start) == 3


def test_a_record_undone_in_a_copy_and_in_the_original_stays_apart() -> None:
    """A copy shares the undo log with the original: undoing a wipe in both must not make them share a record."""
    state = Walk().new_game(seed=0)
    state.apply("b1")
    state.apply("c1")  # the record wiped
    twin = state.copy()
    state.undo()
    twin.undo()
    state.remember("only in the original")
    assert state.times_seen("only in the original") == 1 and twin.times_seen("only in the original") == 0


def test_a_game_ends_on_its_third_visit_and_undo_reopens_it() -> None:
    state = Walk().new_game(seed=0)
    for cell in ["b1", "a1", "b1", "a1", "b1", "a1", "b1", "a1"]:
        if state.is_over:
            break
        state.apply(cell)
    assert state.is_over and state.outcome is not None and "three" in state.outcome.reason
    state.undo()
    assert not state.is_over


def test_last_move_is_the_move_being_played_then_the_last_played() -> None:
    judged: list[object] = []

    class Watched(TicTacToe):
        class state_class(TicTacToeState):  # noqa: N801
            def judge(self) -> Outcome | None:
                judged.append(self.last_move)
                return super().judge()

    state = Watched().new_game(seed=0)
    assert judged == [None] and state.last_move is None
    state.apply("b2")
    state.apply("a1")
    assert judged[1:] == [Place("b2"), Place("a1")] and state.last_move == Place("a1")
    state.undo()
    assert state.last_move == Place("b2")
    assert state.copy().last_move == Place("b2")


asked: list[int] = []


class Asker(BoardGame):
    """Each move puts a stone, asks the legal moves, then puts a second stone at the first empty cell:
    the moves it asked for before the second stone must not be kept for the next turn."""

    name, board = "asker", SquareGrid(5, 1)

    class state_class(BoardState[str, Place]):  # noqa: N801
        def moves(self) -> list[Place]:
            return [Place(self.name(cell)) for cell in self.empty()]

        def play(self, move: Place) -> None:
            self.put(move.cell, "x")
            self.next_turn()
            asked.append(len(self.legal_moves()))
            empty = self.empty()
            if empty:
                self.put(empty[0], "o")  # the only change after the moves were asked for

        def judge(self) -> Outcome | None:
            return None if self.empty() else Outcome.draw("full")


def test_moves_asked_during_a_move_are_listed_again_after_a_later_change() -> None:
    asked.clear()
    state = Asker().new_game(seed=0)
    state.apply("c1")  # c1 x, then a1 o
    assert asked == [4]
    assert [str(m) for m in state.legal_moves()] == ["b1", "d1", "e1"]
    state.undo()
    assert [str(m) for m in state.legal_moves()] == ["a1", "b1", "c1", "d1", "e1"]


def test_oware_asking_its_next_player_moves_in_play_keeps_random_games_consistent() -> None:
    """Oware's play asks the next player's moves; the ones kept must be the ones a fresh listing gives."""
    game = Oware()
    for seed in range(5):
        state, rng = game.new_game(seed=seed), Random(seed)
        while not state.is_over:
            legal = state.legal_moves()
            assert legal == state.moves()
            state.apply(legal[rng.randbelow(len(legal))])
            if rng.randbelow(4) == 0:
                move = state.undo()
                assert state.legal_moves() == state.moves()
                state.apply(move)


def test_undo_past_the_moves_that_keep_their_legal_moves_lists_them_again() -> None:
    """A move more than _KEEP_LEGAL moves back keeps no legal-move list (a long game would keep one per move):
    undone, in the game and in a copy made before it lost it, each position has the moves and board it had."""
    state, rng = ChineseCheckers().new_game(seed=0), Random(5)
    seen = []
    for ply in range(cells._KEEP_LEGAL + 40):
        seen.append((state.layout(), state.legal_moves()))
        state.apply(state.legal_moves()[rng.randbelow(len(state.legal_moves()))])
        if ply == 30:
            twin = state.copy()
    for each, plies in ((state, len(seen)), (twin, 31)):
        for board, moves in reversed(seen[:plies]):
            each.undo()
            assert each.layout() == board
            assert each.legal_moves() == moves
