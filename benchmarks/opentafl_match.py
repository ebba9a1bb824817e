"""boardkit's agents against OpenTafl's own AI at equal think time, every ply checked.

OpenTafl (jslater89/OpenTafl, GPL) is never part of boardkit: build it here
from a fetched snapshot with ``../shared/bench/opentafl/build.sh`` and compile
the line-protocol driver beside it (``../shared/bench/opentafl/README.md``).
This script talks to that driver over a pipe:

* both engines play OpenTafl's built-in rules (``--builtin 5`` brandubh,
  ``--builtin 2`` Copenhagen), loaded into boardkit with ``Tafl.from_opentafl``;
* OpenTafl's JIT is warmed with ``--warm`` searches before the first game;
* sides alternate game by game; after every ply the two engines must agree on
  the position, the side to move, the captures and the result (a mismatch
  stops the run);
* OpenTafl thinks ``think SECONDS`` (whole seconds; it keeps a reserve and
  answers in about half of it), boardkit's agent gets the same seconds; each
  side's time actually used is reported;
* a game that reaches ``--max-plies`` is scored a draw.

Usage::

    python benchmarks/opentafl_match.py --builtin 5 --seconds 1 --games 20 --agent best@1s [--parallel 2]
        [--side attackers] [--record DIR]

``--side`` makes boardkit play one side only (every game) instead of
alternating; ``--record DIR`` writes each game's moves to ``DIR/seed-N.txt``,
one ply a line, with boardkit's search (depth and score) beside its moves, to
replay a lost game.

It prints one line a game and a Markdown summary: games won, lost and drawn
from each side, the score with its Wilson 95% interval and the Elo difference.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from boardkit.games.tafl import Tafl
from boardkit.match import parse_agent

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "boardkit-bars" / "opentafl"
HERE = Path(__file__).resolve().parent
DRIVER_SOURCE = HERE.parent.parent / "shared" / "bench" / "opentafl" / "OpenTaflAI.java"


def driver_classpath() -> str:
    """Compile the driver against the built OpenTafl (once) and return the class path."""
    classes = CACHE / "classes"
    if not classes.is_dir():
        sys.exit(f"no OpenTafl build in {CACHE}: run ../shared/bench/opentafl/build.sh on a fetched snapshot first")
    out = CACHE / "driver"
    cp = f"{classes}:{CACHE / 'lanterna.jar'}"
    if not (out / "OpenTaflAI.class").exists():
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run(["javac", "-nowarn", "-cp", cp, "-d", str(out), str(DRIVER_SOURCE)], check=True)
    return f"{out}:{cp}"


class Driver:
    """One OpenTafl process behind its line protocol."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ["java", "-XX:+UseSerialGC", "-Xmx1g", "-cp", driver_classpath(), "OpenTaflAI"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def ask(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().strip()
        if not reply or reply.startswith("err"):
            raise RuntimeError(f"OpenTafl answered {reply!r} to {line!r}")
        return reply

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ask("quit")
        self.proc.kill()


def _result(state: Any) -> str:
    outcome = state.outcome
    if outcome is None:
        return "ongoing"
    if not outcome.winners:
        return "draw"
    return "attackers" if 0 in outcome.winners else "defenders"


def _agree(state: Any, result: str, captures: str, position: str, side: str, ply: int) -> None:
    ours_caps = ",".join(sorted(state.last_captured)) or "-"
    ours_side = "a" if state._turn == 0 else "d"
    ours = (_result(state), ours_caps, state.position(), ours_side)
    theirs = (result, captures, position, side)
    if ours[0] != "ongoing" or theirs[0] != "ongoing":
        if ours[0] != theirs[0]:
            raise RuntimeError(f"ply {ply}: results differ: boardkit {ours}, OpenTafl {theirs}")
        return
    if ours != theirs:
        raise RuntimeError(f"ply {ply}: engines disagree: boardkit {ours}, OpenTafl {theirs}")


def play_one(
    builtin: int, seconds: int, agent_text: str, ours: int, seed: int, max_plies: int, record: str = ""
) -> dict[str, Any]:
    """One game; ``ours`` is boardkit's side (0 attackers). Returns what happened;
    with ``record`` (a directory), writes the game's moves there."""
    driver = Driver()
    try:
        driver.ask(f"new builtin {builtin}")
        rules = driver.ask("rules").split(" ", 1)[1]
        for _ in range(2):
            driver.ask(f"warm {seconds}")
        game = Tafl.from_opentafl(rules)
        state = game.new_game(seed=seed)
        agent = parse_agent(agent_text).build(seed=seed, game=game)
        spent = [0.0, 0.0]
        moves = [0, 0]
        depths: list[int] = []
        lines: list[str] = []
        ply = 0
        while not state.is_over and ply < max_plies:
            mover = state.current_player
            if mover == ours:
                start = time.perf_counter()
                move = agent.choose(state, mover)
                spent[0] += time.perf_counter() - start
                moves[0] += 1
                info = getattr(agent, "last_search", None)
                note = ""
                if info is not None:
                    depths.append(info.depth)
                    note = f"  # boardkit {info.describe()}, line {' '.join(map(str, info.line[:6]))}"
                lines.append(f"{ply} {'a' if mover == 0 else 'd'} {move}{note}")
                state.apply(move)
                reply = driver.ask(f"play {move}").split()
                if reply[0] != "played":
                    raise RuntimeError(f"OpenTafl refused {move}: {reply}")
                _agree(state, reply[1], reply[2], reply[3], reply[4], ply)
            else:
                reply = driver.ask(f"think {seconds}").split()
                stats = dict(part.split("=", 1) for part in reply[6:])
                spent[1] += int(stats["wall_ms"]) / 1000
                moves[1] += 1
                said = f"OpenTafl depth {stats.get('depth')} score {stats.get('score')}"
                lines.append(f"{ply} {'a' if mover == 0 else 'd'} {reply[1]}  # {said}")
                state.apply(reply[1])
                _agree(state, reply[2], reply[3], reply[4], reply[5], ply)
            ply += 1
        result = _result(state) if state.is_over else "draw"
        score = 0.5 if result == "draw" else 1.0 if result == ("attackers", "defenders")[ours] else 0.0
        if record:
            Path(record).mkdir(parents=True, exist_ok=True)
            header = f"# builtin {builtin}, {seconds} s, {agent_text} as {('attackers', 'defenders')[ours]}: {result}"
            Path(record, f"seed-{seed}.txt").write_text("\n".join([header, f"# rules {rules}", *lines]) + "\n")
        return {
            "ours": ours,
            "result": result,
            "reason": state.outcome.reason if state.outcome else f"{max_plies} plies",
            "plies": ply,
            "score": score,
            "ours_s": spent[0] / max(moves[0], 1),
            "theirs_s": spent[1] / max(moves[1], 1),
            "depth": sum(depths) / max(len(depths), 1),
        }
    finally:
        driver.close()


def wilson(score: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a score rate over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(rate: float) -> float:
    rate = min(max(rate, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / rate - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--builtin", type=int, default=5, help="OpenTafl built-in rules: 5 brandubh, 2 Copenhagen")
    parser.add_argument("--seconds", type=int, default=1)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--agent", default="best@1s", help="boardkit's agent, in the agent grammar")
    parser.add_argument("--parallel", type=int, default=1, help="games at once (each engine thinks on one core)")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="number of the first game (its seed and sides)")
    parser.add_argument(
        "--side",
        choices=("both", "attackers", "defenders"),
        default="both",
        help="boardkit's side: alternating (both), or one side every game",
    )
    parser.add_argument("--record", default="", help="a directory to write each game's moves to")
    args = parser.parse_args()
    results = []
    fixed = {"attackers": 0, "defenders": 1}.get(args.side)
    jobs = [
        (
            args.builtin,
            args.seconds,
            args.agent,
            i % 2 if fixed is None else fixed,
            1000 + i,
            args.max_plies,
            args.record,
        )
        for i in range(args.first, args.first + args.games)
    ]
    with concurrent.futures.ProcessPoolExecutor(args.parallel) as pool:
        for job, res in zip(jobs, pool.map(play_one, *zip(*jobs, strict=True)), strict=True):
            results.append(res)
            side = ("attackers", "defenders")[res["ours"]]
            print(
                f"game seed {job[4]}: boardkit {side}: {res['result']} ({res['reason']}) in {res['plies']} plies, "
                f"score {res['score']}, boardkit {res['ours_s']:.2f} s/move depth {res['depth']:.1f}, "
                f"OpenTafl {res['theirs_s']:.2f} s/move",
                flush=True,
            )
    n = len(results)
    total = sum(r["score"] for r in results)
    low, high = wilson(total, n)
    print()
    print("| boardkit as | won | lost | drawn |")
    print("|---|---:|---:|---:|")
    for side in (0, 1):
        mine = [r for r in results if r["ours"] == side]
        print(
            f"| {('attackers', 'defenders')[side]} | {sum(r['score'] == 1 for r in mine)} | "
            f"{sum(r['score'] == 0 for r in mine)} | {sum(r['score'] == 0.5 for r in mine)} |"
        )
    print()
    print(
        f"{args.agent} against OpenTafl `think {args.seconds}`, builtin {args.builtin}: {total:g}/{n} = "
        f"{total / n:.1%} (95% {low:.1%}-{high:.1%}), Elo {elo(total / n):+.0f}; seconds a move: boardkit "
        f"{sum(r['ours_s'] for r in results) / n:.2f}, OpenTafl {sum(r['theirs_s'] for r in results) / n:.2f}"
    )


if __name__ == "__main__":
    main()
