"""Every game's view is JSON data: typed fields, ``to_dict()`` accepted by ``json.dumps``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardkit import Game, PerfectInformationView
from boardkit.chance import Random
from boardkit.games import load

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("tafl", {"variant": "brandubh"}, 2),
    ("tafl", {"variant": "tablut"}, 2),
    ("tafl", {"variant": "copenhagen"}, 2),
    ("cloth-of-gold", {}, 2),
    ("cloth-of-gold", {"variant": 2020}, 2),
    ("five-fields", {}, 2),
    ("five-fields", {"blank_map": True}, 2),
    ("camelot", {}, 1),
    ("camelot", {}, 4),
]


def _states(game: Game[Any, Any], players: int, seed: int, plies: int) -> list[Any]:
    state = game.new_game(players=players, seed=seed)
    rng = Random(seed)
    out = [state.copy()]
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_moves()))
        out.append(state.copy())
    return out


@pytest.mark.parametrize(("name", "options", "players"), GAMES)
def test_views_serialise_and_equal_views_give_equal_dicts(name: str, options: dict[str, Any], players: int) -> None:
    game = load(name, **options)
    for seed in (1, 2):
        for state in _states(game, players, seed, 40):
            for p in range(players):
                view = state.view(p)
                data = view.to_dict()
                assert json.loads(json.dumps(data)) == data
                # a determinized world looks the same to its observer, and so does its dict
                world = state.determinize(p, seed=seed + 11)
                assert world.view(p) == view
                assert world.view(p).to_dict() == data


@pytest.mark.parametrize(("name", "options", "players"), GAMES)
def test_views_have_no_raw_positions(name: str, options: dict[str, Any], players: int) -> None:
    view = load(name, **options).new_game(players=players, seed=3).view(0)
    # the generic view holds the state's raw key; no shipped game uses it except Tafl's typed subclass
    if isinstance(view, PerfectInformationView):
        assert isinstance(view.position, str)
    assert "position" not in view.to_dict() or isinstance(view.to_dict()["position"], str)


def test_different_positions_give_different_dicts() -> None:
    state = load("tafl", variant="brandubh").new_game(seed=0)
    before = state.view(0).to_dict()
    state.apply("d2-b2")
    after = state.view(0).to_dict()
    assert before != after
    assert "b2" in after["attackers"] and "b2" not in before["attackers"]
    # hidden hands: the rival's tiles never reach the dict
    cog = load("cloth-of-gold").new_game(seed=5)
    mine, theirs = cog.view(0).to_dict(), cog.view(1).to_dict()
    assert mine["hand"] != theirs["hand"] or cog.hand(0) == cog.hand(1)
    assert "hand" in mine and all(k != "hands" for k in mine)


@pytest.mark.parametrize("variant", ["brandubh", "tablut", "hnefatafl", "alea-evangelii"])
def test_tafl_views_write_the_same_position_as_the_state(variant: str) -> None:
    for state in _states(load("tafl", variant=variant), 2, 4, 120):
        assert state.view(0).position == state.position()


@pytest.mark.parametrize(("name", "options", "players"), GAMES)
def test_views_kept_between_moves_follow_moves_undos_and_copies(
    name: str, options: dict[str, Any], players: int
) -> None:
    # States keep parts of their views until they change (Camelot's board and hands,
    # every zone's view): after each move, undo and copy, a view must equal the view of
    # the same game replayed afresh, and a copy's moves must not show in the original.
    game = load(name, **options)
    rng = Random(5)
    state = game.new_game(players=players, seed=5)
    for _ in range(40):
        if state.is_over:
            break
        before = [state.view(p) for p in range(players)]
        twin = state.copy()
        twin.apply(rng.choice(twin.legal_moves()))
        assert [state.view(p) for p in range(players)] == before
        state.apply(rng.choice(state.legal_moves()))
        if rng.random() < 0.3:
            assert [state.view(p) for p in range(players)] != before
            state.undo()
            assert [state.view(p) for p in range(players)] == before
            state.apply(rng.choice(state.legal_moves()))
        replayed = game.new_game(players=players, seed=5)
        for move in state.history:
            replayed.apply(move)
        assert [state.view(p) for p in range(players)] == [replayed.view(p) for p in range(players)]
