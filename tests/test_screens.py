"""Golden text boards: what a player sees of each game, reviewed by eye once
and pinned here, so a change to a board's coordinates or key is deliberate.

Each board is a seeded game after a few seeded random moves. To accept a
deliberate change, run ``python tests/test_screens.py`` and review the diff of
``tests/golden``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from connect_four import ConnectFour
from hex import Hex
from othello import Othello
from tic_tac_toe import TicTacToe

from boardkit.agents import RandomAgent
from boardkit.errors import NotationError
from boardkit.games.camelot import Camelot
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import BOARD, FiveFields, Terrain, parse_hex
from boardkit.games.tafl import Tafl

GOLDEN = Path(__file__).parent / "golden"


def played(state: Any, moves: int, seed: int) -> Any:
    agent = RandomAgent(seed=seed)
    for _ in range(moves):
        state.apply(agent.choose(state, state.current_player))
    return state


#: file name -> the screen, as ``boardkit play`` shows it to the seat named.
SCREENS: dict[str, Callable[[], str]] = {
    "tafl-brandubh.txt": lambda: played(Tafl("brandubh").new_game(seed=1), 6, 1).render(),
    "tafl-corner-escape.txt": lambda: Tafl("tablut", escape="corner").new_game(seed=0).render(),
    "cloth-of-gold-player-0.txt": lambda: played(ClothOfGold().new_game(seed=3), 12, 3).render_for(0),
    "five-fields.txt": lambda: played(FiveFields(blank_map=True).new_game(seed=2), 10, 2).render(),
    "camelot-player-1.txt": lambda: played(Camelot().new_game(players=3, seed=4), 5, 4).render_for(1),
    # the kit's examples: a square grid with a1 top-left, one at the bottom-left, and the Hex rhombus
    "tic-tac-toe.txt": lambda: played(TicTacToe().new_game(seed=1), 3, 1).render(),
    "connect-four.txt": lambda: played(ConnectFour().new_game(seed=2), 9, 2).render(),
    "othello.txt": lambda: played(Othello().new_game(seed=3), 12, 3).render(),
    "hex.txt": lambda: played(Hex().new_game(seed=4), 14, 4).render(),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_golden_screen(name: str) -> None:
    assert SCREENS[name]() + "\n" == (GOLDEN / name).read_text(encoding="utf-8")


def test_every_square_grid_board_names_its_files_and_ranks_as_moves_do() -> None:
    # The letters and numbers around the Tafl board are exactly the squares the moves use.
    state = Tafl("brandubh").new_game(seed=0)
    lines = state.render().splitlines()
    files = lines[0].split()
    ranks = [line.split()[0] for line in lines[1:8]]
    squares = {m.source for m in state.legal_moves()} | {m.target for m in state.legal_moves()}
    assert squares <= {f + r for f in files for r in ranks}
    for line in lines[1:8]:
        rank, *cells, again = line.split()
        assert rank == again
        for f, cell in zip(files, cells, strict=True):
            assert state.piece_at(f + rank) is None or cell in "tTK"


def test_the_hex_map_names_every_hex_where_it_is_drawn() -> None:
    # The hex under column letter x in row n is the hex the moves call xn.
    state = FiveFields().new_game(seed=0)
    lines = state.render().splitlines()
    marks = {Terrain.PLAIN: ".", Terrain.MOUNTAIN: "^", Terrain.SEA: "~"}
    seen = set()
    for line in lines[1:6]:
        rank = line.split()[0]
        for column, letter in enumerate(lines[0]):
            if not letter.isalpha():
                continue
            name = letter + rank
            try:
                cell = parse_hex(name)
            except NotationError:
                assert line[column] == " ", f"{name} is no hex, yet something is drawn there"
                continue
            assert line[column] == marks[state.terrain(cell)], f"{name} is drawn with the wrong terrain"
            seen.add(cell)
    assert seen == set(BOARD.cells)


def test_every_camelot_tile_has_its_own_label_on_the_board() -> None:
    tiles = Camelot().tiles
    labels = [tiles.label(t) for t in tiles.kinds]
    assert len(set(labels)) == len(labels)
    assert all(1 <= len(label) <= 3 for label in labels)


if __name__ == "__main__":  # rewrite the golden files, for review
    GOLDEN.mkdir(exist_ok=True)
    for file, screen in SCREENS.items():
        (GOLDEN / file).write_text(screen() + "\n", encoding="utf-8")
    sys.exit(0)
