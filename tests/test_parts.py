"""Every game declares its parts (issue 38): ``Game.declared`` holds the picture, the RL action list
and encoder, the record formats and the state classes, and the applications read them there."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import pytest
from tic_tac_toe import TicTacToe, TicTacToeState

from boardkit import Parts
from boardkit.games import load, names
from boardkit.games.tafl import SpecialTaflState, Tafl, TaflState
from boardkit.render import standing, svg
from boardkit.testing import ConformanceError, Nim, NimState, Take, check_game


@pytest.mark.parametrize("name", names())
def test_every_shipped_game_declares_its_parts(name: str) -> None:
    game = load(name)
    parts = game.declared
    assert isinstance(parts, Parts)
    state = game.new_game(players=2, seed=1)
    assert parts.states and type(state) is parts.states[0]
    assert callable(parts.all_moves) and callable(parts.observation_encoder)
    assert isinstance(parts.formats, Mapping)
    assert parts.picture is not None
    assert svg(state) == parts.picture(state, standing(state)) == state._repr_svg_()
    with pytest.raises(TypeError):  # frozen: a declaration is a value
        parts.formats["otg"] = parts.formats.get("otg")  # type: ignore[index]


def test_tafls_declaration_names_both_state_classes_and_its_format() -> None:
    parts = Tafl().declared
    assert parts.states == (TaflState, SpecialTaflState) and sorted(parts.formats) == ["otg"]
    assert type(Tafl(layout="/3c3/3t3/3T3/ttTKTtt/3N3/3t3/3t3/").new_game(seed=1)) is parts.states[1]


def test_a_kit_game_declares_its_parts_by_itself() -> None:
    game = TicTacToe()
    parts = game.declared
    assert parts.states == (TicTacToeState,) and dict(parts.formats) == {}
    assert parts.all_moves is not None and [str(m) for m in parts.all_moves(game)][:2] == ["a1", "b1"]
    state = game.new_game(seed=0)
    assert parts.picture is not None and parts.picture(state, None) == state.svg_picture()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(game.all_moves()) == 9  # the kit's own method: no deprecation


def _picture(state: NimState, title: str | None) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{state.heap} {title}</text></svg>'


class DrawnNim(Nim):
    """A user's game, not on the kit, that declares a picture and its moves."""

    declared = Parts(
        states=(NimState,), picture=_picture, all_moves=lambda game: [Take(n) for n in range(1, game.options.most + 1)]
    )


def test_the_applications_read_a_users_declaration() -> None:
    state = DrawnNim(heap=5).new_game(seed=0)
    assert svg(state) == _picture(state, "player 0 to move") and state._repr_svg_() == svg(state)
    assert check_game(DrawnNim(heap=7), games=2).finished == 2
    assert 'xml:space="preserve"' in svg(Nim(heap=5).new_game(seed=0))  # no picture declared: drawn as its text


@pytest.mark.parametrize(
    ("declared", "message"),
    [
        (Parts(states=(TicTacToeState,)), "declares its states as TicTacToeState, but a state of it is a NimState"),
        (Parts(picture=lambda state, title: "<p>not svg</p>"), "picture gave '<p>not svg</p>', not an SVG"),
        (Parts(all_moves=lambda game: [Take(1), Take(2)]), "'take 3' is not among the moves the game declares"),
    ],
)
def test_check_game_catches_a_declaration_that_does_not_fit(declared: Parts[Any, Any], message: str) -> None:
    game = type("Declared", (Nim,), {"declared": declared})(heap=30)
    with pytest.raises(ConformanceError, match=message):
        check_game(game, games=3)


def test_check_game_catches_a_format_that_does_not_read_back() -> None:
    otg = Tafl().declared.formats["otg"]

    class Lossy:
        name, suffix, write_game = "lossy", ".lossy", staticmethod(otg.write_game)

        @staticmethod
        def read_game(text: str) -> Any:
            return Tafl("brandubh").new_game(seed=0)

    class LossyTafl(Tafl):
        declared = Parts(states=(TaflState,), formats={"lossy": Lossy()})

    with pytest.raises(ConformanceError, match="format 'lossy' does not read back"):
        check_game(LossyTafl("brandubh"), games=1, max_moves=6)


def test_an_old_style_record_formats_override_still_serves_the_command() -> None:
    otg = Tafl().declared.formats["otg"]

    class OldNim(Nim):
        def record_formats(self) -> dict[str, Any]:
            return {"otg": otg}

    with pytest.warns(DeprecationWarning, match=r"declared = boardkit\.Parts\(formats=\.\.\.\)"):
        assert dict(OldNim().declared.formats) == {"otg": otg}


def test_a_kit_game_whose_moves_cannot_be_listed_declares_no_action_list() -> None:
    pytest.importorskip("numpy")
    from breakthrough import Breakthrough

    from boardkit import OptionError, rl

    game = Breakthrough()
    assert game.declared.all_moves is None and game.declared.observation_encoder is not None
    with pytest.raises(OptionError, match="no fixed action space"):
        rl.actions(game)
