"""Agents on the shipped games: MCTS iterations per second, and MCTS against random play.

For every shipped game that can be loaded here (Tafl as Brandubh with corner
escape, a fair variant, played from both sides; Field of the Cloth of Gold;
Game of 5 Fields; Camelot with 2 players) it reports:

* MCTS iterations per second on one core, averaged over positions reached by
  seeded random play (after 0, 8 and 16 moves), with full random playouts and
  with playouts capped at ``--rollout`` moves and scored by the game's
  ``evaluate``;
* the result of ``--games`` games (default 100) of ``MCTSAgent(iterations=200,
  rollout_moves=--rollout)`` against ``RandomAgent``, seats rotated, with the
  MCTS win rate per seat and its Wilson 95% interval, and whether it reaches
  the 75% target.

Usage::

    python benchmarks/bench_agents.py [--games 100] [--iterations 200] [--rollout 20] [--workers 2]
        [--only camelot] [--tafl king_captured_by=two] [--no-speed]

``--tafl KEY=VALUE`` changes a Tafl option (repeatable); ``--no-speed`` skips
the iterations-per-second table.

It prints Markdown tables.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from boardkit import games
from boardkit.agents import Agent, MCTSAgent, RandomAgent
from boardkit.game import Game, State
from boardkit.play import tournament

#: The games and options measured, with the number of players.
SETUPS: list[tuple[str, str, dict[str, Any], int]] = [
    ("Tafl (Brandubh, corner escape)", "tafl", {"variant": "brandubh", "escape": "corner"}, 2),
    ("Field of the Cloth of Gold", "cloth-of-gold", {}, 2),
    ("Game of 5 Fields", "five-fields", {}, 2),
    ("Camelot: The Build (2 players)", "camelot", {}, 2),
]


def positions(game: Game[Any, Any], players: int) -> list[State[Any]]:
    found = []
    for plies in (0, 8, 16):
        state: State[Any] = game.new_game(players=players, seed=plies)
        agent = RandomAgent(seed=plies)
        for _ in range(plies):
            if state.is_over:
                break
            state.apply(agent.choose(state, state.current_player or 0))
        if not state.is_over and len(state.legal_moves()) > 1:
            found.append(state)
    return found


def speed(game: Game[Any, Any], players: int, rollout: int, iterations: int) -> float:
    done = 0
    spent = 0.0
    for state in positions(game, players):
        agent = MCTSAgent(iterations=iterations, rollout_moves=rollout, seed=1)
        start = time.perf_counter()
        agent.choose(state, state.current_player or 0)
        spent += time.perf_counter() - start
        done += agent.last_iterations
    return done / spent if spent else 0.0


def print_speeds(loaded: list[tuple[str, Game[Any, Any], int]], rollout: int, iterations: int) -> None:
    print()
    print(f"| game | MCTS iterations/s, full playouts | MCTS iterations/s, playouts capped at {rollout} |")
    print("|---|---:|---:|")
    for title, game, players in loaded:
        full = speed(game, players, 10_000, iterations)
        capped = speed(game, players, rollout, iterations)
        print(f"| {title} | {full:,.0f} | {capped:,.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--rollout", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", help="measure only this registry name")
    parser.add_argument("--tafl", action="append", default=[], metavar="KEY=VALUE", help="change a Tafl option")
    parser.add_argument("--no-speed", action="store_true", help="skip the iterations per second table")
    args = parser.parse_args()
    loaded = []
    for title, name, options, players in SETUPS:
        if args.only and name != args.only:
            continue
        if name == "tafl" and args.tafl:
            options = {**options, **dict(pair.split("=", 1) for pair in args.tafl)}
            title = "Tafl (" + ", ".join(f"{k}={v}" for k, v in options.items()) + ")"
        try:
            loaded.append((title, games.load(name, **options), players))
        except Exception as exc:
            print(f"{title}: skipped ({type(exc).__name__}: {exc})")
    if not args.no_speed:
        print_speeds(loaded, args.rollout, args.iterations)
    print()
    print(f"MCTS({args.iterations} iterations, playouts capped at {args.rollout}) against random, "
          f"{args.games} games per game, seats rotated:")
    print()
    print("| game | MCTS wins | shared | draws | losses | as seat 0 | as seat 1 | win rate (95% interval) | >= 75% "
          "| seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---|---:|")
    for title, game, players in loaded:
        agents: dict[str, Agent] = {
            "mcts": MCTSAgent(iterations=args.iterations, rollout_moves=args.rollout, seed=1),
            "random": RandomAgent(seed=2),
        }
        start = time.perf_counter()
        result = tournament(game, agents, games=args.games, seed=7, workers=args.workers, players=players,
                            max_moves=2000)
        spent = time.perf_counter() - start
        mcts = result.standings()[0]
        seats = {s.seat: s for s in result.by_seat() if s.name == "mcts"}
        lo, hi = mcts.win_interval
        per_seat = [f"{seats[k].wins}/{seats[k].games}" if k in seats else "-" for k in (0, 1)]
        verdict = "yes" if mcts.win_rate >= 0.75 else "no"
        failed = f" ({len(result.errors)} failed)" if result.errors else ""
        print(
            f"| {title}{failed} | {mcts.wins} | {mcts.shared} | {mcts.draws} | {mcts.losses + mcts.unfinished} "
            f"| {per_seat[0]} | "
            f"{per_seat[1]} | {mcts.win_rate:.0%} ({lo:.0%}-{hi:.0%}) | {verdict} | {spent:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
