"""A game of your own is first-class (issue 26): examples/harvest.py declares its seat names,
goal, an option with choices, scores, public information and what each move did, and every
surface shows them with no line of the applications written for it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from boardkit.specs import load_game
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


def test_a_bad_choice_is_refused_in_one_line() -> None:
    bad = boardkit("play", HARVEST, "--option", "size=7", "--seat", "random", "random")
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1
    assert "size must be one of 3, 4, 5, 6, not 7" in bad.stderr
