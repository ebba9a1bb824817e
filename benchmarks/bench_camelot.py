"""Speed of Camelot: The Build through the public API.

Run from the repository root::

    python benchmarks/bench_camelot.py [--seconds 3]

It prints a table: random games per second for 2 and 5 players (every move
chosen uniformly from ``legal_moves()`` and played with ``apply``), and
``score_turn`` calls per second on a three-tile turn.
"""

from __future__ import annotations

import argparse
import time

from boardkit import Random
from boardkit.games import camelot


def random_games(players: int, seconds: float) -> tuple[int, float]:
    """Play seeded random games for about ``seconds``; return (games, rate)."""
    game = camelot.Camelot()
    chooser = Random(players)
    games = 0
    start = time.perf_counter()
    while True:
        state = game.new_game(players=players, seed=games)
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[chooser.randbelow(len(moves))])
        if len(state.board) != 80:
            raise SystemExit("a random game ended before the plan was covered")
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, games / elapsed


def score_calls(seconds: float) -> tuple[int, float]:
    """Call ``score_turn`` on a mid-game position for about ``seconds``."""
    state = camelot.Camelot().new_game(players=2, seed=11)
    chooser = Random(5)
    while len(state.board) < 40:
        moves = state.legal_moves()
        state.apply(moves[chooser.randbelow(len(moves))])
    board = dict(state.board)
    free = [c for c in camelot.Camelot().plan.cells if c not in board and camelot.Camelot().plan.kind(c) == "."]
    garden, blank = camelot.tile("garden"), camelot.tile("blank")
    placements = [(free[0], garden), (free[1], blank), (free[2], blank)]
    calls = 0
    start = time.perf_counter()
    while True:
        for _ in range(1000):
            camelot.score_turn(board, placements)
        calls += 1000
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls, calls / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    rows = []
    for players in (2, 5):
        n, rate = random_games(players, args.seconds)
        rows.append((f"random games, {players} players", n, f"{rate:,.1f} games/s"))
    n, rate = score_calls(args.seconds)
    rows.append(("score_turn, 3 tiles", n, f"{rate:,.0f} calls/s"))
    print(f"| {'measure':<28} | {'count':>8} | {'rate':>18} |")
    print(f"|{'-' * 30}|{'-' * 10}|{'-' * 20}|")
    for name, count, rate_text in rows:
        print(f"| {name:<28} | {count:>8} | {rate_text:>18} |")


if __name__ == "__main__":
    main()
