"""Draw one picture per shipped game, and per game of the authoring kit's
examples, into ``docs/_static/gallery``.

Each picture is a seeded game played a fixed number of moves by seeded
random players, so running the script again gives the same files::

    python examples/make_gallery.py            # writes docs/_static/gallery/*.svg and the pages' pictures
    python examples/make_gallery.py /tmp/pics  # or anywhere else

Examples:
    >>> picture("five-fields", {}, seed=0, moves=0).startswith("<svg")
    True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from boardkit import games
from boardkit.agents import RandomAgent
from boardkit.render import svg

__all__ = ["GALLERY", "main", "picture"]

#: ``(file name, game, options, seed, moves played)`` for each picture.
GALLERY: tuple[tuple[str, str, Mapping[str, Any], int, int], ...] = (
    ("tafl.svg", "tafl", {"variant": "tablut"}, 5, 24),
    ("cloth-of-gold.svg", "cloth-of-gold", {}, 3, 30),
    ("five-fields.svg", "five-fields", {"blank_map": True}, 2, 40),
    ("camelot.svg", "camelot", {}, 1, 12),
    # the kit's examples, named module:Class (the modules are the files beside this one)
    ("tic-tac-toe.svg", "tic_tac_toe:TicTacToe", {}, 2, 9),
    ("connect-four.svg", "connect_four:ConnectFour", {}, 7, 42),
    ("othello.svg", "othello:Othello", {}, 3, 24),
    ("hex.svg", "hex:Hex", {}, 4, 121),
    # the gallery of classics, each played as OpenSpiel plays it (tests/test_gallery_oracle.py)
    ("draughts.svg", "draughts:Draughts", {}, 5, 30),
    ("breakthrough.svg", "breakthrough:Breakthrough", {}, 5, 30),
    ("clobber.svg", "clobber:Clobber", {}, 1, 12),
    ("go.svg", "go:Go", {}, 2, 70),
    ("amazons.svg", "amazons:Amazons", {}, 3, 40),
    ("nine-mens-morris.svg", "nine_mens_morris:NineMensMorris", {}, 4, 24),
    ("kalah.svg", "kalah:Kalah", {}, 5, 14),
    ("dots-and-boxes.svg", "dots_and_boxes:DotsAndBoxes", {}, 6, 8),
    # the rest of OpenSpiel's board games (tests/test_gallery_more.py)
    ("gomoku.svg", "k_in_a_row:KInARow", {}, 3, 60),
    ("pentago.svg", "pentago:Pentago", {}, 2, 30),
    ("ultimate-tic-tac-toe.svg", "ultimate_tic_tac_toe:UltimateTicTacToe", {}, 4, 40),
    ("oware.svg", "oware:Oware", {}, 5, 30),
    ("einstein-wurfelt-nicht.svg", "einstein_wurfelt_nicht:EinsteinWurfeltNicht", {}, 3, 10),
    # connection games and Lines of Action, as OpenSpiel plays them (tests/test_gallery_connection.py)
    ("y.svg", "y:Y", {}, 3, 200),
    ("havannah.svg", "havannah:Havannah", {}, 2, 200),
    ("lines-of-action.svg", "lines_of_action:LinesOfAction", {}, 4, 30),
    ("twixt.svg", "twixt:TwixT", {}, 5, 24),
    ("quoridor.svg", "quoridor:Quoridor", {}, 3, 30),
    # dice and stars, as OpenSpiel plays them (tests/test_gallery_dice_and_stars.py)
    ("backgammon.svg", "backgammon:Backgammon", {}, 3, 60),
    ("chinese-checkers.svg", "chinese_checkers:ChineseCheckers", {}, 3, 60),
)


def picture(name: str, options: Mapping[str, Any], *, seed: int, moves: int) -> str:
    """The SVG picture of game ``name`` after ``moves`` random moves from a seeded start.

    Args:
        name: A registered game, or ``module:Class`` for a game class in an
            importable module (the kit's examples).
        options: The game's options.
        seed: Seeds both the game and the random players.
        moves: How many moves to play (fewer if the game ends first).

    Returns:
        The picture, as :func:`boardkit.render.svg` draws it.

    Examples:
        >>> ">attackers to move<" in picture("tafl", {"variant": "brandubh"}, seed=0, moves=0)
        True
    """
    if ":" in name:
        module, _, cls = name.partition(":")
        game = getattr(importlib.import_module(module), cls)(**options)
    else:
        game = games.load(name, **options)
    state = game.new_game(players=max(2, game.min_players), seed=seed)
    agent = RandomAgent(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(agent.choose(state, state.current_player or 0))
    return svg(state)


def pages_pictures() -> dict[str, str]:
    """The pictures on the games' reference pages, by file name: Camelot's
    plan and 5 Fields' map at the start of a game.

    Examples:
        >>> sorted(pages_pictures())
        ['camelot-plan.svg', 'five-fields-map.svg']
    """
    from boardkit.games.camelot import STANDARD_PLAN, Plan
    from boardkit.games.five_fields import FiveFields

    return {
        "camelot-plan.svg": svg(Plan(STANDARD_PLAN)),
        "five-fields-map.svg": svg(FiveFields().new_game(seed=0)),
    }


def main(out: Path, pages: Path | None = None) -> list[Path]:
    """Write every picture of :data:`GALLERY` into the folder ``out``, and
    the reference pages' pictures (:func:`pages_pictures`) into ``pages``.

    Args:
        out: The folder (created if missing).
        pages: The folder for the pages' pictures; none to skip them.

    Returns:
        The files written.
    """
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for file, name, options, seed, moves in GALLERY:
        path = out / file
        path.write_text(picture(name, options, seed=seed, moves=moves) + "\n", encoding="utf-8")
        written.append(path)
    if pages is not None:
        pages.mkdir(parents=True, exist_ok=True)
        for file, text in pages_pictures().items():
            path = pages / file
            path.write_text(text + "\n", encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    static = Path(__file__).parent.parent / "docs" / "_static"
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else static / "gallery"
    for written_path in main(folder, None if len(sys.argv) > 1 else static):
        print(written_path)
