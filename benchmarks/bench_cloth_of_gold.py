"""Speed of Field of the Cloth of Gold through the public API.

Run from the repository root::

    python benchmarks/bench_cloth_of_gold.py [--seconds 3]

It prints a table: uniformly random games per second of each edition, on one
core (every move chosen uniformly from ``legal_moves()`` and played with
``apply``), with the mean number of moves per game.
"""

from __future__ import annotations

import argparse
import time

from boardkit import Random
from boardkit.games.cloth_of_gold import EDITIONS, ClothOfGold


def random_games(edition: int, seconds: float) -> tuple[int, float, float]:
    """Play seeded random games for about ``seconds``; return (games, games/s, moves/game)."""
    game = ClothOfGold(variant=edition)
    chooser = Random(edition)
    games = moves = 0
    start = time.perf_counter()
    while True:
        state = game.new_game(seed=games)
        while not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[chooser.randbelow(len(legal))])
        moves += len(state.history)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, games / elapsed, moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per edition (default 3)")
    args = parser.parse_args()
    print("| edition | games | random games/s | moves/game |")
    print("|---|---:|---:|---:|")
    for edition in EDITIONS:
        games, rate, length = random_games(edition, args.seconds)
        print(f"| {edition} | {games:,} | {rate:,.0f} | {length:.1f} |")


if __name__ == "__main__":
    main()
