"""Places that are not cells (issue 30, item 4): a small Dots and Boxes
played on the edges of a 3x3 grid of dots."""

from __future__ import annotations

from typing import ClassVar

import pytest

from boardkit import NotationError, Outcome
from boardkit.kit import BoardGame, BoardState, Edge
from boardkit.rl import actions
from boardkit.testing import check_game
from boardkit.topology import SquareGrid, TopologyError

DOTS = SquareGrid(3, 3, origin="top")
#: Each box by its top-left dot: the numbers of its four sides.
BOXES = [
    [
        DOTS.edge_index(a, b)
        for a, b in (
            ((c, r), (c + 1, r)),
            ((c, r), (c, r + 1)),
            ((c + 1, r), (c + 1, r + 1)),
            ((c, r + 1), (c + 1, r + 1)),
        )
    ]
    for r in range(2)
    for c in range(2)
]


class BoxesState(BoardState):
    def moves(self) -> list[Edge]:
        return [Edge(self.name(a), self.name(b)) for a, b in self.empty_edges()]

    def play(self, move: Edge) -> None:
        self.put_edge(move.a, move.b, "-|"[self.player])
        k = DOTS.edge_index(move.a, move.b)
        drawn = [all(self.edge(*DOTS.edges[e]) is not None for e in box) for box in BOXES if k in box]
        if any(drawn):
            counter = f"boxes {self.player}"
            self.set(counter, int(str(self.counter(counter))) + sum(drawn))
        else:
            self.next_turn()

    @property
    def scores(self) -> tuple[float, ...]:
        return (float(str(self.counter("boxes 0"))), float(str(self.counter("boxes 1"))))

    def judge(self) -> Outcome | None:
        if self.empty_edges():
            return None
        a, b = self.scores
        if a == b:
            return Outcome.draw("every line is drawn", scores=(a, b))
        return Outcome.win(int(b > a), "every line is drawn", scores=(a, b))


class Boxes(BoardGame):
    name = "boxes-2x2"
    board = DOTS
    pieces: ClassVar = {"-": "player 0's line", "|": "player 1's line"}
    counters: ClassVar = {"boxes 0": 0, "boxes 1": 0}
    moves = (Edge,)
    state_class = BoxesState


def test_a_move_on_an_edge_is_read_in_either_order_and_marks_the_edge() -> None:
    state = Boxes().new_game(seed=0)
    assert len(state.legal_moves()) == 12
    state.apply("b1-a1")
    assert state.history[-1] == Edge("a1", "b1")
    assert state.edge("a1", "b1") == "-" and state.edge((1, 0), (0, 0)) == "-"
    assert state.edge("a1", "a2") is None and len(state.empty_edges()) == 11
    with pytest.raises(NotationError):
        state.apply("a1-b2")  # no edge between them


def test_closing_a_box_scores_and_moves_again_and_undo_takes_it_back() -> None:
    state = Boxes().new_game(seed=0)
    for move in ["a1-b1", "a1-a2", "b1-b2"]:
        state.apply(move)
    player = state.player
    before = state.copy()
    state.apply("a2-b2")
    assert state.current_player == player
    assert state.scores is not None and state.scores[state.player] == 1
    state.undo()
    assert state == before and state.edge("a2", "b2") is None


def test_edge_marks_are_in_snapshots_and_copies() -> None:
    one, two = Boxes().new_game(seed=0), Boxes().new_game(seed=0)
    one.put_edge("a1", "b1", "-")
    assert one.snapshot() != two.snapshot()
    copy = one.copy()
    one.put_edge("a1", "b1", None)
    assert copy.edge("a1", "b1") == "-" and one.snapshot() == two.snapshot()


def test_dots_and_boxes_passes_the_conformance_kit() -> None:
    report = check_game(Boxes(), games=8, sample=3)
    assert report.finished == 8


def test_edges_are_an_action_space_and_observed() -> None:
    game = Boxes()
    assert len(actions(game)) == 12
    state = game.new_game(seed=0)
    state.apply("a1-b1")
    planes = game.observation_encoder(2)(state.view(0))
    assert planes.shape == (3, 9 + 12)
    assert planes[0][9 + DOTS.edge_index("a1", "b1")] == 1.0


def test_a_game_on_cells_keeps_no_edge_marks() -> None:
    from tic_tac_toe import TicTacToe

    state = TicTacToe().new_game(seed=0)
    with pytest.raises(TopologyError, match="no marks on edges"):
        state.edge("a1", "b1")
    with pytest.raises(TopologyError, match="no edge between"):
        Boxes().new_game(seed=0).edge("a1", "c3")
