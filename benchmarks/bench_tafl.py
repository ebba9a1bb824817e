"""Tafl speed: uniformly random playouts, plies and games per second, one core.

For every variant (7x7 to 19x19, the historical layouts and the rule sets
played today) it plays seeded random games capped at 500 plies two ways:

* public API: ``state.legal_moves()``, pick one uniformly, ``state.apply(move)``;
* fast path: ``state.playout(max_plies=500)``, which counts and picks moves on
  bitboards without listing them.

It also measures the pure-Python peer on PyPI, ``hnefatafl`` 0.1.1 (its own
11x11 Fetlar rules, random legal moves, 500-ply cap), when it can be imported
here or through ``--peer-python`` (an interpreter of a virtual environment
where it is installed); otherwise that row is skipped.

Usage::

    python benchmarks/bench_tafl.py [--seconds 3] [--peer-python /tmp/peer/bin/python]

It prints a Markdown table. Rates are per second of the process's own CPU
time (``time.process_time``), so other work on the machine skews them less.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

CAP = 500


def _measure(play_one: Callable[[int], int], seconds: float) -> tuple[float, float, int, int]:
    """Play games with seeds 0, 1, ... for about ``seconds`` of this process's
    CPU time; return plies/s, games/s, plies, games."""
    plies = games = 0
    start = time.process_time()
    while True:
        plies += play_one(games)
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return plies / elapsed, games / elapsed, plies, games


def boardkit_rows(seconds: float) -> list[dict[str, Any]]:
    from boardkit import Random
    from boardkit.games.tafl import VARIANTS, Tafl

    rows = []
    for variant in VARIANTS:
        game = Tafl(variant)

        def public(seed: int, game: Tafl = game) -> int:
            state = game.new_game(seed=seed)
            rng = Random(seed)
            plies = 0
            while not state.is_over and plies < CAP:
                moves = state.legal_moves()
                state.apply(moves[rng.randbelow(len(moves))])
                plies += 1
            return plies

        def fast(seed: int, game: Tafl = game) -> int:
            return game.new_game(seed=seed).playout(max_plies=CAP)

        pub = _measure(public, seconds)
        fst = _measure(fast, seconds)
        rows.append({"variant": variant, "size": game.size, "public": pub, "fast": fst})
    return rows


def peer_row(seconds: float) -> dict[str, Any]:
    import random

    from hnefatafl import TaflBoard  # type: ignore[import-not-found]

    def play(seed: int) -> int:
        rng = random.Random(seed)
        board = TaflBoard()
        board.max_game_length = CAP
        plies = 0
        while plies < CAP:
            moves = board.get_all_valid_moves()
            if not moves:
                break
            plies += 1
            if board.make_move(rng.choice(moves)):
                break
        return plies

    plies_s, games_s, plies, games = _measure(play, seconds)
    return {"plies_s": plies_s, "games_s": games_s, "plies": plies, "games": games}


def _peer(seconds: float, python: str | None) -> dict[str, Any] | str:
    try:
        return peer_row(seconds)
    except ImportError:
        pass
    if python is None:
        return "not installed (pass --peer-python)"
    done = subprocess.run(
        [python, __file__, "--peer-only", "--seconds", str(seconds)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return f"could not run: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode}"
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--peer-python", default=None, help="a Python with hnefatafl==0.1.1 installed")
    parser.add_argument("--peer-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.peer_only:
        print(json.dumps(peer_row(args.seconds)))
        return
    rows = boardkit_rows(args.seconds)
    peer = _peer(args.seconds, args.peer_python)
    machine = f"Python {platform.python_version()} on {platform.machine()}"
    print(f"{machine}, one core, random playouts capped at {CAP} plies")
    print(f"({args.seconds:g} s of CPU time per measurement)\n")
    print("| variant | board | public API plies/s | public games/s | fast path plies/s | fast games/s | fast/public |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for row in rows:
        (pp, pg, _, _), (fp, fg, _, _) = row["public"], row["fast"]
        n = row["size"]
        cells = f"{pp:,.0f} | {pg:,.1f} | {fp:,.0f} | {fg:,.1f} | {fp / pp:.2f}"
        print(f"| {row['variant']} | {n}x{n} | {cells} |")
    speed = {row["variant"]: (row["public"][0], row["fast"][0]) for row in rows}
    if "copenhagen" in speed and "hnefatafl" in speed:
        (cp, cf), (hp, hf) = speed["copenhagen"], speed["hnefatafl"]
        print(
            f"\ncopenhagen per ply against hnefatafl: public API {hp / cp:.2f}x slower, fast path {hf / cf:.2f}x slower"
            " (target: at most 1.5x)\n"
        )
    if isinstance(peer, dict):
        print(
            f"| peer `hnefatafl` 0.1.1 (its Fetlar rules) | 11x11 | {peer['plies_s']:,.0f} | {peer['games_s']:,.1f}"
            " | - | - | - |"
        )
    else:
        print(f"| peer `hnefatafl` 0.1.1 | 11x11 | {peer} | | | | |")


if __name__ == "__main__":
    main(sys.argv[1:])
