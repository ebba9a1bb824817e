"""Tournament speed-up: the same fixed batch of games on 1 and on 2 worker processes.

The batch is MCTS against random play, seats rotated, each game seeded from
one master seed, so both runs play exactly the same games; the script checks
that their results are identical before it reports the times. The game is
Brandubh (Tafl 7x7, corner escape) when Tafl is installed, and Nim otherwise.

Usage::

    python benchmarks/bench_tournament.py [--games 40] [--iterations 100] [--workers 2]

It prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Any

from boardkit import games
from boardkit.agents import Agent, MCTSAgent, RandomAgent
from boardkit.game import Game
from boardkit.play import TournamentResult, tournament
from boardkit.testing import Nim


def batch_game() -> Game[Any, Any]:
    try:
        return games.load("tafl", variant="brandubh", escape="corner")
    except Exception:
        return Nim(heap=40, most=5)


def run(game: Game[Any, Any], games_: int, iterations: int, workers: int) -> tuple[float, TournamentResult]:
    agents: dict[str, Agent] = {
        "mcts": MCTSAgent(iterations=iterations, rollout_moves=20, seed=1),
        "random": RandomAgent(seed=2),
    }
    start = time.perf_counter()
    result = tournament(game, agents, games=games_, seed=2024, workers=workers, max_moves=300)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    game = batch_game()
    one, serial = run(game, args.games, args.iterations, 1)
    many, pooled = run(game, args.games, args.iterations, args.workers)
    if [r.record for r in serial.results] != [r.record for r in pooled.results]:
        raise SystemExit("the two runs disagree: results must not depend on the number of workers")
    print(f"{game!r}, {args.games} games, MCTS({args.iterations}) vs random; {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    print()
    print("| workers | seconds | games/s | speed-up |")
    print("|---:|---:|---:|---:|")
    print(f"| 1 | {one:.2f} | {args.games / one:.2f} | 1.00x |")
    print(f"| {args.workers} | {many:.2f} | {args.games / many:.2f} | {one / many:.2f}x |")


if __name__ == "__main__":
    main()
