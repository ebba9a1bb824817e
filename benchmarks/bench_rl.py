"""boardkit.rl: PettingZoo environment steps per second against a raw boardkit loop,
and against PettingZoo's own classic environments.

For each shipped game (and the examples' Connect Four and tic-tac-toe, when
``examples/`` has them) it plays whole games with uniformly random legal
moves, two ways, for ``--seconds`` of CPU time each:

* raw: ``state.legal_moves()`` + ``state.apply(random move)``;
* env: ``rl.env(...)``: ``env.last()`` (observation and action mask), a random
  index among the mask's ones, ``env.step(index)``; the dead agents' ``None``
  steps at the end of a game are not counted.

The two are run in turn, best of three runs of ``--seconds / 3`` each, so that
a busy moment on a shared machine does not fall on one side only.

Then PettingZoo's own ``connect_four_v3`` and ``tictactoe_v3`` (their
``env()``, with its wrappers, as users get it) in the same loop as the env.

Usage::

    python benchmarks/bench_rl.py [--seconds 3] [--only tafl]

It prints a Markdown table (steps per second of the process's CPU time).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from boardkit import rl
from boardkit.games import load

SETUPS: list[tuple[str, str, dict[str, Any], int]] = [
    ("Tafl brandubh", "tafl", {"variant": "brandubh"}, 2),
    ("Tafl hnefatafl", "tafl", {"variant": "hnefatafl"}, 2),
    ("Tafl copenhagen", "tafl", {"variant": "copenhagen"}, 2),
    ("Cloth of Gold", "cloth-of-gold", {}, 2),
    ("5 Fields", "five-fields", {}, 2),
    ("5 Fields, blank map", "five-fields", {"blank_map": True}, 2),
    ("Camelot, 2 players", "camelot", {}, 2),
    ("Camelot, 4 players", "camelot", {}, 4),
]

#: Games longer than this are cut (5 Fields' random games can run for thousands of moves).
MAX_PLIES = 1000


def raw(game: Any, players: int, seconds: float) -> float:
    """Random plies per CPU second through legal_moves + apply."""
    rng = random.Random(1)
    plies, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(players=players, seed=seed)
        seed += 1
        n = 0
        while not state.is_over and n < MAX_PLIES:
            state.apply(rng.choice(state.legal_moves()))
            n += 1
        plies += n
    return plies / (time.process_time() - start)


def env_loop(make: Any, seconds: float) -> float:
    """Random masked steps per CPU second through an AEC environment."""
    rng = random.Random(1)
    env = make()
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        n = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
            if n >= MAX_PLIES:
                break
        steps += n
    return steps / (time.process_time() - start)


def examples() -> list[tuple[str, Any]]:
    """The examples' Connect Four and tic-tac-toe, if they are there."""
    found = []
    folder = Path(__file__).resolve().parent.parent / "examples"
    sys.path.insert(0, str(folder))
    for module, cls in (("connect_four", "ConnectFour"), ("tic_tac_toe", "TicTacToe")):
        try:
            game = getattr(__import__(module), cls)()
            rl.actions(game)
        except Exception as exc:
            print(f"<!-- examples/{module}.py: {exc} -->")
            continue
        found.append((f"{cls} (examples/{module}.py)", game))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--only", default=None, help="only setups whose label contains this")
    args = parser.parse_args()
    print("| game | raw plies/s | rl.env steps/s | env/raw |")
    print("|---|---:|---:|---:|")
    rows = [(label, load(name, **options), players) for label, name, options, players in SETUPS]
    rows += [(label, game, 2) for label, game in examples()]
    for label, game, players in rows:
        if args.only and args.only not in label:
            continue
        r = e = 0.0
        for _ in range(3):
            r = max(r, raw(game, players, args.seconds / 3))
            e = max(e, env_loop(lambda game=game, players=players: rl.env(game, players=players), args.seconds / 3))
        print(f"| {label} | {r:,.0f} | {e:,.0f} | {e / r:.2f} |", flush=True)
    if args.only:
        return
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from pettingzoo.classic import connect_four_v3, tictactoe_v3  # needs pygame

    for label, module in (("PettingZoo connect_four_v3", connect_four_v3), ("PettingZoo tictactoe_v3", tictactoe_v3)):
        e = max(env_loop(module.env, args.seconds / 3) for _ in range(3))
        print(f"| {label} | - | {e:,.0f} | - |", flush=True)


if __name__ == "__main__":
    main()
