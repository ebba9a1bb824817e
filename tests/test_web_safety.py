"""What an attack on ``boardkit serve`` and a review of its code found (issue 40):
nothing changes in memory unless it is saved, the limits hold under
concurrent requests, the caches are bounded whatever the requests say, one
server per database file, requests from other sites and names refused,
proxy headers trusted only when asked, one client cannot take every
connection, and a stop or a client gone mid-request logs at most a line."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import tracemalloc
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from test_web import look  # the game as a token sees it, answered 200
from test_web_store import Server, alive, free_port  # the real server in a process of its own

from boardkit import games
from boardkit.errors import OptionError
from boardkit.testing import Nim
from boardkit.web.app import create_app
from boardkit.web.store import Store, StoreError
from boardkit.web.table import Table

OFFERED: dict[str, Any] = {name: (lambda n: lambda **o: games.load(n, **o))(name) for name in games.names()}
ROOT = Path(__file__).resolve().parent.parent
STRANGER = ("203.0.113.9", 5000)


class Flaky(Store):
    """A store whose writes fail while ``failing`` says so (a full disk, a lock held elsewhere)."""

    def __init__(self, path: Any = ":memory:") -> None:
        super().__init__(path)
        self.failing = False
        self.fail_from_move: int | None = None  # fail the saves of a game with at least this many moves

    def _check(self, table: Table) -> None:
        moves = len(table.state.history)
        if self.failing or (self.fail_from_move is not None and moves >= self.fail_from_move):
            raise StoreError("the game could not be saved in games.sqlite: database is locked")

    def add(self, table: Table, spec: str, options: Any) -> None:
        self._check(table)
        super().add(table, spec, options)

    def save(self, table: Table) -> None:
        self._check(table)
        super().save(table)

    def drop(self, table: Table) -> None:
        self._check(table)
        super().drop(table)


def made(client: TestClient, game: str = "nim", seats: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": seats or ["here", "here"], **extra})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def move(client: TestClient, table: dict[str, Any], notation: str, **extra: Any) -> Any:
    version = look(client, table)["version"]
    body = {"token": table["token"], "version": version, "move": notation, **extra}
    return client.post(f"/api/tables/{table['id']}/move", json=body)


# -- nothing changed in memory unless it is saved ----------------------------------------------


def test_a_move_the_store_will_not_take_is_not_played_and_the_bot_does_not_think_on_it(tmp_path: Path) -> None:
    store = Flaky(tmp_path / "games.sqlite")
    with TestClient(create_app({"nim": Nim}, store=store)) as client:
        table = made(client, seats=["here", "random"])
        store.failing = True
        answer = move(client, table, "take 1")
        assert answer.status_code == 503 and "could not be saved" in answer.json()["error"]
        page = look(client, table)
        # As a restarted server would have it: no move, the person to move, no bot thinking on a move never saved.
        assert page["version"] == 0 and page["history"] == [] and page["to_move"] == 0 and page["thinking"] is None
        store.failing = False
        assert move(client, table, "take 1").status_code == 200
        assert look(client, table)["history"][0] == "take 1"
    with TestClient(create_app({"nim": Nim}, store=Store(tmp_path / "games.sqlite"))) as client:
        assert look(client, table)["history"][0] == "take 1"


def test_an_undo_and_a_new_game_the_store_will_not_take_change_nothing() -> None:
    store = Flaky()
    with TestClient(create_app({"nim": Nim}, store=store)) as client:
        table = made(client)
        move(client, table, "take 1")
        move(client, table, "take 2")
        before = look(client, table)
        store.failing = True
        for action in ("undo", "new"):
            answer = client.post(
                f"/api/tables/{table['id']}/{action}", json={"token": table["token"], "version": before["version"]}
            )
            assert answer.status_code == 503, answer.text
            assert look(client, table) == before


def test_a_bot_move_the_store_will_not_take_is_asked_for_again_and_the_table_does_not_wait_forever() -> None:
    store = Flaky()
    with TestClient(create_app({"nim": Nim}, store=store)) as client:
        table = made(client, seats=["here", "random"])
        store.fail_from_move = 2  # the person's move is saved, the bot's reply is not
        assert move(client, table, "take 1").status_code == 200
        page = look(client, table)
        deadline = time.monotonic() + 30
        while "could not be saved" not in page["status"] and time.monotonic() < deadline:
            page = look(client, table, since=page["version"], wait=1)
        assert "could not be saved" in page["status"], page["status"]
        assert page["history"] == ["take 1"] and page["thinking"] is None  # not shown, not "thinking" forever
        store.fail_from_move = None
        page = look(client, table)  # the page's next look asks the bot again
        deadline = time.monotonic() + 30
        while len(page["history"]) < 2 and time.monotonic() < deadline:
            page = look(client, table, since=page["version"], wait=1)
        assert len(page["history"]) == 2 and "could not be saved" not in page["status"]


class FailingCommit:
    """The store's connection, whose next ``COMMIT`` fails as SQLite's does when the file is busy."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.fail = True

    def execute(self, sql: str, *args: Any) -> Any:
        if sql == "COMMIT" and self.fail:
            self.fail = False
            raise sqlite3.OperationalError("database is locked")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def test_a_failed_commit_is_rolled_back_so_that_later_saves_work(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite")
    with TestClient(create_app({"nim": Nim}, store=store)) as client:
        table = made(client)
        store._db = FailingCommit(store._db)  # type: ignore[assignment]
        assert move(client, table, "take 1").status_code == 503
        # Without the rollback: "cannot start a transaction within a transaction" until the server restarts.
        assert move(client, table, "take 1").status_code == 200
        assert move(client, table, "take 1").status_code == 200
    with TestClient(create_app({"nim": Nim}, store=Store(tmp_path / "games.sqlite"))) as client:
        assert look(client, table)["history"] == ["take 1", "take 1"]


def test_a_create_the_store_will_not_take_frees_its_slot_and_its_count() -> None:
    store = Flaky()
    with TestClient(create_app({"nim": Nim}, store=store, limit=1, per_client=1), client=STRANGER) as client:
        store.failing = True
        answer = client.post("/api/tables", json={"game": "nim", "seats": ["here", "here"]})
        assert answer.status_code == 503 and "could not be saved" in answer.json()["error"]
        assert len(client.app.state.tables) == 0
        store.failing = False
        made(client)  # neither --tables 1 nor --per-client 1 counts the game never made


def test_an_idle_table_the_store_will_not_forget_is_kept_and_no_request_fails() -> None:
    now = [0.0]
    store = Flaky()
    with TestClient(create_app({"nim": Nim}, store=store, idle=10, clock=lambda: now[0])) as client:
        table = made(client)
        other = made(client)
        now[0] = 11.0
        store.failing = True
        page = look(client, table)  # the expiry's drop fails: the table stays, as the file has it
        assert page["version"] == 0
        store.failing = False
        now[0] = 30.0
        assert client.get(f"/api/tables/{other['id']}", params={"token": other["token"]}).status_code == 404


def test_a_post_naming_a_seat_the_token_does_not_hold_is_refused_before_anything_is_saved() -> None:
    with TestClient(create_app({"nim": Nim})) as client:
        table = made(client, seats=["here", "link"])
        answer = move(client, table, "take 1", seat=1)
        assert answer.status_code == 403 and "seat 1 is not yours" in answer.json()["error"]
        assert look(client, table)["history"] == []


# -- the per-client limit under concurrent requests ---------------------------------------------


async def _call(app: Any, body: dict[str, Any], client: tuple[str, int]) -> int:
    """One POST /api/tables straight to the ASGI app; its status."""
    payload = json.dumps(body).encode()
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": "/api/tables", "raw_path": b"/api/tables", "query_string": b"", "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode())],
        "client": client, "server": ("127.0.0.1", 8000),
    }
    sent = [{"type": "http.request", "body": payload, "more_body": False}]
    status = [0]

    async def receive() -> dict[str, Any]:
        if sent:
            return sent.pop()
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status[0] = message["status"]

    await app(scope, receive, send)
    return status[0]


def test_with_per_client_2_eight_simultaneous_creates_give_exactly_two_games() -> None:
    def slow(**options: Any) -> Nim:
        time.sleep(0.2)  # the build takes a moment, as a real game's does: the requests overlap
        return Nim(**options)

    app = create_app({"nim": slow}, limit=20, per_client=2)

    async def eight() -> list[int]:
        body = {"game": "nim", "seats": ["here", "here"]}
        return list(await asyncio.gather(*(_call(app, body, STRANGER) for _ in range(8))))

    statuses = asyncio.run(eight())
    assert sorted(statuses) == [200, 200] + [429] * 6
    assert len(app.state.tables) == 2


# -- bounded caches ------------------------------------------------------------------------------


def test_pages_asked_for_under_many_host_names_take_no_more_memory() -> None:
    with TestClient(create_app(OFFERED, limit=4)) as client:
        table = made(client, "tafl", ["here", "link"])

        def ask(host: str) -> dict[str, Any]:
            answer = client.get(
                f"/api/tables/{table['id']}", params={"token": table["token"]}, headers={"host": host}
            )
            assert answer.status_code == 200, answer.text
            data: dict[str, Any] = answer.json()
            return data

        # The friend's link says the address the host's browser asked for.
        assert ask("games.example.org:8000")["links"][0]["href"].startswith("http://games.example.org:8000/table/")
        for i in range(50):  # warm
            ask(f"h{i}.example")
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for i in range(600):
                ask(f"host-{i}.example")
            grown = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        # A page of this table is some kilobytes: one kept per Host would be megabytes by now.
        assert grown < 1_000_000, f"{grown:,} bytes kept for 600 pages asked for under 600 names"


# -- one server per database file ---------------------------------------------------------------


ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONUNBUFFERED": "1"}


def test_a_second_server_on_the_same_file_is_refused_in_one_line(tmp_path: Path) -> None:
    first = Server(tmp_path, "--db", "games.sqlite")
    try:
        second = subprocess.run(
            [sys.executable, "-m", "boardkit", "serve", "--port", str(free_port()), "--db", "games.sqlite"],
            cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=60,
        )
        assert second.returncode == 2, second.stderr
        assert second.stderr.count("\n") == 1 and "in use by another boardkit serve" in second.stderr
        assert f"process {first.process.pid}" in second.stderr and "--db" in second.stderr
        assert first.get("/api/games")["games"]  # the first goes on
    finally:
        first.stop()
    # Once the first has stopped (even killed), the file is free again.
    again = Server(tmp_path, "--db", "games.sqlite")
    again.stop()


def test_a_store_is_held_by_one_server_at_a_time(tmp_path: Path) -> None:
    first, second = Store(tmp_path / "g.sqlite"), Store(tmp_path / "g.sqlite")
    first.lock()
    with pytest.raises(OptionError, match="in use by another boardkit serve"):
        second.lock()
    first.close()
    second.lock()
    second.close()


# -- where a request comes from -----------------------------------------------------------------


def test_a_host_name_the_server_does_not_answer_to_is_refused_and_names_the_flag() -> None:
    app = create_app({"nim": Nim}, names=["games.example.org"])
    for base in ("http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000", "http://games.example.org"):
        with TestClient(app, base_url=base) as client:
            assert client.get("/api/games").status_code == 200
            made(client)
    with TestClient(app, base_url="http://rebound.attacker.example:8000") as client:
        for answer in (
            client.get("/api/games"),
            client.post("/api/tables", json={"game": "nim", "seats": ["here", "here"]}),
        ):
            assert answer.status_code == 403 and "--public-name" in answer.json()["error"]
        page = client.get("/")
        assert page.status_code == 403 and "--public-name" in page.text and "<html" in page.text.lower()


def test_a_change_asked_for_by_another_sites_page_is_refused() -> None:
    app = create_app({"nim": Nim}, names=["games.example.org", "127.0.0.1"])  # as serve names its own address
    body = {"game": "nim", "seats": ["here", "here"]}
    with TestClient(app, base_url="http://localhost:8000") as client:
        # issue 40 (an attack): another program's page on a named host but another port (or a port that is no
        # number) passed, as the names were compared without their ports.
        for origin in ("http://evil.example", "null", "http://localhost:9999", "http://127.0.0.1:1234",
                       "http://127.0.0.1", "http://games.example.org:x"):
            answer = client.post("/api/tables", json=body, headers={"origin": origin})
            assert answer.status_code == 403 and "another site" in answer.json()["error"], origin
        assert len(app.state.tables) == 0
        assert client.post("/api/tables", json=body, headers={"origin": "http://localhost:8000"}).status_code == 200
        # Behind a proxy that passes its own address as Host, the public name is the page's origin.
        assert client.post("/api/tables", json=body, headers={"origin": "https://games.example.org"}).status_code == 200
        for public in ("https://games.example.org:8443", "http://games.example.org:80"):  # a public name on any port
            assert client.post("/api/tables", json=body, headers={"origin": public}).status_code == 200, public
        assert client.get("/api/games", headers={"origin": "http://evil.example"}).status_code == 200


@contextlib.contextmanager
def serving(app: Any, **settings: Any) -> Iterator[int]:
    """The app served by uvicorn, as ``boardkit serve`` configures it, in a thread: its port."""
    import uvicorn

    from boardkit.web.limits import server_config

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(server_config(app, **settings))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def create(port: int, forwarded_for: str) -> tuple[int, str]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        json.dumps({"game": "nim", "seats": ["here", "here"]}).encode(),
        {"Content-Type": "application/json", "X-Forwarded-For": forwarded_for},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status), ""
    except urllib.error.HTTPError as refused:
        return int(refused.code), refused.read().decode()


def test_x_forwarded_for_is_trusted_only_from_the_proxies_named() -> None:
    # Behind a proxy on this machine, every client is held to --per-client (--limit-local).
    app = create_app({"nim": Nim}, per_client=1, limit_local=True)
    with serving(app) as port:
        assert create(port, "198.51.100.1")[0] == 200
        status, error = create(port, "198.51.100.2")  # a client naming another address is still the same client
        assert status == 429 and "--per-client" in error
    app = create_app({"nim": Nim}, per_client=1, limit_local=True)
    with serving(app, trust_proxy="127.0.0.1") as port:
        assert create(port, "198.51.100.1")[0] == 200
        assert create(port, "198.51.100.2")[0] == 200
        assert create(port, "198.51.100.1")[0] == 429


# -- one client cannot take every connection -------------------------------------------------------


def ask_games(port: int, source: str = "127.0.0.1") -> bytes:
    with socket.socket() as sock:
        sock.settimeout(30)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer


def refused_once_counted(port: int, words: bytes, held: socket.socket | None = None) -> bytes:
    """``ask_games`` until it is refused with ``words``, for at most 30 seconds: the connections held open
    just before count only once the server has accepted them, which a busy machine may do after a later one
    (the answer, 200, was then right for what the server had seen). If the server read the request of the
    ``held`` connection only after it had accepted a probe, it counted the probe and refused ``held`` (as
    uvicorn's own limit does): the last answer is returned then, for the caller to hold a new one."""
    deadline = time.monotonic() + 30
    while words not in (answer := ask_games(port)) and time.monotonic() < deadline:
        if held is not None:
            held.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                if held.recv(65536, socket.MSG_PEEK).startswith(b"HTTP/1.1 503"):
                    return answer
            held.setblocking(True)
        time.sleep(0.05)
    return answer


def test_one_address_holds_at_most_its_share_of_the_connections() -> None:
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        pytest.skip("no second loopback address to be another client from")
    with serving(create_app({"nim": Nim}), connections=20, client_connections=3, header_timeout=30) as port:
        slow = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(3)]
        try:
            for sock in slow:  # three bodies on their way, a byte at a time
                sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{")
            refused = refused_once_counted(port, b"--client-connections")
            assert refused.startswith(b"HTTP/1.1 503") and b"--client-connections" in refused
            assert ask_games(port, "127.0.0.2").startswith(b"HTTP/1.1 200")  # another client is served
        finally:
            for sock in slow:
                sock.close()
        deadline = time.monotonic() + 30
        while not (answer := ask_games(port)).startswith(b"HTTP/1.1 200") and time.monotonic() < deadline:
            time.sleep(0.1)
        assert answer.startswith(b"HTTP/1.1 200")


def test_a_full_server_says_which_flag_holds_it() -> None:
    with serving(create_app({"nim": Nim}), connections=2, header_timeout=30) as port:
        deadline = time.monotonic() + 30
        while True:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as idle:
                idle.sendall(b"POST /api/tables HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{")
                refused = refused_once_counted(port, b"--connections limit", idle)
            if b"--connections limit" in refused or time.monotonic() > deadline:
                break
        assert refused.startswith(b"HTTP/1.1 503") and b"--connections limit" in refused


def test_a_body_that_never_ends_is_cut_off() -> None:
    with serving(create_app({"nim": Nim}), header_timeout=1.0) as port, socket.create_connection(
        ("127.0.0.1", port), timeout=30
    ) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{")
        while sock.recv(65536):  # without the timeout, this waits for ever (and fails at 30 s)
            pass


# -- quiet: a client gone mid-body, a stop with pages open -------------------------------------------


def test_a_client_gone_mid_body_is_no_error() -> None:
    app = create_app({"nim": Nim})
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": "/api/tables", "raw_path": b"/api/tables", "query_string": b"", "root_path": "",
        "headers": [(b"host", b"localhost"), (b"content-length", b"100")],
        "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000),
    }
    messages: list[dict[str, Any]] = [
        {"type": "http.disconnect"},
        {"type": "http.request", "body": b'{"ga', "more_body": True},
    ]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop()

    async def send(message: Any) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))  # raised ClientDisconnect: uvicorn logged 45 lines
    assert sent[0]["status"] == 400


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_with_pages_open_and_bots_thinking_says_one_line(tmp_path: Path, stop: signal.Signals) -> None:
    server = Server(tmp_path, "--db", ":memory:", "--bots", "1", "--think", "300")
    answers: list[int] = []
    try:
        server.post("/api/tables", {"game": "tafl", "variant": "brandubh", "seats": ["mcts@30s", "mcts@30s"]})
        table = server.post("/api/tables", {"game": "tafl", "variant": "brandubh", "seats": ["here", "here"]})

        def wait_for_a_change() -> None:
            path = f"/api/tables/{table['id']}?token={table['token']}&since=0&wait=20"
            with contextlib.suppress(OSError):
                server.get(path)
                answers.append(200)

        polls = [threading.Thread(target=wait_for_a_change) for _ in range(8)]
        for poll in polls:
            poll.start()
        deadline = time.monotonic() + 60
        while not server.children() and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = server.children()
        assert workers, "no bot worker started"
        time.sleep(1.0)  # the pages are waiting, the bot is well into its search
        server.process.send_signal(stop)
        code = server.process.wait(30)
        for poll in polls:
            poll.join(60)
        err = server.stderr()
    finally:
        server.stop()
    assert "Traceback" not in err and len(err.splitlines()) <= 1, err
    assert code == 143, err  # SIGHUP stops it as SIGTERM does: "boardkit: terminated"
    assert answers == [200] * 8  # every page waiting was answered, none cut off
    deadline = time.monotonic() + 5
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(p) for p in workers)


def test_the_new_limits_are_in_serve_help(capsys: pytest.CaptureFixture[str]) -> None:
    from boardkit.cli import main

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = capsys.readouterr().out
    for flag in ("--client-connections", "--public-name", "--trust-proxy", "--header-timeout"):
        assert flag in shown
    docs = (ROOT / "docs" / "reference" / "web.md").read_text(encoding="utf-8")
    for flag in ("--client-connections", "--public-name", "--trust-proxy"):
        assert f"`{flag}" in docs


# -- the legal-move limit counts every seat's first turn ---------------------------


def test_a_game_whose_second_seat_has_too_many_moves_is_refused() -> None:
    # A custom layout gave the side that moves second 1,124 legal moves where only the first side's
    # were counted (issue 40). Here: Nim where the first seat may take only one counter at its
    # first turn, and the second may then take up to 1,499.
    from boardkit.errors import OptionError
    from boardkit.testing.nim import Nim, NimState, Take
    from boardkit.web.limits import MAX_MOVES, check_work

    class Lopsided(NimState):
        def legal_moves(self) -> list[Take]:
            moves = super().legal_moves()
            return moves[:1] if not self.history else moves

    lopsided = Lopsided(Nim(heap=1500, most=1500), 2, 0)
    assert len(lopsided.legal_moves()) == 1 and MAX_MOVES < 1499
    with pytest.raises(OptionError, match=r"a seat of this game has 1499 legal moves at its first turn"):
        check_work(lopsided)
    fair = Lopsided(Nim(heap=900, most=900), 2, 0)
    check_work(fair)  # 899 at the second seat's first turn: within the limit


def test_a_head_too_large_in_one_read_is_refused() -> None:
    """issue 40 (an attack): uvicorn bounds a head that arrives in parts, but a 100 KB request line or 100 KB
    of headers written at once got 200."""
    app = create_app({"nim": Nim})
    with serving(app) as port:
        for head in (b"GET /api/games?" + b"x" * 100_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                     b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"y" * 60_000 + b"\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
                conn.sendall(head)
                answer = b""
                with contextlib.suppress(OSError):
                    while b"\r\n\r\n" not in answer:
                        chunk = conn.recv(65536)
                        if not chunk:
                            break
                        answer += chunk
            status = answer.split(b"\r\n", 1)[0]
            assert status.startswith(b"HTTP/1.1 4"), status  # 431 from the guard, or uvicorn's own refusal
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fine: " + b"z" * 8_000 + b"\r\n\r\n")
            assert conn.recv(64).startswith(b"HTTP/1.1 200")
