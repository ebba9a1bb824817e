"""What a search does at every node, for each of the four games: ``copy()``,
``copy()`` then ``==``, and ``apply`` + ``undo`` of every legal move.

Run from the repository root::

    python benchmarks/bench_states.py [--seconds 3] [--only NAME]

Positions are ten random moves into seeded games (seeds 0 to 19). It prints
a Markdown table of operations per second of the process's own CPU time
(``time.process_time``), so other work on the machine skews them less. These
are the operations a game gets from :mod:`boardkit.fields` when it declares
its fields instead of writing them by hand; the README compares both.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from boardkit import Random
from boardkit.games.camelot import Camelot
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import FiveFields
from boardkit.games.tafl import Tafl

#: The games measured, by the name ``--only`` takes.
GAMES: dict[str, Callable[[], Any]] = {
    "tafl": lambda: Tafl("hnefatafl"),
    "cloth-of-gold": lambda: ClothOfGold(variant=2023),
    "five-fields": FiveFields,
    "camelot": Camelot,
}


def positions(game: Any, count: int = 20, plies: int = 10) -> list[Any]:
    """Positions ``plies`` random moves into games with seeds 0, 1, ..."""
    chooser = Random(1)
    found = []
    for seed in range(count):
        state = game.new_game(seed=seed)
        for _ in range(plies):
            if state.is_over:
                break
            legal = state.legal_moves()
            state.apply(legal[chooser.randbelow(len(legal))])
        if not state.is_over:
            found.append(state)
    return found


def rate(step: Callable[[Any], int], states: list[Any], seconds: float) -> float:
    """Run ``step`` (which returns how many operations it did) over ``states``
    again and again for about ``seconds``; return operations per second."""
    done = 0
    start = time.process_time()
    while True:
        for state in states:
            done += step(state)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def copies(state: Any) -> int:
    state.copy()
    return 1


def equals(state: Any) -> int:
    if not state == state.copy():
        raise SystemExit(f"a copy of {state.game!r} is not equal to its original")
    return 1


def apply_undo(state: Any) -> int:
    legal = state.legal_moves()
    for move in legal:
        state.apply(move)
        state.undo()
    return len(legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--only", choices=sorted(GAMES), default=None, help="measure one game")
    args = parser.parse_args()
    print("| game | `copy()`/s | `copy()` + `==`/s | `apply` + `undo`/s |")
    print("|---|---:|---:|---:|")
    for name, make in GAMES.items():
        if args.only not in (None, name):
            continue
        states = positions(make())
        row = [rate(op, states, args.seconds) for op in (copies, equals, apply_undo)]
        print(f"| {name} | " + " | ".join(f"{r:,.0f}" for r in row) + " |")


if __name__ == "__main__":
    main()
