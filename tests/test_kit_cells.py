"""The kit's position store, :class:`boardkit.kit.BoardCells` (issue 31): its
quick apply and undo keep :class:`boardkit.State`'s promises, kit states
pickle and copy with every field, and the move-list helpers list exactly the
moves the plain loops they replace list, in the same order. The same tests
run on the pure and the compiled build (where ``BoardCells`` is native)."""

from __future__ import annotations

import copy
import pickle
from itertools import takewhile
from typing import Any

import pytest
from amazons import LINES, SHOTS, Amazons
from breakthrough import PIECES, ROUTES, Breakthrough
from connect_four import ConnectFour
from dots_and_boxes import BESIDE, DotsAndBoxes
from draughts import ROUTES as DRAUGHTS_ROUTES
from draughts import SIDES, Draughts
from nine_mens_morris import MILLS, NineMensMorris
from tic_tac_toe import LINES as THREES
from tic_tac_toe import PLACES, TicTacToe, TicTacToeState

from boardkit import COMPILED, IllegalMoveError, NotationError, Random
from boardkit.kit import BoardCells, BoardState


def _played(game: Any, seed: int, plies: int) -> BoardState:
    state: BoardState = game.new_game(seed=seed)
    rng = Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(state.random_move(rng))
    return state


def test_a_kit_state_is_a_board_cells() -> None:
    assert isinstance(TicTacToe().new_game(seed=0), BoardCells)
    assert BoardState.__mro__[1] is BoardCells


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(), DotsAndBoxes(), NineMensMorris()])
def test_pickle_copy_and_deepcopy_keep_everything(game: Any) -> None:
    state = _played(game, 3, 7)
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.copy()):
        assert twin.snapshot() == state.snapshot()
        assert twin.history == state.history and twin.rng.state == state.rng.state
        assert twin.legal_moves() == state.legal_moves()
        if twin.history and twin is not state:
            twin.undo()
            assert twin.snapshot() != state.snapshot()  # the twin's undo changes the twin only
            assert len(state.history) == len(twin.history) + 1


def test_the_quick_apply_refuses_as_state_apply_does() -> None:
    state = _played(TicTacToe(), 1, 3)
    before = state.snapshot()
    with pytest.raises(IllegalMoveError):
        state.apply(state.history[0])  # a cell already taken
    with pytest.raises(IllegalMoveError):
        state.apply(object())
    with pytest.raises(NotationError):
        state.apply("z9")
    assert state.snapshot() == before
    state.apply(str(state.legal_moves()[0]))  # text goes the long way and lands the same
    assert len(state.history) == 4


def test_apply_and_undo_walk_a_game_back_exactly() -> None:
    state = Breakthrough().new_game(seed=5)
    rng, seen = Random(5), []
    while not state.is_over:
        seen.append(state.snapshot())
        state.apply(state.random_move(rng))
    with pytest.raises(IllegalMoveError):
        state.apply(state.history[-1])  # the game is over
    while seen:
        state.undo()
        assert state.snapshot() == seen.pop()


def test_playout_plays_the_moves_random_move_chooses() -> None:
    a, b = TicTacToe().new_game(seed=2), TicTacToe().new_game(seed=2)
    played = a.playout(max_plies=5, rng=Random(9))
    rng = Random(9)
    for _ in range(played):
        b.apply(b.random_move(rng))
    assert played == 5 and a.snapshot() == b.snapshot()


@pytest.mark.parametrize("seed", range(6))
def test_the_move_helpers_list_what_the_plain_loops_list(seed: int) -> None:
    state = _played(Breakthrough(), seed, 20)
    cells, player = state.at, state.player
    mine, theirs = PIECES[player], PIECES[1 - player]
    plain = [
        step if cells[j] is None else capture
        for i, piece in enumerate(cells)
        if piece == mine
        for j, step, capture in ROUTES[player][i]
        if cells[j] is None or (capture is not None and cells[j] == theirs)
    ]
    assert state.step_moves(mine, ROUTES[player], enemy=theirs) == plain

    amazons = _played(Amazons(), seed, 9)
    cells = amazons.at
    slides = []
    for i, piece in enumerate(cells):
        if piece == "X":
            for line in LINES[i]:
                for j, move in line:
                    if cells[j] is not None:
                        break
                    slides.append(move)
    assert amazons.slide_moves(LINES, "X") == slides
    start = cells.index("O")
    shots = [m for line in SHOTS[start] for _, m in takewhile(lambda jm: cells[jm[0]] is None, line)]
    assert amazons.slide_moves(SHOTS, start=start) == shots

    ttt = _played(TicTacToe(), seed, 4)
    assert ttt.place_moves(PLACES) == [p for p, s in zip(PLACES, ttt.at, strict=True) if s is None]
    full = [ttt.at[a] for a, b, c in THREES if ttt.at[a] is not None and ttt.at[a] == ttt.at[b] == ttt.at[c]]
    assert ttt.filled(THREES) == (full[0] if full else None)


def test_filled_and_closed_need_every_cell_and_edge() -> None:
    morris = _played(NineMensMorris(), 4, 12)
    cells = morris.at
    for p, mills in enumerate(MILLS):
        lines = [[p, a, b] for a, b in mills]
        man = cells[p]
        expected = man if man is not None and any(cells[a] == cells[b] == man for a, b in mills) else None
        assert morris.filled(lines) == expected
    boxes = _played(DotsAndBoxes(), 4, 6)
    marks = [boxes.edge(*edge) for edge in boxes.board.edges]
    for groups in BESIDE:
        assert boxes.closed(groups) == sum(all(marks[k] is not None for k in box) for box in groups)
    assert boxes.closed([]) == 0 and boxes.filled([]) is None


@pytest.mark.parametrize("seed", range(6))
def test_route_moves_lists_each_kind_of_piece_square_by_square(seed: int) -> None:
    state = _played(Draughts(), seed, 40)  # late enough for kings beside men
    cells = state.at
    for side in SIDES:
        routes = {piece: DRAUGHTS_ROUTES[piece] for piece in side}
        plain = [step for i, p in enumerate(cells) if p in side for j, step in routes[p][i] if cells[j] is None]
        assert state.route_moves(routes) == plain
    assert state.route_moves({}) == []


def test_a_position_changed_outside_a_move_is_listed_and_judged_again() -> None:
    """issue 38: after ``legal_moves()``, a ``put`` outside a move left the cached moves and the
    judged result stale: a filled cell was still offered, a won position was not over."""
    state = TicTacToe().new_game(seed=0)
    assert "a1" in [str(m) for m in state.legal_moves()]
    state.put("a1", "O")
    assert "a1" not in [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMoveError):
        state.apply("a1")
    assert state["a1"] == "O"
    state.put("a2", "O")
    state.put("a3", "O")  # three in a row, set up by hand
    assert state.is_over and state.outcome is not None and state.outcome.winner == 1
    state.put("a3", None)
    assert not state.is_over and state.current_player == 0
    state.set_turn(1)
    assert state.current_player == 1
    state.apply("a3")
    assert state.outcome is not None and state.outcome.winner == 1
    state.undo()
    assert not state.is_over and state["a3"] is None


def test_a_won_position_changed_by_hand_is_judged_as_a_game_going_on() -> None:
    """A judge that asks for the legal moves (Connect Four's "the board is full") read none while the
    last judgement still said the game was over: a won position set up by hand, then undone by
    hand, read as a draw."""
    state = ConnectFour().new_game(seed=0)
    for cell in ["a1", "b1", "c1", "d1"]:
        state.put(cell, "R")
    state.set("_last", "a1")
    assert state.outcome is not None and state.outcome.winner == 0
    state.put("d1", None)
    assert state.outcome is None and len(state.legal_moves()) == 7


class CountsListings(TicTacToeState):
    """Tic-tac-toe that counts how often its legal moves are listed."""

    listed = 0

    def moves(self) -> list[Any]:
        type(self).listed += 1
        return super().moves()


def test_undo_gives_back_the_legal_moves_known_before_the_move() -> None:
    """issue 39: a search (or lockstep) tries a move, takes it back and tries the next; the moves of the
    position it comes back to are not listed again, and a change made by hand in between lists them anew."""
    game = type("Counted", (TicTacToe,), {"state_class": CountsListings})()
    state = game.new_game(seed=0)
    first = state.legal_moves()
    CountsListings.listed = 0
    for move in first:
        state.apply(move)
        state.legal_moves()  # the position after it: listed once
        state.undo()
    assert CountsListings.listed == len(first) and state.legal_moves() == first
    assert CountsListings.listed == len(first)  # back at the start: known, not listed again
    state.apply("a1")
    state.put("b2", "O")  # by hand, after the move
    state.undo()
    assert state["b2"] == "O" and "b2" not in [str(m) for m in state.legal_moves()]


def test_copy_copy_of_a_kit_state_is_an_independent_game() -> None:
    """``copy.copy`` is the state's ``copy()``: a shallow copy shared the position's lists and the
    positions seen, so moves on the copy changed the original (in Oware, a later game of the original
    ended early, "a position came back")."""
    from oware import Oware

    state = _played(Oware(), 3, 10)
    seen, cells, history = state.times_seen(), state.layout(), state.history
    twin = copy.copy(state)
    assert twin == state and type(twin) is type(state)
    rng = Random(2)
    for _ in range(12):
        if twin.is_over:
            break
        twin.apply(twin.random_move(rng))
    assert state.times_seen() == seen and state.layout() == cells and state.history == history
    assert twin != state


@pytest.mark.skipif(COMPILED, reason="a compiled kit state keeps the kit's fields in its native layout")
def test_a_pure_kit_state_has_fewer_than_30_attributes() -> None:
    """CPython shares one table of attribute names among the instances of a class only while it holds
    fewer than 30 names; from the 30th each instance gets a dictionary of its own, and every attribute
    read in the kit and in the game's rules takes the slow path: one field more (29 to 30) made every
    pure kit game 5-12% slower. A field the kit needs beyond these goes in an existing one."""
    state = ConnectFour().new_game(seed=0)
    state.apply(state.legal_moves()[0])
    state.put("a1", None)
    assert len(vars(state)) < 30, sorted(vars(state))
