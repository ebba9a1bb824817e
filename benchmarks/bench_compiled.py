"""The compiled build against the pure one: the same workloads on both, in one run.

Every workload runs in a child process of each build's interpreter (by default
``.venv/bin/python``, the pure build of the README's test command, and
``.venv-compiled/bin/python``, the compiled build that ``.ci/compiled``
installs), the builds taking turns for ``--rounds`` rounds so a busy moment
on a shared machine does not fall on one side only; each figure is the median
of its rounds. Rates are per second of the child's own CPU time.

The workloads:

* the hand-tuned pure-Python Tafl engine ``ref_tafl.py`` (``../shared/bench``,
  11x11 hnefatafl with edge escape, random playouts capped at 500 plies),
  run by the pure build's interpreter: the yardstick for the two Tafl rows;
* Tafl hnefatafl (edge escape, as the reference) through the public API
  (``legal_moves`` + ``apply``) and through the fast path (``playout``);
* MCTS iterations per second (full random playouts, 100 iterations a move,
  from the positions ``bench_agents.py`` uses) on Tafl (brandubh, corner
  escape) and on Field of the Cloth of Gold;
* uniformly random games through the public API of the four games and of
  every kit game in ``examples/``, in moves per second (5 Fields and the kit
  games cut at 1,000 moves).

Usage::

    python benchmarks/bench_compiled.py [--seconds 1.5] [--rounds 3]
        [--build pure=.venv/bin/python] [--build compiled=.venv-compiled/bin/python]

``--build LABEL=PYTHON[:PYTHONPATH]`` names a build and its interpreter
(repeatable; the first is the one the others are divided by), with an
optional ``PYTHONPATH`` for its children (to measure a source tree with the
same interpreter; the kit examples then come from the ``examples`` folder
beside that ``src``, when there is one). ``--reference PATH`` finds ``ref_tafl.py`` elsewhere (its
row is left out when there is none); ``--only TEXT`` runs only the
workloads whose name contains TEXT. It prints a Markdown table.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "bench" / "ref_tafl.py"
CAP = 500
#: The most moves a random game of a kit example or of 5 Fields is played for.
LONGEST = 1000

#: The workloads, in the table's order: name and unit.
WORKLOADS: list[tuple[str, str]] = [
    ("ref_tafl (hand-tuned pure engine), hnefatafl", "plies/s"),
    ("Tafl hnefatafl, public API", "plies/s"),
    ("Tafl hnefatafl, fast path", "plies/s"),
    ("Tafl brandubh, public API", "plies/s"),
    ("Tafl copenhagen, public API", "plies/s"),
    ("MCTS on Tafl (brandubh, corner escape)", "iterations/s"),
    ("MCTS on Field of the Cloth of Gold", "iterations/s"),
    ("Field of the Cloth of Gold, random games", "moves/s"),
    ("Game of 5 Fields, random games", "moves/s"),
    ("Camelot: The Build (2 players), random games", "moves/s"),
]
#: The kit games in ``examples/``: class name and module.
KIT = {
    "ConnectFour": "connect_four",
    "TicTacToe": "tic_tac_toe",
    "Othello": "othello",
    "Hex": "hex",
    "Breakthrough": "breakthrough",
    "Draughts": "draughts",
    "Harvest": "harvest",
    "HexHasami": "hex_hasami",
    "HighTiles": "high_tiles",
    "Clobber": "clobber",
    "Go": "go",
    "Amazons": "amazons",
    "NineMensMorris": "nine_mens_morris",
    "Kalah": "kalah",
    "DotsAndBoxes": "dots_and_boxes",
}
WORKLOADS += [(f"kit example {name}, random games", "moves/s") for name in KIT]


# -- the child: one build, every workload once ------------------------------------------------------------


def _rate(work: Callable[[int], int], seconds: float) -> float:
    """Units of ``work(seed)`` per second of CPU time, seeds 0, 1, ... for about ``seconds``."""
    work(0)  # warm up: imports, cached tables
    done = seed = 0
    start = time.process_time()
    while True:
        done += work(seed)
        seed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def _random_game(game: Any, limit: int) -> Callable[[int], int]:
    from boardkit import Random

    def play(seed: int) -> int:
        state = game.new_game(seed=seed)
        rng = Random(seed)
        moves = 0
        while not state.is_over and moves < limit:
            legal = state.legal_moves()
            state.apply(legal[rng.randbelow(len(legal))])
            moves += 1
        return moves

    return play


def _mcts(game: Any) -> Callable[[int], int]:
    from boardkit.agents import MCTSAgent, RandomAgent

    starts = []
    for plies in (0, 8, 16):
        state = game.new_game(seed=plies)
        agent = RandomAgent(seed=plies)
        for _ in range(plies):
            if state.is_over:
                break
            state.apply(agent.choose(state, state.current_player or 0))
        if not state.is_over and len(state.legal_moves()) > 1:
            starts.append(state)

    def search(seed: int) -> int:
        state = starts[seed % len(starts)]
        agent = MCTSAgent(iterations=100, rollout_moves=10_000, seed=seed)
        agent.choose(state, state.current_player or 0)
        return agent.last_iterations

    return search


def _reference(path: Path) -> Callable[[int], int] | None:
    if not path.exists():
        return None
    import random

    spec = importlib.util.spec_from_file_location("ref_tafl", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def play(seed: int) -> int:
        plies: int = module.playout(random.Random(seed).random, CAP, "edge")[0]
        return plies

    return play


def child(seconds: float, reference: Path | None, only: str | None = None) -> dict[str, Any]:
    sys.path.insert(0, os.environ.get("BOARDKIT_BENCH_EXAMPLES") or str(ROOT / "examples"))
    import boardkit
    from boardkit import games
    from boardkit.games.tafl import Tafl

    hnefatafl = Tafl("hnefatafl")

    def fast(seed: int) -> int:
        return hnefatafl.new_game(seed=seed).playout(max_plies=CAP)

    work: dict[str, Callable[[int], int] | None] = {
        "ref_tafl (hand-tuned pure engine), hnefatafl": _reference(reference) if reference else None,
        "Tafl hnefatafl, public API": _random_game(hnefatafl, CAP),
        "Tafl hnefatafl, fast path": fast,
        "Tafl brandubh, public API": _random_game(Tafl("brandubh"), CAP),
        "Tafl copenhagen, public API": _random_game(Tafl("copenhagen"), CAP),
        "MCTS on Tafl (brandubh, corner escape)": _mcts(Tafl("brandubh", escape="corner")),
        "MCTS on Field of the Cloth of Gold": _mcts(games.load("cloth-of-gold")),
        "Field of the Cloth of Gold, random games": _random_game(games.load("cloth-of-gold"), LONGEST),
        "Game of 5 Fields, random games": _random_game(games.load("five-fields"), LONGEST),
        "Camelot: The Build (2 players), random games": _random_game(games.load("camelot"), LONGEST),
    }
    for name, module in KIT.items():
        game = getattr(importlib.import_module(module), name)()
        work[f"kit example {name}, random games"] = _random_game(game, LONGEST)
    rates = {
        name: None if run is None or (only and only not in name) else _rate(run, seconds) for name, run in work.items()
    }
    return {"compiled": boardkit.COMPILED, "python": sys.version.split()[0], "rates": rates}


# -- the parent: the builds in turn ---------------------------------------------------------------------


def _run_child(
    python: str, path: str | None, seconds: float, reference: Path | None, only: str | None
) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("BOARDKIT_BENCH_EXAMPLES", None)
    if path:
        env["PYTHONPATH"] = path
        # A source tree measured as a build brings its own kit examples, written for its own kit.
        if (Path(path).parent / "examples").is_dir():
            env["BOARDKIT_BENCH_EXAMPLES"] = str(Path(path).parent / "examples")
    else:
        env.pop("PYTHONPATH", None)
    args = [python, str(Path(__file__).resolve()), "--child", "--seconds", str(seconds)]
    if reference:
        args += ["--child-reference", str(reference)]
    if only:
        args += ["--only", only]
    done = subprocess.run(args, capture_output=True, text=True, env=env, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per workload and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--build", action="append", default=[], metavar="LABEL=PYTHON[:PYTHONPATH]")
    parser.add_argument("--only", help="run only the workloads whose name contains this")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--reference", type=Path, default=REFERENCE, help="the hand-tuned engine ref_tafl.py")
    parser.add_argument("--child-reference", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.seconds, args.child_reference, args.only)))
        return
    specs = args.build or [f"pure={ROOT / '.venv/bin/python'}", f"compiled={ROOT / '.venv-compiled/bin/python'}"]
    builds: list[tuple[str, str, str | None]] = []
    for spec in specs:
        label, _, rest = spec.partition("=")
        python, _, path = rest.partition(":")
        builds.append((label, python, path or None))
    rates: dict[str, dict[str, list[float]]] = {label: {} for label, _, _ in builds}
    flags: dict[str, bool] = {}
    for _ in range(args.rounds):
        for index, (label, python, path) in enumerate(builds):
            result = _run_child(python, path, args.seconds, args.reference if index == 0 else None, args.only)
            flags[label] = result["compiled"]
            for name, rate in result["rates"].items():
                if rate is not None:
                    rates[label].setdefault(name, []).append(rate)
    medians = {label: {name: statistics.median(r) for name, r in found.items()} for label, found in rates.items()}
    first = builds[0][0]
    head = " | ".join(f"{label} ({'compiled' if flags[label] else 'pure'})" for label, _, _ in builds)
    ratios = " | ".join(f"{label} ÷ {first}" for label, _, _ in builds[1:])
    print(f"| workload | unit | {head} | {ratios} |")
    print("|---|---|" + "---:|" * (len(builds) * 2 - 1))
    reference = medians[first].get(WORKLOADS[0][0])
    for name, unit in WORKLOADS:
        cells = [f"{medians[label][name]:,.0f}" if name in medians[label] else "-" for label, _, _ in builds]
        base = medians[first].get(name)
        shares = [
            f"{medians[label][name] / base:.2f}" if base and name in medians[label] else "-"
            for label, _, _ in builds[1:]
        ]
        print(f"| {name} | {unit} | {' | '.join(cells)} | {' | '.join(shares)} |")
    if reference:
        print()
        for name in ("Tafl hnefatafl, public API", "Tafl hnefatafl, fast path"):
            against = " / ".join(
                f"{label} {medians[label][name] / reference:.2f}x" for label, _, _ in builds if name in medians[label]
            )
            print(f"- {name} ÷ ref_tafl: {against}")


if __name__ == "__main__":
    main()
