"""A game of your own is first-class (issue 26): examples/harvest.py declares its seat names,
goal, an option with choices, scores, public information and what each move did, and every
surface shows them with no line of the applications written for it: ``boardkit list``,
``boardkit play``, the web page (its start form and its game page) and reinforcement learning."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from boardkit.specs import game_factory, load_game
from boardkit.testing import check_game

HARVEST = str(Path(__file__).resolve().parents[1] / "examples" / "harvest.py") + ":Harvest"


def boardkit(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardkit", *args], input=stdin, capture_output=True, text=True, check=False, timeout=120
    )


def test_it_keeps_the_contract() -> None:
    check_game(load_game(HARVEST, None, ["size=3"]), games=3)


def test_list_shows_its_option_with_choices_and_help() -> None:
    out = boardkit("list", HARVEST).stdout.splitlines()
    assert "  size  one of 3, 4, 5, 6; default 5" in out
    assert "        hexes along each side of the field" in out
    # Its seats, goal and turn, as its about declares them.
    assert "seats: Gold, Silver" in out
    assert "goal: Claim hexes whose crops add up to more than your rival's when the field is full." in out
    assert any(line.startswith("turn: Claim one empty hex next to one of yours") for line in out)


def test_play_shows_seat_names_scores_and_public_information() -> None:
    done = boardkit(
        "play", HARVEST, "--option", "size=3", "--seat", "human", "random", "--seed", "1", stdin="b2\nquit\n"
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "seats: Gold (player 0): you; Silver (player 1): random" in out
    assert "scores: Gold 1, Silver" in out
    assert "hexes left: " in out and "crops left: " in out
    assert "Gold to move" in out
    # What each move did, on the line after it, in the game's own words.
    assert "Gold (you) played b2\n  Gold harvested 1 at b2\n" in out
    assert "\n  Silver harvested " in out


def test_play_tells_its_rules() -> None:
    done = boardkit(
        "play", HARVEST, "--option", "size=3", "--seat", "human", "random", "--seed", "1", stdin="rules\nquit\n"
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "'rules' tells the goal" in out.splitlines()[2]
    assert "Gold (you)> rules\nseats: Gold, Silver\ngoal: Claim hexes whose crops" in out


def test_a_bad_choice_is_refused_in_one_line() -> None:
    bad = boardkit("play", HARVEST, "--option", "size=7", "--seat", "random", "random")
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1
    assert "size must be one of 3, 4, 5, 6, not 7" in bad.stderr


@pytest.fixture
def web() -> Any:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from boardkit.web.app import create_app

    with TestClient(create_app({HARVEST: game_factory(HARVEST)[1]})) as client:
        yield client


def test_the_web_start_form_offers_its_option_with_choices_its_seats_and_goal(web: Any) -> None:
    [offered] = web.get("/api/games").json()["games"]
    assert offered["spec"] == HARVEST and offered["about"]["title"] == "Harvest"
    assert offered["about"]["goal"].startswith("Claim hexes whose crops add up")
    assert offered["seat_names"] == ["Gold", "Silver"] and offered["players"] == [2, 2]
    [size] = offered["option_info"]
    assert (size["name"], size["type"], size["choices"], size["default"]) == ("size", "int", [3, 4, 5, 6], 5)
    assert size["help"] == "hexes along each side of the field"
    # The server checks the choice through the same schema.
    bad = web.post("/api/tables", json={"game": HARVEST, "seats": ["here", "here"], "options": {"size": 7}})
    assert bad.status_code == 400 and "size must be one of 3, 4, 5, 6, not 7" in bad.json()["error"]


def test_the_web_game_page_shows_its_seats_scores_public_information_and_what_moves_did(web: Any) -> None:
    made = web.post("/api/tables", json={"game": HARVEST, "seats": ["here", "here"], "options": {"size": 3}}).json()
    page = web.get(f"/api/tables/{made['id']}", params={"token": made["token"]}).json()
    sent = {"token": made["token"], "version": page["version"], "move": "b2"}
    page = web.post(f"/api/tables/{made['id']}/move", json=sent).json()
    assert [s["name"] for s in page["seats"]] == ["Gold", "Silver"]
    assert page["scores"] == [{"seat": 0, "name": "Gold", "score": 1}, {"seat": 1, "name": "Silver", "score": 0}]
    assert page["public"] == [["hexes left", "8"], ["crops left", "17"]]
    assert page["log"] == [{"ply": 1, "move": "b2", "seat": 0, "by": "Gold", "did": "Gold harvested 1 at b2"}]
    assert page["about"]["goal"].startswith("Claim hexes") and page["about"]["turn"].startswith("Claim one empty hex")
    assert page["status"] == "Silver to move" and page["game"] == "Harvest (size=3)"


def test_reinforcement_learning_gets_its_action_space_and_observation() -> None:
    """``boardkit.rl`` numbers Harvest's moves (a claim of each hex, and the pass)
    and observes a seat's view, from the kit's defaults: nothing written for it."""
    pytest.importorskip("pettingzoo")
    import numpy as np

    from boardkit import rl

    game = load_game(HARVEST, None, ["size=3"])
    space = rl.actions(game)
    assert len(space) == 10 and str(game.all_moves()[-1]) == "pass"
    assert rl.observation_shape(game) == (3, 9)
    env = rl.env(game)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"].shape == (3, 9)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.state is not None and env.state.outcome is not None  # the whole harvest, to its end
    assert env.state.outcome.scores == env.state.scores
