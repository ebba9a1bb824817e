"""Tafl's sibling modules without the rules (issue 26): ``encoding.py``,
``setup.py`` and ``formats.py`` no longer import ``rules.py``; the encoder is
told the one state class it may number through its move table (Tafl's declared
``all_moves`` passes ``TaflState``) instead of naming it. These tests pin the behaviour that
must not change: a plain ``TaflState`` is numbered through the table, any other
state class (OpenTafl's own rules, a user's subclass, another board size) takes
the generic path, and ``from_position`` keeps the game's rules. Tafl's parts
that build on the rules (the state class of OpenTafl's own rules, the record
formats) are declared by the package (issue 38): a game started from the rules
module alone finds them. (That no sibling imports the rules,
even for the type checker, is tests/test_architecture.py's cycle checks; that
their results stay typed as Tafl's own is tests/typing/tafl_siblings_user.py.)
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from boardkit.games.tafl import Piece, SpecialTaflState, Tafl, TaflState, square_name
from boardkit.games.tafl.encoding import all_moves
from boardkit.games.tafl.shape import NumbersMoves, TaflShape

DATA = Path(__file__).resolve().parent / "data" / "tafl" / "opentafl"

_CODES = {None: 0, Piece.ATTACKER: 1, Piece.DEFENDER: 2, Piece.KING: 3}


class UserState(TaflState):
    """A user's state class: it inherits the table, but its rules may differ."""


def _user_state(game: Tafl, seed: int) -> UserState:
    plain = game.new_game(seed=seed)
    n = game.size
    start = tuple(_CODES[plain.piece_at(square_name(i, n))] for i in range(n * n))
    return UserState(game, 2, seed, start, game.options.first)


def test_the_game_and_its_state_have_the_shapes_the_siblings_read() -> None:
    assert isinstance(Tafl("brandubh"), TaflShape)
    assert isinstance(Tafl("brandubh").new_game(seed=0), NumbersMoves)


def test_a_plain_state_is_numbered_through_its_table() -> None:
    game = Tafl("brandubh")
    moves = game.declared.all_moves(game)
    assert isinstance(moves, type(all_moves(game)))
    state = game.new_game(seed=3)
    for _ in range(40):
        numbers = moves.legal_numbers(state) if moves.legal_numbers else None
        assert numbers is not None
        assert [moves[i] for i in numbers] == state.legal_moves()
        if state.is_over:
            break
        state.apply(state.random_move())


def _numbers(game: Tafl, state: Any) -> list[int] | None:
    legal_numbers = all_moves(game, TaflState).legal_numbers
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
    state = Tafl("brandubh", king_speed=1).from_position(position=text, to_move=1, seed=2)
    assert type(state) is SpecialTaflState
    assert state.game.options.king_speed == 1
    assert state.game == Tafl("brandubh", king_speed=1)  # the rule set's name kept (issue 41)
    assert (state.position(), state.current_player) == (text, 1)
    plain = Tafl("brandubh", escape="corner").from_position(position=text, to_move=0, seed=2)
    assert type(plain) is TaflState
    assert plain.game.options.escape == "corner"
    assert plain.current_player == 0


def test_without_a_class_to_number_every_state_takes_the_generic_path() -> None:
    legal_numbers = all_moves(Tafl("brandubh")).legal_numbers
    assert legal_numbers is not None
    assert legal_numbers(Tafl("brandubh").new_game(seed=1)) is None


# A fresh interpreter that imports the rules module and nothing else of Tafl's by name, then starts a
# game of OpenTafl's own rules (Berserk's officers) and reads and writes an OpenTafl saved game.
_RULES_ALONE = """
import sys
from boardkit.games.tafl.rules import Tafl
berserk = Tafl(layout="/3c3/3t3/3T3/ttTKTtt/3N3/3t3/3t3/")
state = berserk.new_game(seed=1)
otg = berserk.declared.formats["otg"]
replayed = otg.read_game(sys.stdin.read())
again = otg.read_game(otg.write_game(replayed))
print(type(state).__name__, state.piece_at("d1").name, sorted(berserk.declared.formats))
print(len(replayed.history), again.history == replayed.history, Tafl.from_opentafl(berserk.to_opentafl()) == berserk)
"""


def test_the_rules_alone_start_every_game_and_find_every_format() -> None:
    """Whether Tafl starts a game of OpenTafl's own rules or reads a saved game
    does not depend on which of its modules was imported first (issue 38): the
    rules module alone finds the parts that build on it."""
    saved = (DATA / "Fish-Nasa-2015-Fetlar.otg").read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_RULES_ALONE)],
        input=saved, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    started, read = done.stdout.splitlines()
    assert started == "SpecialTaflState ATTACKER_COMMANDER ['otg']"
    count, same, rules_kept = read.split()
    assert int(count) > 0 and same == "True" and rules_kept == "True"


def test_the_old_name_of_the_clear_line_warns_and_still_answers() -> None:
    state = Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=1)
    assert state.king_has_clear_line
    assert not Tafl().new_game(seed=0).king_has_clear_line
    with pytest.warns(DeprecationWarning, match="king_has_clear_line"):
        assert state.check is True
