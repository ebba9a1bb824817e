"""How strong boardkit's bots are: ladders at equal think time, with Elo and intervals.

Every figure a designer reads from ``boardkit simulate`` and ``boardkit
analyze`` comes from bot games, so the bots' strength is measured, never
assumed. This script plays:

* **ladders** on each shipped game: boardkit's agents (``best``, today's
  ``mcts`` and the simpler ones) in a round robin at the same think time a
  move, seats rotated game by game (so each agent plays every side equally
  often), rated together by :func:`boardkit.analysis.ratings` (Elo, with
  95% intervals);
* against OpenTafl's own AI: ``benchmarks/opentafl_match.py`` (OpenTafl built
  here from a fetched snapshot; nothing of it is committed).

Fairness: every agent gets the same seconds a move and stops on time (an
alpha-beta search may finish early when it would not complete another
iteration); the games run ``--workers`` at a time, one process each, so each
thinking agent has a core to itself when ``--workers`` is at most the number
of free cores; the first game of each pairing is played before the clock is
trusted (a warm-up of imports and tables).

Usage::

    python benchmarks/bench_strength.py [--seconds 0.2] [--games 40] [--workers 2] [--only tafl]
        [--agents best mcts greedy]

It prints a Markdown table per game: each agent's Elo (the ratings average
0), its 95% interval and the games it played.
"""

from __future__ import annotations

import argparse
import io
import time
from typing import Any

from boardkit import games
from boardkit.analysis import ratings
from boardkit.game import Game
from boardkit.match import make_agent
from boardkit.play import tournament
from boardkit.record import GameRecord

#: The games rated (two players each): a title, the registry name, its options and a move cap (unfinished beyond it).
GAMES: list[tuple[str, str, dict[str, Any], int]] = [
    ("Tafl (brandubh, corner escape)", "tafl", {"variant": "brandubh", "escape": "corner"}, 300),
    ("Tafl (Copenhagen)", "tafl", {"variant": "copenhagen"}, 400),
    ("Field of the Cloth of Gold", "cloth-of-gold", {}, 400),
    ("Game of 5 Fields", "five-fields", {"turn_limit": 30}, 600),
    ("Camelot: The Build (2 players)", "camelot", {}, 400),
]


def ladder(
    game: Game[Any, Any], kinds: list[str], seconds: float, games_each: int, workers: int, cap: int, seed: int
) -> tuple[list[tuple[str, float, float, float, int]], float]:
    """Round robin of ``kinds`` at ``seconds`` a move: (name, Elo, low, high, games) per agent, and the wall time."""
    budget = f"{seconds * 1000:g}ms"
    agents = {
        (kind if kind in ("random", "greedy") else f"{kind}@{budget}"): make_agent(
            kind if kind in ("random", "greedy") else f"{kind}@{budget}", seed + i, game=game
        )
        for i, kind in enumerate(kinds)
    }
    names = list(agents)
    records: list[GameRecord] = []
    start = time.perf_counter()
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            pair = {names[a]: agents[names[a]], names[b]: agents[names[b]]}
            out = io.StringIO()
            tournament(game, pair, games=games_each, seed=seed + 97 * a + b, workers=workers, out=out,
                       max_moves=cap)
            records += [GameRecord.from_json(line) for line in out.getvalue().splitlines() if line]
    took = time.perf_counter() - start
    rated = {r.agent: r for r in ratings(records)}
    return [(name, rated[name].rating, rated[name].low, rated[name].high, rated[name].games) for name in names], took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=0.2, help="think time a move, for every agent")
    parser.add_argument("--games", type=int, default=40, help="games per pairing (sides alternate)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", help="only the games whose registry name or title contains this")
    parser.add_argument("--agents", nargs="+", default=["best", "mcts", "greedy"])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for title, name, options, cap in GAMES:
        if args.only and args.only not in name and args.only.lower() not in title.lower():
            continue
        game = games.load(name, **options)
        rows, took = ladder(game, args.agents, args.seconds, args.games, args.workers, cap, args.seed)
        print(f"\n### {title}: {args.games} games a pairing, {args.seconds:g} s a move ({took:.0f} s)\n")
        print("| agent | Elo | 95% interval | games |")
        print("|---|---:|---|---:|")
        for agent, elo, low, high, played in rows:
            print(f"| `{agent}` | {elo:+.0f} | {low:+.0f} to {high:+.0f} | {played} |", flush=True)


if __name__ == "__main__":
    main()
