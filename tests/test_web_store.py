"""Games that survive a restart (``--db``), the archive, and bots thinking in
a bounded pool of processes that stops with the server (issue 27)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from boardkit import games
from boardkit.agents import AlphaBetaAgent, MCTSAgent, RandomAgent
from boardkit.cli import main
from boardkit.errors import OptionError, RecordError
from boardkit.record import GameRecord
from boardkit.testing import Nim
from boardkit.web.app import create_app
from boardkit.web.bots import BotPool
from boardkit.web.store import SCHEMA_VERSION, Store, archived_records

OFFERED: dict[str, Any] = {name: (lambda n: lambda **o: games.load(n, **o))(name) for name in games.names()}
ROOT = Path(__file__).resolve().parent.parent


def post(client: TestClient, path: str, **body: Any) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def look(client: TestClient, made: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{made['id']}", params={"token": token or made["token"]})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def play(client: TestClient, made: dict[str, Any], move: str) -> dict[str, Any]:
    version = look(client, made)["version"]
    return post(client, f"/api/tables/{made['id']}/move", token=made["token"], version=version, move=move)


# -- the store, through the app ------------------------------------------------


def test_a_new_server_on_the_same_file_resumes_every_table_with_its_links(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(OFFERED, store=Store(db))) as client:
        made = post(client, "/api/tables", game="tafl", variant="brandubh", seats=["here", "link"])
        link = look(client, made)["links"]
        play(client, made, "d7-e7")
        before = look(client, made)
        other = post(client, "/api/tables", game="cloth-of-gold", seats=["here", "here"])
        first = client.app.state.tables.get(other["id"]).state.legal_moves()[0]
        play(client, other, str(first))
        other_before = look(client, other)
    assert oct(db.stat().st_mode & 0o777) == "0o600"  # tokens are in it: its owner's alone
    with TestClient(create_app(OFFERED, store=Store(db))) as client:
        after = look(client, made)
        assert [after[k] for k in ("version", "history", "log")] == [before[k] for k in ("version", "history", "log")]
        assert look(client, made)["links"] == link
        friend = link[0]["href"].rpartition("token=")[2]
        assert look(client, made, friend)["you"] == 1
        assert client.get(f"/table/{made['id']}", params={"token": made["token"]}).status_code == 200
        assert look(client, other)["history"] == other_before["history"]
        # The resumed game goes on where it stopped: the linked seat moves next.
        assert after["to_move"] == 1


def test_a_resumed_bot_whose_turn_it_was_thinks_again(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    store = Store(db)
    client = TestClient(create_app({"nim": Nim}, store=store))  # not started: its bots never wake
    made = post(client, "/api/tables", game="nim", options={"heap": 9}, seats=["here", "random"])
    play(client, made, "take 1")
    assert look(client, made)["to_move"] == 1
    with TestClient(create_app({"nim": Nim}, store=Store(db))) as resumed:
        deadline = time.monotonic() + 60
        while look(resumed, made)["to_move"] == 1 and time.monotonic() < deadline:
            resumed.get(f"/api/tables/{made['id']}", params={"token": made["token"], "since": "2", "wait": "1"})
        assert len(look(resumed, made)["history"]) == 2


def test_finished_games_go_to_the_archive_and_leave_it_when_taken_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite")
    with TestClient(create_app({"nim": Nim}, store=store)) as client:
        made = post(client, "/api/tables", game="nim", options={"heap": 3}, seats=["here", "here"])
        assert client.get("/api/archive").json() == {"games": []}
        play(client, made, "take 2")
        assert client.get("/api/archive").json() == {"games": []}  # unfinished games are not listed
        play(client, made, "take 1")
        listed = client.get("/api/archive").json()["games"]
        assert [(g["game"], g["options"], g["seats"], g["moves"]) for g in listed] == [
            ("nim", {"heap": 3}, ["here", "here"], 2)
        ]
        version = look(client, made)["version"]
        post(client, f"/api/tables/{made['id']}/undo", token=made["token"], version=version)
        assert client.get("/api/archive").json() == {"games": []}
        play(client, made, "take 1")
        record = client.get(f"/api/tables/{made['id']}/record.json", params={"token": made["token"]}).text
        (first,) = client.get("/api/archive").json()["games"]
        version = look(client, made)["version"]
        post(client, f"/api/tables/{made['id']}/new", token=made["token"], version=version)
        assert [g["number"] for g in client.get("/api/archive").json()["games"]] == [first["number"]]
        # The archive's record is the one the players could download.
        download = client.get(f"/api/archive/{first['number']}/record.json")
        assert download.text == record
        assert download.headers["content-disposition"].endswith(f'nim-{first["number"]}.json"')
        for bad in ["99", "x", "1x", "\u0661"]:
            answer = client.get(f"/api/archive/{bad}/record.json")
            assert answer.status_code == 404 and answer.json()["error"].startswith("no finished game")
        assert client.get(f"/api/archive/{first['number']}/record.otg").status_code == 404


def test_the_archive_gives_nothing_hidden_away(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite")
    with TestClient(create_app(OFFERED, store=store)) as client:
        made = post(client, "/api/tables", game="cloth-of-gold", seats=["here", "link"])
        page = look(client, made)
        play(client, made, page["moves"][0]["move"])
        listed = client.get("/api/archive").text
        assert listed == '{"games":[]}'
        text = "".join(g[2] for g in [store.archived(n) for n in range(5)] if g is not None)
        assert text == ""
        rows = [r for g in store.archive() for r in g.to_dict().values()]
        assert made["token"] not in json.dumps(rows)
        # The archive's records only: no token, no unfinished game's seed, through archived_records.
        assert list(archived_records(tmp_path / "games.sqlite")) == []
        seed = str(client.app.state.tables.get(made["id"]).state.seed)
        assert seed not in listed


def test_an_archived_game_downloads_in_the_games_own_formats(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite")
    with TestClient(create_app(OFFERED, store=store)) as client:
        made = post(client, "/api/tables", game="tafl", variant="brandubh", seats=["here", "here"])
        table = client.app.state.tables.get(made["id"])
        host = table.viewer(made["token"])
        agent = RandomAgent(seed=3)
        while not table.state.is_over:
            table.play(host, str(agent.choose(table.state, table.state.current_player)), table.version)
        store.save(table)
        (game,) = client.get("/api/archive").json()["games"]
        otg = client.get(f"/api/archive/{game['number']}/record.otg")
        direct = client.get(f"/api/tables/{made['id']}/record.otg", params={"token": made["token"]})
        assert otg.status_code == 200 and otg.text == direct.text


def test_a_store_refuses_another_database_and_a_later_layout(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with contextlib.closing(sqlite3.connect(other)) as db, db:  # closed: "with connect()" only commits
        db.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(OptionError, match="not one of boardkit serve's"):
        Store(other)
    later = tmp_path / "later.sqlite"
    Store(later).close()
    with contextlib.closing(sqlite3.connect(later)) as db, db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(OptionError, match=f"layout {SCHEMA_VERSION + 1}"):
        Store(later)
    with pytest.raises(RecordError, match="not an archive"):
        list(archived_records(other))
    assert main(["serve", "--db", str(other)]) == 2


def test_a_move_the_file_will_not_take_is_refused_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    with TestClient(create_app({"nim": Nim}, store=Store(db))) as client:
        made = post(client, "/api/tables", game="nim", seats=["here", "here"])
        other = sqlite3.connect(db, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another program holds the file
        try:
            answer = client.post(
                f"/api/tables/{made['id']}/move", json={"token": made["token"], "version": 0, "move": "take 1"}
            )
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert answer.status_code == 503 and "could not be saved" in answer.json()["error"]
        assert "\n" not in answer.json()["error"]


def test_a_table_dropped_for_being_idle_leaves_the_file(tmp_path: Path) -> None:
    now = [0.0]
    db = tmp_path / "games.sqlite"
    with TestClient(create_app({"nim": Nim}, store=Store(db), idle=10, clock=lambda: now[0])) as client:
        made = post(client, "/api/tables", game="nim", seats=["here", "here"])
        now[0] = 11.0
        assert client.get(f"/api/tables/{made['id']}", params={"token": made["token"]}).status_code == 404
    with TestClient(create_app({"nim": Nim}, store=Store(db))) as client:
        assert client.get(f"/api/tables/{made['id']}", params={"token": made["token"]}).status_code == 404


# -- boardkit analyze reads the archive ----------------------------------------


def test_analyze_reads_the_archive_as_it_reads_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "boardkit-games.sqlite"
    store = Store(db)
    records = []
    with TestClient(create_app(OFFERED, store=store)) as client:
        for seed in range(3):
            made = post(client, "/api/tables", game="tafl", variant="brandubh", seats=["here", "here"])
            table = client.app.state.tables.get(made["id"])
            host = table.viewer(made["token"])
            agent = RandomAgent(seed=seed)
            while not table.state.is_over:
                table.play(host, str(agent.choose(table.state, table.state.current_player)), table.version)
            store.save(table)
            records.append(table.state.to_record())
    lines = tmp_path / "games.jsonl"
    lines.write_text("".join(r.to_json() + "\n" for r in records), encoding="utf-8")
    assert [GameRecord.from_json(text) for _, text in archived_records(db)] == records
    assert main(["analyze", str(lines), "--json"]) == 0
    from_lines = json.loads(capsys.readouterr().out)
    assert main(["analyze", str(db), "--json"]) == 0
    from_db = json.loads(capsys.readouterr().out)
    assert from_db == from_lines and from_db["games"] == 3


# -- bots: a bounded pool of processes -----------------------------------------


class Sleeper:
    """A bot that never answers (it pickles: it thinks in a worker)."""

    def choose(self, state: Any, player: int) -> Any:
        time.sleep(600)


def test_a_worker_goes_on_from_the_position_it_knows_and_replays_after_a_take_back() -> None:
    # A worker keeps the last position of each game, so a bot's move in a long game does not
    # replay the whole game; after a take-back it starts again. Every move must be the one the
    # same bot chooses on the game replayed from the start, chance (Cloth of Gold's draws) included.
    import asyncio

    game = games.load("cloth-of-gold")

    async def run() -> list[tuple[str, str]]:
        pool = BotPool(workers=1, think=30)
        state = game.new_game(seed=11)
        chosen = []
        try:
            for ply in range(24):
                if state.is_over:
                    break
                if ply == 12:  # taken back: the worker knows a longer game than this one
                    state.undo()
                    state.undo()
                player = state.current_player
                assert player is not None
                agent = RandomAgent(seed=ply)
                move, _ = await pool.choose(state, agent, player)
                fresh = game.new_game(seed=11)
                for m in state.history:
                    fresh.apply(m)
                chosen.append((move, str(RandomAgent(seed=ply).choose(fresh, player))))
                state.apply(game.parse_move(move))
        finally:
            await pool.close()
        return chosen

    chosen = asyncio.run(run())
    assert len(chosen) >= 20 and all(a == b for a, b in chosen)


def test_a_bot_past_the_cap_is_stopped_and_a_random_move_played() -> None:
    import asyncio

    async def run() -> tuple[str, int, int]:
        pool = BotPool(workers=1, think=0.2)
        try:
            state = Nim(heap=5).new_game(seed=1)
            move, _ = await pool.choose(state, Sleeper(), 0)
            return move, pool.processes, os.getpid()
        finally:
            await pool.close()

    move, processes, _ = asyncio.run(run())
    assert move in {str(m) for m in Nim(heap=5).new_game(seed=1).legal_moves()}
    assert processes == 0  # the worker that overran was stopped


def test_an_mcts_bot_stops_at_the_think_cap() -> None:
    import asyncio

    async def run() -> str:
        pool = BotPool(workers=1, think=0.3)
        try:
            state = games.load("camelot").new_game(seed=1)
            move, _ = await pool.choose(state, MCTSAgent(iterations=10**6, time_limit=0.3, seed=1), 0)
            return move
        finally:
            await pool.close()

    state = games.load("camelot").new_game(seed=1)
    assert asyncio.run(run()) in {str(m) for m in state.legal_moves()}


def test_an_alpha_beta_bot_in_a_worker_sends_its_thinking_line_before_its_move() -> None:
    # The browser's thinking line (issue 37): depth, positions and score, while the search deepens.
    import asyncio

    lines: list[tuple[str, bool]] = []

    async def run() -> str:
        pool = BotPool(workers=1, think=30)
        moved = False

        def thinking(line: str) -> None:
            lines.append((line, moved))

        try:
            state = games.load("tafl", variant="brandubh").new_game(seed=1)
            move, _ = await pool.choose(state, AlphaBetaAgent(time_limit=1.5, seed=1), 0, progress=thinking)
            moved = True
            await pool.choose(state, RandomAgent(seed=1), 0, progress=thinking)  # no thinking line: nothing sent
            return move
        finally:
            await pool.close()

    move = asyncio.run(run())
    assert move in {str(m) for m in games.load("tafl", variant="brandubh").new_game(seed=1).legal_moves()}
    assert lines, "no thinking line came"
    assert all(re.fullmatch(r"depth \d+, [\d,]+ positions(, .+)?", line) for line, _ in lines), lines
    assert not any(after for _, after in lines)  # every line came before the move


def test_the_page_asks_what_a_thinking_bot_has_found_so_far() -> None:
    # The browser's live thinking line (issue 37): GET .../thinking answers the line the bot's worker
    # last sent while it searches, and nothing once it has moved (or for a wrong token).
    pool = BotPool(workers=1, think=4.0)
    with TestClient(create_app(OFFERED, pool=pool)) as client:
        made = post(client, "/api/tables", game="tafl", variant="copenhagen", seats=["alphabeta@3s", "here"])
        url = f"/api/tables/{made['id']}/thinking"
        assert client.get(url, params={"token": "wrong"}).status_code == 403
        heard: list[str] = []
        deadline = time.monotonic() + 60
        while not look(client, made)["history"] and time.monotonic() < deadline:
            answer = client.get(url, params={"token": made["token"]}).json()
            assert answer["version"] == 0 or look(client, made)["history"]
            if answer["line"]:
                heard.append(answer["line"])
            time.sleep(0.1)
        assert heard, "no thinking line while the bot searched"
        assert all(re.fullmatch(r"depth \d+, [\d,]+ positions(, .+)?", line) for line in heard), heard
        assert look(client, made)["history"], "the bot did not move"
        assert client.get(url, params={"token": made["token"]}).json()["line"] == ""  # the bot has moved


def test_the_event_loop_answers_while_more_bots_think_than_the_pool_holds() -> None:
    pool = BotPool(workers=1, think=60.0)
    with TestClient(create_app({**OFFERED, "nim": Nim}, pool=pool)) as client:
        thinking = [
            post(client, "/api/tables", game="tafl", variant="brandubh", seats=["mcts:20000", "here"])
            for _ in range(3)
        ]
        deadline = time.monotonic() + 30
        while pool.processes < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        # Another table is played to its end while three bots wait for one worker.
        made = post(client, "/api/tables", game="nim", seats=["here", "here"])
        while not (page := look(client, made))["over"]:
            play(client, made, page["moves"][0]["move"])
        assert pool.processes == 1
        assert [look(client, t)["history"] for t in thinking] == [[], [], []]  # still thinking, or waiting
        assert all(p != os.getpid() for p in pool.pids())


# -- the real server: SIGKILL, SIGTERM, SIGINT ------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``boardkit serve`` in a process of its own."""

    def __init__(self, tmp: Path, *args: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONUNBUFFERED": "1"}
        self.err = open(tmp / f"server-{self.port}.err", "w+", encoding="utf-8")  # noqa: SIM115 - closed in stop
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardkit", "serve", "--port", str(self.port), *args],
            cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=self.err,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                self.get("/api/games")
                break
            except (urllib.error.URLError, ConnectionError):
                assert self.process.poll() is None and time.monotonic() < deadline, self.stderr()
                time.sleep(0.1)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=30) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def stderr(self) -> str:
        self.err.flush()
        self.err.seek(0)
        return self.err.read()

    def children(self) -> list[int]:
        found = []
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            found += [int(p) for p in (task / "children").read_text().split()]
        return found

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(30)
        self.err.close()


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_server_killed_mid_game_loses_nothing_it_acknowledged(tmp_path: Path) -> None:
    server = Server(tmp_path, "tafl", "--db", "games.sqlite", "--bots", "1")
    try:
        made = server.post("/api/tables", {"game": "tafl", "variant": "brandubh", "seats": ["here", "link"]})
        token = made["token"]
        page = server.get(f"/api/tables/{made['id']}?token={token}")
        friend = page["links"][0]["href"].rpartition("token=")[2]
        acknowledged = []
        for _ in range(6):
            mover = token if page["to_move"] == 0 else friend
            page = server.get(f"/api/tables/{made['id']}?token={mover}")
            move = page["moves"][0]["move"]
            page = server.post(
                f"/api/tables/{made['id']}/move", {"token": mover, "version": page["version"], "move": move}
            )
            acknowledged.append(move)
        with_bot = server.post("/api/tables", {"game": "tafl", "variant": "brandubh", "seats": ["here", "random"]})
        first = server.get(f"/api/tables/{with_bot['id']}?token={with_bot['token']}")["moves"][0]["move"]
        server.post(f"/api/tables/{with_bot['id']}/move", {"token": with_bot["token"], "version": 0, "move": first})
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(30)
    finally:
        server.stop()
    again = Server(tmp_path, "tafl", "--db", "games.sqlite", "--bots", "1")
    try:
        page = again.get(f"/api/tables/{made['id']}?token={friend}")
        assert page["history"] == acknowledged and page["version"] == len(acknowledged)
        host = again.get(f"/api/tables/{made['id']}?token={token}")
        assert host["history"] == acknowledged
        with urllib.request.urlopen(f"{again.base}/table/{made['id']}?token={friend}", timeout=30) as answer:
            assert answer.status == 200
        # The bot whose turn it may have been moves (again): the game waits for its person.
        deadline = time.monotonic() + 60
        page = again.get(f"/api/tables/{with_bot['id']}?token={with_bot['token']}")
        while page["to_move"] != 0 and time.monotonic() < deadline:
            page = again.get(f"/api/tables/{with_bot['id']}?token={with_bot['token']}&since={page['version']}&wait=1")
        assert page["history"][0] == first and len(page["history"]) == 2
        assert "Traceback" not in again.stderr()
    finally:
        again.stop()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_the_server_stops_at_once_whatever_its_bots_are_thinking(tmp_path: Path, stop: signal.Signals) -> None:
    # Each bot would think 30 s a move: a server that waited for one would take that long to stop.
    server = Server(tmp_path, "--db", ":memory:", "--bots", "1", "--think", "300")
    try:
        server.post("/api/tables", {"game": "tafl", "variant": "brandubh", "seats": ["mcts@30s", "mcts@30s"]})
        deadline = time.monotonic() + 60
        while not server.children() and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = server.children()
        assert workers, "no bot worker started"
        time.sleep(0.5)  # the worker is well into its search
        sent = time.monotonic()
        server.process.send_signal(stop)
        code = server.process.wait(30)
        took = time.monotonic() - sent
        err = server.stderr()
    finally:
        server.stop()
    # Not a timing test: a bound far below the 30 s the bot would go on thinking, far above a loaded
    # machine's slowest stop, so it tells "stopped at once" from "waited for the bot" and nothing else.
    assert took < 15.0, f"{stop.name} took {took:.1f} s: the server waited for its bot"
    assert "Traceback" not in err and not re.search(r"^(ERROR|Exception)", err, re.MULTILINE), err
    assert code in (0, -stop, 128 + stop)
    deadline = time.monotonic() + 5
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(p) for p in workers)
