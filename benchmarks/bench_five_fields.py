"""Speed of the Game of 5 Fields under random play, through the public API.

Run from the repository root::

    python benchmarks/bench_five_fields.py [--games N] [--turn-limit T] [--seed S]

It plays seeded random games (every move drawn uniformly from
``legal_moves()`` and played with ``apply``) on the random map and on the
blank map, and prints a Markdown table: random moves per second (a move is a
sub-move: a pawn's step counts, so does ``end``), games per second, and the
distribution of game lengths in turns (whole actions) with how the games
ended. Random play can go on without end, so every game has a turn limit
(a draw when reached).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from boardkit import Random
from boardkit.games.five_fields import FiveFields


def play(blank: bool, games: int, turn_limit: int, seed: int) -> dict[str, object]:
    game = FiveFields(blank_map=blank, turn_limit=turn_limit)
    chooser = Random(seed)
    moves = 0
    lengths: list[int] = []
    reasons: Counter[str] = Counter()
    start = time.perf_counter()
    for g in range(games):
        state = game.new_game(seed=seed + g)
        while not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[chooser.randbelow(len(legal))])
            moves += 1
        lengths.append(state.turn)
        reasons[state.outcome.reason if state.outcome else "?"] += 1
    elapsed = time.perf_counter() - start
    lengths.sort()
    quartiles = statistics.quantiles(lengths, n=4) if len(lengths) > 1 else [lengths[0]] * 3
    return {
        "map": "blank" if blank else "random",
        "moves/s": moves / elapsed,
        "games/s": games / elapsed,
        "moves/game": moves / games,
        "turns min/q1/median/q3/max": (lengths[0], *(round(q) for q in quartiles), lengths[-1]),
        "ends": dict(reasons.most_common()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--turn-limit", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = [play(blank, args.games, args.turn_limit, args.seed) for blank in (False, True)]
    print(f"{args.games} random games per map, turn_limit={args.turn_limit}, seed={args.seed}\n")
    print("| map | moves/s | games/s | moves/game | turns min / q1 / median / q3 / max | how games ended |")
    print("|---|---:|---:|---:|---|---|")
    for row in rows:
        turns = " / ".join(str(v) for v in row["turns min/q1/median/q3/max"])  # type: ignore[attr-defined]
        ends = ", ".join(f"{k}: {v}" for k, v in row["ends"].items())  # type: ignore[attr-defined]
        print(
            f"| {row['map']} | {row['moves/s']:,.0f} | {row['games/s']:.1f} | {row['moves/game']:.0f} "
            f"| {turns} | {ends} |"
        )


if __name__ == "__main__":
    main()
