"""Arguments of the wrong kind to the library's checking and playing functions (issue 40): each is refused
before anything is played with a boardkit error in one line (an ``OptionTypeError`` where the kind is wrong),
never an ``AttributeError`` or a ``TypeError`` from deep inside."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from boardkit import OptionError, OptionTypeError
from boardkit.agents import ExpectimaxAgent, RandomAgent
from boardkit.game import check_is_game
from boardkit.games import load
from boardkit.play import play_game, tournament
from boardkit.testing import Nim, NimByHand, check_game, lockstep, openspiel_reference

AGENTS = [RandomAgent(seed=1), RandomAgent(seed=2)]

CALLS: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("check_game(None)", lambda: check_game(None), OptionTypeError, "game must be a boardkit Game, not None"),
    ("check_game('nim')", lambda: check_game("nim"), OptionTypeError, r"boardkit\.games\.load\('nim'\) makes it"),
    ("check_game(Nim)", lambda: check_game(Nim), OptionTypeError, r"a class: Nim\(\) makes one"),
    ("check_game games='3'", lambda: check_game(Nim(), games="3"), OptionTypeError, "games must be an integer"),
    ("check_game seed='x'", lambda: check_game(Nim(), seed="x"), OptionTypeError, "seed"),
    ("check_game max_moves=-1", lambda: check_game(Nim(), max_moves=-1), OptionError, "max_moves must be a non-neg"),
    ("check_game positions", lambda: check_game(Nim(), positions=[42]), OptionTypeError, "positions must be states"),
    ("check_game positions=None", lambda: check_game(Nim(), positions=None), OptionTypeError, "a list .* of states"),
    ("check_game positions=state", lambda: check_game(Nim(), positions=Nim().new_game(seed=1)), OptionTypeError,
     "positions must be a list"),
    ("lockstep(None, ...)", lambda: lockstep(None, NimByHand), OptionTypeError, "game must be a boardkit Game"),
    ("lockstep reference", lambda: lockstep(Nim(), None), OptionTypeError, "reference must be callable, not None"),
    ("lockstep games='2'", lambda: lockstep(Nim(), NimByHand, games="2"), OptionTypeError, "games must be an integer"),
    ("lockstep chance=3", lambda: lockstep(Nim(), NimByHand, chance=3), OptionTypeError, "chance must be callable"),
    ("lockstep same_position=3", lambda: lockstep(Nim(), NimByHand, same_position=3), OptionTypeError,
     "same_position must be a function or a pair"),
    ("openspiel_reference(None)", lambda: openspiel_reference(None), OptionTypeError, "OpenSpiel game's name"),
    ("openspiel_reference(42)", lambda: openspiel_reference(42), OptionTypeError, "not 42"),
    ("play_game(None)", lambda: play_game(None, AGENTS, seed=1), OptionTypeError, "game must be a boardkit Game"),
    ("tournament('nim')", lambda: tournament("nim", AGENTS, games=2, seed=1), OptionTypeError, "games.load"),
    ("play_game agents=None", lambda: play_game(Nim(), None, seed=1), OptionTypeError, "agents must be a list"),
    ("play_game agents=[1, 2]", lambda: play_game(Nim(), [1, 2], seed=1), OptionTypeError, "1 has none"),
    ("tournament expectimax, hidden hands", lambda: tournament(load("cloth-of-gold"), [ExpectimaxAgent(), *AGENTS[:1]],
     games=2, seed=1), OptionError, "agent ExpectimaxAgent: expectimax search needs every player to see the whole"),
    ("tournament agents='random'", lambda: tournament(Nim(), "random", games=2, seed=1), OptionTypeError,
     "agents must be a list of agents"),
]


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in CALLS], ids=[c[0] for c in CALLS])
def test_a_wrong_kind_of_argument_is_one_boardkit_error(call: Callable[[], Any], error: type[Exception],
                                                       words: str) -> None:
    with pytest.raises(error, match=words) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_what_the_checks_took_before_they_still_take() -> None:
    """Any integer seeds them (each game's seed is derived from it), and max_moves=0 checks the start alone."""
    for seed in (-1, 2**64, 2**70):
        assert check_game(Nim(heap=5), games=1, seed=seed).games == 1
        assert lockstep(Nim(heap=5), NimByHand, games=1, seed=seed).games == 1
    assert check_game(Nim(heap=5), games=2, max_moves=0).moves == 0
    assert lockstep(Nim(heap=5), NimByHand, games=2, max_moves=0).moves == 0
    assert check_game(Nim(heap=5), games=0, positions=(s for s in [Nim(heap=3).new_game(seed=2)])).games == 1


def test_check_is_game_passes_a_game_through() -> None:
    game = Nim(heap=4)
    assert check_is_game(game) is game
    with pytest.raises(OptionTypeError, match=r"^reference must be a boardkit Game, not 3$"):
        check_is_game(3, "reference")
