"""Two versions of gallery games timed against each other: random playouts, as ``bench_kit.py`` plays
them, of each game imported from one examples directory and then from the other, in alternating rounds,
each in a fresh process (of the same Python, so the same boardkit build, unless told otherwise).

Usage::

    git archive fb7f62d examples | tar -x -C /tmp/before
    python benchmarks/ab_examples.py --before /tmp/before/examples --after examples \\
        --rounds 5 --seconds 1.5 breakthrough:Breakthrough hex:Hex

``--python-before`` and ``--python-after`` time two builds of boardkit instead (each an interpreter,
optionally ``PYTHON:PYTHONPATH`` to take boardkit's ``src`` from a tree), the games from the same
examples directory when ``--before`` and ``--after`` name the same one::

    python benchmarks/ab_examples.py --before examples --after examples \\
        --python-before /tmp/venv-old/bin/python --python-after .venv-compiled/bin/python quoridor:Quoridor

Prints a markdown table: each game's playouts per second before and after (the mean of the rounds), and
after ÷ before.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

#: One round of one game in a fresh process: the playouts per second of random games for ``seconds``.
ROUND = """
import random, sys, time, importlib
sys.path.insert(0, sys.argv[1])
game = getattr(importlib.import_module(sys.argv[2]), sys.argv[3])()
rng, seconds, done = random.Random(1), float(sys.argv[4]), 0
start = time.process_time()
while time.process_time() - start < seconds:
    state = game.new_game(seed=0)
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    done += 1
print(done / (time.process_time() - start))
"""


def rate(examples: str, game: str, seconds: float, python: str = sys.executable) -> float:
    """One round's playouts per second, in a fresh process of ``python`` (``PYTHON:PYTHONPATH`` too)."""
    module, name = game.split(":")
    interpreter, _, path = python.partition(":")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if path:
        env["PYTHONPATH"] = path
    command = [interpreter, "-c", ROUND, os.path.abspath(examples), module, name, str(seconds)]
    return float(subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the examples directory to time first")
    parser.add_argument("--after", required=True, help="the examples directory to time against it")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--python-before", default=sys.executable, help="the interpreter (PYTHON[:PYTHONPATH]) first")
    parser.add_argument("--python-after", default=sys.executable, help="the interpreter to time against it")
    parser.add_argument("games", nargs="+", help="module:Class, e.g. breakthrough:Breakthrough")
    args = parser.parse_args()
    print("| game | before playouts/s | after playouts/s | after ÷ before |")
    print("|---|---:|---:|---:|")
    for game in args.games:
        before = after = 0.0
        for _ in range(args.rounds):
            before += rate(args.before, game, args.seconds, args.python_before)
            after += rate(args.after, game, args.seconds, args.python_after)
        print(f"| {game} | {before / args.rounds:,.0f} | {after / args.rounds:,.0f} | {after / before:.2f} |")


if __name__ == "__main__":
    main()
