"""The match layer's Match (issue 38): the one "game being played" of the terminal and the web."""

from __future__ import annotations

import pytest

from boardkit import IllegalMoveError
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.match import Match, TakeBackError
from boardkit.testing import Nim


def test_the_log_stays_in_step_with_the_state_through_take_backs_and_redos() -> None:
    match = Match(Nim(heap=12).new_game(seed=3))
    for player, move in [(0, "take 1"), (1, "take 2"), (0, "take 3"), (1, "take 1")]:
        match.play(player, move)
    assert [str(p.move) for p in match.log] == [str(m) for m in match.state.history]
    taken = match.take_back(match.back_to({0}))
    assert [str(p.move) for p in taken] == ["take 1", "take 3"] and len(match.state.history) == 2
    assert [p.player for p in match.log] == [0, 1] and match.state.current_player == 0
    assert [str(p.move) for p in match.redo()] == ["take 3", "take 1"]
    assert len(match.log) == len(match.state.history) == 4
    match.take_back(1)
    match.play(1, "take 3")  # a new move: what was taken back cannot be played again
    assert not match.can_redo
    with pytest.raises(TakeBackError, match="nothing to redo"):
        match.redo()


def test_a_refused_move_or_take_back_changes_nothing() -> None:
    match = Match(Nim(heap=5).new_game(seed=0))
    before = match.state
    with pytest.raises(IllegalMoveError):
        match.play(0, "take 9")
    assert match.state is before and match.log == []
    with pytest.raises(TakeBackError, match="nothing to take back"):
        match.take_back(1)
    match.play(0, "take 1")
    with pytest.raises(TakeBackError, match="only 1 moves"):
        match.take_back(2)
    assert len(match.log) == 1


def test_a_move_that_drew_from_chance_is_never_taken_back() -> None:
    match = Match(ClothOfGold().new_game(seed=4))
    for player, move in [(0, "A-dragon/secrecy"), (0, "A-gold"), (1, "B-blue"), (1, "B-white"), (0, "A-red")]:
        match.play(player, move)
    assert match.log[-1].said  # what the move did, in the game's words
    with pytest.raises(TakeBackError, match="cannot be taken back: everyone has seen what chance gave"):
        match.take_back(1)
    assert len(match.log) == len(match.state.history) == 5


def test_a_move_is_swapped_in_whole() -> None:
    match = Match(Nim(heap=5).new_game(seed=0))
    first = match.state
    match.play(0, "take 2")
    assert match.state is not first and first.history == ()  # played on a copy, then swapped in
