"""Keyword-only where a positional call is ambiguous (issue 41): ``determinize``'s
seed, ``playout``'s cap and generator and ``GreedyAgent``'s evaluation. The old
positional spellings still work for one release, with a ``DeprecationWarning``."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from boardkit import OptionError, State, games
from boardkit.agents import GreedyAgent
from boardkit.chance import Random
from boardkit.testing import Nim

HIDDEN = ["cloth-of-gold", "five-fields", "camelot"]


def keyword_only(function: Any, *names: str) -> bool:
    parameters = inspect.signature(function).parameters
    return all(parameters[name].kind is inspect.Parameter.KEYWORD_ONLY for name in names)


def test_the_ambiguous_arguments_are_keyword_only() -> None:
    assert keyword_only(State.determinize, "seed")
    assert keyword_only(State.playout, "max_plies", "rng")
    assert keyword_only(GreedyAgent, "evaluate", "seed")


@pytest.mark.parametrize("name", ["tafl", *HIDDEN])
def test_determinize_by_position_warns_and_deals_the_same_world(name: str) -> None:
    state = games.load(name).new_game(players=2, seed=3)
    state.apply(state.legal_moves()[0])
    with pytest.warns(DeprecationWarning, match=r"determinize\(seed\) by position is deprecated"):
        old = state.determinize(1, 9)
    assert old == state.determinize(1, seed=9)
    assert old.seed == 9 and old.view(1) == state.view(1)


def test_determinize_refuses_a_seed_given_twice_or_not_at_all() -> None:
    state = Nim(heap=5).new_game(seed=0)
    with pytest.raises(TypeError, match="both by position and by keyword"):
        state.determinize(0, 1, seed=1)
    with pytest.raises(TypeError, match="by keyword, not 2 arguments by position"):
        state.determinize(0, 1, 2)
    with pytest.raises(OptionError, match="seed"):
        state.determinize(0)
    with pytest.raises(OptionError, match="no player 5"):
        state.determinize(5, seed=1)


def test_a_game_that_writes_its_own_deal_gets_the_checks_and_the_shim() -> None:
    dealt: list[tuple[int, int]] = []

    class Dealt(type(Nim().new_game(seed=0))):  # type: ignore[misc]
        def _determinize(self, player: int, seed: int) -> Any:
            dealt.append((player, seed))
            return super()._determinize(player, seed)

    state = Dealt(Nim(), 2, 0)
    with pytest.warns(DeprecationWarning, match="determinize"):
        state.determinize(1, 4)
    state.determinize(0, seed=5)
    with pytest.raises(OptionError):
        state.determinize(0, seed=-1)
    assert dealt == [(1, 4), (0, 5)]


@pytest.mark.parametrize("name", ["cloth-of-gold", "five-fields", "camelot"])
def test_playout_by_position_warns_and_plays_the_same_moves(name: str) -> None:
    game = games.load(name)
    state, twin = game.new_game(players=2, seed=4), game.new_game(players=2, seed=4)
    with pytest.warns(DeprecationWarning, match=r"playout\(max_plies, rng\) by position is deprecated"):
        played = state.playout(5, Random(2))
    assert played == twin.playout(max_plies=5, rng=Random(2))
    assert state == twin
    with pytest.warns(DeprecationWarning, match=r"playout\(max_plies\) by position"):
        state.playout(1)
    with pytest.raises(TypeError, match="both by position and by keyword"):
        state.playout(1, max_plies=1)


def test_tafl_playout_takes_keywords_without_warning() -> None:
    state = games.load("tafl", variant="brandubh").new_game(seed=4)
    assert state.playout(max_plies=7, rng=Random(1)) == len(state.history) == 7


def test_greedy_agent_by_position_warns_and_plays_the_same() -> None:
    def fewest(state: Any, player: int) -> float:
        return float(state.heap) / 10

    with pytest.warns(DeprecationWarning, match=r"GreedyAgent\(evaluate\) by position is deprecated"):
        old = GreedyAgent(fewest, seed=1)
    new = GreedyAgent(evaluate=fewest, seed=1)
    state = Nim(heap=9).new_game(seed=0)
    assert old.evaluate is new.evaluate and old.choose(state, 0) == new.choose(state, 0)
    assert new.for_game(3).evaluate is fewest


#: Calls tests/typing/shipped_games_user.py shows mypy refusing, each with a wrong type a user might pass.
WRONG_TYPES: list[tuple[str, Any]] = [
    ("tafl", lambda g, s: g.new_game(seed="one")),
    ("tafl", lambda g, s: s.view("attackers")),
    ("tafl", lambda g, s: g.parse_move(42)),
    ("tafl", lambda g, s: s.evaluate(None)),
    ("tafl", lambda g, s: s.random_move(7)),
    ("camelot", lambda g, s: g.new_game(players="two")),
    ("camelot", lambda g, s: s.hand("me")),
    ("camelot", lambda g, s: s.render_for(None)),
    ("camelot", lambda g, s: g.parse_move(b"end")),
    ("cloth-of-gold", lambda g, s: s.court(1.5)),
    ("cloth-of-gold", lambda g, s: g.parse_move(7)),
    ("cloth-of-gold", lambda g, s: s.evaluate("0")),
    ("five-fields", lambda g, s: s.view("0")),
    ("five-fields", lambda g, s: g.declared.observation_encoder(g, "2")),
    ("five-fields", lambda g, s: s.queen([0])),
]


@pytest.mark.parametrize(("name", "call"), WRONG_TYPES)
def test_a_wrong_type_gets_boardkits_one_line_error_on_either_build(name: str, call: Any) -> None:
    """issue 38: the public methods are typed precisely for mypy, and the compiled build's take
    any object (``boardkit.compiling.IntArgument``), so boardkit's own check answers, never mypyc's
    ``TypeError`` (the compiled suite runs this too)."""
    from boardkit import BoardkitError

    game = games.load(name)
    with pytest.raises(BoardkitError) as caught:
        call(game, game.new_game(seed=1))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("name", ["tafl", "cloth-of-gold", "camelot", "nim", "kit"])
def test_random_move_refuses_a_generator_that_is_not_one(name: str) -> None:
    """A seed, or the standard library's generator, given as ``rng``: boardkit's one-line error,
    where every game raised an AttributeError ('int' object has no attribute 'randbelow')."""
    import random

    from tic_tac_toe import TicTacToe

    make = {"nim": Nim().new_game, "kit": TicTacToe().new_game}.get(name) or games.load(name).new_game
    state = make(seed=0)
    for bad in (7, "x", random.Random(1)):
        with pytest.raises(OptionError, match=r"rng must be a boardkit.chance.Random"):
            state.random_move(bad)
    assert state.random_move(Random(1)) in state.legal_moves()


@pytest.mark.parametrize("name", ["tafl", "nim", "kit"])
def test_playout_refuses_a_generator_that_is_not_one(name: str) -> None:
    from tic_tac_toe import TicTacToe

    state = {"tafl": games.load("tafl").new_game, "nim": Nim().new_game, "kit": TicTacToe().new_game}[name](seed=0)
    for bad in (7, "x", [1]):
        with pytest.raises(OptionError, match=r"rng must be a boardkit.chance.Random"):
            state.playout(rng=bad)
    assert state.history == ()
