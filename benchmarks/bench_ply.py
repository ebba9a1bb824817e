"""Microseconds a ply of a gallery game's seeded random games: for before/after timings of one change.

Plays ``--games`` games of the game class ``CLASS`` from the module ``MODULE`` (a file of ``examples/``,
seeds 0, 1, ...), each move chosen uniformly with a ``random.Random(1)`` through the public API
(``legal_moves`` + ``apply``), and prints the best of ``--runs`` runs (CPU time of the process ÷ plies)
with the number of plies: the same number before and after a change means the same games were played.
Run it once per tree, in turn::

    PYTHONPATH=<examples>:<src> python benchmarks/bench_ply.py havannah Havannah
"""

from __future__ import annotations

import argparse
import importlib
import random
import time


def per_ply(game: object, games: int) -> tuple[float, int]:
    rng = random.Random(1)
    plies = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new_game(seed=seed)  # type: ignore[attr-defined]
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            plies += 1
    return (time.process_time() - start) / plies * 1e6, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module")
    parser.add_argument("cls", metavar="CLASS")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = getattr(importlib.import_module(args.module), args.cls)()
    best, plies = min(per_ply(game, args.games) for _ in range(args.runs))
    print(f"{args.module}.{args.cls}: {best:.2f} us a ply, best of {args.runs} runs of {plies:,} plies")


if __name__ == "__main__":
    main()
