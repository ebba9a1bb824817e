"""Issue 40's smaller site findings: a fair share of the bot pool, and the small words and pictures."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from boardkit.match.pool import WorkerPool


async def _served(jobs: list[tuple[int, str]], cancel: int | None = None) -> list[int]:
    """The order one worker serves ``jobs`` (``abs`` of each value, for its owner) in, all asked at once
    (the first takes the worker, the rest wait); the job at index ``cancel`` is cancelled while it waits."""
    pool = WorkerPool(abs, workers=1, start="spawn")
    order: list[int] = []

    async def job(value: int, owner: str) -> None:
        order.append((await pool.run(value, deadline=60, owner=owner)).result)

    try:
        tasks = [asyncio.create_task(job(v, o)) for v, o in jobs]
        await asyncio.sleep(0)
        if cancel is not None:
            tasks.pop(cancel).cancel()
        await asyncio.gather(*tasks)
    finally:
        pool.close()
    return order


def test_the_pool_serves_waiting_owners_in_turn_not_first_come_first_served() -> None:
    """issue 40: one client's eight bot-against-bot tables kept another client's bot waiting behind all eight."""
    jobs = [(-1, "first"), (-11, "a"), (-12, "a"), (-13, "a"), (-21, "b"), (-14, "a"), (-22, "b")]
    assert asyncio.run(_served(jobs)) == [1, 11, 21, 12, 22, 13, 14]


def test_a_job_cancelled_while_it_waits_gives_up_its_turn_and_nothing_else() -> None:
    jobs = [(-1, "first"), (-11, "a"), (-21, "b"), (-12, "a"), (-31, "c")]
    # a keeps its place in the round with a job still waiting; c, alone, loses nothing
    assert asyncio.run(_served(jobs, cancel=1)) == [1, 12, 21, 31]
    assert asyncio.run(_served(jobs, cancel=4)) == [1, 11, 21, 12]


def test_a_tables_bot_waits_its_turn_as_the_client_that_set_the_table_up() -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from boardkit.testing import Nim
    from boardkit.web.app import create_app
    from boardkit.web.bots import BotPool

    owners: list[Any] = []

    class Recording(BotPool):
        async def choose(self, state: Any, agent: Any, player: Any, progress: Any = None, *, owner: Any = None) -> Any:
            owners.append(owner)
            return str(state.legal_moves()[0]), agent

    with TestClient(create_app({"nim": Nim}, pool=Recording(workers=1))) as client:
        answer = client.post("/api/tables", json={"game": "nim", "seats": ["random", "here"]})
        assert answer.status_code == 200, answer.text
        for _ in range(200):  # the bot's move is made in the background once the table is set up
            if owners:
                break
            time.sleep(0.05)
    assert owners == ["testclient"]


def _shape_children(picture: str) -> dict[str, list[str]]:
    """Each named cell's direct shape children (what a page's `[data-cell].last > rect` marks)."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    shapes = {f"{ns}{tag}" for tag in ("rect", "polygon", "circle", "ellipse")}
    root = ET.fromstring(picture)
    return {
        g.attrib["data-cell"]: [child.tag.removeprefix(ns) for child in g if child.tag in shapes]
        for g in root.iter(f"{ns}g")
        if "data-cell" in g.attrib
    }


def test_the_last_moves_mark_is_drawn_on_the_cell_not_on_the_king() -> None:
    """issue 40: the page's last-move ring (CSS on a cell's shape children) outlined the King's disc and crown."""
    from boardkit.games.tafl import Tafl
    from boardkit.render import svg

    state = Tafl(variant="brandubh").new_game(seed=0)
    children = _shape_children(svg(state))
    assert children["d4"] == ["rect"]  # the King's square: its own square only, the King in a group of his own
    assert all(len(shapes) == 1 for shapes in children.values())


def test_camelots_key_names_each_laid_tile_in_one_piece() -> None:
    """issue 40: the laid tiles' names were cut into separate key lines, "Gar" on one and "garden" on the next."""
    import random
    import re

    from boardkit.games.camelot import Camelot
    from boardkit.games.camelot.render import key
    from boardkit.render import svg

    state = Camelot().new_game(seed=3)
    rng = random.Random(1)
    for _ in range(60):
        state.apply(rng.choice(state.legal_moves()))
    laid = [text for _, text in key(state) if text.startswith("a laid tile")]
    assert len(laid) == 1 and "Gar\u00a0garden" in laid[0] and "Hc\u00a0hall\u00a0corner" in laid[0]
    lines = [re.sub(r"<[^>]+>", "", line) for line in re.findall(r"<text[^>]*>(.*?)</text>", svg(state))]
    for pair in laid[0].split(": ", 1)[1].split(", "):
        assert any(pair.replace("\u00a0", " ") in line for line in lines), pair


def test_the_tutorial_shows_every_cell_name_before_its_first_move() -> None:
    """issue 40: the tutorial's moves were `(0, 2)-(0, 0)` while its board showed no cell names."""
    from pathlib import Path

    from boardkit.topology import HexGrid

    page = (Path(__file__).parent.parent / "docs" / "tutorials" / "first-game.md").read_text(encoding="utf-8")
    before = page[: page.index('>>> state.apply("(')]
    board = HexGrid.hexagon(3)
    # As the text board prints them beside it (or written without their spaces, as a move may write them).
    names = [board.name(cell) for cell in board.hexes]
    missing = [name for name in names if name not in before and name.replace(" ", "") not in before]
    assert not missing


def test_an_undo_refused_for_chance_says_so_in_a_players_words() -> None:
    """issue 40: the page read "Undo: the move end drew from the game's chance"."""
    from boardkit.games.cloth_of_gold import ClothOfGold
    from boardkit.match import take_back_refusal

    state = ClothOfGold().new_game(seed=4)
    for move in ["A-dragon/secrecy", "A-gold", "B-blue", "B-white", "A-red"]:
        state.apply(move)
    words = take_back_refusal(state)
    assert words is not None and words.startswith('"A-red" cannot be taken back: everyone has seen what chance gave')
    assert "the move" not in words and "the game's chance" not in words


@pytest.mark.parametrize("name", ["tafl", "camelot", "cloth-of-gold", "five-fields"])
def test_a_boards_title_does_not_repeat_the_games_lower_case_name(name: str) -> None:
    """issue 40: every board title began with the game's name in lower case ("camelot: player 0 to move")."""
    import re

    from boardkit import games
    from boardkit.render import status, svg

    state = games.load(name).new_game(seed=0)
    title = re.sub(r"<[^>]+>", "", re.findall(r"<text[^>]*>(.*?)</text>", svg(state))[0])
    assert not title.startswith(name) and status(state) == f"{name}: {title}"


@pytest.mark.parametrize("name", ["tafl", "camelot", "cloth-of-gold", "five-fields", "tic_tac_toe:TicTacToe"])
def test_a_pages_status_line_and_a_kit_pictures_own_title_say_the_seat_not_the_game(name: str) -> None:
    """issue 40: the game page's status line read "camelot: player 0 to move" under a heading that
    names the game, and a kit state's own picture titled itself "tic-tac-toe: player 0 to move"."""
    pytest.importorskip("starlette")
    import re

    from boardkit.render import standing
    from boardkit.specs import game_factory
    from boardkit.web.page import seat_page
    from boardkit.web.table import Table, parse_seat

    game = game_factory(name)[1]()
    players = game.new_game(seed=0).players
    table = Table(game, [parse_seat("here")] * players, seed=0)
    viewer = table.viewer(table.host_token)
    assert viewer is not None
    line = seat_page(table, viewer, 0)["status"]
    seat = standing(table.state)
    assert line.startswith(seat[:1].upper() + seat[1:]) and game.name not in line.lower()
    if ":" in name:  # a kit game: its state draws itself, titled by default
        own_title = re.sub(r"<[^>]+>", "", re.findall(r"<text[^>]*>(.*?)</text>", table.state.svg_picture())[0])
        assert own_title == seat == "player 0 to move"
