"""`boardkit serve`: moves per second over HTTP on loopback, and memory per idle game.

Starts ``boardkit serve`` (uvicorn, one process) on a free port, then:

* **client moves**: a Python client plays random against random through the
  JSON API as the page does, both seats "a person at this screen": one
  ``POST /api/tables/ID/move`` per move (its answer is the next position
  with its legal moves, as the page needs), on one kept-alive connection; a
  new game when one ends. Moves per second of wall-clock time.
* **server bots**: games with two random bots seated on the server, waited for
  by long polling (``GET ...?since=VERSION``), as a watching page does. Moves
  per second from the creation of each game to its end (at most 60 games:
  the server keeps 64).
* **idle games**: the server's resident memory (``VmRSS``) after one game has
  been made and drawn (imports and caches loaded), then after ``--idle`` more
  games each created and drawn once; the difference per game. RSS moves in
  steps of the allocator's arenas, so the script also counts, with
  ``tracemalloc`` in its own process, the bytes Python allocates per game
  kept (the server's ``Table``: state, seats, tokens, after one page).

* **load** (the default): ``--clients`` concurrent clients (200) on
  ``--tables`` tables (50) of every shipped game, for ``--seconds`` (60), while
  ``--bots`` tables (10) have two ``mcts:20000`` bots each thinking on the
  server (in its bot pool: one process per core, the others queued). Each
  table has a person at the host's screen and one with a link; each client
  holds one of those two tokens and, over and over, reads its page
  (``GET /api/tables/ID``), plays a random legal move when it is its turn
  (``POST .../move``; a move made on a position another client of the same
  seat has just changed answers 409 and counts as *stale*), starts a new game
  when one ends (the host), and pauses ``--pause`` seconds (0.25, jittered
  by half) between requests. The server keeps its games in a fresh SQLite
  file (every move committed before it is answered). Latency is measured by
  the client from sending a request to reading its whole answer; the clients
  run in this process on the same machine, so they compete with the server
  for its cores.

Usage (from the repository root; needs ``boardkit[web]``)::

    python benchmarks/bench_web.py [--quick] [--seconds 60] [--clients 200] [--tables 50] [--bots 10]
    python benchmarks/bench_web.py --throughput [--seconds 3] [--idle 50]

It prints a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

GAMES = {
    "tafl brandubh": {"game": "tafl", "variant": "brandubh"},
    "tafl copenhagen": {"game": "tafl", "variant": "copenhagen"},
    "cloth-of-gold": {"game": "cloth-of-gold"},
    "camelot": {"game": "camelot"},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_listening(port: int, seconds: float) -> None:
    """Wait until the server on ``port`` takes connections (or ``seconds`` pass)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return
        except OSError:
            time.sleep(0.05)


@contextmanager
def server() -> Iterator[tuple[subprocess.Popen[bytes], http.client.HTTPConnection]]:
    """A ``boardkit serve`` process and a connection to it."""
    port = free_port()
    child = subprocess.Popen(
        [sys.executable, "-m", "boardkit", "serve", "--port", str(port), "--db", ":memory:"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_listening(port, 10.0)
        yield child, http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    finally:
        child.terminate()
        child.wait()


def call(conn: http.client.HTTPConnection, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
    answer = conn.getresponse()
    payload = answer.read()
    if answer.status != 200:
        raise SystemExit(f"{method} {path}: {answer.status} {payload[:200]!r}")
    return json.loads(payload)


def create(conn: http.client.HTTPConnection, spec: dict[str, Any], seats: list[str]) -> tuple[str, str, Any]:
    made = call(conn, "POST", "/api/tables", {**spec, "seats": seats})
    page = call(conn, "GET", f"/api/tables/{made['id']}?token={made['token']}")
    return made["id"], made["token"], page


def client_moves(spec: dict[str, Any], seconds: float) -> tuple[float, int]:
    """Moves per second played by a client for both seats."""
    rng = random.Random(1)
    with server() as (_, conn):
        table, token, page = create(conn, spec, ["here", "here"])
        moves = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            if page["over"]:
                page = call(conn, "POST", f"/api/tables/{table}/new", {"token": token})
                games += 1
                continue
            if not page["moves"]:  # a game with secrets shows the seat to move only when asked for it
                page = call(conn, "GET", f"/api/tables/{table}?token={token}&seat={page['to_move']}")
            move = rng.choice(page["moves"])["move"]
            page = call(conn, "POST", f"/api/tables/{table}/move",
                        {"token": token, "move": move, "version": page["version"], "seat": page["to_move"]})
            moves += 1
        return moves / (time.perf_counter() - start), games


def bot_moves(spec: dict[str, Any], seconds: float) -> tuple[float, int]:
    """Moves per second of two random bots on the server, watched by long polling."""
    with server() as (_, conn):
        moves = games = 0
        busy = 0.0
        while busy < seconds and games < 60:  # the server keeps at most 64 games
            start = time.perf_counter()
            table, token, page = create(conn, spec, ["random", "random"])
            while not page["over"]:
                page = call(conn, "GET", f"/api/tables/{table}?token={token}&since={page['version']}&wait=20")
            busy += time.perf_counter() - start
            moves += len(page["history"])
            games += 1
        return moves / busy, games


def rss(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise SystemExit("no VmRSS")


def idle_memory(spec: dict[str, Any], count: int) -> float:
    """Resident bytes per idle game, each created and drawn once."""
    with server() as (child, conn):
        create(conn, spec, ["here", "here"])
        before = rss(child.pid)
        for _ in range(count):
            create(conn, spec, ["here", "here"])
        return (rss(child.pid) - before) / count


def traced_memory(spec: dict[str, Any], count: int) -> float:
    """Bytes Python allocates per game kept, in this process: the server's
    table for it (state, seats, tokens) after its page was drawn once."""
    from boardkit import games
    from boardkit.web.page import seat_page
    from boardkit.web.table import Table, parse_seat

    options = {k: v for k, v in spec.items() if k != "game"}
    game = games.load(spec["game"], **options)
    seats = [parse_seat("here"), parse_seat("here")]
    kept = [Table(game, seats)]
    seat_page(kept[0], kept[0].viewer(kept[0].host_token), None)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(count):
        table = Table(game, seats)
        seat_page(table, table.viewer(table.host_token), None)
        kept.append(table)
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return used / count


LOAD_GAMES = {
    "tafl (brandubh)": {"game": "tafl", "variant": "brandubh"},
    "cloth-of-gold": {"game": "cloth-of-gold"},
    "five-fields": {"game": "five-fields"},
    "camelot": {"game": "camelot"},
}


class Client:
    """One kept-alive HTTP/1.1 connection, as small as a client can be (so
    that the clients leave the cores to the server)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
        self.writer.write(f"{head}Content-Length: {len(data)}\r\n\r\n".encode() + data)
        status_line = await self.reader.readline()
        if not status_line:  # the server closed an idle connection: open another
            self.writer = None
            return await self.call(method, path, body)
        length, close = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and "close" in value.lower():
                close = True
        payload = await self.reader.readexactly(length)
        if close:
            self.writer.close()
            self.writer = None
        return int(status_line.split()[1]), json.loads(payload) if payload else None


class Tally:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = {"GET page": [], "POST move": []}
        self.stale = self.errors = self.games = 0
        self.failures: list[str] = []


async def player(port: int, table: str, token: str, host: bool, stop: float, pause: float, tally: Tally,
                 seed: int) -> None:
    rng = random.Random(seed)
    client = Client(port)
    await asyncio.sleep(rng.uniform(0, pause))
    while time.perf_counter() < stop:
        start = time.perf_counter()
        status, page = await client.call("GET", f"/api/tables/{table}?token={token}")
        tally.latency["GET page"].append(time.perf_counter() - start)
        if status != 200:
            tally.errors += 1
            tally.failures.append(f"GET {status} {str(page)[:100]}")
        elif page["over"] and host:
            status, _ = await client.call("POST", f"/api/tables/{table}/new", {"token": token})
            tally.games += status == 200
        elif page["to_move"] == page["you"] and page["moves"]:
            move = rng.choice(page["moves"])["move"]
            start = time.perf_counter()
            status, answer = await client.call(
                "POST", f"/api/tables/{table}/move", {"token": token, "move": move, "version": page["version"]}
            )
            tally.latency["POST move"].append(time.perf_counter() - start)
            if status == 409:
                tally.stale += 1
            elif status != 200:
                tally.errors += 1
                tally.failures.append(f"POST {status} {str(answer)[:100]}")
        await asyncio.sleep(pause * rng.uniform(0.5, 1.5))
    if client.writer is not None:
        client.writer.close()


async def load_run(port: int, spec: dict[str, Any], args: argparse.Namespace) -> Tally:
    setup = Client(port)
    for _ in range(args.bots):  # two bots each, thinking for as long as the run lasts
        status, made = await setup.call("POST", "/api/tables", {**spec, "seats": ["mcts:20000", "mcts:20000"]})
        assert status == 200, made
    seats = []
    for _ in range(args.tables):
        status, made = await setup.call("POST", "/api/tables", {**spec, "seats": ["here", "link"]})
        assert status == 200, made
        _, page = await setup.call("GET", f"/api/tables/{made['id']}?token={made['token']}")
        friend = page["links"][0]["href"].rpartition("token=")[2]
        seats.append((made["id"], made["token"], friend))
    tally = Tally()
    stop = time.perf_counter() + args.seconds
    tasks = []
    for n in range(args.clients):
        table, host, friend = seats[n % len(seats)]
        is_host = (n // len(seats)) % 2 == 0
        tasks.append(player(port, table, host if is_host else friend, is_host, stop, args.pause, tally, n))
    await asyncio.gather(*tasks)
    return tally


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (its own, not its children's)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


def load(args: argparse.Namespace) -> None:
    import tempfile

    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start; "
          f"{args.clients} clients on {args.tables} tables, {args.bots} tables of two mcts:20000 bots, "
          f"{args.seconds:g} s per game, pause {args.pause:g} s")
    print()
    print("| game | requests/s | GET page p50 / p99 / max ms | POST move p50 / p99 / max ms | moves | stale | errors "
          "| games ended | server CPU ms per request |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, spec in LOAD_GAMES.items():
        if args.game and spec["game"] != args.game:
            continue
        port = free_port()
        with tempfile.TemporaryDirectory() as where:
            limits = [
                "--db", f"{where}/bench.sqlite", "--tables", str(args.tables + args.bots + 1),
                "--per-client", "100000", "--connections", str(args.clients + 50),
            ]
            if os.environ.get("BENCH_WEB_BEFORE"):  # a boardkit from before these flags (PYTHONPATH=its src)
                limits = []
            child = subprocess.Popen(
                [sys.executable, *args.server_python, "-m", "boardkit", "serve", "--port", str(port), *limits],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            )
            try:
                wait_listening(port, 20.0)
                cpu = cpu_seconds(child.pid)
                start = time.perf_counter()
                tally = asyncio.run(load_run(port, spec, args))
                took = time.perf_counter() - start
                cpu = cpu_seconds(child.pid) - cpu
            finally:
                child.send_signal(signal.SIGTERM)
                try:
                    _, err = child.communicate(timeout=30)
                except subprocess.TimeoutExpired:
                    child.kill()
                    err = child.communicate()[1] + b"did not stop within 30 s of SIGTERM"
        gets, posts = tally.latency["GET page"], tally.latency["POST move"]
        count = len(gets) + len(posts)

        def ms(values: list[float]) -> str:
            return " / ".join(f"{1000 * v:,.0f}" for v in (percentile(values, 0.5), percentile(values, 0.99),
                                                            max(values, default=0.0)))

        print(f"| {name} | {count / took:,.0f} | {ms(gets)} | {ms(posts)} | {len(posts) - tally.stale:,} "
              f"| {tally.stale:,} | {tally.errors} | {tally.games} | {1000 * cpu / max(count, 1):.1f} |", flush=True)
        for failure in tally.failures[:3]:
            print(f"  {failure}")
        said = err.decode(errors="replace").replace("boardkit: terminated", "").strip()
        if said:
            print("  server said:", said[:300])
    print()
    print(f"load {os.getloadavg()[0]:.1f} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throughput", action="store_true", help="the moves/s and memory table instead of the load")
    parser.add_argument("--seconds", type=float, help="seconds per game (load: 60) or per measured loop (3)")
    parser.add_argument("--idle", type=int, default=50, help="idle games per server, at most 63 (default 50)")
    parser.add_argument("--quick", action="store_true", help="a short load run: 5 s, 40 clients on 10 tables, 2 bots")
    parser.add_argument("--clients", type=int, default=200, help="concurrent clients (default 200)")
    parser.add_argument("--tables", type=int, default=50, help="tables they play on (default 50)")
    parser.add_argument("--bots", type=int, default=10, help="tables of two thinking mcts:20000 bots (default 10)")
    parser.add_argument("--game", help="load: this game only (tafl, cloth-of-gold, five-fields or camelot)")
    parser.add_argument("--pause", type=float, default=0.25, help="seconds between a client's requests (0.25)")
    args = parser.parse_args()
    args.server_python = os.environ.get("BENCH_WEB_SERVER_ARGS", "").split()  # e.g. "-m cProfile -o FILE"
    if not args.throughput:
        if args.quick:
            args.clients, args.tables, args.bots = 40, 10, 2
        args.seconds = args.seconds or (5.0 if args.quick else 60.0)
        load(args)
        return
    args.seconds = args.seconds or 3.0
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start")
    print()
    print("| game | client moves/s over HTTP | server bots moves/s | server RSS per idle game "
          "| Python memory per game |")
    print("|---|---:|---:|---:|---:|")
    for name, spec in GAMES.items():
        client, _ = client_moves(spec, args.seconds)
        bots, _ = bot_moves(spec, args.seconds)
        idle = idle_memory(spec, args.idle)
        traced = traced_memory(spec, args.idle)
        print(f"| {name} | {client:,.0f} | {bots:,.0f} | {idle / 1024:,.0f} KiB | {traced / 1024:,.0f} KiB |",
              flush=True)
    print()
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
