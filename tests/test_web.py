"""The web server of ``boardkit serve``, through Starlette's test client (no browser)."""

from __future__ import annotations

import json
import re
import sys
import time
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from boardkit import games
from boardkit.cli import main
from boardkit.errors import BoardkitError
from boardkit.web.app import MAX_BODY, create_app
from boardkit.web.bots import BotPool
from boardkit.web.page import move_cells, seat_page
from boardkit.web.table import Table, Tables, parse_seat

OFFERED: dict[str, Any] = {name: (lambda n: lambda **o: games.load(n, **o))(name) for name in games.names()}


@pytest.fixture
def client() -> Any:
    with TestClient(create_app(OFFERED, limit=8)) as c:
        yield c


def new_table(client: TestClient, game: str = "tafl", seats: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats or ["here", "here"], **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def table_of(client: TestClient, table_id: str) -> Table:
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    assert table is not None
    return table


def look(client: TestClient, made: dict[str, Any], **query: Any) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{made['id']}", params={"token": made["token"], **query})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def wait_for(client: TestClient, made: dict[str, Any], done: Any, seconds: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    page = look(client, made)
    while not done(page) and time.monotonic() < deadline:
        page = look(client, made, since=page["version"], wait=1)
    return page


def test_a_late_first_seat_plays_against_the_level_bots(client: TestClient) -> None:
    """A reviewer's find: Camelot for four, the fourth seat first, with the start page's default medium bots,
    was refused with a 400 about a 2-player game."""
    made = new_table(client, "camelot", ["here", "medium", "medium", "medium"], options={"first": 3})
    assert table_of(client, made["id"]).state.current_player == 3


def test_games_lists_every_registered_game(client: TestClient) -> None:
    offered = client.get("/api/games").json()["games"]
    assert [g["spec"] for g in offered] == games.names()
    tafl = next(g for g in offered if g["spec"] == "tafl")
    assert "brandubh" in tafl["variants"] and tafl["variant_key"] == "variant"


def test_start_page_and_static_files(client: TestClient) -> None:
    assert client.get("/").status_code == 200
    for name in ("game.js", "start.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


@pytest.mark.parametrize("game", games.names())
def test_every_legal_move_names_cells_of_the_picture(client: TestClient, game: str) -> None:
    made = new_table(client, game, ["here"] * games.load(game).min_players)
    page = look(client, made, seat=0)
    state = table_of(client, made["id"]).state
    assert sorted(m["move"] for m in page["moves"]) == sorted(str(m) for m in state.legal_moves())
    assert page["cells"] and all(set(m["cells"]) <= set(page["cells"]) for m in page["moves"])
    assert page["status"] and page["svg"].count("data-cell=") == len(page["cells"])


def test_square_moves_are_clicked_from_and_to() -> None:
    names = {f"{c}{r}" for c in "abcdefg" for r in range(1, 8)}
    assert move_cells("d1-d4", names) == ["d1", "d4"]
    assert move_cells("g7-g1", names) == ["g7", "g1"]


def test_a_kit_game_whose_moves_name_no_cell_is_clicked_where_the_piece_lands() -> None:
    from boardkit.specs import game_factory

    table = Table(game_factory("connect_four:ConnectFour")[1](), [parse_seat("here"), parse_seat("here")], seed=1)
    viewer = table.viewer(table.host_token)

    def landing() -> dict[str, list[str]]:
        page = seat_page(table, viewer, table.state.current_player)
        return {m["move"]: m["cells"] for m in page["moves"]}

    assert landing() == {str(c): [f"{'abcdefg'[c - 1]}1"] for c in range(1, 8)}
    table.play(viewer, "4", table.version)
    table.play(viewer, "4", table.version)
    assert landing()["4"] == ["d3"] and landing()["3"] == ["c1"]
    # A move that names its square keeps that square alone, though it turns other discs over.
    othello = Table(game_factory("othello:Othello")[1](), [parse_seat("here"), parse_seat("here")], seed=1)
    page = seat_page(othello, othello.viewer(othello.host_token), 0)
    assert all(len(m["cells"]) == 1 for m in page["moves"])


def test_a_game_against_the_random_bot_through_the_api(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "random"], variant="brandubh")
    page = look(client, made)
    moves = 0
    while not page["over"] and moves < 400:
        if page["you"] == page["to_move"] and page["moves"]:
            state = table_of(client, made["id"]).state
            assert sorted(m["move"] for m in page["moves"]) == sorted(str(m) for m in state.legal_moves())
            answer = client.post(
                f"/api/tables/{made['id']}/move",
                json={"token": made["token"], "version": page["version"], "move": page["moves"][-1]["move"]},
            )
            assert answer.status_code == 200, answer.text
            moves += 1
        page = wait_for(client, made, lambda p: p["over"] or p["to_move"] == p["you"], 30)
    assert (page["over"] and "won" in page["status"]) or "draw" in page["status"].lower()
    record = client.get(f"/api/tables/{made['id']}/record.json", params={"token": made["token"]})
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    assert games.load("tafl", variant="brandubh") is not None
    from boardkit.record import GameRecord

    assert GameRecord.from_json(record.text).replay() == table_of(client, made["id"]).state
    # Tafl's record as an OpenTafl saved game too: it replays to the same moves and position.
    from boardkit.games.tafl import read_opentafl_game

    otg = client.get(f"/api/tables/{made['id']}/record.otg", params={"token": made["token"]})
    assert otg.status_code == 200 and ".otg" in otg.headers["content-disposition"]
    replayed, played = read_opentafl_game(otg.text), table_of(client, made["id"]).state
    assert [str(m) for m in replayed.history] == [str(m) for m in played.history]
    assert replayed.position() == played.position()


def snapshot(client: TestClient, table_id: str) -> tuple[Any, int]:
    table = table_of(client, table_id)
    return table.state.snapshot(), table.version


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"move": "d7-d5"}, 400, "illegal"),
        ({"move": "zz-top"}, 400, "notation"),
        ({"move": ""}, 400, "notation as text"),
        ({"move": 17}, 400, "notation as text"),
        ({"move": "x" * 500}, 400, "notation as text"),
        ({"version": 99}, 409, "moved on"),
        ({"version": "0"}, 400, "version it was made on, a number"),
        ({"version": None}, 400, "version it was made on, a number"),
        ({"version": True}, 400, "version it was made on, a number"),
        ({"token": "wrong"}, 403, "token"),
        ({"token": None}, 403, "token"),
        ({"seat": "one"}, 400, "seat"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh")
    before = snapshot(client, made["id"])
    sent = {"token": made["token"], "version": 0, "move": "d7-e7", **body}
    answer = client.post(f"/api/tables/{made['id']}/move", json=sent)
    assert answer.status_code == status
    assert words in answer.json()["error"]
    assert snapshot(client, made["id"]) == before


@pytest.mark.parametrize(
    ("content", "status"),
    [
        (b"not json", 400),
        (b"[1, 2]", 400),
        (b"\xff\xfe", 400),
        (b'"text"', 400),
        (b"{" + b" " * (MAX_BODY + 10) + b"}", 413),
    ],
)
def test_junk_and_huge_bodies_are_refused(client: TestClient, content: bytes, status: int) -> None:
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh")
    before = snapshot(client, made["id"])
    for path in ("move", "undo", "new"):
        answer = client.post(f"/api/tables/{made['id']}/{path}", content=content)
        assert answer.status_code == status
        assert answer.json()["error"]
    assert client.post("/api/tables", content=content).status_code == status
    assert snapshot(client, made["id"]) == before


def test_a_move_for_the_wrong_seat_is_refused(client: TestClient) -> None:
    made = new_table(client, "tafl", ["link", "link"], variant="brandubh")
    table = table_of(client, made["id"])
    second = table.seat_tokens[1]
    answer = client.post(f"/api/tables/{made['id']}/move", json={"token": second, "version": 0, "move": "d7-e7"})
    assert (
        (answer.status_code == 400 and "attackers' turn" in answer.json()["error"]) or "turn" in answer.json()["error"]
    )
    host = client.post(f"/api/tables/{made['id']}/move", json={"token": made["token"], "version": 0, "move": "d7-e7"})
    assert host.status_code == 400
    assert table.version == 0 and not table.state.history


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"game": "chess", "seats": ["here", "here"]}, 404),
        ({"game": "os:system", "seats": ["here", "here"]}, 404),
        ({"game": "tafl", "seats": ["here", "robot"]}, 400),
        ({"game": "tafl", "seats": ["here"]}, 400),
        ({"game": "tafl", "seats": "here"}, 400),
        ({"game": "tafl", "seats": []}, 400),
        ({"game": "tafl", "seats": ["here", "mcts:0"]}, 400),
        ({"game": "tafl", "seats": ["here", "here"], "variant": "chess"}, 400),
        ({"game": "tafl", "seats": ["here", "here"], "variant": 7}, 400),
        ({"game": "tafl", "seats": ["here", "here"], "options": {"colour": "red"}}, 400),
        ({"game": "tafl", "seats": ["here", "here"], "options": [1]}, 400),
        ({"game": "camelot", "seats": ["here"] * 6}, 400),
    ],
)
def test_bad_games_are_refused(client: TestClient, body: dict[str, Any], status: int) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == status
    assert answer.json()["error"]
    assert len(client.app.state.tables) == 0  # type: ignore[attr-defined]


def test_seats_that_happen_to_start_alike_still_pass_the_device() -> None:
    # Seed 4 deals both players the same opening hand: their views are equal at the start only.
    game = games.load("cloth-of-gold")
    start = game.new_game(seed=4)
    assert start.view(0) == attrs.evolve(start.view(1), player=0)
    table = Table(game, [parse_seat("here"), parse_seat("here")], seed=4)
    assert table.secret
    page = seat_page(table, table.viewer(table.host_token), None)
    assert page["moves"] == [] and page["private"] == []


def test_tables_with_the_same_game_and_options_share_one_game_object(client: TestClient) -> None:
    first, second = (new_table(client, "camelot")["id"] for _ in range(2))
    brandubh = new_table(client, "tafl", variant="brandubh")["id"]
    copenhagen = new_table(client, "tafl", variant="copenhagen")["id"]
    assert table_of(client, first).game is table_of(client, second).game
    assert table_of(client, first).state is not table_of(client, second).state
    assert table_of(client, brandubh).game.options.variant == "brandubh"
    assert table_of(client, copenhagen).game.options.variant == "copenhagen"


def test_options_and_variants_are_used(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "here"], variant="tablut", options={"repetition": "null"})
    game = table_of(client, made["id"]).game
    assert game.option_values()["variant"] == "tablut" and game.option_values()["repetition"] is None
    made = new_table(client, "cloth-of-gold", ["here", "here"], variant="2020")
    assert table_of(client, made["id"]).game.option_values()["variant"] == 2020


def test_pages_need_the_right_token(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "link"], variant="brandubh")
    table_id = made["id"]
    assert client.get(f"/table/{table_id}", params={"token": made["token"]}).status_code == 200
    for query in ({}, {"token": ""}, {"token": "x" * 32}, {"token": made["token"][:-1]}):
        for path in (f"/table/{table_id}", f"/api/tables/{table_id}", f"/api/tables/{table_id}/record.json"):
            answer = client.get(path, params=query)
            assert answer.status_code == 403
            assert "brandubh" not in answer.text and "svg" not in answer.text
    assert client.get("/table/nothing", params={"token": made["token"]}).status_code == 404
    assert client.get("/api/tables/nothing", params={"token": made["token"]}).status_code == 404


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ({"seat": "x"}, 400),
        ({"seat": "-1"}, 400),
        ({"seat": "1"}, 403),
        ({"since": "x"}, 400),
        ({"since": "0", "wait": "soon"}, 400),
    ],
)
def test_bad_queries_are_refused(client: TestClient, query: dict[str, str], status: int) -> None:
    made = new_table(client, "tafl", ["here", "link"], variant="brandubh")
    answer = client.get(f"/api/tables/{made['id']}", params={"token": made["token"], **query})
    assert answer.status_code == status and answer.json()["error"]


def test_unknown_paths_and_methods_are_4xx(client: TestClient) -> None:
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/tables").status_code == 405
    assert client.delete("/").status_code == 405


def test_linked_seats_see_only_their_own_and_no_other_token(client: TestClient) -> None:
    made = new_table(client, "cloth-of-gold", ["link", "link"])
    table = table_of(client, made["id"])
    host = look(client, made)
    assert [link["seat"] for link in host["links"]] == [0, 1]
    assert all(table.seat_tokens[link["seat"]] in link["href"] for link in host["links"])
    for seat, token in table.seat_tokens.items():
        answer = client.get(f"/api/tables/{made['id']}", params={"token": token})
        text = answer.text
        assert answer.json()["you"] == seat and answer.json()["links"] == []
        others = [made["token"], *(t for s, t in table.seat_tokens.items() if s != seat)]
        assert not any(other in text for other in others)
        assert client.get(f"/api/tables/{made['id']}", params={"token": token, "seat": 1 - seat}).status_code == 403


@pytest.mark.parametrize("game", ["cloth-of-gold", "camelot"])
def test_a_seat_page_is_the_same_in_every_world_that_seat_cannot_tell_apart(game: str) -> None:
    """Nothing hidden reaches a seat's page: redealing what seat 0 cannot
    see (the rival's hand, the bag) leaves seat 0's page exactly as it was."""
    table = Table(games.load(game), [parse_seat("here"), parse_seat("here")], seed=11)
    viewer = table.viewer(table.host_token)
    assert viewer is not None
    for _ in range(6):
        for seat in (0, 1):
            real = seat_page(table, viewer, seat)
            state = table.state
            for seed in (1, 2, 3):
                table.state = state.determinize(seat, seed=seed)
                assert seat_page(table, viewer, seat) == real
            table.state = state
        table.state.apply(table.state.legal_moves()[0])
    assert seat_page(table, viewer, 0)["private"]


def test_hidden_information_records_wait_for_the_end(client: TestClient) -> None:
    made = new_table(client, "cloth-of-gold", ["here", "here"])
    answer = client.get(f"/api/tables/{made['id']}/record.json", params={"token": made["token"]})
    assert answer.status_code == 403
    assert look(client, made)["record"] is False
    # A kind the game does not have is not found, whether or not the game is over.
    assert client.get(f"/api/tables/{made['id']}/record.otg", params={"token": made["token"]}).status_code == 404


def test_several_here_seats_in_a_hidden_game_get_the_public_page_until_one_is_named(client: TestClient) -> None:
    made = new_table(client, "cloth-of-gold", ["here", "here"])
    public = look(client, made)
    assert public["you"] is None and public["moves"] == [] and public["private"] == []
    own = look(client, made, seat=0)
    assert own["you"] == 0 and own["moves"] and own["private"]


def test_undo_takes_back_the_bot_reply_too(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "random"], variant="brandubh")
    page = look(client, made)
    client.post(f"/api/tables/{made['id']}/move", json={"token": made["token"], "version": 0, "move": "d7-e7"})
    page = wait_for(client, made, lambda p: len(p["history"]) == 2)
    assert page["can_undo"]
    answer = client.post(f"/api/tables/{made['id']}/undo", json={"token": made["token"], "version": page["version"]})
    assert answer.status_code == 200 and answer.json()["history"] == []
    assert client.post(f"/api/tables/{made['id']}/undo", json={"token": made["token"], "version": 0}).status_code == 409
    stale = answer.json()["version"]
    refused = client.post(f"/api/tables/{made['id']}/undo", json={"token": made["token"], "version": stale})
    assert refused.status_code == 400 and "nothing" in refused.json()["error"]
    assert "illegal move" not in refused.json()["error"]  # a refusal in its own words, not a move's


def test_undo_and_new_game_are_the_hosts_and_not_with_linked_people(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "link"], variant="brandubh")
    table = table_of(client, made["id"])
    client.post(f"/api/tables/{made['id']}/move", json={"token": made["token"], "version": 0, "move": "d7-e7"})
    guest = table.seat_tokens[1]
    answer = client.post(f"/api/tables/{made['id']}/undo", json={"token": made["token"], "version": 1})
    assert answer.status_code == 400 and len(table.state.history) == 1
    refused = client.post(f"/api/tables/{made['id']}/new", json={"token": guest})
    assert refused.status_code == 400 and refused.json()["error"] == "only the host starts a new game"  # not a move
    # At one screen (no linked people), the host starts again whenever they like.
    alone = new_table(client, "tafl", ["here", "here"], variant="brandubh")
    client.post(f"/api/tables/{alone['id']}/move", json={"token": alone["token"], "version": 0, "move": "d7-e7"})
    assert look(client, alone)["can_restart"]
    answer = client.post(f"/api/tables/{alone['id']}/new", json={"token": alone["token"]})
    assert answer.status_code == 200 and answer.json()["history"] == [] and table_of(client, alone["id"]).version == 2


def refused_one_line(answer: Any, words: str) -> str:
    """A refusal: a 4xx whose body is one JSON object holding a one-line error."""
    assert 400 <= answer.status_code < 500, answer.text
    body = answer.json()
    assert list(body) == ["error"] and "\n" not in body["error"] and words in body["error"], body
    error: str = body["error"]
    return error


def test_a_new_game_while_a_linked_friend_is_mid_game_is_refused(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "link"], variant="brandubh")
    table = table_of(client, made["id"])
    client.post(f"/api/tables/{made['id']}/move", json={"token": made["token"], "version": 0, "move": "d7-e7"})
    page = look(client, made)
    assert not page["can_restart"] and "end" in page["restart_refusal"]
    before = snapshot(client, made["id"])
    answer = client.post(f"/api/tables/{made['id']}/new", json={"token": made["token"], "version": page["version"]})
    refused_one_line(answer, "people elsewhere")
    assert snapshot(client, made["id"]) == before and [str(m) for m in table.state.history] == ["d7-e7"]
    # Once the game is over, the host may deal again.
    from boardkit.testing import Nim

    nim = Table(Nim(heap=1), [parse_seat("here"), parse_seat("link")], seed=1)
    host = nim.viewer(nim.host_token)
    assert host is not None and not nim.can_restart(host)
    nim.play(host, "take 1", nim.version)
    assert nim.state.is_over and nim.can_restart(host)
    nim.restart(host)
    assert nim.state.history == () and not nim.state.is_over


def play_until_chance(client: TestClient, made: dict[str, Any]) -> int:
    """Play the first legal move until one draws from the game's chance; the moves played."""
    table = table_of(client, made["id"])
    while True:
        move = str(table.state.legal_moves()[0])
        sent = {"token": made["token"], "version": table.version, "move": move}
        assert client.post(f"/api/tables/{made['id']}/move", json=sent).status_code == 200
        if table.state.drew_chance():
            return len(table.state.history)
        assert len(table.state.history) < 40


def test_a_move_that_drew_chance_cannot_be_taken_back(client: TestClient) -> None:
    made = new_table(client, "cloth-of-gold", ["here", "here"])
    table = table_of(client, made["id"])
    # A move that drew nothing (a token placed) is taken back as before.
    client.post(f"/api/tables/{made['id']}/move",
                json={"token": made["token"], "version": 0, "move": str(table.state.legal_moves()[0])})
    assert not table.state.drew_chance() and look(client, made)["can_undo"]
    answer = client.post(f"/api/tables/{made['id']}/undo", json={"token": made["token"], "version": table.version})
    assert answer.status_code == 200 and table.state.history == ()
    played = play_until_chance(client, made)
    page = look(client, made, seat=table.state.current_player)
    assert not page["can_undo"] and "chance" in page["undo_refusal"]
    before = snapshot(client, made["id"])
    drawn = table.state.copy()
    answer = client.post(f"/api/tables/{made['id']}/undo", json={"token": made["token"], "version": table.version})
    error = refused_one_line(answer, "chance")
    assert error == f'"{table.state.history[-1]}" cannot be taken back: everyone has seen what chance gave in it' \
        ""
    assert snapshot(client, made["id"]) == before and len(table.state.history) == played
    assert table.state == drawn


def test_a_take_back_is_refused_if_any_move_it_takes_back_drew_chance() -> None:
    # The host (player 1) places a token, drawing nothing; the bot's reply draws from the Darkness.
    game = games.load("cloth-of-gold")
    table = Table(game, [parse_seat("random"), parse_seat("here")], seed=4)
    host = table.viewer(table.host_token)
    assert host is not None
    for _ in range(2):
        assert table.bot_move(table.version, table.state.legal_moves()[0])
        table.play(host, str(table.state.legal_moves()[0]), table.version)
    assert table.can_undo(host)  # the placement and nothing after it
    assert table.bot_move(table.version, table.state.legal_moves()[0])
    assert not table.state.drew_chance(3) and table.state.drew_chance(4)
    assert not table.can_undo(host) and "chance" in str(table.undo_refusal(host))
    with pytest.raises(BoardkitError, match="cannot be taken back: everyone has seen what chance gave"):
        table.undo(host, table.version)
    assert len(table.state.history) == 5


def test_waiting_for_a_change_returns_the_newer_version(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "link"], variant="brandubh")
    guest = {"id": made["id"], "token": table_of(client, made["id"]).seat_tokens[1]}
    assert look(client, guest, since=0, wait=0.05)["version"] == 0
    client.post(f"/api/tables/{made['id']}/move", json={"token": made["token"], "version": 0, "move": "d7-e7"})
    page = look(client, guest, since=0, wait=5)
    assert page["version"] == 1 and page["history"] == ["d7-e7"] and page["moves"]


def test_the_server_holds_a_bounded_number_of_games(client: TestClient) -> None:
    for _ in range(8):
        new_table(client)
    answer = client.post("/api/tables", json={"game": "tafl", "seats": ["here", "here"]})
    assert answer.status_code == 429 and "8 games" in answer.json()["error"]


def test_idle_games_expire() -> None:
    now = [0.0]
    tables = Tables(limit=2, idle=60, clock=lambda: now[0])
    table = tables.add(lambda: Table(games.load("tafl"), [parse_seat("here"), parse_seat("here")]))
    now[0] = 59
    assert tables.get(table.id) is table
    now[0] = 118
    tables.add(lambda: Table(games.load("tafl"), [parse_seat("here"), parse_seat("here")]))
    now[0] = 170
    assert tables.get(table.id) is None and len(tables) == 1


def test_a_game_of_bots_nobody_looks_at_goes_idle() -> None:
    # Five Fields has no end of its own: two bots would otherwise play on for ever.
    now = [0.0]
    tables = Tables(limit=2, idle=60, clock=lambda: now[0])
    bots = [parse_seat("random"), parse_seat("random")]
    watched = tables.add(lambda: Table(games.load("five-fields"), bots, seed=3))
    alone = tables.add(lambda: Table(games.load("five-fields"), bots, seed=4))
    for _ in range(25):
        now[0] += 2
        assert tables.get(watched.id) is watched  # somebody watches this one
        for table in (watched, alone):
            player = table.bot_to_move()
            assert player is not None and tables.get(table.id, use=False) is table
            assert table.bot_move(table.version, table.agents[player].choose(table.state, player))
    now[0] = 61  # nobody has looked at the second since 0: its bots' 25 moves were no use of it
    assert tables.get(alone.id, use=False) is None and tables.get(watched.id) is watched


def test_bots_answer_without_holding_up_other_games(client: TestClient) -> None:
    import threading

    release = threading.Event()

    class Stuck:
        def choose(self, state: Any, player: int) -> Any:
            release.wait(30)
            return state.legal_moves()[0]

    slow = new_table(client, "tafl", ["here", "link"], variant="brandubh")
    table = table_of(client, slow["id"])
    table.agents[1] = Stuck()
    client.post(f"/api/tables/{slow['id']}/move", json={"token": slow["token"], "version": 0, "move": "d7-e7"})
    quick = new_table(client, "tafl", ["here", "random"], variant="brandubh")
    answer = client.post(
        f"/api/tables/{quick['id']}/move", json={"token": quick["token"], "version": 0, "move": "d7-e7"}
    )
    assert answer.status_code == 200
    assert len(wait_for(client, quick, lambda p: len(p["history"]) == 2)["history"]) == 2
    assert look(client, slow)["history"] == ["d7-e7"]  # the stuck bot is still thinking
    release.set()
    assert len(wait_for(client, slow, lambda p: len(p["history"]) == 2)["history"]) == 2


def test_serve_without_the_web_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delitem(sys.modules, "boardkit.web.app", raising=False)
    monkeypatch.setitem(sys.modules, "starlette", None)
    monkeypatch.setitem(sys.modules, "starlette.applications", None)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "boardkit[web]" in err


@pytest.mark.parametrize(
    "argv", [["serve", "chess"], ["serve", "tafl", "--variant", "chess"], ["serve", "--port", "99999"]]
)
def test_serve_refuses_bad_arguments_before_starting(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("boardkit: ") and err.count("\n") == 1


def test_pages_carry_no_token_and_no_inline_script(client: TestClient) -> None:
    made = new_table(client)
    page = client.get(f"/table/{made['id']}", params={"token": made["token"]})
    assert made["token"] not in page.text
    assert not re.search(r"<script>(?!</script>)", page.text)
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert json.loads(client.get("/api/games").text)["default"] is None


@pytest.mark.parametrize("game", games.names())
def test_every_game_plays_to_the_end_through_the_server(client: TestClient, game: str) -> None:
    import random

    rng = random.Random(4)
    # The table's seed is fresh, so the bot's moves differ from run to run. Five Fields' rules have no
    # end of their own (a random game can go on for 20,000 plies and more): its declared turn limit
    # ends it, as a server would offer, and every game here is held to a bound it cannot outrun.
    extra: dict[str, Any] = {"options": {"turn_limit": 60}} if game == "five-fields" else {}
    made = new_table(client, game, ["here", "random"], **extra)
    page = wait_for(client, made, lambda p: p["over"] or p["to_move"] == p["you"])
    for _ in range(1_000):
        if page["over"]:
            break
        assert page["moves"] and page["you"] == 0
        move = rng.choice(page["moves"])["move"]
        sent = {"token": made["token"], "version": page["version"], "move": move}
        answer = client.post(f"/api/tables/{made['id']}/move", json=sent)
        assert answer.status_code == 200, answer.text
        page = wait_for(client, made, lambda p: p["over"] or p["to_move"] == p["you"])
    state = table_of(client, made["id"]).state
    assert state.is_over, f"{game} did not end in 1,000 of our moves"
    assert page["history"] == [str(m) for m in state.history]
    record = client.get(f"/api/tables/{made['id']}/record.json", params={"token": made["token"]})
    assert record.status_code == 200


def test_only_games_whose_seats_see_different_things_hide_a_seat_from_the_other() -> None:
    seats = [parse_seat("here"), parse_seat("here")]
    five = Table(games.load("five-fields"), seats, seed=1)
    cloth = Table(games.load("cloth-of-gold"), seats, seed=1)
    assert five.hidden and not five.secret and cloth.hidden and cloth.secret
    viewer = cloth.viewer(cloth.host_token)
    assert viewer is not None
    own = seat_page(cloth, viewer, 0)["private"]
    assert "your hand" in own and all(t.value in own for t in cloth.state.hand(0))
    assert "darkness" not in own and "player 1" not in own


def test_a_shared_screen_without_secrets_shows_the_moves_at_once(client: TestClient) -> None:
    made = new_table(client, "five-fields", ["here", "here"])
    page = look(client, made)
    assert page["you"] == 0 and page["moves"] and page["private"] == [] and page["secret"] is False


# -- every game describes itself: the form from the schema, the page from the protocol ----------


def test_the_start_page_gets_every_games_option_schema_and_declaration(client: TestClient) -> None:
    offered = {g["spec"]: g for g in client.get("/api/games").json()["games"]}
    for spec, choice in offered.items():
        game = games.load(spec)
        assert choice["option_info"] == [info.to_dict() for info in game.option_info()]
        assert choice["about"]["goal"] == game.about.goal and choice["about"]["turn"] == game.about.turn
        assert choice["about"]["title"] == game.about.title
    tafl = {o["name"]: o for o in offered["tafl"]["option_info"]}
    assert tafl["escape"]["choices"] == ["edge", "corner"] and tafl["escape"]["help"]
    assert tafl["mate"]["type"] == "bool" and tafl["first"]["low"] == 0 and tafl["first"]["high"] == 1
    assert tafl["repetition"]["optional"] and tafl["repetition"]["low"] == 2
    cloth = offered["cloth-of-gold"]
    assert cloth["variant_key"] == "variant" and cloth["variants"] == ["2023", "2020"]
    assert cloth["variant_default"] == "2023"
    assert offered["five-fields"]["variant_key"] is None and offered["camelot"]["variant_key"] is None
    # Camelot is played by 1 to 5: the form starts it for 2.
    assert offered["camelot"]["players"] == [1, 5] and offered["camelot"]["default_players"] == 2


def test_the_form_sends_options_as_their_declared_types_and_the_schema_refuses_bad_ones(client: TestClient) -> None:
    typed = {"mate": True, "repetition": None, "escape": "corner", "first": 1, "corners": "a1,g7"}
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh", options=typed)
    options = table_of(client, made["id"]).game.option_values()
    assert {k: options[k] for k in typed} == typed
    # Older pages sent JSON text; it is still read, as the option's type allows.
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh", options={"mate": "true", "throne": "d4"})
    assert table_of(client, made["id"]).game.options.mate is True
    bad = client.post("/api/tables", json={"game": "tafl", "seats": ["here", "here"], "options": {"escape": "side"}})
    assert bad.status_code == 400 and "escape must be 'edge' or 'corner', not 'side'" in bad.json()["error"]
    far = client.post("/api/tables", json={"game": "tafl", "seats": ["here", "here"], "options": {"first": 2}})
    assert far.status_code == 400 and "first must be 0 (attackers) or 1 (defenders), not 2" in far.json()["error"]


def test_the_game_page_shows_scores_public_information_rules_and_what_each_move_did(client: TestClient) -> None:
    made = new_table(client, "camelot", ["here", "here"])
    page = look(client, made, seat=0)
    assert page["scores"] == [{"seat": 0, "name": "player 0", "score": 0}, {"seat": 1, "name": "player 1", "score": 0}]
    public = dict(page["public"])
    assert public["bag"].endswith(" tiles") and public["hand 1"].endswith("3 concealed")
    assert page["about"]["goal"].startswith("Score the most points") and page["about"]["turn"]
    table = table_of(client, made["id"])
    host = table.viewer(made["token"])
    assert host is not None
    place = next(m for m in table.state.legal_moves() if str(m).startswith("place"))
    table.play(host, str(place), table.version)
    table.play(host, "end", table.version)
    page = look(client, made, seat=1)
    assert [(e["by"], e["move"]) for e in page["log"]] == [("player 0", str(place)), ("player 0", "end")]
    assert page["log"][0]["did"].startswith("this turn so far: ")
    assert page["log"][1]["did"].startswith("scored ") and "tiles left in the bag" in page["log"][1]["did"]
    assert page["history"] == [e["move"] for e in page["log"]]
    # Taken back, the moves leave the list with what they did.
    tafl = new_table(client, "tafl", ["here", "random"], variant="brandubh")
    page = wait_for(client, tafl, lambda p: len(p["history"]) == 0)
    first = page["moves"][0]["move"]
    sent = {"token": tafl["token"], "version": page["version"], "move": first}
    client.post(f"/api/tables/{tafl['id']}/move", json=sent)
    page = wait_for(client, tafl, lambda p: len(p["log"]) == 2)
    assert [e["by"] for e in page["log"]] == ["attackers", "defenders"] and page["scores"] is None
    assert [label for label, _ in page["public"]] == ["attackers taken", "defenders taken"]
    client.post(f"/api/tables/{tafl['id']}/undo", json={"token": tafl["token"], "version": page["version"]})
    assert look(client, tafl)["log"] == [] and table_of(client, tafl["id"]).match.log == []


def test_record_downloads_are_the_games_own_formats(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh")
    page = look(client, made)
    assert page["formats"] == [{"key": "otg", "name": "OpenTafl saved game", "suffix": ".otg"}] and page["otg"]
    answer = client.get(f"/api/tables/{made['id']}/record.otg", params={"token": made["token"]})
    assert answer.status_code == 200 and f'filename="tafl-{made["id"]}.otg"' in answer.headers["content-disposition"]
    from boardkit.testing import Nim

    with TestClient(create_app({"nim": Nim})) as nim_client:
        nim = new_table(nim_client, "nim", ["here", "here"])
        assert look(nim_client, nim)["formats"] == [] and look(nim_client, nim)["otg"] is False
        missing = nim_client.get(f"/api/tables/{nim['id']}/record.otg", params={"token": nim["token"]})
        assert missing.status_code == 404 and missing.json()["error"] == "no 'otg' record for nim"


# -- safe against any request (issue 27) --------------------------------------------------------


def camelot_plan(columns: int, rows: int) -> dict[str, Any]:
    """The options of a Camelot castle of ``columns`` by ``rows`` wall squares, with its tiles."""
    return {"plan": ["W" * columns] * rows, "tiles": [["wall", "W", 1, columns * rows, False]]}


def test_a_99_by_26_camelot_plan_with_2574_tiles_is_refused_before_it_is_built(client: TestClient) -> None:
    # The 3.3 KB request that took 2.4 s on the event loop to build, and 30-43 s per page.
    body: dict[str, Any] = {"game": "camelot", "seats": ["here", "here"], "options": camelot_plan(99, 26)}
    assert len(json.dumps(body)) > 2500
    error = refused_one_line(client.post("/api/tables", json=body), "this server takes at most 1024")
    assert "plan" in error and len(client.app.state.tables) == 0  # type: ignore[attr-defined]
    # The same as text from the form, and a tile list too long on its own.
    text = {**body, "options": {k: json.dumps(v) for k, v in body["options"].items()}}
    refused_one_line(client.post("/api/tables", json=text), "at most 1024")
    tiles = {"game": "camelot", "seats": ["here", "here"], "options": {"tiles": [["wall", "W", 1, 1, False]] * 60}}
    refused_one_line(client.post("/api/tables", json=tiles), "'tiles' is")


def test_a_plan_small_as_text_but_too_many_cells_is_refused_and_not_kept(client: TestClient) -> None:
    # 25 by 25 is under the size limit as JSON, but its board has 625 cells (the server plays 400 at most).
    body: dict[str, Any] = {"game": "camelot", "seats": ["here", "here"], "options": camelot_plan(25, 25)}
    assert len(json.dumps(body["options"]["plan"], separators=(",", ":"))) <= 1024
    refused_one_line(client.post("/api/tables", json=body), "cells")
    assert len(client.app.state.tables) == 0  # type: ignore[attr-defined]
    # A castle of a real size is played.
    made = new_table(client, "camelot", ["here", "here"], options=camelot_plan(8, 6))
    assert len(look(client, made, seat=0)["cells"]) == 48


def test_the_largest_real_options_are_taken(client: TestClient) -> None:
    from boardkit.games.camelot.plan import STANDARD_PLAN
    from boardkit.games.camelot.tiles import STANDARD_TILES

    options = {"plan": list(STANDARD_PLAN), "tiles": [list(t) for t in STANDARD_TILES]}
    made = new_table(client, "camelot", ["here", "here"], options=options)
    assert table_of(client, made["id"]).game.option_values()["tiles"] is not None
    made = new_table(client, "tafl", ["here", "here"], variant="alea-evangelii")
    assert len(look(client, made, seat=0)["moves"]) > 100


def test_a_create_refused_by_the_table_cap_builds_no_game() -> None:
    built: list[dict[str, Any]] = []

    def counted(**options: Any) -> Any:
        built.append(options)
        return games.load("camelot", **options)

    with TestClient(create_app({"camelot": counted}, limit=1)) as c:
        new_table(c, "camelot", ["here", "here"])
        before = len(built)
        for first in range(5):
            body = {"game": "camelot", "seats": ["here", "here"], "options": {"first": first % 2}}
            refused_one_line(c.post("/api/tables", json=body), "already has 1 game going")
        assert len(built) == before


def test_one_client_sets_up_a_bounded_number_of_games_in_a_window() -> None:
    now = [0.0]
    app = create_app(OFFERED, limit=20, per_client=3, window=600, clock=lambda: now[0])
    with TestClient(app) as c:
        for _ in range(3):
            new_table(c)
        refused_one_line(c.post("/api/tables", json={"game": "tafl", "seats": ["here", "here"]}), "3 games in the last")
        now[0] = 601
        new_table(c)
        assert len(app.state.tables) == 4


def test_idle_games_expire_on_the_servers_clock() -> None:
    now = [0.0]
    app = create_app(OFFERED, limit=1, idle=60, clock=lambda: now[0])
    with TestClient(app) as c:
        made = new_table(c)
        refused_one_line(c.post("/api/tables", json={"game": "tafl", "seats": ["here", "here"]}), "1 game going")
        now[0] = 59
        look(c, made)  # seen: its idle time starts again
        now[0] = 118
        look(c, made)
        now[0] = 179
        assert c.get(f"/api/tables/{made['id']}", params={"token": made["token"]}).status_code == 404
        new_table(c)


DEEP = "[" * 5000


@pytest.mark.parametrize(
    ("name", "method", "path", "payload", "words"),
    [
        ("a body of 5,000 [ to create", "post", "/api/tables", DEEP, "not JSON"),
        ("a body of 5,000 [ to move", "post", "/move", DEEP, "not JSON"),
        ("a body of 3,000 nested objects to undo", "post", "/undo", '{"a":' * 3000, "not JSON"),
        ("since=²", "get", "?since=²", None, "since is a version"),
        ("since=١٢", "get", "?since=١٢", None, "since is a version"),
        ("seat=²", "get", "?seat=²", None, "a seat is a number"),
        ("seat=\u0661 (an Arabic-Indic one)", "get", "?seat=\u0661", None, "a seat is a number"),
        ("wait=nan", "get", "?since=0&wait=nan", None, "wait is a number"),
        ("wait=²", "get", "?since=0&wait=²", None, "wait is a number"),
        ("mcts:² as a seat", "post", "/api/tables", {"game": "tafl", "seats": ["here", "mcts:²"]}, "unknown seat"),
        ("mcts:١٢ as a seat", "post", "/api/tables", {"game": "tafl", "seats": ["here", "mcts:١٢"]}, "unknown seat"),
        (
            "a deeply nested option",
            "post",
            "/api/tables",
            {"game": "camelot", "seats": ["here", "here"], "options": {"plan": json.loads("[" * 200 + "]" * 200)}},
            "nests deeper",
        ),
        (
            "a deeply nested option as text",
            "post",
            "/api/tables",
            {"game": "camelot", "seats": ["here", "here"], "options": {"plan": "[" * 3000 + "]" * 3000}},
            "at most 1024",
        ),
        ("a quote in the record kind", "get", '/record.json%22%3B%20filename%3D%22evil.html', None, "no 'json"),
        ("a new line in the record kind", "get", "/record.%0d%0a", None, "record for tafl"),
        ("a snowman as the record kind", "get", "/record.%E2%98%83", None, "record for tafl"),
    ],
)
def test_every_malformed_request_gets_a_one_line_4xx_and_no_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture, name: str, method: str, path: str, payload: Any, words: str
) -> None:
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh")
    before = snapshot(client, made["id"])
    if not path.startswith("/api/"):
        joiner = "&" if path.startswith("?") else "?"
        path = f"/api/tables/{made['id']}{path}{joiner}token={made['token']}"
    if method == "get":
        answer = client.get(path)
    elif isinstance(payload, str):
        answer = client.post(path, content=payload.encode())
    else:
        answer = client.post(path, json={"token": made["token"], "version": 0, **payload})
    refused_one_line(answer, words)
    assert "content-disposition" not in answer.headers
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL") or r.exc_info]
    assert snapshot(client, made["id"]) == before


def test_a_record_is_named_by_the_game_and_table_alone(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh")
    for kind, suffix in (("json", ".json"), ("otg", ".otg")):
        answer = client.get(f"/api/tables/{made['id']}/record.{kind}", params={"token": made["token"]})
        assert answer.headers["content-disposition"] == f'attachment; filename="tafl-{made["id"]}{suffix}"'


def test_the_server_is_configured_with_uvicorns_own_limits() -> None:
    from boardkit.web.limits import CONNECTIONS, MAX_HEAD, server_config

    config = server_config(None)
    assert config.limit_concurrency == CONNECTIONS == 256
    assert config.timeout_keep_alive == 5 and config.h11_max_incomplete_event_size == MAX_HEAD == 16 * 1024
    with pytest.raises(BoardkitError, match="positive"):
        server_config(None, connections=0)


@pytest.mark.parametrize("flag", ["--tables", "--idle", "--per-client", "--connections", "--header-timeout"])
def test_serve_refuses_limits_that_are_not_positive(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", flag, "0"]) == 2
    err = capsys.readouterr().err
    assert err == f"boardkit: {flag} needs a positive number, not 0\n"


def test_a_connection_that_never_finishes_its_headers_is_closed() -> None:
    import socket
    import threading

    import uvicorn

    from boardkit.web.limits import server_config

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = server_config(create_app(OFFERED), header_timeout=1.0, keep_alive=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(400):
            if server.started:
                break
            time.sleep(0.05)
        port = sock.getsockname()[1]
        # Half a request head, then nothing: the server hangs up (without the timeout it waits forever).
        with socket.create_connection(("127.0.0.1", port), timeout=30) as half:
            half.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            assert half.recv(100) == b""
        # A whole request is answered as usual.
        with socket.create_connection(("127.0.0.1", port), timeout=30) as whole:
            whole.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert whole.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


# -- pages a player enjoys (issue 27) ------------------------------------------------------------


def test_the_page_marks_the_last_move_on_the_board(client: TestClient) -> None:
    made = new_table(client, "tafl", ["here", "here"], variant="brandubh")
    assert look(client, made)["last"] == []
    client.post(f"/api/tables/{made['id']}/move", json={"token": made["token"], "version": 0, "move": "d7-e7"})
    assert look(client, made)["last"] == ["d7", "e7"]
    # A kit move that names no cell: the cell it filled.
    from boardkit.specs import game_factory

    table = Table(game_factory("connect_four:ConnectFour")[1](), [parse_seat("here"), parse_seat("here")], seed=1)
    viewer = table.viewer(table.host_token)
    assert viewer is not None
    for column in ("4", "4"):
        table.play(viewer, column, table.version)
    assert seat_page(table, viewer, 0)["last"] == ["d2"]
    assert seat_page(table, viewer, 0)["moves"][3] == {"move": "4", "cells": ["d3"]}


def test_the_page_shows_a_move_naming_no_cell_as_the_game_declares_it() -> None:
    # The web asks the game's declaration (Parts.filled), never its class: a game declaring none shows
    # only the cells a notation names, and one declaring its own is shown its way.
    from connect_four import ConnectFour

    from boardkit.parts import Parts

    class Undeclared(ConnectFour):
        @property
        def declared(self) -> Parts[Any, Any]:
            return attrs.evolve(super().declared, filled=None)

    class Elsewhere(ConnectFour):
        @property
        def declared(self) -> Parts[Any, Any]:
            return attrs.evolve(super().declared, filled=lambda state, move: ["a6"])

    for game, last, cells in ((Undeclared(), [], []), (Elsewhere(), ["a6"], ["a6"])):
        table = Table(game, [parse_seat("here"), parse_seat("here")], seed=1)
        viewer = table.viewer(table.host_token)
        assert viewer is not None
        table.play(viewer, "4", table.version)
        page = seat_page(table, viewer, 1)
        assert page["last"] == last and page["moves"][0]["cells"] == cells


def test_a_draughts_capture_path_is_clicked_square_by_square() -> None:
    # A kit Path that captures is written with x (c3xe5xc7): each square is its own click.
    names = {f"{c}{r}" for c in "abcdefgh" for r in range(1, 9)}
    assert move_cells("c3xe5xc7", names) == ["c3", "e5", "c7"]
    assert move_cells("b6xd4", names) == ["b6", "d4"] and move_cells("a3-b4", names) == ["a3", "b4"]


def test_the_page_says_what_a_turn_in_parts_asks_for() -> None:
    from boardkit.specs import game_factory

    table = Table(game_factory("amazons:Amazons")[1](), [parse_seat("here"), parse_seat("here")], seed=1)
    viewer = table.viewer(table.host_token)
    assert viewer is not None
    page = seat_page(table, viewer, 0)
    assert page["prompt"] == table.state.prompt() and page["prompt"] in page["status"]
    table.play(viewer, page["moves"][0]["move"], table.version)
    page = seat_page(table, viewer, 0)
    assert page["status"].endswith(f": {table.state.prompt()}") and page["prompt"]


def test_the_page_says_which_bot_is_thinking() -> None:
    table = Table(games.load("tafl", variant="brandubh"), [parse_seat("here"), parse_seat("mcts:50")], seed=1)
    viewer = table.viewer(table.host_token)
    assert viewer is not None
    assert seat_page(table, viewer, 0)["thinking"] is None  # a person's turn
    table.play(viewer, "d7-e7", table.version)
    assert seat_page(table, viewer, None)["thinking"] == {
        "seat": 1, "name": "defenders", "label": "mcts bot, 50 playouts"
    }
    table.bot_error = "the bot failed: out of ideas"
    assert seat_page(table, viewer, None)["thinking"] is None


@pytest.mark.parametrize("path", ["/table/nothing?token=x", "/nothing", "/table/x"])
def test_a_refused_page_is_a_page_in_the_sites_style(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    assert '<link rel="stylesheet" href="/static/style.css">' in answer.text and 'href="/"' in answer.text
    made = new_table(client)
    wrong = client.get(f"/table/{made['id']}", params={"token": "<b>x</b>"})
    assert wrong.status_code == 403 and "Not your game" in wrong.text and "<b>x" not in wrong.text


def test_a_game_is_built_off_the_event_loop() -> None:
    import threading

    entered, release, done = threading.Event(), threading.Event(), threading.Event()

    def slow(**options: Any) -> Any:
        if options:  # the game asked for (the start page's schema is read with the defaults)
            entered.set()
            release.wait(30)
        return games.load("tafl", **options)

    with TestClient(create_app({"slow": slow})) as c:
        answers: list[Any] = []

        def create() -> None:
            body = {"game": "slow", "seats": ["here", "here"], "variant": "brandubh"}
            answers.append(c.post("/api/tables", json=body))
            done.set()

        worker = threading.Thread(target=create)
        worker.start()
        assert entered.wait(30)
        # While that game is being built, the server answers others (built on the loop, this would wait for it).
        assert c.get("/api/games").status_code == 200
        assert not done.is_set()
        release.set()
        worker.join(30)
        assert answers[0].status_code == 200


def test_a_hint_says_what_the_strongest_bot_would_play_and_why(client: TestClient) -> None:
    """issue 37: the browser's hint, as the terminal's ``hint`` command: best's move for the person to
    move, and why in one line; refused when it is not their turn; it plays nothing."""
    made = new_table(client, "tafl", ["here", "best@200ms"], variant="brandubh")
    page = look(client, made, seat=0)
    assert page["can_hint"] and page["searched"] is None
    answer = client.post(f"/api/tables/{made['id']}/hint", json={"token": made["token"]})
    assert answer.status_code == 200, answer.text
    said = answer.json()
    assert said["move"] in [m["move"] for m in page["moves"]] and "depth" in said["why"]
    assert said["version"] == page["version"] and look(client, made)["history"] == []  # nothing played
    assert client.post(f"/api/tables/{made['id']}/move", json={
        "token": made["token"], "move": said["move"], "version": page["version"]
    }).status_code == 200
    page = wait_for(client, made, lambda p: len(p["history"]) == 2)
    assert page["searched"] is not None and page["searched"]["seat"] == 1
    assert page["searched"]["summary"].startswith("depth ")  # what the bot's alpha-beta found
    stranger = client.post(f"/api/tables/{made['id']}/hint", json={"token": "not-a-token"})
    assert stranger.status_code == 403


def test_no_hint_on_a_bots_turn_or_in_a_finished_game() -> None:
    table = Table(games.load("tafl", variant="brandubh"), [parse_seat("here"), parse_seat("mcts:50")], seed=1)
    viewer = table.viewer(table.host_token)
    assert viewer is not None and table.hint_refusal(viewer) is None
    table.play(viewer, "d7-e7", table.version)
    assert table.hint_refusal(viewer) == "it is defenders' turn, not yours"
    assert seat_page(table, viewer, 0)["can_hint"] is False


def test_a_person_on_this_machine_is_never_locked_out_unless_asked() -> None:
    """issue 40: the default --per-client 8 locked the only local player out after 8 games in 10 minutes."""
    app = create_app(OFFERED, limit=20, per_client=2, window=600)
    with TestClient(app, client=("127.0.0.1", 5000)) as local:
        for _ in range(4):
            new_table(local)
    strict = create_app(OFFERED, limit=20, per_client=2, window=600, limit_local=True)
    with TestClient(strict, client=("::1", 5000)) as local:
        new_table(local)
        new_table(local)
        answer = local.post("/api/tables", json={"game": "tafl", "seats": ["here", "here"]})
        assert answer.status_code == 429 and "--per-client" in answer.json()["error"]
    with TestClient(app, client=("203.0.113.9", 5000)) as stranger:
        new_table(stranger)
        new_table(stranger)
        answer = stranger.post("/api/tables", json={"game": "tafl", "seats": ["here", "here"]})
        assert answer.status_code == 429 and answer.json()["error"].endswith("(the server's --per-client limit)")


def test_an_undo_refused_says_why_in_the_players_terms() -> None:
    """issue 40: with a linked friend, undo right after your own move said "nothing of yours to take back"."""
    from boardkit.testing import Nim

    linked = Table(Nim(heap=9), [parse_seat("here"), parse_seat("link")], seed=1)
    host = linked.viewer(linked.host_token)
    assert host is not None
    linked.play(host, "take 1", linked.version)
    assert linked.undo_refusal(host) == (
        "no take-backs while people elsewhere play this game: they would lose moves without a say"
    )
    alone = Table(Nim(heap=9), [parse_seat("here"), parse_seat("random")], seed=1)
    me = alone.viewer(alone.host_token)
    assert me is not None and alone.undo_refusal(me) == "nothing of yours to take back yet"


@pytest.mark.parametrize("name", ["game.html", "start.html", "error.html"])
def test_every_id_on_a_page_is_unique(name: str) -> None:
    """Two elements with one id: the scripts' $(id) finds the first only (the Hint button once took the
    move instructions' id, and its label was overwritten by them)."""
    from pathlib import Path

    import boardkit.web

    text = (Path(boardkit.web.__file__).parent / "static" / name).read_text(encoding="utf-8")
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert ids and len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_serve_refuses_an_address_it_cannot_listen_on(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """A port in use or a host no interface has is refused in one line, before the server says it plays there."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "t.db")]) == 2
    out, err = capsys.readouterr()
    assert f"cannot listen on 127.0.0.1:{port}" in err and err.count("\n") == 1 and "playing at" not in out
    assert not (tmp_path / "t.db").exists()  # refused before the store's file is made
    assert main(["serve", "--host", "999.1.1.1", "--db", str(tmp_path / "t.db")]) == 2
    assert "cannot listen on 999.1.1.1" in capsys.readouterr().err


def test_a_finished_game_with_chance_stays_as_it_ended() -> None:
    """issue 40 (an attack): a finished 5 Fields game on a blank map offered its record, with the seed, and the
    host could still take back its last moves (which drew nothing) and play on knowing every hex to come."""
    game = games.load("five-fields", blank_map=True, turn_limit=1)
    table = Table(game, [parse_seat("here"), parse_seat("here")], seed=3)
    host = table.viewer(table.host_token)
    assert host is not None
    while not table.state.is_over:
        table.play(host, str(table.state.legal_moves()[-1]), table.version)
    refusal = table.undo_refusal(host)
    assert refusal is not None and "its record (with the seed, which foretells chance) is out" in refusal
    with pytest.raises(BoardkitError, match="it stays as it ended"):
        table.undo(host, table.version)
    assert table.state.is_over
    tafl = Table(games.load("tafl", variant="brandubh"), [parse_seat("here"), parse_seat("here")], seed=3)
    viewer = tafl.viewer(tafl.host_token)
    assert viewer is not None
    while not tafl.state.is_over and len(tafl.state.history) < 400:
        tafl.play(viewer, str(tafl.state.legal_moves()[0]), tafl.version)
    assert not tafl.state.is_over or tafl.undo_refusal(viewer) is None  # no chance, nothing hidden: as before


class _BrokenBot:
    """A hint bot that fails, as one did on a Tafl rule set it could not weigh."""

    def choose(self, state: Any, player: int) -> Any:
        raise ZeroDivisionError("float division by zero")


def test_a_hint_whose_bot_fails_is_one_line_and_not_a_500(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 40 (an attack): a failing hint bot answered 500 with a 40-line traceback in the log."""
    import boardkit.web.app as app_module

    monkeypatch.setattr(app_module, "hint_agent", lambda state, seconds=None: _BrokenBot())
    # A long cap: on a loaded machine a worker slow to start would otherwise pass the cap and its grace,
    # and the pool would play a random move for the bot before its error came back (a 200, not the 503).
    with TestClient(create_app(OFFERED, limit=8, pool=BotPool(1, 60.0))) as c:
        made = new_table(c, "tafl", ["here", "here"], variant="brandubh")
        answer = c.post(f"/api/tables/{made['id']}/hint", json={"token": made["token"]})
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"] == "the hint could not be thought out: ZeroDivisionError: float division by zero"
        assert look(c, made)["history"] == []
        again = c.post(f"/api/tables/{made['id']}/hint", json={"token": made["token"]})
        assert again.status_code == 503  # not left "being thought out"


class _SlowBot:
    def choose(self, state: Any, player: int) -> Any:
        time.sleep(0.5)
        return state.legal_moves()[0]


def test_a_hint_waiting_when_the_server_stops_is_answered_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 40 (an attack): a hint still thinking when the server stopped was cut off after the graceful
    second, answered 500, and printed a CancelledError traceback."""
    import boardkit.web.app as app_module

    monkeypatch.setattr(app_module, "hint_agent", lambda state, seconds=None: _SlowBot())
    app = create_app(OFFERED, limit=8)
    with TestClient(app) as c:
        made = new_table(c, "tafl", ["here", "here"], variant="brandubh")
        app.state.stop()  # as SIGTERM does, before the hint is asked: it must not wait for its bot
        started = time.monotonic()
        answer = c.post(f"/api/tables/{made['id']}/hint", json={"token": made["token"]})
        assert answer.status_code == 503 and answer.json()["error"] == "the server is stopping; no hint"
        assert time.monotonic() - started < 0.5


def test_a_game_is_let_go_with_its_last_table() -> None:
    """issue 40 (an attack): the server kept every game it had built (up to --tables of them, besides the page
    words of 256 more), long after their tables had gone: 1.7 GB for games of large custom Camelot plans."""
    app = create_app(OFFERED, limit=8)
    with TestClient(app) as c:
        one, two = (new_table(c, "tafl", ["here", "here"], variant="tablut") for _ in range(2))
        server = app.state.server
        first, second = table_of(c, one["id"]), table_of(c, two["id"])
        assert first.game is second.game and list(server.built.values()) == [first.game]
        look(c, one)
        assert first.words == "Tafl, variant tablut"  # the page's words live on the table, not in a module
        server.tables.remove(first)
        server.forget(first)
        assert list(server.built.values()) == [second.game]  # another table still plays it
        server.tables.remove(second)
        server.forget(second)
        assert server.built == {}


def test_hints_still_work_when_the_app_is_served_by_a_second_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reviewer's catch: the stop was an asyncio.Event made with the app, bound to the first loop that waited
    on it, so under a second loop every hint answered "the server is stopping"."""
    import boardkit.web.app as app_module

    monkeypatch.setattr(app_module, "hint_agent", lambda state, seconds=None: _SlowBot())
    app = create_app(OFFERED, limit=8)
    for _ in range(2):
        with TestClient(app) as c:
            made = new_table(c, "tafl", ["here", "here"], variant="brandubh")
            answer = c.post(f"/api/tables/{made['id']}/hint", json={"token": made["token"]})
            assert answer.status_code == 200, answer.text
