from __future__ import annotations

import attrs
import pytest

from boardkit import (
    BoardkitError,
    ComponentError,
    IllegalMoveError,
    NotationError,
    OptionError,
    Outcome,
    RecordError,
    UndoError,
    make_options,
)
from boardkit.testing import Nim, Take


def test_apply_accepts_values_and_notation() -> None:
    state = Nim(heap=7).new_game(seed=0)
    state.apply(Take(2))
    state.apply("take 3")
    assert state.heap == 2
    assert state.history == (Take(2), Take(3))
    assert state.current_player == 0


@pytest.mark.parametrize("bad", ["take 4", Take(0), Take(9), "take 8"])
def test_illegal_moves_leave_the_state_alone(bad: object) -> None:
    state = Nim(heap=7).new_game(seed=0)
    state.apply("take 1")
    before = state.snapshot()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(bad)  # type: ignore[arg-type]
    assert state.snapshot() == before
    assert info.value.reason
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["", "take", "take two", "take 1 2", "TAKE 1", "take -1"])
def test_bad_notation_raises_notation_error(text: str) -> None:
    state = Nim().new_game(seed=0)
    with pytest.raises(NotationError, match="invalid notation"):
        state.apply(text)
    assert state.history == ()


def test_no_move_after_the_end() -> None:
    state = Nim(heap=1).new_game(seed=0)
    state.apply("take 1")
    assert state.is_over and state.current_player is None and state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply("take 1")


def test_undo_restores_and_reports() -> None:
    state = Nim(heap=5).new_game(seed=3)
    with pytest.raises(UndoError, match="nothing to undo"):
        state.undo()
    start = state.snapshot()
    state.apply("take 2")
    state.apply("take 3")
    assert state.is_over
    assert state.undo() == Take(3)
    assert not state.is_over
    state.undo()
    assert state.snapshot() == start


def test_copies_are_independent() -> None:
    state = Nim(heap=9).new_game(seed=3)
    twin = state.copy()
    twin.apply("take 3")
    assert state.heap == 9 and twin.heap == 6
    assert state != twin
    state.apply("take 3")
    assert state == twin


def test_seed_is_kept_even_when_not_given() -> None:
    state = Nim().new_game()
    assert 0 <= state.seed < 2**63
    assert state.to_record().seed == state.seed


def test_players_are_checked() -> None:
    with pytest.raises(OptionError, match="exactly 2 players, not 3"):
        Nim().new_game(players=3)
    with pytest.raises(OptionError, match="must be an integer"):
        Nim().new_game(players="2")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="no player 2"):
        Nim().new_game(seed=1).view(2)


def test_make_options_wraps_every_failure() -> None:
    @attrs.frozen
    class Options:
        size: int = attrs.field(default=9, validator=attrs.validators.instance_of(int))

    assert make_options(Options, {}, game="demo") == Options()
    with pytest.raises(OptionError, match="unknown option 'sise' for demo; options are: 'size'"):
        make_options(Options, {"sise": 3}, game="demo")
    with pytest.raises(OptionError, match="bad option for demo"):
        make_options(Options, {"size": "big"}, game="demo")
    with pytest.raises(OptionError, match="heap must be a positive integer"):
        Nim(heap=0)


def test_games_compare_by_options() -> None:
    assert Nim(heap=5) == Nim(heap=5)
    assert hash(Nim(heap=5)) == hash(Nim(heap=5))
    assert Nim(heap=5) != Nim(heap=6)
    assert repr(Nim(heap=5)) == "Nim(heap=5, most=3)"


def test_outcome_helpers() -> None:
    assert Outcome.win(1, "x", scores=[3, 4]).scores == (3, 4)
    shared = Outcome(frozenset({0, 1}), None, "tie")
    assert shared.winner is None and not shared.is_draw
    assert Outcome.draw("x").is_draw


def test_error_hierarchy() -> None:
    for error in (IllegalMoveError("m", "r"), NotationError("t", "r"), RecordError("r"), OptionError("o")):
        assert isinstance(error, BoardkitError) and isinstance(error, ValueError)
    assert isinstance(UndoError("u"), IndexError)
    assert isinstance(ComponentError("c"), LookupError)


def test_view_of_a_perfect_information_game() -> None:
    state = Nim(heap=4).new_game(seed=8)
    assert state.view(0).position == state.view(1).position
    assert state.determinize(1, seed=5) == state.determinize(1, seed=5)
    assert state.determinize(1, seed=5).heap == 4
