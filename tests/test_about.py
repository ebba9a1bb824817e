"""Every game declares what it is (issue 26): information, chance and seat names as data."""

from __future__ import annotations

import pytest

from boardkit.about import About, Chance, Information
from boardkit.games import load
from boardkit.testing import Nim


@pytest.mark.parametrize(
    ("name", "information", "chance"),
    [
        ("tafl", Information.PERFECT, Chance.NONE),
        ("five-fields", Information.PERFECT, Chance.PUBLIC),
        ("cloth-of-gold", Information.IMPERFECT, Chance.HIDDEN),
        ("camelot", Information.IMPERFECT, Chance.PUBLIC),
    ],
)
def test_each_shipped_game_declares_what_it_is(name: str, information: Information, chance: Chance) -> None:
    game = load(name)
    assert game.about.information is information
    assert game.about.chance is chance
    assert game.about.title


def test_a_declared_imperfect_game_has_views_that_differ() -> None:
    """The declaration agrees with the game: the two seats of Cloth of Gold see different things."""
    state = load("cloth-of-gold").new_game(seed=1)
    assert state.view(0) != state.view(1)


def test_seat_names_come_from_the_declaration() -> None:
    assert load("tafl").seat_name(1) == "defenders"
    assert Nim().seat_name(1) == "player 1"

    class Named(Nim):
        about = About(seats=("first", "second"))

    assert Named().seat_name(0) == "first"
    assert Named().seat_name(2) == "player 2"
