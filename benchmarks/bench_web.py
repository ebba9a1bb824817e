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

Usage (from the repository root; needs ``boardkit[web]``)::

    python benchmarks/bench_web.py [--seconds 3] [--idle 50]

It prints a Markdown table.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
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


@contextmanager
def server() -> Iterator[tuple[subprocess.Popen[bytes], http.client.HTTPConnection]]:
    """A ``boardkit serve`` process and a connection to it."""
    port = free_port()
    child = subprocess.Popen(
        [sys.executable, "-m", "boardkit", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measured loop (default 3)")
    parser.add_argument("--idle", type=int, default=50, help="idle games per server, at most 63 (default 50)")
    args = parser.parse_args()
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
