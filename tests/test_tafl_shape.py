"""Tafl's sibling modules without the rules (issue 26): ``encoding.py``,
``setup.py`` and ``formats.py`` no longer import ``rules.py``; the encoder
finds the one state class it may number through its move table in
``shape.TABLE_STATES`` (which the rules fill) instead of naming ``TaflState``.
These tests pin the behaviour that must not change: a plain ``TaflState`` is
numbered through the table, any other state class (OpenTafl's own rules, a
user's subclass, another board size) takes the generic path, and
``from_position`` keeps the game's rules. (That no sibling imports the rules,
even for the type checker, is tests/test_architecture.py's cycle checks; that
their results stay typed as Tafl's own is tests/typing/tafl_siblings_user.py.)
"""

from __future__ import annotations

from typing import Any

from boardkit.games.tafl import Piece, SpecialTaflState, Tafl, TaflState, square_name
from boardkit.games.tafl.encoding import all_moves
from boardkit.games.tafl.shape import TABLE_STATES, NumbersMoves, TaflShape

_CODES = {None: 0, Piece.ATTACKER: 1, Piece.DEFENDER: 2, Piece.KING: 3}


class UserState(TaflState):
    """A user's state class: it inherits the table, but its rules may differ."""


def _user_state(game: Tafl, seed: int) -> UserState:
    plain = game.new_game(seed=seed)
    n = game.size
    start = tuple(_CODES[plain.piece_at(square_name(i, n))] for i in range(n * n))
    return UserState(game, 2, seed, start, game.options.first)


def test_the_rules_put_exactly_the_plain_state_in_the_table() -> None:
    assert len(TABLE_STATES) == 1
    assert TABLE_STATES[0] is TaflState
    assert isinstance(Tafl("brandubh"), TaflShape)
    assert isinstance(Tafl("brandubh").new_game(seed=0), NumbersMoves)


def test_a_plain_state_is_numbered_through_its_table() -> None:
    game = Tafl("brandubh")
    moves = all_moves(game)
    state = game.new_game(seed=3)
    for _ in range(40):
        numbers = moves.legal_numbers(state) if moves.legal_numbers else None
        assert numbers is not None
        assert [moves[i] for i in numbers] == state.legal_moves()
        if state.is_over:
            break
        state.apply(state.random_move())


def _numbers(game: Tafl, state: Any) -> list[int] | None:
    legal_numbers = all_moves(game).legal_numbers
    assert legal_numbers is not None
    return legal_numbers(state)


def test_other_state_classes_take_the_generic_path() -> None:
    special_game = Tafl("brandubh", king_speed=1)
    special = special_game.new_game(seed=1)
    assert type(special) is SpecialTaflState
    assert _numbers(special_game, special) is None
    assert _numbers(Tafl("brandubh"), special) is None
    user = _user_state(Tafl("brandubh"), 1)
    assert user.legal_moves() == Tafl("brandubh").new_game(seed=1).legal_moves()
    assert _numbers(Tafl("brandubh"), user) is None
    assert _numbers(Tafl("brandubh"), Tafl("brandubh").new_game(seed=1)) is not None


def test_a_state_of_another_size_takes_the_generic_path() -> None:
    assert _numbers(Tafl("tablut"), Tafl("brandubh").new_game(seed=1)) is None


def test_from_position_keeps_the_rules_and_their_state_class() -> None:
    text = "/7/7/3K3/7/t6/7/7/"
    state = Tafl("brandubh", king_speed=1).from_position(text, to_move=1, seed=2)
    assert type(state) is SpecialTaflState
    assert state.game.options.king_speed == 1
    assert state.game.options.variant == "custom"
    assert (state.position(), state.current_player) == (text, 1)
    plain = Tafl("brandubh", escape="corner").from_position(text, to_move=0, seed=2)
    assert type(plain) is TaflState
    assert plain.game.options.escape == "corner"
    assert plain.current_player == 0
